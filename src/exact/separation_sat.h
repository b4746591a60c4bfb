/* SPDX-License-Identifier: MIT */
/*
 * Inequality-only sign conditions on [0, 1] for the few small polynomials the
 * L∞ pair filter leaves (separation_sat.c): the answer of
 * ccd_sat_solve_patterns (sign_sat.h) — the infimum of {x : for some pattern p,
 * g_i(x) rel[p][i] 0 for all i} — found without evaluating signs at algebraic
 * numbers, and with the set of polynomials that vanish at the infimum.
 */
#ifndef CCD_EXACT_SEPARATION_SAT_H
#define CCD_EXACT_SEPARATION_SAT_H
#include "exact/sign_sat.h"

enum { CCD_OWNED_MAX_POLYS = 12, CCD_OWNED_MAX_ROOTS = 48 };

typedef struct ccd_owned_sat {
    ccd_poly sq;
    ccd_algebraic root[CCD_OWNED_MAX_ROOTS];
    unsigned owners[CCD_OWNED_MAX_ROOTS]; /* bit i: g_i vanishes at root */
    int n, owner, overflow;
    int sign[CCD_OWNED_MAX_POLYS], prev[CCD_OWNED_MAX_POLYS];
    mpq_t x, y;
    mpz_t z1, z2;
} ccd_owned_sat;

void ccd_owned_sat_init(ccd_owned_sat *os);
void ccd_owned_sat_clear(ccd_owned_sat *os);

/*
 * m ≤ CCD_OWNED_MAX_POLYS polynomials, npat ≤ CCD_SAT_MAX_PATTERNS patterns.
 * Returns 1 (*inf = the infimum; *owners = the polynomials vanishing there, 0
 * when the infimum is 0 and no polynomial vanishes at 0), 0 (no such x), -1 (out
 * of memory), -2 (more roots than CCD_OWNED_MAX_ROOTS: use ccd_sat_solve_patterns).
 * S provides the root isolation and polynomial scratch.
 */
int ccd_owned_sat_solve(ccd_algebraic *inf, unsigned *owners, ccd_owned_sat *os, ccd_sat *S,
                        const ccd_poly *const *g, int m,
                        const ccd_relation rel[][CCD_SAT_MAX_POLYS], int npat);

#endif
