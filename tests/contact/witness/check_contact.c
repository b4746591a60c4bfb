/* SPDX-License-Identifier: MIT */
/*
 * Contact routines of Beker et al.: smooth operators, E-E and V-F witness points
 * (hard = exact closest points, smooth → hard, derivatives against 256-bit MPFR
 * central differences), and degenerate inputs.
 */
#include <config.h>

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/witness/experiments/accuracy.h"
#include "contact/witness/contact.h"
#include "contact/common/smooth.h"
#include "exact/distance.h"
#include "test_support.h"

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}
static double rng_unit(uint64_t *s) /* [0, 1) */
{
    return (double)(rng_next(s) >> 11) * 0x1p-53;
}
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static void random_config(double x[4][3], uint64_t *s)
{
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            x[i][k] = rng_unit(s);
}

/* ------------------------------------------------------------------ smooth operators */

START_TEST(test_smooth_limits_and_bounds)
{
    const double taus[] = {1.0, 0.1, 1e-3};
    for (size_t i = 0; i < 3; i++) {
        double tau = taus[i];
        for (double x = -3; x <= 3; x += 0.125) {
            double sp = ccd_softplus(x, tau), relu = x > 0 ? x : 0;
            ck_assert(sp >= relu && sp - relu <= tau * log(2.0) * (1 + 1e-15));
            double c = ccd_soft_clip(x, 0, 1, tau);
            ck_assert(c >= 0 && c <= 1);
            if (tau >= 0.1) /* strictly inside while the tails do not underflow */
                ck_assert(c > 0 && c < 1);
            ck_assert(ccd_soft_clip(x + 0.125, 0, 1, tau) > c || tau < 0.01);
        }
        ck_assert_double_eq_tol(ccd_soft_clip(0.5, 0, 1, tau), 0.5, 1e-15);
    }
    ck_assert_double_eq_tol(ccd_soft_clip(0, 0, 1, 0.1), 0.1 * log(2.0), 1e-4);
    ck_assert_double_eq_tol(ccd_soft_clip(1, 0, 1, 0.1), 1 - 0.1 * log(2.0), 1e-4);
    /* hard limits */
    ck_assert(ccd_softplus(-2, 0) == 0 && ccd_softplus(2, 0) == 2);
    ck_assert(ccd_soft_clip(1.5, 0, 1, 0) == 1 && ccd_soft_clip(-1, 0, 1, 0) == 0);
    ck_assert(ccd_soft_sign(-3, 0) == -1 && ccd_soft_sign(0, 0) == 0);
    ck_assert(ccd_soft_greater(1, 1, 0) == 1 && ccd_soft_greater(0.9, 1, 0) == 0);
    ck_assert_double_eq_tol(ccd_soft_sign(0.3, 1e-4), 1.0, 1e-15);
    /* tanh(x) = 2σ(2x) - 1 */
    ck_assert_double_eq_tol(ccd_soft_sign(0.7, 1), 2 * ccd_sigmoid(1.4) - 1, 1e-15);
    /* overflow safety: no inf/NaN far out */
    const double big[] = {-1e308, -800, 800, 1e308};
    for (int i = 0; i < 4; i++) {
        ck_assert(isfinite(ccd_sigmoid(big[i])) && isfinite(ccd_sigmoid_grad(big[i])));
        ck_assert(isfinite(ccd_softplus(big[i], 1e-3)));
        ck_assert(isfinite(ccd_soft_sign_grad(big[i], 1e-3)));
        ck_assert(isfinite(ccd_soft_clip(big[i], 0, 1, 1e-4)));
    }
    /* LSE */
    const double v[] = {0.3, -1.0, 2.5, 2.4, 700.0 * 1e-3};
    double g[5], sum = 0;
    double lse = ccd_logsumexp(g, v, 5, 0.1);
    ck_assert(lse >= 2.5 && lse <= 2.5 + 0.1 * log(5.0));
    for (int i = 0; i < 5; i++)
        sum += g[i];
    ck_assert_double_eq_tol(sum, 1.0, 1e-15);
    ck_assert_double_eq(ccd_logsumexp(NULL, v, 5, 0), 2.5);
    const double huge[] = {1e300, -1e300, 1e300};
    ck_assert(isfinite(ccd_logsumexp(g, huge, 3, 1e-3)));
}
END_TEST

