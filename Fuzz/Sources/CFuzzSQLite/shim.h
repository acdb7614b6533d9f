// SQLite for the harness's own connections to a catalog file (labelcat's SQLite layer is
// internal to its package).
#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: turns a connection's triggers on or off.
static inline int fuzz_sqlite_enable_triggers(sqlite3 *db, int enabled) {
    int now = 0;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled, &now);
}
