/* SPDX-License-Identifier: MIT */
/*
 * Exclusion of a box (option exclude=directions) or of a time slab (option advance,
 * ccd_ti_slab_excluded at the end) by a separating direction.
 *
 * The inclusion test (tight_inclusion_corners*.c) drops a box when, on one of the
 * three coordinate axes, the hull of F over the box's 8 corners misses [−T, T].  When
 * a vertex approaches a face whose normal is not a coordinate axis (or an edge
 * approaches an edge), every axis range of F over a box that is wide in (u, v) holds
 * 0, although the primitives are far apart along the normal: such boxes are only
 * dropped once they are cut into (u, v) pieces of size about d over the primitives'
 * size.  (Measured in docs/min-separation.md: it saves 3–8× of the checks at small d,
 * and nothing at d = 1e-2, where the boxes kept hold real contacts.)
 *
 * The test here generalises the axes to any direction w ≠ 0 (a vector of doubles).
 * If (t, u, v) is a contact, |F(t, u, v)|∞ ≤ d, then w·F ≤ |w|₁·|F|∞ ≤ d·|w|₁.
 * G(t, u, v) = w·F(t, u, v) − d·|w|₁ is affine in each of t, u, v separately (F is
 * multilinear, Wang et al. 2021 eq. 1–2), so its minimum over a box is at one of the
 * 8 corners.  Hence G > 0 at the 8 corners ⇒ no contact in the box ⇒ drop it.  The
 * axes ±e_i are the special case the kernels test; the candidates here are
 *   - the normal of the face (VF: (B − A) × (C − A)) or of the two edges (EE:
 *     (B − A) × (D − C)) at the box's mid time, and
 *   - F at the box's centre,
 * each signed to point towards F at the centre.  Both come from one evaluation at the
 * centre, in plain floating point; the 8 corners are only evaluated for a direction
 * whose G is positive at the centre (necessary: see `promising`).  A wrong or
 * inaccurate direction only fails to drop a box: soundness does not depend on how w
 * is computed.
 *
 * Floating point.  The corner values F̂ are computed with the kernels' operation
 * sequence, so |F̂_i − F_i| ≤ ε_i (tight_inclusion_filter.md) and T_i ≥ ε_i + d
 * (tq->bound).  w is scaled so that |w_i| ≤ 1.  With u = 2^-53, η = 2^-1075:
 *
 *   s = fl(fl(fl(w₀F̂₀) + fl(w₁F̂₁)) + fl(w₂F̂₂))
 *     |s − w·F̂| ≤ γ₃·Σ|w_i||F̂_i| + 3η(1 + u)² ≤ 4u·Σ|w_i||F̂_i| + 4η
 *   (Higham, "Accuracy and Stability of Numerical Algorithms", §3.1, plus one
 *   underflow error η per product; sums are exact in the subnormal range).  With
 *   w·F ≥ w·F̂ − Σ|w_i|ε_i and ε_i + d ≤ T_i:
 *     w·F − d|w|₁ ≥ s − E,   E = Σ|w_i|(T_i + 4u|F̂_i|) + 4η.
 *
 *   R̂ = fl(fl(r₀ + r₁) + r₂),  r_i = fl(|w_i|·fl(T_i + fl(2^-51·|F̂_i|)))
 *     every operand is ≥ 0; four roundings deep, plus η for each of the two
 *     products per term (|w_i| ≤ 1): R̂ ≥ (1 − u)⁴·Σ|w_i|(T_i + 4u|F̂_i|) − 6η,
 *     hence E ≤ R̂(1 + 5u) + 11η.
 *   R↑ = fl(fl(R̂·(1 + 2^-48)) + 2^-1068)
 *     ≥ (R̂(1 + 32u)(1 − u) − η + 128η)(1 − u) ≥ R̂(1 + 29u) + 126η ≥ E.
 *
 * So s > R↑ (a comparison of doubles) proves G > 0 at that corner.  Infinite or NaN
 * values (T overflowing for a huge d) make the comparison false: the box is kept.
 */
#include <config.h>

#include "methods/tight_inclusion.h"

#include <math.h>

