/* SPDX-License-Identifier: MIT */
/* Univariate sign-condition satisfiability on [0, 1] (DESIGN.md §6). */
#include <config.h>

#include "exact/sign_sat.h"

#include <stdlib.h>
#include <string.h>

void ccd_sat_init(ccd_sat *S)
{
    ccd_roots_init(&S->roots);
    ccd_poly_scratch_init(&S->s);
    ccd_poly_init(&S->h);
    ccd_poly_init(&S->sq);
    ccd_poly_init(&S->t1);
    ccd_poly_init(&S->t2);
    S->list = NULL;
    S->nlist = S->caplist = 0;
    S->oom = 0;
    S->limit = NULL;
    ccd_algebraic_init(&S->cut);
    S->cut_set = 0;
    mpq_inits(S->sample, S->q2, NULL);
    mpz_inits(S->z1, S->z2, NULL);
}

void ccd_sat_clear(ccd_sat *S)
{
    ccd_roots_clear(&S->roots);
    ccd_poly_scratch_clear(&S->s);
    ccd_poly_clear(&S->h);
    ccd_poly_clear(&S->sq);
    ccd_poly_clear(&S->t1);
    ccd_poly_clear(&S->t2);
    for (size_t i = 0; i < S->caplist; i++)
        ccd_algebraic_clear(&S->list[i]);
    free(S->list);
    ccd_algebraic_clear(&S->cut);
    mpq_clears(S->sample, S->q2, NULL);
    mpz_clears(S->z1, S->z2, NULL);
}

int ccd_sat_holds_at(ccd_sat *S, const ccd_inequality *ineqs, int nineq, ccd_algebraic *t)
{
    for (int i = 0; i < nineq; i++) {
        int s = ccd_algebraic_sign_at(ineqs[i].g, t, &S->s, &S->t1, &S->t2);
        if (!ccd_relation_holds(s, ineqs[i].rel))
            return 0;
    }
    return 1;
}

int ccd_sat_holds_at_q(ccd_sat *S, const ccd_inequality *ineqs, int nineq, const mpq_t x)
{
    for (int i = 0; i < nineq; i++) {
        int s = ccd_poly_sign_at_q(ineqs[i].g, x, S->z1, S->z2);
        if (!ccd_relation_holds(s, ineqs[i].rel))
            return 0;
    }
    return 1;
}

/* ------------------------------------------------------------ with equalities */

struct equality_visit {
    ccd_sat *S;
    const ccd_inequality *ineqs;
    int nineq;
    ccd_algebraic *inf;
};

/* The first root of the equalities' gcd where the inequalities hold. */
static int visit_equality_root(void *data, ccd_algebraic *root)
{
    struct equality_visit *v = data;
    if (!ccd_sat_holds_at(v->S, v->ineqs, v->nineq, root))
        return 0;
    ccd_algebraic_set(v->inf, root);
    return 1;
}

/* ------------------------------------------------------------ inequalities only */

/* Append a root to the list (the list only grows: its entries are reused). */
static int collect_root(void *data, ccd_algebraic *root)
{
    ccd_sat *S = data;
    if (S->nlist == S->caplist) {
        size_t cap = S->caplist ? 2 * S->caplist : 32;
        ccd_algebraic *l = realloc(S->list, cap * sizeof *l);
        if (!l) {
            S->oom = 1;
            return 1;
        }
        for (size_t i = S->caplist; i < cap; i++)
            ccd_algebraic_init(&l[i]);
        S->list = l;
        S->caplist = cap;
    }
    ccd_algebraic *r = &S->list[S->nlist++];
    ccd_algebraic_set(r, root);
    if (S->limit && ccd_algebraic_cmp(r, S->limit, &S->s) > 0) {
        /* this polynomial's later roots do not matter: the list stays complete
         * up to the smallest such first root beyond the limit */
        if (!S->cut_set || ccd_algebraic_cmp(r, &S->cut, &S->s) < 0)
            ccd_algebraic_set(&S->cut, r);
        S->cut_set = 1;
        return 1;
    }
    return 0;
}

static void swap_algebraic(ccd_algebraic *a, ccd_algebraic *b)
{
    ccd_algebraic t; /* GMP objects may be moved bitwise */
    memcpy(&t, a, sizeof t);
    memcpy(a, b, sizeof t);
    memcpy(b, &t, sizeof t);
}

/* Sort the collected roots and drop duplicates (a root shared by two polynomials). */
static void sort_roots(ccd_sat *S)
{
    ccd_algebraic *l = S->list;
    size_t n = 0;
    for (size_t i = 0; i < S->nlist; i++) {
        /* insert l[i] into the sorted l[0..n) */
        size_t j = n;
        int dup = 0;
        while (j > 0) {
            int c = ccd_algebraic_cmp(&l[j - 1], &l[i], &S->s);
            if (c == 0) {
                dup = 1;
                break;
            }
            if (c < 0)
                break;
            j--;
        }
        if (dup)
            continue;
        if (n != i)
            swap_algebraic(&l[n], &l[i]);
        for (size_t k = n; k > j; k--)
            swap_algebraic(&l[k], &l[k - 1]);
        n++;
    }
    S->nlist = n;
}

/* A rational strictly between the consecutive distinct roots prev < cur: no
 * inequality polynomial vanishes there. */
