#ifndef PLAYGROUND_CLIBCRYPTO_SHIM_H
#define PLAYGROUND_CLIBCRYPTO_SHIM_H

// OpenSSL's libcrypto (Debian's libssl-dev): SHA-256 of presenter tokens and a constant-time comparison.
#include <openssl/sha.h>
#include <openssl/crypto.h>

#endif
