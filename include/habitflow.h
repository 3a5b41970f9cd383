/*
 * habitflow.h — the C interface of HabitFlow Core, the habit-tracking engine.
 *
 * The engine owns the domain rules of a habit tracker: the DayKey (the local day of an
 * entry, derived once), entry uniqueness, date-effective targets and every derived metric.
 * This header is its reference manual. Every operation is one JSON request answered by one
 * JSON response (see docs/PROTOCOL.md for each operation's fields):
 *
 *     request : {"op": "time.dayKey", "args": {...}, "requestId": "optional, echoed back"}
 *     success : {"ok": true,  "result": {...}, "requestId": ...}
 *     failure : {"ok": false, "error": {"code": "unknown_zone", "message": "...",
 *                "field": "args.zone"}, "requestId": ...}
 *
 * Conventions (after sqlite3.h and libgit2):
 *   - Fallible functions return an int status: HF_OK (0) or one of the HF_E* codes below.
 *     Results come back through out-parameters, which are the last parameters.
 *   - Errors travel with the result (the JSON response), never in thread-local "last error"
 *     state, so a host may hop threads between a call and reading its outcome; hf_errmsg()
 *     keeps a handle's last failure as text, and hf_errstr() names any status code.
 *   - Every string the library returns is allocated by the library and released with
 *     hf_string_free(), never with the host's free(). Strings passed in are borrowed for the
 *     duration of the call only; the library keeps no pointer to them.
 *   - Input strings are NUL-terminated UTF-8. No input, however malformed, aborts the host
 *     process: every entry point checks its pointers and returns a status instead.
 *
 * Threads: every function here may be called from any number of threads at once. The
 * handle-free functions (hf_call, hf_day_key) share one process-wide engine whose only state
 * is a cache of parsed time zones (read-only system data, loaded once per zone, read without
 * locks). An hf_engine handle may be used from any thread; calls on one handle are
 * serialised (one runs at a time), so give each thread its own handle for parallel work.
 * Several handles, in one process or many, may open the same store file at once: writers
 * wait for each other (busy timeout) rather than fail, and nothing is lost. What another
 * handle or program writes is seen by the next call: a handle keeps records it read between
 * calls only while SQLite's data_version shows no other connection has committed.
 *
 * One SQLite per process: the library uses the process's SQLite (the shared library links
 * libsqlite3.so.0; the static one calls the host's sqlite3_* functions). SQLite's file locks
 * belong to the process, so a second copy of SQLite in it (an amalgamation compiled into the
 * host, a libsqlite3 under another name) that opens a store this library has open drops the
 * library's locks when it closes the file, and writes are lost (sqlite.org/howtocorrupt.html,
 * 2.2.1). A host that reads a store with SQLite itself links that same libsqlite3.so.0 (or
 * links libhabitflow.a against its own copy); Python's package loads the interpreter's.
 *
 * fork(): a handle belongs to the process that opened it. In a child, a call on an inherited
 * handle answers HF_EINVALID_ARGUMENT ("opened by another process"), hf_errmsg() says so,
 * and hf_close() forgets it without touching the parent's connection (its memory stays with
 * the child). A child may open handles of its own and use every handle-free function, even
 * when other threads were inside the library at the fork: the library's process-wide locks
 * (the handle table, the tz data setting, the commit bell), SQLite's static mutexes and
 * json-c's parser (whose locale copy takes the C library's locale lock) are held across
 * fork() (pthread_atfork), so the child starts with them free. What a child must not do:
 *   - open a store file its parent has open: SQLite keeps a table of the process's open
 *     files and their locks, and the child's copy of it names the parent's locks, which the
 *     child does not hold (open another file, or exec first);
 *   - depend on what another thread was doing at the fork: loading a zone into a zone table
 *     for the first time, or making the handle-free engine on the first handle-free call
 *     (make one call before forking), or the Swift runtime's first use of a type.
 *
 * Time zones (tz data) are read when a zone is first used, from the first of these sources
 * that has the zone:
 *   1. tz data the host names: a folder of TZif files, or an Android-format concatenated
 *      "tzdata" file (/apex/com.android.tzdata/etc/tz/tzdata) — by hf_set_tzdata(), by
 *      hf_open()'s "tzdata" option, or by the environment variable HABITFLOW_TZDATA;
 *   2. the system tz database: $TZDIR, default /usr/share/zoneinfo, when it exists;
 *   3. the copy embedded in the library, packed from the build machine's tz database.
 * A host may ask for one source only ("tzdataOnly", HABITFLOW_TZDATA_ONLY=1). The
 * "engine.info" operation reports the source in use and its release ("tzdata": {"source":
 * "system", "version": "2025b", ...}). Keeping it current: tz releases change real days
 * several times a year. The system database follows the host's updates (Debian: the tzdata
 * package); the embedded copy is as new as the machine that built the library (rebuild it
 * after updating that machine's tz data); on Android, name the updatable APEX file. An
 * unknown zone is an error, never a silent UTC.
 */
