/* SPDX-License-Identifier: MIT */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "contact/mpfr_arena.h"

ccd_status ccd_mpfr_arena_init(ccd_mpfr_arena *ar, size_t capacity, mpfr_prec_t prec)
{
    ar->slot = malloc(capacity * sizeof *ar->slot);
    ar->used = 0;
    ar->capacity = ar->slot ? capacity : 0;
    ar->prec = prec;
    if (!ar->slot)
        return CCD_ERR_INTERNAL;
    for (size_t i = 0; i < capacity; i++)
        mpfr_init2(ar->slot[i], prec);
    return CCD_OK;
}

void ccd_mpfr_arena_clear(ccd_mpfr_arena *ar)
{
    for (size_t i = 0; i < ar->capacity; i++)
        mpfr_clear(ar->slot[i]);
    free(ar->slot);
    ar->slot = NULL;
    ar->used = ar->capacity = 0;
}

mpfr_ptr ccd_mpfr_arena_take(ccd_mpfr_arena *ar)
{
    if (ar->used == ar->capacity) {
        fprintf(stderr, "ccd_mpfr_arena_take: capacity %zu exceeded (internal error)\n",
                ar->capacity);
        abort();
    }
    return ar->slot[ar->used++];
}
