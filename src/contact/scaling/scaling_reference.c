/* SPDX-License-Identifier: MIT */
/* References for the minimum-scaling program (see scaling_reference.h). */
#include <config.h>

#include "contact/scaling/scaling_reference.h"

#include <gmp.h>
#include <math.h>
#include <string.h>

#include "contact/common/exact_simplex.h"
#include "contact/scaling/scaling_gauge.h"
#include "contact/scaling/scaling_solve.h"

enum { PREC = 256 };

void ccd_scaling_ref_init(ccd_scaling_ref *r)
{
    memset(r, 0, sizeof *r);
    mpfr_init2(r->alpha, PREC);
}

void ccd_scaling_ref_clear(ccd_scaling_ref *r)
{
    mpfr_clear(r->alpha);
}

const char *ccd_scaling_ref_name(ccd_scaling_ref_kind kind)
{
    switch (kind) {
    case CCD_SCALING_REF_EXACT_LP:
        return "exact LP";
    case CCD_SCALING_REF_CLOSED_FORM:
        return "closed form";
    case CCD_SCALING_REF_GAUGE:
        return "gauge";
    default:
        return "none";
    }
}

/* e = |alpha − α*| at 256 bits (alpha converted exactly: 256 bits hold a double). */
static void alpha_difference(mpfr_t e, const ccd_scaling_ref *r, double alpha)
{
    mpfr_init2(e, PREC);
    mpfr_set_d(e, alpha, MPFR_RNDN);
    mpfr_sub(e, e, r->alpha, MPFR_RNDN);
    mpfr_abs(e, e, MPFR_RNDN);
}

double ccd_scaling_ref_alpha_abs_error(const ccd_scaling_ref *r, double alpha)
{
    mpfr_t e;
    alpha_difference(e, r, alpha);
    double d = mpfr_get_d(e, MPFR_RNDU);
    mpfr_clear(e);
    return d;
}

double ccd_scaling_ref_alpha_error(const ccd_scaling_ref *r, double alpha)
{
    if (mpfr_cmp_d(r->alpha, CCD_SCALING_REL_ALPHA_MIN) < 0)
        return NAN;
    mpfr_t e;
    alpha_difference(e, r, alpha);
    mpfr_div(e, e, r->alpha, MPFR_RNDN);
    double d = mpfr_get_d(e, MPFR_RNDU);
    mpfr_clear(e);
    return d;
}

static int is_lp(ccd_shape_kind k)
{
    return k == CCD_SHAPE_POLYTOPE || k == CCD_SHAPE_BOX || k == CCD_SHAPE_HALFSPACE;
}

static int is_identity(const double R[3][3])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (R[i][j] != (i == j))
                return 0;
    return 1;
}

static void unit(double out[3], const double v[3])
{
    double n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int k = 0; k < 3; k++)
        out[k] = n > 0 ? v[k] / n : 0;
}

/* The program's dual  min hᵀz  s.t.  Gᵀz = −c, z ≥ 0, exactly: α* = −min hᵀz, and
 * the normal from z over shape a's rows. */
static void exact_lp(ccd_scaling_ref *r, const ccd_shape *a, const ccd_shape *b)
{
    ccd_conic_lp lp;
    ccd_cone_rows c[2];
    ccd_scaling_program(&lp, c, a, b);
    ccd_simplex S;
    ccd_simplex_init(&S, lp.n, lp.m);
    for (size_t j = 0; j < lp.m; j++) {
        for (size_t i = 0; i < lp.n; i++)
            mpq_set_d(S.B[i][j], lp.G[j][i]);
        mpq_set_d(S.f[j], lp.h[j]);
    }
    for (size_t i = 0; i < lp.n; i++)
        mpq_set_d(S.r[i], -lp.c[i]);
    mpq_t value, z[CCD_SIMPLEX_MAX_COLS], t, nq[3];
    mpq_inits(value, t, nq[0], nq[1], nq[2], NULL);
    for (size_t j = 0; j < lp.m; j++)
        mpq_init(z[j]);
    if (ccd_simplex_solve(value, z, &S) == CCD_SIMPLEX_OPTIMAL) {
        r->kind = CCD_SCALING_REF_EXACT_LP;
        mpq_neg(value, value);
        mpfr_set_q(r->alpha, value, MPFR_RNDN);
        double n[3];
        for (int body = 0; body < 2; body++) {
            size_t from = body ? c[0].rows : 0, to = body ? c[0].rows + c[1].rows : c[0].rows;
            for (int k = 0; k < 3; k++) {
                mpq_set_ui(nq[k], 0, 1);
                for (size_t j = from; j < to; j++) {
                    mpq_set_d(t, lp.G[j][k]);
                    mpq_mul(t, t, z[j]);
                    mpq_add(nq[k], nq[k], t);
                }
                r->dalpha_dx[body][k] = -mpq_get_d(nq[k]);
                if (!body)
                    n[k] = -r->dalpha_dx[0][k];
            }
        }
        unit(r->normal, n);
        /* at α* = 0 the duals name no direction; the rows' rounded right-hand
         * sides can leave α* a tiny positive number where it is 0 for the exact
         * shapes, so the normal counts from α* > 1e-9 */
        r->has_normal = mpq_get_d(value) > 1e-9;
    }
    for (size_t j = 0; j < lp.m; j++)
        mpq_clear(z[j]);
    mpq_clears(value, t, nq[0], nq[1], nq[2], NULL);
    ccd_simplex_clear(&S);
}

