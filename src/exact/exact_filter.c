/* SPDX-License-Identifier: MIT */
/*
 * Floating-point filter of the exact oracle: proves "no collision" for queries
 * whose coplanarity polynomial f(t) = det[a(t) b(t) c(t)] keeps one strict sign
 * on [0, 1] (every contact time is a root of f).
 *
 * f is trilinear in the linear vectors a, b, c, so its cubic Bernstein
 * coefficients on [0, 1] are β_k = S_k / C(3,k) with
 *   S_k = Σ_{i+j+l=k} det(a_i, b_j, c_l),  a_0 = a(0), a_1 = a(1) (same for b, c).
 * If every S_k has the same strict sign, f has that sign on all of [0, 1]
 * (Bernstein polynomials are non-negative and sum to 1).
 *
 * Error bound (ε = 2^-53, round to nearest, no overflow or underflow):
 *  - each det is computed exactly like Shewchuk's orient3d from differences of
 *    input doubles, so |det~ - det| ≤ (7 + 56ε) ε P~ with P~ the permanent
 *    computed in floating point (Shewchuk 1997, o3derrboundA);
 *  - S_k sums at most three dets: two more roundings add ≤ 2ε(1+ε) Σ|det~|,
 *    and |det~| ≤ (1 + 8ε) P~;
 *  - so |S~_k - S_k| ≤ (9ε + 80ε²) Σ P~ < 10ε Σ P~, and the bound computed in
 *    floating point as 16ε ⊗ (ΣP~) (three roundings, relative error < 4ε) still
 *    exceeds it.  The filter decides only when |S~_k| > that bound.
 * Overflow/underflow are excluded by accepting only coordinates that are 0 or of
 * magnitude in [2^-100, 2^100]: differences are then 0 or ≥ 2^-152 in
 * magnitude, products of three lie in [2^-456, 2^306], all normal.
 */
#include <config.h>

#include "exact/exact_filter.h"

#include <math.h>

static const double filter_eps = 0x1p-53;

/* det(a, b, c) = a·(b × c) and its permanent, in orient3d's evaluation order. */
static double det3(double *perm, const double a[3], const double b[3], const double c[3])
{
    double bycz = b[1] * c[2], bzcy = b[2] * c[1];
    double bzcx = b[2] * c[0], bxcz = b[0] * c[2];
    double bxcy = b[0] * c[1], bycx = b[1] * c[0];
    *perm = (fabs(bycz) + fabs(bzcy)) * fabs(a[0]) + (fabs(bzcx) + fabs(bxcz)) * fabs(a[1]) +
            (fabs(bxcy) + fabs(bycx)) * fabs(a[2]);
    return a[0] * (bycz - bzcy) + a[1] * (bzcx - bxcz) + a[2] * (bxcy - bycx);
}

static int coordinate_in_range(double x)
{
    double ax = fabs(x);
    return ax == 0 || (ax >= 0x1p-100 && ax <= 0x1p100);
}

void ccd_exact_filter_coefficients(double sum[4], double perm[4], const ccd_query *q)
{
    /* rows of a, b, c: VF a = v2 - v1, b = v3 - v1, c = p - v1;
     *                  EE a = p2 - p1, b = p3 - p4, c = p3 - p1 (rows 0..3 at t0) */
    int ra[2], rb[2], rc[2];
    if (q->kind == CCD_VF) {
        ra[0] = 2, ra[1] = 1, rb[0] = 3, rb[1] = 1, rc[0] = 0, rc[1] = 1;
    } else {
        ra[0] = 1, ra[1] = 0, rb[0] = 2, rb[1] = 3, rc[0] = 2, rc[1] = 0;
    }
    double a[2][3], b[2][3], c[2][3];
    for (int t = 0; t < 2; t++)
        for (int k = 0; k < 3; k++) {
            a[t][k] = q->v[ra[0] + 4 * t][k] - q->v[ra[1] + 4 * t][k];
            b[t][k] = q->v[rb[0] + 4 * t][k] - q->v[rb[1] + 4 * t][k];
            c[t][k] = q->v[rc[0] + 4 * t][k] - q->v[rc[1] + 4 * t][k];
        }
    for (int k = 0; k < 4; k++)
        sum[k] = 0, perm[k] = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            for (int l = 0; l < 2; l++) {
                double p;
                double d = det3(&p, a[i], b[j], c[l]);
                sum[i + j + l] += d;
                perm[i + j + l] += p;
            }
}

int ccd_exact_filter_no_contact(const ccd_query *q)
{
    if (q->exact)
        return 0; /* some coordinate is not a double */
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++)
            if (!coordinate_in_range(q->v[i][j]))
                return 0;
    double sum[4], perm[4];
    ccd_exact_filter_coefficients(sum, perm, q);
    int sign = 0;
    for (int k = 0; k < 4; k++) {
        double bound = 16 * filter_eps * perm[k];
        int s = sum[k] > bound ? 1 : sum[k] < -bound ? -1 : 0;
        if (s == 0 || (sign && s != sign))
            return 0;
        sign = s;
    }
    return 1;
}
