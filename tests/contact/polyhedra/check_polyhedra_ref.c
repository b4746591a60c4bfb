/* SPDX-License-Identifier: MIT */
/* The exact Minkowski-difference reference, libccd behind the polyhedra method
 * interface, Table I and the throughput harness (Cheng Yi & Drumwright). */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mpfr.h>

#include "contact/polyhedra/experiments/libccd_contact.h"
#include "contact/polyhedra/minkowski_exact.h"
#include "polyhedra.h"
#include "contact/polyhedra/experiments/polyhedra_bench.h"
#include "contact/polyhedra/experiments/polyhedra_check.h"
#include "contact/polyhedra/experiments/polyhedra_methods.h"
#include "contact/polyhedra/experiments/polyhedra_tables.h"

static double box1[8][3];

static void setup(void)
{
    ccd_poly_box(box1, 1.0);
}

static ccd_posed_vertices body(const double (*v)[3], size_t n, double x, double y, double z)
{
    ccd_posed_vertices b = {v, n, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {x, y, z}, NULL};
    return b;
}

static ccd_minkowski_result exact(const ccd_posed_vertices *a, const ccd_posed_vertices *b)
{
    ccd_minkowski_result r;
    ccd_error err;
    ck_assert_msg(ccd_minkowski_signed_distance(&r, &err, a, b) == CCD_OK, "%s", err.message);
    return r;
}

static void assert_normal(const ccd_minkowski_result *r, double x, double y, double z)
{
    ck_assert_msg(r->normal[0] == x && r->normal[1] == y && r->normal[2] == z,
                  "normal (%.17g, %.17g, %.17g), expected (%.17g, %.17g, %.17g)", r->normal[0],
                  r->normal[1], r->normal[2], x, y, z);
}

START_TEST(test_sqrt_ratio_rounded)
{
    mpz_t n, d;
    mpz_inits(n, d, NULL);
    mpz_set_ui(n, 9);
    mpz_set_ui(d, 4);
    ck_assert(ccd_sqrt_ratio_rounded(n, d) == 1.5);
    mpz_set_ui(n, 2);
    mpz_set_ui(d, 1);
    ck_assert(ccd_sqrt_ratio_rounded(n, d) == sqrt(2.0)); /* sqrt is correctly rounded */
    mpz_set_ui(n, 0);
    ck_assert(ccd_sqrt_ratio_rounded(n, d) == 0.0);
    /* random ratios of big integers against 400-bit MPFR, rounded once more */
    gmp_randstate_t st;
    gmp_randinit_default(st);
    mpfr_t x, y;
    mpfr_inits2(400, x, y, NULL);
    for (int i = 0; i < 2000; i++) {
        mpz_urandomb(n, st, 1 + (unsigned)(i % 300));
        mpz_urandomb(d, st, 1 + (unsigned)((i * 7) % 290));
        mpz_add_ui(d, d, 1);
        mpfr_set_z(x, n, MPFR_RNDN);
        mpfr_set_z(y, d, MPFR_RNDN);
        mpfr_div(x, x, y, MPFR_RNDN);
        mpfr_sqrt(x, x, MPFR_RNDN);
        ck_assert(ccd_sqrt_ratio_rounded(n, d) == mpfr_get_d(x, MPFR_RNDN));
    }
    mpfr_clears(x, y, NULL);
    gmp_randclear(st);
    mpz_clears(n, d, NULL);
}
END_TEST

START_TEST(test_boxes_at_known_offsets)
{
    ccd_posed_vertices a = body((const double(*)[3])box1, 8, 0, 0, 0);
    ccd_posed_vertices b = body((const double(*)[3])box1, 8, 3, 0, 0);
    ccd_minkowski_result r = exact(&a, &b);
    ck_assert(r.phi == 1.0 && r.inside == -1 && r.normal_unique);
    assert_normal(&r, -1, 0, 0); /* from B toward A */
    b = body((const double(*)[3])box1, 8, 1.5, 0, 0);
    r = exact(&a, &b);
    ck_assert(r.phi == -0.5 && r.inside == 1 && r.normal_unique);
    assert_normal(&r, -1, 0, 0);
    b = body((const double(*)[3])box1, 8, 0, -1.25, 0);
    r = exact(&a, &b);
    ck_assert(r.phi == -0.75 && r.inside == 1);
    assert_normal(&r, 0, 1, 0);
    b = body((const double(*)[3])box1, 8, 3, 3, 0); /* edge region: distance √2 */
    r = exact(&a, &b);
    ck_assert(r.phi == sqrt(2.0) && r.inside == -1);
    assert_normal(&r, -sqrt(0.5), -sqrt(0.5), 0);
    b = body((const double(*)[3])box1, 8, 3, 3, 3); /* vertex region: √3 */
    r = exact(&a, &b);
    ck_assert(r.phi == sqrt(3.0));
    mpfr_t t; /* −1/√3 rounded once (1 / sqrt(3.0) in doubles is not) */
    mpfr_init2(t, 200);
    mpfr_set_ui(t, 3, MPFR_RNDN);
    mpfr_rec_sqrt(t, t, MPFR_RNDN);
    double c = -mpfr_get_d(t, MPFR_RNDN);
    mpfr_clear(t);
    assert_normal(&r, c, c, c);
}
END_TEST

