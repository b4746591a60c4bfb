/* SPDX-License-Identifier: MIT */
/*
 * FPRF — the floating-point root finder benchmarked by Wang et al. 2021, "A
 * Large-scale Benchmark and an Inclusion-based Algorithm for Continuous Collision
 * Detection" (§4.2, Table 1): Vouga et al.'s CTCD code, itself after Provot 1997,
 * "Collision and self-collision handling in cloth model dedicated to design garments".
 *
 * Every condition of a contact is a polynomial inequality in t, and the method
 * intersects the pieces of [0, t_max] on which each one holds (fprf_intervals.c):
 *
 *   VF (vertex p, triangle f1 f2 f3, all moving linearly):
 *     near the plane:  D(t)^2 - η^2 |n(t)|^2 <= 0, where n = (f2 - f1) × (f3 - f1)
 *                      and D = (p - f1) · n, a sextic (≡ D^2 with η = 0);
 *     inside, per edge (i, j, k a rotation of 1, 2, 3):
 *                      (p - f_i) · (((f_k - f_i) × (f_j - f_i)) × (f_k - f_i)) >= 0,
 *                      the cubics x10 · (x20 × x30) of CTCD's planePoly3D;
 *   EE (edges a = a0 a1, b = b0 b1):
 *     near each other: the same sextic on the tetrahedron (a1 - b1, a1 - a0, b1 - b0),
 *     inside:          four quartics >= 0 (CTCD's barycentricPoly3D), one per end
 *                      of each edge, saying the contact point is on that side of it;
 *     parallel:        a piece of the sextic is dropped, and so is any later
 *                      intersection that meets it, when |(a0 - a1) × (b0 - b1)| < 1e-8
 *                      at its midpoint (the reference does not handle parallel edges).
 *
 * The query collides when one piece of every condition overlaps the others; the
 * time of impact is the smallest lower end of such an intersection.  The arithmetic
 * repeats the reference's operation by operation (Eigen's dot products add left to
 * right), compiled like it without fused multiply-add, so that answers agree query
 * by query on the shared data (docs/baselines.md, "fprf").  The benchmark called
 * the reference with η = 0, which is our default: then the sextic D^2 is <= 0 only
 * where the midpoint test finds D^2 == 0 exactly, and most contacts are missed
 * (Table 1's false negatives).  Nothing is conservative: caps = TOI only.
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/fprf_internal.h"

#include <math.h>

/* fprf_options, by index */
enum { FPRF_OPT_ETA = 0 };

typedef struct vec3 {
    double x, y, z;
} vec3;

static vec3 sub(vec3 a, vec3 b)
{
    return (vec3){a.x - b.x, a.y - b.y, a.z - b.z};
}

static vec3 add(vec3 a, vec3 b)
{
    return (vec3){a.x + b.x, a.y + b.y, a.z + b.z};
}

static vec3 scale(double s, vec3 a)
{
    return (vec3){s * a.x, s * a.y, s * a.z};
}