#ifndef HABITFLOW_H
#define HABITFLOW_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------
 * Version
 *
 * HF_VERSION is "MAJOR.MINOR.PATCH"; HF_VERSION_NUMBER is MAJOR*1000000 + MINOR*1000 + PATCH.
 * The header a host compiled against and the library it loaded agree when
 * hf_version_number() == HF_VERSION_NUMBER. The JSON protocol has its own version:
 * "protocolVersion" in the result of the "engine.version" operation.
 */
#define HF_VERSION        "0.1.0"
#define HF_VERSION_NUMBER 1000

/* The library's version string, HF_VERSION of the build. Static storage: never free it. */
const char *hf_version(void);

/* The library's version number, HF_VERSION_NUMBER of the build. */
int hf_version_number(void);

/* ------------------------------------------------------------------------------------------
 * Status codes
 *
 * Stable forever: never renumbered, never reused. Each HF_E* code is the integer form of the
 * JSON error code in the comment; a new situation gets a new code.
 */
#define HF_OK                      0  /* success                                            */
#define HF_EINVALID_JSON           1  /* "invalid_json": not one well-formed JSON value      */
#define HF_EINVALID_ARGUMENT       2  /* "invalid_argument": wrong type, missing, NULL, ... */
#define HF_EUNKNOWN_OP             3  /* "unknown_op": no such operation                    */
#define HF_EUNKNOWN_ZONE           4  /* "unknown_zone": not a zone of the tz database      */
#define HF_EINVALID_DATE           5  /* "invalid_date": impossible or out-of-range date    */
#define HF_ENOT_FOUND              6  /* "not_found": no record of yours with that id        */
#define HF_ECONFLICT               7  /* "conflict": uniqueness, occupied day, bundle       */
#define HF_ECONFIRMATION_REQUIRED  8  /* "confirmation_required": resend with confirm       */
#define HF_ELIMIT_EXCEEDED         9  /* "limit_exceeded": sizes, numbers, active goals     */
#define HF_EFORBIDDEN             10  /* "forbidden": another user's records                */
#define HF_ESTORAGE               11  /* "storage": I/O, locked, corrupt store              */
#define HF_EINTERNAL              12  /* "internal": a bug or out of memory                 */

/* ------------------------------------------------------------------------------------------
 * Stores
 *
 * An hf_engine is an open store (a SQLite file) acting as one user. Records of other users
 * are neither readable nor writable through it: record ids are each user's own, so an id
 * another user holds names nothing of yours (HF_ENOT_FOUND, as for an unused id) and creating
 * a record with it makes one of yours. Sync changes carrying another user's records are
 * HF_EFORBIDDEN.
 */

/* An open store. Opaque: made by hf_open, released by hf_close. */
typedef struct hf_engine hf_engine;

