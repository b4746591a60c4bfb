/* SPDX-License-Identifier: MIT */
/*
 * FPRF — the floating-point root finder of Provot [28] as benchmarked in Wang et al. 2021
 * §4.2 (implemented there by Vouga et al. [49]).
 *
 * Four points are in contact only when they are coplanar, so the method
 *   1. solves the coplanarity cubic f(t) = ((e1 × e2) · e3)(t) = 0 in doubles
 *      (Wang et al. 2021 eq. 3), keeping roots in [-η, t_max + η] (clamped to [0, t_max]);
 *   2. tests each root, earliest first, for contact within the tolerance η:
 *      VF: distance from the vertex to the closed triangle ≤ η,
 *      EE: distance between the two closed segments ≤ η;
 *   3. reports the first root that passes as the time of impact.
 * When f vanishes identically (coplanar motion) the contact starts at t = 0, at
 * t = t_max, or when a vertex crosses an edge line inside the plane; those times
 * are roots of the quadratic cross products along the plane's normal axis.
 *
 * Everything is plain floating point with the fixed tolerance η, so both false
 * positives and false negatives happen (Wang et al. 2021, Table 1): caps = TOI only.
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/fprf_internal.h"
#include "methods/primitive_distance.h"

#include <float.h>
#include <math.h>

/* fprf_options, by index */
enum { FPRF_OPT_ETA = 0 };

enum { MAX_CANDIDATES = 16 };

typedef struct linear3 { /* x + t u */
    double x[3], u[3];
} linear3;

static linear3 difference(const ccd_query *q, int to, int from)
{
    linear3 d;
    for (int i = 0; i < 3; i++) {
        d.x[i] = q->v[to][i] - q->v[from][i];
        double x1 = q->v[to + 4][i] - q->v[from + 4][i];
        d.u[i] = x1 - d.x[i];
    }
    return d;
}

