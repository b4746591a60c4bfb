/* SPDX-License-Identifier: MIT */
/*
 * The error bounds of Tight Inclusion (Wang et al. 2021, "A Large Scale Benchmark and
 * an Inclusion-Based Algorithm for Continuous Collision Detection") as ccdbench
 * implements them, against their derivations, in exact arithmetic (GMP rationals):
 *
 *   - the linear filter ε (tight_inclusion_filter.c / .md): the constants as the
 *     comment writes them, ε ≥ the propagation table recomputed exactly, and
 *     near-worst-case corners (found by a search over coordinates just above a power
 *     of two and t, u, v just below 1, so that every rounding is close to half an
 *     ulp with aligned signs): VF reaches 26/46 of ε, so a halved VF constant fails
 *     here; EE reaches 14/42, and cannot reach half of its bound: near u = v = 1
 *     the point A enters F with weight 1 − u and C with 1 − v, and counting every
 *     other rounding at its largest gives about 20 u·M < 21 u·M, so the EE halving
 *     is killed by ε ≥ the propagated bound (test_linear_constants);
 *   - the paper's filter (eq. 5 / eq. 8): its decimal constants are 60, 56, 68, 64
 *     units of 2^-53 and it dominates the linear bound (rigorous for this operation
 *     sequence), and the public implementation's clamped filter is exceeded by the
 *     same worst-case corners above and below scale 1 (not rigorous, as documented);
 *   - the rounded acceptance and proof bounds (ccd_ti_bound_with_separation,
 *     ccd_ti_proof_bound) on pairs where the floating-point sum or difference rounds
 *     the wrong way;
 *   - the certified separating-direction test (tight_inclusion_directions.c, through
 *     ccd_ti_slab_excluded): declines whenever the dot product is within the Higham
 *     bound γ₃·Σ|w_i||F̂_i| of zero, decides just above its own margin, and compares
 *     strictly with R↑ (pins 4u, 1 + 2^-48 and 2^-1068).
 */
#include <config.h>

#include "methods/tight_inclusion.h"
#include "test_support.h"
#include "ti_exact_corner.h"

#include <check.h>
#include <gmp.h>
#include <math.h>
#include <string.h>

static const double U = 0x1p-53;    /* unit roundoff              */
/* η = 2^-1075, the largest underflow error of a product (not a double: m·η as mpq). */
static void set_eta(mpq_t out, unsigned long m)
{
    mpq_set_ui(out, m, 1);
    mpq_div_2exp(out, out, 1075);
}

/* ------------------------------------------------------------ helpers */

/* A query moving on axis 0 only: point i at x0[i] (t = 0) and x1[i] (t = 1). */
static ccd_query axis_query(ccd_kind kind, const double x0[4], const double x1[4], int scale)
{
    ccd_query q;
    memset(&q, 0, sizeof q);
    q.kind = kind;
    for (int i = 0; i < 4; ++i) {
        q.v[i][0] = ldexp(x0[i], scale);
        q.v[4 + i][0] = ldexp(x1[i], scale);
    }
    return q;
}

/* The bound of tight_inclusion_filter.md's propagation table, exactly: every
 * ± adds (e_x + e_y)(1 + u) + u·m·M, every product with t, u or v in [0, 1] adds
 * e_x(1 + u) + u·m·M + η, with the magnitudes m of the table. */