/*
 * hf_open — open (creating if needed) a store, acting as one user.
 *
 * path          The SQLite file; ":memory:" for a private in-memory store; NULL for the
 *               default: $HABITFLOW_DB, else $XDG_DATA_HOME/habitflow/habitflow.sqlite
 *               ($XDG_DATA_HOME defaulting to ~/.local/share). Missing directories are
 *               created. Borrowed.
 * options_json  A JSON object, borrowed:
 *                 "user" (required) the user id (A-Za-z0-9._:-, at most 128 bytes);
 *                 "zone" the user's current IANA zone, required the first time a user opens
 *                        a store; a new zone is recorded (new entries use it; stored DayKeys
 *                        never change);
 *                 "now"  a fixed RFC 3339 clock, for tests and replays;
 *                 "tzdata" where zones come from first: a path to a folder of TZif files or
 *                        an Android tzdata file, "system" or "embedded" (default: as chosen
 *                        by hf_set_tzdata(), else $HABITFLOW_TZDATA, else the system
 *                        database when present, then the embedded copy);
 *                 "tzdataOnly" true to read that source alone.
 * out           Out: the handle. Set on every return except when out is NULL. After a failed
 *               open it is a handle that answers every store request with the open error (its
 *               message and field, e.g. "options.zone"), as sqlite3_open does; release it
 *               with hf_close all the same. After HF_ESTORAGE the handle tries the open again
 *               at each store request, so a handle opened on a full disk, say, works once
 *               space is back (a connection that fails on I/O later is replaced likewise).
 *
 * Returns HF_OK; HF_EINVALID_ARGUMENT (out NULL, bad options, tz data that cannot be used —
 * missing, unreadable, truncated or corrupt — named with its path in the message of field
 * "options.tzdata": *out is then still a handle unless out is NULL), HF_EINVALID_JSON, HF_EUNKNOWN_ZONE, HF_EINVALID_DATE, or HF_ESTORAGE
 * (cannot open or create the file, another program's database (refused and left untouched:
 * a HabitFlow store carries SQLite's application_id 0x48464C57), corrupt, or written by a
 * newer library).
 */
int hf_open(const char *path, const char *options_json, hf_engine **out);

/*
 * hf_engine_call — run one JSON request on an open store; as hf_call otherwise.
 *
 * engine         A handle from hf_open. NULL, a closed handle, a pointer hf_open never gave or
 *                a handle of the parent in a forked child gives HF_EINVALID_ARGUMENT and a
 *                response naming the field "engine" (a closed handle is detected, never
 *                followed; its address may be reused by a later hf_open, as SQLite's may).
 * request_json   As for hf_call. Every mutation is one transaction: a failed request changes
 *                nothing in the store.
 * response_json  As for hf_call: always set (unless NULL), released with hf_string_free.
 *
 * Returns HF_OK or the HF_E* code of the response's error (store operations add HF_ENOT_FOUND,
 * HF_ECONFLICT, HF_ECONFIRMATION_REQUIRED, HF_EFORBIDDEN, HF_ESTORAGE).
 */
int hf_engine_call(hf_engine *engine, const char *request_json, char **response_json);

/*
 * hf_errmsg — why the last call on a handle failed, as text: the error message of the last
 * hf_engine_call() (its response's error.message), or, while no call has been made since a
 * failed hf_open(), why the store did not open. A host can so explain an open failure without
 * sending a request.
 *
 * engine  A handle from hf_open(); NULL gives "engine handle is NULL", a closed handle
 *         "engine handle is closed, or not one hf_open made".
 *
 * Returns "not an error" when the last call on the handle succeeded. The text belongs to the
 * handle: valid until the next call on that handle (from any thread) or hf_close(); never
 * free it. For hf_call() and the zone functions the response or status code says it all.
 */
const char *hf_errmsg(const hf_engine *engine);

/*
 * hf_errstr — what a status code means, as static text: the JSON code and the phrase of the
 * table above ("invalid_json: not one well-formed JSON value"); "not an error" for HF_OK;
 * "unknown status code" for any other number. Static storage: never free it; any thread.
 */
const char *hf_errstr(int code);

/*
 * hf_close — close a store handle and release it.
 *
 * engine  A handle from hf_open, or NULL (then this does nothing); closing it again does
 *         nothing either. The handle is invalid afterwards (calls on it answer
 *         HF_EINVALID_ARGUMENT); every acknowledged request is already durable in the file.
 *         Calls in flight on other threads finish first: the store is released after the
 *         last of them.
 */
void hf_close(hf_engine *engine);

/* ------------------------------------------------------------------------------------------
 * Requests without a store
 */

