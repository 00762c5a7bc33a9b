#ifndef SESSIOND_CEXPAT_SHIM_H
#define SESSIOND_CEXPAT_SHIM_H
// libexpat (Debian's libexpat1-dev): a stream XML parser, for Apple Health's export.xml.
#include <expat.h>
// malloc_usable_size: what the allocator given to libexpat counts against its budget.
#include <malloc.h>
#endif
