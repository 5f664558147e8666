/* Working memory of the searches, kept for reuse between calls in one thread (scratch.h). */
#include <stdlib.h>
#include <string.h>

#include "core/scratch.h"

#if defined(__SANITIZE_ADDRESS__)

void *sx_alloc(size_t size) { return malloc(size); }
void *sx_calloc(size_t size) { return calloc(1, size); }
void sx_free(void *p) { free(p); }
void scratch_release(void) {}

#else

/* a block's header: its size, and the next free block of its size */
typedef union sx_head {
    struct {
        size_t size;
        union sx_head *next;
    } h;
    max_align_t align;
} sx_head;

#define SX_CLASSES 16

/* the free blocks of this thread, one list per size */
static _Thread_local struct {
    size_t size[SX_CLASSES];
    sx_head *free[SX_CLASSES];
    int n;
} kept;

void *sx_alloc(size_t size) {
    for (int i = 0; i < kept.n; i++) {
        if (kept.size[i] == size && kept.free[i]) {
            sx_head *b = kept.free[i];
            kept.free[i] = b->h.next;
            return b + 1;
        }
    }
    if (size > (size_t)-1 - sizeof(sx_head)) return NULL;
    sx_head *b = malloc(sizeof(sx_head) + size);
    if (!b) return NULL;
    b->h.size = size;
    b->h.next = NULL;
    return b + 1;
}

void *sx_calloc(size_t size) {
    void *p = sx_alloc(size);
    if (p) memset(p, 0, size);
    return p;
}

void sx_free(void *p) {
    if (!p) return;
    sx_head *b = (sx_head *)p - 1;
    int i = 0;
    while (i < kept.n && kept.size[i] != b->h.size) i++;
    if (i == kept.n) {
        if (kept.n == SX_CLASSES) {
            free(b);
            return;
        }
        kept.size[kept.n] = b->h.size;
        kept.free[kept.n++] = NULL;
    }
    b->h.next = kept.free[i];
    kept.free[i] = b;
}

void scratch_release(void) {
    for (int i = 0; i < kept.n; i++) {
        while (kept.free[i]) {
            sx_head *b = kept.free[i];
            kept.free[i] = b->h.next;
            free(b);
        }
    }
    kept.n = 0;
}

#endif

void *sx_pool_get(sx_pool *pl) { return pl->n ? pl->free[--pl->n] : sx_alloc(pl->size); }

void sx_pool_put(sx_pool *pl, void *p) {
    if (!p) return;
    if (pl->n == pl->cap) {
        int cap = pl->cap ? pl->cap * 2 : 64;
        void **f = realloc(pl->free, sizeof(void *) * (size_t)cap);
        if (!f) { sx_free(p); return; }
        pl->free = f;
        pl->cap = cap;
    }
    pl->free[pl->n++] = p;
}

void sx_pool_release(sx_pool *pl) {
    for (int i = 0; i < pl->n; i++) sx_free(pl->free[i]);
    free(pl->free);
}
