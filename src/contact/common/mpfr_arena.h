/* SPDX-License-Identifier: MIT */
/*
 * A pool of MPFR numbers of one precision for evaluating a formula written with
 * value semantics (scalar_mpfr.h): every operation takes a fresh slot, slots are
 * never moved (they live in chunks that are never reallocated), and
 * ccd_mpfr_arena_reset() recycles them all for the next evaluation without
 * freeing their limbs.  The arena grows by chunks as needed.
 */
#ifndef CCD_CONTACT_MPFR_ARENA_H
#define CCD_CONTACT_MPFR_ARENA_H
#include <mpfr.h>
#include <stddef.h>

#include "ccdbench.h"

typedef struct ccd_mpfr_arena {
    mpfr_t **chunk; /* chunk[i]: CCD_MPFR_ARENA_CHUNK slots */
    size_t nchunks, used, capacity;
    mpfr_prec_t prec;
} ccd_mpfr_arena;

enum { CCD_MPFR_ARENA_CHUNK = 1024 };

/* At least capacity slots of precision prec bits; CCD_ERR_INTERNAL when out of memory. */
ccd_status ccd_mpfr_arena_init(ccd_mpfr_arena *ar, size_t capacity, mpfr_prec_t prec);
void ccd_mpfr_arena_clear(ccd_mpfr_arena *ar);
static inline void ccd_mpfr_arena_reset(ccd_mpfr_arena *ar)
{
    ar->used = 0;
}
/* The next free slot, growing the arena by a chunk when it is full.  Running out
 * of memory there aborts with a message (the formulas have no error path). */
mpfr_ptr ccd_mpfr_arena_take(ccd_mpfr_arena *ar);
#endif
