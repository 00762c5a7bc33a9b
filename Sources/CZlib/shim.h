#ifndef SESSIOND_CZLIB_SHIM_H
#define SESSIOND_CZLIB_SHIM_H
// zlib (Debian's zlib1g-dev): inflates a zip archive's entries (Apple Health's export.zip).
#include <zlib.h>

/// inflateInit2 is a macro, which Swift cannot call: begins a raw deflate stream (no
/// zlib header, as a zip entry stores it) with the largest window.
static inline int czlib_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -MAX_WBITS);
}
#endif
