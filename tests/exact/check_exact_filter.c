/* SPDX-License-Identifier: MIT */
/*
 * The floating-point filter of the exact oracle (src/exact/exact_filter.c) against
 * the error bound derived beside it, in exact arithmetic.
 *
 * The derivation: each det of the Bernstein sums is computed like Shewchuk's
 * orient3d (Shewchuk 1997, "Adaptive Precision Floating-Point Arithmetic and Fast
 * Robust Geometric Predicates", errboundA = (7 + 56ε)ε), the sums add two roundings,
 * so |S~_k − S_k| ≤ (9ε + 80ε²)·ΣP~ < 10ε·ΣP~, and the filter decides only when
 * |S~_k| > 16ε ⊗ ΣP~ (ε = 2^-53).  The tests:
 *   - the decision rule: hand-built queries whose S~_k / ΣP~ is exactly 1, 5, 9, 10,
 *     16 and 17 ε: the filter declines up to 16ε (the derivation needs at least 10ε;
 *     the comparison is strict) and decides above it;
 *   - a zero coefficient with a zero permanent (the vertex sits on a triangle
 *     corner, or the edges share an end point, at t = 0: a contact): the filter must
 *     decline, and the exact oracle finds the contact;
 *   - the bound itself: near-coplanar queries (cancellation in every det, coordinates
 *     just below powers of two) with S~_k and ΣP~ from the filter's own code and S_k
 *     in GMP rationals: |S~_k − S_k| ≤ (9ε + 80ε²)·ΣP~ exactly, and every "no contact"
 *     has four exact coefficients of one strict sign.
 * Measured errors stay far below 8ε·ΣP~ (orient3d's worst case is not reachable by
 * construction), so the halving of 16ε is killed by the decision-rule test.
 *
 * The separating-axis filter of the minimum-separation truth (separation_filter.c)
 * needs a margin of 2^-47·B·‖w‖₁ (its dot products) and uses
 *   reach = d_up·‖w‖_*·(1 + 2^-40) + 2^-44·B·‖w‖₁,
 * eight times the need, so no input can bring its error near the margin; its
 * decision-rule test puts every projection exactly at reach (not cleared: the
 * comparison is strict) and one ulp beyond (cleared), with and without d.
 */
#include <config.h>

#include "exact/exact_ccd.h"
#include "exact/exact_filter.h"
#include "exact/separation_filter.h"
#include "test_support.h"

#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

static const double eps = 0x1p-53;

/* rows[8][3] (VF: p, v1, v2, v3; EE: p1, p2, p3, p4; then the same at t = 1). */
static ccd_query query_of(ccd_kind kind, const double rows[8][3])
{
    ccd_query q;
    memset(&q, 0, sizeof q);
    q.kind = kind;
    memcpy(q.v, rows, sizeof q.v);
    return q;
}

/* A static VF query with v1 = 0, v2 = a = (1, 1, 0), v3 = b = (K, s, K),
 * p = c = (1, 0, 1), all times 2^scale.  Every det of the filter is
 *   det(a, b, c) = a0(b1c2 − b2c1) + a1(b2c0 − b0c2) + a2(b0c1 − b1c0) = s   (K cancels)
 * with permanent s + 2K, all exact when s + 2K is a double; static motion makes
 * S_k = C(3,k)·s and ΣP~ = C(3,k)·(s + 2K), so S~_k / ΣP~ = s / (s + 2K) for every k.
 * flip negates p (every product negates: det −s, the same permanent). */
static ccd_query ratio_query(double s, double K, int flip, int scale)
{
    const double a[3] = {1, 1, 0}, b[3] = {K, s, K}, c[3] = {1, 0, 1};
    double rows[8][3];
    for (int t = 0; t < 2; t++)
        for (int k = 0; k < 3; k++) {
            rows[4 * t + 0][k] = ldexp(flip ? -c[k] : c[k], scale);
            rows[4 * t + 1][k] = 0.0;
            rows[4 * t + 2][k] = ldexp(a[k], scale);
            rows[4 * t + 3][k] = ldexp(b[k], scale);
        }
    return query_of(CCD_VF, rows);
}

