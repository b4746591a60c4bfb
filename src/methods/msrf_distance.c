/* SPDX-License-Identifier: MIT */
/* Squared distances of MSRF's acceptance test (see msrf_distance.h). */
#include <config.h>

#include "methods/msrf_distance.h"

static double dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void sub(double out[3], const double a[3], const double b[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = a[i] - b[i];
}

/* |p - (o + s e)|^2 */
static double dist2_to(const double p[3], const double o[3], double s, const double e[3])
{
    double w[3];
    for (int i = 0; i < 3; i++)
        w[i] = p[i] - (o[i] + s * e[i]);
    return dot(w, w);
}

static double clamp01(double x)
{
    return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x;
}

double ccd_msrf_point_triangle_distance2(const double p[3], const double a[3], const double b[3],
                                         const double c[3])
{
    double ab[3], ac[3], ap[3], bp[3], cp[3], w[3];
    sub(ab, b, a);
    sub(ac, c, a);
    sub(ap, p, a);
    double d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0.0 && d2 <= 0.0) /* vertex region a */
        return dot(ap, ap);
    sub(bp, p, b);
    double d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0.0 && d4 <= d3) /* vertex region b */
        return dot(bp, bp);
    double vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) /* edge region ab */
        return dist2_to(p, a, d1 / (d1 - d3), ab);
    sub(cp, p, c);
    double d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0.0 && d5 <= d6) /* vertex region c */
        return dot(cp, cp);
    double vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) /* edge region ac */
        return dist2_to(p, a, d2 / (d2 - d6), ac);
    double va = d3 * d6 - d5 * d4;
    if (va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0) { /* edge region bc */
        double bc[3];
        sub(bc, c, b);
        return dist2_to(p, b, (d4 - d3) / ((d4 - d3) + (d5 - d6)), bc);
    }
    /* face region: barycentric (u, v, w) = (1 - v - w, vb, vc) / (va + vb + vc) */
    double denom = 1.0 / (va + vb + vc);
    double v = vb * denom, wt = vc * denom, u = 1.0 - v - wt;
    for (int i = 0; i < 3; i++)
        w[i] = p[i] - (u * a[i] + v * b[i] + wt * c[i]);
    return dot(w, w);
}

double ccd_msrf_segment_segment_distance2(const double p1[3], const double q1[3],
                                          const double p2[3], const double q2[3])
{
    const double degenerate = 1e-8; /* squared length below which a segment is a point */
    double d1[3], d2[3], r[3];
    sub(d1, q1, p1);
    sub(d2, q2, p2);
    sub(r, p1, p2);
    double a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
    double s, t;
    if (a <= degenerate && e <= degenerate)
        return dot(r, r);
    if (a <= degenerate) { /* first segment is a point */
        s = 0.0;
        t = clamp01(f / e);
    } else {
        double c = dot(d1, r);
        if (e <= degenerate) { /* second segment is a point */
            t = 0.0;
            s = clamp01(-c / a);
        } else {
            /* closest points of the lines, clamped to the first segment, then the
             * second; re-clamp the first when the second was clamped */
            double b = dot(d1, d2), denom = a * e - b * b;
            s = denom != 0.0 ? clamp01((b * f - c * e) / denom) : 0.0;
            double tnom = b * s + f;
            if (tnom < 0.0) {
                t = 0.0;
                s = clamp01(-c / a);
            } else if (tnom > e) {
                t = 1.0;
                s = clamp01((b - c) / a);
            } else {
                t = tnom / e;
            }
        }
    }
    double w[3];
    for (int i = 0; i < 3; i++)
        w[i] = (p1[i] + d1[i] * s) - (p2[i] + d2[i] * t);
    return dot(w, w);
}
