/* SPDX-License-Identifier: MIT */
/*
 * TightCCD — Wang, Tang, Tong and Manocha 2015, "TightCCD: Efficient and Robust
 * Continuous Collision Detection using Tight Error Bounds" (Pacific Graphics 2015):
 * the Bernstein sign classification of Tang, Tong, Wang and Manocha 2014 in doubles,
 * every value carrying a bound on its rounding error (tight_ccd_number.h) and every
 * decision made on signs certain beyond that bound, the uncertain ones resolved
 * towards a collision.  This is TCCD of Wang et al. 2021, "A Large-scale Benchmark and
 * an Inclusion-based Algorithm for Continuous Collision Detection", Table 1, written
 * to agree query by query with the authors' code as that benchmark calls it
 * (docs/baselines.md): same formulas, same arithmetic order, same branches, including
 * the ones that look like slips (marked "as the original").  Boolean: no time of
 * impact.  Neither exact nor conservative: the paper claims no false negatives, but
 * its error bounds are relative ones, which do not hold once a result underflows,
 * and the divisions below are done without dividing, by products of products: in
 * one missed query the cubic's coefficients are 1e-23 after the split, the linear
 * remainders 1e-168, and the cubic evaluated at a remainder's root, a cubic form in
 * it, underflows to 0 with a bound of 0, a "certain" zero taken for a root.  On the
 * shared data this misses 23 contacts (armadillo-rollers; scaling all coordinates by
 * 2^100, which changes no rounding but the underflows, leaves none), as the original.
 *
 * Formulation, on [0, 1] with every point moving linearly, Bernstein basis
 * B^n_i(t) = C(n,i) t^i (1-t)^(n-i), x0 / x1 the positions at t = 0 / 1:
 *   VF: the face a, b, c and the vertex d;  EE: the edges (a, b) and (c, d);
 *   n(t) = (b - a) × (c - a), a quadratic vector with Bernstein coefficients
 *          n0, nx, n1, where nx = (n0 + n1 - Δ)/2 and Δ = (Δb - Δa) × (Δc - Δa) is
 *          its t^2 term (Δx = x1 - x0), since n0 + n1 - Δ = e(0) × e'(1) + e(1) × e'(0);
 *   f(t) = n(t) · (d - a), the coplanarity cubic; k = 3 × its coefficients:
 *          k = (3 n0·p0, 2 nx·p0 + n0·p1, 2 nx·p1 + n1·p0, 3 n1·p1), p = d - a;
 *   g_i(t) = m_i(t) · n(t), three quartics, m_0 = (b - d) × (c - d),
 *          m_1 = (c - d) × (a - d), m_2 = (a - d) × (b - d) (for EE g_2 negated);
 *          6 × their coefficients: (6 m0·n0, 3 (m0·nx + mx·n0), m0·n1 + 4 mx·nx +
 *          m1·n0, 3 (mx·n1 + m1·nx), 6 m1·n1).
 * At a time t where f(t) = 0 the points are coplanar, and they touch when every
 * g_i(t) ≥ 0: VF, the barycentric coordinates of d (times |n|^2); EE, the in-plane
 * orientations of (c, d, b), (d, c, a) and (b, a, d) — c is on the positive side of
 * ab by the choice of n, so these say that the segments cross.
 *
 * The test (original's names in brackets):
 *  1. [getBezier] all k of one certain sign: no root, no collision.
 *  2. [bezierClassification] the shape of f on the interval, from the signs of k,
 *     of f'/3 = (k1 - k0, k2 - k1, k3 - k2) and of f''/6 = (k0 - 2 k1 + k2,
 *     k1 - 2 k2 + k3): MONOTONE (k0 against all others of the other sign, or f' of
 *     one sign), ONE_EXTREME (f' changes sign, f'' does not), INFLECTION (f''
 *     changes sign or its sign is uncertain).
 *  3. [subdivide] an inflection: split at τ = a / (a - b), (a, b) = f''/6, by
 *     de Casteljau in homogeneous form (every coefficient of a piece of degree m
 *     times (a - b)^m, the cubic's negated when a - b < 0, so no division), and
 *     treat both pieces as 4-5 (an INFLECTION piece becomes ONE_EXTREME or
 *     MONOTONE by the signs of its f'); a - b of uncertain sign: collision.
 *  4. [coplanarTest] the number of roots of f: 1 when the end signs differ; with
 *     one extreme, 0 or 2 by the sign of f at the extreme, got without finding it:
 *     dividing f by the quadratic f' [bezierDecomposition], f = M f' + N with M, N
 *     linear, so f = N at the extreme, and N's sign there follows from the signs of
 *     N's coefficients, or of f' at N's root.  Uncertain: 2 (conservative).  0: no.
 *  5. [insideTest] for each g_i, reduce it by f to a quadratic J_i with the same sign
 *     at every root t* > 0 of f [getSimplifyed]: h = 4 k0 g - l0 f↑ (f raised to
 *     degree 4) has no B0 term, h = t S with S cubic, and S k0 - s0 f = t J / 2, so
 *     g(t*) · 4 k0^2 = t*^2 J(t*) / 2.  Then J = S' f + T' [bezierDecomposition
 *     again], so J(t*) = -T'(t*) / S'(t*), and g_i(t*) < 0 when S' and T' have the
 *     same sign at t*; the sign of a linear polynomial at each root of f comes from
 *     the sign of f (and f') at the polynomial's own root [getSigns].  A root of f
 *     where some g_i is certainly negative is dropped; no root left: no collision.
 * Every sign is certain or taken as 0, and a 0 sign never removes a root, except in
 * the original's slips reproduced here and after an underflow (above).  Scaled
 * quantities are compared by sign only.
 *
 * Positions: the query's doubles as read; for t_max < 1 the end positions are
 * x0 + t_max (x1 - x0), rounded (the original has no t_max).
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/tight_ccd_number.h"

#include "core/assert.h"

#include <math.h>

/* ------------------------------------------------------------------ vectors */

