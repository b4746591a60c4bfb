/* SPDX-License-Identifier: MIT */
/* A pool of MPFR numbers of one precision (mpfr_arena.h): chunks that never
 * move, taken one slot at a time and recycled all at once between evaluations. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "contact/common/mpfr_arena.h"

/* one more chunk; 0 on success */
static int grow(ccd_mpfr_arena *ar)
{
    mpfr_t **chunks = realloc(ar->chunk, (ar->nchunks + 1) * sizeof *chunks);
    if (!chunks)
        return -1;
    ar->chunk = chunks;
    mpfr_t *c = malloc(CCD_MPFR_ARENA_CHUNK * sizeof *c);
    if (!c)
        return -1;
    for (size_t i = 0; i < CCD_MPFR_ARENA_CHUNK; i++)
        mpfr_init2(c[i], ar->prec);
    ar->chunk[ar->nchunks++] = c;
    ar->capacity += CCD_MPFR_ARENA_CHUNK;
    return 0;
}

ccd_status ccd_mpfr_arena_init(ccd_mpfr_arena *ar, size_t capacity, mpfr_prec_t prec)
{
    ar->chunk = NULL;
    ar->nchunks = ar->used = ar->capacity = 0;
    ar->prec = prec;
    while (ar->capacity < capacity)
        if (grow(ar) != 0) {
            ccd_mpfr_arena_clear(ar);
            return CCD_ERR_INTERNAL;
        }
    return CCD_OK;
}

void ccd_mpfr_arena_clear(ccd_mpfr_arena *ar)
{
    for (size_t c = 0; c < ar->nchunks; c++) {
        for (size_t i = 0; i < CCD_MPFR_ARENA_CHUNK; i++)
            mpfr_clear(ar->chunk[c][i]);
        free(ar->chunk[c]);
    }
    free(ar->chunk);
    ar->chunk = NULL;
    ar->nchunks = ar->used = ar->capacity = 0;
}

mpfr_ptr ccd_mpfr_arena_take(ccd_mpfr_arena *ar)
{
    if (ar->used == ar->capacity && grow(ar) != 0) {
        fputs("ccd_mpfr_arena_take: out of memory\n", stderr);
        abort();
    }
    size_t i = ar->used++;
    return ar->chunk[i / CCD_MPFR_ARENA_CHUNK][i % CCD_MPFR_ARENA_CHUNK];
}
