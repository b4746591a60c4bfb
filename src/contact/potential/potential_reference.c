/* SPDX-License-Identifier: MIT */
/*
 * 256-bit references for the long-range potential (see potential_reference.h).
 *
 * The exact term is solved again in MPFR by Newton's method, started from the
 * double optimum.  That start is already in the quadratic region (its Newton
 * decrement λ² = −∇L·Δ is about 1e-30 L), so each full step squares the
 * relative decrement and four or five steps take it below 2^-(2·prec); since L
 * is stationary at p*, the value's error is of the order of λ², i.e. at the
 * working precision.  Steps are halved until they stay inside the domain, as in
 * the double solver, so no iterate is infeasible.
 *
 * The hierarchy is traversed exactly as potential_bsh.c does (Algorithm 1),
 * with the same switch distances (ccd_bsh_switch, rounded in double as there),
 * so that both evaluate one function; every world point, distance, blend weight
 * and term is computed in MPFR from the doubles that define the meshes and the
 * poses.
 */
#include <config.h>

#include "contact/potential/potential_reference.h"

#include <math.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "contact/potential/potential_internal.h"

enum { PREC = CCD_POTENTIAL_REFERENCE_PREC, MAX_NEWTON = 60 };

/* ------------------------------------------------------------------ helpers */

static void vinit(mpfr_t *x, int n)
{
    for (int i = 0; i < n; i++)
        mpfr_init2(x[i], PREC);
}
static void vclear(mpfr_t *x, int n)
{
    for (int i = 0; i < n; i++)
        mpfr_clear(x[i]);
}

/* out = P_c(r) = 12 (1 + r^-1/2)² */
static void centred(mpfr_t out, const mpfr_t r)
{
    mpfr_rec_sqrt(out, r, MPFR_RNDN);
    mpfr_add_ui(out, out, 1, MPFR_RNDN);
    mpfr_sqr(out, out, MPFR_RNDN);
    mpfr_mul_ui(out, out, 12, MPFR_RNDN);
}

/* out = Φ(u) = 6u⁵ − 15u⁴ + 10u³ clamped to [0, 1] */
static void smoothstep(mpfr_t out, const mpfr_t u)
{
    if (mpfr_sgn(u) <= 0) {
        mpfr_set_ui(out, 0, MPFR_RNDN);
        return;
    }
    if (mpfr_cmp_ui(u, 1) >= 0) {
        mpfr_set_ui(out, 1, MPFR_RNDN);
        return;
    }
    mpfr_t t;
    mpfr_init2(t, PREC);
    mpfr_mul_ui(t, u, 6, MPFR_RNDN); /* ((6u − 15) u + 10) u³ */
    mpfr_sub_ui(t, t, 15, MPFR_RNDN);
    mpfr_mul(t, t, u, MPFR_RNDN);
    mpfr_add_ui(t, t, 10, MPFR_RNDN);
    mpfr_pow_ui(out, u, 3, MPFR_RNDN);
    mpfr_mul(out, out, t, MPFR_RNDN);
    mpfr_clear(t);
}

/* ------------------------------------------------------------------ exact term */

/* The program of one triangle pair: x[0..2] the vertices of a (g side), x[3..5]
 * those of b (h side). */
typedef struct mp_program {
    mpfr_t x[6][3];
    mpfr_t gap[6], s, t; /* gaps and ‖n‖ at the last objective(); scratch */
} mp_program;