/* central differences in double, step h, against the analytic derivative */
static double fd(double (*f)(double, double), double x, double tau, double h)
{
    return (f(x + h, tau) - f(x - h, tau)) / (2 * h);
}
static double sg(double x, double tau)
{
    return ccd_soft_greater(x, 0.2, tau);
}
static double clip01(double x, double tau)
{
    return ccd_soft_clip(x, 0, 1, tau);
}

START_TEST(test_smooth_derivatives)
{
    for (double x = -1.5; x <= 1.5; x += 0.1) {
        double tau = 0.3, h = 1e-6;
        ck_assert_double_eq_tol(ccd_softplus_grad(x, tau), fd(ccd_softplus, x, tau, h), 1e-8);
        ck_assert_double_eq_tol(ccd_soft_sign_grad(x, tau), fd(ccd_soft_sign, x, tau, h), 1e-7);
        ck_assert_double_eq_tol(ccd_soft_greater_grad(x, 0.2, tau), fd(sg, x, tau, h), 1e-7);
        ck_assert_double_eq_tol(ccd_soft_clip_grad(x, 0, 1, tau), fd(clip01, x, tau, h), 1e-8);
        ck_assert_double_eq_tol(ccd_sigmoid_grad(x), (ccd_sigmoid(x + h) - ccd_sigmoid(x - h)) / (2 * h),
                                1e-8);
    }
    /* soft argmin and soft top-K Jacobians */
    const double x[5] = {0.3, -0.2, 0.9, 0.35, -0.6};
    double w[5], jac[25], wp[5], wm[5];
    ccd_soft_argmin(w, jac, x, 5, 0.2);
    double sum = 0;
    for (int i = 0; i < 5; i++)
        sum += w[i];
    ck_assert_double_eq_tol(sum, 1.0, 1e-15);
    ck_assert(w[4] > w[1] && w[1] > w[0]);
    double xp[5], xm[5];
    for (int j = 0; j < 5; j++) {
        memcpy(xp, x, sizeof x), memcpy(xm, x, sizeof x);
        xp[j] += 1e-6, xm[j] -= 1e-6;
        ccd_soft_argmin(wp, NULL, xp, 5, 0.2);
        ccd_soft_argmin(wm, NULL, xm, 5, 0.2);
        for (int i = 0; i < 5; i++)
            ck_assert_double_eq_tol(jac[i * 5 + j], (wp[i] - wm[i]) / 2e-6, 1e-7);
    }
    size_t work[5];
    double gam[3 * 5], gjac[3 * 25], gp[15], gm[15];
    ck_assert_uint_eq(ccd_soft_topk_work_size(5), sizeof work);
    ccd_soft_topk(gam, gjac, x, 5, 3, 0.05, work);
    for (int k = 0; k < 3; k++) {
        double rs = 0;
        for (int i = 0; i < 5; i++)
            rs += gam[k * 5 + i];
        ck_assert_double_eq_tol(rs, 1.0, 1e-14);
    }
    ck_assert(gam[0 * 5 + 2] > 0.99);          /* largest: x[2] */
    ck_assert(gam[1 * 5 + 3] > gam[1 * 5 + 0]); /* second: x[3] (0.35 vs 0.3) */
    for (int j = 0; j < 5; j++) {
        memcpy(xp, x, sizeof x), memcpy(xm, x, sizeof x);
        xp[j] += 1e-7, xm[j] -= 1e-7;
        ccd_soft_topk(gp, NULL, xp, 5, 3, 0.05, work);
        ccd_soft_topk(gm, NULL, xm, 5, 3, 0.05, work);
        for (int k = 0; k < 3; k++)
            for (int i = 0; i < 5; i++)
                ck_assert_double_eq_tol(gjac[(k * 5 + i) * 5 + j],
                                        (gp[k * 5 + i] - gm[k * 5 + i]) / 2e-7, 1e-6);
    }
    ccd_soft_topk(gam, NULL, x, 5, 2, 0, work); /* hard: one-hot rows */
    ck_assert(gam[2] == 1 && gam[5 + 3] == 1 && gam[0] == 0);
}
END_TEST

