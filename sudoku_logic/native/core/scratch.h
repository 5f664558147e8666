/* Working memory of the searches, kept for reuse between calls in one thread.
 *
 * A chaining search takes megabytes (a dynamic search up to 729 propagations of 60 KB) and
 * gives them back when it ends; from malloc and free each time, the page faults of fresh
 * memory cost more than the search itself.  sx_alloc and sx_free keep freed blocks by
 * size for the next search of the same thread; scratch_release gives them all back (each
 * entry point of the module calls it when it is done).  Built with AddressSanitizer, they
 * are plain malloc and free, so that every use after free is still caught. */
#ifndef CORE_SCRATCH_H
#define CORE_SCRATCH_H

#include <stddef.h>

/* ``size`` bytes, uninitialized (NULL when out of memory). */
void *sx_alloc(size_t size);
/* ``size`` zeroed bytes. */
void *sx_calloc(size_t size);
/* A block of sx_alloc or sx_calloc back for reuse (NULL ignored). */
void sx_free(void *p);
/* Blocks of one ``size`` kept by one search and the searches nested in it: a nested search
 * at every stall would otherwise take them from sx_alloc and give them back each time. */
typedef struct {
    void **free;
    int n, cap;
    size_t size;
} sx_pool;

/* a block of the pool's size, uninitialized (NULL when out of memory) */
void *sx_pool_get(sx_pool *pl);
/* a block back to the pool (NULL ignored) */
void sx_pool_put(sx_pool *pl, void *p);
/* the pool's blocks given back to sx_free */
void sx_pool_release(sx_pool *pl);

/* Every block kept by this thread freed. */
void scratch_release(void);

#endif
