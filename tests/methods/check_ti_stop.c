/* SPDX-License-Identifier: MIT */
/*
 * Tight Inclusion's certified stopping rule (option stop=prove,
 * src/methods/tight_inclusion_stop.c and ccd_ti_search_bfs).
 *
 * - ccd_ti_contact_at_time never proves a point that is not within d: every proven
 *   (t, u, v) is checked in exact rationals (GMP) against the exact trajectory, on
 *   hand-built cases (a vertex exactly d from a face along an axis-parallel or tilted
 *   normal, degenerate triangles, parallel edges) and on random queries; it does prove
 *   where the contact is deep, so the test can fail both ways.
 * - On the shared data at d = 1e-2, 1e-3, 1e-4, 1e-6: stop=prove against the exact L∞
 *   truth (src/exact/separation.c): no false negative, toi never after the exact toi,
 *   toi_upper never before it where the proof ended the search, and the decision of
 *   stop=boxes wherever neither stops at m_I.
 *
 * Time: every CCD_MS_STRIDE-th query (default 16) at four d, m_I = 10^4.
 */
#include <config.h>

#include "exact/exact_ccd.h"
#include "methods/builtin.h"
#include "methods/tight_inclusion.h"
#include "test_query_set.h"
#include "ti_exact_setup.h"
#include "test_support.h"

#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static test_query_set data;

/* Every CCD_MS_STRIDE-th query of the shared data, loaded once. */
static int load(void)
{
    return test_query_set_load_ms(&data);
}

#define FOR_EACH_QUERY(q) TEST_QUERY_SET_FOR_EACH(q, &data)

typedef double point[3];

static ccd_query make_query(ccd_kind kind, const point x0[4], const point x1[4])
{
    return test_query_from_frames(kind, x0, x1);
}

/* |F(t, u, v)|∞ ≤ d in exact rationals, on the exact trajectory x0 + t·(x1 − x0). */
static int exactly_within(const ccd_query *q, double t, double u, double v, double d)
{
    mpq_t x[4], w, tt, uu, vv, f, dd;
    for (int i = 0; i < 4; ++i)
        mpq_init(x[i]);
    mpq_inits(w, tt, uu, vv, f, dd, NULL);
    mpq_set_d(tt, t);
    mpq_set_d(uu, u);
    mpq_set_d(vv, v);
    mpq_set_d(dd, d);
    int within = 1;
    for (int axis = 0; axis < 3; ++axis) {
        for (int i = 0; i < 4; ++i) { /* x_i(t) */
            mpq_set_d(x[i], q->v[4 + i][axis]);
            mpq_set_d(w, q->v[i][axis]);
            mpq_sub(x[i], x[i], w);
            mpq_mul(x[i], x[i], tt);
            mpq_add(x[i], x[i], w);
        }
        if (q->kind == CCD_VF) { /* p − a − u(b − a) − v(c − a) */
            mpq_sub(f, x[0], x[1]);
            mpq_sub(w, x[2], x[1]);
            mpq_mul(w, w, uu);
            mpq_sub(f, f, w);
            mpq_sub(w, x[3], x[1]);
            mpq_mul(w, w, vv);
            mpq_sub(f, f, w);
        } else { /* a + u(b − a) − c − v(d − c) */
            mpq_sub(w, x[1], x[0]);
            mpq_mul(w, w, uu);
            mpq_add(f, x[0], w);
            mpq_sub(f, f, x[2]);
            mpq_sub(w, x[3], x[2]);
            mpq_mul(w, w, vv);
            mpq_sub(f, f, w);
        }
        mpq_abs(f, f);
        if (mpq_cmp(f, dd) > 0)
            within = 0;
    }
    for (int i = 0; i < 4; ++i)
        mpq_clear(x[i]);
    mpq_clears(w, tt, uu, vv, f, dd, NULL);
    return within;
}

/* ccd_ti_contact_at_time on q at (t, d); a proof is checked exactly and in the domain. */
static int proven_at(const ccd_query *q, double t, double d)
{
    ccd_params p;
    ccd_params_default(&p);
    ccd_ti_query tq;
    ck_assert_int_eq(ccd_ti_query_init(&tq, q, &p, d, 1.0, CCD_TI_SCALAR), CCD_OK);
    double uv[2] = {-1.0, -1.0};
    const int proven = ccd_ti_contact_at_time(uv, &tq, t);
    if (proven) {
        ck_assert(uv[0] >= 0.0 && uv[0] <= 1.0 && uv[1] >= 0.0 && uv[1] <= 1.0);
        if (q->kind == CCD_VF)
            ck_assert(uv[0] + uv[1] <= 1.0); /* multiples of 2^-40: exact */
        ck_assert_msg(exactly_within(q, t, uv[0], uv[1], d),
                      "proven (%.17g, %.17g) at t = %.17g not within d = %g", uv[0], uv[1], t,
                      d);
    }
    return proven;
}

