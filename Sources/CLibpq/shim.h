#ifndef SESSIOND_CLIBPQ_SHIM_H
#define SESSIOND_CLIBPQ_SHIM_H
// Debian's libpq-dev puts the header under postgresql/; the headers it includes in
// turn sit beside it and are found from there.
#include <postgresql/libpq-fe.h>
#endif