typedef struct tvec {
    tccd_num x[3];
} tvec;

static tvec vsub(tvec a, tvec b)
{
    return (tvec){{tccd_sub(a.x[0], b.x[0]), tccd_sub(a.x[1], b.x[1]), tccd_sub(a.x[2], b.x[2])}};
}

static tvec vadd(tvec a, tvec b)
{
    return (tvec){{tccd_add(a.x[0], b.x[0]), tccd_add(a.x[1], b.x[1]), tccd_add(a.x[2], b.x[2])}};
}

static tvec vscale(tvec a, double c)
{
    return (tvec){{tccd_scale(a.x[0], c), tccd_scale(a.x[1], c), tccd_scale(a.x[2], c)}};
}

/* a0 b0 + a1 b1 + a2 b2, summed from the left. */
static tccd_num dot(tvec a, tvec b)
{
    tccd_num d = tccd_mul(a.x[0], b.x[0]);
    d = tccd_add(d, tccd_mul(a.x[1], b.x[1]));
    return tccd_add(d, tccd_mul(a.x[2], b.x[2]));
}

static tvec cross(tvec a, tvec b)
{
    return (tvec){{tccd_sub(tccd_mul(a.x[1], b.x[2]), tccd_mul(a.x[2], b.x[1])),
                   tccd_sub(tccd_mul(a.x[2], b.x[0]), tccd_mul(a.x[0], b.x[2])),
                   tccd_sub(tccd_mul(a.x[0], b.x[1]), tccd_mul(a.x[1], b.x[0]))}};
}

/* (q - p) × (r - p) */
static tvec normal(tvec p, tvec q, tvec r) { return cross(vsub(q, p), vsub(r, p)); }

/* The Bernstein coefficients of the quadratic (q(t) - p(t)) × (r(t) - p(t)) for
 * points moving from p0 to p1, …: n0, nx, n1 (the header's nx). */
typedef struct quad_vec {
    tvec c0, cx, c1;
} quad_vec;

static quad_vec moving_normal(tvec p0, tvec q0, tvec r0, tvec p1, tvec q1, tvec r1)
{
    quad_vec n;
    n.c0 = normal(p0, q0, r0);
    n.c1 = normal(p1, q1, r1);
    tvec delta = normal(vsub(p1, p0), vsub(q1, q0), vsub(r1, r0));
    n.cx = vscale(vsub(vadd(n.c0, n.c1), delta), 0.5);
    return n;
}

/* ------------------------------------------------ polynomials in Bernstein form */

/* The cubic f on the interval being classified, and what the root count settled. */
typedef struct cubic {
    tccd_num k[4]; /* 3 × its Bernstein coefficients (any positive multiple)            */
    tccd_num d[3]; /* f'/3: k1 - k0, k2 - k1, k3 - k2; (0, 0) when the shape was read
                      from k alone (the original leaves them at their initial zero)     */
    int shape;     /* enum shape                                                        */
    int sign_k0;   /* the sign f is taken to start with (k0's, or settled by 4.)        */
    int sign_d0;   /* the signs f' is taken to have at 0 and at 1                        */
    int sign_d2;
} cubic;