static void cross(double out[3], const double a[3], const double b[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* The upper bound |a| × |b| of |a × b|, componentwise. */
static void cross_abs(double out[3], const double a[3], const double b[3])
{
    out[0] = fabs(a[1] * b[2]) + fabs(a[2] * b[1]);
    out[1] = fabs(a[2] * b[0]) + fabs(a[0] * b[2]);
    out[2] = fabs(a[0] * b[1]) + fabs(a[1] * b[0]);
}

static double triple(const double a[3], const double b[3], const double c[3], int absolute)
{
    double n[3];
    if (absolute) {
        cross_abs(n, a, b);
        return n[0] * fabs(c[0]) + n[1] * fabs(c[1]) + n[2] * fabs(c[2]);
    }
    cross(n, a, b);
    return n[0] * c[0] + n[1] * c[1] + n[2] * c[2];
}

/* Coefficients of ((e1 × e2) · e3)(t), each e_i = x_i + t u_i (trilinear expansion);
 * absolute != 0 gives the same sums of absolute values (the rounding-error scale). */
static void coplanarity_cubic(double c[4], const linear3 *e1, const linear3 *e2,
                              const linear3 *e3, int absolute)
{
    c[0] = triple(e1->x, e2->x, e3->x, absolute);
    c[1] = triple(e1->u, e2->x, e3->x, absolute) + triple(e1->x, e2->u, e3->x, absolute) +
           triple(e1->x, e2->x, e3->u, absolute);
    c[2] = triple(e1->u, e2->u, e3->x, absolute) + triple(e1->u, e2->x, e3->u, absolute) +
           triple(e1->x, e2->u, e3->u, absolute);
    c[3] = triple(e1->u, e2->u, e3->u, absolute);
}

/* f ≡ 0 up to rounding: every coefficient within a small multiple of ε of its
 * absolute-value scale (a heuristic threshold, like everything in FPRF). */
static int vanishes_identically(const double c[4], const double scale[4])
{
    for (int i = 0; i < 4; i++)
        if (fabs(c[i]) > 32 * DBL_EPSILON * scale[i])
            return 0;
    return 1;
}

static void at_time(double out[3], const linear3 *e, double t)
{
    for (int i = 0; i < 3; i++)
        out[i] = e->x[i] + t * e->u[i];
}

/* Axis of the largest component of the normal e1 × e2 at t = 1/2, 0 or 1; -1 if
 * it vanishes at all three (everything collinear). */
static int normal_axis(const linear3 *e1, const linear3 *e2)
{
    static const double times[3] = {0.5, 0.0, 1.0};
    for (int k = 0; k < 3; k++) {
        double a[3], b[3], n[3];
        at_time(a, e1, times[k]);
        at_time(b, e2, times[k]);
        cross(n, a, b);
        int axis = fabs(n[0]) >= fabs(n[1]) ? 0 : 1;
        axis = fabs(n[axis]) >= fabs(n[2]) ? axis : 2;
        if (n[axis] != 0)
            return axis;
    }
    return -1;
}

/* Roots of the component `axis` of (seg × rel)(t), where seg = b - a and rel = p - a:
 * the times at which p crosses the line through a and b inside the plane. */
static int collinearity_roots(double roots[2], const linear3 *seg, const linear3 *rel,
                              int axis, double lo, double hi)
{
    double n0[3], n1a[3], n1b[3], n2[3];
    cross(n0, seg->x, rel->x);
    cross(n1a, seg->x, rel->u);
    cross(n1b, seg->u, rel->x);
    cross(n2, seg->u, rel->u);
    double c[3] = {n0[axis], n1a[axis] + n1b[axis], n2[axis]};
    return ccd_fprf_quadratic_roots(roots, c, lo, hi);
}

typedef struct candidates {
    double t[MAX_CANDIDATES];
    int n;
} candidates;

static void add_candidate(candidates *cs, double t, double t_max)
{
    t = t < 0 ? 0 : t > t_max ? t_max : t;
    for (int i = 0; i < cs->n; i++)
        if (cs->t[i] == t)
            return;
    if (cs->n < MAX_CANDIDATES)
        cs->t[cs->n++] = t;
}

/* In coplanar motion: point (row p) crossing the line through rows a and b. */
typedef struct crossing {
    int a, b, p;
} crossing;

/* e[0], e[1], e[2]: the three edge vectors of the coplanarity cubic. */
static void find_candidates(candidates *cs, const ccd_query *q, const ccd_params *par,
                            const linear3 e[3], const crossing *crossings, int ncrossings)
{
    const double eta = ccd_option_double(par, &ccd_method_fprf, FPRF_OPT_ETA);
    double lo = -eta, hi = par->t_max + eta;
    double c[4], scale[4], roots[5];
    coplanarity_cubic(c, &e[0], &e[1], &e[2], 0);
    coplanarity_cubic(scale, &e[0], &e[1], &e[2], 1);

    cs->n = 0;
    if (!vanishes_identically(c, scale)) {
        int n = ccd_fprf_cubic_roots(roots, c, lo, hi);
        for (int i = 0; i < n; i++)
            add_candidate(cs, roots[i], par->t_max);
        return;
    }
    /* Coplanar motion. */
    add_candidate(cs, 0, par->t_max);
    add_candidate(cs, par->t_max, par->t_max);
    int axis = normal_axis(&e[0], &e[1]);
    if (axis < 0)
        axis = normal_axis(&e[0], &e[2]);
    if (axis < 0)
        return;
    for (int k = 0; k < ncrossings; k++) {
        linear3 seg = difference(q, crossings[k].b, crossings[k].a);
        linear3 rel = difference(q, crossings[k].p, crossings[k].a);
        int n = collinearity_roots(roots, &seg, &rel, axis, lo, hi);
        for (int i = 0; i < n; i++)
            add_candidate(cs, roots[i], par->t_max);
    }
}

static void sort_candidates(candidates *cs)
{
    for (int i = 1; i < cs->n; i++)
        for (int j = i; j > 0 && cs->t[j] < cs->t[j - 1]; j--) {
            double s = cs->t[j];
            cs->t[j] = cs->t[j - 1];
            cs->t[j - 1] = s;
        }
}

static void point_at(double out[3], const ccd_query *q, int row, double t)
{
    for (int i = 0; i < 3; i++)
        out[i] = q->v[row][i] + t * (q->v[row + 4][i] - q->v[row][i]);
}

static double separation_at(const ccd_query *q, double t)
{
    double p[4][3];
    for (int r = 0; r < 4; r++)
        point_at(p[r], q, r, t);
    if (q->kind == CCD_VF)
        return ccd_point_triangle_distance(p[0], p[1], p[2], p[3]);
    return ccd_segment_segment_distance(p[0], p[1], p[2], p[3]);
}

static ccd_status fprf_query(ccd_result *r, const ccd_query *q, const ccd_params *par,
                             const linear3 e[3], const crossing *crossings, int ncrossings)
{
    candidates cs;
    const double eta = ccd_option_double(par, &ccd_method_fprf, FPRF_OPT_ETA);
    find_candidates(&cs, q, par, e, crossings, ncrossings);
    sort_candidates(&cs);

    r->collides = 0;
    r->toi = r->toi_upper = INFINITY;
    r->tolerance = 0;
    r->hit_max_checks = 0;
    r->checks = 0;
    for (int i = 0; i < cs.n; i++) {
        r->checks++;
        if (separation_at(q, cs.t[i]) <= eta) {
            r->collides = 1;
            r->toi = r->toi_upper = cs.t[i];
            break;
        }
    }
    return CCD_OK;
}

/* VF rows: v, f0, f1, f2.  Edge vectors f1 - f0, f2 - f0, v - f0 (Wang et al. 2021 eq. 3);
 * in coplanar motion the vertex enters the triangle across one of its edge lines. */
static ccd_status fprf_vertex_face(ccd_result *r, const ccd_query *q, const ccd_params *par,
                                   void *scratch)
{
    (void)scratch;
    const linear3 e[3] = {difference(q, 2, 1), difference(q, 3, 1), difference(q, 0, 1)};
    static const crossing edges[3] = {{1, 2, 0}, {2, 3, 0}, {3, 1, 0}};
    return fprf_query(r, q, par, e, edges, 3);
}

/* EE rows: a0, a1, b0, b1.  Edge vectors a1 - a0, b1 - b0, b0 - a0 (Wang et al. 2021 eq. 3);
 * in coplanar motion contact starts when an endpoint crosses the other edge's line. */
static ccd_status fprf_edge_edge(ccd_result *r, const ccd_query *q, const ccd_params *par,
                                 void *scratch)
{
    (void)scratch;
    const linear3 e[3] = {difference(q, 1, 0), difference(q, 3, 2), difference(q, 2, 0)};
    static const crossing ends[4] = {{2, 3, 0}, {2, 3, 1}, {0, 1, 2}, {0, 1, 3}};
    return fprf_query(r, q, par, e, ends, 4);
}

static const ccd_option fprf_options[] = {
    [FPRF_OPT_ETA] = {"eta", CCD_OPTION_DOUBLE, {.d = 1e-6}, {.d = 0}, {.d = HUGE_VAL}, NULL,
                      "distance below which a root of the cubic is a contact"},
};

const ccd_method ccd_method_fprf = {
    .name = "fprf",
    .summary = "floating-point root finder (Provot 1997; Vouga et al. 2010): coplanarity "
               "cubic in doubles, distance test within eta",
    .caps = CCD_CAP_TOI,
    .vertex_face = fprf_vertex_face,
    .edge_edge = fprf_edge_edge,
    .scratch_new = NULL,
    .scratch_free = NULL,
    .options = fprf_options,
    .option_count = sizeof fprf_options / sizeof fprf_options[0],
};