static void propagated_bound(mpq_t out, ccd_kind kind, double max_abs)
{
    mpq_t u1, uM, eta, e_dx, e_tdx, e_x, e_d, e_ud, e_r, tmp;
    mpq_inits(u1, uM, eta, e_dx, e_tdx, e_x, e_d, e_ud, e_r, tmp, NULL);
    mpq_set_d(u1, U);
    mpq_set_ui(tmp, 1, 1);
    mpq_add(u1, u1, tmp); /* 1 + u (not a double) */
    mpq_set_d(uM, U);
    mpq_set_d(tmp, max_abs);
    mpq_mul(uM, uM, tmp); /* u·M */
    set_eta(eta, 1);
#define ADD_UM(e, m)                                                                       \
    do {                                                                                   \
        mpq_set_ui(tmp, (m), 1);                                                           \
        mpq_mul(tmp, tmp, uM);                                                             \
        mpq_add((e), (e), tmp);                                                            \
    } while (0)
    /* dx = x1 − x0 (m = 2) */
    mpq_set_ui(e_dx, 0, 1);
    ADD_UM(e_dx, 2);
    /* t·dx (m = 2) */
    mpq_mul(e_tdx, e_dx, u1);
    ADD_UM(e_tdx, 2);
    mpq_add(e_tdx, e_tdx, eta);
    /* X = x0 + t·dx (m = 1) */
    mpq_mul(e_x, e_tdx, u1);
    ADD_UM(e_x, 1);
    /* differences of two points (m = 2) */
    mpq_add(e_d, e_x, e_x);
    mpq_mul(e_d, e_d, u1);
    ADD_UM(e_d, 2);
    /* their products with u or v (m = 2) */
    mpq_mul(e_ud, e_d, u1);
    ADD_UM(e_ud, 2);
    mpq_add(e_ud, e_ud, eta);
    if (kind == CCD_VF) {
        /* Q − u·E1 (m = 2), then − v·E2 (m = 4) */
        mpq_add(e_r, e_d, e_ud);
        mpq_mul(e_r, e_r, u1);
        ADD_UM(e_r, 2);
        mpq_add(out, e_r, e_ud);
        mpq_mul(out, out, u1);
        ADD_UM(out, 4);
    } else {
        /* A + u·EA and C + v·EB (m = 1), then their difference (m = 2) */
        mpq_add(e_r, e_x, e_ud);
        mpq_mul(e_r, e_r, u1);
        ADD_UM(e_r, 1);
        mpq_add(out, e_r, e_r);
        mpq_mul(out, out, u1);
        ADD_UM(out, 2);
    }
#undef ADD_UM
    mpq_clears(u1, uM, eta, e_dx, e_tdx, e_x, e_d, e_ud, e_r, tmp, NULL);
}

/* Scales of M tried: subnormal, tiny, around 1 (powers of two and just below them),
 * large, and near the accepted maximum 2^1000. */
static double scale_m(int i)
{
    static const double m[] = {0.0,
                               0x1p-1074,
                               0x1p-1060,
                               0x1p-1022,
                               0x1.fffffffffffffp-1000,
                               0x1p-20,
                               0x1.fffffffffffffp-1,
                               1.0,
                               0x1.0000000000001p0,
                               1.5,
                               0x1.fffffffffffffp+0,
                               0x1p40,
                               0x1.fffffffffffffp+511,
                               0x1p1000};
    return i < (int)(sizeof m / sizeof m[0]) ? m[i] : -1.0;
}

/* ------------------------------------------------------------ the linear filter */

START_TEST(test_linear_constants)
{
    /* (a) the value the comment writes: ε = fl(fl(C·M) + F0), C = (46 + 2^-30)u (VF),
     * (42 + 2^-30)u (EE), F0 = 16·2^-1074; (b) ε ≥ the propagated bound, exactly. */
    mpq_t bound, e;
    mpq_inits(bound, e, NULL);
    for (int i = 0; scale_m(i) >= 0.0; ++i) {
        const double M = scale_m(i);
        for (int kind = 0; kind < 2; ++kind) {
            const ccd_kind k = kind ? CCD_EE : CCD_VF;
            const volatile double c = ((kind ? 42.0 : 46.0) + 0x1p-30) * U;
            const volatile double cm = c * M;
            const double expect = cm + 16.0 * 0x1p-1074;
            const double eps = ccd_ti_filter_eps(CCD_FILTER_LINEAR, k, 0, M);
            ck_assert_msg(eps == expect, "%s ε(%a) = %a, the documented formula gives %a",
                          kind ? "EE" : "VF", M, eps, expect);
            /* with_ms does not change the linear filter (d is added separately) */
            ck_assert(ccd_ti_filter_eps(CCD_FILTER_LINEAR, k, 1, M) == eps);
            propagated_bound(bound, k, M);
            mpq_set_d(e, eps);
            ck_assert_msg(mpq_cmp(e, bound) >= 0, "%s ε(%a) = %a below the propagated bound %a",
                          kind ? "EE" : "VF", M, eps, mpq_get_d(bound));
        }
    }
    /* the table's totals: 46 (VF) and 42 (EE) units of u·M plus 1.76e-14 (up to 1.8e-14), and
     * 8η (up to 8.00001η) */
    for (int kind = 0; kind < 2; ++kind) {
        const double units = kind ? 42.0 : 46.0;
        propagated_bound(bound, kind ? CCD_EE : CCD_VF, 1.0);
        mpq_set_d(e, units * U);
        ck_assert(mpq_cmp(bound, e) > 0);
        mpq_t small;
        mpq_init(small);
        mpq_set_d(small, 1.8e-14 * U);
        mpq_add(e, e, small);
        mpq_clear(small);
        ck_assert(mpq_cmp(bound, e) < 0);
    }
    propagated_bound(bound, CCD_VF, 0.0);
    set_eta(e, 8);
    ck_assert(mpq_cmp(bound, e) > 0);
    mpq_mul_2exp(bound, bound, 20); /* < 8.00001 η, i.e. 2^20·bound < 8388619 η */
    set_eta(e, 8388619);
    ck_assert(mpq_cmp(bound, e) < 0);
    mpq_clears(bound, e, NULL);
}
END_TEST

