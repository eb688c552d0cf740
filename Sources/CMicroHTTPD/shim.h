#ifndef PLAYGROUND_CMICROHTTPD_SHIM_H
#define PLAYGROUND_CMICROHTTPD_SHIM_H
#include <microhttpd.h>
#endif
