/* SPDX-License-Identifier: MIT */
/*
 * The L∞ minimum-separation problem on the window s ∈ [0, 1] (separation.c):
 * constraints R_h = (α_h, β_h, γ_h), α_h u + β_h v + γ_h ≥ 0, of degree ≤ 1 in s;
 * the earliest s at which some pair (i, j) of constraint lines meets in a
 * feasible vertex, i.e. (D > 0, G_k ≥ 0 ∀k) or (D < 0, G_k ≤ 0 ∀k)
 * (separation_pair_filter.h), solved exactly — fast with the pair filter
 * (separation_linf.c), and its canonical representation.
 */
#ifndef CCD_EXACT_SEPARATION_LINF_H
#define CCD_EXACT_SEPARATION_LINF_H
#include "exact/exact_ctx.h"

typedef struct ccd_linf_scratch ccd_linf_scratch;

ccd_linf_scratch *ccd_linf_scratch_new(void);
void ccd_linf_scratch_free(ccd_linf_scratch *ls);

/* The n constraints (VF: 3 domain rows u ≥ 0, v ≥ 0, 1 - u - v ≥ 0; EE: 4 rows
 * u ≥ 0, v ≥ 0, 1 - u ≥ 0, 1 - v ≥ 0; then the slabs in pairs k-, k+ with opposite
 * α, β), as set up by separation.c. */
typedef struct ccd_linf_rows {
    const ccd_poly *al, *be, *ga;
    int n, ndomain;
} ccd_linf_rows;

/*
 * Earliest feasible s, with the floating-point pair filter confining the exact
 * sign-condition problems to the few pairs and the small part of the window where
 * the filter cannot decide.  Returns 1 (ctx->best = the earliest s, canonical as
 * by ccd_linf_canonical), 0 (no pair is ever feasible), -1 (out of memory), 2 (an
 * internal consistency check failed: the caller must use the reference path).
 */
int ccd_linf_solve_fast(ccd_exact_ctx *ctx, ccd_linf_scratch *ls, const ccd_linf_rows *rows);

/*
 * Canonical representation of the earliest feasible s = ctx->best, found first
 * (smallest in the order of the reference loop: i, then j) by pair (i, j): the
 * root of the square-free part of the first of D, G_0, G_1, … (k ≠ i, j, degree
 * ≥ 1) vanishing there, with the isolating interval that root isolation of that
 * polynomial on [0, 1] hands out (0 exactly when s = 0).  This is the number's
 * representation before any refinement, so the answer does not depend on which
 * comparisons were made on the way.  Returns 0, -1 (out of memory) or 2
 * (inconsistent input: no such polynomial).
 */
int ccd_linf_canonical(ccd_exact_ctx *ctx, ccd_linf_scratch *ls, const ccd_linf_rows *rows, int i,
                       int j);

#endif