/* L at p into L; 0 inside the domain, -1 outside (L untouched then). */
static int objective(mpfr_t L, mp_program *pr, mpfr_t p[4])
{
    mpfr_sqr(pr->s, p[0], MPFR_RNDN);
    mpfr_fma(pr->s, p[1], p[1], pr->s, MPFR_RNDN);
    mpfr_fma(pr->s, p[2], p[2], pr->s, MPFR_RNDN);
    mpfr_sqrt(pr->s, pr->s, MPFR_RNDN);
    if (mpfr_cmp_ui(pr->s, 1) >= 0)
        return -1;
    for (int k = 0; k < 6; k++) {
        mpfr_fma(pr->t, pr->x[k][0], p[0], p[3], MPFR_RNDN);
        mpfr_fma(pr->t, pr->x[k][1], p[1], pr->t, MPFR_RNDN);
        mpfr_fma(pr->t, pr->x[k][2], p[2], pr->t, MPFR_RNDN);
        if (k < 3)
            mpfr_set(pr->gap[k], pr->t, MPFR_RNDN);
        else
            mpfr_neg(pr->gap[k], pr->t, MPFR_RNDN);
        if (mpfr_sgn(pr->gap[k]) <= 0)
            return -1;
    }
    mpfr_ui_sub(pr->t, 1, pr->s, MPFR_RNDN);
    mpfr_ui_div(L, 12, pr->t, MPFR_RNDN);
    for (int k = 0; k < 6; k++) {
        mpfr_ui_div(pr->t, 1, pr->gap[k], MPFR_RNDN);
        mpfr_add(L, L, pr->t, MPFR_RNDN);
    }
    return 0;
}

/* ∇L (4) and ∇²L (4 × 4) at p, with the gaps of the last objective(p):
 *   12/(1 − s):  ∇ = 12/(1 − s)² u,  ∇² = 24/(1 − s)³ uuᵀ + 12/(s (1 − s)²) (I − uuᵀ)
 *   1/g_k:       ∇ = −(a_k, 1)/g²,   ∇² = 2 (a_k, 1)(a_k, 1)ᵀ/g³
 *   1/h_k:       ∇ = +(b_k, 1)/h²,   ∇² = 2 (b_k, 1)(b_k, 1)ᵀ/h³ */
static void derivatives(mpfr_t grad[4], mpfr_t H[16], mp_program *pr, mpfr_t p[4])
{
    mpfr_t u[3], c1, radial, tangential, w, y[4];
    vinit(u, 3), vinit(y, 4);
    mpfr_inits2(PREC, c1, radial, tangential, w, (mpfr_ptr)0);
    for (int i = 0; i < 3; i++)
        mpfr_div(u[i], p[i], pr->s, MPFR_RNDN);
    mpfr_ui_sub(w, 1, pr->s, MPFR_RNDN); /* 1 − s */
    mpfr_sqr(c1, w, MPFR_RNDN);
    mpfr_ui_div(c1, 12, c1, MPFR_RNDN);            /* 12/(1 − s)² */
    mpfr_div(radial, c1, w, MPFR_RNDN);
    mpfr_mul_ui(radial, radial, 2, MPFR_RNDN);     /* 24/(1 − s)³ */
    mpfr_div(tangential, c1, pr->s, MPFR_RNDN);    /* 12/(s (1 − s)²) */
    mpfr_sub(radial, radial, tangential, MPFR_RNDN); /* radial − tangential */
    for (int i = 0; i < 16; i++)
        mpfr_set_ui(H[i], 0, MPFR_RNDN);
    for (int i = 0; i < 3; i++) {
        mpfr_mul(grad[i], c1, u[i], MPFR_RNDN);
        for (int j = 0; j < 3; j++) {
            mpfr_mul(w, u[i], u[j], MPFR_RNDN);
            mpfr_mul(H[4 * i + j], radial, w, MPFR_RNDN);
            if (i == j)
                mpfr_add(H[4 * i + j], H[4 * i + j], tangential, MPFR_RNDN);
        }
    }
    mpfr_set_ui(grad[3], 0, MPFR_RNDN);
    for (int k = 0; k < 6; k++) {
        for (int c = 0; c < 3; c++)
            mpfr_set(y[c], pr->x[k][c], MPFR_RNDN);
        mpfr_set_ui(y[3], 1, MPFR_RNDN);
        mpfr_sqr(w, pr->gap[k], MPFR_RNDN);
        mpfr_ui_div(c1, 1, w, MPFR_RNDN); /* 1/gap² */
        mpfr_mul(w, w, pr->gap[k], MPFR_RNDN);
        mpfr_ui_div(radial, 2, w, MPFR_RNDN); /* 2/gap³ */
        for (int i = 0; i < 4; i++) {
            mpfr_mul(w, y[i], c1, MPFR_RNDN);
            if (k < 3)
                mpfr_sub(grad[i], grad[i], w, MPFR_RNDN);
            else
                mpfr_add(grad[i], grad[i], w, MPFR_RNDN);
            for (int j = 0; j < 4; j++) {
                mpfr_mul(w, y[i], y[j], MPFR_RNDN);
                mpfr_fma(H[4 * i + j], w, radial, H[4 * i + j], MPFR_RNDN);
            }
        }
    }
    vclear(u, 3), vclear(y, 4);
    mpfr_clears(c1, radial, tangential, w, (mpfr_ptr)0);
}