static void axis_aligned_boxes(ccd_scaling_ref *r, const ccd_shape *a, const ccd_shape *b)
{
    mpq_t best, q, den;
    mpq_inits(best, q, den, NULL);
    int axis = -1;
    for (int k = 0; k < 3; k++) {
        mpq_set_d(q, b->position[k]);
        mpq_set_d(den, a->position[k]);
        mpq_sub(q, q, den);
        mpq_abs(q, q);
        mpq_set_d(den, a->half_extents[k]);
        mpq_t hb;
        mpq_init(hb);
        mpq_set_d(hb, b->half_extents[k]);
        mpq_add(den, den, hb);
        mpq_clear(hb);
        mpq_div(q, q, den);
        if (axis < 0 || mpq_cmp(q, best) > 0)
            mpq_set(best, q), axis = k;
    }
    r->kind = CCD_SCALING_REF_CLOSED_FORM;
    mpfr_set_q(r->alpha, best, MPFR_RNDN);
    r->has_normal = mpq_sgn(best) > 0;
    memset(r->normal, 0, sizeof r->normal);
    r->normal[axis] = b->position[axis] > a->position[axis] ? 1 : -1;
    memset(r->dalpha_dx, 0, sizeof r->dalpha_dx);
    double w = 1 / (a->half_extents[axis] + b->half_extents[axis]);
    r->dalpha_dx[0][axis] = -r->normal[axis] * w;
    r->dalpha_dx[1][axis] = r->normal[axis] * w;
    mpq_clears(best, q, den, NULL);
}

static void spheres(ccd_scaling_ref *r, const ccd_shape *a, const ccd_shape *b)
{
    mpfr_t d[3], len, rs, t;
    for (int k = 0; k < 3; k++) {
        mpfr_init2(d[k], PREC);
        mpfr_set_d(d[k], b->position[k], MPFR_RNDN);
        mpfr_sub_d(d[k], d[k], a->position[k], MPFR_RNDN);
    }
    mpfr_inits2(PREC, len, rs, t, (mpfr_ptr)0);
    mpfr_hypot(len, d[0], d[1], MPFR_RNDN);
    mpfr_hypot(len, len, d[2], MPFR_RNDN);
    mpfr_set_d(rs, a->radius, MPFR_RNDN);
    mpfr_add_d(rs, rs, b->radius, MPFR_RNDN);
    mpfr_div(r->alpha, len, rs, MPFR_RNDN);
    r->kind = CCD_SCALING_REF_CLOSED_FORM;
    r->has_p = 1;
    r->has_normal = mpfr_sgn(len) > 0;
    for (int k = 0; k < 3; k++) {
        /* p* = x₁ + R₁ Δ / (R₁ + R₂) */
        mpfr_mul_d(t, d[k], a->radius, MPFR_RNDN);
        mpfr_div(t, t, rs, MPFR_RNDN);
        mpfr_add_d(t, t, a->position[k], MPFR_RNDN);
        r->p[k] = mpfr_get_d(t, MPFR_RNDN);
        if (r->has_normal) {
            mpfr_div(t, d[k], len, MPFR_RNDN);
            r->normal[k] = mpfr_get_d(t, MPFR_RNDN);
            mpfr_div(t, t, rs, MPFR_RNDN);
            r->dalpha_dx[1][k] = mpfr_get_d(t, MPFR_RNDN);
            r->dalpha_dx[0][k] = -r->dalpha_dx[1][k];
        }
        mpfr_clear(d[k]);
    }
    mpfr_clears(len, rs, t, (mpfr_ptr)0);
}