enum shape { MONOTONE = 0, ONE_EXTREME = 1, INFLECTION = 2 };

/* The three outcomes of comparing two certain signs [diffSign, sameSign]. */
enum { SIGN_UNCERTAIN, SIGN_NO, SIGN_YES };

static int opposite_signs(tccd_num a, tccd_num b)
{
    int sa = tccd_sign(a), sb = tccd_sign(b);
    return sa == 0 || sb == 0 ? SIGN_UNCERTAIN : sa != sb ? SIGN_YES : SIGN_NO;
}

static int same_signs(int sa, int sb)
{
    return sa == 0 || sb == 0 ? SIGN_UNCERTAIN : sa == sb ? SIGN_YES : SIGN_NO;
}

/* p0 s^3 + 3 p1 s^2 t + 3 p2 s t^2 + p3 t^3: for (t, s) = (τ, 1 - τ) the cubic at τ;
 * here always homogeneous, (t, s) = (x0, -x1) for a root τ = x0 / (x0 - x1) of the
 * linear x, so the value is (x0 - x1)^3 times the cubic at τ [_evaluateBezier]. */
static tccd_num eval_cubic(const tccd_num p[4], tccd_num t, tccd_num s)
{
    tccd_num s2 = tccd_mul(s, s), s3 = tccd_mul(s2, s);
    tccd_num t2 = tccd_mul(t, t), t3 = tccd_mul(t2, t);
    tccd_num v = tccd_add(tccd_mul(p[0], s3), tccd_mul(tccd_mul(tccd_scale(p[1], 3.0), s2), t));
    v = tccd_add(v, tccd_mul(tccd_mul(tccd_scale(p[2], 3.0), s), t2));
    return tccd_add(v, tccd_mul(p[3], t3));
}

/* p0 s^2 + 2 p1 s t + p2 t^2, likewise: (x0 - x1)^2 times the quadratic at τ. */
static tccd_num eval_quadratic(const tccd_num p[3], tccd_num t, tccd_num s)
{
    tccd_num s2 = tccd_mul(s, s), t2 = tccd_mul(t, t);
    tccd_num v = tccd_add(tccd_mul(p[0], s2), tccd_mul(tccd_mul(tccd_scale(p[1], 2.0), s), t));
    return tccd_add(v, tccd_mul(p[2], t2));
}

/* Division of the cubic k by the quadratic j [bezierDecomposition]: k = M j + N with
 * M, N linear, by Cramer's rule on M's Bernstein coefficients, everything scaled by the
 * determinant det = 4 (j1 - j2)(j1 - j0) + (j0 - j2)^2 = (2 j1 - j0 - j2)^2 ≥ 0:
 * m = det M, nn = det N.  0 when det or j0 + j2 - 2 j1 (j's second difference) is
 * exactly 0, i.e. j has degree < 2 as computed. */
static int divide(tccd_num m[2], tccd_num nn[2], const tccd_num k[4], const tccd_num j[3])
{
    tccd_num A = tccd_scale(tccd_sub(j[1], j[2]), 2.0);
    tccd_num B = tccd_sub(j[0], j[2]);
    tccd_num C = tccd_sub(tccd_sub(tccd_scale(k[2], 3.0), tccd_scale(k[3], 2.0)), k[0]);
    tccd_num D = tccd_sub(tccd_sub(tccd_scale(k[1], 3.0), tccd_scale(k[0], 2.0)), k[3]);
    tccd_num E = tccd_sub(j[2], j[0]);
    tccd_num F = tccd_scale(tccd_sub(j[1], j[0]), 2.0);
    tccd_num det = tccd_sub(tccd_mul(A, F), tccd_mul(B, E));
    if (det.v == 0 || tccd_sub(tccd_add(j[0], j[2]), tccd_scale(j[1], 2.0)).v == 0)
        return 0;
    m[0] = tccd_sub(tccd_mul(A, D), tccd_mul(B, C));
    m[1] = tccd_sub(tccd_mul(F, C), tccd_mul(E, D));
    nn[0] = tccd_sub(tccd_mul(k[0], det), tccd_mul(m[0], j[0]));
    nn[1] = tccd_sub(tccd_mul(k[3], det), tccd_mul(m[1], j[2]));
    return 1;
}