/* x = M⁻¹ y for the symmetric positive definite 4 × 4 M (Cholesky); -1 if not SPD. */
static int solve4(mpfr_t x[4], mpfr_t M[16], mpfr_t y[4])
{
    mpfr_t Lc[16], z[4], s, t;
    vinit(Lc, 16), vinit(z, 4);
    mpfr_inits2(PREC, s, t, (mpfr_ptr)0);
    int ok = 1;
    for (int i = 0; i < 4 && ok; i++)
        for (int j = 0; j <= i; j++) {
            mpfr_set(s, M[4 * i + j], MPFR_RNDN);
            for (int k = 0; k < j; k++) {
                mpfr_mul(t, Lc[4 * i + k], Lc[4 * j + k], MPFR_RNDN);
                mpfr_sub(s, s, t, MPFR_RNDN);
            }
            if (i == j) {
                if (mpfr_sgn(s) <= 0) {
                    ok = 0;
                    break;
                }
                mpfr_sqrt(Lc[4 * i + i], s, MPFR_RNDN);
            } else {
                mpfr_div(Lc[4 * i + j], s, Lc[4 * j + j], MPFR_RNDN);
            }
        }
    if (ok) {
        for (int i = 0; i < 4; i++) {
            mpfr_set(s, y[i], MPFR_RNDN);
            for (int k = 0; k < i; k++) {
                mpfr_mul(t, Lc[4 * i + k], z[k], MPFR_RNDN);
                mpfr_sub(s, s, t, MPFR_RNDN);
            }
            mpfr_div(z[i], s, Lc[4 * i + i], MPFR_RNDN);
        }
        for (int i = 3; i >= 0; i--) {
            mpfr_set(s, z[i], MPFR_RNDN);
            for (int k = i + 1; k < 4; k++) {
                mpfr_mul(t, Lc[4 * k + i], x[k], MPFR_RNDN);
                mpfr_sub(s, s, t, MPFR_RNDN);
            }
            mpfr_div(x[i], s, Lc[4 * i + i], MPFR_RNDN);
        }
    }
    vclear(Lc, 16), vclear(z, 4);
    mpfr_clears(s, t, (mpfr_ptr)0);
    return ok ? 0 : -1;
}

static void program_init(mp_program *pr)
{
    for (int k = 0; k < 6; k++)
        vinit(pr->x[k], 3);
    vinit(pr->gap, 6);
    mpfr_inits2(PREC, pr->s, pr->t, (mpfr_ptr)0);
}
static void program_clear(mp_program *pr)
{
    for (int k = 0; k < 6; k++)
        vclear(pr->x[k], 3);
    vclear(pr->gap, 6);
    mpfr_clears(pr->s, pr->t, (mpfr_ptr)0);
}

/* The exact term of the triangles whose vertices pr->x holds, into value (+∞ on
 * contact). */
