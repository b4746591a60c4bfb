/* SPDX-License-Identifier: MIT */
/*
 * MSRF — the minimum-separation floating-point root finder of Harmon, Panozzo,
 * Sorkine and Zorin 2011 as implemented in the code of Lu, Zheng, Wang, Zorin and
 * Panozzo 2019 (the Minimum-Separation-Root-Finder library that Wang et al. 2021,
 * "A Large-scale Benchmark and an Inclusion-based Algorithm for Continuous Collision
 * Detection", benchmark in §6.2 and Table 2).  Every step is in plain doubles, in the
 * arithmetic order of that code, so that the answers agree with it query by query
 * (docs/baselines.md): MSRF is neither exact nor conservative.
 *
 * Univariate formulation: with e1, e2 the triangle's edges from corner 1 (VF) or the
 * two edges (EE), n(t) = e1(t) × e2(t) = p + q t + r t^2 and w(t) the vector from
 * the first corner/edge end to the other primitive (w = x3 - x0 for EE: edge 1's
 * second end minus edge 0's first), f(t) = w · n = a + b t + c t^2 + d t^3 is the
 * coplanarity cubic and the distance along the normal is h when
 *     S(t) = f(t)^2 - h^2 |n(t)|^2 = 0                            (a sextic).
 * Candidate times are the real roots of
 *   VF: S; for each corner c, |x(t) - c(t)|^2 - h^2 (quadratic); for each edge
 *       (c_i, c_{i+1}), |w × e|^2 - h^2 |e|^2 with e = c_{i+1} - c_i, w = x - c_i
 *       (quartic: distance h from the edge's line);
 *   EE: S only (no endpoint polynomials, as in the reference).
 * Each polynomial goes to the Jenkins–Traub solver (rpoly.c) on the whole real
 * line; a root counts only when its imaginary part is exactly 0 and it lies in
 * [0, t_max].  Before solving, the VF sextic is skipped when one of the
 * reference's coefficient tests says it has no root near [0, 1] (coefficients of
 * one sign; a dominant constant term; a dominant partial sum of the low-order
 * coefficients of one sign; a dominant slope with p monotone) — heuristics that
 * can drop real roots in [0, 1], reproduced because they decide answers.
 * A candidate t is accepted when the squared distance of the primitives at t
 * (msrf_distance.c) satisfies
 *     dist^2 ≤ h^2 + h/10,
 * the reference's test: a squared distance against h^2 plus a tolerance linear in
 * h, so at h = 1e-2 any candidate closer than sqrt(1.1e-3) ≈ 3.3 h is accepted —
 * the source of MSRF's many false positives in Wang et al. 2021 Table 2.  The time
 * of impact is the smallest accepted candidate.  With h = 0 every polynomial
 * degenerates (S = f^2 has only double roots, which the solver usually returns as
 * complex pairs), so MSRF is for h > 0 only.  The distance is Euclidean whatever
 * params.ms_norm says.
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/msrf_distance.h"
#include "methods/rpoly.h"

#include "core/assert.h"

#include <math.h>

enum { MAX_CANDIDATES = 32 }; /* 6 (sextic) + 3 × 2 + 3 × 4 = 24 for VF */

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

static moving relative(moving a, moving b) /* a - b */
{
    return (moving){sub(a.x, b.x), sub(a.v, b.v)};
}

typedef struct candidates {
    double t[MAX_CANDIDATES];
    int n;
} candidates;

/* Real roots (imaginary part exactly 0) of coef[0] t^degree + … + coef[degree]
 * (decreasing powers) in [0, t_max], after dropping zero leading coefficients. */
static void add_roots(candidates *cs, const double *coef, int degree, double t_max)
{
    while (degree >= 0 && coef[0] == 0.0) {
        coef++;
        degree--;
    }
    if (degree < 1)
        return; /* a constant: no isolated root (the solver refuses it too) */
    double re[CCD_RPOLY_MAX_DEGREE], im[CCD_RPOLY_MAX_DEGREE];
    int n = ccd_rpoly(re, im, coef, degree);
    for (int i = 0; i < n; i++)
        if (im[i] == 0.0 && re[i] >= 0.0 && re[i] <= t_max) {
            CCD_ASSERT(cs->n < MAX_CANDIDATES);
            cs->t[cs->n++] = re[i];
        }
}