START_TEST(test_decision_rule)
{
    /* s / (s + 2K) = r·ε with s + 2K = 2^54 (exact): s = 2r, K = 2^53 − r. */
    static const int scales[] = {-40, 0, 40};
    for (size_t si = 0; si < sizeof scales / sizeof scales[0]; si++)
        for (int flip = 0; flip < 2; flip++)
            for (int r = 1; r <= 17; r++) {
                ccd_query q = ratio_query(2.0 * r, 0x1p53 - r, flip, scales[si]);
                double sum[4], perm[4];
                ccd_exact_filter_coefficients(sum, perm, &q);
                for (int k = 0; k < 4; k++) { /* the construction is what it claims */
                    ck_assert(perm[k] == ldexp(k == 0 || k == 3 ? 0x1p54 : 3 * 0x1p54,
                                               3 * scales[si]));
                    ck_assert(fabs(sum[k]) == r * eps * perm[k]);
                }
                /* declines within the derived error (< 10ε) and at the threshold 16ε
                 * itself (strict comparison); decides above 16ε */
                const int expect = r > 16;
                ck_assert_msg(ccd_exact_filter_no_contact(&q) == expect,
                              "S/ΣP = %dε (scale 2^%d, flip %d): filter %s", r, scales[si],
                              flip, expect ? "declined" : "decided");
            }
}
END_TEST

START_TEST(test_touching_at_start)
{
    /* c(0) = 0: the first det has all its products 0, S_0 = ΣP_0 = 0 (f(0) = 0, a
     * contact at t = 0), while S_1..S_3 are large and of one sign.  A filter that
     * accepted S_k = bound = 0 would report "no contact". */
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    for (int kind = 0; kind < 2; kind++)
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            double rows[8][3];
            memset(rows, 0, sizeof rows);
            if (kind == 0) {
                /* VF: p(0) = v1 = origin, p(1) = (0, 0, ±1); triangle e1, e2 at rest */
                for (int t = 0; t < 2; t++) {
                    rows[4 * t + 2][0] = 1.0;
                    rows[4 * t + 3][1] = 1.0;
                }
                rows[4][2] = sgn;
            } else {
                /* EE: p1 = p3 = origin at t = 0 (shared end point); p2 = e1, p4 = e2
                 * at rest; p3 moves to (0, 0, ±1) */
                for (int t = 0; t < 2; t++) {
                    rows[4 * t + 1][0] = 1.0;
                    rows[4 * t + 3][1] = 1.0;
                }
                rows[6][2] = sgn;
            }
            ccd_query q = query_of(kind == 0 ? CCD_VF : CCD_EE, rows);
            double sum[4], perm[4];
            ccd_exact_filter_coefficients(sum, perm, &q);
            ck_assert(sum[0] == 0.0 && perm[0] == 0.0);
            for (int k = 1; k < 4; k++)
                ck_assert(sum[k] != 0.0 && (sum[k] > 0) == (sum[1] > 0) &&
                          fabs(sum[k]) > 16 * eps * perm[k]);
            ck_assert_int_eq(ccd_exact_filter_no_contact(&q), 0);
            int col = -1;
            ck_assert_int_eq(ccd_exact_decide(&col, NULL, &q, NULL, 0, ctx), CCD_OK);
            ck_assert_int_eq(col, 1);
        }
    ccd_exact_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------ the bound, exactly */

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t rng_next(rng *g)
{
    g->s += 0x9e3779b97f4a7c15ull;
    uint64_t z = g->s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [-1, 1) with 53 random bits. */
static double rng_sym(rng *g)
{
    return ldexp((double)(rng_next(g) >> 11), -52) - 1.0;
}

/* exact det(a, b, c) of rational vectors */
static void det_q(mpq_t out, mpq_t a[3], mpq_t b[3], mpq_t c[3], mpq_t tmp, mpq_t tmp2)
{
    mpq_set_ui(out, 0, 1);
    for (int i = 0; i < 3; i++) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        mpq_mul(tmp, b[j], c[k]);
        mpq_mul(tmp2, b[k], c[j]);
        mpq_sub(tmp, tmp, tmp2);
        mpq_mul(tmp, tmp, a[i]);
        mpq_add(out, out, tmp);
    }
}

/* Exact S_k of q (from the exact differences of its rows). */
static void exact_coefficients(mpq_t S[4], const ccd_query *q)
{
    static const int vf[3][2] = {{2, 1}, {3, 1}, {0, 1}}, ee[3][2] = {{1, 0}, {2, 3}, {2, 0}};
    const int(*r)[2] = q->kind == CCD_VF ? vf : ee;
    mpq_t v[3][2][3], d, tmp, tmp2, x;
    mpq_inits(d, tmp, tmp2, x, NULL);
    for (int m = 0; m < 3; m++)
        for (int t = 0; t < 2; t++)
            for (int k = 0; k < 3; k++) {
                mpq_init(v[m][t][k]);
                mpq_set_d(v[m][t][k], q->v[r[m][0] + 4 * t][k]);
                mpq_set_d(x, q->v[r[m][1] + 4 * t][k]);
                mpq_sub(v[m][t][k], v[m][t][k], x);
            }
    for (int k = 0; k < 4; k++)
        mpq_set_ui(S[k], 0, 1);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            for (int l = 0; l < 2; l++) {
                det_q(d, v[0][i], v[1][j], v[2][l], tmp, tmp2);
                mpq_add(S[i + j + l], S[i + j + l], d);
            }
    for (int m = 0; m < 3; m++)
        for (int t = 0; t < 2; t++)
            for (int k = 0; k < 3; k++)
                mpq_clear(v[m][t][k]);
    mpq_clears(d, tmp, tmp2, x, NULL);
}