START_TEST(test_touching_is_exactly_zero)
{
    ccd_posed_vertices a = body((const double(*)[3])box1, 8, 0, 0, 0);
    ccd_posed_vertices b = body((const double(*)[3])box1, 8, 2, 0.5, -0.25); /* face on face */
    ccd_minkowski_result r = exact(&a, &b);
    ck_assert(r.phi == 0.0 && r.inside == 0 && r.normal_unique);
    assert_normal(&r, -1, 0, 0);
    b = body((const double(*)[3])box1, 8, 2, 2, 0); /* edge on edge: normal not unique */
    r = exact(&a, &b);
    ck_assert(r.phi == 0.0 && r.inside == 0 && !r.normal_unique);
    b = body((const double(*)[3])box1, 8, 2, 2, 2); /* vertex on vertex */
    r = exact(&a, &b);
    ck_assert(r.phi == 0.0 && r.inside == 0 && !r.normal_unique);
    /* one ulp from kissing, either way: decided by the integers, not the filter */
    b = body((const double(*)[3])box1, 8, nextafter(2, 3), 0.5, 0.25);
    r = exact(&a, &b);
    ck_assert_msg(r.phi == nextafter(2, 3) - 2 && r.inside == -1, "%.17g", r.phi);
    b = body((const double(*)[3])box1, 8, nextafter(2, 1), 0.5, 0.25);
    r = exact(&a, &b);
    ck_assert_msg(r.phi == nextafter(2, 1) - 2 && r.inside == 1, "%.17g", r.phi);
    /* a quarter turn about z, kissing: the rotated vertices are exact */
    double quarter[3][3] = {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}};
    b = body((const double(*)[3])box1, 8, 0.75, 2, 0.5);
    memcpy(b.rot, quarter, sizeof quarter);
    r = exact(&a, &b);
    ck_assert(r.phi == 0.0 && r.inside == 0 && r.normal_unique);
    assert_normal(&r, 0, -1, 0);
}
END_TEST

START_TEST(test_nested_identical_and_scaled)
{
    double small[8][3], tiny[8][3], huge[8][3];
    ccd_poly_box(small, 0.25);
    ccd_poly_box(tiny, 1e-8);
    ccd_poly_box(huge, 1e8);
    ccd_posed_vertices a = body((const double(*)[3])box1, 8, 0, 0, 0);
    ccd_posed_vertices b = body((const double(*)[3])small, 8, 0.5, 0, 0);
    ccd_minkowski_result r = exact(&a, &b); /* B inside A: leaves through x = 1 */
    ck_assert(r.phi == -0.75 && r.inside == 1 && r.normal_unique);
    assert_normal(&r, -1, 0, 0);
    b = body((const double(*)[3])box1, 8, 0, 0, 0); /* identical: six facets tie */
    r = exact(&a, &b);
    ck_assert(r.phi == -2.0 && !r.normal_unique);
    ck_assert_uint_eq(r.hull_vertices, 8); /* D = [−2, 2]³ (coplanar points handled) */
    a = body((const double(*)[3])tiny, 8, 0, 0, 0);
    b = body((const double(*)[3])tiny, 8, 3e-8, 0, 0);
    r = exact(&a, &b);
    ck_assert_msg(r.phi == 3e-8 - 2e-8, "tiny: %.17g", r.phi); /* both exact sums */
    a = body((const double(*)[3])huge, 8, 0, 0, 0);
    b = body((const double(*)[3])huge, 8, 1.5e8, 0, 0);
    r = exact(&a, &b);
    ck_assert(r.phi == -0.5e8);
}
END_TEST

