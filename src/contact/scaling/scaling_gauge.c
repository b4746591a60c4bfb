/* SPDX-License-Identifier: MIT */
/* The gauge reference of the minimum-scaling program (see scaling_gauge.h). */
#include <config.h>

#include "contact/scaling/scaling_gauge.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contact/scaling/scaling_cone.h"
#include "core/assert.h"

/*
 * Precision and tolerances.  Everything below runs at PREC = 256 bits, so one
 * operation errs by at most 2⁻²⁵⁶ relative.  Newton stops when its step is below
 * 2⁻²⁰⁰: the convergence is quadratic, so d* is then known to about 2⁻²⁰⁰ and
 * f(d*) — stationary there — to about 2⁻⁴⁰⁰ from the step, i.e. α* to the
 * rounding of its evaluation, a few ulps of 2⁻²⁵⁶: far under the 1e-10 the check
 * asks of the solver.  The tangent Jacobian is a central difference of the
 * analytic gradient with step 2⁻⁹⁰: its error (2⁻¹⁸⁰ truncation, 2⁻¹⁶⁶ rounding)
 * slows Newton to a contraction of about 2⁻¹⁶⁰ per step but does not move the
 * fixed point, which is where the exact gradient vanishes.  Derivatives are
 * central differences with step 2⁻⁶⁰: truncation 2⁻¹²⁰ times the third
 * derivative, rounding 2⁻²⁰⁰⁺⁶⁰ = 2⁻¹⁴⁰.
 */
enum { PREC = 256, NEWTON_STOP = 200, JACOBIAN_STEP = 90, DIFF_STEP = 60, KINK = 100 };
enum { MAX_NEWTON = 80, SPHERE_POINTS = 2048 };

int ccd_scaling_gauge_supports(ccd_shape_kind kind)
{
    switch (kind) {
    case CCD_SHAPE_POLYTOPE:
    case CCD_SHAPE_PADDED_POLYTOPE:
    case CCD_SHAPE_BOX:
    case CCD_SHAPE_SPHERE:
    case CCD_SHAPE_ELLIPSOID:
    case CCD_SHAPE_CAPSULE:
    case CCD_SHAPE_CYLINDER:
    case CCD_SHAPE_CONE:
        return 1;
    default:
        return 0;
    }
}

void ccd_scaling_gauge_init(ccd_scaling_gauge *g)
{
    memset(g, 0, sizeof *g);
    mpfr_init2(g->alpha, PREC);
}

void ccd_scaling_gauge_clear(ccd_scaling_gauge *g)
{
    mpfr_clear(g->alpha);
}

/* ------------------------------------------------------------ shapes in MPFR */

/* A shape with its parameters held exactly (from the doubles) or perturbed.  A
 * (padded) polytope also holds its vertices, each the intersection of the three
 * faces that double precision found for it (ccd_polytope_vertices), solved again
 * in MPFR from the exact face normals and the (perturbed) offsets. */
typedef struct gshape {
    ccd_shape_kind kind;
    const ccd_shape *src;
    mpfr_t x[3], R[3][3];
    mpfr_t radius, length, height, tan_half, e[3];
    mpfr_t b[CCD_SHAPE_MAX_FACES];
    size_t nv;
    size_t faces[CCD_POLYTOPE_MAX_VERTICES][3];
    mpfr_t (*v)[3];
} gshape;

static int is_polytope(ccd_shape_kind k)
{
    return k == CCD_SHAPE_POLYTOPE || k == CCD_SHAPE_PADDED_POLYTOPE;
}

/* q = (b_i (n_j × n_k) + b_j (n_k × n_i) + b_k (n_i × n_j)) / n_i·(n_j × n_k) */
static void polytope_vertices(gshape *g)
{
    mpfr_t n[3][3], c[3][3], det, t;
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 3; k++)
            mpfr_inits2(PREC, n[r][k], c[r][k], (mpfr_ptr)0);
    mpfr_inits2(PREC, det, t, (mpfr_ptr)0);
    for (size_t v = 0; v < g->nv; v++) {
        for (int r = 0; r < 3; r++)
            for (int k = 0; k < 3; k++)
                mpfr_set_d(n[r][k], g->src->normals[g->faces[v][r]][k], MPFR_RNDN);
        for (int r = 0; r < 3; r++) { /* c[r] = n[r+1] × n[r+2] */
            int a = (r + 1) % 3, bb = (r + 2) % 3;
            for (int k = 0; k < 3; k++) {
                int u = (k + 1) % 3, w = (k + 2) % 3;
                mpfr_mul(c[r][k], n[a][u], n[bb][w], MPFR_RNDN);
                mpfr_mul(t, n[a][w], n[bb][u], MPFR_RNDN);
                mpfr_sub(c[r][k], c[r][k], t, MPFR_RNDN);
            }
        }
        mpfr_set_zero(det, 1);
        for (int k = 0; k < 3; k++)
            mpfr_fma(det, n[0][k], c[0][k], det, MPFR_RNDN);
        for (int k = 0; k < 3; k++) {
            mpfr_set_zero(g->v[v][k], 1);
            for (int r = 0; r < 3; r++)
                mpfr_fma(g->v[v][k], g->b[g->faces[v][r]], c[r][k], g->v[v][k], MPFR_RNDN);
            mpfr_div(g->v[v][k], g->v[v][k], det, MPFR_RNDN);
        }
    }
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 3; k++)
            mpfr_clears(n[r][k], c[r][k], (mpfr_ptr)0);
    mpfr_clears(det, t, (mpfr_ptr)0);
}

