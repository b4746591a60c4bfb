/* SPDX-License-Identifier: MIT */
/*
 * Euclidean distances between primitives, in doubles: FPRF's inside test and
 * additive CCD's step.  Follows the closest-point constructions of Ericson,
 * Real-Time Collision Detection, §5.1.2 (point–segment) and §5.1.9
 * (segment–segment).  MSRF has its own (msrf_distance.c): its answers depend on
 * the rounding of the reference's arithmetic order.
 */
#include <config.h>

#include "methods/primitive_distance.h"

#include <math.h>

static void sub(double out[3], const double a[3], const double b[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = a[i] - b[i];
}

static double dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void cross(double out[3], const double a[3], const double b[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

static double clamp01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* |p - (a + s (b - a))| minimised over s ∈ [0, 1]. */
static double point_segment_distance(const double p[3], const double a[3], const double b[3])
{
    double ab[3], ap[3], d[3];
    sub(ab, b, a);
    sub(ap, p, a);
    double len2 = dot(ab, ab);
    double s = len2 > 0 ? clamp01(dot(ap, ab) / len2) : 0; /* zero-length: a point */
    for (int i = 0; i < 3; i++)
        d[i] = ap[i] - s * ab[i];
    return sqrt(dot(d, d));
}

double ccd_point_triangle_distance(const double p[3], const double a[3],
                                        const double b[3], const double c[3])
{
    double ab[3], ac[3], n[3];
    sub(ab, b, a);
    sub(ac, c, a);
    cross(n, ab, ac);
    double n2 = dot(n, n);
    if (n2 > 0) {
        /* Barycentric coordinates of p's projection: signed areas over the full area. */
        double pa[3], pb[3], pc[3], w[3];
        sub(pa, a, p);
        sub(pb, b, p);
        sub(pc, c, p);
        cross(w, pb, pc);
        double u = dot(w, n) / n2;
        cross(w, pc, pa);
        double v = dot(w, n) / n2;
        double s = 1 - u - v;
        if (u >= 0 && v >= 0 && s >= 0) /* face region: distance to the plane */
            return fabs(dot(pa, n)) / sqrt(n2);
    }
    /* Outside the face (or degenerate triangle): the nearest point is on an edge. */
    double d = point_segment_distance(p, a, b);
    d = fmin(d, point_segment_distance(p, b, c));
    return fmin(d, point_segment_distance(p, c, a));
}

double ccd_segment_segment_distance(const double p0[3], const double p1[3],
                                         const double q0[3], const double q1[3])
{
    /* Closest points p0 + s d1 and q0 + t d2 (Ericson §5.1.9). */
    double d1[3], d2[3], r[3];
    sub(d1, p1, p0);
    sub(d2, q1, q0);
    sub(r, p0, q0);
    double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
    double s, t;
    if (a == 0 && e == 0) { /* both segments are points */
        s = t = 0;
    } else if (a == 0) { /* first segment is a point */
        s = 0;
        t = clamp01(f / e);
    } else {
        double c = dot(d1, r);
        if (e == 0) { /* second segment is a point */
            t = 0;
            s = clamp01(-c / a);
        } else {
            double b = dot(d1, d2);
            double denom = a * e - b * b; /* ≥ 0; zero when parallel */
            s = denom > 0 ? clamp01((b * f - c * e) / denom) : 0;
            t = (b * s + f) / e;
            if (t < 0) { /* clamp t, recompute s for it */
                t = 0;
                s = clamp01(-c / a);
            } else if (t > 1) {
                t = 1;
                s = clamp01((b - c) / a);
            }
        }
    }
    double gap[3];
    for (int i = 0; i < 3; i++)
        gap[i] = (p0[i] + s * d1[i]) - (q0[i] + t * d2[i]);
    return sqrt(dot(gap, gap));
}
