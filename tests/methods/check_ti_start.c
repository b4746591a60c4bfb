/* SPDX-License-Identifier: MIT */
/*
 * Tight Inclusion with minimum separation: the contact-at-start proof
 * (src/methods/tight_inclusion_start.c) and the earliest-first search
 * (ccd_ti_search_earliest), on degenerate hand-built queries and against the exact
 * L∞ minimum-separation truth (src/exact/separation.c) on the shared data.
 *
 * - ccd_ti_proof_bound: P + ε ≤ d exactly (rational arithmetic), −1 when d ≤ ε.
 * - A proof at t = 0 is never wrong: every proven query has exact toi = 0.
 * - The earliest-first search has no false negative, never a toi after the exact one,
 *   and the collision decision of the level-by-level search wherever neither stops at
 *   m_I (they walk the same tree of boxes).
 *
 * Time: every CCD_MS_STRIDE-th query (default 16: 1328 queries) at three d, m_I = 10^4
 * for the search comparison; a few seconds unsanitized.
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

/* ------------------------------------------------------------ hand-built queries */

typedef double point[3];

static ccd_query make_query(ccd_kind kind, const point x0[4], const point x1[4])
{
    return test_query_from_frames(kind, x0, x1);
}

/* Static primitives (x1 = x0). */
static ccd_query still(ccd_kind kind, const point x[4])
{
    return make_query(kind, x, x);
}

/* The proof of contact at t = 0 for query q at separation d. */
static int proven_at_start(const ccd_query *q, double d)
{
    ccd_params p;
    ccd_params_default(&p);
    ccd_ti_query tq;
    ck_assert_int_eq(ccd_ti_query_init(&tq, q, &p, d, 1.0, CCD_TI_SCALAR), CCD_OK);
    long checks = -1;
    const int proven = ccd_ti_contact_at_start(&checks, &tq);
    ck_assert(checks >= 0 && checks <= CCD_TI_START_BUDGET);
    return proven;
}

START_TEST(test_proof_bound_inward)
{
    mpq_t sum, e;
    mpq_inits(sum, e, NULL);
    uint64_t state = 11;
    for (int i = 0; i < 20000; ++i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const double eps = ldexp((double)(state >> 11) * 0x1p-53, (int)(state % 120) - 100);
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        double d = ldexp((double)(state >> 11) * 0x1p-53, (int)(state % 120) - 100);
        if (i % 5 == 0)
            d = eps * (1.0 + 0x1p-52); /* barely above ε */
        const double pb = ccd_ti_proof_bound(eps, d);
        if (!(d > eps)) {
            ck_assert(pb == -1.0);
            continue;
        }
        ck_assert(pb >= 0.0);
        mpq_set_d(sum, pb); /* P + ε ≤ d, exactly */
        mpq_set_d(e, eps);
        mpq_add(sum, sum, e);
        mpq_set_d(e, d);
        ck_assert_int_le(mpq_cmp(sum, e), 0);
    }
    ck_assert(ccd_ti_proof_bound(1e-15, 0.0) == -1.0);
    ck_assert(ccd_ti_proof_bound(1e-15, 1e-15) == -1.0);
    mpq_clears(sum, e, NULL);
}
END_TEST

