/* SPDX-License-Identifier: MIT */
/*
 * UIRF — the univariate interval root finder benchmarked by Wang et al. 2021, "A
 * Large-scale Benchmark and an Inclusion-based Algorithm for Continuous Collision
 * Detection" (§4.2, Table 1): Snyder's interval bisection (Snyder 1992, "Interval
 * analysis for computer graphics") on the coplanarity function alone, as Redon et
 * al. 2002 did for linear motion, then an inside test on each root interval.  It
 * follows the reference code (Interval-Based CCD) operation by operation:
 *
 *   VF: f(t) = (p - f1) · ((f2 - f1) × (f3 - f1)),
 *   EE: f(t) = ((a1 - a0) × (b1 - b0)) · (b0 - a0),
 * every point x(t) = x(0) + (x(1) - x(0)) t and every dot product summed as
 * x0 y0 + (x1 y1 + x2 y2) (Eigen's order for interval scalars), in the tightest
 * outward-rounded interval arithmetic (src/methods/interval.h).
 *
 * [0, t_max] is bisected depth-first, earlier half first, at the rounded midpoint,
 * while f(T) contains 0.  An interval T no wider than δ / dl (δ = `delta`, 1e-6 in
 * the reference; dl the longest trajectory) is a leaf; the query collides at the
 * first leaf that passes the inside test, again in interval arithmetic at T:
 *   VF: the vertex is on the side of each edge line where the opposite vertex is:
 *       ((b - a) × (p - a)) · ((b - a) × (c - a)) possibly ≥ 0 for each edge a b
 *       of the triangle and its opposite vertex c;
 *   EE: with n = (a1 - a0) × (b0 - a0), the reference's test
 *       ((a1 - b1) × (b0 - b1)) · n ≥ 0, ((b0 - b1) × (a0 - b1)) · n ≥ 0 and
 *       ((a0 - b1) × (a1 - b1)) · n ≤ 0 (each possibly).
 * "Possibly ≥ 0" is an upper bound ≥ 0.  The EE test is the reference's, and it is
 * not a test that the two segments meet (docs/baselines.md, "uirf"): UIRF is kept
 * as published, false negatives included.  Coplanar motion (f ≡ 0) refines the
 * whole range to δ / dl, which is why the method is slow (Wang et al. 2021,
 * Appendix D).  The reference has no limit on the work; `max_checks` (default -1,
 * no limit) stops after that many evaluations of f and reports a collision at the
 * interval examined then (hit_max_checks = 1).
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/interval_query.h"

#include <math.h>

typedef struct interval3 {
    ccd_interval x[3];
} interval3;

static interval3 sub3(interval3 a, interval3 b)
{
    interval3 r;
    for (int k = 0; k < 3; k++)
        r.x[k] = interval_sub(a.x[k], b.x[k]);
    return r;
}

static interval3 cross(interval3 a, interval3 b)
{
    interval3 r;
    r.x[0] = interval_sub(interval_mul(a.x[1], b.x[2]), interval_mul(a.x[2], b.x[1]));
    r.x[1] = interval_sub(interval_mul(a.x[2], b.x[0]), interval_mul(a.x[0], b.x[2]));
    r.x[2] = interval_sub(interval_mul(a.x[0], b.x[1]), interval_mul(a.x[1], b.x[0]));
    return r;
}

/* Eigen's unrolled reduction of three terms: x0 + (x1 + x2). */
static ccd_interval dot(interval3 a, interval3 b)
{
    return interval_add(interval_mul(a.x[0], b.x[0]),
                        interval_add(interval_mul(a.x[1], b.x[1]), interval_mul(a.x[2], b.x[2])));
}

typedef struct uirf_query {
    interval_motion p[4];
    int vertex_face;
} uirf_query;

/* The four points of the query at the times in t. */
static void points_at(interval3 x[4], const uirf_query *u, ccd_interval t)
{
    for (int i = 0; i < 4; i++)
        interval_motion_at(x[i].x, &u->p[i], t);
}

static ccd_interval coplanarity(const uirf_query *u, ccd_interval t)
{
    interval3 x[4];
    points_at(x, u, t);
    if (u->vertex_face)
        return dot(sub3(x[0], x[1]), cross(sub3(x[2], x[1]), sub3(x[3], x[1])));
    return dot(cross(sub3(x[1], x[0]), sub3(x[3], x[2])), sub3(x[2], x[0]));
}