/* The parameters of s, exactly (the doubles), into g (allocated for s). */
static void gshape_reset(gshape *g, const ccd_shape *s)
{
    for (int i = 0; i < 3; i++) {
        mpfr_set_d(g->x[i], s->position[i], MPFR_RNDN);
        mpfr_set_d(g->e[i], s->half_extents[i], MPFR_RNDN);
        for (int k = 0; k < 3; k++)
            mpfr_set_d(g->R[i][k], s->rotation[i][k], MPFR_RNDN);
    }
    for (size_t f = 0; f < CCD_SHAPE_MAX_FACES; f++)
        mpfr_set_d(g->b[f], f < s->faces ? s->offsets[f] : 0, MPFR_RNDN);
    mpfr_set_d(g->radius, s->radius, MPFR_RNDN);
    mpfr_set_d(g->length, s->length, MPFR_RNDN);
    mpfr_set_d(g->height, s->height, MPFR_RNDN);
    mpfr_set_d(g->tan_half, s->half_angle, MPFR_RNDN);
    mpfr_tan(g->tan_half, g->tan_half, MPFR_RNDN);
    if (is_polytope(s->kind))
        polytope_vertices(g);
}

/* 0 when out of memory (then nothing is left allocated). */
static int gshape_init(gshape *g, const ccd_shape *s)
{
    g->kind = s->kind;
    g->src = s;
    g->nv = 0;
    g->v = NULL;
    if (is_polytope(s->kind)) {
        double v[CCD_POLYTOPE_MAX_VERTICES][3];
        size_t nv = ccd_polytope_vertices(v, g->faces, s);
        if (!(g->v = malloc((nv ? nv : 1) * sizeof *g->v)))
            return 0;
        g->nv = nv;
        for (size_t i = 0; i < nv; i++)
            for (int k = 0; k < 3; k++)
                mpfr_init2(g->v[i][k], PREC);
    }
    for (int i = 0; i < 3; i++) {
        mpfr_inits2(PREC, g->x[i], g->e[i], (mpfr_ptr)0);
        for (int k = 0; k < 3; k++)
            mpfr_init2(g->R[i][k], PREC);
    }
    for (size_t f = 0; f < CCD_SHAPE_MAX_FACES; f++)
        mpfr_init2(g->b[f], PREC);
    mpfr_inits2(PREC, g->radius, g->length, g->height, g->tan_half, (mpfr_ptr)0);
    gshape_reset(g, s);
    return 1;
}

static void gshape_clear(gshape *g)
{
    for (size_t f = 0; f < CCD_SHAPE_MAX_FACES; f++)
        mpfr_clear(g->b[f]);
    for (size_t i = 0; i < g->nv; i++)
        for (int k = 0; k < 3; k++)
            mpfr_clear(g->v[i][k]);
    free(g->v);
    for (int i = 0; i < 3; i++) {
        mpfr_clears(g->x[i], g->e[i], (mpfr_ptr)0);
        for (int k = 0; k < 3; k++)
            mpfr_clear(g->R[i][k]);
    }
    mpfr_clears(g->radius, g->length, g->height, g->tan_half, (mpfr_ptr)0);
}