/* Near-worst-case corners on one axis (t, u, v = 1 − k·2^-53; coordinates just
 * above ±1, so every magnitude m·M sits just above a power of two), found by a
 * hill-climbing search over the low bits with exact rational errors. */
typedef struct worst_case {
    ccd_kind kind;
    double x0[4], x1[4];
    double t, u, v;
    double ratio; /* |F̂ − F| / ε reached at scale 1 (a lower bound, asserted) */
} worst_case;

static const worst_case worst[] = {
    {CCD_VF,
     {-0x1.0000000000073p+0, 0x1.00000000ffc61p+0, 0x1.00000000014e9p+0, 0x1.0000000000451p+0},
     {0x1.0000000004d02p+0, 0x1.0000000000f98p+0, -0x1.0000000000508p+0, -0x1.000000000039cp+0},
     0x1.fffffffffffc7p-1, 0x1.ffffffffffffbp-1, 0x1.fffffffffffffp-1, 0.55},
    {CCD_EE,
     {0x1.00000000ffba1p+0, -0x1.0000000000286p+0, -0x1.00000000ff2b7p+0, 0x1.0000000000104p+0},
     {0x1.00000000ffffap+0, 0x1.0000000000a2fp+0, 0x1.00000000001cep+0, -0x1.000000000043dp+0},
     0x1.fffffffffffffp-1, 0x1.fffffffffffc1p-1, 0x1.ffffffffffffdp-1, 0.33},
};

/* |F̂ − F| on axis 0 of wc at scale 2^scale, and the filter's ε there (d = 0). */
static void worst_error(mpq_t err, double *eps, double *max_abs, const worst_case *wc,
                        int scale)
{
    ccd_query q = axis_query(wc->kind, wc->x0, wc->x1, scale);
    ccd_params p;
    ccd_params_default(&p);
    ccd_ti_query tq;
    ck_assert_int_eq(ccd_ti_query_init(&tq, &q, &p, 0.0, 1.0, CCD_TI_SCALAR), CCD_OK);
    double f[3];
    ccd_ti_corner_value(f, &tq, wc->t, wc->u, wc->v);
    mpq_t exact;
    mpq_init(exact);
    test_ti_exact_corner(exact, &q, 0, wc->t, wc->u, wc->v);
    mpq_set_d(err, f[0]);
    mpq_sub(err, err, exact);
    mpq_abs(err, err);
    mpq_clear(exact);
    *eps = tq.eps[0];
    *max_abs = 0.0;
    for (int r = 0; r < 8; ++r)
        *max_abs = fmax(*max_abs, fabs(q.v[r][0]));
}

