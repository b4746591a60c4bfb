/* SPDX-License-Identifier: MIT */
/*
 * Inequality-only sign conditions on [0, 1] with root owners (separation_sat.h).
 *
 * The real roots in [0, 1] of all the g_i (of degree ≥ 1) are isolated, sorted and
 * merged, r_1 < … < r_n, each with the set of polynomials that vanish there.  Every
 * g_i keeps one sign on each cell [0, r_1), (r_k, r_{k+1}), (r_n, 1] (no root
 * inside), and at r_k it is 0 if it owns r_k and otherwise has the sign of the
 * cell just before r_k (no root of g_i in between).  So the sign vector of every
 * cell and every root comes from exact evaluations at rational points only: 0, a
 * rational inside each gap, and 1.  The cells are tested in increasing order; the
 * first one where some pattern holds gives the infimum: its left end (0 for
 * [0, r_1)), exactly as in ccd_sat_solve_patterns.
 */
#include <config.h>

#include "exact/separation_sat.h"

#include <string.h>

void ccd_owned_sat_init(ccd_owned_sat *os)
{
    ccd_poly_init(&os->sq);
    for (int i = 0; i < CCD_OWNED_MAX_ROOTS; i++)
        ccd_algebraic_init(&os->root[i]);
    mpq_inits(os->x, os->y, NULL);
    mpz_inits(os->z1, os->z2, NULL);
    os->n = 0;
}

void ccd_owned_sat_clear(ccd_owned_sat *os)
{
    ccd_poly_clear(&os->sq);
    for (int i = 0; i < CCD_OWNED_MAX_ROOTS; i++)
        ccd_algebraic_clear(&os->root[i]);
    mpq_clears(os->x, os->y, NULL);
    mpz_clears(os->z1, os->z2, NULL);
}

static void swap_algebraic(ccd_algebraic *a, ccd_algebraic *b)
{
    ccd_algebraic t; /* GMP objects may be moved bitwise */
    memcpy(&t, a, sizeof t);
    memcpy(a, b, sizeof t);
    memcpy(b, &t, sizeof t);
}

struct collect {
    ccd_owned_sat *os;
    ccd_poly_scratch *s;
};

/* Insert a root of g_owner into the sorted list, merging it with an equal one. */
static int collect(void *data, ccd_algebraic *root)
{
    struct collect *c = data;
    ccd_owned_sat *os = c->os;
    int pos = os->n;
    while (pos > 0) {
        int cmp = ccd_algebraic_cmp(&os->root[pos - 1], root, c->s);
        if (cmp == 0) {
            os->owners[pos - 1] |= 1u << os->owner;
            return 0;
        }
        if (cmp < 0)
            break;
        pos--;
    }
    if (os->n == CCD_OWNED_MAX_ROOTS) {
        os->overflow = 1;
        return 1;
    }
    ccd_algebraic_set(&os->root[os->n], root);
    for (int k = os->n; k > pos; k--) {
        swap_algebraic(&os->root[k], &os->root[k - 1]);
        os->owners[k] = os->owners[k - 1];
    }
    os->owners[pos] = 1u << os->owner;
    os->n++;
    return 0;
}

/* Signs of every g_i at the rational x into os->sign. */
static void signs_at(ccd_owned_sat *os, const ccd_poly *const *g, int m, const mpq_t x)
{
    for (int i = 0; i < m; i++)
        os->sign[i] = ccd_poly_sign_at_q(g[i], x, os->z1, os->z2);
}

/* A rational strictly between the distinct a < b (refines both as needed). */
static void between(mpq_t x, mpq_t y, ccd_algebraic *a, ccd_algebraic *b)
{
    for (;;) {
        ccd_algebraic_upper(x, a);
        ccd_algebraic_lower(y, b);
        int c = mpq_cmp(x, y);
        if (c < 0) {
            mpq_add(x, x, y);
            mpq_div_2exp(x, x, 1);
            return;
        }
        /* a < upper(a) = lower(b) < b when neither is exact */
        if (c == 0 && !a->exact && !b->exact)
            return;
        ccd_algebraic_bisect(a);
        ccd_algebraic_bisect(b);
    }
}

static int found(ccd_algebraic *inf, unsigned *owners, ccd_owned_sat *os, int k)
{
    ccd_algebraic_set(inf, &os->root[k]);
    *owners = os->owners[k];
    return 1;
}

int ccd_owned_sat_solve(ccd_algebraic *inf, unsigned *owners, ccd_owned_sat *os, ccd_sat *S,
                        const ccd_poly *const *g, int m,
                        const ccd_relation rel[][CCD_SAT_MAX_POLYS], int npat)
{
    if (m > CCD_OWNED_MAX_POLYS)
        return -2;
    os->n = 0;
    os->overflow = 0;
    struct collect c = {os, &S->s};
    for (int i = 0; i < m; i++) {
        if (g[i]->deg <= 0)
            continue;
        ccd_poly_squarefree(&os->sq, g[i], &S->s);
        os->owner = i;
        if (ccd_roots_visit(&S->roots, &os->sq, collect, &c) < 0)
            return -1;
        if (os->overflow)
            return -2;
    }
    int n = os->n;
    ccd_algebraic *r = os->root;
    int zero_root = n > 0 && r[0].exact && mpq_sgn(r[0].value) == 0;
    if (!zero_root) { /* [0, r_1) */
        mpq_set_ui(os->x, 0, 1);
        signs_at(os, g, m, os->x);
        if (ccd_some_pattern_holds(os->sign, m, rel, npat)) {
            mpq_set_ui(os->x, 0, 1);
            ccd_algebraic_set_q(inf, os->x);
            *owners = 0;
            return 1;
        }
    }
    for (int k = 0; k < n; k++) {
        if (k > 0) { /* (r_{k-1}, r_k) */
            between(os->x, os->y, &r[k - 1], &r[k]);
            signs_at(os, g, m, os->x);
            if (ccd_some_pattern_holds(os->sign, m, rel, npat))
                return found(inf, owners, os, k - 1);
        }
        /* r_k: its owners vanish, the others keep the sign of the cell before */
        for (int i = 0; i < m; i++) {
            int s = os->sign[i];
            if (k == 0 && zero_root)
                s = ccd_poly_sign_at_zero(g[i]);
            os->prev[i] = s;
        }
        for (int i = 0; i < m; i++)
            os->sign[i] = (os->owners[k] >> i & 1) ? 0 : os->prev[i];
        if (ccd_some_pattern_holds(os->sign, m, rel, npat))
            return found(inf, owners, os, k);
        for (int i = 0; i < m; i++) /* the cell before r_{k+1} is computed next */
            os->sign[i] = os->prev[i];
    }
    if (n > 0 && !(r[n - 1].exact && mpq_cmp_ui(r[n - 1].value, 1, 1) == 0)) { /* (r_n, 1] */
        mpq_set_ui(os->x, 1, 1);
        signs_at(os, g, m, os->x);
        if (ccd_some_pattern_holds(os->sign, m, rel, npat))
            return found(inf, owners, os, n - 1);
    }
    return 0;
}