static ccd_potential_status exact_term(mpfr_t value, mp_program *pr)
{
    double a[9], b[9], plane[4], start;
    for (int k = 0; k < 3; k++)
        for (int c = 0; c < 3; c++) {
            a[3 * k + c] = mpfr_get_d(pr->x[k][c], MPFR_RNDN);
            b[3 * k + c] = mpfr_get_d(pr->x[3 + k][c], MPFR_RNDN);
        }
    if (ccd_potential_triangles(&start, NULL, NULL, plane, a, b) == CCD_POTENTIAL_CONTACT) {
        mpfr_set_inf(value, 1);
        return CCD_POTENTIAL_CONTACT;
    }
    mpfr_t p[4], trial[4], g[4], H[16], step[4], L, Lt, dec;
    vinit(p, 4), vinit(trial, 4), vinit(g, 4), vinit(H, 16), vinit(step, 4);
    mpfr_inits2(PREC, L, Lt, dec, (mpfr_ptr)0);
    for (int i = 0; i < 4; i++)
        mpfr_set_d(p[i], plane[i], MPFR_RNDN);
    ccd_potential_status status = CCD_POTENTIAL_NOT_CONVERGED;
    if (objective(L, pr, p) == 0) {
        for (int it = 0; it < MAX_NEWTON; it++) {
            derivatives(g, H, pr, p);
            for (int i = 0; i < 4; i++)
                mpfr_neg(g[i], g[i], MPFR_RNDN);
            if (solve4(step, H, g) != 0)
                break;
            mpfr_set_ui(dec, 0, MPFR_RNDN); /* λ² = −∇L·Δ */
            for (int i = 0; i < 4; i++)
                mpfr_fma(dec, g[i], step[i], dec, MPFR_RNDN);
            /* L − L* ≈ λ²/2: below 2^-(prec+32) L the value is exact to the
             * working precision. */
            mpfr_mul_2si(Lt, L, -(PREC + 32), MPFR_RNDN);
            if (mpfr_cmp(dec, Lt) <= 0) {
                status = CCD_POTENTIAL_OK;
                break;
            }
            int moved = 0;
            for (int ls = 0; ls < 200 && !moved; ls++) {
                for (int i = 0; i < 4; i++)
                    mpfr_add(trial[i], p[i], step[i], MPFR_RNDN);
                if (objective(Lt, pr, trial) == 0 && mpfr_cmp(Lt, L) <= 0)
                    moved = 1;
                else
                    for (int i = 0; i < 4; i++)
                        mpfr_mul_2si(step[i], step[i], -1, MPFR_RNDN);
            }
            if (!moved) { /* rounding stalls the descent: converged if λ² is tiny */
                mpfr_mul_2si(Lt, L, -(PREC - 32), MPFR_RNDN);
                if (mpfr_cmp(dec, Lt) <= 0)
                    status = CCD_POTENTIAL_OK;
                break;
            }
            for (int i = 0; i < 4; i++)
                mpfr_swap(p[i], trial[i]);
            mpfr_swap(L, Lt);
        }
        objective(L, pr, p); /* the gaps at p, for a caller that wants them */
    }
    mpfr_set(value, L, MPFR_RNDN);
    vclear(p, 4), vclear(trial, 4), vclear(g, 4), vclear(H, 16), vclear(step, 4);
    mpfr_clears(L, Lt, dec, (mpfr_ptr)0);
    return status;
}

/* ------------------------------------------------------------------ central differences */

/* A function of n doubles' perturbation δ, evaluated at 256 bits into out. */
typedef ccd_potential_status (*mp_function)(mpfr_t out, const double *delta, void *ctx);

/* value = f(0), grad_i = (f(h e_i) − f(−h e_i)) / 2h, hess_ij = (f(h e_i + h e_j) −
 * f(h e_i − h e_j) − f(−h e_i + h e_j) + f(−h e_i − h e_j)) / 4h² (i = j included),
 * each rounded to double from the MPFR result.  The status is f(0)'s, or
 * NOT_CONVERGED when any evaluation did not converge. */