START_TEST(test_linear_worst_case)
{
    static const int scales[] = {-1000, -300, -1, 0, 1, 300, 900};
    mpq_t err, e, half;
    mpq_inits(err, e, half, NULL);
    for (size_t w = 0; w < sizeof worst / sizeof worst[0]; ++w)
        for (size_t si = 0; si < sizeof scales / sizeof scales[0]; ++si) {
            double eps, M;
            worst_error(err, &eps, &M, &worst[w], scales[si]);
            ck_assert(eps == ccd_ti_filter_eps(CCD_FILTER_LINEAR, worst[w].kind, 0, M));
            mpq_set_d(e, eps);
            ck_assert_msg(mpq_cmp(err, e) <= 0, "%s worst case at 2^%d: error %a > ε %a",
                          worst[w].kind == CCD_VF ? "VF" : "EE", scales[si], mpq_get_d(err),
                          eps);
            /* the construction is near the worst case (floating point scales exactly) */
            mpq_set_d(half, worst[w].ratio * eps);
            ck_assert_msg(mpq_cmp(err, half) > 0, "%s worst case at 2^%d: error %g ε only",
                          worst[w].kind == CCD_VF ? "VF" : "EE", scales[si],
                          mpq_get_d(err) / eps);
        }
    mpq_clears(err, e, half, NULL);
}
END_TEST

/* ------------------------------------------------------------ paper and clamped */

START_TEST(test_paper_filter)
{
    /* Wang et al. 2021 eq. (5) and eq. (8): the decimal constants are 60, 56 (d = 0)
     * and 68, 64 (d > 0) units of 2^-53, times max(M, 1)^3. */
    ck_assert(ccd_ti_filter_eps(CCD_FILTER_PAPER, CCD_VF, 0, 1.0) == 60 * U);
    ck_assert(ccd_ti_filter_eps(CCD_FILTER_PAPER, CCD_EE, 0, 1.0) == 56 * U);
    ck_assert(ccd_ti_filter_eps(CCD_FILTER_PAPER, CCD_VF, 1, 1.0) == 68 * U);
    ck_assert(ccd_ti_filter_eps(CCD_FILTER_PAPER, CCD_EE, 1, 1.0) == 64 * U);
    ck_assert(ccd_ti_filter_eps(CCD_FILTER_PAPER, CCD_VF, 0, 0.25) == 60 * U);
    ck_assert(ccd_ti_filter_eps(CCD_FILTER_PAPER, CCD_EE, 1, 4.0) == 64 * 64 * U);
    /* rigorous for the kernels' operation sequence: above the propagated bound at
     * every scale, and above the worst-case corners */
    mpq_t bound, e, err;
    mpq_inits(bound, e, err, NULL);
    for (int i = 0; scale_m(i) >= 0.0; ++i) {
        const double M = scale_m(i);
        if (M > 0x1p300) /* the cube overflows: ε = ∞ */
            continue;
        for (int kind = 0; kind < 2; ++kind)
            for (int ms = 0; ms < 2; ++ms) {
                const ccd_kind k = kind ? CCD_EE : CCD_VF;
                propagated_bound(bound, k, M);
                mpq_set_d(e, ccd_ti_filter_eps(CCD_FILTER_PAPER, k, ms, M));
                ck_assert_msg(mpq_cmp(e, bound) >= 0, "paper filter below the bound at M = %a",
                              M);
            }
    }
    for (size_t w = 0; w < sizeof worst / sizeof worst[0]; ++w)
        for (int scale = -20; scale <= 20; scale += 10) {
            double eps, M;
            worst_error(err, &eps, &M, &worst[w], scale);
            mpq_set_d(e, ccd_ti_filter_eps(CCD_FILTER_PAPER, worst[w].kind, 0, M));
            ck_assert(mpq_cmp(err, e) <= 0);
        }
    mpq_clears(bound, e, err, NULL);
}
END_TEST