/*
 * hf_call — run one JSON request with no store and return its JSON response.
 *
 * Time and engine operations (time.*, engine.version, engine.info) work here; store
 * operations answer HF_ESTORAGE ("no store": open one with hf_open).
 *
 * request_json   A NUL-terminated UTF-8 JSON text, at most 16 MiB (16777216 bytes) before
 *                the NUL, nested at most 32 deep. Borrowed for the call.
 * response_json  Out: set to a NUL-terminated JSON response on every return except when
 *                response_json itself is NULL or memory runs out (then it is set to NULL).
 *                The caller owns it and releases it with hf_string_free().
 *
 * Returns HF_OK when the response has "ok": true; otherwise the HF_E* code matching the
 * response's error.code (HF_EINVALID_JSON, HF_EINVALID_ARGUMENT, HF_EUNKNOWN_OP,
 * HF_EUNKNOWN_ZONE, HF_EINVALID_DATE, HF_ELIMIT_EXCEEDED, ...). A NULL request_json gives
 * HF_EINVALID_ARGUMENT with a response naming the field "request"; a NULL response_json gives
 * HF_EINVALID_ARGUMENT and writes nothing; HF_EINTERNAL with *response_json == NULL means out
 * of memory. A failed request changes nothing.
 */
int hf_call(const char *request_json, char **response_json);

/*
 * hf_set_tzdata — choose the tz data of the handle-free functions (hf_call, hf_day_key,
 * hf_zone_open) and the default of every later hf_open() without a "tzdata" option.
 *
 * tzdata   A path to a folder of TZif files or to an Android-format "tzdata" file, or
 *          "system" or "embedded" (a file named so is written "./system"); NULL for the
 *          default order. Borrowed; the file is read during the call.
 * only     Nonzero: read that source alone; zero: then the sources after it (the system
 *          database, then the embedded copy).
 * message  Out, optional (may be NULL): on failure a NUL-terminated explanation naming the
 *          file (and the index entry at fault), released with hf_string_free(); NULL on
 *          HF_OK.
 *
 * Threads: call it once, before any other thread uses the library and before the first
 * handle-free call (as sqlite3_config): those functions read zones through one table made at
 * their first use, and a later call is refused rather than answered with mixed data.
 *
 * Returns HF_OK; HF_EINVALID_ARGUMENT when the tz data cannot be used (missing, unreadable,
 * not a folder or tzdata file, a truncated or corrupt header or index, an index entry
 * outside the file or a name filling its 40-byte field), when only is nonzero and tzdata is
 * NULL, or when a handle-free function has already run. Nothing changes on failure.
 */
int hf_set_tzdata(const char *tzdata, int only, char **message);

/*
 * hf_day_key — the DayKey of an instant in a zone, without JSON: for hosts that need speed.
 *
 * unix_seconds  Seconds since 1970-01-01T00:00:00Z (leap seconds not counted), from
 *               0001-01-02T00:00:00Z (-62135510400) up to but excluding 9999-12-31T00:00:00Z
 *               (253402214400).
 * zone          A NUL-terminated IANA zone id, e.g. "Europe/Amsterdam". Borrowed.
 * out           Out: at least 11 bytes; on HF_OK receives "YYYY-MM-DD" and a NUL. Untouched
 *               on error.
 *
 * Returns HF_OK; HF_EINVALID_ARGUMENT when zone or out is NULL; HF_EINVALID_DATE when
 * unix_seconds is outside the range above; HF_EUNKNOWN_ZONE when zone is not a zone of the tz
 * database (including path-like names such as "../etc/passwd" or "/etc/localtime").
 * After a zone's first use this takes no lock and allocates nothing.
 */
int hf_day_key(int64_t unix_seconds, const char *zone, char out[11]);

/* ------------------------------------------------------------------------------------------
 * Zone handles: the fast path for time
 *
 * A host that asks about one zone many times opens it once: no JSON, no lookup by name, no
 * lock and no allocation per call. A zone handle is immutable, so any number of threads may
 * use one handle at once.
 */

/* An open IANA zone: made by hf_zone_open(), released by hf_zone_close(). */
typedef struct hf_zone hf_zone;

/*
 * hf_zone_open — open zone `name` of the tz database.
 *
 * name  A NUL-terminated IANA zone id, e.g. "Europe/Amsterdam". Borrowed for the call.
 * out   Out: on HF_OK a new handle, owned by the caller and released with hf_zone_close();
 *       set to NULL on every error (when out itself is not NULL).
 *
 * Returns HF_OK; HF_EINVALID_ARGUMENT when name or out is NULL; HF_EUNKNOWN_ZONE when name
 * is not a zone for people (not in the database, path-like, not UTF-8, or one of the
 * database's other files: posixrules, right/..., posix/...).
 */