/* The sextic S(t) = f(t)^2 - h^2 |n(t)|^2 in decreasing powers, with
 * n = e1 × e2 = p + q t + r t^2 and f = w · n = a + b t + c t^2 + d t^3:
 *   S = (f^2) - h^2 (|p|^2 + 2 p·q t + (|q|^2 + 2 p·r) t^2 + 2 q·r t^3 + |r|^2 t^4). */
static void sextic(double s[7], moving e1, moving e2, moving w, double h)
{
    vec3 p = cross(e1.x, e2.x);
    vec3 q = add(cross(e1.v, e2.x), cross(e1.x, e2.v));
    vec3 r = cross(e1.v, e2.v);
    double a = dot(w.x, p);
    double b = dot(w.x, q) + dot(w.v, p);
    double c = dot(w.x, r) + dot(w.v, q);
    double d = dot(w.v, r);
    s[6] = a * a - dot(p, p) * h * h;
    s[5] = 2.0 * a * b - (2.0 * dot(p, q)) * h * h;
    s[4] = b * b + 2.0 * a * c - (dot(q, q) + 2.0 * dot(p, r)) * h * h;
    s[3] = 2.0 * a * d + 2.0 * b * c - (2.0 * dot(q, r)) * h * h;
    s[2] = c * c + 2.0 * b * d - dot(r, r) * h * h;
    s[1] = 2.0 * c * d;
    s[0] = d * d;
}

/* The reference's quick rejections of the VF sextic, on its coefficients in
 * increasing powers c[0..6]: 1 when it is taken to have no root in [0, 1].  The
 * first two are sound (one sign, or |c0| > Σ|c_i| ≥ |p(t) - c0| on [-1, 1]); the
 * others compare partial sums of one sign with the remaining magnitudes and are
 * heuristics (they bound p on [0, 1] only when the partial sum is p's value at 1). */
static int sextic_rejected(const double s[7])
{
    double c[7], m[7];
    int signs = 0, zeros = 0;
    for (int i = 0; i < 7; i++) {
        c[i] = s[6 - i];
        m[i] = fabs(c[i]);
        if (c[i] == 0.0)
            zeros++;
        else
            signs += c[i] >= 0.0 ? 1 : -1;
    }
    /* "one sign": as in the reference, zeros count as positive */
    if (signs + zeros == 7 || signs + zeros == -7)
        return 1;
    double tail = 0.0; /* Σ_{i>k} |c_i|, accumulated from the top as the reference */
    if (m[0] > m[6] + m[5] + m[4] + m[3] + m[2] + m[1])
        return 1;
    if (c[0] * c[1] < 0 && m[1] > 2 * m[2] + 3 * m[3] + 4 * m[4] + 5 * m[5] + 6 * m[6] &&
        c[0] * (c[0] + c[1] + c[2] + c[3]) > 0)
        return 1;
    for (int sign = 1; sign >= -1; sign -= 2)
        for (int k = 1; k <= 5; k++) {
            /* c_0 … c_k all of this sign and Σ c_0..k beyond Σ |c_{k+1..6}| */
            int same = 1;
            double sum = 0.0;
            for (int i = 0; i <= k; i++) {
                same = same && (sign > 0 ? c[i] > 0 : c[i] < 0);
                sum += c[i];
            }
            tail = m[6];
            for (int i = 5; i > k; i--)
                tail += m[i];
            if (same && (sign > 0 ? sum > tail : sum < -tail))
                return 1;
        }
    return 0;
}

/* |x(t)|^2 - h^2 for the relative motion x of a vertex from a corner (quadratic). */
static void add_point_point_roots(candidates *cs, moving rel, double h, double t_max)
{
    double s[3] = {dot(rel.v, rel.v), 2 * dot(rel.v, rel.x), dot(rel.x, rel.x) - h * h};
    add_roots(cs, s, 2, t_max);
}