/* ------------------------------------------------------------------ exact references */

/* exact closest pair of the double configuration x (canonical, see distance.h) */
static void exact_pair(double pa[3], double pb[3], double *dist, ccd_kind kind,
                       const double x[4][3])
{
    ccd_query q;
    memset(&q, 0, sizeof q);
    q.kind = kind;
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            q.v[i][k] = q.v[i + 4][k] = x[i][k];
    mpq_t d2, a[3], b[3], s[2], t;
    mpq_inits(d2, a[0], a[1], a[2], b[0], b[1], b[2], s[0], s[1], t, NULL);
    ck_assert_int_eq(ccd_exact_distance(d2, a, b, s, &q, t), CCD_OK);
    for (int k = 0; k < 3; k++) {
        pa[k] = mpq_get_d(a[k]);
        pb[k] = mpq_get_d(b[k]);
    }
    *dist = sqrt(mpq_get_d(d2));
    mpq_clears(d2, a[0], a[1], a[2], b[0], b[1], b[2], s[0], s[1], t, NULL);
}
static double norm3(const double a[3], const double b[3])
{
    return sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                (a[2] - b[2]) * (a[2] - b[2]));
}
/* witness points (pa, pb) of the routine */
static void routine_pair(double pa[3], double pb[3], ccd_kind kind, const double x[4][3],
                         const ccd_smoothing *sm)
{
    if (kind == CCD_EE) {
        ccd_ee_witness w;
        ccd_ee_witness_eval(&w, x, sm);
        memcpy(pa, w.pa, sizeof w.pa), memcpy(pb, w.pb, sizeof w.pb);
    } else {
        ccd_vf_witness w;
        ccd_vf_witness_eval(&w, x, sm);
        memcpy(pa, x[0], 3 * sizeof(double)), memcpy(pb, w.pf, sizeof w.pf);
    }
}

START_TEST(test_hard_equals_exact)
{
    ccd_kind kind = _i == 0 ? CCD_EE : CCD_VF;
    uint64_t seed = 0xabcdef12345ULL + (uint64_t)_i;
    ccd_smoothing hard;
    ccd_smoothing_hard(&hard);
    double worst = 0;
    for (int n = 0; n < 5000; n++) {
        double x[4][3], ea[3], eb[3], ra[3], rb[3], d;
        random_config(x, &seed);
        exact_pair(ea, eb, &d, kind, x);
        routine_pair(ra, rb, kind, x, &hard);
        double err = fmax(norm3(ea, ra), norm3(eb, rb));
        worst = fmax(worst, err);
        /* random unit-cube pairs: non-degenerate, the closest pair is unique and
         * well conditioned except on a set of measure zero */
        ck_assert_msg(err < 1e-9, "%s pair %d: witness error %g", kind == CCD_EE ? "EE" : "VF",
                      n, err);
        ck_assert(fabs(norm3(ra, rb) - d) < 1e-12);
    }
    fprintf(stderr, "hard %s: max witness error over 5000 random pairs %.3g\n",
            kind == CCD_EE ? "E-E" : "V-F", worst);
}
END_TEST

START_TEST(test_smooth_converges_to_hard)
{
    ccd_kind kind = _i == 0 ? CCD_EE : CCD_VF;
    const double levels[] = {1e-1, 1e-2, 1e-3, 1e-4, 1e-6};
    double med_prev = INFINITY;
    for (int l = 0; l < 5; l++) {
        uint64_t seed = 0x5151ULL;
        ccd_smoothing sm;
        ccd_smoothing_level(&sm, kind, levels[l], 1.0);
        enum { N = 2000 };
        static double errs[N];
        for (int n = 0; n < N; n++) {
            double x[4][3], ea[3], eb[3], ra[3], rb[3], d;
            random_config(x, &seed);
            exact_pair(ea, eb, &d, kind, x);
            routine_pair(ra, rb, kind, x, &sm);
            errs[n] = fmax(norm3(ea, ra), norm3(eb, rb));
        }
        static double sorted[N];
        memcpy(sorted, errs, sizeof sorted);
        qsort(sorted, N, sizeof sorted[0], cmp_double);
        double med = sorted[N / 2];
        fprintf(stderr, "%s smoothing %g: median witness error %.3g\n",
                kind == CCD_EE ? "E-E" : "V-F", levels[l], med);
        ck_assert_msg(med < med_prev || med < 1e-12,
                      "median error must shrink with the smoothing");
        med_prev = med;
    }
    ck_assert(med_prev < 1e-4);
}
END_TEST

