/* SPDX-License-Identifier: MIT */
/*
 * MSRF — the minimum-separation floating-point root finder of Harmon, Panozzo,
 * Sorkine and Zorin 2011 ([12] in Wang et al. 2021) as implemented in the code of Lu et
 * al. 2019 ([21]) and benchmarked in Wang et al. 2021 §6.2 and Table 2.  Every step is in
 * plain doubles: MSRF is neither exact nor conservative.
 *
 * Univariate formulation (Wang et al. 2021 §6): with n(t) the (unnormalised) normal of the
 * triangle, or of the two edges, and f(t) = n(t) · q(t) the coplanarity cubic of
 * Wang et al. 2021 eq. 3, the primitives are at distance h along the normal when
 *     f(t)^2 - h^2 |n(t)|^2 = 0                                  (a sextic).
 * Candidate times are the real roots in [0, t_max] of
 *   VF: the sextic; for each triangle corner c, |p(t) - c(t)|^2 - h^2 (quadratic);
 *       for each triangle edge (a, b), |(p - a) × (b - a)|^2 - h^2 |b - a|^2
 *       (quartic: distance h to the edge's line);
 *   EE: the sextic of the two edges' lines only (as the benchmarked code does: no
 *       endpoint-endpoint or endpoint-line polynomials for edges).
 * A candidate is accepted when the squared distance between the primitives at that
 * time satisfies  dist^2 ≤ h^2 + h/10  — the acceptance test of the reference code
 * verbatim, a squared distance compared with h^2 plus a tolerance linear in h; the
 * time of impact is the earliest accepted candidate.  With h = 0 the sextic is f^2
 * and the test is dist = 0, so MSRF is meant for h > 0 (Wang et al. 2021 Table 2 uses
 * 1e-2 … 1e-100).  The distance is Euclidean whatever params.ms_norm says.
 *
 * Deviation from the reference code: it finds the roots of each polynomial on the
 * whole real line with the Jenkins–Traub RPOLY solver and keeps those with zero
 * imaginary part; here the real roots in [0, t_max] come from bracketing between
 * critical points (roots of the derivative, recursively) and bisection, and a
 * critical point where |p| is within the rounding-error bound of its evaluation
 * counts as a (double) root.  Both are floating-point solvers of the same
 * polynomials; they differ on clustered and multiple roots, where RPOLY may return
 * a complex pair with a tiny imaginary part that the reference then drops.  The
 * reference's fast coefficient-sign rejections only skip polynomials without roots
 * in [0, 1], so they are not needed here.
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/float_poly.h"
#include "methods/primitive_distance.h"

#include <float.h>
#include <math.h>

enum { MAX_DEGREE = 6, MAX_ROOTS = 16, MAX_CANDIDATES = 64 };

/* Real roots of c[0] + c[1] t + … + c[degree] t^degree in [lo, hi], ascending.
 * The interval is cut at the critical points (found recursively from p'), so p is
 * monotone on each piece: a sign change brackets exactly one root.  Breakpoints
 * where |p| is within its evaluation error are reported as (multiple) roots. */
static int real_roots(double roots[MAX_ROOTS], const double *coef, int degree, double lo,
                      double hi)
{
    while (degree > 0 && coef[degree] == 0)
        degree--;
    if (degree == 0)
        return 0; /* a constant (also p ≡ 0): no isolated root, as in the reference */
    if (degree == 1) {
        double t = -coef[0] / coef[1];
        if (t >= lo && t <= hi) {
            roots[0] = t;
            return 1;
        }
        return 0;
    }
    double derivative[MAX_DEGREE];
    for (int i = 1; i <= degree; i++)
        derivative[i - 1] = i * coef[i];
    double crit[MAX_ROOTS];
    int ncrit = real_roots(crit, derivative, degree - 1, lo, hi);

    double breaks[MAX_ROOTS + 2];
    int nb = 0;
    breaks[nb++] = lo;
    for (int i = 0; i < ncrit; i++)
        if (crit[i] > lo && crit[i] < hi)
            breaks[nb++] = crit[i];
    breaks[nb++] = hi;

    int n = 0;
    for (int i = 0; i < nb; i++) {
        double f = ccd_fpoly_eval(coef, degree, breaks[i]);
        if (fabs(f) <= ccd_fpoly_eval_error(coef, degree, breaks[i]))
            n = ccd_fpoly_push_unique(roots, n, MAX_ROOTS, breaks[i]);
    }
    for (int i = 0; i + 1 < nb; i++) {
        double a = breaks[i], b = breaks[i + 1];
        double fa = ccd_fpoly_eval(coef, degree, a), fb = ccd_fpoly_eval(coef, degree, b);
        if (fa != 0 && fb != 0 && (fa < 0) != (fb < 0))
            n = ccd_fpoly_push_unique(roots, n, MAX_ROOTS, ccd_fpoly_bisect(coef, degree, a, b, fa));
    }
    ccd_fpoly_sort(roots, n);
    return n;
}

