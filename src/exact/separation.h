/* SPDX-License-Identifier: MIT */
/* Minimum separation (separation.c) with options, for tests. */
#ifndef CCD_EXACT_SEPARATION_H
#define CCD_EXACT_SEPARATION_H
#include "exact/exact_ctx.h"

enum {
    /* L∞: solve every pair of constraint lines exactly on the whole window (the
     * reference loop), without the floating-point pair filter */
    CCD_SEPARATION_REFERENCE = 1
};

/* ccd_exact_decide_separation (exact_internal.h) with flags; same answers. */
ccd_status ccd_exact_decide_separation_with(int *collides, ccd_algebraic *toi, const ccd_query *q,
                                            const mpq_t ms, int norm, ccd_exact_ctx *ctx,
                                            unsigned flags);

#endif
