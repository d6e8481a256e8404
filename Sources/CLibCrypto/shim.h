// OpenSSL 3 marks the plain SHA256_* calls deprecated in favour of EVP. Galley keeps them: they
// hold their state in a struct of ours, with no provider, lock or global table, so a hash still
// running on another thread while the process exits cannot touch state that libcrypto's exit
// handler has freed (EVP can, and crashed a deploy that way).
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>