/* ------------------------------------------------------------------ vectors */

typedef struct vec3 {
    double x, y, z;
} vec3;

static vec3 sub(vec3 a, vec3 b) { return (vec3){a.x - b.x, a.y - b.y, a.z - b.z}; }
static vec3 add(vec3 a, vec3 b) { return (vec3){a.x + b.x, a.y + b.y, a.z + b.z}; }
static double dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static vec3 cross(vec3 a, vec3 b)
{
    return (vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

/* Start position x and displacement v = end - start of row r of q. */
typedef struct moving {
    vec3 x, v;
} moving;

static moving row(const ccd_query *q, int r)
{
    vec3 x = {q->v[r][0], q->v[r][1], q->v[r][2]};
    vec3 e = {q->v[r + 4][0], q->v[r + 4][1], q->v[r + 4][2]};
    return (moving){x, sub(e, x)};
}

typedef struct candidates {
    double t[MAX_CANDIDATES];
    int n;
} candidates;

static void add_roots(candidates *cs, const double *coef, int degree, double t_max)
{
    double r[MAX_ROOTS];
    int n = real_roots(r, coef, degree, 0.0, t_max);
    for (int i = 0; i < n && cs->n < MAX_CANDIDATES; i++)
        cs->t[cs->n++] = r[i];
}

/* The sextic f(t)^2 - h^2 |n(t)|^2 with n(t) = e1(t) × e2(t) = p + q t + r t^2 and
 * f(t) = d(t) · n(t) = a + b t + c t^2 + d t^3 (e1, e2, d linear in t). */
static void add_sextic_roots(candidates *cs, moving e1, moving e2, moving dd, double h,
                             double t_max)
{
    vec3 p = cross(e1.x, e2.x);
    vec3 q = add(cross(e1.v, e2.x), cross(e1.x, e2.v));
    vec3 r = cross(e1.v, e2.v);
    double a = dot(dd.x, p);
    double b = dot(dd.x, q) + dot(dd.v, p);
    double c = dot(dd.x, r) + dot(dd.v, q);
    double d = dot(dd.v, r);
    double h2 = h * h;
    double s[7] = {
        a * a - h2 * dot(p, p),
        2 * a * b - h2 * 2 * dot(p, q),
        b * b + 2 * a * c - h2 * (dot(q, q) + 2 * dot(p, r)),
        2 * a * d + 2 * b * c - h2 * 2 * dot(q, r),
        c * c + 2 * b * d - h2 * dot(r, r),
        2 * c * d,
        d * d,
    };
    add_roots(cs, s, 6, t_max);
}

/* |x(t)|^2 - h^2 for the relative motion x of a vertex and a corner (quadratic). */
static void add_point_point_roots(candidates *cs, moving rel, double h, double t_max)
{
    double s[3] = {dot(rel.x, rel.x) - h * h, 2 * dot(rel.v, rel.x), dot(rel.v, rel.v)};
    add_roots(cs, s, 2, t_max);
}

/* |w(t) × e(t)|^2 - h^2 |e(t)|^2: distance h between the point a + w and the line
 * through a along e (quartic). */
static void add_point_line_roots(candidates *cs, moving e, moving w, double h, double t_max)
{
    vec3 r = cross(w.x, e.x);
    vec3 q = add(cross(w.v, e.x), cross(w.x, e.v));
    vec3 p = cross(w.v, e.v);
    double h2 = h * h;
    double s[5] = {
        dot(r, r) - h2 * dot(e.x, e.x),
        2 * dot(q, r) - h2 * 2 * dot(e.v, e.x),
        2 * dot(p, r) + dot(q, q) - h2 * dot(e.v, e.v),
        2 * dot(p, q),
        dot(p, p),
    };
    add_roots(cs, s, 4, t_max);
}

static moving relative(moving a, moving b) /* a - b */
{
    return (moving){sub(a.x, b.x), sub(a.v, b.v)};
}

static void point_at(double out[3], moving m, double t)
{
    out[0] = m.x.x + t * m.v.x;
    out[1] = m.x.y + t * m.v.y;
    out[2] = m.x.z + t * m.v.z;
}

/* Accept the earliest candidate whose squared distance is ≤ h^2 + h/10. */
static ccd_status decide(ccd_result *r, candidates *cs, const moving m[4], ccd_kind kind,
                         double h)
{
    ccd_fpoly_sort(cs->t, cs->n);
    r->collides = 0;
    r->toi = r->toi_upper = INFINITY;
    r->tolerance = 0;
    r->hit_max_checks = 0;
    r->checks = 0;
    for (int i = 0; i < cs->n; i++) {
        double t = cs->t[i], p[4][3];
        for (int k = 0; k < 4; k++)
            point_at(p[k], m[k], t);
        double dist = kind == CCD_VF
                          ? ccd_point_triangle_distance(p[0], p[1], p[2], p[3])
                          : ccd_segment_segment_distance(p[0], p[1], p[2], p[3]);
        r->checks++;
        if (dist * dist <= h * h + h * 1e-1) {
            r->collides = 1;
            r->toi = r->toi_upper = t;
            break;
        }
    }
    return CCD_OK;
}

/* VF rows: vertex, f0, f1, f2. */
static ccd_status msrf_vertex_face(ccd_result *r, const ccd_query *q, const ccd_params *par,
                                   void *scratch)
{
    (void)scratch;
    const moving m[4] = {row(q, 0), row(q, 1), row(q, 2), row(q, 3)};
    const double h = par->ms, t_max = par->t_max;
    candidates cs = {.n = 0};
    add_sextic_roots(&cs, relative(m[2], m[1]), relative(m[3], m[1]), relative(m[0], m[1]), h,
                     t_max);
    for (int i = 1; i <= 3; i++)
        add_point_point_roots(&cs, relative(m[0], m[i]), h, t_max);
    for (int i = 1; i <= 3; i++) {
        int j = i % 3 + 1;
        add_point_line_roots(&cs, relative(m[j], m[i]), relative(m[0], m[i]), h, t_max);
    }
    return decide(r, &cs, m, CCD_VF, h);
}

/* EE rows: a0, a1, b0, b1; the sextic of the lines (a1 - a0) × (b1 - b0). */
static ccd_status msrf_edge_edge(ccd_result *r, const ccd_query *q, const ccd_params *par,
                                 void *scratch)
{
    (void)scratch;
    const moving m[4] = {row(q, 0), row(q, 1), row(q, 2), row(q, 3)};
    const double h = par->ms, t_max = par->t_max;
    candidates cs = {.n = 0};
    add_sextic_roots(&cs, relative(m[1], m[0]), relative(m[3], m[2]), relative(m[3], m[0]), h,
                     t_max);
    return decide(r, &cs, m, CCD_EE, h);
}

const ccd_method ccd_method_msrf = {
    .name = "msrf",
    .summary = "minimum-separation root finder (Harmon et al. 2011, code of Lu et al. 2019): "
               "distance-h polynomials in doubles, Euclidean, for --ms > 0",
    .caps = CCD_CAP_TOI | CCD_CAP_MIN_SEPARATION | CCD_CAP_SEPARATION_ONLY,
    .vertex_face = msrf_vertex_face,
    .edge_edge = msrf_edge_edge,
    .scratch_new = NULL,
    .scratch_free = NULL,
};
