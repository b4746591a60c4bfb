/* SPDX-License-Identifier: MIT */
/* The exact coordinates a batch owns: a pool of ccd_exact_coords, allocated in
 * chunks only for queries that need them and reused by the next read. */
#ifndef CCD_QUERY_BATCH_STORE_H
#define CCD_QUERY_BATCH_STORE_H

#include "ccdbench.h"

enum { CCD_STORE_CHUNK = 64 };

struct ccd_batch_store {
    ccd_exact_coords **chunks; /* each CCD_STORE_CHUNK entries, mpq_t initialised */
    size_t nchunks;
    size_t chunk_slots;        /* capacity of chunks[]            */
    size_t used;               /* entries handed out since the last reset */
};

/* Frees the entries' memory: the store is empty (all zero) again. */
void ccd_batch_store_clear(struct ccd_batch_store *s);
/* Forget the entries handed out (their memory is kept for reuse). */
void ccd_batch_store_reset(struct ccd_batch_store *s);
/* The next free entry, or NULL when out of memory. */
ccd_exact_coords *ccd_batch_store_take(struct ccd_batch_store *s);

#endif