/* p and c possibly on the same side of the line a b. */
static int same_side(interval3 p, interval3 c, interval3 a, interval3 b)
{
    interval3 ab = sub3(b, a);
    return dot(cross(ab, sub3(p, a)), cross(ab, sub3(c, a))).hi >= 0;
}

static int inside_possible(const uirf_query *u, ccd_interval t)
{
    interval3 x[4];
    points_at(x, u, t);
    if (u->vertex_face)
        return same_side(x[0], x[1], x[2], x[3]) && same_side(x[0], x[2], x[1], x[3]) &&
               same_side(x[0], x[3], x[1], x[2]);
    interval3 a = x[0], b = x[1], c = x[2], d = x[3];
    interval3 n = cross(sub3(b, a), sub3(c, a));
    return dot(cross(sub3(b, d), sub3(c, d)), n).hi >= 0 &&
           dot(cross(sub3(c, d), sub3(a, d)), n).hi >= 0 &&
           dot(cross(sub3(a, d), sub3(b, d)), n).lo <= 0;
}

enum { UIRF_STACK = 2200 }; /* depth-first in 1D: ≤ one pending interval per level */

static ccd_status uirf_solve(ccd_result *r, const uirf_query *u, double tol, const ccd_params *p)
{
    const long max_checks = ccd_option_int(p, &ccd_method_uirf, CCD_INCL_OPT_MAX_CHECKS);
    ccd_interval stack[UIRF_STACK];
    int top = 0;
    stack[top++] = (ccd_interval){0, p->t_max};
    long checks = 0;
    r->collides = 0;
    r->toi = r->toi_upper = INFINITY;
    r->tolerance = 0;
    r->hit_max_checks = 0;
    while (top > 0) {
        ccd_interval t = stack[--top];
        if (max_checks >= 0 && checks >= max_checks) {
            r->collides = 1;
            r->toi = r->toi_upper = t.lo;
            r->tolerance = interval_width(t);
            r->hit_max_checks = 1;
            break;
        }
        checks++;
        if (!interval_contains_zero(coplanarity(u, t)))
            continue;
        double width = interval_width(t);
        if (width <= tol) {
            if (inside_possible(u, t)) {
                r->collides = 1;
                r->toi = r->toi_upper = t.lo;
                r->tolerance = width;
                break;
            }
            continue;
        }
        double mid = interval_median(t);
        /* A midpoint equal to an end (an interval of two doubles narrower than no
         * tolerance) would repeat the interval forever; the tolerance is ≥ δ / dl,
         * far above the spacing of doubles in [0, t_max] for any sane query. */
        if (!(mid > t.lo && mid < t.hi))
            return CCD_ERR_INPUT;
        if (top + 2 > UIRF_STACK)
            return CCD_ERR_INTERNAL; /* unreachable: depth ≤ 2 × 1075 bisections */
        stack[top++] = (ccd_interval){mid, t.hi}; /* later half examined second */
        stack[top++] = (ccd_interval){t.lo, mid};
    }
    r->checks = checks;
    return CCD_OK;
}

static ccd_status uirf_run(ccd_result *r, const ccd_query *q, const ccd_params *p, void *scratch)
{
    (void)scratch;
    uirf_query u;
    u.vertex_face = q->kind == CCD_VF;
    for (int i = 0; i < 4; i++)
        u.p[i] = interval_query_motion(q, i);
    const double delta = ccd_option_double(p, &ccd_method_uirf, CCD_INCL_OPT_DELTA);
    return uirf_solve(r, &u, delta / interval_query_travel(q), p);
}

/* VF rows: p, f1, f2, f3; EE rows: a0, a1, b0, b1 (at t = 0, then at t = 1). */
const ccd_method ccd_method_uirf = {
    .name = "uirf",
    .summary = "univariate interval root finder on the coplanarity cubic + interval inside test",
    .caps = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE,
    .vertex_face = uirf_run,
    .edge_edge = uirf_run,
    .options = ccd_inclusion_options,
    .option_count = CCD_INCL_OPT_COUNT,
};