START_TEST(test_clamped_filter_not_rigorous)
{
    /* The public implementation's C·min(M, 1)^3: the paper's constant at M = 1,
     * constant above, cubic below ... */
    for (int kind = 0; kind < 2; ++kind) {
        const ccd_kind k = kind ? CCD_EE : CCD_VF;
        const double c = ccd_ti_filter_eps(CCD_FILTER_PAPER, k, 0, 1.0);
        ck_assert(ccd_ti_filter_eps(CCD_FILTER_CLAMPED, k, 0, 1.0) == c);
        ck_assert(ccd_ti_filter_eps(CCD_FILTER_CLAMPED, k, 0, 0x1p40) == c);
        ck_assert(ccd_ti_filter_eps(CCD_FILTER_CLAMPED, k, 0, 0.5) == c / 8);
        ck_assert(ccd_ti_filter_eps(CCD_FILTER_CLAMPED, k, 1, 1.0) ==
                  ccd_ti_filter_eps(CCD_FILTER_PAPER, k, 1, 1.0));
    }
    /* ... so the worst-case corners exceed it both above scale 1 (a constant bound
     * for errors that grow with M) and below (a cubic bound for linear errors). */
    mpq_t err, e;
    mpq_inits(err, e, NULL);
    static const int scales[] = {-10, 10};
    for (size_t w = 0; w < sizeof worst / sizeof worst[0]; ++w)
        for (size_t si = 0; si < 2; ++si) {
            double eps, M;
            worst_error(err, &eps, &M, &worst[w], scales[si]);
            mpq_set_d(e, ccd_ti_filter_eps(CCD_FILTER_CLAMPED, worst[w].kind, 0, M));
            ck_assert_msg(mpq_cmp(err, e) > 0, "clamped filter held at 2^%d", scales[si]);
        }
    mpq_clears(err, e, NULL);
}
END_TEST

START_TEST(test_scene_filter)
{
    /* valid for both kinds: the larger of the two per axis */
    const double max_abs[3] = {0.0, 1.0, 0x1p40};
    for (int f = CCD_FILTER_LINEAR; f <= CCD_FILTER_CLAMPED; ++f)
        for (int ms = 0; ms < 2; ++ms) {
            double eps[3];
            ccd_ti_scene_filter(eps, f, ms, max_abs);
            for (int a = 0; a < 3; ++a) {
                const double vf = ccd_ti_filter_eps(f, CCD_VF, ms, max_abs[a]);
                const double ee = ccd_ti_filter_eps(f, CCD_EE, ms, max_abs[a]);
                ck_assert(eps[a] == fmax(vf, ee));
            }
        }
}
END_TEST

/* ------------------------------------------------------------ rounded bounds */

/* Pairs where fl(eps + d) or fl(d − eps) rounds away from the side the bound needs
 * (ties to even, and values just past a tie), and ordinary ones. */
static const double pairs[][2] = {
    {1.0, 0x1p-53},                    /* 1 + 2^-53: tie, rounds down to 1            */
    {0x1p-53, 1.0},                    /* the same, other order                       */
    {1.0, 0x1.0000000000001p-54},      /* just above a quarter ulp                    */
    {0x1.fffffffffffffp-1, 0x1p-54},   /* tie below 1                                 */
    {0x1p-54 - 0x1p-106, 1.0},         /* d − eps rounds up to 1                      */
    {0x1.8p-54, 1.0},                  /* d − eps rounds down                         */
    {3 * 0x1p-54, 0x1.0000000000003p0}, /* tie in the difference                     */
    {0x1p-1074, 0x1p-1073},            /* subnormal: exact                            */
    {46 * 0x1p-53, 1e-3},
    {0x1p-20, 0x1p-20},                /* d = eps                                     */
    {1e-300, 1e300},
};