START_TEST(test_rotated_by_quarter_turn)
{
    double slab[8][3]; /* half-extents 1, 0.5, 0.5 */
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 3; k++)
            slab[i][k] = (i >> k) & 1 ? (k ? 0.5 : 1.0) : (k ? -0.5 : -1.0);
    ccd_posed_vertices a = body((const double(*)[3])box1, 8, 0, 0, 0);
    ccd_posed_vertices b = body((const double(*)[3])slab, 8, 2, 0, 0);
    ck_assert(exact(&a, &b).phi == 0.0);
    double quarter[3][3] = {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}; /* 90° about z */
    memcpy(b.rot, quarter, sizeof quarter);
    ccd_minkowski_result r = exact(&a, &b); /* now 0.5 wide in x */
    ck_assert(r.phi == 0.5);
    assert_normal(&r, -1, 0, 0);
    double q[4] = {1, 0, 0, 1}, rot[3][3]; /* the same turn from a quaternion */
    ccd_quaternion_rotation(rot, q);
    ck_assert(fabs(rot[0][1] + 1) < 1e-15 && fabs(rot[1][0] - 1) < 1e-15 && fabs(rot[2][2] - 1) < 1e-15);
}
END_TEST

START_TEST(test_against_brute_force)
{
    uint64_t rng = 12345;
    ccd_posed_vertices a = body((const double(*)[3])box1, 8, 0, 0, 0);
    for (int i = 0; i < 24; i++) {
        ccd_posed_vertices b = body((const double(*)[3])box1, 8, 0, 0, 0);
        ccd_poly_random_pose(&b, i % 2, &rng);
        ccd_minkowski_result r = exact(&a, &b), s;
        ccd_error err;
        ck_assert(ccd_minkowski_signed_distance_brute(&s, &err, &a, &b) == CCD_OK);
        ck_assert_msg(r.phi == s.phi && r.inside == s.inside, "pose %d: %.17g vs brute %.17g",
                      i, r.phi, s.phi);
        ck_assert(i % 2 ? r.phi > 2.5 - 2 * sqrt(3.0) : r.phi < 0);
    }
    /* random clouds of 7 points: hulls with few regular features */
    for (int i = 0; i < 40; i++) {
        double pa[7][3], pb[7][3];
        for (int k = 0; k < 7; k++)
            for (int c = 0; c < 3; c++) {
                pa[k][c] = 2 * ccd_poly_uniform(&rng) - 1;
                pb[k][c] = 2 * ccd_poly_uniform(&rng) - 1;
            }
        ccd_posed_vertices ca = body((const double(*)[3])pa, 7, 0, 0, 0);
        ccd_posed_vertices cb = body((const double(*)[3])pb, 7, 0, 0, 0);
        ccd_poly_random_pose(&cb, 0, &rng);
        for (int c = 0; c < 3; c++)
            cb.pos[c] *= 1.5;
        ccd_minkowski_result r = exact(&ca, &cb), s;
        ccd_error err;
        ck_assert(ccd_minkowski_signed_distance_brute(&s, &err, &ca, &cb) == CCD_OK);
        ck_assert_msg(r.phi == s.phi && r.inside == s.inside, "cloud %d: %.17g vs %.17g", i,
                      r.phi, s.phi);
    }
}
END_TEST

/* Axis-aligned box poses on a half-unit grid: many coplanar differences,
 * kissing faces, edges and vertices; the closed form is exact. */
START_TEST(test_axis_aligned_grid)
{
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    uint64_t rng = 99;
    ccd_posed_vertices a = body((const double(*)[3])box1, 8, 0, 0, 0);
    size_t touching = 0;
    for (int it = 0; it < 150; it++) {
        ccd_posed_vertices b = body((const double(*)[3])box1, 8, 0, 0, 0);
        memset(b.rot, 0, sizeof b.rot);
        const int *p = perm[(int)(6 * ccd_poly_uniform(&rng))];
        for (int r = 0; r < 3; r++)
            b.rot[r][p[r]] = ccd_poly_uniform(&rng) < 0.5 ? -1 : 1; /* a reflection is a pose too */
        double sep = -INFINITY, out2 = 0;
        int inside = 1;
        for (int k = 0; k < 3; k++) {
            b.pos[k] = 0.5 * floor(11 * ccd_poly_uniform(&rng) - 5);
            double g = fabs(b.pos[k]) - 2;
            sep = fmax(sep, g);
            if (g > 0) {
                out2 += g * g;
                inside = 0;
            }
        }
        ccd_minkowski_result r = exact(&a, &b);
        double want = inside ? sep : sqrt(out2);
        ck_assert_msg(r.phi == want, "pose %d: %.17g, expected %.17g", it, r.phi, want);
        touching += r.inside == 0;
    }
    ck_assert_uint_gt(touching, 10);
}
END_TEST