/* ------------------------------------------------------------------ derivatives */

START_TEST(test_derivatives_against_mpfr)
{
    ccd_kind kind = _i % 2 == 0 ? CCD_EE : CCD_VF;
    const double levels[] = {1e-1, 1e-2, 1e-3};
    double level = levels[_i / 2];
    ccd_witness_reference *ref = ccd_witness_reference_new(256);
    ck_assert_ptr_nonnull(ref);
    uint64_t seed = 0x77ULL + (uint64_t)_i;
    ccd_smoothing sm;
    ccd_smoothing_level(&sm, kind, level, 1.0);
    double worst = 0;
    for (int n = 0; n < 60; n++) {
        double x[4][3], out[CCD_EE_OUTPUTS], jac[CCD_EE_OUTPUTS][12];
        double rout[CCD_EE_OUTPUTS], rjac[CCD_EE_OUTPUTS][12];
        random_config(x, &seed);
        ccd_witness_flat(out, jac, kind, x, &sm);
        ccd_witness_reference_eval(ref, rout, rjac, kind, x, &sm);
        int m = kind == CCD_EE ? CCD_EE_OUTPUTS : CCD_VF_OUTPUTS;
        double scale = 0, err = 0, verr = 0;
        for (int i = 0; i < m; i++) {
            verr = fmax(verr, fabs(out[i] - rout[i]));
            for (int j = 0; j < 12; j++) {
                scale = fmax(scale, fabs(rjac[i][j]));
                err = fmax(err, fabs(jac[i][j] - rjac[i][j]));
            }
        }
        ck_assert_msg(verr < 1e-10, "value differs from the MPFR evaluation by %g", verr);
        double rel = err / fmax(scale, DBL_MIN);
        worst = fmax(worst, rel);
        ck_assert_msg(rel < 1e-7, "%s level %g pair %d: derivative relative error %g",
                      kind == CCD_EE ? "EE" : "VF", level, n, rel);
    }
    fprintf(stderr, "%s smoothing %g: max relative derivative error %.3g\n",
            kind == CCD_EE ? "E-E" : "V-F", level, worst);
    ccd_witness_reference_free(ref);
}
END_TEST

/* ------------------------------------------------------------------ exact cases and degenerate inputs */

START_TEST(test_ee_perpendicular_centred)
{
    /* edge 1 along x at z = 0, edge 2 along y at z = h: α* = (½, ½), d = h even
     * smoothed, γ_con = σ(5)⁴ with eps_comp = 0.1 (digest §10) */
    const double h = 0.7;
    const double x[4][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, h}, {0, 1, h}};
    ccd_smoothing sm;
    ccd_smoothing_default(&sm);
    ccd_ee_witness w;
    ccd_ee_witness_eval(&w, x, &sm);
    ck_assert_double_eq_tol(w.alpha[0], 0.5, 1e-15);
    ck_assert_double_eq_tol(w.alpha[1], 0.5, 1e-15);
    ck_assert_double_eq_tol(norm3(w.pa, w.pb), h, 1e-15);
    ck_assert_double_eq_tol(w.colliding, pow(ccd_sigmoid(5.0), 4), 1e-15);
    ck_assert_double_eq_tol(w.colliding, 0.9735, 1e-4);
    /* swapping the edges swaps the witness points */
    const double y[4][3] = {{0, -1, h}, {0, 1, h}, {-1, 0, 0}, {1, 0, 0}};
    ccd_ee_witness v;
    ccd_ee_witness_eval(&v, y, &sm);
    for (int k = 0; k < 3; k++) {
        ck_assert_double_eq_tol(v.pa[k], w.pb[k], 1e-15);
        ck_assert_double_eq_tol(v.pb[k], w.pa[k], 1e-15);
    }
}
END_TEST

static int all_finite(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return 0;
    return 1;
}