/* ------------------------------------------------------------------ the cubic */

/* Step 2: the shape of f, and f'/3 in c->d unless a sign pattern of k decides. */
static int classify(cubic *c)
{
    const tccd_num *k = c->k;
    int s0 = tccd_sign(k[0]), s1 = tccd_sign(k[1]), s2 = tccd_sign(k[2]), s3 = tccd_sign(k[3]);
    c->d[0] = c->d[1] = c->d[2] = tccd_exact(0.0);
    /* one end against the three others, all certain: one sign change, monotone */
    if ((s0 > 0 && s1 < 0 && s2 < 0 && s3 < 0) || (s0 < 0 && s1 > 0 && s2 > 0 && s3 > 0) ||
        (s3 > 0 && s1 < 0 && s2 < 0 && s0 < 0) || (s3 < 0 && s1 > 0 && s2 > 0 && s0 > 0))
        return MONOTONE;
    tccd_num a = tccd_add(tccd_sub(k[2], tccd_scale(k[1], 2.0)), k[0]); /* f''/6 at 0 */
    tccd_num b = tccd_add(tccd_sub(k[3], tccd_scale(k[2], 2.0)), k[1]); /* f''/6 at 1 */
    c->d[0] = tccd_sub(k[1], k[0]);
    c->d[1] = tccd_sub(k[2], k[1]);
    c->d[2] = tccd_sub(k[3], k[2]);
    if (opposite_signs(a, b) != SIGN_NO)
        return INFLECTION;
    return opposite_signs(c->d[0], c->d[2]) != SIGN_NO ? ONE_EXTREME : MONOTONE;
}

/* The signs of k0 and of f' at the ends, before step 4 adjusts them [bcrv]. */
static void cubic_init_signs(cubic *c)
{
    c->sign_k0 = tccd_sign(c->k[0]);
    c->sign_d0 = tccd_sign(c->d[0]);
    c->sign_d2 = tccd_sign(c->d[2]);
}

/* Step 4 with both ends of one sign and one extreme: 0 or 2 roots (2 when
 * uncertain); one_end_uncertain: the common end sign was taken from the one end
 * that is certain, and an answer of 0 becomes 1 (conservative). */
static int extreme_roots(cubic *c, int one_end_uncertain)
{
    const tccd_num *k = c->k;
    const int no_root = one_end_uncertain ? 1 : 0;
    tccd_num m[2], n[2];
    if (!divide(m, n, k, c->d)) {
        /* f' is linear as computed, (d0, 2 d1 - d0): its root τ = d0 / (d0 - d1); f
         * at τ, times (d0 - d1)^3, has the sign of f at the extreme */
        tccd_num fk = eval_cubic(k, c->d[0], tccd_neg(tccd_sub(tccd_scale(c->d[1], 2.0), c->d[0])));
        int slope = tccd_sign(tccd_sub(c->d[0], c->d[1]));
        if (slope == 0)
            return 2;
        if (slope < 0)
            fk = tccd_neg(fk);
        return c->sign_k0 == tccd_sign(fk) ? 0 : 2; /* as the original: 0, not no_root */
    }
    /* f'' of one sign at both ends (step 2): taken from the certain one.  When both
     * are certain (and then equal) the original reads an uninitialised variable; here
     * their common sign, and 0 when neither is certain (not met on the shared data) */
    int ka = tccd_sign(tccd_add(tccd_sub(k[2], tccd_scale(k[1], 2.0)), k[0]));
    int kb = tccd_sign(tccd_add(tccd_sub(k[3], tccd_scale(k[2], 2.0)), k[1]));
    int curvature = ka == 0 && kb != 0 ? kb : ka != 0 && kb == 0 ? ka : ka == kb ? ka : 0;
    /* f' of opposite signs at the ends: an uncertain one gets the other's opposite */
    int sd0 = tccd_sign(c->d[0]), sd2 = tccd_sign(c->d[2]);
    if (sd0 == 0 && sd2 == 0) {
        if (curvature == 0)
            return 2;
        c->sign_d0 = -curvature;
        c->sign_d2 = curvature;
    } else if (sd0 == 0) {
        c->sign_d0 = -sd2;
    } else if (sd2 == 0) {
        c->sign_d2 = -sd0;
    }
    /* N (scaled by det ≥ 0) is f at the extreme: of one sign on [0, 1] … */
    int n0 = tccd_sign(n[0]), n1 = tccd_sign(n[1]);
    if (n0 == n1)
        return c->sign_k0 == n0 ? no_root : 2;
    /* … or changing sign at τ = n0 / (n0 - n1): f' at τ says on which side of τ the
     * extreme lies, and so which end of N gives f's sign there */
    int fk = tccd_sign(eval_quadratic(c->d, n[0], tccd_neg(n[1])));
    if (fk == 0)
        return 2;
    if (c->sign_d0 == fk)
        return c->sign_k0 == n1 ? no_root : 2;
    c->sign_d2 = fk; /* as the original: an assignment where a comparison was meant */
    return c->sign_k0 == n0 ? no_root : 2;
}

