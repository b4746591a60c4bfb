/* SPDX-License-Identifier: MIT */
/*
 * An exact simplex method in GMP rationals for the small linear programs of the
 * minimum-scaling references:  minimise fᵀz  s.t.  B z = r,  z ≥ 0,  with B of
 * at most CCD_SIMPLEX_MAX_ROWS rows.  Two phases (artificial variables), Bland's
 * rule (no cycling): the optimum it reports is exact, with an optimal basic z.
 */
#ifndef CCD_CONTACT_EXACT_SIMPLEX_H
#define CCD_CONTACT_EXACT_SIMPLEX_H
#include <gmp.h>
#include <stddef.h>

#define CCD_SIMPLEX_MAX_ROWS 4
#define CCD_SIMPLEX_MAX_COLS 48

typedef enum ccd_simplex_status {
    CCD_SIMPLEX_OPTIMAL,
    CCD_SIMPLEX_INFEASIBLE,
    CCD_SIMPLEX_UNBOUNDED,
} ccd_simplex_status;

typedef struct ccd_simplex {
    size_t rows, cols;
    mpq_t B[CCD_SIMPLEX_MAX_ROWS][CCD_SIMPLEX_MAX_COLS];
    mpq_t r[CCD_SIMPLEX_MAX_ROWS];
    mpq_t f[CCD_SIMPLEX_MAX_COLS];
} ccd_simplex;

/* Every entry zero, of the given size (≤ the maxima). */
void ccd_simplex_init(ccd_simplex *lp, size_t rows, size_t cols);
void ccd_simplex_clear(ccd_simplex *lp);

/* Solves lp; on OPTIMAL, value = min fᵀz and z (cols entries, initialised by the
 * caller) an optimal vertex. */
ccd_simplex_status ccd_simplex_solve(mpq_t value, mpq_t *z, const ccd_simplex *lp);
#endif
