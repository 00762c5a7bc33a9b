#ifndef SESSIOND_CSQLITE_SHIM_H
#define SESSIOND_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot
/// import; this returns it so bound values are copied by SQLite before bind returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
