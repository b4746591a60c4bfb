/* SPDX-License-Identifier: MIT */
/*
 * TightCCD (src/methods/tight_ccd.c) on hand-built queries.  Every expected answer
 * is the original code's (Wang et al. 2015, driven by
 * scripts/baseline-drivers/tight-ccd.cpp), and the comments say whether it is the
 * true one: plain crossings and misses; linear cubics (one side at rest), always
 * reported; a contact at the end of the step (an
 * uncertain end coefficient counts as a root); the degenerate cases it reports
 * whatever the geometry (coplanar motion, parallel edges, a triangle collapsed to a
 * point: the coplanarity cubic vanishes); cubics with an inflection point (the split
 * of step 3), with and without a collision; --t-max; and a contact that it misses
 * because its products underflow, found again once the query is scaled by 2^100.
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench.h"
#include "hand_query.h"
#include "methods/builtin.h"
#include "test_support.h"

static ccd_result run_tmax(const ccd_query *q, double t_max)
{
    ccd_params p;
    ccd_params_default(&p);
    p.t_max = t_max;
    ccd_result r;
    memset(&r, 0xff, sizeof r);
    const ccd_method *m = &ccd_method_tight_ccd;
    ccd_query_fn fn = q->kind == CCD_VF ? m->vertex_face : m->edge_edge;
    ck_assert_int_eq(fn(&r, q, &p, NULL), CCD_OK);
    ck_assert(r.collides == 0 || r.collides == 1);
    ck_assert(r.checks >= 0 && r.hit_max_checks == 0 && r.tolerance == 0);
    ck_assert(r.collides ? r.toi == 0 : isinf(r.toi));
    return r;
}

static int collides(const ccd_query *q) { return run_tmax(q, 1.0).collides; }

static ccd_query points(ccd_kind kind, const test_point at0[4], const test_point at1[4])
{
    return test_query_from_points(kind, at0, at1);
}

START_TEST(test_declaration)
{
    const ccd_method *m = &ccd_method_tight_ccd;
    ck_assert_str_eq(m->name, "tight-ccd");
    ck_assert_uint_eq(m->caps, 0); /* Boolean, and it can miss contacts (below) */
    ck_assert_ptr_nonnull(m->vertex_face);
    ck_assert_ptr_nonnull(m->edge_edge);
    ck_assert_uint_eq(m->option_count, 0);
}
END_TEST

START_TEST(test_vertex_face)
{
    /* through the interior at t = 1/2: one sign change, inside */
    ccd_query q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, -1});
    ck_assert_int_eq(collides(&q), 1);
    /* through the plane beside the triangle: reported (false positive).  With the
     * triangle at rest the cubic is linear, f'' ≡ 0 has no certain sign, which
     * counts as an inflection, and its position 0/0 is uncertain: a collision */
    q = vf((test_point){2, 2, 1}, (test_point){2, 2, -1});
    ck_assert_int_eq(collides(&q), 1);
    ck_assert_int_eq(run_tmax(&q, 1.0).checks, 1);
    /* a moving triangle: one root, and the inside test rejects it (true) */
    const test_point m0[4] = {{2, 2, 0}, {3, 2, -1}, {-2, 1, -3}, {-2, 0, 3}};
    const test_point m1[4] = {{2, -3, 0}, {3, -2, -2}, {-3, 1, 1}, {0, -1, -3}};
    q = points(CCD_VF, m0, m1);
    ck_assert_int_eq(collides(&q), 0);
    /* stops above it: every coefficient of the cubic positive (step 1) */
    q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, 0.5});
    ck_assert_int_eq(collides(&q), 0);
    /* reaches it exactly at t = 1: k3 = 0 is an uncertain sign, a root (true) */
    q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, 0});
    ck_assert_int_eq(collides(&q), 1);
}
END_TEST

static int ee_collides(double x, double z0, double z1)
{
    ccd_query q = ee(x, z0, z1);
    return collides(&q);
}

