/* SPDX-License-Identifier: MIT */
/*
 * Univariate sign-condition satisfiability on [0, 1] (DESIGN.md §6): is there
 * t ∈ [0, 1] with every equality polynomial zero and every inequality g ⋈ 0?
 * The answer comes with the infimum of the satisfying set, as an algebraic number.
 */
#ifndef CCD_EXACT_SIGN_SAT_H
#define CCD_EXACT_SIGN_SAT_H
#include "exact/roots.h"

typedef enum ccd_relation { CCD_GT, CCD_GE, CCD_LT, CCD_LE } ccd_relation;

typedef struct ccd_inequality {
    const ccd_poly *g;
    ccd_relation rel; /* g(t) rel 0 */
} ccd_inequality;

enum { CCD_SAT_MAX_POLYS = 16, CCD_SAT_MAX_PATTERNS = 4 };

typedef struct ccd_sat {
    ccd_roots roots;
    ccd_poly_scratch s;
    ccd_poly h, sq, t1, t2;
    ccd_algebraic *list; /* roots of all inequality polynomials, sorted */
    size_t nlist, caplist;
    int oom;
    /* Optional: only infima below *limit matter (roots far beyond it are not
     * isolated).  Set by the caller; NULL for none. */
    ccd_algebraic *limit;
    ccd_algebraic cut; /* the roots list is complete up to cut (when cut_set) */
    int cut_set;
    mpq_t sample, q2;
    mpz_t z1, z2;
} ccd_sat;

void ccd_sat_init(ccd_sat *S);
void ccd_sat_clear(ccd_sat *S);

static inline int ccd_relation_holds(int sign, ccd_relation rel)
{
    switch (rel) {
    case CCD_GT: return sign > 0;
    case CCD_GE: return sign >= 0;
    case CCD_LT: return sign < 0;
    default: return sign <= 0;
    }
}

/* 1 when the signs sign[0..m) satisfy some pattern p < npat: sign[i] rel[p][i] 0 ∀i. */
static inline int ccd_some_pattern_holds(const int *sign, int m,
                                         const ccd_relation rel[][CCD_SAT_MAX_POLYS], int npat)
{
    for (int p = 0; p < npat; p++) {
        int ok = 1;
        for (int i = 0; i < m && ok; i++)
            ok = ccd_relation_holds(sign[i], rel[p][i]);
        if (ok)
            return 1;
    }
    return 0;
}

/* 1: all inequalities hold at the algebraic number t (refined as needed). */
int ccd_sat_holds_at(ccd_sat *S, const ccd_inequality *ineqs, int nineq, ccd_algebraic *t);
/* 1: all inequalities hold at the rational x. */
int ccd_sat_holds_at_q(ccd_sat *S, const ccd_inequality *ineqs, int nineq, const mpq_t x);

/* Inequalities only, several alternative patterns over the same polynomials:
 * is there t ∈ [0,1] with g_i(t) rel[p][i] 0 for all i, for some pattern p?
 * (m ≤ CCD_SAT_MAX_POLYS, npat ≤ CCD_SAT_MAX_PATTERNS.)  Same return values,
 * except that with S->limit set, a satisfying set lying entirely beyond the
 * limit may be reported as unsatisfiable (or with an infimum beyond it). */
int ccd_sat_solve_patterns(ccd_algebraic *inf, ccd_sat *S, const ccd_poly *const *g, int m,
                           const ccd_relation rel[][CCD_SAT_MAX_POLYS], int npat);

/* Returns 1 (satisfiable; *inf = infimum of the satisfying t), 0 (not), -1 (out of memory). */
int ccd_sat_solve(ccd_algebraic *inf, ccd_sat *S, const ccd_poly *const *eqs, int neq,
                  const ccd_inequality *ineqs, int nineq);

#endif