/* A near-degenerate query: the 8 points lie close to one moving plane (every det
 * cancels heavily), coordinates are doubles of magnitude up to 2^e·(1 − 2^-53)
 * rounded from an exact plane, with a common offset (large but exact differences). */
static ccd_query near_coplanar(rng *g, ccd_kind kind, int e)
{
    double rows[8][3];
    double n[2][3], off[3];
    for (int k = 0; k < 3; k++) {
        n[0][k] = rng_sym(g);
        n[1][k] = n[0][k] + ldexp(rng_sym(g), -(int)(rng_next(g) % 40));
        off[k] = rng_next(g) % 2 ? ldexp(1.0 - eps, e) * (rng_next(g) % 2 ? 1 : -1) : 0.0;
    }
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < 4; i++) {
            /* a point of the plane n·x = 0 (up to rounding): x = s·w1 + r·w2 with
             * w1, w2 ⊥ n (cross products with two axes) */
            const double *m = n[t];
            const double w1[3] = {0, m[2], -m[1]}, w2[3] = {m[2], 0, -m[0]};
            const double s = rng_sym(g), r = rng_sym(g);
            for (int k = 0; k < 3; k++) {
                const double x = ldexp(s * w1[k] + r * w2[k], e - 2) + off[k];
                rows[4 * t + i][k] = x;
            }
        }
    /* keep the filter's range: tiny non-zero values become 0 */
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            if (fabs(rows[i][k]) < 0x1p-100)
                rows[i][k] = 0.0;
    return query_of(kind, rows);
}

START_TEST(test_error_bound_exact)
{
    static const int exps[] = {-60, -1, 0, 1, 30, 90};
    rng g = {0x5eedf00dull};
    mpq_t S[4], err, bound, derived, x;
    for (int k = 0; k < 4; k++)
        mpq_init(S[k]);
    mpq_inits(err, bound, derived, x, NULL);
    /* derived = (9ε + 80ε²), the error constant the filter's comment proves */
    mpq_set_ui(derived, 9, 1);
    mpq_set_d(x, eps);
    mpq_mul(derived, derived, x);
    mpq_mul(x, x, x);
    mpq_mul_2exp(x, x, 4); /* 16ε² */
    mpq_t five;
    mpq_init(five);
    mpq_set_ui(five, 5, 1);
    mpq_mul(x, x, five);
    mpq_clear(five);
    mpq_add(derived, derived, x);
    double worst = 0.0; /* max |S~ − S| / ΣP~, in units of ε */
    long decided = 0;
    for (size_t ei = 0; ei < sizeof exps / sizeof exps[0]; ei++)
        for (int n = 0; n < 1500; n++) {
            const ccd_kind kind = n % 2 ? CCD_EE : CCD_VF;
            ccd_query q = near_coplanar(&g, kind, exps[ei]);
            double sum[4], perm[4];
            ccd_exact_filter_coefficients(sum, perm, &q);
            exact_coefficients(S, &q);
            for (int k = 0; k < 4; k++) {
                mpq_set_d(err, sum[k]);
                mpq_sub(err, err, S[k]);
                mpq_abs(err, err);
                mpq_set_d(bound, perm[k]);
                mpq_mul(bound, bound, derived);
                ck_assert_msg(mpq_cmp(err, bound) <= 0,
                              "|S~_%d - S_%d| above (9ε + 80ε²)ΣP~ (2^%d, query %d)", k, k,
                              exps[ei], n);
                if (perm[k] > 0) {
                    mpq_set_d(x, perm[k] * eps);
                    mpq_div(x, err, x);
                    worst = fmax(worst, mpq_get_d(x));
                }
            }
            if (ccd_exact_filter_no_contact(&q)) {
                decided++;
                const int s0 = mpq_sgn(S[0]);
                for (int k = 0; k < 4; k++)
                    ck_assert_msg(s0 != 0 && mpq_sgn(S[k]) == s0,
                                  "filter decided but S_%d has another sign", k);
            }
        }
    /* the construction stresses the bound (cancellation happens) and the filter
     * decides on part of it (so the sign check runs) */
    fprintf(stderr, "exact filter: worst |S~ - S| = %.3f ε ΣP~ (bound 16ε), %ld decided\n",
            worst, decided);
    ck_assert(worst > 0.5);
    ck_assert_int_gt(decided, 0);
    for (int k = 0; k < 4; k++)
        mpq_clear(S[k]);
    mpq_clears(err, bound, derived, x, NULL);
}
END_TEST

