/* SPDX-License-Identifier: MIT */
/* A growable array's one rule: room for one more element, doubling. */
#ifndef CCD_CORE_GROW_H
#define CCD_CORE_GROW_H
#include <stdlib.h>

/* The array `items` (*cap elements of `size` bytes, n of them in use) with room
 * for at least n + 1: items itself when it has it, else reallocated to twice
 * *cap (first: `first`) and *cap updated.  NULL when out of memory (items is
 * then still valid and *cap unchanged). */
static inline void *ccd_grow(void *items, size_t *cap, size_t n, size_t size, size_t first)
{
    if (n < *cap)
        return items;
    size_t want = *cap ? 2 * *cap : first;
    if (want > (size_t)-1 / size)
        return NULL;
    void *p = realloc(items, want * size);
    if (p)
        *cap = want;
    return p;
}
#endif