START_TEST(test_edge_edge)
{
    ck_assert_int_eq(ee_collides(0, 1, -1), 1);    /* the edges cross                  */
    ck_assert_int_eq(ee_collides(-0.5, -1, 1), 1); /* from below                       */
    ck_assert_int_eq(ee_collides(0, 1, 0.5), 0);   /* stops short: one-signed cubic    */
    /* beside the other's end: a linear cubic again, reported (false positive) */
    ck_assert_int_eq(ee_collides(2, 1, -1), 1);
    /* both edges moving: the inside test rejects the root (true) */
    const test_point a[4] = {{2, 3, 1}, {-1, -1, 2}, {-3, 3, -2}, {-3, 2, 1}};
    const test_point b[4] = {{2, 0, 0}, {0, 3, 3}, {-3, -2, 0}, {-3, -3, -1}};
    ccd_query q = points(CCD_EE, a, b);
    ck_assert_int_eq(collides(&q), 0);
}
END_TEST

START_TEST(test_degenerate_reported)
{
    /* Coplanar motion far from the triangle: f ≡ 0, every sign uncertain, reported
     * (a false positive by design, Wang et al. 2021 §4.2). */
    ccd_query q = vf((test_point){2, 2, 0}, (test_point){3, 3, 0});
    ck_assert_int_eq(collides(&q), 1);
    /* Parallel edges 5 apart passing through z = 0: n ≡ 0 (false positive). */
    const test_point pa0[4] = {{-1, 0, 0}, {1, 0, 0}, {-1, 5, 1}, {1, 5, 1}};
    const test_point pa1[4] = {{-1, 0, 0}, {1, 0, 0}, {-1, 5, -1}, {1, 5, -1}};
    q = points(CCD_EE, pa0, pa1);
    ck_assert_int_eq(collides(&q), 1);
    /* A triangle collapsed to a point, the vertex far away (false positive). */
    const test_point c0[4] = {{5, 5, 5}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    const test_point c1[4] = {{6, 5, 5}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    q = points(CCD_VF, c0, c1);
    ck_assert_int_eq(collides(&q), 1);
    /* Identical start and end, vertex off the plane: constant nonzero cubic, no. */
    q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, 1});
    ck_assert_int_eq(collides(&q), 0);
}
END_TEST

START_TEST(test_inflection_split)
{
    /* Integer queries whose coplanarity cubic has an inflection point in [0, 1], so
     * that it is split there and each side classified (checks = 3); the original
     * gives the same answers.  The exact truth: VF no, no (the first a false
     * positive); EE yes (a contact at t = 0), no. */
    const test_point yes0[4] = {{3, 2, -1}, {-1, 2, -2}, {1, 0, -2}, {0, 1, -2}};
    const test_point yes1[4] = {{3, -1, 3}, {2, 3, 2}, {1, 1, -1}, {-2, -2, -2}};
    ccd_query q = points(CCD_VF, yes0, yes1);
    ccd_result r = run_tmax(&q, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_int_eq(r.checks, 3);
    const test_point no0[4] = {{3, 0, 2}, {-1, 2, 3}, {2, -3, -2}, {0, 1, 3}};
    const test_point no1[4] = {{-1, 0, -3}, {-3, -3, 3}, {2, 3, 2}, {0, 2, -1}};
    q = points(CCD_VF, no0, no1);
    r = run_tmax(&q, 1.0);
    ck_assert_int_eq(r.collides, 0);
    ck_assert_int_eq(r.checks, 3);
    const test_point eyes0[4] = {{1, -1, 2}, {2, -1, -3}, {2, -3, -3}, {1, -1, 2}};
    const test_point eyes1[4] = {{3, 0, -1}, {2, -3, -3}, {0, -1, -2}, {3, -1, -1}};
    q = points(CCD_EE, eyes0, eyes1);
    r = run_tmax(&q, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_int_eq(r.checks, 3);
    const test_point eno0[4] = {{-2, 2, -2}, {1, -2, 1}, {0, -3, -3}, {-2, 2, -1}};
    const test_point eno1[4] = {{0, -1, -1}, {2, 1, -1}, {-1, 3, 1}, {1, 0, 1}};
    q = points(CCD_EE, eno0, eno1);
    r = run_tmax(&q, 1.0);
    ck_assert_int_eq(r.collides, 0);
    ck_assert_int_eq(r.checks, 3);
}
END_TEST

START_TEST(test_t_max)
{
    /* The vertex crosses the face at t = 1/2: not within [0, 0.4], within [0, 0.6]. */
    ccd_query q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, -1});
    ck_assert_int_eq(run_tmax(&q, 0.4).collides, 0);
    ck_assert_int_eq(run_tmax(&q, 0.6).collides, 1);
}
END_TEST