START_TEST(test_sphere_resting_on_box)
{
    ccd_polyhedron sphere;
    ccd_error err;
    ck_assert(ccd_polyhedron_sphere(&sphere, &err, 98, 1.0) == CCD_OK);
    size_t n = sphere.vertex_count;
    const double(*s)[3] = (const double(*)[3])sphere.vertex;
    ck_assert_uint_eq(n, 98);
    for (size_t i = 0; i < n; i++)
        ck_assert(fabs(s[i][0] * s[i][0] + s[i][1] * s[i][1] + s[i][2] * s[i][2] - 1) < 1e-15);
    ccd_posed_vertices a = body(s, n, 0, 1.9, 0);
    ccd_posed_vertices b = body((const double(*)[3])box1, 8, 0, 0, 0);
    ccd_minkowski_result r = exact(&a, &b);
    ck_assert_msg(r.phi == 1.9 - 2.0, "phi %.17g", r.phi); /* the pole sinks 0.1 */
    assert_normal(&r, 0, 1, 0);
    a.pos[1] = 2.25;
    r = exact(&a, &b);
    ck_assert(r.phi == 0.25);
    assert_normal(&r, 0, 1, 0);
    ccd_polyhedron_free(&sphere);
}
END_TEST

START_TEST(test_bad_input)
{
    double flat[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
    ccd_posed_vertices a = body((const double(*)[3])flat, 4, 0, 0, 0);
    ccd_posed_vertices b = body((const double(*)[3])flat, 4, 0.5, 0, 0);
    ccd_minkowski_result r;
    ccd_error err;
    ck_assert(ccd_minkowski_signed_distance(&r, &err, &a, &b) == CCD_ERR_INPUT);
    ck_assert(strstr(err.message, "flat"));
    ccd_posed_vertices c = body((const double(*)[3])box1, 8, NAN, 0, 0);
    ck_assert(ccd_minkowski_signed_distance(&r, &err, &c, &c) == CCD_ERR_INPUT);
    ck_assert(strstr(err.message, "finite"));
    c = body((const double(*)[3])box1, 0, 0, 0, 0);
    ck_assert(ccd_minkowski_signed_distance(&r, &err, &c, &a) == CCD_ERR_INPUT);
}
END_TEST

START_TEST(test_libccd_conventions)
{
    ccd_posed_vertices a = body((const double(*)[3])box1, 8, 0, 0, 0);
    ccd_posed_vertices b = body((const double(*)[3])box1, 8, 1.5, 0.1, 0.2);
    for (int m = 0; m < 2; m++) {
        double phi, n[3];
        ck_assert_int_eq(ccd_poly_methods[m].fn(&phi, n, NULL, &a, &b), CCD_PM_OK);
        ck_assert_msg(fabs(phi + 0.5) < 1e-3, "%s: phi %g", ccd_poly_methods[m].name, phi);
        ck_assert_msg(n[0] < -0.999, "%s: n (%g, %g, %g)", ccd_poly_methods[m].name, n[0],
                      n[1], n[2]);
        b.pos[0] = 3;
        ck_assert_int_eq(ccd_poly_methods[m].fn(&phi, n, NULL, &a, &b), CCD_PM_DISJOINT);
        b.pos[0] = 1.5;
    }
    b = body((const double(*)[3])box1, 8, 0.1, -1.7, 0); /* B below A: n̂ = +y */
    double phi, n[3];
    ck_assert_int_eq(ccd_libccd_gjk_epa(&phi, n, NULL, &a, &b), CCD_PM_OK);
    ck_assert(fabs(phi + 0.3) < 1e-3 && n[1] > 0.999);
}
END_TEST

static int same(double x, double y)
{
    return x == y || (isnan(x) && isnan(y));
}

START_TEST(test_table_one_deterministic)
{
    ccd_poly_check_options o;
    ccd_poly_check_options_default(&o);
    o.poses = 60;
    o.seed = 7;
    ccd_poly_check c1, c2;
    ccd_error err;
    o.threads = 1;
    ck_assert(ccd_poly_check_run(&c1, &err, &o, ccd_poly_methods, 2) == CCD_OK);
    o.threads = 2;
    ck_assert(ccd_poly_check_run(&c2, &err, &o, ccd_poly_methods, 2) == CCD_OK);
    ck_assert_uint_eq(c1.count, 4);
    for (size_t i = 0; i < c1.count; i++) {
        const ccd_poly_check_row *x = &c1.rows[i], *y = &c2.rows[i];
        ck_assert(x->values == y->values && x->disjoint == y->disjoint);
        ck_assert(same(x->max, y->max) && same(x->mean, y->mean) && same(x->std, y->std));
        ck_assert_uint_eq(x->values + x->disjoint + x->no_contact + x->failed, 60);
    }
    ck_assert_uint_eq(c1.ref_inside[0], 60); /* B's centre inside A */
    ck_assert_uint_eq(c1.ref_apart[1], 60);
    ck_assert_uint_eq(c1.rows[0].values, 60); /* libccd answers every penetrating pose */
    ck_assert_uint_eq(c1.rows[2].disjoint, 60); /* and none of the apart ones */
    ck_assert(c1.rows[0].max < 1.0 && c1.rows[0].min >= 0);
    ccd_report_table t;
    ck_assert_int_eq(ccd_poly_check_table(&t, &c1, 1), 0);
    ck_assert_uint_eq(t.rows, 4);
    ck_assert_str_eq(ccd_report_cell(&t, 2, 0), "Apart_BB");
    ck_assert_str_eq(ccd_report_cell(&t, 2, 8), "nan"); /* no values: no statistic */
    ccd_report_table_free(&t);
    ccd_poly_check_free(&c1);
    ccd_poly_check_free(&c2);
}
END_TEST

START_TEST(test_table_one_separating_axes)
{
    /* The separating-axis routine's row of Table I: every pose of both ranges
     * answered, within 1e-14 of the exact reference (Cheng Yi & Drumwright report
     * 2.7e-15), the normal within 1e-12 radians of the exact one. */
    ccd_poly_check_options o;
    ccd_poly_check_options_default(&o);
    o.poses = 200;
    o.seed = 3;
    ccd_poly_check c;
    ccd_error err;
    ck_assert(ccd_poly_check_run(&c, &err, &o, ccd_poly_methods, ccd_poly_method_count) == CCD_OK);
    size_t sat_rows = 0;
    for (size_t i = 0; i < c.count; i++) {
        const ccd_poly_check_row *x = &c.rows[i];
        if (strcmp(x->method, "SAT (ours)") != 0)
            continue;
        sat_rows++;
        ck_assert_uint_eq(x->values, 200);
        ck_assert_uint_eq(x->gate_wrong, 0);
        ck_assert_msg(x->max <= 1e-14, "%s: max error %g", ccd_poly_range_names[x->range], x->max);
        ck_assert(x->normal_max_deg <= 1e-12 * 180 / M_PI);
    }
    ck_assert_uint_eq(sat_rows, 2);
    ccd_poly_check_free(&c);
}
END_TEST

START_TEST(test_bench_rows)
{
    ccd_poly_bench_options o;
    ccd_poly_bench_options_default(&o);
    o.pairs = 30;
    o.min_seconds = 0; /* exactly 30 */
    ccd_poly_bench b;
    ccd_error err;
    ck_assert(ccd_poly_bench_run(&b, &err, &o, ccd_poly_methods, 2) == CCD_OK);
    ck_assert_uint_eq(b.count, 3 * 2 * 2);
    for (size_t i = 0; i < b.count; i++) {
        ck_assert_uint_eq(b.rows[i].pairs, 30);
        ck_assert_uint_eq(b.rows[i].values, 30); /* every pose interpenetrates */
        ck_assert(b.rows[i].pairs_per_second > 0);
    }
    ck_assert(b.rows[0].ratio == 1.0);
    ck_assert_uint_eq(b.vertices[1][0], 98);
    ck_assert_uint_eq(b.vertices[2][1], 182);
    ccd_report_table t;
    ck_assert_int_eq(ccd_poly_bench_table(&t, &b, 0), 0);
    ck_assert_str_eq(ccd_report_cell(&t, 4, 1), "98x8");
    ccd_report_table_free(&t);
    ccd_poly_bench_free(&b);
}
END_TEST

static Suite *polyhedra_suite(void)
{
    Suite *s = suite_create("polyhedra_ref");
    TCase *tc = tcase_create("exact");
    tcase_add_unchecked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_sqrt_ratio_rounded);
    tcase_add_test(tc, test_boxes_at_known_offsets);
    tcase_add_test(tc, test_touching_is_exactly_zero);
    tcase_add_test(tc, test_nested_identical_and_scaled);
    tcase_add_test(tc, test_rotated_by_quarter_turn);
    tcase_add_test(tc, test_against_brute_force);
    tcase_add_test(tc, test_axis_aligned_grid);
    tcase_add_test(tc, test_sphere_resting_on_box);
    tcase_add_test(tc, test_bad_input);
    tcase_add_test(tc, test_libccd_conventions);
    tcase_add_test(tc, test_table_one_deterministic);
    tcase_add_test(tc, test_table_one_separating_axes);
    tcase_add_test(tc, test_bench_rows);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(polyhedra_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