static ccd_potential_status differences(double *value, double *grad, double *hess, int n,
                                        double h, mp_function f, void *ctx)
{
    double delta[18];
    memset(delta, 0, sizeof delta);
    mpfr_t f0, v[4], acc;
    vinit(v, 4);
    mpfr_inits2(PREC, f0, acc, (mpfr_ptr)0);
    ccd_potential_status st = f(f0, delta, ctx), worst = st;
    *value = mpfr_get_d(f0, MPFR_RNDN);
    if (st != CCD_POTENTIAL_CONTACT && grad)
        for (int i = 0; i < n; i++) {
            delta[i] = h;
            ccd_potential_status s1 = f(v[0], delta, ctx);
            delta[i] = -h;
            ccd_potential_status s2 = f(v[1], delta, ctx);
            delta[i] = 0;
            if (s1 != CCD_POTENTIAL_OK || s2 != CCD_POTENTIAL_OK)
                worst = CCD_POTENTIAL_NOT_CONVERGED;
            mpfr_sub(acc, v[0], v[1], MPFR_RNDN);
            mpfr_div_d(acc, acc, 2 * h, MPFR_RNDN);
            grad[i] = mpfr_get_d(acc, MPFR_RNDN);
        }
    if (st != CCD_POTENTIAL_CONTACT && hess)
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= i; j++) {
                for (int c = 0; c < 4; c++) {
                    delta[i] += c & 1 ? -h : h;
                    delta[j] += c & 2 ? -h : h;
                    if (f(v[c], delta, ctx) != CCD_POTENTIAL_OK)
                        worst = CCD_POTENTIAL_NOT_CONVERGED;
                    delta[i] = delta[j] = 0;
                }
                mpfr_sub(acc, v[0], v[1], MPFR_RNDN);
                mpfr_sub(acc, acc, v[2], MPFR_RNDN);
                mpfr_add(acc, acc, v[3], MPFR_RNDN);
                mpfr_div_d(acc, acc, 4 * h * h, MPFR_RNDN);
                hess[n * i + j] = hess[n * j + i] = mpfr_get_d(acc, MPFR_RNDN);
            }
    vclear(v, 4);
    mpfr_clears(f0, acc, (mpfr_ptr)0);
    return st == CCD_POTENTIAL_CONTACT ? st : worst;
}

/* ------------------------------------------------------------------ triangle pair */

typedef struct triangle_ctx {
    const double *a, *b;
    mp_program pr;
} triangle_ctx;

static ccd_potential_status triangle_at(mpfr_t out, const double *delta, void *ctx)
{
    triangle_ctx *t = ctx;
    for (int k = 0; k < 6; k++)
        for (int c = 0; c < 3; c++) {
            const double *x = k < 3 ? t->a + 3 * k : t->b + 3 * (k - 3);
            mpfr_set_d(t->pr.x[k][c], x[c], MPFR_RNDN);
            mpfr_add_d(t->pr.x[k][c], t->pr.x[k][c], delta[3 * k + c], MPFR_RNDN);
        }
    return exact_term(out, &t->pr);
}

ccd_potential_status ccd_potential_triangles_reference(double *value, double *grad, double *hess,
                                                       const double a[9], const double b[9],
                                                       double step)
{
    triangle_ctx t = {.a = a, .b = b};
    program_init(&t.pr);
    ccd_potential_status st = differences(value, grad, hess, 18, step, triangle_at, &t);
    program_clear(&t.pr);
    if (st == CCD_POTENTIAL_CONTACT)
        *value = INFINITY;
    return st;
}

static ccd_potential_status centred_at(mpfr_t out, const double *delta, void *ctx)
{
    mpfr_t r;
    mpfr_init2(r, PREC);
    mpfr_set_d(r, *(const double *)ctx, MPFR_RNDN);
    mpfr_add_d(r, r, delta[0], MPFR_RNDN);
    centred(out, r);
    mpfr_clear(r);
    return CCD_POTENTIAL_OK;
}

void ccd_potential_centred_reference(double out[3], double r, double step)
{
    double hess;
    differences(&out[0], &out[1], &hess, 1, step, centred_at, &r);
    out[2] = hess;
}

/* ------------------------------------------------------------------ hierarchy */

typedef struct bsh_ctx {
    const ccd_bsh *h[2];
    const ccd_pose *pose[2];
    double eps;
    mpfr_t rot[2][9]; /* exp([δω]×) R of each body at the current δ */
    mpfr_t t[2][3];   /* t + δt */
    mp_program pr;
    ccd_potential_status status;
} bsh_ctx;