/* 4u: covers γ₃ of the three-term dot product. */
#define DIR_DOT_REL 0x1p-51
/* 1 + 32u and 128η: the final outward rounding of R↑ (see above). */
#define DIR_ROUND_UP (1.0 + 0x1p-48)
#define DIR_FLOOR 0x1p-1068

/* Corner values of F, [i_t][i_u][i_v][axis], with the kernels' operations. */
static void corners(double f[2][2][2][3], const ccd_ti_query *q, const double ts[2],
                    const double us[2], const double vs[2])
{
    for (int axis = 0; axis < 3; ++axis)
        for (int i = 0; i < 2; ++i) {
            double x[4];
            for (int k = 0; k < 4; ++k)
                x[k] = q->x0[axis][k] + ts[i] * q->dx[axis][k];
            if (q->kind == CCD_VF) {
                const double qa = x[0] - x[1], e1 = x[2] - x[1], e2 = x[3] - x[1];
                for (int j = 0; j < 2; ++j) {
                    const double r = qa - us[j] * e1;
                    for (int k = 0; k < 2; ++k)
                        f[i][j][k][axis] = r - vs[k] * e2;
                }
            } else {
                const double ea = x[1] - x[0], eb = x[3] - x[2];
                for (int j = 0; j < 2; ++j) {
                    const double sa = x[0] + us[j] * ea;
                    for (int k = 0; k < 2; ++k)
                        f[i][j][k][axis] = sa - (x[2] + vs[k] * eb);
                }
            }
        }
}

/* F at the box centre, the normal (VF: (B − A) × (C − A), EE: (B − A) × (D − C)) and
 * the longer of the two edges (e) at the mid time, in plain floating point: they only
 * choose directions. */
static void centre_and_normal(double fc[3], double n[3], double e[3], const ccd_ti_query *q,
                              double t, double u, double v)
{
    double a[3], b[3];
    for (int axis = 0; axis < 3; ++axis) {
        double x[4];
        for (int k = 0; k < 4; ++k)
            x[k] = q->x0[axis][k] + t * q->dx[axis][k];
        if (q->kind == CCD_VF) {
            a[axis] = x[2] - x[1], b[axis] = x[3] - x[1];
            fc[axis] = ((x[0] - x[1]) - u * a[axis]) - v * b[axis];
        } else {
            a[axis] = x[1] - x[0], b[axis] = x[3] - x[2];
            fc[axis] = (x[0] + u * a[axis]) - (x[2] + v * b[axis]);
        }
    }
    n[0] = a[1] * b[2] - a[2] * b[1];
    n[1] = a[2] * b[0] - a[0] * b[2];
    n[2] = a[0] * b[1] - a[1] * b[0];
    const double la = a[0] * a[0] + a[1] * a[1] + a[2] * a[2];
    const double lb = b[0] * b[0] + b[1] * b[1] + b[2] * b[2];
    for (int k = 0; k < 3; ++k)
        e[k] = la >= lb ? a[k] : b[k];
}

/* fc without its component along e: on a face of zero area (or parallel edges) F
 * varies with (u, v) only along e, so w·F does not vary with (u, v) at all and a box
 * is dropped as soon as its time span misses the contact, however wide it is in u, v
 * (the axes and the normal, then zero, drop it only once cut into pieces of the
 * size of the miss distance). */
static void across(double w[3], const double fc[3], const double e[3])
{
    const double ee = e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
    const double k = ee > 0.0 ? (fc[0] * e[0] + fc[1] * e[1] + fc[2] * e[2]) / ee : 0.0;
    for (int i = 0; i < 3; ++i)
        w[i] = fc[i] - k * e[i];
}

/* Is the certified test worth running for w?  G > 0 at all 8 corners implies G > 0 at
 * the centre (G is multilinear: its centre value is the mean of the corner values).
 * Plain floating point: it only saves the corner evaluations where they would not
 * certify anything. */
static int promising(const double w[3], const double fc[3], const ccd_ti_query *q)
{
    return w[0] * fc[0] + w[1] * fc[1] + w[2] * fc[2] >
           fabs(w[0]) * q->bound[0] + fabs(w[1]) * q->bound[1] + fabs(w[2]) * q->bound[2];
}

/* G > 0 at each of the n corner values f, certified (the bound in the header
 * comment).  w must satisfy |w_i| ≤ 1. */
