// Raw SQLite for the baseline of StoreBench (the engine's own wrapper is internal to it).
#include <sqlite3.h>
static inline sqlite3_destructor_type csqliteraw_transient(void) { return SQLITE_TRANSIENT; }