/* Step 4: the number of roots of f on the interval, 0, 1 or 2 (2 also stands for
 * "not sure") [coplanarTest]; settles c->sign_k0, sign_d0, sign_d2 for step 5. */
static int count_roots(cubic *c)
{
    const tccd_num *k = c->k;
    int s0 = tccd_sign(k[0]), s3 = tccd_sign(k[3]);
    if (s0 == 0 && s3 == 0)
        return 2;
    if (c->shape == MONOTONE) {
        if (opposite_signs(k[0], k[3]) == SIGN_NO)
            return 0;
        if (s0 == 0)
            c->sign_k0 = -s3;
        return 1;
    }
    CCD_ASSERT(c->shape == ONE_EXTREME);
    if (opposite_signs(k[0], k[3]) == SIGN_YES)
        return 1;
    int one_end_uncertain = s0 == 0 || s3 == 0;
    if (s0 == 0)
        c->sign_k0 = s3;
    return extreme_roots(c, one_end_uncertain);
}

/* --------------------------------------------------------- the inside test */

/* Step 5's reduction of the quartic g (6 × Bernstein coefficients l) by the cubic f
 * to the quadratic j [getSimplifyed]; the header gives the derivation. */
static void reduce(tccd_num j[3], const tccd_num k[4], const tccd_num l[5])
{
    /* 4 × f raised to degree 4 */
    tccd_num r0 = tccd_scale(k[0], 4.0);
    tccd_num r1 = tccd_add(k[0], tccd_scale(k[1], 3.0));
    tccd_num r2 = tccd_scale(tccd_add(k[1], k[2]), 2.0);
    tccd_num r3 = tccd_add(tccd_scale(k[2], 3.0), k[3]);
    tccd_num r4 = tccd_scale(k[3], 4.0);
    /* S = (h / t) × 3, h = r0 g - l0 f↑ */
    tccd_num s0 = tccd_scale(tccd_sub(tccd_mul(l[1], r0), tccd_mul(l[0], r1)), 12.0);
    tccd_num s1 = tccd_scale(tccd_sub(tccd_mul(l[2], r0), tccd_mul(l[0], r2)), 6.0);
    tccd_num s2 = tccd_scale(tccd_sub(tccd_mul(l[3], r0), tccd_mul(l[0], r3)), 4.0);
    tccd_num s3 = tccd_scale(tccd_sub(tccd_mul(l[4], r0), tccd_mul(l[0], r4)), 3.0);
    /* J = ((S k0 - s0 f) / t) × 2 */
    j[0] = tccd_scale(tccd_sub(tccd_mul(s1, k[0]), tccd_mul(s0, k[1])), 6.0);
    j[1] = tccd_scale(tccd_sub(tccd_mul(s2, k[0]), tccd_mul(s0, k[2])), 3.0);
    j[2] = tccd_scale(tccd_sub(tccd_mul(s3, k[0]), tccd_mul(s0, k[3])), 2.0);
}

/* The signs of the linear x (Bernstein coefficients x0, x1) at the first and the
 * second root of f (with one root, both at it) [getSigns].  0 when x's root is too
 * close to call.  Returns 0, leaving out untouched, when x's slope is uncertain or
 * (only in the two-root case) no branch applies. */