/* Parameter i of s (ccd_shape_param_name order) moved by sign · 2^-DIFF_STEP. */
static void gshape_perturb(gshape *g, const ccd_shape *s, size_t i, int sign)
{
    mpfr_t h;
    mpfr_init2(h, PREC);
    mpfr_set_si_2exp(h, sign, -DIFF_STEP, MPFR_RNDN);
    if (i < 3) {
        mpfr_add(g->x[i], g->x[i], h, MPFR_RNDN);
    } else if (i < 6) {
        /* R ← exp(ω̂) R with ω = h e_k: the rotation by h about world axis k */
        int k = (int)i - 3, u = (k + 1) % 3, v = (k + 2) % 3;
        mpfr_t c, sn, a, b;
        mpfr_inits2(PREC, c, sn, a, b, (mpfr_ptr)0);
        mpfr_sin_cos(sn, c, h, MPFR_RNDN);
        for (int col = 0; col < 3; col++) {
            /* rows u, v of R turn: (u, v) ← (c u − s v, s u + c v) */
            mpfr_mul(a, c, g->R[u][col], MPFR_RNDN);
            mpfr_mul(b, sn, g->R[v][col], MPFR_RNDN);
            mpfr_sub(a, a, b, MPFR_RNDN);
            mpfr_mul(b, sn, g->R[u][col], MPFR_RNDN);
            mpfr_fma(g->R[v][col], c, g->R[v][col], b, MPFR_RNDN);
            mpfr_set(g->R[u][col], a, MPFR_RNDN);
        }
        mpfr_clears(c, sn, a, b, (mpfr_ptr)0);
    } else {
        size_t j = i - 6;
        switch (s->kind) {
        case CCD_SHAPE_PADDED_POLYTOPE:
            if (j == 0) {
                mpfr_add(g->radius, g->radius, h, MPFR_RNDN);
                break;
            }
            j--;
            /* fall through */
        case CCD_SHAPE_POLYTOPE:
            mpfr_add(g->b[j], g->b[j], h, MPFR_RNDN);
            polytope_vertices(g);
            break;
        case CCD_SHAPE_BOX:
        case CCD_SHAPE_ELLIPSOID:
            mpfr_add(g->e[j], g->e[j], h, MPFR_RNDN);
            break;
        case CCD_SHAPE_SPHERE:
            mpfr_add(g->radius, g->radius, h, MPFR_RNDN);
            break;
        case CCD_SHAPE_CAPSULE:
        case CCD_SHAPE_CYLINDER:
            mpfr_add(j == 0 ? g->radius : g->length, j == 0 ? g->radius : g->length, h,
                     MPFR_RNDN);
            break;
        case CCD_SHAPE_CONE:
            if (j == 0) {
                mpfr_add(g->height, g->height, h, MPFR_RNDN);
            } else {
                mpfr_set_d(g->tan_half, s->half_angle, MPFR_RNDN);
                mpfr_add(g->tan_half, g->tan_half, h, MPFR_RNDN);
                mpfr_tan(g->tan_half, g->tan_half, MPFR_RNDN);
            }
            break;
        default:
            CCD_ASSERT(!"a kind the gauge does not support");
        }
    }
    mpfr_clear(h);
}

/* ------------------------------------------------------- support functions */

/* A scratch set of MPFR numbers, allocated once per solve. */
typedef struct scratch {
    mpfr_t t[8];
} scratch;

static void scratch_init(scratch *w)
{
    for (int i = 0; i < 8; i++)
        mpfr_init2(w->t[i], PREC);
}

static void scratch_clear(scratch *w)
{
    for (int i = 0; i < 8; i++)
        mpfr_clear(w->t[i]);
}

/* Relative distance 2^-KINK, the width of a kink. */
static int at_kink(mpfr_srcptr part, mpfr_srcptr whole)
{
    mpfr_t m;
    mpfr_init2(m, PREC);
    mpfr_mul_2si(m, whole, -KINK, MPFR_RNDN);
    mpfr_abs(m, m, MPFR_RNDN);
    int kink = mpfr_cmpabs(part, m) <= 0;
    mpfr_clear(m);
    return kink;
}

/*
 * h(b) and ∇h(b) of the centred shape in its body frame (the support point
 * where h is differentiable; one of them at a kink); *kink set when b lies
 * within 2^-KINK (relative) of a kink of h.
 */
