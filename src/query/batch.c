/* SPDX-License-Identifier: MIT */
/* Batches of queries and the exact coordinates they own. */
#include <config.h>

#include "core/hidden_memory.h"
#include "query/batch_store.h"

#include <stdlib.h>
#include <string.h>

ccd_status ccd_batch_init(ccd_batch *b, size_t capacity)
{
    memset(b, 0, sizeof *b);
    if (capacity == 0 || capacity > SIZE_MAX / sizeof(ccd_query))
        return CCD_ERR_INTERNAL;
    b->queries = malloc(capacity * sizeof *b->queries);
    b->labels = ccd_hidden_alloc(capacity * sizeof *b->labels);
    b->store = calloc(1, sizeof *b->store);
    b->capacity = capacity; /* the size of labels, for ccd_batch_free */
    if (!b->queries || !b->labels || !b->store) {
        ccd_batch_free(b);
        return CCD_ERR_INTERNAL;
    }
    return CCD_OK;
}

void ccd_batch_free(ccd_batch *b)
{
    if (!b)
        return;
    if (b->store) {
        ccd_batch_store_clear(b->store);
        free(b->store);
    }
    free(b->queries);
    ccd_hidden_free(b->labels, b->capacity * sizeof *b->labels);
    memset(b, 0, sizeof *b);
}

void ccd_batch_store_clear(struct ccd_batch_store *s)
{
    for (size_t c = 0; c < s->nchunks; c++) {
        for (size_t i = 0; i < CCD_STORE_CHUNK; i++)
            for (int row = 0; row < CCD_QUERY_ROWS; row++)
                for (int axis = 0; axis < 3; axis++)
                    mpq_clear(s->chunks[c][i].q[row][axis]);
        free(s->chunks[c]);
    }
    free(s->chunks);
    memset(s, 0, sizeof *s);
}

void ccd_batch_store_reset(struct ccd_batch_store *s)
{
    s->used = 0;
}

ccd_exact_coords *ccd_batch_store_take(struct ccd_batch_store *s)
{
    size_t chunk = s->used / CCD_STORE_CHUNK, slot = s->used % CCD_STORE_CHUNK;
    if (chunk == s->nchunks) {
        if (s->nchunks == s->chunk_slots) {
            size_t n = s->chunk_slots ? 2 * s->chunk_slots : 8;
            ccd_exact_coords **grown = realloc(s->chunks, n * sizeof *grown);
            if (!grown)
                return NULL;
            s->chunks = grown;
            s->chunk_slots = n;
        }
        ccd_exact_coords *fresh = malloc(CCD_STORE_CHUNK * sizeof *fresh);
        if (!fresh)
            return NULL;
        for (size_t i = 0; i < CCD_STORE_CHUNK; i++)
            for (int row = 0; row < CCD_QUERY_ROWS; row++)
                for (int axis = 0; axis < 3; axis++)
                    mpq_init(fresh[i].q[row][axis]);
        s->chunks[s->nchunks++] = fresh;
    }
    s->used++;
    return &s->chunks[chunk][slot];
}
