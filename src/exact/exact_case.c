/* SPDX-License-Identifier: MIT */
/*
 * The pieces of an exact contact problem (exact_internal.h), shared by the
 * contact test (exact_ccd.c) and the minimum-separation test (separation.c):
 * the query's coordinates over a common denominator, the polynomials of
 * coplanarity, of the interior solution and of the edge and vertex cases, the
 * inequalities of each case's domain, and solving one case (a sign-condition
 * problem on [0, 1]) keeping the earliest time found.
 */
#include <config.h>

#include "exact/exact_ctx.h"
#include "exact/exact_internal.h"

#include <math.h>
#include <stdint.h>

/* --------------------------------------------------------------- coordinates */

/* X = coordinates × lcm, the least common multiple of their denominators. */
ccd_status ccd_exact_load_coordinates(ccd_exact_ctx *ctx, const ccd_query *q)
{
    if (!q->exact) {
        /* every coordinate is m 2^e with m an odd integer: scale by 2^max(-e) */
        long emin = 0;
        int64_t m[CCD_QUERY_ROWS][3];
        long e[CCD_QUERY_ROWS][3];
        for (int i = 0; i < CCD_QUERY_ROWS; i++)
            for (int j = 0; j < 3; j++) {
                double x = q->v[i][j];
                if (!isfinite(x))
                    return CCD_ERR_INPUT;
                int ex;
                double fr = frexp(x, &ex);
                int64_t mi = (int64_t)ldexp(fr, 53); /* exact: |fr| < 1 */
                long ei = ex - 53;
                if (mi == 0) {
                    ei = 0;
                } else {
                    while ((mi & 1) == 0) {
                        mi /= 2;
                        ei++;
                    }
                    if (ei < emin)
                        emin = ei;
                }
                m[i][j] = mi;
                e[i][j] = ei;
            }
        mpz_set_ui(ctx->lcm, 1);
        mpz_mul_2exp(ctx->lcm, ctx->lcm, (unsigned long)-emin);
        for (int i = 0; i < CCD_QUERY_ROWS; i++)
            for (int j = 0; j < 3; j++) {
                mpz_set_si(ctx->X[i][j], (long)m[i][j]);
                if (m[i][j])
                    mpz_mul_2exp(ctx->X[i][j], ctx->X[i][j], (unsigned long)(e[i][j] - emin));
            }
        return CCD_OK;
    }
    mpz_set_ui(ctx->lcm, 1);
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++)
            mpz_lcm(ctx->lcm, ctx->lcm, mpq_denref(q->exact->q[i][j]));
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++) {
            mpz_divexact(ctx->z1, ctx->lcm, mpq_denref(q->exact->q[i][j]));
            mpz_mul(ctx->X[i][j], ctx->z1, mpq_numref(q->exact->q[i][j]));
        }
    return CCD_OK;
}

/* out = P_i(t) - P_j(t) for rows i, j of the query (positions at t0 are rows 0..3). */
static void linear_difference(ccd_poly out[3], ccd_exact_ctx *ctx, int i, int j)
{
    for (int k = 0; k < 3; k++) {
        mpz_sub(out[k].c[0], ctx->X[i][k], ctx->X[j][k]);
        mpz_sub(out[k].c[1], ctx->X[i + 4][k], ctx->X[j + 4][k]);
        mpz_sub(out[k].c[1], out[k].c[1], out[k].c[0]);
        out[k].deg = 1;
        ccd_poly_normalize(&out[k]);
    }
}

static void vec_cross(ccd_poly out[3], const ccd_poly u[3], const ccd_poly v[3])
{
    for (int k = 0; k < 3; k++) {
        int i = (k + 1) % 3, j = (k + 2) % 3;
        ccd_poly_mul(&out[k], &u[i], &v[j]);
        ccd_poly_submul(&out[k], &u[j], &v[i]);
    }
}

static void vec_dot(ccd_poly *out, const ccd_poly u[3], const ccd_poly v[3])
{
    ccd_poly_mul(out, &u[0], &v[0]);
    ccd_poly_addmul(out, &u[1], &v[1]);
    ccd_poly_addmul(out, &u[2], &v[2]);
}

/* a, b, c of the query; n = a × b; f = c · n. */
void ccd_exact_build_coplanarity(ccd_exact_ctx *ctx)
{
    if (ctx->kind == CCD_VF) {
        linear_difference(ctx->a, ctx, 2, 1);
        linear_difference(ctx->b, ctx, 3, 1);
        linear_difference(ctx->c, ctx, 0, 1);
    } else {
        linear_difference(ctx->a, ctx, 1, 0);
        linear_difference(ctx->b, ctx, 2, 3);
        linear_difference(ctx->c, ctx, 2, 0);
    }
    vec_cross(ctx->n, ctx->a, ctx->b);
    vec_dot(&ctx->f, ctx->c, ctx->n);
}

/* N = n·n, A = (c×b)·n, B = (a×c)·n and the domain complements:
 * VF D1 = N - A - B; EE D1 = N - A, D2 = N - B. */
void ccd_exact_build_interior(ccd_exact_ctx *ctx)
{
    ccd_poly *w = ctx->em[0]; /* free until the edge cases are built */
    vec_dot(&ctx->N, ctx->n, ctx->n);
    vec_cross(w, ctx->c, ctx->b);
    vec_dot(&ctx->A, w, ctx->n);
    vec_cross(w, ctx->a, ctx->c);
    vec_dot(&ctx->B, w, ctx->n);
    ccd_poly_sub(&ctx->D1, &ctx->N, &ctx->A);
    if (ctx->kind == CCD_VF) {
        ccd_poly_sub(&ctx->D1, &ctx->D1, &ctx->B);
    } else {
        ccd_poly_sub(&ctx->D2, &ctx->N, &ctx->B);
    }
}