/* ------------------------------------------------------------ separating axes */

/* A VF query: triangle (0,0,0), (1,0,0), (0,1,0) at rest (so B = 1 before scaling)
 * and the vertex moving from (1/4, 1/4, z0) to (1/4, 1/4, z1), all times 2^scale.
 * The difference points V_m = p − v_m are (1/4, 1/4, z), (−3/4, 1/4, z),
 * (1/4, −3/4, z): their xy hull holds the origin, so the only separating candidates
 * are the z axis and the polygon normal (exactly e_z here), and every projection on
 * them is z(t), computed as fl(z0 + fl(t·(z1 − z0))). */
static ccd_query moving_above_triangle(double z0, double z1, int scale)
{
    double rows[8][3];
    memset(rows, 0, sizeof rows);
    for (int t = 0; t < 2; t++) {
        rows[4 * t + 0][0] = ldexp(0.25, scale);
        rows[4 * t + 0][1] = ldexp(0.25, scale);
        rows[4 * t + 0][2] = ldexp(t ? z1 : z0, scale);
        rows[4 * t + 2][0] = ldexp(1.0, scale);
        rows[4 * t + 3][1] = ldexp(1.0, scale);
    }
    return query_of(CCD_VF, rows);
}

static ccd_query above_triangle(double z, int scale)
{
    return moving_above_triangle(z, z, scale);
}

START_TEST(test_separation_decision_rule)
{
    const uint32_t end = (uint32_t)1 << CCD_SEPARATION_FILTER_DEPTH;
    static const int scales[] = {-100, 0, 100};
    for (size_t si = 0; si < sizeof scales / sizeof scales[0]; si++)
        for (int norm = 0; norm <= 2; norm += 2)
            for (int side = -1; side <= 1; side += 2) {
                const int sc = scales[si];
                /* d = 0: reach = 2^-44·B·1 (w = e_z, ‖w‖₁ = ‖w‖₂ = 1) */
                const double reach0 = 0x1p-44;
                /* within the derived error 2^-47·B‖w‖₁, and at reach: not cleared */
                ccd_query q = above_triangle(side * 0x1p-47, 0);
                ck_assert_uint_eq(ccd_separation_filter_clear_prefix(&q, 0.0, norm, end), 0);
                q = above_triangle(side * reach0, sc);
                ck_assert_msg(ccd_separation_filter_clear_prefix(&q, 0.0, norm, end) == 0,
                              "projections = reach (2^%d, norm %d, side %d) cleared", sc,
                              norm, side);
                q = above_triangle(side * nextafter(reach0, 1.0), sc);
                ck_assert_msg(ccd_separation_filter_clear_prefix(&q, 0.0, norm, end) == end,
                              "projections one ulp above reach (2^%d) not cleared", sc);
                /* d = 2^-10·2^scale: reach = d(1 + 2^-40) + 2^-44·B (exact) */
                const double d = ldexp(0x1p-10, sc);
                const double reach = 0x1p-10 + 0x1p-50 + 0x1p-44;
                q = above_triangle(side * reach, sc);
                ck_assert_msg(ccd_separation_filter_clear_prefix(&q, d, norm, end) == 0,
                              "projections = d(1 + 2^-40) + 2^-44 B (2^%d) cleared", sc);
                q = above_triangle(side * nextafter(reach, 1.0), sc);
                ck_assert_msg(ccd_separation_filter_clear_prefix(&q, d, norm, end) == end,
                              "projections one ulp above reach with d (2^%d) not cleared", sc);
                /* from one ulp above reach at t = 0 down to reach at t = 1: each piece
                 * needs both ends beyond reach, so the end of the window stays
                 * uncleared while its start (z rounds to one ulp above) is cleared */
                q = moving_above_triangle(side * nextafter(reach0, 1.0), side * reach0, sc);
                const uint32_t a = ccd_separation_filter_clear_prefix(&q, 0.0, norm, end);
                ck_assert_msg(a > 0 && a < end, "reaching the margin at t = 1: cleared %u of %u",
                              (unsigned)a, (unsigned)end);
            }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("exact_filter");
    TCase *tc = tcase_create("bound");
    tcase_add_test(tc, test_decision_rule);
    tcase_add_test(tc, test_touching_at_start);
    tcase_add_test(tc, test_error_bound_exact);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    TCase *sep = tcase_create("separation");
    tcase_add_test(sep, test_separation_decision_rule);
    suite_add_tcase(s, sep);
    return test_run_suite(s);
}
