/* SPDX-License-Identifier: MIT */
/* Exact two-phase tableau simplex with Bland's rule (see exact_simplex.h). */
#include <config.h>

#include "contact/common/exact_simplex.h"

#include <string.h>

enum { R = CCD_SIMPLEX_MAX_ROWS, C = CCD_SIMPLEX_MAX_COLS + CCD_SIMPLEX_MAX_ROWS + 1 };

void ccd_simplex_init(ccd_simplex *lp, size_t rows, size_t cols)
{
    lp->rows = rows;
    lp->cols = cols;
    for (size_t i = 0; i < CCD_SIMPLEX_MAX_ROWS; i++) {
        mpq_init(lp->r[i]);
        for (size_t j = 0; j < CCD_SIMPLEX_MAX_COLS; j++)
            mpq_init(lp->B[i][j]);
    }
    for (size_t j = 0; j < CCD_SIMPLEX_MAX_COLS; j++)
        mpq_init(lp->f[j]);
}

void ccd_simplex_clear(ccd_simplex *lp)
{
    for (size_t i = 0; i < CCD_SIMPLEX_MAX_ROWS; i++) {
        mpq_clear(lp->r[i]);
        for (size_t j = 0; j < CCD_SIMPLEX_MAX_COLS; j++)
            mpq_clear(lp->B[i][j]);
    }
    for (size_t j = 0; j < CCD_SIMPLEX_MAX_COLS; j++)
        mpq_clear(lp->f[j]);
}

/* The tableau: rows 0..m-1 the constraints (last column the right-hand side), row
 * m the reduced costs (last column minus the objective value). */
typedef struct tableau {
    size_t m, n; /* n columns before the right-hand side */
    mpq_t t[R + 1][C];
    size_t basis[R];
    mpq_t tmp;
} tableau;

static void pivot(tableau *T, size_t pr, size_t pc)
{
    size_t n = T->n;
    mpq_t inv;
    mpq_init(inv);
    mpq_inv(inv, T->t[pr][pc]);
    for (size_t j = 0; j <= n; j++)
        mpq_mul(T->t[pr][j], T->t[pr][j], inv);
    for (size_t i = 0; i <= T->m; i++) {
        if (i == pr || mpq_sgn(T->t[i][pc]) == 0)
            continue;
        mpq_set(inv, T->t[i][pc]);
        for (size_t j = 0; j <= n; j++) {
            mpq_mul(T->tmp, inv, T->t[pr][j]);
            mpq_sub(T->t[i][j], T->t[i][j], T->tmp);
        }
    }
    T->basis[pr] = pc;
    mpq_clear(inv);
}

/* Minimises the cost row over columns below `allowed`; 0 optimal, -1 unbounded. */
static int iterate(tableau *T, size_t allowed)
{
    mpq_t ratio, best;
    mpq_init(ratio);
    mpq_init(best);
    int result = 0;
    for (;;) {
        size_t pc = allowed;
        for (size_t j = 0; j < allowed && pc == allowed; j++) /* Bland: lowest index */
            if (mpq_sgn(T->t[T->m][j]) < 0)
                pc = j;
        if (pc == allowed)
            break;
        size_t pr = T->m;
        for (size_t i = 0; i < T->m; i++) {
            if (mpq_sgn(T->t[i][pc]) <= 0)
                continue;
            mpq_div(ratio, T->t[i][T->n], T->t[i][pc]);
            int c = pr == T->m ? -1 : mpq_cmp(ratio, best);
            if (c < 0 || (c == 0 && T->basis[i] < T->basis[pr])) {
                pr = i;
                mpq_set(best, ratio);
            }
        }
        if (pr == T->m) {
            result = -1;
            break;
        }
        pivot(T, pr, pc);
    }
    mpq_clear(ratio);
    mpq_clear(best);
    return result;
}

ccd_simplex_status ccd_simplex_solve(mpq_t value, mpq_t *z, const ccd_simplex *lp)
{
    static _Thread_local tableau T; /* large: kept off the stack */
    size_t m = lp->rows, n0 = lp->cols;
    T.m = m;
    T.n = n0 + m;
    mpq_init(T.tmp);
    for (size_t i = 0; i <= m; i++)
        for (size_t j = 0; j <= T.n; j++)
            mpq_init(T.t[i][j]);
    /* Phase 1: rows with r ≥ 0 (negated otherwise), artificials n0..n0+m-1,
     * cost = their sum, expressed in the non-basic columns. */
    for (size_t i = 0; i < m; i++) {
        int neg = mpq_sgn(lp->r[i]) < 0;
        for (size_t j = 0; j < n0; j++)
            neg ? mpq_neg(T.t[i][j], lp->B[i][j]) : mpq_set(T.t[i][j], lp->B[i][j]);
        neg ? mpq_neg(T.t[i][T.n], lp->r[i]) : mpq_set(T.t[i][T.n], lp->r[i]);
        mpq_set_ui(T.t[i][n0 + i], 1, 1);
        T.basis[i] = n0 + i;
        for (size_t j = 0; j <= T.n; j++)
            if (j < n0 || j == T.n)
                mpq_sub(T.t[m][j], T.t[m][j], T.t[i][j]);
    }
    ccd_simplex_status st = CCD_SIMPLEX_OPTIMAL;
    iterate(&T, T.n); /* bounded below by 0 */
    if (mpq_sgn(T.t[m][T.n]) != 0) {
        st = CCD_SIMPLEX_INFEASIBLE;
        goto done;
    }
    /* Drive artificials at level zero out of the basis; a row where no real
     * column can replace one is redundant and stays inert (all zero). */
    for (size_t i = 0; i < m; i++) {
        if (T.basis[i] < n0)
            continue;
        for (size_t j = 0; j < n0; j++)
            if (mpq_sgn(T.t[i][j]) != 0) {
                pivot(&T, i, j);
                break;
            }
    }
    /* Phase 2: the cost row from f, reduced by the basis. */
    for (size_t j = 0; j <= T.n; j++)
        mpq_set_ui(T.t[m][j], 0, 1);
    for (size_t j = 0; j < n0; j++)
        mpq_set(T.t[m][j], lp->f[j]);
    for (size_t i = 0; i < m; i++) {
        size_t b = T.basis[i];
        if (b >= n0 || mpq_sgn(T.t[m][b]) == 0)
            continue;
        mpq_t k;
        mpq_init(k);
        mpq_set(k, T.t[m][b]);
        for (size_t j = 0; j <= T.n; j++) {
            mpq_mul(T.tmp, k, T.t[i][j]);
            mpq_sub(T.t[m][j], T.t[m][j], T.tmp);
        }
        mpq_clear(k);
    }
    if (iterate(&T, n0) != 0) {
        st = CCD_SIMPLEX_UNBOUNDED;
        goto done;
    }
    mpq_neg(value, T.t[m][T.n]);
    for (size_t j = 0; j < n0; j++)
        mpq_set_ui(z[j], 0, 1);
    for (size_t i = 0; i < m; i++)
        if (T.basis[i] < n0)
            mpq_set(z[T.basis[i]], T.t[i][T.n]);
done:
    for (size_t i = 0; i <= m; i++)
        for (size_t j = 0; j <= T.n; j++)
            mpq_clear(T.t[i][j]);
    mpq_clear(T.tmp);
    return st;
}
