#include "CCmarkCharacters.h"

#include <cmark-gfm-extension_api.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_bool kept;
static pthread_mutex_t first_call = PTHREAD_MUTEX_INITIALIZER;

// Replaces the library's function of this name for its own calls (see the header). The first
// call switches the calling parser's characters on through the library's own function; every
// later call, and every call to switch them off, does nothing.
void cmark_manage_extensions_special_characters(cmark_parser *parser, int add) {
    (void)add;
    if (atomic_load_explicit(&kept, memory_order_acquire)) return;
    pthread_mutex_lock(&first_call);
    if (!atomic_load_explicit(&kept, memory_order_relaxed)) {
        void (*library)(cmark_parser *, int) =
            (void (*)(cmark_parser *, int))dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
        // The library calls this only because it is loaded, so its own definition is there.
        if (library != NULL) {
            library(parser, 1);
            atomic_store_explicit(&kept, true, memory_order_release);
        }
    }
    pthread_mutex_unlock(&first_call);
}

bool galley_cmark_characters_kept(void) {
    return atomic_load_explicit(&kept, memory_order_acquire);
}