static void support_body(mpfr_t h, mpfr_t grad[3], int *kink, const gshape *g, mpfr_t b[3],
                         scratch *w)
{
    mpfr_ptr norm = w->t[0], across = w->t[1], t = w->t[2], u = w->t[3];
    mpfr_hypot(across, b[1], b[2], MPFR_RNDN);
    mpfr_hypot(norm, across, b[0], MPFR_RNDN);
    *kink = 0;
    switch (g->kind) {
    case CCD_SHAPE_POLYTOPE:
    case CCD_SHAPE_PADDED_POLYTOPE: {
        /* max over the vertices (+ r‖b‖): smooth where the best vertex is unique */
        size_t best = 0;
        mpfr_ptr second = w->t[4];
        mpfr_set_inf(h, -1);
        mpfr_set_inf(second, -1);
        for (size_t v = 0; v < g->nv; v++) {
            mpfr_set_zero(t, 1);
            for (int k = 0; k < 3; k++)
                mpfr_fma(t, g->v[v][k], b[k], t, MPFR_RNDN);
            if (mpfr_cmp(t, h) > 0) {
                mpfr_swap(second, h);
                mpfr_set(h, t, MPFR_RNDN);
                best = v;
            } else if (mpfr_cmp(t, second) > 0) {
                mpfr_set(second, t, MPFR_RNDN);
            }
        }
        mpfr_sub(u, h, second, MPFR_RNDN);
        *kink = g->nv < 2 || at_kink(u, norm);
        for (int k = 0; k < 3; k++)
            mpfr_set(grad[k], g->v[best][k], MPFR_RNDN);
        if (g->kind == CCD_SHAPE_PADDED_POLYTOPE) {
            mpfr_mul(u, g->radius, norm, MPFR_RNDN);
            mpfr_add(h, h, u, MPFR_RNDN);
            for (int k = 0; k < 3; k++) {
                mpfr_mul(u, g->radius, b[k], MPFR_RNDN);
                mpfr_div(u, u, norm, MPFR_RNDN);
                mpfr_add(grad[k], grad[k], u, MPFR_RNDN);
            }
        }
        break;
    }
    case CCD_SHAPE_SPHERE:
        mpfr_mul(h, g->radius, norm, MPFR_RNDN);
        for (int k = 0; k < 3; k++) {
            mpfr_mul(grad[k], g->radius, b[k], MPFR_RNDN);
            mpfr_div(grad[k], grad[k], norm, MPFR_RNDN);
        }
        break;
    case CCD_SHAPE_ELLIPSOID: /* ‖E b‖, ∇ = E² b / ‖E b‖ */
        mpfr_set_zero(h, 1);
        for (int k = 0; k < 3; k++) {
            mpfr_mul(t, g->e[k], b[k], MPFR_RNDN);
            mpfr_hypot(h, h, t, MPFR_RNDN);
        }
        for (int k = 0; k < 3; k++) {
            mpfr_sqr(t, g->e[k], MPFR_RNDN);
            mpfr_mul(grad[k], t, b[k], MPFR_RNDN);
            mpfr_div(grad[k], grad[k], h, MPFR_RNDN);
        }
        break;
    case CCD_SHAPE_BOX: /* Σ e_k |b_k|, ∇ = e_k sgn b_k */
        mpfr_set_zero(h, 1);
        for (int k = 0; k < 3; k++) {
            mpfr_mul(t, g->e[k], b[k], MPFR_RNDN);
            mpfr_abs(t, t, MPFR_RNDN);
            mpfr_add(h, h, t, MPFR_RNDN);
            mpfr_mul_si(grad[k], g->e[k], mpfr_sgn(b[k]) < 0 ? -1 : 1, MPFR_RNDN);
            *kink |= at_kink(b[k], norm);
        }
        break;
    case CCD_SHAPE_CAPSULE: /* (L/2)|b_x| + r‖b‖ */
    case CCD_SHAPE_CYLINDER: /* (L/2)|b_x| + r‖b_yz‖ */ {
        int capsule = g->kind == CCD_SHAPE_CAPSULE;
        mpfr_ptr rad = capsule ? norm : across;
        mpfr_div_2ui(t, g->length, 1, MPFR_RNDN);
        mpfr_mul(h, t, b[0], MPFR_RNDN);
        mpfr_abs(h, h, MPFR_RNDN);
        mpfr_mul(u, g->radius, rad, MPFR_RNDN);
        mpfr_add(h, h, u, MPFR_RNDN);
        for (int k = 0; k < 3; k++) {
            if (k == 0 && !capsule) {
                mpfr_set_zero(grad[0], 1);
                continue;
            }
            mpfr_mul(grad[k], g->radius, b[k], MPFR_RNDN);
            mpfr_div(grad[k], grad[k], rad, MPFR_RNDN);
        }
        if (mpfr_sgn(b[0]) < 0)
            mpfr_sub(grad[0], grad[0], t, MPFR_RNDN);
        else
            mpfr_add(grad[0], grad[0], t, MPFR_RNDN);
        *kink = at_kink(b[0], norm) || (!capsule && at_kink(across, norm));
        break;
    }
    case CCD_SHAPE_CONE: {
        /* max(H(b_x/4 + tan ν ‖b_yz‖), −3H b_x/4): the base rim or the apex */
        mpfr_ptr rim = t, apex = u;
        mpfr_mul(rim, g->tan_half, across, MPFR_RNDN);
        mpfr_div_2ui(apex, b[0], 2, MPFR_RNDN);
        mpfr_add(rim, rim, apex, MPFR_RNDN);
        mpfr_mul(rim, rim, g->height, MPFR_RNDN);
        mpfr_mul_si(apex, apex, -3, MPFR_RNDN);
        mpfr_mul(apex, apex, g->height, MPFR_RNDN);
        mpfr_ptr diff = w->t[4];
        mpfr_sub(diff, rim, apex, MPFR_RNDN);
        mpfr_ptr scale = w->t[5];
        mpfr_mul(scale, norm, g->height, MPFR_RNDN);
        *kink = at_kink(diff, scale);
        if (mpfr_cmp(rim, apex) >= 0) {
            mpfr_set(h, rim, MPFR_RNDN);
            mpfr_div_2ui(grad[0], g->height, 2, MPFR_RNDN);
            for (int k = 1; k < 3; k++) {
                mpfr_mul(grad[k], g->height, g->tan_half, MPFR_RNDN);
                mpfr_mul(grad[k], grad[k], b[k], MPFR_RNDN);
                mpfr_div(grad[k], grad[k], across, MPFR_RNDN);
            }
            *kink |= at_kink(across, norm);
        } else {
            mpfr_set(h, apex, MPFR_RNDN);
            mpfr_mul_si(grad[0], g->height, -3, MPFR_RNDN);
            mpfr_div_2ui(grad[0], grad[0], 2, MPFR_RNDN);
            mpfr_set_zero(grad[1], 1);
            mpfr_set_zero(grad[2], 1);
        }
        break;
    }
    default:
        CCD_ASSERT(!"a kind the gauge does not support");
    }
}

/* h(sign · d) and ∇_d h(sign · d) · sign … in the world frame: with b = Rᵀ(sign d),
 * h = h_body(b) and the world support point s = R ∇h_body(b). */
