#ifndef PLAYGROUND_CLIBDEFLATE_SHIM_H
#define PLAYGROUND_CLIBDEFLATE_SHIM_H

// libdeflate (Debian's libdeflate-dev): whole-buffer gzip for pages and static files.
#include <libdeflate.h>

#endif
