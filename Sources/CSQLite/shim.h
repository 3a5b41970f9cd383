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

#include <pthread.h>

// SQLite's process-wide mutexes, held across fork(): a child of a threaded host inherits
// memory as it was at the fork, and a static mutex another thread held then (the file
// table's, the allocator's) would stay locked in the child for good, hanging its first open.
// The handlers take SQLite's own static mutexes before the fork and give them back on both
// sides (APP1-3 are the host's to order, and are left alone). Written in C: a fork handler
// must not allocate (the child's allocator lock may be held), and Swift's generic code may;
// a static mutex is found again by its number, allocating nothing.
// The order is SQLite's own nesting, outermost first: the shared-cache list (OPEN) is held
// around a VFS lookup (MAIN); the temporary-name lock (VFS1) around the PRNG, and the PRNG
// around a VFS lookup (MAIN); the page cache (LRU, then PMEM) and everything else around the
// allocator (MEM), inside which SQLite takes no other.
#define CSQLITE_FORK_MUTEXES                                                                                    \
    SQLITE_MUTEX_STATIC_OPEN, SQLITE_MUTEX_STATIC_VFS1, SQLITE_MUTEX_STATIC_VFS2, SQLITE_MUTEX_STATIC_VFS3, \
    SQLITE_MUTEX_STATIC_PRNG, SQLITE_MUTEX_STATIC_MAIN, SQLITE_MUTEX_STATIC_LRU, SQLITE_MUTEX_STATIC_PMEM,  \
    SQLITE_MUTEX_STATIC_MEM

static inline void csqlite_fork_prepare(void) {
    const int order[] = {CSQLITE_FORK_MUTEXES};
    for (int i = 0; i < (int)(sizeof order / sizeof order[0]); i++) sqlite3_mutex_enter(sqlite3_mutex_alloc(order[i]));
}

static inline void csqlite_fork_release(void) {
    const int order[] = {CSQLITE_FORK_MUTEXES};
    for (int i = (int)(sizeof order / sizeof order[0]) - 1; i >= 0; i--) sqlite3_mutex_leave(sqlite3_mutex_alloc(order[i]));
}

// Registers the handlers; call once per process (answers pthread_atfork's status). A SQLite
// built without mutexes (SQLITE_THREADSAFE=0, or SQLITE_CONFIG_SINGLETHREAD) answers NULL for
// every mutex, and sqlite3_mutex_enter(NULL) does nothing: the handlers then do nothing.
static inline int csqlite_hold_mutexes_across_fork(void) {
    if (sqlite3_initialize() != SQLITE_OK) return -1;  // a static mutex exists only after it
    return pthread_atfork(csqlite_fork_prepare, csqlite_fork_release, csqlite_fork_release);
}