/* Query 226 of armadillo-rollers/queries/326vf.csv (nearest doubles), a contact at
 * t ≈ 0.918 (the Mathematica label and the exact oracle): rows 0-3 at t = 0. */
static const double armadillo_226[8][3] = {
    {0x1.d39a6b54932ffp-4, 0x1.0f83264eeb0f1p-2, 0x1.fb57dfe7b2bd6p-3},
    {0x1.40a2dbb3f2d33p-3, 0x1.227286bbce220p-2, 0x1.76dddd9e6b456p-3},
    {0x1.52dc4032e34bbp-3, 0x1.230a64a4ab7bfp-2, 0x1.7db88c61270a5p-3},
    {0x1.3eb97c545d242p-3, 0x1.246c559188ebcp-2, 0x1.5adde90d31261p-3},
    {0x1.651efb92dacecp-3, 0x1.3c1aeb59c7c3fp-2, 0x1.07a05e92f83b4p-2},
    {0x1.550ad482f8bb0p-3, 0x1.383b38e4d5fc3p-2, 0x1.0db5476c0df67p-2},
    {0x1.650a7926a237ep-3, 0x1.3ce3f02c7710fp-2, 0x1.0f7dd5b296fc1p-2},
    {0x1.509b47bf49f78p-3, 0x1.36492b6e1c178p-2, 0x1.ff0c9f16e7393p-3},
};

START_TEST(test_underflow_misses_contact)
{
    /* As given, the cubic at a remainder's root underflows to 0 (with a bound of
     * 0), taken for a root of the cubic: both roots are dropped, a false negative —
     * the original's answer too.  Scaled by 2^100 every rounding is the same but
     * nothing underflows, and the contact is found. */
    test_point a[4], b[4], sa[4], sb[4];
    for (int i = 0; i < 4; i++) {
        const double *p = armadillo_226[i], *e = armadillo_226[i + 4];
        a[i] = (test_point){p[0], p[1], p[2]};
        b[i] = (test_point){e[0], e[1], e[2]};
        sa[i] = (test_point){ldexp(p[0], 100), ldexp(p[1], 100), ldexp(p[2], 100)};
        sb[i] = (test_point){ldexp(e[0], 100), ldexp(e[1], 100), ldexp(e[2], 100)};
    }
    ccd_query q = points(CCD_VF, a, b);
    ccd_result r = run_tmax(&q, 1.0);
    ck_assert_int_eq(r.collides, 0);
    ck_assert_int_eq(r.checks, 3); /* through the split at the inflection */
    q = points(CCD_VF, sa, sb);
    ck_assert_int_eq(collides(&q), 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tight_ccd");
    TCase *t = tcase_create("tight_ccd");
    tcase_add_test(t, test_declaration);
    tcase_add_test(t, test_vertex_face);
    tcase_add_test(t, test_edge_edge);
    tcase_add_test(t, test_degenerate_reported);
    tcase_add_test(t, test_inflection_split);
    tcase_add_test(t, test_t_max);
    tcase_add_test(t, test_underflow_misses_contact);
    suite_add_tcase(s, t);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
