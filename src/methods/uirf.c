/* SPDX-License-Identifier: MIT */
/*
 * UIRF — the univariate interval root finder of Wang et al. 2021 §4.2: Snyder's interval
 * bisection [34] on the coplanarity function f(t) = n(t) · q(t) of Wang et al. 2021 eq. (3)
 * alone (as in Redon et al. [29], for linear trajectories), followed by an
 * inside test on each root interval.
 *
 *   VF: n = (v2 - v1) × (v3 - v1), q = p - v1
 *   EE: n = (p2 - p1) × (p4 - p3), q = p3 - p1
 *
 * [0, t_max] is bisected depth-first, earlier half first, while the outward-
 * rounded interval extension f(T) (src/methods/interval.h) contains 0.  A time
 * interval T narrower than δ is then tested for contact with interval arithmetic:
 *   VF: the vertex is inside the triangle iff the three sub-triangle normals agree
 *       with n:  n · ((v_i - p) × (v_j - p)) ≥ 0 for (i, j) = (1,2), (2,3), (3,1);
 *   EE: the contact parameters u = a / (n·n), v = b / (n·n) lie in [0, 1], with
 *       a = ((p3 - p1) × (p4 - p3)) · n and b = ((p3 - p1) × (p2 - p1)) · n:
 *       a ≥ 0, n·n - a ≥ 0, b ≥ 0, n·n - b ≥ 0.
 * The test passes when every enclosure reaches 0 or above ("possibly ≥ 0").  At an
 * exact contact time t* every quantity is ≥ 0 (all are 0 when n(t*) = 0), so the
 * interval containing t* always passes: conservative.  The first interval passing
 * gives the time of impact (its lower end, a lower bound).
 * f ≡ 0 (coplanar motion) makes every leaf pass the coplanarity filter, so the
 * whole range is refined to δ: correct but slow (Wang et al. 2021 Appendix D).  After
 * max_checks evaluations of f the method stops and reports a collision at the
 * current (earliest pending) interval (hit_max_checks = 1).
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/interval_query.h"

#include <math.h>

typedef struct interval3 {
    ccd_interval x[3];
} interval3;

static interval3 at_time(const ccd_interval_linear l[3], ccd_interval t)
{
    interval3 r;
    for (int k = 0; k < 3; k++)
        r.x[k] = interval_linear_at(&l[k], t);
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

static ccd_interval dot(interval3 a, interval3 b)
{
    return interval_add(interval_add(interval_mul(a.x[0], b.x[0]), interval_mul(a.x[1], b.x[1])),
                        interval_mul(a.x[2], b.x[2]));
}

static int possibly_nonnegative(ccd_interval a)
{
    return a.hi >= 0;
}

/* Linear parts of the query: the two edge vectors of n, the offset q, and for the
 * VF inside test the triangle's vertices relative to the moving point. */
typedef struct uirf_query {
    ccd_interval_linear e1[3], e2[3], q[3];
    ccd_interval_linear rel[3][3]; /* VF: v1 - p, v2 - p, v3 - p */
    int vertex_face;
} uirf_query;

static ccd_interval coplanarity(const uirf_query *u, ccd_interval t)
{
    return dot(cross(at_time(u->e1, t), at_time(u->e2, t)), at_time(u->q, t));
}

static int inside_possible(const uirf_query *u, ccd_interval t)
{
    interval3 n = cross(at_time(u->e1, t), at_time(u->e2, t));
    if (u->vertex_face) {
        interval3 a = at_time(u->rel[0], t), b = at_time(u->rel[1], t), c = at_time(u->rel[2], t);
        return possibly_nonnegative(dot(n, cross(a, b))) &&
               possibly_nonnegative(dot(n, cross(b, c))) &&
               possibly_nonnegative(dot(n, cross(c, a)));
    }
    interval3 r = at_time(u->q, t);
    ccd_interval nn = dot(n, n);
    ccd_interval a = dot(cross(r, at_time(u->e2, t)), n);
    ccd_interval b = dot(cross(r, at_time(u->e1, t)), n);
    return possibly_nonnegative(a) && possibly_nonnegative(interval_sub(nn, a)) &&
           possibly_nonnegative(b) && possibly_nonnegative(interval_sub(nn, b));
}

enum { UIRF_STACK = 2100 }; /* depth-first in 1D: ≤ one pending interval per level */

static ccd_status uirf_solve(ccd_result *r, const uirf_query *u, const ccd_params *p)
{
    const double delta = ccd_option_double(p, &ccd_method_uirf, CCD_INCL_OPT_DELTA);
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
            r->tolerance = t.hi - t.lo;
            r->hit_max_checks = 1;
            break;
        }
        checks++;
        if (!interval_contains_zero(coplanarity(u, t)))
            continue;
        double width = t.hi - t.lo;
        double mid = t.lo + 0.5 * width;
        /* Below δ, or no double strictly inside: a leaf. */
        if (width < delta || !(mid > t.lo && mid < t.hi)) {
            if (inside_possible(u, t)) {
                r->collides = 1;
                r->toi = r->toi_upper = t.lo;
                r->tolerance = width;
                break;
            }
            continue;
        }
        if (top + 2 > UIRF_STACK)
            return CCD_ERR_INTERNAL; /* unreachable: depth ≤ 2 × 1075 bisections */
        stack[top++] = (ccd_interval){mid, t.hi}; /* later half examined second */
        stack[top++] = (ccd_interval){t.lo, mid};
    }
    r->checks = checks;
    return CCD_OK;
}

static ccd_status uirf_vertex_face(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                   void *scratch)
{
    (void)scratch;
    uirf_query u;
    u.vertex_face = 1;
    interval_query_difference(u.e1, q, 2, 1);
    interval_query_difference(u.e2, q, 3, 1);
    interval_query_difference(u.q, q, 0, 1);
    for (int i = 0; i < 3; i++)
        interval_query_difference(u.rel[i], q, 1 + i, 0);
    return uirf_solve(r, &u, p);
}

static ccd_status uirf_edge_edge(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                 void *scratch)
{
    (void)scratch;
    uirf_query u;
    u.vertex_face = 0;
    interval_query_difference(u.e1, q, 1, 0);
    interval_query_difference(u.e2, q, 3, 2);
    interval_query_difference(u.q, q, 2, 0);
    return uirf_solve(r, &u, p);
}

const ccd_method ccd_method_uirf = {
    .name = "uirf",
    .summary = "univariate interval root finder on the coplanarity cubic + interval inside test",
    .caps = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE,
    .vertex_face = uirf_vertex_face,
    .edge_edge = uirf_edge_edge,
    .options = ccd_inclusion_options,
    .option_count = CCD_INCL_OPT_COUNT,
};