/* The edge (m, r) and vertex (r) cases of the domain's boundary (DESIGN.md §2). */
void ccd_exact_build_boundary_cases(ccd_exact_ctx *ctx)
{
    ccd_poly(*em)[3] = ctx->em, (*er)[3] = ctx->er, (*vr)[3] = ctx->vr;
    ccd_poly *a = ctx->a, *b = ctx->b, *c = ctx->c;
    for (int k = 0; k < 3; k++) {
        if (ctx->kind == CCD_VF) {
            /* edges u = 0: (b, c); v = 0: (a, c); u + v = 1: (b - a, c - a) */
            ccd_poly_set(&em[0][k], &b[k]);
            ccd_poly_set(&er[0][k], &c[k]);
            ccd_poly_set(&em[1][k], &a[k]);
            ccd_poly_set(&er[1][k], &c[k]);
            ccd_poly_sub(&em[2][k], &b[k], &a[k]);
            ccd_poly_sub(&er[2][k], &c[k], &a[k]);
            /* vertices (0,0), (1,0), (0,1): c, c - a, c - b */
            ccd_poly_set(&vr[0][k], &c[k]);
            ccd_poly_sub(&vr[1][k], &c[k], &a[k]);
            ccd_poly_sub(&vr[2][k], &c[k], &b[k]);
        } else {
            /* edges u = 0: (b, c); u = 1: (b, c - a); v = 0: (a, c); v = 1: (a, c - b) */
            ccd_poly_set(&em[0][k], &b[k]);
            ccd_poly_set(&er[0][k], &c[k]);
            ccd_poly_set(&em[1][k], &b[k]);
            ccd_poly_sub(&er[1][k], &c[k], &a[k]);
            ccd_poly_set(&em[2][k], &a[k]);
            ccd_poly_set(&er[2][k], &c[k]);
            ccd_poly_set(&em[3][k], &a[k]);
            ccd_poly_sub(&er[3][k], &c[k], &b[k]);
            /* vertices c, c - a, c - b, c - a - b */
            ccd_poly_set(&vr[0][k], &c[k]);
            ccd_poly_sub(&vr[1][k], &c[k], &a[k]);
            ccd_poly_sub(&vr[2][k], &c[k], &b[k]);
            ccd_poly_sub(&vr[3][k], &vr[2][k], &a[k]);
        }
    }
    ctx->nedges = ctx->kind == CCD_VF ? 3 : 4;
    ctx->nvertices = ctx->kind == CCD_VF ? 3 : 4;
    for (int e = 0; e < ctx->nedges; e++) {
        /* s m = r has a solution s ∈ [0,1] with m ≠ 0 iff m × r = 0 and
         * 0 ≤ m·r ≤ m·m (s = m·r / m·m) */
        vec_cross(ctx->ecr[e], em[e], er[e]);
        vec_dot(&ctx->emm[e], em[e], em[e]);
        vec_dot(&ctx->emr[e], em[e], er[e]);
        ccd_poly_sub(&ctx->emmr[e], &ctx->emm[e], &ctx->emr[e]);
    }
    ctx->cases_built = 1;
}

/* The inequalities of each case. */
int ccd_exact_interior_inequalities(ccd_inequality *in, const ccd_exact_ctx *ctx)
{
    int n = 0;
    in[n++] = (ccd_inequality){&ctx->N, CCD_GT};
    in[n++] = (ccd_inequality){&ctx->A, CCD_GE};
    in[n++] = (ccd_inequality){&ctx->B, CCD_GE};
    in[n++] = (ccd_inequality){&ctx->D1, CCD_GE};
    if (ctx->kind == CCD_EE)
        in[n++] = (ccd_inequality){&ctx->D2, CCD_GE};
    return n;
}

int ccd_exact_edge_inequalities(ccd_inequality *in, const ccd_exact_ctx *ctx, int e)
{
    in[0] = (ccd_inequality){&ctx->emm[e], CCD_GT};
    in[1] = (ccd_inequality){&ctx->emr[e], CCD_GE};
    in[2] = (ccd_inequality){&ctx->emmr[e], CCD_GE};
    return 3;
}

/* --------------------------------------------------- one case, the earliest */

int ccd_exact_solve_case(ccd_exact_ctx *ctx, int *found, const ccd_poly *const *eqs, int neq,
                         const ccd_inequality *in, int nin)
{
    ctx->sat.limit = *found ? &ctx->best : NULL; /* only earlier times matter */
    int r = ccd_sat_solve(&ctx->cand, &ctx->sat, eqs, neq, in, nin);
    ctx->sat.limit = NULL;
    return ccd_exact_keep_earliest(ctx, found, r);
}

int ccd_exact_keep_earliest(ccd_exact_ctx *ctx, int *found, int r)
{
    ctx->work++;
    if (r < 0)
        return -1;
    if (r == 0)
        return 0;
    if (!*found || ccd_algebraic_cmp(&ctx->cand, &ctx->best, &ctx->sat.s) < 0)
        ccd_algebraic_set(&ctx->best, &ctx->cand);
    *found = 1;
    return ctx->best.exact && mpq_sgn(ctx->best.value) == 0;
}