START_TEST(test_bound_with_separation)
{
    mpq_t exact, t, ulp2;
    mpq_inits(exact, t, ulp2, NULL);
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; ++i) {
        const double eps = pairs[i][0], d = pairs[i][1];
        const double T = ccd_ti_bound_with_separation(eps, d);
        mpq_set_d(exact, eps);
        mpq_set_d(t, d);
        mpq_add(exact, exact, t);
        mpq_set_d(t, T);
        ck_assert_msg(mpq_cmp(t, exact) >= 0, "T(%a, %a) = %a < ε + d", eps, d, T);
        /* outward by at most two ulps of the sum (one for the sum, one nextafter) */
        mpq_set_d(ulp2, 2 * (nextafter(T, INFINITY) - T));
        mpq_add(ulp2, ulp2, exact);
        ck_assert_msg(mpq_cmp(t, ulp2) <= 0, "T(%a, %a) = %a: more than two ulps out", eps, d,
                      T);
    }
    /* d = 0 (plain CCD) and d < 0: T = ε exactly (tight_inclusion_filter.md) */
    ck_assert(ccd_ti_bound_with_separation(0x1.8p-50, 0.0) == 0x1.8p-50);
    ck_assert(ccd_ti_bound_with_separation(0x1.8p-50, -1.0) == 0x1.8p-50);
    /* the tie rounds down to 1; the bound must step past it */
    ck_assert(ccd_ti_bound_with_separation(1.0, 0x1p-53) == 0x1.0000000000001p0);
    mpq_clears(exact, t, ulp2, NULL);
}
END_TEST

START_TEST(test_proof_bound)
{
    mpq_t exact, p, lo;
    mpq_inits(exact, p, lo, NULL);
    long proven = 0;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; ++i) {
        const double eps = pairs[i][0], d = pairs[i][1];
        const double P = ccd_ti_proof_bound(eps, d);
        if (!(d > eps)) {
            ck_assert_msg(P == -1.0, "P(%a, %a) = %a, expected -1 (nothing provable)", eps, d,
                          P);
            continue;
        }
        proven++;
        mpq_set_d(exact, d);
        mpq_set_d(p, eps);
        mpq_sub(exact, exact, p); /* d − ε > 0 */
        mpq_set_d(p, P);
        ck_assert_msg(P >= 0.0 && mpq_cmp(p, exact) <= 0, "P(%a, %a) = %a > d − ε", eps, d, P);
        /* inward by at most two ulps */
        mpq_set_d(lo, 2 * (P - nextafter(P, -INFINITY)));
        mpq_sub(lo, exact, lo);
        ck_assert_msg(mpq_cmp(p, lo) >= 0, "P(%a, %a) = %a: more than two ulps in", eps, d, P);
    }
    ck_assert_int_gt(proven, 5);
    /* d − ε = 1 − 2^-54 + 2^-106 rounds up to 1: P must step below */
    ck_assert(ccd_ti_proof_bound(0x1p-54 - 0x1p-106, 1.0) == 0x1.fffffffffffffp-1);
    ck_assert(ccd_ti_proof_bound(0x1p-20, 0x1p-20) == -1.0);
    mpq_clears(exact, p, lo, NULL);
}
END_TEST

/* ------------------------------------------------------------ separating directions */

/* A static query whose corner values are F = f at every (t, u, v), every operation of
 * the kernels exact (VF: p = f, a = b = c = 0; EE: a = b = f, c = d = 0), with
 * acceptance bounds T. */
static ccd_ti_query constant_corners(ccd_kind kind, const double f[3], const double T[3])
{
    ccd_ti_query q;
    memset(&q, 0, sizeof q);
    q.kind = kind;
    q.t_max = 1.0;
    for (int a = 0; a < 3; ++a) {
        q.x0[a][0] = f[a];
        if (kind == CCD_EE)
            q.x0[a][1] = f[a];
        q.bound[a] = T[a];
        q.eps[a] = T[a];
        q.proof[a] = -1.0;
    }
    return q;
}