static void support_world(mpfr_t h, mpfr_t s[3], int *kink, const gshape *g, mpfr_t d[3],
                          int sign, scratch *w)
{
    mpfr_t b[3], gb[3];
    for (int k = 0; k < 3; k++) {
        mpfr_inits2(PREC, b[k], gb[k], (mpfr_ptr)0);
        mpfr_set_zero(b[k], 1);
        for (int i = 0; i < 3; i++)
            mpfr_fma(b[k], g->R[i][k], d[i], b[k], MPFR_RNDN);
        if (sign < 0)
            mpfr_neg(b[k], b[k], MPFR_RNDN);
    }
    support_body(h, gb, kink, g, b, w);
    for (int i = 0; i < 3; i++) {
        mpfr_set_zero(s[i], 1);
        for (int k = 0; k < 3; k++)
            mpfr_fma(s[i], g->R[i][k], gb[k], s[i], MPFR_RNDN);
    }
    for (int k = 0; k < 3; k++)
        mpfr_clears(b[k], gb[k], (mpfr_ptr)0);
}

/* ----------------------------------------------------------- the objective */

typedef struct problem {
    gshape a, b;
    mpfr_t delta[3]; /* x_b − x_a */
    scratch w;
} problem;

typedef struct point {
    mpfr_t d[3];         /* unit direction */
    mpfr_t f, H;         /* f(d), H(d) */
    mpfr_t grad[3];      /* ∇f(d) */
    mpfr_t sa[3];        /* ∇h_a(d), the support point of a (world, centred) */
    int kink;
} point;

static void point_init(point *p)
{
    mpfr_inits2(PREC, p->f, p->H, (mpfr_ptr)0);
    for (int k = 0; k < 3; k++)
        mpfr_inits2(PREC, p->d[k], p->grad[k], p->sa[k], (mpfr_ptr)0);
}

static void point_clear(point *p)
{
    mpfr_clears(p->f, p->H, (mpfr_ptr)0);
    for (int k = 0; k < 3; k++)
        mpfr_clears(p->d[k], p->grad[k], p->sa[k], (mpfr_ptr)0);
}

static void normalise(mpfr_t v[3], mpfr_ptr scratch_norm)
{
    mpfr_hypot(scratch_norm, v[0], v[1], MPFR_RNDN);
    mpfr_hypot(scratch_norm, scratch_norm, v[2], MPFR_RNDN);
    for (int k = 0; k < 3; k++)
        mpfr_div(v[k], v[k], scratch_norm, MPFR_RNDN);
}

/* f, H, ∇f = (Δ H − (dᵀΔ) ∇H) / H² and the support point of a at p->d. */
static void evaluate(point *p, problem *pr)
{
    mpfr_t hb, sb[3], dd;
    mpfr_inits2(PREC, hb, dd, sb[0], sb[1], sb[2], (mpfr_ptr)0);
    int ka, kb;
    support_world(p->H, p->sa, &ka, &pr->a, p->d, 1, &pr->w);
    support_world(hb, sb, &kb, &pr->b, p->d, -1, &pr->w);
    p->kink = ka || kb;
    mpfr_add(p->H, p->H, hb, MPFR_RNDN);
    mpfr_set_zero(dd, 1);
    for (int k = 0; k < 3; k++)
        mpfr_fma(dd, p->d[k], pr->delta[k], dd, MPFR_RNDN);
    mpfr_div(p->f, dd, p->H, MPFR_RNDN);
    for (int k = 0; k < 3; k++) {
        /* ∇H = ∇h_a(d) − ∇h_b(−d) */
        mpfr_sub(sb[k], p->sa[k], sb[k], MPFR_RNDN);
        mpfr_mul(sb[k], sb[k], p->f, MPFR_RNDN);
        mpfr_sub(p->grad[k], pr->delta[k], sb[k], MPFR_RNDN);
        mpfr_div(p->grad[k], p->grad[k], p->H, MPFR_RNDN);
    }
    mpfr_clears(hb, dd, sb[0], sb[1], sb[2], (mpfr_ptr)0);
}

/* An orthonormal tangent basis e1, e2 of the unit vector d. */
static void tangent_basis(mpfr_t e1[3], mpfr_t e2[3], mpfr_t d[3], mpfr_ptr tmp)
{
    int m = 0; /* the axis least aligned with d */
    for (int k = 1; k < 3; k++)
        if (mpfr_cmpabs(d[k], d[m]) < 0)
            m = k;
    int u = (m + 1) % 3, v = (m + 2) % 3;
    /* e1 = e_m × d, normalised; e2 = d × e1 */
    mpfr_set_zero(e1[m], 1);
    mpfr_neg(e1[u], d[v], MPFR_RNDN);
    mpfr_set(e1[v], d[u], MPFR_RNDN);
    normalise(e1, tmp);
    for (int k = 0; k < 3; k++) {
        int a = (k + 1) % 3, b = (k + 2) % 3;
        mpfr_mul(e2[k], d[a], e1[b], MPFR_RNDN);
        mpfr_mul(tmp, d[b], e1[a], MPFR_RNDN);
        mpfr_sub(e2[k], e2[k], tmp, MPFR_RNDN);
    }
}