static int signs_at_roots(int out[2], tccd_num x0, tccd_num x1, const cubic *c, int roots)
{
    if (opposite_signs(x0, x1) == SIGN_NO) {
        out[0] = out[1] = tccd_sign(x0);
        return 1;
    }
    int slope = tccd_sign(tccd_sub(x0, x1));
    if (slope == 0)
        return 0;
    /* (x0 - x1)^3 f(τ) at x's root τ = x0 / (x0 - x1) */
    tccd_num ft = eval_cubic(c->k, x0, tccd_neg(x1));
    if (roots == 1) {
        if (tccd_sign(ft) == 0) {
            out[0] = out[1] = 0;
            return 1;
        }
        if (slope < 0)
            ft = tccd_neg(ft);
        /* f(τ) of f's starting sign: τ is before the root, where x has x1's sign */
        out[0] = out[1] = tccd_sign(tccd_sign(ft) == c->sign_k0 ? x1 : x0);
        return 1;
    }
    if (roots == 2) {
        if (tccd_sign(ft) == 0) { /* τ is a root of f: which one, by f' at τ */
            int fk = tccd_sign(eval_quadratic(c->d, x0, tccd_neg(x1)));
            if (c->sign_d0 == 0) {
                out[0] = out[1] = 0;
                return 1;
            }
            if (fk == c->sign_d0) {
                out[0] = 0;
                out[1] = tccd_sign(x1);
                return 1;
            }
            if (fk == c->sign_d2) {
                out[0] = tccd_sign(x0);
                out[1] = 0;
                return 1;
            }
            if (fk == 0) {
                out[0] = tccd_sign(x0);
                out[1] = tccd_sign(x1);
                return 1;
            }
        }
        if (slope < 0)
            ft = tccd_neg(ft);
        if (tccd_sign(ft) != c->sign_k0) { /* τ between the roots */
            out[0] = tccd_sign(x0);
            out[1] = tccd_sign(x1);
            return 1;
        }
        /* τ before both roots or after both: f' at τ has f''s starting sign before */
        int fk = tccd_sign(eval_quadratic(c->d, x0, tccd_neg(x1)));
        if (c->sign_d0 == 0) {
            out[0] = out[1] = 0;
            return 1;
        }
        if (fk == c->sign_d0) {
            out[0] = out[1] = tccd_sign(x1);
            return 1;
        }
        if (fk == c->sign_d2) {
            out[0] = out[1] = tccd_sign(x0);
            return 1;
        }
        if (fk == 0) {
            out[0] = tccd_sign(x0);
            out[1] = tccd_sign(x1);
            return 1;
        }
    }
    return 0;
}

/* Step 5 [insideTest]: 1 when some root of f (there are `roots`, 1 or 2) may have
 * every g_i ≥ 0; g holds 6 × the Bernstein coefficients of the three g_i. */
static int inside(const cubic *c, const tccd_num g[3][5], int roots)
{
    CCD_ASSERT(roots == 1 || roots == 2);
    int alive[2][3]; /* [root][i]: g_i not certainly negative at that root */
    /* the signs at the roots, of S' and T' (or of J when it is linear); like the
     * original's, they keep their values from the previous g_i when not set again */
    int ls[2] = {0, 0}, ks[2] = {0, 0};
    for (int i = 0; i < 3; i++) {
        alive[0][i] = alive[1][i] = 1;
        tccd_num j[3], sm[2], tn[2];
        reduce(j, c->k, g[i]);
        if (!divide(sm, tn, c->k, j)) {
            /* J linear or constant as computed */
            if (tccd_sub(j[1], j[0]).v == 0) {
                if (tccd_sign(j[0]) < 0)
                    return 0;
                continue;
            }
            /* J's ends j0 and 2 j1 - j0; the outcome of signs_at_roots is not
             * checked, as the original: stale signs are used when it fails */
            (void)signs_at_roots(ls, j[0], tccd_sub(tccd_scale(j[1], 2.0), j[0]), c, roots);
            if (roots == 1) {
                if (ls[0] < 0)
                    return 0;
            } else {
                alive[0][i] = !(ls[0] < 0);
                alive[1][i] = !(ls[1] < 0);
                if (!alive[0][i] && !alive[1][i])
                    return 0;
            }
            continue;
        }
        int ok_s = signs_at_roots(ls, sm[0], sm[1], c, roots);
        int ok_t = signs_at_roots(ks, tn[0], tn[1], c, roots);
        if (!ok_s || !ok_t)
            continue;
        /* J(t*) = -T'(t*) / S'(t*) < 0 when S' and T' have the same certain sign */
        if (roots == 1) {
            if (same_signs(ls[0], ks[0]) == SIGN_YES)
                return 0;
            continue;
        }
        if (same_signs(ls[0], ks[0]) == SIGN_YES)
            alive[0][i] = 0;
        if (same_signs(ls[1], ks[1]) == SIGN_YES)
            alive[1][i] = 0;
        if (!alive[0][i] && !alive[1][i])
            return 0;
    }
    if (roots == 2) {
        int first = alive[0][0] && alive[0][1] && alive[0][2];
        int second = alive[1][0] && alive[1][1] && alive[1][2];
        if (!first && !second)
            return 0;
    }
    return 1;
}