START_TEST(test_degenerate_inputs)
{
    const double parallel[4][3] = {{0, 0, 0}, {2, 0, 0}, {1, 1, 0}, {3, 1, 0}};
    const double crossing[4][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}};
    const double zero_a[4][3] = {{0, 0, 0}, {0, 0, 0}, {-1, 1, 0}, {1, 1, 0}};
    const double zero_both[4][3] = {{0, 0, 1}, {0, 0, 1}, {0, 0, 0}, {0, 0, 0}};
    const double collinear_tri[4][3] = {{1.5, 1, 0}, {0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
    const double on_face[4][3] = {{0.25, 0.25, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const double on_edge[4][3] = {{0.5, 0, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const double point_tri[4][3] = {{1, 1, 1}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    const double (*ee[])[3] = {parallel, crossing, zero_a, zero_both};
    const double (*vf[])[3] = {collinear_tri, on_face, on_edge, point_tri};
    const double ee_dist[] = {1, 0, 1, 1}, vf_dist[] = {1, 0, 0, sqrt(3.0)};
    ccd_smoothing sms[3];
    ccd_smoothing_hard(&sms[0]);
    ccd_smoothing_default(&sms[1]);
    ccd_smoothing_level(&sms[2], CCD_EE, 1e-4, 1);
    for (int s = 0; s < 3; s++) {
        for (int c = 0; c < 4; c++) {
            double out[CCD_EE_OUTPUTS], jac[CCD_EE_OUTPUTS][12];
            ccd_witness_flat(out, jac, CCD_EE, ee[c], &sms[s]);
            ck_assert_msg(all_finite(out, CCD_EE_OUTPUTS) && all_finite(&jac[0][0], sizeof jac / 8),
                          "E-E case %d smoothing %d: non-finite output", c, s);
            if (s == 0) /* hard: a valid closest pair */
                ck_assert_double_eq_tol(norm3(out, out + 3), ee_dist[c], 1e-15);
            ccd_smoothing vs = sms[s];
            vs.w_reg = 0;
            ccd_witness_flat(out, jac, CCD_VF, vf[c], &vs);
            ck_assert_msg(all_finite(out, CCD_VF_OUTPUTS) && all_finite(&jac[0][0], 4 * 12),
                          "V-F case %d smoothing %d: non-finite output", c, s);
            if (s == 0)
                ck_assert_double_eq_tol(norm3(vf[c][0], out), vf_dist[c], 1e-15);
        }
    }
    /* documented: hard parallel edges are "not colliding"; zero-area triangles not "inside" */
    ccd_ee_witness w;
    ccd_ee_witness_eval(&w, parallel, &sms[0]);
    ck_assert(w.colliding == 0);
    ccd_vf_witness v;
    ccd_vf_witness_eval(&v, collinear_tri, &sms[0]);
    ck_assert(v.inside == 0 && v.pf[0] == 1.5 && v.pf[1] == 0);
    ccd_ee_witness_eval(&w, zero_a, &sms[0]);
    ck_assert(w.alpha[1] == 0.5 && w.pa[0] == 0 && w.pa[1] == 0 && w.pa[2] == 0);
    /* Parallel edges, edge a inside edge b's span: the sides α1 = 1 and α1 = 0 both
     * pass their side test with a zero gradient (t1·d = 0) at the same distance.  The
     * tie goes to the first side in the fixed order (α1 = 1, α1 = 0, α2 = 1, α2 = 0)
     * that the double, dual and MPFR evaluations share: pa = ea1. */
    const double inside_span[4][3] = {{1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {3, 1, 0}};
    ccd_ee_witness_eval(&w, inside_span, &sms[0]);
    ck_assert_msg(w.alpha[0] == 1 && w.pa[0] == 2 && w.pb[0] == 2 && w.pb[1] == 1,
                  "parallel tie: alpha (%g, %g), pa (%g, %g, %g)", w.alpha[0], w.alpha[1],
                  w.pa[0], w.pa[1], w.pa[2]);
}
END_TEST


/* Near ties between candidates must not go to the first one: both inputs of the
 * issue, whose distances tie in double while the witness points are 1e-8 apart. */
START_TEST(test_hard_near_ties)
{
    ccd_smoothing hard;
    ccd_smoothing_hard(&hard);
    const double vf[4][3] = {{-1, 1e-8, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    ccd_vf_witness v;
    ccd_vf_witness_eval(&v, vf, &hard);
    const double pf[3] = {0, 1e-8, 0};
    const double ee[4][3] = {{0, 0, 0}, {0, 1, 0}, {-2, 1e-8, 2}, {-1, 1e-8, 1}};
    ccd_ee_witness w;
    ccd_ee_witness_eval(&w, ee, &hard);
    const double pa[3] = {0, 1e-8, 0}, pb[3] = {-1, 1e-8, 1};
    int vf_ok = norm3(v.pf, pf) < 1e-9;
    int ee_ok = norm3(w.pa, pa) < 1e-9 && norm3(w.pb, pb) < 1e-9;
    ck_assert_msg(vf_ok && ee_ok,
                  "V-F: pf = (%g, %g, %g) %s; E-E: pa = (%g, %g, %g) %s (want (0, 1e-8, 0))",
                  v.pf[0], v.pf[1], v.pf[2], vf_ok ? "ok" : "wrong", w.pa[0], w.pa[1], w.pa[2],
                  ee_ok ? "ok" : "wrong");
    /* the same through the dual-number and MPFR evaluations (one generic routine) */
    double out[CCD_EE_OUTPUTS], jac[CCD_EE_OUTPUTS][12];
    ccd_witness_flat(out, jac, CCD_EE, ee, &hard);
    ck_assert(norm3(out, pa) < 1e-9);
    ccd_witness_reference *ref = ccd_witness_reference_new(256);
    ck_assert_ptr_nonnull(ref);
    ccd_witness_reference_eval(ref, out, NULL, CCD_VF, vf, &hard);
    ck_assert(norm3(out, pf) < 1e-9);
    ccd_witness_reference_free(ref);
}
END_TEST

/* The hard E-E routine at the exact time of impact of every colliding edge-edge
 * query of the shared samples (181): touching, mostly non-parallel edges, where
 * the former cost comparison rejected the correct interior solution (error up
 * to 2e-10 L, e.g. erleben-wedges/edge-edge/data_0_1.csv query 13). */
START_TEST(test_hard_ee_at_toi_shared)
{
    TEST_REQUIRE_SHARED_DATA(root);
    char path[4096];
    snprintf(path, sizeof path, "%s/sample-queries", root);
    const char *paths[] = {path};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    ccd_contact_check_options opt;
    ccd_contact_check_options_default(&opt);
    opt.at = CCD_CONTACT_AT_TOI;
    opt.nlevels = 0; /* the hard routine only */
    opt.deriv_every = 0;
    ccd_contact_check c;
    ck_assert_msg(ccd_contact_check_run(&c, &err, &ds, &opt) == CCD_OK, "%s", err.message);
    ccd_dataset_free(&ds);
    ccd_sample_summary d = ccd_sample_summarize(&c.rows[CCD_EE][0].dist);
    fprintf(stderr, "hard E-E at toi: %zu configurations, max distance error %.3g L\n", d.n, d.max);
    ck_assert_uint_eq(c.queries[CCD_EE], 181);
    ck_assert_uint_eq(d.n, 181);
    ck_assert_msg(d.max <= 1e-14, "max distance error %g L > 1e-14 L", d.max);
    ccd_contact_check_free(&c);
}
END_TEST

static Suite *contact_suite(void)
{
    Suite *s = suite_create("contact");
    TCase *tc = tcase_create("smooth");
    tcase_add_test(tc, test_smooth_limits_and_bounds);
    tcase_add_test(tc, test_smooth_derivatives);
    suite_add_tcase(s, tc);
    tc = tcase_create("witness");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_hard_equals_exact, 0, 2);
    tcase_add_loop_test(tc, test_smooth_converges_to_hard, 0, 2);
    tcase_add_loop_test(tc, test_derivatives_against_mpfr, 0, 6);
    tcase_add_test(tc, test_ee_perpendicular_centred);
    tcase_add_test(tc, test_degenerate_inputs);
    tcase_add_test(tc, test_hard_near_ties);
    tcase_add_test(tc, test_hard_ee_at_toi_shared);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(contact_suite());
}
