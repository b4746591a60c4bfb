/* SPDX-License-Identifier: MIT */
/*
 * The exact CCD oracle (DESIGN.md): decides VF/EE queries with
 * exact integer arithmetic and returns the exact earliest time of impact as an
 * algebraic number.  Interface used by the runner, `ccdbench truth` and tests.
 */
#ifndef CCD_EXACT_CCD_H
#define CCD_EXACT_CCD_H
#include "ccdbench.h"

/* A real algebraic number: the unique root of a square-free integer polynomial
 * in the closed interval [lo, hi] (lo == hi when the number is rational). */
typedef struct ccd_algebraic ccd_algebraic;
ccd_algebraic *ccd_algebraic_new(void);
void ccd_algebraic_free(ccd_algebraic *a);
/* Isolating interval (copies). */
void ccd_algebraic_bounds(mpq_t lo, mpq_t hi, const ccd_algebraic *a);
/* Shrink the isolating interval to width ≤ 2^-bits. */
void ccd_algebraic_refine(ccd_algebraic *a, unsigned long bits);
/* Sign of (a - x), exactly. */
int ccd_algebraic_cmp_d(const ccd_algebraic *a, double x);
int ccd_algebraic_cmp_q(const ccd_algebraic *a, const mpq_t x);
/* Largest double ≤ a, smallest double ≥ a. */
double ccd_algebraic_round_down(const ccd_algebraic *a);
double ccd_algebraic_round_up(const ccd_algebraic *a);
/* Decimal string with `digits` significant digits (MPFR, round to nearest); free() it. */
char *ccd_algebraic_to_string(const ccd_algebraic *a, int digits);

/* Per-thread scratch of the oracle (preallocated integers; no allocation in inner loops). */
typedef struct ccd_exact_ctx ccd_exact_ctx;
ccd_exact_ctx *ccd_exact_ctx_new(void);
void ccd_exact_ctx_free(ccd_exact_ctx *ctx);

/*
 * Decide query q exactly on t ∈ [0,1].  *collides is set to 0/1; when it is 1 and
 * toi != NULL, toi receives the exact earliest time of impact.
 * ms == NULL (or 0): plain CCD.  Otherwise minimum separation d = *ms with norm
 * 0 (L∞) or 2 (Euclidean) (DESIGN.md §9).
 */
ccd_status ccd_exact_decide(int *collides, ccd_algebraic *toi, const ccd_query *q,
                            const mpq_t ms, int norm, ccd_exact_ctx *ctx);

#endif
