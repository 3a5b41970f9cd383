// SQLite for Swift: the system library's header, and SQLITE_TRANSIENT as a function
// (its macro form, a cast of -1 to a function pointer, does not import).
#include <sqlite3.h>

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