static int separates(const double w[3], const double (*f)[3], int n, const ccd_ti_query *q)
{
    const double aw[3] = {fabs(w[0]), fabs(w[1]), fabs(w[2])};
    for (int c = 0; c < n; ++c) {
        const double *fc = f[c];
        const double s = (w[0] * fc[0] + w[1] * fc[1]) + w[2] * fc[2];
        const double r = (aw[0] * (q->bound[0] + DIR_DOT_REL * fabs(fc[0])) +
                          aw[1] * (q->bound[1] + DIR_DOT_REL * fabs(fc[1]))) +
                         aw[2] * (q->bound[2] + DIR_DOT_REL * fabs(fc[2]));
        if (!(s > r * DIR_ROUND_UP + DIR_FLOOR))
            return 0;
    }
    return 1;
}

/* w scaled to max |w_i| = 1 and signed towards `towards`; 0 when w is zero or not
 * finite (no direction). */
static int direction(double out[3], const double w[3], const double towards[3])
{
    if (!isfinite(w[0]) || !isfinite(w[1]) || !isfinite(w[2]))
        return 0; /* fmax below would skip a NaN */
    const double m = fmax(fabs(w[0]), fmax(fabs(w[1]), fabs(w[2])));
    if (!(m > 0.0))
        return 0;
    const double dot = w[0] * towards[0] + w[1] * towards[1] + w[2] * towards[2];
    const double scale = dot < 0.0 ? -1.0 / m : 1.0 / m;
    for (int k = 0; k < 3; ++k) {
        out[k] = w[k] * scale;
        if (!(fabs(out[k]) <= 1.0)) /* rounding of 1/m: keep the precondition exact */
            out[k] = copysign(1.0, out[k]);
    }
    return 1;
}

int ccd_ti_excluded_by_directions(const ccd_ti_query *q, double t0, double t1, double u0,
                                  double u1, double v0, double v1)
{
    double fc[3], n[3], e[3], w[3][3], x[3];
    centre_and_normal(fc, n, e, q, 0.5 * (t0 + t1), 0.5 * (u0 + u1), 0.5 * (v0 + v1));
    across(x, fc, e);
    const int use_n = direction(w[0], n, fc) && promising(w[0], fc, q);
    const int use_f = direction(w[1], fc, fc) && promising(w[1], fc, q);
    const int use_x = direction(w[2], x, fc) && promising(w[2], fc, q);
    if (!use_n && !use_f && !use_x)
        return 0;
    const double ts[2] = {t0, t1}, us[2] = {u0, u1}, vs[2] = {v0, v1};
    double f[2][2][2][3];
    corners(f, q, ts, us, vs);
    const double(*flat)[3] = &f[0][0][0];
    return (use_n && separates(w[0], flat, 8, q)) || (use_f && separates(w[1], flat, 8, q)) ||
           (use_x && separates(w[2], flat, 8, q));
}

/*
 * A time slab [t0, t1] × the whole domain (option advance, tight_inclusion_advance.c).
 * For a fixed t, F(t, ·) is affine in (u, v), so G = w·F − d|w|₁ is too, and its
 * minimum over the domain is at one of the domain's corners: the triangle's three
 * (0, 0), (1, 0), (0, 1) for VF, the square's four for EE.  For fixed (u, v), G is
 * affine in t.  So the minimum of G over the slab is at one of those corners at t0 or
 * t1 (6 values for VF, 8 for EE), each evaluated with the kernels' operations
 * (ccd_ti_corner_value, |F̂_i − F_i| ≤ ε_i for any doubles t, u, v in [0, 1]) and
 * certified as above.
 */
int ccd_ti_slab_excluded(const ccd_ti_query *q, const double w[3], double t0, double t1)
{
    double wn[3];
    if (!direction(wn, w, w))
        return 0;
    static const double uv[4][2] = {{0.0, 0.0}, {1.0, 0.0}, {0.0, 1.0}, {1.0, 1.0}};
    const int m = q->kind == CCD_VF ? 3 : 4;
    double f[8][3];
    int n = 0;
    for (int i = 0; i < 2; ++i)
        for (int c = 0; c < m; ++c)
            ccd_ti_corner_value(f[n++], q, i ? t1 : t0, uv[c][0], uv[c][1]);
    return separates(wn, f, n, q);
}
