#ifndef SESSIOND_CSQLITE_SHIM_H
#define SESSIOND_CSQLITE_SHIM_H
// Debian's SQLite is built with the pre-update hook (`Connection.watch(tables:)`); its
// declarations are only in the header when this is defined.
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot
/// import; this returns it so bound values are copied by SQLite before bind returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// sqlite3_config is variadic, which Swift cannot call. Turns off SQLite's memory
/// statistics (nothing reads them), which take a global mutex on every allocation.
/// Only effective before SQLite initialises, so it must run before any other call.
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
