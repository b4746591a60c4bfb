/* SPDX-License-Identifier: MIT */
/*
 * MSRF (src/methods/msrf.c) on hand-built queries with known answers: a vertex
 * crossing a triangle's interior, a vertex approaching a corner (the point-point
 * polynomial), a miss, crossing edges and edges whose lines come close but whose
 * segments do not, a double root at h = 0, and the t_max limit.
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench.h"
#include "hand_query.h"
#include "methods/builtin.h"

static ccd_result run(const ccd_query *q, double ms, double t_max)
{
    ccd_params p;
    ccd_params_default(&p);
    p.ms = ms;
    p.t_max = t_max;
    ccd_result r;
    memset(&r, 0xff, sizeof r);
    ccd_query_fn fn = q->kind == CCD_VF ? ccd_method_msrf.vertex_face : ccd_method_msrf.edge_edge;
    ck_assert_int_eq(fn(&r, q, &p, NULL), CCD_OK);
    ck_assert(r.collides == 0 || r.collides == 1);
    ck_assert(r.collides ? isfinite(r.toi) : isinf(r.toi));
    return r;
}

START_TEST(test_vertex_through_face)
{
    /* z = 1 - 2t reaches the separation 0.1 at t = 0.45 (the sextic). */
    ccd_query q = vf((point){0.25, 0.25, 1}, (point){0.25, 0.25, -1});
    ccd_result r = run(&q, 0.1, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.45, 1e-12);
    /* Only half the step: z ≥ 0.6 > 0.1. */
    r = run(&q, 0.1, 0.2);
    ck_assert_int_eq(r.collides, 0);
}
END_TEST

START_TEST(test_vertex_to_corner)
{
    /* The vertex comes straight at corner (0,0,0) from (-2,-2,2): distance
     * 2√3 (1 - t).  With h = 1 the root of the plane sextic (t = 1/2, d^2 = 3) and
     * of the edge-line quartics (d^2 = 1.5) fail d^2 ≤ h^2 + h/10 = 1.1; the
     * point-point root 2√3 (1 - t) = 1, t = 1 - 1/(2√3), is accepted. */
    ccd_query q = vf((point){-2, -2, 2}, (point){0, 0, 0});
    ccd_result r = run(&q, 1.0, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 1 - 1 / (2 * sqrt(3.0)), 1e-12);
}
END_TEST

START_TEST(test_vertex_misses)
{
    /* Passes the plane at (2, 2): distance > 1.4 from the triangle. */
    ccd_query q = vf((point){2, 2, 1}, (point){2, 2, -1});
    ck_assert_int_eq(run(&q, 0.1, 1.0).collides, 0);
    /* Stops 0.5 above the triangle. */
    q = vf((point){0.25, 0.25, 1}, (point){0.25, 0.25, 0.5});
    ck_assert_int_eq(run(&q, 0.1, 1.0).collides, 0);
}
END_TEST

START_TEST(test_double_root_at_zero_separation)
{
    /* h = 0: the sextic is f^2 with a double root at t = 0.5, where the vertex is
     * exactly in the triangle (distance 0); no sign change, found as a critical point. */
    ccd_query q = vf((point){0.25, 0.25, 1}, (point){0.25, 0.25, -1});
    ccd_result r = run(&q, 0.0, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.5, 1e-12);
}
END_TEST

START_TEST(test_edges_cross)
{
    ccd_query q = ee(0, 1, -1);
    ccd_result r = run(&q, 0.1, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.45, 1e-12);
}
END_TEST

START_TEST(test_edge_lines_meet_outside_segments)
{
    /* The lines pass within 0.1 at t = 0.45, but at x = 5 the segments stay ≥ 4
     * apart: the candidate is rejected by the distance test. */
    ccd_query q = ee(5, 1, -1);
    ck_assert_int_eq(run(&q, 0.1, 1.0).collides, 0);
}
END_TEST

START_TEST(test_reference_tolerance)
{
    /* The acceptance test is dist^2 ≤ h^2 + h/10 (the reference code's): with
     * h = 0.01 the vertex stops 0.03 above the triangle, dist^2 = 9e-4 ≤ 1.1e-3, but
     * no polynomial has a root (it never comes within 0.01): no candidate, no hit. */
    ccd_query q = vf((point){0.25, 0.25, 1}, (point){0.25, 0.25, 0.03});
    ck_assert_int_eq(run(&q, 0.01, 1.0).collides, 0);
    /* Coming to 0.005 instead: the sextic root at |z| = 0.01 is accepted. */
    q = vf((point){0.25, 0.25, 1}, (point){0.25, 0.25, 0.005});
    ccd_result r = run(&q, 0.01, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, (1 - 0.01) / (1 - 0.005), 1e-12);
}
END_TEST

static Suite *msrf_suite(void)
{
    Suite *s = suite_create("msrf");
    TCase *msrf = tcase_create("msrf");
    tcase_add_test(msrf, test_vertex_through_face);
    tcase_add_test(msrf, test_vertex_to_corner);
    tcase_add_test(msrf, test_vertex_misses);
    tcase_add_test(msrf, test_double_root_at_zero_separation);
    tcase_add_test(msrf, test_edges_cross);
    tcase_add_test(msrf, test_edge_lines_meet_outside_segments);
    tcase_add_test(msrf, test_reference_tolerance);
    suite_add_tcase(s, msrf);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(msrf_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
