#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type labelcat_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_db_config is variadic, which Swift cannot call: turns a connection's triggers on or off.
static inline int labelcat_sqlite_enable_triggers(sqlite3 *db, int enabled) {
    int now = 0;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled, &now);
}

// Guards a connection against a catalog file from elsewhere (docs/security.md): defensive mode
// (no writable_schema, no writes to shadow tables or the database's pages behind SQLite's back)
// and no trust in the schema (functions with side effects may not run from triggers, views,
// CHECK constraints or defaults the file defines).
static inline int labelcat_sqlite_harden(sqlite3 *db) {
    int result = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    if (result != SQLITE_OK) return result;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
}


// sqlite3_config is variadic too: turns off SQLite's memory statistics, process-wide. Must run
// before the first connection opens (SQLite then refuses with SQLITE_MISUSE, harmlessly). The
// statistics take a global mutex on every allocation, which threads writing and reading on
// connections of their own otherwise contend for.
static inline int labelcat_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
