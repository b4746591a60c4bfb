/* SPDX-License-Identifier: MIT */
/*
 * Implicit-function derivatives of the minimum-scaling solution (Le Cleac'h et
 * al., eq. 4): with w = (v, s, λ) and the KKT residual
 *
 *     F(w; θ) = (c + Gᵀλ,  G v + s − h,  s∘λ − ρe) = 0,
 *
 * dw/dθ = −(∂F/∂w)⁻¹ ∂F/∂θ, where ∂F/∂w = [0 0 Gᵀ; G I 0; 0 Arw(λ) Arw(s)] (Arw(u)
 * the matrix of u∘·: diagonal on a row, [u₀ u₁ᵀ; u₁ u₀I] on a cone) and
 * ∂F/∂θ = (∂Gᵀ/∂θ λ, ∂G/∂θ v − ∂h/∂θ, 0) from scaling_param.c.  The Jacobian
 * (n + 2m ≤ 92 unknowns) is factorised once, by LU with partial pivoting, and
 * every parameter costs one back-substitution.
 */
#include <config.h>

#include "ccdbench/scaling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contact/scaling/scaling_param.h"
#include "contact/scaling/scaling_solve.h"

enum { D = CCD_IPM_MAX_VARS + 2 * CCD_IPM_MAX_ROWS };

typedef struct lu {
    size_t n;
    double a[D][D];
    size_t perm[D];
} lu;

/* -1 when a pivot is below 1e-13 of the largest entry: singular to working
 * precision. */
static int lu_factor(lu *f)
{
    size_t n = f->n;
    double big = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            big = fmax(big, fabs(f->a[i][j]));
    for (size_t i = 0; i < n; i++)
        f->perm[i] = i;
    for (size_t k = 0; k < n; k++) {
        size_t piv = k;
        for (size_t i = k + 1; i < n; i++)
            if (fabs(f->a[i][k]) > fabs(f->a[piv][k]))
                piv = i;
        if (!(fabs(f->a[piv][k]) > 1e-13 * big))
            return -1;
        if (piv != k) {
            for (size_t j = 0; j < n; j++) {
                double t = f->a[k][j];
                f->a[k][j] = f->a[piv][j];
                f->a[piv][j] = t;
            }
            size_t t = f->perm[k];
            f->perm[k] = f->perm[piv];
            f->perm[piv] = t;
        }
        for (size_t i = k + 1; i < n; i++) {
            double l = f->a[i][k] /= f->a[k][k];
            if (l != 0)
                for (size_t j = k + 1; j < n; j++)
                    f->a[i][j] -= l * f->a[k][j];
        }
    }
    return 0;
}

static void lu_solve(double *x, const lu *f, const double *b)
{
    size_t n = f->n;
    for (size_t i = 0; i < n; i++) {
        double v = b[f->perm[i]];
        for (size_t j = 0; j < i; j++)
            v -= f->a[i][j] * x[j];
        x[i] = v;
    }
    for (size_t i = n; i-- > 0;) {
        for (size_t j = i + 1; j < n; j++)
            x[i] -= f->a[i][j] * x[j];
        x[i] /= f->a[i][i];
    }
}

/* Arw(u) of the cone blocks into rows/columns (r0 + ·, c0 + ·) of J. */
static void arrow(lu *f, const ccd_conic_lp *lp, const double *u, size_t r0, size_t c0)
{
    size_t r = 0;
    for (size_t k = 0; k < lp->blocks; r += lp->block_dim[k++]) {
        size_t d = lp->block_dim[k];
        for (size_t i = 0; i < d; i++) {
            f->a[r0 + r + i][c0 + r + i] = u[r];
            if (i) {
                f->a[r0 + r][c0 + r + i] = u[r + i];
                f->a[r0 + r + i][c0 + r] = u[r + i];
            }
        }
    }
}

ccd_scaling_status ccd_scaling_derivatives_solve(ccd_scaling_derivatives *out,
                                                 ccd_scaling_result *res, const ccd_shape *a,
                                                 const ccd_shape *b, double rho)
{
    memset(out, 0, sizeof *out);
    ccd_conic_lp lp;
    ccd_cone_rows c[2];
    ccd_conic_solution sol;
    ccd_scaling_status st = ccd_scaling_solve_full(res, &sol, &lp, c, a, b, rho,
                                                   CCD_SCALING_TOLERANCE);
    if (st != CCD_SCALING_OK)
        return st;
    size_t n = lp.n, m = lp.m;
    lu *f = calloc(1, sizeof *f);
    if (!f)
        return CCD_SCALING_NOT_CONVERGED; /* no memory: no derivatives either */
    f->n = n + 2 * m;
    for (size_t i = 0; i < m; i++)
        for (size_t j = 0; j < n; j++) {
            f->a[j][n + m + i] = lp.G[i][j]; /* Gᵀ λ */
            f->a[n + i][j] = lp.G[i][j];     /* G v */
        }
    for (size_t i = 0; i < m; i++)
        f->a[n + i][n + i] = 1; /* + s */
    arrow(f, &lp, sol.z, n + m, n);     /* λ∘ds */
    arrow(f, &lp, sol.s, n + m, n + m); /* s∘dλ */
    if (lu_factor(f) != 0) {
        free(f);
        return CCD_SCALING_SINGULAR;
    }
    const ccd_shape *shape[2] = {a, b};
    size_t row0[2] = {0, c[0].rows}, aux0[2] = {4, 4 + c[0].aux};
    double rhs[D], dw[D];
    for (int body = 0; body < 2; body++) {
        out->params[body] = ccd_shape_param_count(shape[body]);
        for (size_t q = 0; q < out->params[body]; q++) {
            double dG[CCD_CONE_MAX_ROWS][CCD_CONE_COLS], dh[CCD_CONE_MAX_ROWS];
            ccd_shape_param_rows(dG, dh, shape[body], &c[body], q);
            memset(rhs, 0, f->n * sizeof *rhs);
            for (size_t i = 0; i < c[body].rows; i++) {
                size_t gi = row0[body] + i;
                double dgv = -dh[i];
                for (size_t j = 0; j < 4 + c[body].aux; j++) {
                    size_t col = j < 4 ? j : aux0[body] + (j - 4);
                    rhs[col] -= dG[i][j] * sol.z[gi]; /* −∂Gᵀ/∂θ λ */
                    dgv += dG[i][j] * sol.v[col];
                }
                rhs[n + gi] = -dgv; /* −(∂G/∂θ v − ∂h/∂θ) */
            }
            lu_solve(dw, f, rhs);
            out->dalpha[body][q] = dw[3];
            memcpy(out->dp[body][q], dw, 3 * sizeof *dw);
        }
    }
    free(f);
    return CCD_SCALING_OK;
}