/* E = exp([w]×) = I + sin θ K + (1 − cos θ) K², K = [w/θ]×, θ = ‖w‖ (Rodrigues). */
static void rotation(mpfr_t E[9], const double w[3])
{
    mpfr_t th, s, c, k[3], K[9], K2[9], tmp;
    vinit(k, 3), vinit(K, 9), vinit(K2, 9);
    mpfr_inits2(PREC, th, s, c, tmp, (mpfr_ptr)0);
    mpfr_set_d(th, w[0], MPFR_RNDN);
    mpfr_sqr(th, th, MPFR_RNDN);
    mpfr_set_d(tmp, w[1], MPFR_RNDN);
    mpfr_fma(th, tmp, tmp, th, MPFR_RNDN);
    mpfr_set_d(tmp, w[2], MPFR_RNDN);
    mpfr_fma(th, tmp, tmp, th, MPFR_RNDN);
    mpfr_sqrt(th, th, MPFR_RNDN);
    for (int i = 0; i < 9; i++)
        mpfr_set_ui(E[i], i % 4 == 0, MPFR_RNDN);
    if (mpfr_sgn(th) > 0) {
        for (int i = 0; i < 3; i++) {
            mpfr_set_d(k[i], w[i], MPFR_RNDN);
            mpfr_div(k[i], k[i], th, MPFR_RNDN);
        }
        mpfr_sin_cos(s, c, th, MPFR_RNDN);
        mpfr_ui_sub(c, 1, c, MPFR_RNDN);
        for (int i = 0; i < 9; i++)
            mpfr_set_ui(K[i], 0, MPFR_RNDN);
        mpfr_neg(K[1], k[2], MPFR_RNDN), mpfr_set(K[2], k[1], MPFR_RNDN);
        mpfr_set(K[3], k[2], MPFR_RNDN), mpfr_neg(K[5], k[0], MPFR_RNDN);
        mpfr_neg(K[6], k[1], MPFR_RNDN), mpfr_set(K[7], k[0], MPFR_RNDN);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                mpfr_set_ui(K2[3 * i + j], 0, MPFR_RNDN);
                for (int l = 0; l < 3; l++)
                    mpfr_fma(K2[3 * i + j], K[3 * i + l], K[3 * l + j], K2[3 * i + j],
                             MPFR_RNDN);
            }
        for (int i = 0; i < 9; i++) {
            mpfr_fma(E[i], s, K[i], E[i], MPFR_RNDN);
            mpfr_fma(E[i], c, K2[i], E[i], MPFR_RNDN);
        }
    }
    vclear(k, 3), vclear(K, 9), vclear(K2, 9);
    mpfr_clears(th, s, c, tmp, (mpfr_ptr)0);
}

/* World point of the body-frame point X of body s. */
static void world(mpfr_t out[3], bsh_ctx *e, int s, const double X[3])
{
    for (int i = 0; i < 3; i++) {
        mpfr_set(out[i], e->t[s][i], MPFR_RNDN);
        for (int l = 0; l < 3; l++) {
            mpfr_mul_d(e->pr.t, e->rot[s][3 * i + l], X[l], MPFR_RNDN);
            mpfr_add(out[i], out[i], e->pr.t, MPFR_RNDN);
        }
    }
}