/* q->d = normalise(d + s·u1 e1 + s·u2 e2), evaluated. */
static void step_to(point *q, problem *pr, mpfr_t d[3], mpfr_t e1[3], mpfr_t e2[3], mpfr_srcptr u1,
                    mpfr_srcptr u2, mpfr_ptr tmp)
{
    for (int k = 0; k < 3; k++) {
        mpfr_fma(q->d[k], u1, e1[k], d[k], MPFR_RNDN);
        mpfr_fma(q->d[k], u2, e2[k], q->d[k], MPFR_RNDN);
    }
    normalise(q->d, tmp);
    evaluate(q, pr);
}

static void tangent(mpfr_t g[2], const point *p, mpfr_t e1[3], mpfr_t e2[3])
{
    mpfr_set_zero(g[0], 1);
    mpfr_set_zero(g[1], 1);
    for (int k = 0; k < 3; k++) {
        mpfr_fma(g[0], p->grad[k], e1[k], g[0], MPFR_RNDN);
        mpfr_fma(g[1], p->grad[k], e2[k], g[1], MPFR_RNDN);
    }
}

/*
 * Newton from p->d (evaluated) to the maximiser of f.  1 when the step fell
 * below 2^-NEWTON_STOP with a negative definite tangent Jacobian there.
 */
static int maximise(point *p, problem *pr)
{
    mpfr_t e1[3], e2[3], G[2], Gp[2], Gm[2], J[2][2], h, u1, u2, det, tmp, zero;
    for (int k = 0; k < 3; k++)
        mpfr_inits2(PREC, e1[k], e2[k], (mpfr_ptr)0);
    for (int i = 0; i < 2; i++)
        mpfr_inits2(PREC, G[i], Gp[i], Gm[i], J[i][0], J[i][1], (mpfr_ptr)0);
    mpfr_inits2(PREC, h, u1, u2, det, tmp, zero, (mpfr_ptr)0);
    mpfr_set_zero(zero, 1);
    point q;
    point_init(&q);
    int converged = 0, negative_definite = 0;
    for (int it = 0; it < MAX_NEWTON && !converged; it++) {
        tangent_basis(e1, e2, p->d, tmp);
        tangent(G, p, e1, e2);
        /* J[:, j] = (G(d + h e_j) − G(d − h e_j)) / 2h */
        mpfr_set_ui_2exp(h, 1, -JACOBIAN_STEP, MPFR_RNDN);
        for (int j = 0; j < 2; j++) {
            mpfr_neg(tmp, h, MPFR_RNDN);
            step_to(&q, pr, p->d, e1, e2, j == 0 ? h : zero, j == 0 ? zero : h, u1);
            tangent(Gp, &q, e1, e2);
            step_to(&q, pr, p->d, e1, e2, j == 0 ? tmp : zero, j == 0 ? zero : tmp, u1);
            tangent(Gm, &q, e1, e2);
            for (int i = 0; i < 2; i++) {
                mpfr_sub(J[i][j], Gp[i], Gm[i], MPFR_RNDN);
                mpfr_mul_2si(J[i][j], J[i][j], JACOBIAN_STEP - 1, MPFR_RNDN);
            }
        }
        /* symmetrise (the Hessian is symmetric; the difference is its error) */
        mpfr_add(tmp, J[0][1], J[1][0], MPFR_RNDN);
        mpfr_div_2ui(tmp, tmp, 1, MPFR_RNDN);
        mpfr_set(J[0][1], tmp, MPFR_RNDN);
        mpfr_set(J[1][0], tmp, MPFR_RNDN);
        mpfr_mul(det, J[0][0], J[1][1], MPFR_RNDN);
        mpfr_sqr(tmp, J[0][1], MPFR_RNDN);
        mpfr_sub(det, det, tmp, MPFR_RNDN);
        /* negative definite, and not nearly singular (det ≥ 1e-12 · J₀₀²) */
        mpfr_sqr(tmp, J[0][0], MPFR_RNDN);
        mpfr_mul_d(tmp, tmp, 1e-12, MPFR_RNDN);
        negative_definite = mpfr_sgn(J[0][0]) < 0 && mpfr_cmp(det, tmp) > 0;
        if (negative_definite) { /* δ = −J⁻¹ G */
            mpfr_mul(u1, J[1][1], G[0], MPFR_RNDN);
            mpfr_mul(tmp, J[0][1], G[1], MPFR_RNDN);
            mpfr_sub(u1, tmp, u1, MPFR_RNDN);
            mpfr_div(u1, u1, det, MPFR_RNDN);
            mpfr_mul(u2, J[0][1], G[0], MPFR_RNDN);
            mpfr_mul(tmp, J[0][0], G[1], MPFR_RNDN);
            mpfr_sub(u2, u2, tmp, MPFR_RNDN);
            mpfr_div(u2, u2, det, MPFR_RNDN);
        } else { /* ascent along the gradient, at most 0.05 rad */
            mpfr_hypot(tmp, G[0], G[1], MPFR_RNDN);
            if (mpfr_zero_p(tmp))
                break;
            mpfr_d_div(tmp, 0.05, tmp, MPFR_RNDN);
            mpfr_mul(u1, G[0], tmp, MPFR_RNDN);
            mpfr_mul(u2, G[1], tmp, MPFR_RNDN);
        }
        /* at most 0.1 rad; halve while f decreases (by more than rounding) */
        mpfr_hypot(tmp, u1, u2, MPFR_RNDN);
        if (mpfr_cmp_d(tmp, 0.1) > 0) {
            mpfr_d_div(tmp, 0.1, tmp, MPFR_RNDN);
            mpfr_mul(u1, u1, tmp, MPFR_RNDN);
            mpfr_mul(u2, u2, tmp, MPFR_RNDN);
        }
        mpfr_hypot(tmp, u1, u2, MPFR_RNDN);
        if (negative_definite && mpfr_cmp_ui_2exp(tmp, 1, -NEWTON_STOP) < 0) {
            converged = 1;
            break;
        }
        int accepted = 0;
        for (int halve = 0; halve < 60 && !accepted; halve++) {
            step_to(&q, pr, p->d, e1, e2, u1, u2, tmp);
            /* accept unless f fell by more than 2^-240 relative */
            mpfr_sub(tmp, p->f, q.f, MPFR_RNDN);
            mpfr_mul_2si(det, p->f, -240, MPFR_RNDN);
            mpfr_abs(det, det, MPFR_RNDN);
            accepted = mpfr_cmp(tmp, det) <= 0;
            if (!accepted) {
                mpfr_div_2ui(u1, u1, 1, MPFR_RNDN);
                mpfr_div_2ui(u2, u2, 1, MPFR_RNDN);
            }
        }
        if (!accepted)
            break;
        for (int k = 0; k < 3; k++) {
            mpfr_swap(p->d[k], q.d[k]);
            mpfr_swap(p->grad[k], q.grad[k]);
            mpfr_swap(p->sa[k], q.sa[k]);
        }
        mpfr_swap(p->f, q.f);
        mpfr_swap(p->H, q.H);
        p->kink = q.kink;
    }
    point_clear(&q);
    for (int k = 0; k < 3; k++)
        mpfr_clears(e1[k], e2[k], (mpfr_ptr)0);
    for (int i = 0; i < 2; i++)
        mpfr_clears(G[i], Gp[i], Gm[i], J[i][0], J[i][1], (mpfr_ptr)0);
    mpfr_clears(h, u1, u2, det, tmp, zero, (mpfr_ptr)0);
    return converged && negative_definite;
}