/* -------------------------------------------------- splitting at the inflection */

/* C(n, j) t^j s^(n-j) c, multiplied as the original writes it: the binomial (when
 * it is not 1) times t, then the other t's, then the s's, then c. */
static tccd_num bernstein_term(int n, int j, tccd_num t, tccd_num s, tccd_num c)
{
    static const double binomial[5][5] = {
        {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};
    tccd_num p = tccd_exact(0.0);
    int factors = 0, ts = j;
    if (j > 0 && j < n) {
        p = tccd_scale(t, binomial[n][j]);
        factors = 1;
        ts--;
    }
    for (; ts > 0; ts--, factors++)
        p = factors ? tccd_mul(p, t) : t;
    for (int i = 0; i < n - j; i++, factors++)
        p = factors ? tccd_mul(p, s) : s;
    return factors ? tccd_mul(p, c) : c;
}

/* The de Casteljau value of c[first .. first + m] at τ = t / q, s = q - t, in
 * homogeneous form: Σ_j C(m, j) t^j s^(m-j) c[first + j], times q^(n - m). */
static tccd_num casteljau(const tccd_num *c, int first, int m, int n, tccd_num t, tccd_num s,
                          tccd_num q)
{
    tccd_num v = bernstein_term(m, 0, t, s, c[first]);
    for (int j = 1; j <= m; j++)
        v = tccd_add(v, bernstein_term(m, j, t, s, c[first + j]));
    for (int i = m; i < n; i++)
        v = tccd_mul(v, q);
    return v;
}

/* Both pieces of the degree-n polynomial c split at τ = t / q, each coefficient
 * times q^n. */
static void split(tccd_num *left, tccd_num *right, const tccd_num *c, int n, tccd_num t,
                  tccd_num q)
{
    tccd_num s = tccd_sub(q, t);
    for (int i = 0; i <= n; i++) {
        left[i] = casteljau(c, 0, i, n, t, s, q);
        right[i] = casteljau(c, i, n - i, n, t, s, q);
    }
}

/* Step 3 [subdivide]: f has an inflection; test both sides of it.  1: collision. */
static int split_at_inflection(const tccd_num k[4], const tccd_num g[3][5], long *checks)
{
    /* f''/6 = (a, b) vanishes at τ = a / (a - b) */
    tccd_num a = tccd_add(tccd_sub(k[0], tccd_scale(k[1], 2.0)), k[2]);
    tccd_num q = tccd_sub(tccd_add(tccd_sub(k[0], tccd_scale(k[1], 3.0)), tccd_scale(k[2], 3.0)),
                          k[3]);
    cubic half[2];
    split(half[0].k, half[1].k, k, 3, a, q);
    int q_sign = tccd_sign(q);
    if (q_sign == 0)
        return 1; /* conservative */
    for (int h = 0; h < 2; h++) {
        cubic *c = &half[h];
        if (q_sign < 0)
            for (int i = 0; i < 4; i++)
                c->k[i] = tccd_neg(c->k[i]);
        c->shape = classify(c);
        if (c->shape == INFLECTION) /* on a piece: by the signs of f' alone */
            c->shape = opposite_signs(c->d[0], c->d[2]) != SIGN_NO ? ONE_EXTREME : MONOTONE;
        cubic_init_signs(c);
    }
    int roots[2];
    for (int h = 0; h < 2; h++) {
        *checks += 1;
        roots[h] = count_roots(&half[h]);
    }
    if (!roots[0] && !roots[1])
        return 0;
    tccd_num gh[2][3][5]; /* q^4 > 0 times the pieces of the g_i */
    for (int i = 0; i < 3; i++)
        split(gh[0][i], gh[1][i], g[i], 4, a, q);
    int hit = 0;
    for (int h = 0; h < 2; h++)
        if (roots[h])
            hit |= inside(&half[h], (const tccd_num(*)[5])gh[h], roots[h]);
    return hit;
}

/* ------------------------------------------------------------------ the query */

/* [Intersect_robust] VF: a, b, c the face, d the vertex; EE: (a, b), (c, d). */
static int tight_ccd_test(const tvec x0[4], const tvec x1[4], int edge_edge, long *checks)
{
    const tvec a0 = x0[0], b0 = x0[1], c0 = x0[2], d0 = x0[3];
    const tvec a1 = x1[0], b1 = x1[1], c1 = x1[2], d1 = x1[3];
    quad_vec n = moving_normal(a0, b0, c0, a1, b1, c1);
    tvec p0 = vsub(d0, a0), p1 = vsub(d1, a1);
    /* step 1 */
    cubic f;
    f.k[0] = tccd_scale(dot(n.c0, p0), 3.0);
    f.k[1] = tccd_add(tccd_scale(dot(n.cx, p0), 2.0), dot(n.c0, p1));
    f.k[2] = tccd_add(tccd_scale(dot(n.cx, p1), 2.0), dot(n.c1, p0));
    f.k[3] = tccd_scale(dot(n.c1, p1), 3.0);
    int s[4];
    for (int i = 0; i < 4; i++)
        s[i] = tccd_sign(f.k[i]);
    if ((s[0] > 0 && s[1] > 0 && s[2] > 0 && s[3] > 0) ||
        (s[0] < 0 && s[1] < 0 && s[2] < 0 && s[3] < 0))
        return 0;
    /* the inside quartics g_i = m_i · n */
    tccd_num g[3][5];
    const tvec corner0[3][2] = {{b0, c0}, {c0, a0}, {a0, b0}};
    const tvec corner1[3][2] = {{b1, c1}, {c1, a1}, {a1, b1}};
    for (int i = 0; i < 3; i++) {
        quad_vec m = moving_normal(d0, corner0[i][0], corner0[i][1], d1, corner1[i][0],
                                   corner1[i][1]);
        tccd_num *l = g[i];
        l[0] = tccd_scale(dot(m.c0, n.c0), 6.0);
        l[1] = tccd_scale(tccd_add(dot(m.c0, n.cx), dot(m.cx, n.c0)), 3.0);
        l[2] = tccd_add(tccd_add(dot(m.c0, n.c1), tccd_scale(dot(m.cx, n.cx), 4.0)),
                        dot(m.c1, n.c0));
        l[3] = tccd_scale(tccd_add(dot(m.cx, n.c1), dot(m.c1, n.cx)), 3.0);
        l[4] = tccd_scale(dot(m.c1, n.c1), 6.0);
        if (i == 2 && edge_edge)
            for (int r = 0; r < 5; r++)
                l[r] = tccd_neg(l[r]);
    }
    /* steps 2-5 */
    *checks += 1;
    f.shape = classify(&f);
    if (f.shape == INFLECTION)
        return split_at_inflection(f.k, (const tccd_num(*)[5])g, checks);
    cubic_init_signs(&f);
    int roots = count_roots(&f);
    if (roots == 0)
        return 0;
    return inside(&f, (const tccd_num(*)[5])g, roots);
}

/* Row r of q at t = 0 and at t = t_max as exact inputs. */
static void positions(tvec *at0, tvec *at1, const ccd_query *q, int r, double t_max)
{
    for (int k = 0; k < 3; k++) {
        double x0 = q->v[r][k], x1 = q->v[r + 4][k];
        at0->x[k] = tccd_exact(x0);
        at1->x[k] = tccd_exact(t_max == 1.0 ? x1 : x0 + t_max * (x1 - x0));
    }
}

static ccd_status tight_ccd_run(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                void *scratch)
{
    (void)scratch;
    /* VF rows: vertex, face 0, 1, 2 — the face is a, b, c and the vertex d */
    static const int vf_order[4] = {1, 2, 3, 0}, ee_order[4] = {0, 1, 2, 3};
    const int *order = q->kind == CCD_VF ? vf_order : ee_order;
    tvec x0[4], x1[4];
    for (int i = 0; i < 4; i++)
        positions(&x0[i], &x1[i], q, order[i], p->t_max);
    long checks = 0;
    int hit = tight_ccd_test(x0, x1, q->kind == CCD_EE, &checks);
    r->collides = hit != 0;
    r->toi = r->toi_upper = hit ? 0.0 : INFINITY; /* no time of impact: not read */
    r->tolerance = 0;
    r->checks = checks;
    r->hit_max_checks = 0;
    return CCD_OK;
}

const ccd_method ccd_method_tight_ccd = {
    .name = "tight-ccd",
    .summary = "TightCCD (Wang et al. 2015): Bernstein sign classification in doubles with "
               "running error bounds; Boolean; misses contacts when its products underflow",
    .caps = 0,
    .vertex_face = tight_ccd_run,
    .edge_edge = tight_ccd_run,
};