/* Algorithm 1 on node i of A and node j of B, as process_pair in potential_bsh.c. */
static void process_pair(mpfr_t out, bsh_ctx *e, int32_t i, int32_t j)
{
    const bsh_node *I = &e->h[0]->node[i], *J = &e->h[1]->node[j];
    mpfr_t cI[3], cJ[3], r, p1, pc, u, w;
    vinit(cI, 3), vinit(cJ, 3);
    mpfr_inits2(PREC, r, p1, pc, u, w, (mpfr_ptr)0);
    world(cI, e, 0, I->c);
    world(cJ, e, 1, J->c);
    mpfr_set_ui(r, 0, MPFR_RNDN);
    for (int c = 0; c < 3; c++) {
        mpfr_sub(w, cI[c], cJ[c], MPFR_RNDN);
        mpfr_fma(r, w, w, r, MPFR_RNDN);
    }
    mpfr_sqrt(r, r, MPFR_RNDN);
    double d1, d2;
    ccd_bsh_switch(&d1, &d2, I, J, e->eps);
    centred(pc, r);
    if (mpfr_cmp_d(r, d2) >= 0) {
        mpfr_set(out, pc, MPFR_RNDN);
    } else {
        if (I->child[0] < 0 && J->child[0] < 0) {
            const ccd_mesh *m[2] = {e->h[0]->m, e->h[1]->m};
            uint32_t tri[2] = {I->tri, J->tri};
            for (int s = 0; s < 2; s++)
                for (int k = 0; k < 3; k++)
                    world(e->pr.x[3 * s + k], e, s,
                          m[s]->vertices + 3 * m[s]->triangles[3 * tri[s] + k]);
            ccd_potential_status st = exact_term(p1, &e->pr);
            if (st == CCD_POTENTIAL_CONTACT)
                e->status = CCD_POTENTIAL_CONTACT;
            else if (st != CCD_POTENTIAL_OK && e->status == CCD_POTENTIAL_OK)
                e->status = st;
        } else {
            int32_t ci[2], cj[2];
            int ni = ccd_bsh_children(ci, e->h[0], i), nj = ccd_bsh_children(cj, e->h[1], j);
            mpfr_set_ui(p1, 0, MPFR_RNDN);
            for (int a = 0; a < ni; a++)
                for (int b = 0; b < nj; b++) {
                    process_pair(w, e, ci[a], cj[b]);
                    mpfr_add(p1, p1, w, MPFR_RNDN);
                }
        }
        /* u = (r − d₁)/(d₂ − d₁); blend (Eq. 4) (1 − Φ) P_d₁ + Φ P_c */
        mpfr_set_d(w, d2, MPFR_RNDN);
        mpfr_sub_d(w, w, d1, MPFR_RNDN);
        mpfr_sub_d(u, r, d1, MPFR_RNDN);
        mpfr_div(u, u, w, MPFR_RNDN);
        if (mpfr_sgn(u) <= 0 || mpfr_inf_p(p1)) {
            mpfr_set(out, p1, MPFR_RNDN);
        } else {
            smoothstep(w, u);
            mpfr_sub(pc, pc, p1, MPFR_RNDN);
            mpfr_fma(out, w, pc, p1, MPFR_RNDN); /* P1 + Φ (P_c − P1) */
        }
    }
    vclear(cI, 3), vclear(cJ, 3);
    mpfr_clears(r, p1, pc, u, w, (mpfr_ptr)0);
}

static ccd_potential_status bsh_at(mpfr_t out, const double *delta, void *ctx)
{
    bsh_ctx *e = ctx;
    for (int s = 0; s < 2; s++) {
        mpfr_t E[9];
        vinit(E, 9);
        rotation(E, delta + 6 * s + 3);
        const double (*R)[3] = e->pose[s]->rot;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                mpfr_set_ui(e->rot[s][3 * i + j], 0, MPFR_RNDN);
                for (int l = 0; l < 3; l++) {
                    mpfr_mul_d(e->pr.t, E[3 * i + l], R[l][j], MPFR_RNDN);
                    mpfr_add(e->rot[s][3 * i + j], e->rot[s][3 * i + j], e->pr.t, MPFR_RNDN);
                }
            }
        vclear(E, 9);
        for (int c = 0; c < 3; c++) {
            mpfr_set_d(e->t[s][c], e->pose[s]->pos[c], MPFR_RNDN);
            mpfr_add_d(e->t[s][c], e->t[s][c], delta[6 * s + c], MPFR_RNDN);
        }
    }
    e->status = CCD_POTENTIAL_OK;
    process_pair(out, e, 0, 0);
    return e->status;
}

ccd_potential_status ccd_potential_bsh_reference(double *value, double *grad, double *hess,
                                                 const ccd_bsh *a, const ccd_pose *pose_a,
                                                 const ccd_bsh *b, const ccd_pose *pose_b,
                                                 double eps, double step)
{
    bsh_ctx e = {.h = {a, b}, .pose = {pose_a, pose_b}, .eps = eps};
    for (int s = 0; s < 2; s++)
        vinit(e.rot[s], 9), vinit(e.t[s], 3);
    program_init(&e.pr);
    ccd_potential_status st = differences(value, grad, hess, 12, step, bsh_at, &e);
    for (int s = 0; s < 2; s++)
        vclear(e.rot[s], 9), vclear(e.t[s], 3);
    program_clear(&e.pr);
    if (st == CCD_POTENTIAL_CONTACT)
        *value = INFINITY;
    return st;
}