/* The best direction of a Fibonacci sphere (and of Δ itself), in double. */
static void coarse_start(double best[3], const ccd_shape *a, const ccd_shape *b)
{
    double delta[3], top = -INFINITY;
    for (int k = 0; k < 3; k++)
        delta[k] = b->position[k] - a->position[k];
    double len = sqrt(delta[0] * delta[0] + delta[1] * delta[1] + delta[2] * delta[2]);
    for (int k = 0; k < 3; k++)
        best[k] = len > 0 ? delta[k] / len : (k == 0);
    for (int i = -1; i < SPHERE_POINTS; i++) {
        double d[3], m[3];
        if (i < 0) {
            memcpy(d, best, sizeof d);
        } else { /* golden-angle spiral */
            double z = 1 - (2.0 * i + 1) / SPHERE_POINTS, r = sqrt(1 - z * z);
            double phi = i * 2.399963229728653;
            d[0] = r * cos(phi), d[1] = r * sin(phi), d[2] = z;
        }
        for (int k = 0; k < 3; k++)
            m[k] = -d[k];
        double f = (d[0] * delta[0] + d[1] * delta[1] + d[2] * delta[2]) /
                   (ccd_shape_support(a, d) + ccd_shape_support(b, m));
        if (f > top)
            top = f, memcpy(best, d, sizeof d);
    }
}

/* 0 when out of memory (then nothing is left allocated). */
static int problem_init(problem *pr, const ccd_shape *a, const ccd_shape *b)
{
    if (!gshape_init(&pr->a, a))
        return 0;
    if (!gshape_init(&pr->b, b)) {
        gshape_clear(&pr->a);
        return 0;
    }
    for (int k = 0; k < 3; k++) {
        mpfr_init2(pr->delta[k], PREC);
        mpfr_sub(pr->delta[k], pr->b.x[k], pr->a.x[k], MPFR_RNDN); /* exact: 256 bits */
    }
    scratch_init(&pr->w);
    return 1;
}

static void problem_clear(problem *pr)
{
    gshape_clear(&pr->a);
    gshape_clear(&pr->b);
    for (int k = 0; k < 3; k++)
        mpfr_clear(pr->delta[k]);
    scratch_clear(&pr->w);
}

static void problem_refresh_delta(problem *pr)
{
    for (int k = 0; k < 3; k++)
        mpfr_sub(pr->delta[k], pr->b.x[k], pr->a.x[k], MPFR_RNDN);
}

/* Maximise from start (unit, double or MPFR); 1 when accepted (see the header). */
static int solve_from(point *p, problem *pr, mpfr_t start[3])
{
    mpfr_t tmp;
    mpfr_init2(tmp, PREC);
    for (int k = 0; k < 3; k++)
        mpfr_set(p->d[k], start[k], MPFR_RNDN);
    normalise(p->d, tmp);
    mpfr_clear(tmp);
    evaluate(p, pr);
    int ok = maximise(p, pr);
    return ok && !p->kink && mpfr_sgn(p->f) > 0;
}