static void gap_sample(mpq_t x, ccd_sat *S, ccd_algebraic *prev, ccd_algebraic *cur)
{
    for (;;) {
        ccd_algebraic_upper(x, prev);
        ccd_algebraic_lower(S->q2, cur);
        int c = mpq_cmp(x, S->q2);
        if (c < 0) {
            mpq_add(x, x, S->q2);
            mpq_div_2exp(x, x, 1);
            return;
        }
        /* prev < upper(prev) = lower(cur) < cur: strictly between */
        if (c == 0 && !prev->exact && !cur->exact)
            return;
        ccd_algebraic_bisect(prev);
        ccd_algebraic_bisect(cur);
    }
}

static int patterns_hold_at_q(ccd_sat *S, const ccd_poly *const *g, int m,
                              const ccd_relation rel[][CCD_SAT_MAX_POLYS], int npat, const mpq_t x)
{
    int sign[CCD_SAT_MAX_POLYS] = {0};
    for (int i = 0; i < m; i++)
        sign[i] = ccd_poly_sign_at_q(g[i], x, S->z1, S->z2);
    return ccd_some_pattern_holds(sign, m, rel, npat);
}

static int patterns_hold_at(ccd_sat *S, const ccd_poly *const *g, int m,
                            const ccd_relation rel[][CCD_SAT_MAX_POLYS], int npat,
                            ccd_algebraic *t)
{
    int sign[CCD_SAT_MAX_POLYS] = {0};
    for (int i = 0; i < m; i++)
        sign[i] = ccd_algebraic_sign_at(g[i], t, &S->s, &S->t1, &S->t2);
    return ccd_some_pattern_holds(sign, m, rel, npat);
}

int ccd_sat_solve_patterns(ccd_algebraic *inf, ccd_sat *S, const ccd_poly *const *g, int m,
                           const ccd_relation rel[][CCD_SAT_MAX_POLYS], int npat)
{
    /* Every sign is constant between consecutive roots of the g_i: collect the
     * roots of each (square-free part) in [0,1], sort them, and test in increasing
     * order the pieces [0, r1), r1, (r1, r2), …, (rn, 1]; a piece's infimum is its
     * left end. */
    S->nlist = 0;
    S->oom = 0;
    S->cut_set = 0;
    for (int i = 0; i < m; i++) {
        if (g[i]->deg <= 0)
            continue;
        ccd_poly_squarefree(&S->sq, g[i], &S->s);
        if (ccd_roots_visit(&S->roots, &S->sq, collect_root, S) < 0 || S->oom)
            return -1;
    }
    sort_roots(S);
    ccd_algebraic *l = S->list;
    size_t n = S->nlist;
    if (S->cut_set) /* keep the roots up to the cut (the list is complete there) */
        while (n > 0 && ccd_algebraic_cmp(&l[n - 1], &S->cut, &S->s) > 0)
            n--;
    if (n == 0 || !(l[0].exact && mpq_sgn(l[0].value) == 0)) { /* [0, r1) */
        mpq_set_ui(S->sample, 0, 1);
        if (patterns_hold_at_q(S, g, m, rel, npat, S->sample)) {
            ccd_algebraic_set_q(inf, S->sample);
            return 1;
        }
    }
    for (size_t k = 0; k < n; k++) {
        if (k > 0) { /* (r_{k-1}, r_k) */
            gap_sample(S->sample, S, &l[k - 1], &l[k]);
            if (patterns_hold_at_q(S, g, m, rel, npat, S->sample)) {
                ccd_algebraic_set(inf, &l[k - 1]);
                return 1;
            }
        }
        if (patterns_hold_at(S, g, m, rel, npat, &l[k])) {
            ccd_algebraic_set(inf, &l[k]);
            return 1;
        }
    }
    if (S->cut_set) /* the rest lies beyond the limit */
        return 0;
    if (n > 0 && !(l[n - 1].exact && mpq_cmp_ui(l[n - 1].value, 1, 1) == 0)) { /* (rn, 1] */
        mpq_set_ui(S->sample, 1, 1);
        if (patterns_hold_at_q(S, g, m, rel, npat, S->sample)) {
            ccd_algebraic_set(inf, &l[n - 1]);
            return 1;
        }
    }
    return 0;
}

int ccd_sat_solve(ccd_algebraic *inf, ccd_sat *S, const ccd_poly *const *eqs, int neq,
                  const ccd_inequality *ineqs, int nineq)
{
    int have_eq = 0;
    for (int i = 0; i < neq; i++) {
        const ccd_poly *e = eqs[i];
        if (e->deg < 0)
            continue; /* identically zero: no constraint */
        if (e->deg == 0)
            return 0; /* a non-zero constant never vanishes */
        if (!have_eq)
            ccd_poly_set(&S->h, e);
        else if (ccd_poly_coprime_modular(&S->h, e))
            return 0; /* the gcd is a constant */
        else
            ccd_poly_gcd(&S->h, &S->h, e, &S->s);
        have_eq = 1;
        if (S->h.deg == 0)
            return 0;
    }
    if (have_eq) {
        struct equality_visit v = {S, ineqs, nineq, inf};
        ccd_poly_squarefree(&S->h, &S->h, &S->s);
        return ccd_roots_visit(&S->roots, &S->h, visit_equality_root, &v);
    }
    const ccd_poly *g[CCD_SAT_MAX_POLYS];
    ccd_relation rel[1][CCD_SAT_MAX_POLYS];
    for (int i = 0; i < nineq; i++) {
        g[i] = ineqs[i].g;
        rel[0][i] = ineqs[i].rel;
    }
    return ccd_sat_solve_patterns(inf, S, g, nineq, rel, 1);
}