START_TEST(test_start_degenerate_vf)
{
    const double d = 0.01;
    /* Above the unit triangle's interior at height h: proven below d, not at or above. */
    const point below[4] = {{0.25, 0.25, 0.005}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point at[4] = {{0.25, 0.25, 0.01}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point above[4] = {{0.25, 0.25, 0.02}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    ccd_query q = still(CCD_VF, below);
    ck_assert_int_eq(proven_at_start(&q, d), 1);
    q = still(CCD_VF, at); /* exactly d away (the double 0.01 both times): |F̂| = d > P */
    ck_assert_int_eq(proven_at_start(&q, d), 0);
    q = still(CCD_VF, above);
    ck_assert_int_eq(proven_at_start(&q, d), 0);
    /* Touching with d = 0: nothing is provable (the search decides). */
    const point touch[4] = {{0.25, 0.25, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = still(CCD_VF, touch);
    ck_assert_int_eq(proven_at_start(&q, 0.0), 0);
    /* d below the filter error: nothing is provable. */
    ck_assert_int_eq(proven_at_start(&q, 1e-20), 0);
    /* Beside the corner (0,0,0) at L∞ distance 0.2 (Euclidean 0.28): L∞ is the norm. */
    const point corner[4] = {{-0.2, -0.2, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = still(CCD_VF, corner);
    ck_assert_int_eq(proven_at_start(&q, 0.21), 1);
    ck_assert_int_eq(proven_at_start(&q, 0.19), 0);
    /* Beyond the hypotenuse u + v = 1 (outside the domain), 0.1 away in x and y. */
    const point hyp[4] = {{0.6, 0.6, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = still(CCD_VF, hyp);
    ck_assert_int_eq(proven_at_start(&q, 0.11), 1);
    ck_assert_int_eq(proven_at_start(&q, 0.09), 0);
    /* A triangle collapsed to a point, and to a segment. */
    const point dot[4] = {{1, 1, 1.004}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
    q = still(CCD_VF, dot);
    ck_assert_int_eq(proven_at_start(&q, d), 1);
    ck_assert_int_eq(proven_at_start(&q, 0.003), 0);
    const point seg[4] = {{0.5, 0.008, 0}, {0, 0, 0}, {1, 0, 0}, {0.5, 0, 0}};
    q = still(CCD_VF, seg);
    ck_assert_int_eq(proven_at_start(&q, d), 1);
    ck_assert_int_eq(proven_at_start(&q, 0.007), 0);
}
END_TEST

START_TEST(test_start_degenerate_ee)
{
    /* Parallel (collinear-offset) edges 0.004 apart: proven at d = 0.01, not 0.003. */
    const point par[4] = {{0, 0, 0}, {1, 0, 0}, {0.5, 0.004, 0}, {2, 0.004, 0}};
    ccd_query q = still(CCD_EE, par);
    ck_assert_int_eq(proven_at_start(&q, 0.01), 1);
    ck_assert_int_eq(proven_at_start(&q, 0.003), 0);
    /* Collinear, disjoint by a gap of 0.5: never within 0.4. */
    const point gap[4] = {{0, 0, 0}, {1, 0, 0}, {1.5, 0, 0}, {2, 0, 0}};
    q = still(CCD_EE, gap);
    ck_assert_int_eq(proven_at_start(&q, 0.4), 0);
    ck_assert_int_eq(proven_at_start(&q, 0.6), 1);
    /* Both edges of zero length (points) 0.005 apart on every axis (L∞ 0.005). */
    const point pts[4] = {{3, 3, 3}, {3, 3, 3}, {3.005, 3.005, 3.005}, {3.005, 3.005, 3.005}};
    q = still(CCD_EE, pts);
    ck_assert_int_eq(proven_at_start(&q, 0.0051), 1);
    ck_assert_int_eq(proven_at_start(&q, 0.0049), 0);
    /* Skew edges crossing 0.001 apart at their midpoints. */
    const point skew[4] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0.001}, {0, 1, 0.001}};
    q = still(CCD_EE, skew);
    ck_assert_int_eq(proven_at_start(&q, 0.002), 1);
    ck_assert_int_eq(proven_at_start(&q, 0.0005), 0);
}
END_TEST

/* The method with search=earliest on moving hand-built queries. */
START_TEST(test_earliest_hand_built)
{
    ccd_params p;
    ccd_params_default(&p);
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    ccd_options_default(opt, &ccd_method_tight_inclusion);
    p.options = opt;
    opt[CCD_TI_OPT_SEARCH].i = CCD_TI_SEARCH_EARLIEST;
    opt[CCD_TI_OPT_MAX_CHECKS].i = 100000;
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    ccd_result r;
    /* Falling through the triangle at t = 0.5; d = 0.1 reached at t = 0.45. */
    const point x0[4] = {{0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point x1[4] = {{0.25, 0.25, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    ccd_query q = make_query(CCD_VF, x0, x1);
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert(r.collides && r.toi <= 0.5 && r.toi >= 0.5 - 1e-5);
    /* d = 0.1: every (u, v) within 0.1 of (0.25, 0.25) comes within d at t = 0.45 at
     * once (a face of contact): both searches may stop at m_I, conservatively. */
    p.ms = 0.1;
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert(r.collides && r.toi <= 0.45);
    ck_assert(r.hit_max_checks || r.toi >= 0.45 - 1e-5);
    /* Sliding in the triangle's plane from outside, within d = 0.1 from t = 0.45:
     * a contact volume, not a point. */
    const point y0[4] = {{-1, 0.2, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point y1[4] = {{1, 0.2, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = make_query(CCD_VF, y0, y1);
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert(r.collides && r.toi <= 0.45);
    /* Passing 0.2 beside the triangle: no contact within 0.1. */
    const point z0[4] = {{-0.2, -0.2, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point z1[4] = {{-0.2, -0.2, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = make_query(CCD_VF, z0, z1);
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert_int_eq(r.collides, 0);
    /* m_I: a conservative stop, toi no later than the contact. */
    q = make_query(CCD_VF, y0, y1);
    opt[CCD_TI_OPT_MAX_CHECKS].i = 50;
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert(r.collides && r.toi <= 0.45 && r.checks < 500);
    ccd_ti_scratch_free(s);
}
END_TEST

/* ------------------------------------------------------------ against the exact truth */

static const double separations[] = {1e-2, 1e-4, 1e-8};

START_TEST(test_start_proofs_exact)
{
    if (!load()) {
        fprintf(stderr, "SKIP: shared benchmark data not found\n");
        return;
    }
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    mpq_t d;
    mpq_init(d);
    ccd_params p;
    ccd_params_default(&p);
    for (size_t i = 0; i < sizeof separations / sizeof separations[0]; i++) {
        mpq_set_d(d, separations[i]); /* the double the method gets, exactly */
        long n = 0, at_zero = 0, proven = 0, wrong = 0;
        FOR_EACH_QUERY(q)
        {
            ccd_ti_query tq;
            ck_assert_int_eq(ccd_ti_query_init(&tq, q, &p, separations[i], 1.0, ccd_ti_isa_best()),
                             CCD_OK);
            long checks;
            const int pr = ccd_ti_contact_at_start(&checks, &tq);
            int collides;
            ck_assert_int_eq(ccd_exact_decide(&collides, toi, q, d, 0, ctx), CCD_OK);
            const int zero = collides && ccd_algebraic_cmp_d(toi, 0.0) == 0;
            n++;
            at_zero += zero;
            proven += pr;
            if (pr && !zero) {
                wrong++;
                fprintf(stderr, "d = %g: contact at t = 0 proven, exact says not (query %llu)\n",
                        separations[i], (unsigned long long)q->index);
            }
        }
        fprintf(stderr, "start proof, d = %g: n=%ld exact toi = 0: %ld, proven %ld\n",
                separations[i], n, at_zero, proven);
        ck_assert_int_eq(wrong, 0);
        if (separations[i] == 1e-2) /* the data has such contacts (n-body) */
            ck_assert_int_gt(proven, 0);
    }
    mpq_clear(d);
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
}
END_TEST

START_TEST(test_earliest_search_exact)
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
    static const double ds[] = {1e-2, 1e-4, 0.0};
    const long advance = opt[CCD_TI_OPT_ADVANCE].i;
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        p.ms = ds[i];
        mpq_set_d(d, ds[i]);
        /* at d = 0 the searches are compared alone: the time advance, which a query
         * reaches after `advance` checks of either, answers "no" to a few false positives of
         * the level search that the earliest-first one ends within those 64 checks */
        opt[CCD_TI_OPT_ADVANCE].i = ds[i] > 0.0 ? advance : 0;
        /* the searches compared with the same exclusion: the axes (exclude=adaptive
         * runs the directions in the earliest-first search alone, which drops boxes
         * the level search keeps) */
        opt[CCD_TI_OPT_EXCLUDE].i = CCD_TI_EXCLUDE_AXES;
        long n = 0, pos = 0, fp = 0, fn = 0, late = 0, differ = 0, compared = 0;
        FOR_EACH_QUERY(q)
        {
            int collides;
            ck_assert_int_eq(ccd_exact_decide(&collides, toi, q, d, 0, ctx), CCD_OK);
            ccd_result e, l;
            opt[CCD_TI_OPT_SEARCH].i = CCD_TI_SEARCH_EARLIEST;
            ck_assert_int_eq(ccd_ti_solve(&e, q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
            opt[CCD_TI_OPT_SEARCH].i = CCD_TI_SEARCH_LEVELS;
            ck_assert_int_eq(ccd_ti_solve(&l, q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
            n++;
            pos += collides;
            fp += e.collides && !collides;
            if (collides && !e.collides)
                fn++, fprintf(stderr, "d = %g: false negative at query %llu\n", ds[i],
                              (unsigned long long)q->index);
            if (collides && e.collides && ccd_algebraic_cmp_d(toi, e.toi) < 0)
                late++, fprintf(stderr, "d = %g: toi %.17g after the exact one (query %llu)\n",
                                ds[i], e.toi, (unsigned long long)q->index);
            if (!e.hit_max_checks && !l.hit_max_checks) {
                compared++;
                if (e.collides != l.collides)
                    differ++, fprintf(stderr, "d = %g: earliest %d, levels %d (query %llu)\n",
                                      ds[i], e.collides, l.collides,
                                      (unsigned long long)q->index);
            }
        }
        fprintf(stderr,
                "earliest search, d = %g: n=%ld exact positives=%ld FP=%ld FN=%ld; same "
                "decision as levels on %ld of %ld compared\n",
                ds[i], n, pos, fp, fn, compared - differ, compared);
        ck_assert_int_eq(fn, 0);
        ck_assert_int_eq(late, 0);
        ck_assert_int_eq(differ, 0);
        ck_assert_int_gt(compared, n / 2);
    }
    ti_exact_teardown(ctx, toi, s, d);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("ti_start");
    TCase *hand = tcase_create("hand-built");
    tcase_add_test(hand, test_proof_bound_inward);
    tcase_add_test(hand, test_start_degenerate_vf);
    tcase_add_test(hand, test_start_degenerate_ee);
    tcase_add_test(hand, test_earliest_hand_built);
    suite_add_tcase(su, hand);
    TCase *tc = tcase_create("exact");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_start_proofs_exact);
    tcase_add_test(tc, test_earliest_search_exact);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    test_query_set_free(&data);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