/* p* = x_a + α* ∇h_a(d*) into out. */
static void touching_point(double out[3], const point *p, const problem *pr)
{
    mpfr_t t;
    mpfr_init2(t, PREC);
    for (int k = 0; k < 3; k++) {
        mpfr_fma(t, p->f, p->sa[k], pr->a.x[k], MPFR_RNDN);
        out[k] = mpfr_get_d(t, MPFR_RNDN);
    }
    mpfr_clear(t);
}

int ccd_scaling_gauge_solve(ccd_scaling_gauge *g, const ccd_shape *a, const ccd_shape *b)
{
    if (!ccd_scaling_gauge_supports(a->kind) || !ccd_scaling_gauge_supports(b->kind))
        return 0;
    double start[3];
    coarse_start(start, a, b);
    problem pr;
    if (!problem_init(&pr, a, b))
        return 0;
    point p;
    point_init(&p);
    mpfr_t s[3];
    for (int k = 0; k < 3; k++) {
        mpfr_init2(s[k], PREC);
        mpfr_set_d(s[k], start[k], MPFR_RNDN);
    }
    int ok = solve_from(&p, &pr, s);
    if (ok) {
        mpfr_set(g->alpha, p.f, MPFR_RNDN);
        touching_point(g->p, &p, &pr);
        mpfr_t t;
        mpfr_init2(t, PREC);
        for (int k = 0; k < 3; k++) {
            g->normal[k] = mpfr_get_d(p.d[k], MPFR_RNDN); /* unit already */
            mpfr_div(t, p.d[k], p.H, MPFR_RNDN);
            g->dalpha_dx[1][k] = mpfr_get_d(t, MPFR_RNDN);
            g->dalpha_dx[0][k] = -g->dalpha_dx[1][k];
        }
        mpfr_clear(t);
    }
    for (int k = 0; k < 3; k++)
        mpfr_clear(s[k]);
    point_clear(&p);
    problem_clear(&pr);
    return ok;
}

int ccd_scaling_gauge_differences(ccd_scaling_gauge_derivatives *out, const ccd_shape *a,
                                  const ccd_shape *b)
{
    memset(out, 0, sizeof *out);
    if (!ccd_scaling_gauge_supports(a->kind) || !ccd_scaling_gauge_supports(b->kind))
        return 0;
    const ccd_shape *shapes[2] = {a, b};
    out->params[0] = ccd_shape_param_count(a);
    out->params[1] = ccd_shape_param_count(b);
    double start[3];
    coarse_start(start, a, b);
    problem pr;
    if (!problem_init(&pr, a, b))
        return 0;
    point base, q;
    point_init(&base);
    point_init(&q);
    mpfr_t s[3], plus, pp[3], t;
    mpfr_inits2(PREC, plus, t, pp[0], pp[1], pp[2], (mpfr_ptr)0);
    for (int k = 0; k < 3; k++) {
        mpfr_init2(s[k], PREC);
        mpfr_set_d(s[k], start[k], MPFR_RNDN);
    }
    int ok = solve_from(&base, &pr, s);
    for (int body = 0; ok && body < 2; body++)
        for (size_t i = 0; ok && i < out->params[body]; i++) {
            for (int sign = 1; ok && sign >= -1; sign -= 2) {
                gshape *g = body == 0 ? &pr.a : &pr.b;
                gshape_perturb(g, shapes[body], i, sign);
                problem_refresh_delta(&pr);
                ok = solve_from(&q, &pr, base.d);
                if (ok) {
                    /* p = x_a + α ∇h_a(d) of the perturbed pair */
                    for (int k = 0; k < 3; k++) {
                        mpfr_fma(t, q.f, q.sa[k], pr.a.x[k], MPFR_RNDN);
                        if (sign > 0)
                            mpfr_set(pp[k], t, MPFR_RNDN);
                        else
                            mpfr_sub(pp[k], pp[k], t, MPFR_RNDN);
                    }
                    if (sign > 0)
                        mpfr_set(plus, q.f, MPFR_RNDN);
                    else
                        mpfr_sub(plus, plus, q.f, MPFR_RNDN);
                }
                gshape_reset(g, shapes[body]); /* back to the exact parameters */
                problem_refresh_delta(&pr);
            }
            if (ok) { /* (f(θ + h) − f(θ − h)) / 2h */
                mpfr_mul_2si(plus, plus, DIFF_STEP - 1, MPFR_RNDN);
                out->dalpha[body][i] = mpfr_get_d(plus, MPFR_RNDN);
                for (int k = 0; k < 3; k++) {
                    mpfr_mul_2si(pp[k], pp[k], DIFF_STEP - 1, MPFR_RNDN);
                    out->dp[body][i][k] = mpfr_get_d(pp[k], MPFR_RNDN);
                }
            }
        }
    for (int k = 0; k < 3; k++)
        mpfr_clear(s[k]);
    mpfr_clears(plus, t, pp[0], pp[1], pp[2], (mpfr_ptr)0);
    point_clear(&base);
    point_clear(&q);
    problem_clear(&pr);
    return ok;
}