static double dot(vec3 a, vec3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

static vec3 cross(vec3 a, vec3 b)
{
    return (vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

static vec3 row(const ccd_query *q, int r)
{
    return (vec3){q->v[r][0], q->v[r][1], q->v[r][2]};
}

/* x10 · (x20 × x30) with each x moving as x + t v, in decreasing powers of t. */
static void triple_cubic(double op[4], vec3 x10, vec3 x20, vec3 x30, vec3 v10, vec3 v20,
                         vec3 v30)
{
    op[0] = dot(v10, cross(v20, v30));
    op[1] = dot(x10, cross(v20, v30)) + dot(v10, cross(x20, v30)) + dot(v10, cross(v20, x30));
    op[2] = dot(x10, cross(x20, v30)) + dot(x10, cross(v20, x30)) + dot(v10, cross(x20, x30));
    op[3] = dot(x10, cross(x20, x30));
}

/* Pieces where the triple product x10 · (x20 × x30) is >= 0 (CTCD's planePoly3D). */
static void plane_pieces(fprf_pieces *out, vec3 x10, vec3 x20, vec3 x30, vec3 v10, vec3 v20,
                         vec3 v30, double t_max)
{
    double op[4];
    triple_cubic(op, x10, x20, x30, v10, v20, v30);
    out->n = 0;
    ccd_fprf_sign_pieces(out, op, 3, 1, t_max);
}

/* Pieces where D^2 - min_d2 |n|^2 <= 0, D = x10 · n, n = x20 × x30 (distancePoly3D):
 * with D = A t^3 + B t^2 + C t + D0 and n = G t^2 + F t + E. */
static void distance_pieces(fprf_pieces *out, vec3 x10, vec3 x20, vec3 x30, vec3 v10, vec3 v20,
                            vec3 v30, double min_d2, double t_max)
{
    double c[4];
    triple_cubic(c, x10, x20, x30, v10, v20, v30);
    double a = c[0], b = c[1], cc = c[2], d = c[3];
    vec3 e = cross(x20, x30);
    vec3 f = add(cross(x20, v30), cross(v20, x30));
    vec3 g = cross(v20, v30);
    double op[7];
    op[0] = a * a;
    op[1] = 2 * a * b;
    op[2] = b * b + 2 * a * cc - dot(g, g) * min_d2;
    op[3] = 2 * a * d + 2 * b * cc - 2 * dot(g, f) * min_d2;
    op[4] = 2 * b * d + cc * cc - (2 * dot(g, e) + dot(f, f)) * min_d2;
    op[5] = 2 * cc * d - 2 * dot(f, e) * min_d2;
    op[6] = d * d - dot(e, e) * min_d2;
    out->n = 0;
    ccd_fprf_sign_pieces(out, op, 6, 0, t_max);
}

/* Pieces where the quartic of CTCD's barycentricPoly3D is >= 0:
 *   (x20·x10)(x30·x10) - |x10|^2 (x30·x20), each x moving as x + t v. */
static void barycentric_pieces(fprf_pieces *out, vec3 x10, vec3 x20, vec3 x30, vec3 v10,
                               vec3 v20, vec3 v30, double t_max)
{
    double a = dot(x10, x10), b = 2 * dot(x10, v10), c = dot(v10, v10);
    double d = dot(x20, x10), e = dot(x20, v10) + dot(v20, x10), f = dot(v20, v10);
    double g = dot(x30, x20), h = dot(x30, v20) + dot(v30, x20), i = dot(v30, v20);
    double j = dot(x30, x10), k = dot(x30, v10) + dot(v30, x10), l = dot(v30, v10);
    double op[5];
    op[0] = f * l - c * i;
    op[1] = f * k + e * l - c * h - b * i;
    op[2] = f * j + d * l + e * k - c * g - a * i - b * h;
    op[3] = d * k + e * j - a * h - b * g;
    op[4] = d * j - a * g;
    out->n = 0;
    ccd_fprf_sign_pieces(out, op, 4, 1, t_max);
}

static void report(ccd_result *r, int collides, double toi, long checks)
{
    r->collides = collides;
    r->toi = r->toi_upper = collides ? toi : INFINITY;
    r->tolerance = 0;
    r->hit_max_checks = 0;
    r->checks = checks;
}

/* VF rows: p, f1, f2, f3 at t = 0, then at t = 1. */
static ccd_status fprf_vertex_face(ccd_result *r, const ccd_query *q, const ccd_params *par,
                                   void *scratch)
{
    (void)scratch;
    const double eta = ccd_option_double(par, &ccd_method_fprf, FPRF_OPT_ETA);
    const double t_max = par->t_max;
    vec3 s[4], v[4];
    for (int i = 0; i < 4; i++) {
        s[i] = row(q, i);
        v[i] = sub(row(q, i + 4), s[i]);
    }
    /* one inside test per vertex f_i of the triangle, then the plane distance */
    fprf_pieces side[3], near;
    for (int i = 1; i <= 3; i++) {
        int j = i % 3 + 1, k = j % 3 + 1; /* (i, j, k) = (1,2,3), (2,3,1), (3,1,2) */
        plane_pieces(&side[i - 1], sub(s[0], s[i]), cross(sub(s[k], s[i]), sub(s[j], s[i])),
                     sub(s[k], s[i]), sub(v[0], v[i]), cross(sub(v[k], v[i]), sub(v[j], v[i])),
                     sub(v[k], v[i]), t_max);
        if (side[i - 1].n == 0) {
            report(r, 0, 0, i);
            return CCD_OK;
        }
    }
    distance_pieces(&near, sub(s[0], s[1]), sub(s[2], s[1]), sub(s[3], s[1]), sub(v[0], v[1]),
                    sub(v[2], v[1]), sub(v[3], v[1]), eta * eta, t_max);
    if (near.n == 0) {
        report(r, 0, 0, 4);
        return CCD_OK;
    }
    int collides = 0;
    double toi = t_max;
    for (int a = 0; a < near.n; a++)
        for (int b = 0; b < side[0].n; b++)
            for (int c = 0; c < side[1].n; c++)
                for (int d = 0; d < side[2].n; d++) {
                    fprf_interval iv[4] = {near.item[a], side[0].item[b], side[1].item[c],
                                           side[2].item[d]};
                    if (ccd_fprf_overlap(iv, 4)) {
                        double l = ccd_fprf_intersect(iv, 4, t_max).l;
                        toi = toi < l ? toi : l;
                        collides = 1;
                    }
                }
    report(r, collides, toi, 4);
    return CCD_OK;
}

/* EE rows: a0, a1, b0, b1 (CTCD's q0, p0, q1, p1) at t = 0, then at t = 1. */
static ccd_status fprf_edge_edge(ccd_result *r, const ccd_query *q, const ccd_params *par,
                                 void *scratch)
{
    (void)scratch;
    const double eta = ccd_option_double(par, &ccd_method_fprf, FPRF_OPT_ETA);
    const double t_max = par->t_max;
    vec3 q0 = row(q, 0), p0 = row(q, 1), q1 = row(q, 2), p1 = row(q, 3);
    vec3 vq0 = sub(row(q, 4), q0), vp0 = sub(row(q, 5), p0);
    vec3 vq1 = sub(row(q, 6), q1), vp1 = sub(row(q, 7), p1);

    fprf_pieces raw;
    distance_pieces(&raw, sub(p0, p1), sub(p0, q0), sub(p1, q1), sub(vp0, vp1), sub(vp0, vq0),
                    sub(vp1, vq1), eta * eta, t_max);
    /* Split off the pieces where the edges are parallel at the midpoint. */
    fprf_pieces near = {.n = 0}, parallel = {.n = 0};
    for (int i = 0; i < raw.n; i++) {
        double mid = (raw.item[i].u + raw.item[i].l) / 2;
        vec3 ea = add(sub(q0, p0), scale(mid, sub(vq0, vp0)));
        vec3 eb = add(sub(q1, p1), scale(mid, sub(vq1, vp1)));
        vec3 n = cross(ea, eb);
        if (sqrt(dot(n, n)) < 1e-8)
            parallel.item[parallel.n++] = raw.item[i];
        else
            near.item[near.n++] = raw.item[i];
    }
    if (near.n == 0) {
        report(r, 0, 0, 1);
        return CCD_OK;
    }
    /* The contact point is on the inner side of each end of each edge. */
    fprf_pieces side[4];
    const vec3 x10[4] = {sub(p1, q1), sub(p1, q1), sub(p0, q0), sub(p0, q0)};
    const vec3 v10[4] = {sub(vp1, vq1), sub(vp1, vq1), sub(vp0, vq0), sub(vp0, vq0)};
    const vec3 x20[4] = {sub(p0, q0), sub(q0, p0), sub(p1, q1), sub(q1, p1)};
    const vec3 v20[4] = {sub(vp0, vq0), sub(vq0, vp0), sub(vp1, vq1), sub(vq1, vp1)};
    const vec3 x30[4] = {sub(q0, q1), sub(p0, q1), sub(q1, q0), sub(p1, q0)};
    const vec3 v30[4] = {sub(vq0, vq1), sub(vp0, vq1), sub(vq1, vq0), sub(vp1, vq0)};
    for (int i = 0; i < 4; i++) {
        barycentric_pieces(&side[i], x10[i], x20[i], x30[i], v10[i], v20[i], v30[i], t_max);
        if (side[i].n == 0) {
            report(r, 0, 0, 2 + i);
            return CCD_OK;
        }
    }
    int collides = 0;
    double toi = t_max;
    for (int a = 0; a < near.n; a++)
        for (int b = 0; b < side[0].n; b++)
            for (int c = 0; c < side[1].n; c++)
                for (int d = 0; d < side[2].n; d++)
                    for (int e = 0; e < side[3].n; e++) {
                        fprf_interval iv[5] = {near.item[a], side[0].item[b], side[1].item[c],
                                               side[2].item[d], side[3].item[e]};
                        if (!ccd_fprf_overlap(iv, 5))
                            continue;
                        fprf_interval isect = ccd_fprf_intersect(iv, 5, t_max);
                        int skip = 0;
                        for (int p = 0; p < parallel.n && !skip; p++) {
                            fprf_interval pair[2] = {isect, parallel.item[p]};
                            skip = ccd_fprf_overlap(pair, 2);
                        }
                        if (!skip) {
                            toi = isect.l < toi ? isect.l : toi;
                            collides = 1;
                        }
                    }
    report(r, collides, toi, 5);
    return CCD_OK;
}

static const ccd_option fprf_options[] = {
    [FPRF_OPT_ETA] = {"eta", CCD_OPTION_DOUBLE, {.d = 0}, {.d = 0}, {.d = HUGE_VAL}, NULL,
                      "distance to the plane (VF) or between the edge lines (EE) that counts as "
                      "a contact; 0 as in Wang et al. 2021's benchmark"},
};

const ccd_method ccd_method_fprf = {
    .name = "fprf",
    .summary = "floating-point root finder (Provot 1997; Vouga et al.'s CTCD code): sign "
               "intervals of the plane-distance sextic and the inside polynomials, in doubles",
    .caps = CCD_CAP_TOI,
    .vertex_face = fprf_vertex_face,
    .edge_edge = fprf_edge_edge,
    .scratch_new = NULL,
    .scratch_free = NULL,
    .options = fprf_options,
    .option_count = sizeof fprf_options / sizeof fprf_options[0],
};