/* h = max{dᵀq : Aq ≤ b} of a polytope, exactly: min bᵀy s.t. Aᵀy = d, y ≥ 0. */
static int polytope_support_q(mpq_t h, const ccd_shape *s, mpq_t d[3])
{
    ccd_simplex S;
    ccd_simplex_init(&S, 3, s->faces);
    for (size_t j = 0; j < s->faces; j++) {
        for (int i = 0; i < 3; i++)
            mpq_set_d(S.B[i][j], s->normals[j][i]);
        mpq_set_d(S.f[j], s->offsets[j]);
    }
    for (int i = 0; i < 3; i++)
        mpq_set(S.r[i], d[i]);
    mpq_t y[CCD_SHAPE_MAX_FACES];
    for (size_t j = 0; j < s->faces; j++)
        mpq_init(y[j]);
    int ok = ccd_simplex_solve(h, y, &S) == CCD_SIMPLEX_OPTIMAL;
    for (size_t j = 0; j < s->faces; j++)
        mpq_clear(y[j]);
    ccd_simplex_clear(&S);
    return ok;
}

/* Shape s (scaled) against half-space hs. */
static void against_halfspace(ccd_scaling_ref *r, const ccd_shape *s, const ccd_shape *hs,
                              int s_first)
{
    /* the world normal a = R_h n, exactly as the solver's row holds it */
    ccd_cone_rows hc;
    ccd_cone_rows_make(&hc, hs);
    const double *a = hc.G[0];
    /* d = Rᵀ(−a): exact rationals (sums of products of doubles) */
    mpq_t dq[3], t, u;
    mpq_inits(dq[0], dq[1], dq[2], t, u, NULL);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            mpq_set_d(t, s->rotation[k][i]);
            mpq_set_d(u, -a[k]);
            mpq_mul(t, t, u);
            mpq_add(dq[i], dq[i], t);
        }
    mpfr_t d[3], h, x, m, axial, across, norm;
    for (int i = 0; i < 3; i++) {
        mpfr_init2(d[i], PREC);
        mpfr_set_q(d[i], dq[i], MPFR_RNDN);
    }
    mpfr_inits2(PREC, h, x, m, axial, across, norm, (mpfr_ptr)0);
    mpfr_abs(axial, d[0], MPFR_RNDN);
    mpfr_hypot(across, d[1], d[2], MPFR_RNDN);
    mpfr_hypot(norm, across, d[0], MPFR_RNDN);
    int ok = 1;
    switch (s->kind) {
    case CCD_SHAPE_SPHERE:
        mpfr_mul_d(h, norm, s->radius, MPFR_RNDN);
        break;
    case CCD_SHAPE_ELLIPSOID:
        mpfr_set_zero(h, 1);
        for (int k = 0; k < 3; k++) {
            mpfr_mul_d(x, d[k], s->half_extents[k], MPFR_RNDN);
            mpfr_hypot(h, h, x, MPFR_RNDN);
        }
        break;
    case CCD_SHAPE_CAPSULE:
    case CCD_SHAPE_CYLINDER:
        mpfr_mul_d(h, axial, s->length, MPFR_RNDN);
        mpfr_div_ui(h, h, 2, MPFR_RNDN);
        mpfr_mul_d(x, s->kind == CCD_SHAPE_CAPSULE ? norm : across, s->radius, MPFR_RNDN);
        mpfr_add(h, h, x, MPFR_RNDN);
        break;
    case CCD_SHAPE_CONE:
        mpfr_set_d(x, s->half_angle, MPFR_RNDN);
        mpfr_tan(x, x, MPFR_RNDN);
        mpfr_mul(x, x, across, MPFR_RNDN);
        mpfr_div_ui(m, d[0], 4, MPFR_RNDN);
        mpfr_add(x, x, m, MPFR_RNDN);
        mpfr_mul_d(x, x, s->height, MPFR_RNDN); /* H(d_x/4 + tan ν ‖d_yz‖) */
        mpfr_mul_si(m, m, -3, MPFR_RNDN);
        mpfr_mul_d(m, m, s->height, MPFR_RNDN); /* −3H d_x/4 */
        mpfr_max(h, x, m, MPFR_RNDN);
        break;
    case CCD_SHAPE_PADDED_POLYTOPE:
        ok = polytope_support_q(t, s, dq);
        mpfr_set_q(h, t, MPFR_RNDN);
        mpfr_mul_d(x, norm, s->radius, MPFR_RNDN);
        mpfr_add(h, h, x, MPFR_RNDN);
        break;
    default:
        ok = 0;
    }
    if (ok) {
        /* aᵀ(x_s − x_h), exactly in rationals, then / h */
        mpq_set_ui(u, 0, 1);
        for (int k = 0; k < 3; k++) {
            mpq_set_d(t, s->position[k]);
            mpq_t xh;
            mpq_init(xh);
            mpq_set_d(xh, hs->position[k]);
            mpq_sub(t, t, xh);
            mpq_set_d(xh, a[k]);
            mpq_mul(t, t, xh);
            mpq_add(u, u, t);
            mpq_clear(xh);
        }
        mpfr_set_q(x, u, MPFR_RNDN);
        mpfr_div(r->alpha, x, h, MPFR_RNDN);
        if (mpfr_sgn(r->alpha) < 0)
            mpfr_set_zero(r->alpha, 1);
        r->kind = CCD_SCALING_REF_CLOSED_FORM;
        r->has_normal = mpfr_cmp_d(r->alpha, 1e-9) > 0;
        double an[3];
        unit(an, a);
        for (int k = 0; k < 3; k++) {
            r->normal[k] = s_first ? -an[k] : an[k];
            /* ∂α* / ∂x_s = a / h_S(−a), the plane's point the opposite */
            mpfr_set_d(x, a[k], MPFR_RNDN);
            mpfr_div(x, x, h, MPFR_RNDN);
            double g = mpfr_get_d(x, MPFR_RNDN);
            r->dalpha_dx[s_first ? 0 : 1][k] = g;
            r->dalpha_dx[s_first ? 1 : 0][k] = -g;
        }
        /* p* = x + α*∇h(d) with d = −a in the body frame (world ∇h = R ∇h_body) */
        if (s->kind == CCD_SHAPE_SPHERE || s->kind == CCD_SHAPE_ELLIPSOID) {
            r->has_p = 1;
            mpfr_t g[3];
            for (int k = 0; k < 3; k++) {
                mpfr_init2(g[k], PREC);
                double e = s->kind == CCD_SHAPE_SPHERE ? s->radius * s->radius
                                                       : s->half_extents[k] * s->half_extents[k];
                mpfr_mul_d(g[k], d[k], e, MPFR_RNDN);
                mpfr_div(g[k], g[k], h, MPFR_RNDN);
                mpfr_mul(g[k], g[k], r->alpha, MPFR_RNDN);
            }
            for (int i = 0; i < 3; i++) {
                mpfr_set_d(x, s->position[i], MPFR_RNDN);
                for (int k = 0; k < 3; k++) {
                    mpfr_mul_d(m, g[k], s->rotation[i][k], MPFR_RNDN);
                    mpfr_add(x, x, m, MPFR_RNDN);
                }
                r->p[i] = mpfr_get_d(x, MPFR_RNDN);
            }
            for (int k = 0; k < 3; k++)
                mpfr_clear(g[k]);
        }
    }
    for (int i = 0; i < 3; i++)
        mpfr_clear(d[i]);
    mpfr_clears(h, x, m, axial, across, norm, (mpfr_ptr)0);
    mpq_clears(dq[0], dq[1], dq[2], t, u, NULL);
}