/* |w × e|^2 - h^2 |e|^2: distance h between the point c + w and the line through c
 * along e (quartic), with w × e = r + q t + p t^2 written as the reference does,
 * r = w0 × e0, q = wv × e0 + w0 × ev, p = wv × ev. */
static void add_point_line_roots(candidates *cs, moving e, moving w, double h, double t_max)
{
    vec3 p = cross(w.v, e.v);
    vec3 q = add(cross(w.v, e.x), cross(w.x, e.v));
    vec3 r = cross(w.x, e.x);
    double s[5] = {
        dot(p, p),
        2 * dot(p, q),
        2 * dot(p, r) + dot(q, q) - dot(e.v, e.v) * h * h,
        2 * dot(q, r) - 2 * dot(e.v, e.x) * h * h,
        dot(r, r) - dot(e.x, e.x) * h * h,
    };
    add_roots(cs, s, 4, t_max);
}

static void point_at(double out[3], moving m, double t)
{
    out[0] = m.x.x + t * m.v.x;
    out[1] = m.x.y + t * m.v.y;
    out[2] = m.x.z + t * m.v.z;
}

/* Accept the smallest candidate whose squared distance is ≤ h^2 + h/10. */
static ccd_status decide(ccd_result *r, const candidates *cs, const moving m[4], ccd_kind kind,
                         double h)
{
    r->collides = 0;
    r->toi = r->toi_upper = INFINITY;
    r->tolerance = 0;
    r->hit_max_checks = 0;
    r->checks = 0;
    for (int i = 0; i < cs->n; i++) {
        double t = cs->t[i], p[4][3];
        for (int k = 0; k < 4; k++)
            point_at(p[k], m[k], t);
        double dist2 = kind == CCD_VF
                           ? ccd_msrf_point_triangle_distance2(p[0], p[1], p[2], p[3])
                           : ccd_msrf_segment_segment_distance2(p[0], p[1], p[2], p[3]);
        r->checks++;
        if (dist2 <= h * h + h * 1e-1 && t < r->toi) {
            r->collides = 1;
            r->toi = r->toi_upper = t;
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
    double s[7];
    sextic(s, relative(m[2], m[1]), relative(m[3], m[1]), relative(m[0], m[1]), h);
    if (!sextic_rejected(s))
        add_roots(&cs, s, 6, t_max);
    for (int i = 1; i <= 3; i++)
        add_point_point_roots(&cs, relative(m[0], m[i]), h, t_max);
    for (int i = 1; i <= 3; i++) {
        int j = i % 3 + 1;
        add_point_line_roots(&cs, relative(m[j], m[i]), relative(m[0], m[i]), h, t_max);
    }
    return decide(r, &cs, m, CCD_VF, h);
}

/* EE rows: a0, a1, b0, b1; the sextic of the lines (a1 - a0) × (b1 - b0), w = b1 - a0. */
static ccd_status msrf_edge_edge(ccd_result *r, const ccd_query *q, const ccd_params *par,
                                 void *scratch)
{
    (void)scratch;
    const moving m[4] = {row(q, 0), row(q, 1), row(q, 2), row(q, 3)};
    const double h = par->ms, t_max = par->t_max;
    candidates cs = {.n = 0};
    double s[7];
    sextic(s, relative(m[1], m[0]), relative(m[3], m[2]), relative(m[3], m[0]), h);
    add_roots(&cs, s, 6, t_max);
    return decide(r, &cs, m, CCD_EE, h);
}

const ccd_method ccd_method_msrf = {
    .name = "msrf",
    .summary = "minimum-separation root finder (Harmon et al. 2011, code of Lu et al. 2019): "
               "distance-h polynomials solved by Jenkins-Traub in doubles; the distance is "
               "Euclidean whatever --norm; for --ms > 0",
    .caps = CCD_CAP_TOI | CCD_CAP_MIN_SEPARATION | CCD_CAP_SEPARATION_ONLY,
    .vertex_face = msrf_vertex_face,
    .edge_edge = msrf_edge_edge,
    .scratch_new = NULL,
    .scratch_free = NULL,
};