START_TEST(test_slab_dot_product_rule)
{
    /* w = (1, 1, −1), F̂ = (2^50, 2^50, 2^51 − s): w·F̂ = s exactly, Σ|w_i||F̂_i| ≈ 2^52,
     * and F̂ exact, so T = 0 is a valid bound (ε = 0, d = 0).  The computed dot
     * product may be off by γ₃·Σ|w_i||F̂_i| (Higham 2002, "Accuracy and Stability of
     * Numerical Algorithms", §3.1; γ₃ = 3u/(1 − 3u)) plus 4η: within that, the test
     * cannot prove G > 0 and must decline.  Above its own margin 4u·Σ (1 + 2^-48) it
     * decides. */
    const double w[3] = {1.0, 1.0, -1.0}, T[3] = {0, 0, 0};
    mpq_t limit, x, sum;
    mpq_inits(limit, x, sum, NULL);
    int declined = 0, decided = 0;
    for (int k = 1; k <= 16; ++k) {
        const double s = k * 0.25;
        const double f[3] = {0x1p50, 0x1p50, 0x1p51 - s};
        ccd_ti_query q = constant_corners(CCD_VF, f, T);
        const int excluded = ccd_ti_slab_excluded(&q, w, 0.0, 1.0);
        /* γ₃·Σ|w_i||F̂_i| + 4η, exactly */
        mpq_set_d(sum, 0x1p52 - s);
        mpq_set_d(x, 3 * U);
        mpq_mul(limit, sum, x);
        mpq_set_d(x, 1 - 3 * U);
        mpq_div(limit, limit, x);
        set_eta(x, 4);
        mpq_add(limit, limit, x);
        mpq_set_d(x, s);
        if (mpq_cmp(x, limit) <= 0) {
            ck_assert_msg(!excluded, "w·F = %g ≤ γ₃Σ|w||F|: exclusion not proven", s);
            declined++;
        }
        mpq_set_d(x, 4 * U * (1 + 0x1p-40));
        mpq_mul(limit, sum, x);
        mpq_set_d(x, s);
        if (mpq_cmp(x, limit) > 0) {
            ck_assert_msg(excluded, "w·F = %g above 4u·Σ|w||F|: should be excluded", s);
            decided++;
        }
    }
    ck_assert_int_ge(declined, 5);
    ck_assert_int_ge(decided, 5);
    mpq_clears(limit, x, sum, NULL);
}
END_TEST

START_TEST(test_slab_strict_comparison)
{
    /* w = e_x, F̂_x = 2^-1020 + 2^-1067, T_x = 2^-1020 − 2^-1071:
     *   r  = T_x + fl(2^-51·F̂_x) = T_x + 2^-1071 = 2^-1020 (exact)
     *   R↑ = fl(r·(1 + 2^-48)) + 2^-1068 = 2^-1020 + 2^-1067 = F̂_x,
     * so s = R↑: not proven (s > R↑ is the certificate); one ulp more is. */
    const double w[3] = {1.0, 0.0, 0.0};
    const double T[3] = {0x1p-1020 - 0x1p-1071, 0.0, 0.0};
    const double at = 0x1p-1020 + 0x1p-1067;
    double f[3] = {at, 0.0, 0.0};
    ccd_ti_query q = constant_corners(CCD_VF, f, T);
    ck_assert_int_eq(ccd_ti_slab_excluded(&q, w, 0.0, 0.5), 0);
    f[0] = nextafter(at, INFINITY);
    q = constant_corners(CCD_VF, f, T);
    ck_assert_int_eq(ccd_ti_slab_excluded(&q, w, 0.0, 0.5), 1);
    /* and the same with the kind EE (4 domain corners) and w = −e_x towards −F */
    f[0] = -at;
    q = constant_corners(CCD_EE, f, T);
    const double wn[3] = {-1.0, 0.0, 0.0};
    ck_assert_int_eq(ccd_ti_slab_excluded(&q, wn, 0.0, 1.0), 0);
    f[0] = -nextafter(at, INFINITY);
    q = constant_corners(CCD_EE, f, T);
    ck_assert_int_eq(ccd_ti_slab_excluded(&q, wn, 0.0, 1.0), 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ti_bounds");
    TCase *filter = tcase_create("filter");
    tcase_add_test(filter, test_linear_constants);
    tcase_add_test(filter, test_linear_worst_case);
    tcase_add_test(filter, test_paper_filter);
    tcase_add_test(filter, test_clamped_filter_not_rigorous);
    tcase_add_test(filter, test_scene_filter);
    suite_add_tcase(s, filter);
    TCase *rounded = tcase_create("rounded");
    tcase_add_test(rounded, test_bound_with_separation);
    tcase_add_test(rounded, test_proof_bound);
    suite_add_tcase(s, rounded);
    TCase *dir = tcase_create("directions");
    tcase_add_test(dir, test_slab_dot_product_rule);
    tcase_add_test(dir, test_slab_strict_comparison);
    suite_add_tcase(s, dir);
    return test_run_suite(s);
}