/* Smooth primitives without a closed form: the gauge, where it is unique. */
static void gauge(ccd_scaling_ref *r, const ccd_shape *a, const ccd_shape *b)
{
    ccd_scaling_gauge g;
    ccd_scaling_gauge_init(&g);
    if (ccd_scaling_gauge_solve(&g, a, b)) {
        r->kind = CCD_SCALING_REF_GAUGE;
        mpfr_set(r->alpha, g.alpha, MPFR_RNDN);
        r->has_p = r->has_normal = 1;
        memcpy(r->p, g.p, sizeof r->p);
        memcpy(r->normal, g.normal, sizeof r->normal);
        memcpy(r->dalpha_dx, g.dalpha_dx, sizeof r->dalpha_dx);
    }
    ccd_scaling_gauge_clear(&g);
}

void ccd_scaling_reference(ccd_scaling_ref *r, const ccd_shape *a, const ccd_shape *b)
{
    r->kind = CCD_SCALING_REF_NONE;
    r->has_p = r->has_normal = 0;
    if (a->kind == CCD_SHAPE_BOX && b->kind == CCD_SHAPE_BOX && is_identity(a->rotation) &&
        is_identity(b->rotation))
        axis_aligned_boxes(r, a, b);
    else if (is_lp(a->kind) && is_lp(b->kind))
        exact_lp(r, a, b);
    else if (a->kind == CCD_SHAPE_SPHERE && b->kind == CCD_SHAPE_SPHERE)
        spheres(r, a, b);
    else if (b->kind == CCD_SHAPE_HALFSPACE)
        against_halfspace(r, a, b, 1);
    else if (a->kind == CCD_SHAPE_HALFSPACE)
        against_halfspace(r, b, a, 0);
    else
        gauge(r, a, b);
}
