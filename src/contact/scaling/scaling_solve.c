/* SPDX-License-Identifier: MIT */
/* ccd_scaling_solve: both shapes' conic rows (scaling_cone.h) and α ≥ 0 as one
 * conic program in (p, α, ε₁, ε₂), minimising α, solved by scaling_ipm.c. */
#include <config.h>

#include "contact/scaling/scaling_cone.h"
#include "contact/scaling/scaling_ipm.h"
#include "contact/scaling/scaling_solve.h"

#include <math.h>
#include <string.h>

/* Appends shape rows c to lp, its ε in the columns from aux_col. */
static void append(ccd_conic_lp *lp, const ccd_cone_rows *c, size_t aux_col)
{
    for (size_t i = 0; i < c->rows; i++) {
        double *g = lp->G[lp->m + i];
        for (int j = 0; j < 4; j++)
            g[j] = c->G[i][j];
        for (size_t j = 0; j < c->aux; j++)
            g[aux_col + j] = c->G[i][4 + j];
        lp->h[lp->m + i] = c->h[i];
    }
    for (size_t b = 0; b < c->blocks; b++) {
        lp->block_dim[lp->blocks] = c->block_dim[b];
        lp->block_soc[lp->blocks++] = c->block_soc[b];
    }
    lp->m += c->rows;
}

void ccd_scaling_program(ccd_conic_lp *lp, ccd_cone_rows c[2], const ccd_shape *a,
                         const ccd_shape *b)
{
    ccd_cone_rows_make(&c[0], a);
    ccd_cone_rows_make(&c[1], b);
    memset(lp, 0, sizeof *lp);
    lp->n = 4 + c[0].aux + c[1].aux;
    lp->c[3] = 1;
    append(lp, &c[0], 4);
    append(lp, &c[1], 4 + c[0].aux);
    lp->G[lp->m][3] = -1; /* −α ≤ 0 */
    lp->block_dim[lp->blocks++] = 1;
    lp->m++;
}

/* normalise(G_pᵀ z) over rows [from, from + rows), and the dual sensitivity
 * ∂α* / ∂x = −G_pᵀ z of the shape those rows describe. */
static void dual_normal(double out[3], double dalpha_dx[3], const ccd_conic_lp *lp,
                        const double *z, size_t from, size_t rows)
{
    double n[3] = {0, 0, 0};
    for (size_t i = from; i < from + rows; i++)
        for (int k = 0; k < 3; k++)
            n[k] += lp->G[i][k] * z[i];
    double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    for (int k = 0; k < 3; k++) {
        out[k] = len > 0 ? n[k] / len : 0;
        dalpha_dx[k] = -n[k];
    }
}

ccd_scaling_status ccd_scaling_solve_full(ccd_scaling_result *out, ccd_conic_solution *sol,
                                          ccd_conic_lp *lp, ccd_cone_rows c[2],
                                          const ccd_shape *a, const ccd_shape *b, double rho,
                                          double tol)
{
    memset(out, 0, sizeof *out);
    ccd_scaling_status st = ccd_shape_check(a);
    if (st == CCD_SCALING_OK)
        st = ccd_shape_check(b);
    if (st != CCD_SCALING_OK)
        return st;
    if (a->kind == CCD_SHAPE_HALFSPACE && b->kind == CCD_SHAPE_HALFSPACE)
        return CCD_SCALING_BAD_SHAPE;
    if (!(rho >= 0) || !isfinite(rho))
        return CCD_SCALING_BAD_SHAPE;
    ccd_scaling_program(lp, c, a, b);
    int r = ccd_conic_solve(sol, lp, rho, tol, CCD_SCALING_MAX_ITERATIONS);
    out->iterations = sol->iterations;
    out->residual = sol->residual;
    if (r != 0)
        return CCD_SCALING_NOT_CONVERGED;
    out->alpha = sol->v[3];
    out->phi = out->alpha - 1;
    memcpy(out->p, sol->v, sizeof out->p);
    memcpy(out->lambda, sol->z, lp->m * sizeof *sol->z);
    out->rows[0] = c[0].rows;
    out->rows[1] = c[1].rows;
    dual_normal(out->normal, out->dalpha_dx[0], lp, sol->z, 0, c[0].rows);
    dual_normal(out->normal2, out->dalpha_dx[1], lp, sol->z, c[0].rows, c[1].rows);
    return CCD_SCALING_OK;
}

ccd_scaling_status ccd_scaling_solve_tol(ccd_scaling_result *out, const ccd_shape *a,
                                         const ccd_shape *b, double rho, double tol)
{
    ccd_conic_lp lp;
    ccd_cone_rows c[2];
    ccd_conic_solution sol;
    return ccd_scaling_solve_full(out, &sol, &lp, c, a, b, rho, tol);
}

ccd_scaling_status ccd_scaling_solve(ccd_scaling_result *out, const ccd_shape *a,
                                     const ccd_shape *b, double rho)
{
    return ccd_scaling_solve_tol(out, a, b, rho, CCD_SCALING_TOLERANCE);
}