/* Four random points in the unit cube around 0 and where they move (by at
 * most 0.1 an axis), from the seeded generator. */
static void random_moving(point x0[4], point x1[4], uint64_t *state)
{
    for (int k = 0; k < 4; ++k)
        for (int a = 0; a < 3; ++a) {
            x0[k][a] = test_rng_unit(state) - 0.5;
            x1[k][a] = x0[k][a] + (test_rng_unit(state) - 0.5) * 0.2;
        }
}

static ccd_query still(ccd_kind kind, const point x[4])
{
    return make_query(kind, x, x);
}

START_TEST(test_at_time_vf)
{
    /* A vertex falling through the unit triangle: height 1 − 2t over (0.25, 0.25). */
    const point x0[4] = {{0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point x1[4] = {{0.25, 0.25, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    ccd_query q = make_query(CCD_VF, x0, x1);
    ck_assert_int_eq(proven_at(&q, 0.5, 0.01), 1);
    ck_assert_int_eq(proven_at(&q, 0.497, 0.01), 1); /* height 0.006 */
    ck_assert_int_eq(proven_at(&q, 0.49, 0.01), 0);  /* height 0.02  */
    ck_assert_int_eq(proven_at(&q, 0.5, 0.0), 0);    /* d = 0: nothing provable */
    ck_assert_int_eq(proven_at(&q, 0.5, 1e-20), 0);  /* d ≤ ε */
    /* Exactly d away along the axis-parallel normal (height 0.01 = d): never proven
     * wrongly (the exact check above); beside the hypotenuse and the corner (L∞). */
    const point at[4] = {{0.25, 0.25, 0.01}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = still(CCD_VF, at);
    ck_assert_int_eq(proven_at(&q, 0.3, 0.01), 0);
    ck_assert_int_eq(proven_at(&q, 0.3, 0.0101), 1);
    /* One ulp farther than d, along the normal and beside an edge parallel to a cube
     * face: within d + ε, so only the proof bound P ≤ d − ε keeps these out. */
    const point ulp[4] = {{0.25, 0.25, 0x1.47ae147ae147cp-7}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point ulp_edge[4] = {{0.5, -0x1.47ae147ae147cp-7, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    ck_assert(0x1.47ae147ae147cp-7 == nextafter(0.01, 1.0));
    q = still(CCD_VF, ulp);
    ck_assert_int_eq(proven_at(&q, 0.3, 0.01), 0);
    q = still(CCD_VF, ulp_edge);
    ck_assert_int_eq(proven_at(&q, 0.3, 0.01), 0);
    /* An edge parallel to a face of the d-cube: a segment of contacts at L∞ 0.01. */
    const point edge[4] = {{0.5, -0.01, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = still(CCD_VF, edge);
    (void)proven_at(&q, 0.7, 0.01); /* boundary: either, but only if exact */
    ck_assert_int_eq(proven_at(&q, 0.7, 0.0101), 1);
    ck_assert_int_eq(proven_at(&q, 0.7, 0.0099), 0);
    const point corner[4] = {{-0.2, -0.2, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = still(CCD_VF, corner);
    ck_assert_int_eq(proven_at(&q, 0.0, 0.21), 1);
    ck_assert_int_eq(proven_at(&q, 0.0, 0.19), 0);
    const point hyp[4] = {{0.6, 0.6, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = still(CCD_VF, hyp);
    ck_assert_int_eq(proven_at(&q, 1.0, 0.11), 1);
    ck_assert_int_eq(proven_at(&q, 1.0, 0.09), 0);
    /* A tilted face x + y + z = 1 and a vertex at L∞ distance exactly 0.01 from it along
     * the normal (1,1,1)/3·0.03: (1/3 + 0.01) per axis; proven only strictly inside. */
    const point tilt_at[4] = {
        {1.0 / 3 + 0.01, 1.0 / 3 + 0.01, 1.0 / 3 + 0.01}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    q = still(CCD_VF, tilt_at);
    (void)proven_at(&q, 0.5, 0.01);
    ck_assert_int_eq(proven_at(&q, 0.5, 0.0102), 1);
    ck_assert_int_eq(proven_at(&q, 0.5, 0.0098), 0);
    /* Degenerate triangles: a point and a segment. */
    const point dot[4] = {{1, 1, 1.004}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
    q = still(CCD_VF, dot);
    ck_assert_int_eq(proven_at(&q, 0.25, 0.01), 1);
    ck_assert_int_eq(proven_at(&q, 0.25, 0.003), 0);
    const point seg[4] = {{0.5, 0.008, 0}, {0, 0, 0}, {1, 0, 0}, {0.5, 0, 0}};
    q = still(CCD_VF, seg);
    ck_assert_int_eq(proven_at(&q, 0.25, 0.01), 1);
    ck_assert_int_eq(proven_at(&q, 0.25, 0.007), 0);
}
END_TEST

START_TEST(test_at_time_ee)
{
    const point par[4] = {{0, 0, 0}, {1, 0, 0}, {0.5, 0.004, 0}, {2, 0.004, 0}};
    ccd_query q = still(CCD_EE, par); /* parallel edges 0.004 apart */
    ck_assert_int_eq(proven_at(&q, 0.5, 0.01), 1);
    ck_assert_int_eq(proven_at(&q, 0.5, 0.003), 0);
    const point gap[4] = {{0, 0, 0}, {1, 0, 0}, {1.5, 0, 0}, {2, 0, 0}};
    q = still(CCD_EE, gap); /* collinear, 0.5 apart */
    ck_assert_int_eq(proven_at(&q, 0.5, 0.4), 0);
    ck_assert_int_eq(proven_at(&q, 0.5, 0.6), 1);
    const point pts[4] = {{3, 3, 3}, {3, 3, 3}, {3.005, 3.005, 3.005}, {3.005, 3.005, 3.005}};
    q = still(CCD_EE, pts); /* both edges points */
    ck_assert_int_eq(proven_at(&q, 0.5, 0.0051), 1);
    ck_assert_int_eq(proven_at(&q, 0.5, 0.0049), 0);
    /* Skew edges approaching: 0.1·(1 − t) apart in z, crossing at the midpoints. */
    const point s0[4] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0.1}, {0, 1, 0.1}};
    const point s1[4] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}};
    q = make_query(CCD_EE, s0, s1);
    ck_assert_int_eq(proven_at(&q, 0.95, 0.01), 1); /* 0.005 apart */
    ck_assert_int_eq(proven_at(&q, 0.85, 0.01), 0); /* 0.015 apart */
}
END_TEST

/* Random primitives and times: every proof is exact, and proofs do happen. */
START_TEST(test_at_time_random)
{
    uint64_t state = 7;
    long proofs = 0;
    for (int i = 0; i < 4000; ++i) {
        point x0[4], x1[4];
        random_moving(x0, x1, &state);
        if (i % 4 == 1) /* an axis-parallel face: z = 0 */
            for (int k = 1; k < 4; ++k)
                x0[k][2] = x1[k][2] = 0.0;
        const ccd_query q = make_query(i % 2 ? CCD_VF : CCD_EE, x0, x1);
        const double t = test_rng_unit(&state);
        const double d = ldexp(1.0, -(int)(i % 12));
        proofs += proven_at(&q, t, d);
    }
    ck_assert_int_gt(proofs, 100);
}
END_TEST

/* The LP's simplex (ccd_ti_probe_time's solver) reaches the optimum that enumerating
 * every vertex finds, cold and warm-started from the basis of an earlier time, on
 * random queries and on degenerate ones (a face in z = 0 with the vertex in its
 * plane, parallel edges, primitives at rest, a point at a corner, coordinates scaled
 * by 2^k), at d = 0 and above; it falls back on the enumeration for at most 1 % of
 * the LPs.  Fails on a wrong pivot (a sign of d, the leaving rule) or a bad start. */
START_TEST(test_lp_simplex)
{
    uint64_t state = 11;
    long lps = 0, fallbacks = 0;
    for (int i = 0; i < 3000; ++i) {
        point x0[4], x1[4];
        random_moving(x0, x1, &state);
        switch (i % 6) {
        case 1: /* a face in z = 0, the vertex (or first edge) in its plane too */
            for (int k = 0; k < 4; ++k)
                x0[k][2] = x1[k][2] = 0.0;
            break;
        case 2: /* parallel primitives: the second edge (or face side) a translate */
            for (int a = 0; a < 3; ++a) {
                x0[3][a] = x0[2][a] + (x0[1][a] - x0[0][a]);
                x1[3][a] = x1[2][a] + (x1[1][a] - x1[0][a]);
            }
            break;
        case 3: /* at rest */
            memcpy(x1, x0, sizeof x0);
            break;
        case 4: /* the vertex (or an endpoint) on a corner of the other primitive */
            memcpy(x0[0], x0[1], sizeof x0[0]);
            memcpy(x1[0], x1[1], sizeof x1[0]);
            break;
        case 5: /* scaled by 2^k */
            for (int k = 0; k < 4; ++k)
                for (int a = 0; a < 3; ++a)
                    x0[k][a] = ldexp(x0[k][a], i % 40 - 20), x1[k][a] = ldexp(x1[k][a], i % 40 - 20);
            break;
        }
        const ccd_query q = make_query(i % 2 ? CCD_VF : CCD_EE, x0, x1);
        ccd_params p;
        ccd_params_default(&p);
        ccd_ti_query tq;
        const double d = i % 3 == 0 ? 0.0 : ldexp(1.0, -(int)(i % 20));
        ck_assert_int_eq(ccd_ti_query_init(&tq, &q, &p, d, 1.0, CCD_TI_SCALAR), CCD_OK);
        int warm[3] = {-1, -1, -1};
        double t = 0.0;
        for (int step = 0; step < 4; ++step, t += test_rng_unit(&state) * (1.0 - t) * 0.5) {
            int cold[3] = {-1, -1, -1}, all[3] = {-1, -1, -1};
            const double s_all = ccd_ti_lp_optimum(all, &tq, t, CCD_TI_LP_ENUMERATE);
            const double s_cold = ccd_ti_lp_optimum(cold, &tq, t, CCD_TI_LP_SIMPLEX);
            const double s_warm = ccd_ti_lp_optimum(warm, &tq, t, CCD_TI_LP_SIMPLEX);
            lps += 2;
            ck_assert_msg(isfinite(s_all), "query %d at t = %.17g: no vertex enumerated", i, t);
            /* the F rows' scale: |F| over the domain and the cube's half-width */
            const double scale = ldexp(1.0, i % 6 == 5 ? i % 40 - 20 : 0) + d;
            const double s_by[2] = {s_cold, s_warm};
            for (int c = 0; c < 2; ++c) {
                if (isnan(s_by[c])) {
                    ++fallbacks;
                    continue;
                }
                ck_assert_msg(fabs(s_by[c] - s_all) <= 1e-9 * scale,
                              "query %d at t = %.17g (%s): simplex s = %.17g, "
                              "enumeration s = %.17g",
                              i, t, c ? "warm" : "cold", s_by[c], s_all);
            }
            if (isnan(s_warm))
                warm[0] = warm[1] = warm[2] = -1;
        }
    }
    ck_assert_msg(fallbacks * 100 <= lps, "%ld of %ld LPs fell back on the enumeration",
                  fallbacks, lps);
}
END_TEST

/* The method on a hand-built face of contact (a volume: the boxes may reach m_I). */
START_TEST(test_stop_hand_built)
{
    ccd_params p;
    ccd_params_default(&p);
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    ccd_options_default(opt, &ccd_method_tight_inclusion);
    p.options = opt;
    ck_assert_int_eq(opt[CCD_TI_OPT_STOP].i, CCD_TI_STOP_BOXES); /* the default */
    opt[CCD_TI_OPT_STOP].i = CCD_TI_STOP_PROVE;
    opt[CCD_TI_OPT_MAX_CHECKS].i = 1000000;
    p.ms = 0.1;
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    /* Falling onto the triangle: every (u, v) near (0.25, 0.25) within d at t = 0.45. */
    const point x0[4] = {{0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point x1[4] = {{0.25, 0.25, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const ccd_query q = make_query(CCD_VF, x0, x1);
    ccd_result pr, bx;
    ck_assert_int_eq(ccd_ti_solve(&pr, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    opt[CCD_TI_OPT_STOP].i = CCD_TI_STOP_BOXES;
    ck_assert_int_eq(ccd_ti_solve(&bx, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert(pr.collides && bx.collides);
    ck_assert(pr.toi <= 0.45);
    if (pr.toi_upper > pr.toi) /* ended by a proof: a bracket of the exact 0.45 */
        ck_assert(pr.toi_upper >= 0.45 && pr.toi_upper - pr.toi <= 1e-5);
    ck_assert(pr.checks <= bx.checks);
    /* No contact: the same answer as the boxes. */
    const point z0[4] = {{-0.2, -0.2, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point z1[4] = {{-0.2, -0.2, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const ccd_query n = make_query(CCD_VF, z0, z1);
    opt[CCD_TI_OPT_STOP].i = CCD_TI_STOP_PROVE;
    ck_assert_int_eq(ccd_ti_solve(&pr, &n, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert_int_eq(pr.collides, 0);
    ccd_ti_scratch_free(s);
}
END_TEST

/* ------------------------------------------------------------ against the exact truth */

START_TEST(test_stop_exact)
{
    if (!load()) {
        fprintf(stderr, "SKIP: shared benchmark data not found\n");
        return;
    }
    ccd_exact_ctx *ctx;
    ccd_algebraic *toi;
    ccd_ti_scratch *s;
    mpq_t d;
    ccd_params p;
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    ti_exact_setup(&ctx, &toi, &s, d, &p, opt, 10000);
    static const double ds[] = {1e-2, 1e-3, 1e-4, 1e-6};
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        p.ms = ds[i];
        mpq_set_d(d, ds[i]);
        long n = 0, pos = 0, fp = 0, fn = 0, late = 0, early_upper = 0, fired = 0;
        long differ = 0, compared = 0, mi_prove = 0, mi_boxes = 0;
        FOR_EACH_QUERY(q)
        {
            int collides;
            ck_assert_int_eq(ccd_exact_decide(&collides, toi, q, d, 0, ctx), CCD_OK);
            ccd_result e, b;
            opt[CCD_TI_OPT_STOP].i = CCD_TI_STOP_PROVE;
            ck_assert_int_eq(ccd_ti_solve(&e, q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
            opt[CCD_TI_OPT_STOP].i = CCD_TI_STOP_BOXES;
            ck_assert_int_eq(ccd_ti_solve(&b, q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
            n++;
            pos += collides;
            fp += e.collides && !collides;
            mi_prove += e.hit_max_checks;
            mi_boxes += b.hit_max_checks;
            /* only the proof reports toi_upper > toi (the boxes report toi_upper = toi) */
            const int proof = e.collides && e.toi_upper > e.toi;
            fired += proof;
            if (collides && !e.collides)
                fn++, fprintf(stderr, "d = %g: false negative at query %llu\n", ds[i],
                              (unsigned long long)q->index);
            if (collides && e.collides && ccd_algebraic_cmp_d(toi, e.toi) < 0)
                late++, fprintf(stderr, "d = %g: toi %.17g after the exact one (query %llu)\n",
                                ds[i], e.toi, (unsigned long long)q->index);
            if (proof && (!collides || ccd_algebraic_cmp_d(toi, e.toi_upper) > 0))
                early_upper++,
                    fprintf(stderr, "d = %g: proven contact at %.17g not a contact (query %llu)\n",
                            ds[i], e.toi_upper, (unsigned long long)q->index);
            if (!e.hit_max_checks && !b.hit_max_checks) {
                compared++;
                if (e.collides != b.collides)
                    differ++, fprintf(stderr, "d = %g: prove %d, boxes %d (query %llu)\n", ds[i],
                                      e.collides, b.collides, (unsigned long long)q->index);
            }
        }
        fprintf(stderr,
                "stop=prove, d = %g: n=%ld exact positives=%ld FP=%ld FN=%ld; stopped by a "
                "proof %ld; m_I hits prove %ld, boxes %ld; same decision as boxes on %ld of "
                "%ld compared\n",
                ds[i], n, pos, fp, fn, fired, mi_prove, mi_boxes, compared - differ, compared);
        ck_assert_int_eq(fn, 0);
        ck_assert_int_eq(late, 0);
        ck_assert_int_eq(early_upper, 0);
        ck_assert_int_eq(differ, 0);
        ck_assert_int_gt(compared, n / 2);
        if (ds[i] == 1e-2) /* the data has such contacts (n-body) */
            ck_assert_int_gt(fired, 0);
    }
    ti_exact_teardown(ctx, toi, s, d);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("ti_stop");
    TCase *hand = tcase_create("hand-built");
    tcase_add_test(hand, test_at_time_vf);
    tcase_add_test(hand, test_at_time_ee);
    tcase_add_test(hand, test_at_time_random);
    tcase_add_test(hand, test_lp_simplex);
    tcase_add_test(hand, test_stop_hand_built);
    suite_add_tcase(su, hand);
    TCase *tc = tcase_create("exact");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_stop_exact);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    test_query_set_free(&data);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
