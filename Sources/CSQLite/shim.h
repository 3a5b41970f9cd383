// SQLite for Swift: the system library's header, and SQLITE_TRANSIENT as a function
// (its macro form, a cast of -1 to a function pointer, does not import).
#include <sqlite3.h>

static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// SQLITE_DBCONFIG_DEFENSIVE through a fixed signature (sqlite3_db_config is variadic, which
// Swift does not call): `on` 1 or 0 sets it, -1 leaves it; answers the setting after.
static inline int csqlite_defensive(sqlite3 *db, int on) {
    int now = -1;
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, on, &now);
    return now;
}