int hf_zone_open(const char *name, hf_zone **out);

/* hf_zone_close — release a handle from hf_zone_open(). NULL is a harmless no-op. The
 * handle must not be in use by another thread, and is invalid afterwards. */
void hf_zone_close(hf_zone *zone);

/*
 * hf_zone_day_key — the DayKey (local civil date) of an instant in an open zone.
 *
 * zone          A handle from hf_zone_open(). Borrowed.
 * unix_seconds  As for hf_day_key(): -62135510400 up to but excluding 253402214400.
 * out           Out: at least 11 bytes; on HF_OK "YYYY-MM-DD" and a NUL. Untouched on error.
 *
 * Returns HF_OK; HF_EINVALID_ARGUMENT when zone or out is NULL; HF_EINVALID_DATE when
 * unix_seconds is outside the range. Takes no lock and allocates nothing.
 */
int hf_zone_day_key(const hf_zone *zone, int64_t unix_seconds, char out[11]);

/*
 * hf_zone_day_key_from — the same for days that begin `day_starts_at` minutes after local
 * midnight (a user's dayStartsAt, 0 to 720): the local date of the instant's wall time moved
 * back by it. With 240 (04:00), 03:30 on the 30th is the 29th.
 *
 * Returns as hf_zone_day_key(); also HF_EINVALID_ARGUMENT when day_starts_at is outside
 * 0 ... 720. hf_zone_day_key(z, t, out) is hf_zone_day_key_from(z, t, 0, out).
 */
int hf_zone_day_key_from(const hf_zone *zone, int64_t unix_seconds, int day_starts_at, char out[11]);

/* The instants of one local day (see hf_zone_day_range()): Temporal's startOfDay semantics. */
typedef struct hf_day_range {
    /* 1 when the day exists in the zone; 0 when the zone skipped it (Pacific/Apia,
     * 2011-12-30): then interval_count is 0 and start and end are 0. */
    int exists;
    /* How many entries of intervals hold: 1 usually, 2 when a backward transition crosses
     * midnight (America/St_Johns 1987-2010: the day is split), at most 4. */
    int interval_count;
    /* The first instant of the day, and the first instant of the next day that exists
     * (Unix seconds); end - start is the day's length: 86400 most days, 82800 or 90000 at
     * DST changes, 84600 at Lord Howe's. */
    int64_t start;
    int64_t end;
    /* The exact instants of the day: [intervals[i][0], intervals[i][1]) for i < interval_count,
     * ascending and disjoint. */
    int64_t intervals[4][2];
} hf_day_range;

/*
 * hf_zone_day_range — the instants of local day `day_key` in an open zone, as time.dayRange.
 *
 * zone     A handle from hf_zone_open(). Borrowed.
 * day_key  A NUL-terminated "YYYY-MM-DD", a real Gregorian date from 0001-01-01 to 9999-12-30.
 * out      Out: filled on HF_OK; untouched on error.
 *
 * Returns HF_OK (also for a day the zone skipped: out->exists is 0); HF_EINVALID_ARGUMENT when
 * a pointer is NULL; HF_EINVALID_DATE when day_key is malformed or not a real date. Takes no
 * lock and allocates nothing.
 */
int hf_zone_day_range(const hf_zone *zone, const char *day_key, hf_day_range *out);

/*
 * hf_zone_day_range_from — the same for days that begin `day_starts_at` minutes after local
 * midnight (0 to 720): the day runs from that wall time to the next day's; when the wall
 * time falls in a DST gap, from the first instant after it; when it occurs twice, from the
 * first. Split and skipped days are reported as by hf_zone_day_range().
 *
 * Returns as hf_zone_day_range(); also HF_EINVALID_ARGUMENT when day_starts_at is outside
 * 0 ... 720.
 */
int hf_zone_day_range_from(const hf_zone *zone, const char *day_key, int day_starts_at, hf_day_range *out);

/*
 * hf_string_free — release a string returned by this library.
 *
 * string  A string from hf_call() (or NULL: then this does nothing). After the call the
 *         pointer is invalid. Never pass a string the library did not return.
 */
void hf_string_free(char *string);

#ifdef __cplusplus
}
#endif

#endif /* HABITFLOW_H */
