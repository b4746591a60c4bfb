/* SPDX-License-Identifier: MIT */
/*
 * MSRF (src/methods/msrf.c) on hand-built queries with known answers: a vertex
 * crossing a triangle's interior, a vertex approaching a corner (the point-point
 * polynomial), a miss, crossing edges and edges whose lines come close but whose
 * segments do not, a double root at h = 0, and the t_max limit; and the cases where
 * MSRF's answer differs from the exact minimum-separation truth by construction:
 * a vertex that starts within d (no crossing, no root: "no"), parallel edges
 * passing at d/2 (the edge-edge sextic vanishes: "no"), a vertex never within d
 * but within sqrt(h^2 + h/10) at a root (accepted: "yes").
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench.h"
#include "methods/builtin.h"
#include "hand_query.h"
#include "test_support.h"


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
    ccd_query q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, -1});
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
    ccd_query q = vf((test_point){-2, -2, 2}, (test_point){0, 0, 0});
    ccd_result r = run(&q, 1.0, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 1 - 1 / (2 * sqrt(3.0)), 1e-12);
}
END_TEST

START_TEST(test_vertex_misses)
{
    /* Passes the plane at (2, 2): distance > 1.4 from the triangle. */
    ccd_query q = vf((test_point){2, 2, 1}, (test_point){2, 2, -1});
    ck_assert_int_eq(run(&q, 0.1, 1.0).collides, 0);
    /* Stops 0.5 above the triangle. */
    q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, 0.5});
    ck_assert_int_eq(run(&q, 0.1, 1.0).collides, 0);
}
END_TEST

START_TEST(test_double_root_at_zero_separation)
{
    /* h = 0: the sextic is f^2 with a double root at t = 0.5, where the vertex is
     * exactly in the triangle (distance 0); here the solver's last quadratic factor
     * has a zero discriminant and returns it as a real pair. */
    ccd_query q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, -1});
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
    ccd_query q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, 0.03});
    ck_assert_int_eq(run(&q, 0.01, 1.0).collides, 0);
    /* Coming to 0.005 instead: the sextic root at |z| = 0.01 is accepted. */
    q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, 0.005});
    ccd_result r = run(&q, 0.01, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, (1 - 0.01) / (1 - 0.005), 1e-12);
}
END_TEST

START_TEST(test_vertex_stops_within_d)
{
    /* d = 0.01; the vertex stops 0.004 above the face: the sextic's root where
     * z = 1 - 0.996 t = 0.01 is the time of impact. */
    ccd_query q = vf((test_point){0.25, 0.25, 1}, (test_point){0.25, 0.25, 0.004});
    ccd_result r = run(&q, 0.01, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.99 / 0.996, 1e-12);
}
END_TEST

START_TEST(test_starts_within_d)
{
    /* Within d for the whole step (0.005 → 0.004 above the face): no polynomial
     * crosses zero in [0, 1], so MSRF has no candidate and answers no, where the
     * truth is yes (the cloth-funnel queries of the shared data are all like this). */
    ccd_query q = vf((test_point){0.25, 0.25, 0.005}, (test_point){0.25, 0.25, 0.004});
    ck_assert_int_eq(run(&q, 0.01, 1.0).collides, 0);
}
END_TEST

START_TEST(test_parallel_edges_at_half_d)
{
    /* Edge b parallel to edge a passes over it at distance d/2 (y = d/2, z = 1 - 2t):
     * e_a × e_b ≡ 0, the sextic is identically zero and MSRF (no endpoint
     * polynomials for edges) answers no; the truth is yes. */
    const double d = 0.01;
    const test_point a[4] = {{-1, 0, 0}, {1, 0, 0}, {-0.5, d / 2, 1}, {0.5, d / 2, 1}};
    const test_point b[4] = {{-1, 0, 0}, {1, 0, 0}, {-0.5, d / 2, -1}, {0.5, d / 2, -1}};
    ccd_query q = test_query_from_points(CCD_EE, a, b);
    ck_assert_int_eq(run(&q, d, 1.0).collides, 0);
    /* Tilt edge b slightly: the sextic is no longer zero and its root is found. */
    const test_point a2[4] = {{-1, 0, 0}, {1, 0, 0}, {-0.5, d / 2, 1}, {0.5, d / 2 + 0.1, 1}};
    const test_point b2[4] = {{-1, 0, 0}, {1, 0, 0}, {-0.5, d / 2, -1}, {0.5, d / 2 + 0.1, -1}};
    q = test_query_from_points(CCD_EE, a2, b2);
    ck_assert_int_eq(run(&q, d, 1.0).collides, 1);
}
END_TEST

START_TEST(test_never_within_d)
{
    const double d = 0.01;
    /* 2d above the face, sliding across it: no polynomial has a root: no. */
    ccd_query q = vf((test_point){-0.5, 0.25, 2 * d}, (test_point){1.5, 0.25, 2 * d});
    ck_assert_int_eq(run(&q, d, 1.0).collides, 0);
    /* 2d beside edge x = 0, through the face's plane: at the sextic's roots
     * (|z| = d, t = 0.495 and 0.505) the distance is sqrt(5) d, and dist^2 = 5e-4 ≤
     * h^2 + h/10 = 1.1e-3: accepted, though the primitives never come within 2d. */
    q = vf((test_point){-2 * d, 0.25, 1}, (test_point){-2 * d, 0.25, -1});
    ccd_result r = run(&q, d, 1.0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.495, 1e-12);
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
    tcase_add_test(msrf, test_vertex_stops_within_d);
    tcase_add_test(msrf, test_starts_within_d);
    tcase_add_test(msrf, test_parallel_edges_at_half_d);
    tcase_add_test(msrf, test_never_within_d);
    suite_add_tcase(s, msrf);
    return s;
}

int main(void)
{
    return test_run_suite(msrf_suite());
}
