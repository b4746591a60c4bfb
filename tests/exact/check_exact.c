/* SPDX-License-Identifier: MIT */
/*
 * Check suite of the exact oracle (src/exact): integer polynomials, root
 * isolation, algebraic numbers, every degenerate family of VF/EE queries with
 * exact rational coordinates, a property test against an independent static
 * oracle on random degenerate queries, huge numbers, and the `exact` method.
 */
#include <config.h>

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact/decimal.h"
#include "exact/exact_ctx.h"
#include "exact/rational.h"
#include "exact/poly.h"
#include "exact/roots.h"
#include "exact_test_util.h"
#include "methods/builtin.h"

/* ------------------------------------------------------------------ polynomials */

static void poly_from(ccd_poly *p, int deg, const long *c)
{
    for (int i = 0; i <= deg; i++)
        mpz_set_si(p->c[i], c[i]);
    p->deg = deg;
    ccd_poly_normalize(p);
}

static void poly_mul_into(ccd_poly *p, int deg, const long *c)
{
    ccd_poly f, r;
    ccd_poly_init(&f);
    ccd_poly_init(&r);
    poly_from(&f, deg, c);
    ccd_poly_mul(&r, p, &f);
    ccd_poly_set(p, &r);
    ccd_poly_clear(&f);
    ccd_poly_clear(&r);
}

static int poly_equals(const ccd_poly *p, int deg, const long *c)
{
    if (p->deg != deg)
        return 0;
    for (int i = 0; i <= deg; i++)
        if (mpz_cmp_si(p->c[i], c[i]) != 0)
            return 0;
    return 1;
}

START_TEST(test_poly_gcd_and_squarefree)
{
    ccd_poly a, b, g;
    ccd_poly_scratch s;
    ccd_poly_init(&a);
    ccd_poly_init(&b);
    ccd_poly_init(&g);
    ccd_poly_scratch_init(&s);
    /* a = (2t - 1)(t - 1)(3t + 5), b = (2t - 1)^2 (t + 7): gcd = 2t - 1 */
    ccd_poly_set_si(&a, 1);
    poly_mul_into(&a, 1, (long[]){-1, 2});
    poly_mul_into(&a, 1, (long[]){-1, 1});
    poly_mul_into(&a, 1, (long[]){5, 3});
    ccd_poly_set_si(&b, 3); /* a content that must not matter */
    poly_mul_into(&b, 1, (long[]){-1, 2});
    poly_mul_into(&b, 1, (long[]){-1, 2});
    poly_mul_into(&b, 1, (long[]){7, 1});
    ccd_poly_gcd(&g, &a, &b, &s);
    ck_assert(poly_equals(&g, 1, (long[]){-1, 2}));
    ck_assert_int_eq(ccd_poly_coprime_modular(&a, &b), 0);
    /* square-free part of b: (2t - 1)(t + 7) = 2t^2 + 13t - 7 */
    ccd_poly_squarefree(&g, &b, &s);
    ck_assert(poly_equals(&g, 2, (long[]){-7, 13, 2}));
    ck_assert_int_eq(ccd_poly_squarefree_modular(&b), 0);
    ck_assert_int_eq(ccd_poly_squarefree_modular(&a), 1);
    /* triple root: (3t - 2)^3 → 3t - 2 */
    ccd_poly_set_si(&a, 1);
    for (int i = 0; i < 3; i++)
        poly_mul_into(&a, 1, (long[]){-2, 3});
    ccd_poly_squarefree(&g, &a, &s);
    ck_assert(poly_equals(&g, 1, (long[]){-2, 3}));
    /* coprime: t^2 + 1 and t - 3 */
    poly_from(&a, 2, (long[]){1, 0, 1});
    poly_from(&b, 1, (long[]){-3, 1});
    ck_assert_int_eq(ccd_poly_coprime_modular(&a, &b), 1);
    ccd_poly_gcd(&g, &a, &b, &s);
    ck_assert_int_eq(g.deg, 0);
    /* exact division and deflation */
    poly_from(&a, 2, (long[]){-7, 13, 2});
    mpz_t num, den, tmp;
    mpz_inits(num, den, tmp, NULL);
    mpz_set_si(num, 1);
    mpz_set_si(den, 2);
    ccd_poly_deflate(&g, &a, num, den, tmp);
    ck_assert(poly_equals(&g, 1, (long[]){7, 1}));
    mpz_clears(num, den, tmp, NULL);
    ccd_poly_clear(&a);
    ccd_poly_clear(&b);
    ccd_poly_clear(&g);
    ccd_poly_scratch_clear(&s);
}
END_TEST

struct collected_roots {
    int n;
    ccd_algebraic r[16];
};

static int collect_root(void *data, ccd_algebraic *root)
{
    struct collected_roots *c = data;
    ccd_algebraic_init(&c->r[c->n]);
    ccd_algebraic_set(&c->r[c->n], root);
    c->n++;
    return 0;
}

static void collected_clear(struct collected_roots *c)
{
    for (int i = 0; i < c->n; i++)
        ccd_algebraic_clear(&c->r[i]);
}

START_TEST(test_roots_in_order)
{
    /* t (3t - 1)(2t - 1)(2t^2 - 1)(t - 1)(t - 2)(5t + 1): roots in [0,1] are
     * 0, 1/3, 1/2, √2/2, 1 (the rationals found exactly). */
    ccd_poly p;
    ccd_poly_init(&p);
    ccd_poly_set_si(&p, 1);
    poly_mul_into(&p, 1, (long[]){0, 1});
    poly_mul_into(&p, 1, (long[]){-1, 3});
    poly_mul_into(&p, 1, (long[]){-1, 2});
    poly_mul_into(&p, 2, (long[]){-1, 0, 2});
    poly_mul_into(&p, 1, (long[]){-1, 1});
    poly_mul_into(&p, 1, (long[]){-2, 1});
    poly_mul_into(&p, 1, (long[]){1, 5});
    ccd_roots R;
    ccd_roots_init(&R);
    struct collected_roots c = {0};
    ck_assert_int_eq(ccd_roots_visit(&R, &p, collect_root, &c), 0);
    ck_assert_int_eq(c.n, 5);
    const char *expect[] = {"0", "1/3", "1/2", NULL, "1"};
    mpq_t x;
    mpq_init(x);
    for (int i = 0; i < 5; i++) {
        if (expect[i]) {
            mpq_set_str(x, expect[i], 10);
            ck_assert_int_eq(ccd_algebraic_cmp_q(&c.r[i], x), 0);
        } else {
            ck_assert_int_eq(c.r[i].exact, 0);
            /* M_SQRT1_2 = 0.70710678118654757 is the double just above √2/2 */
            ck_assert_int_eq(ccd_algebraic_cmp_d(&c.r[i], M_SQRT1_2), -1);
            ck_assert_double_eq(ccd_algebraic_round_down(&c.r[i]), 0.70710678118654746);
            ck_assert_double_eq(ccd_algebraic_round_up(&c.r[i]), 0.70710678118654757);
        }
    }
    mpq_clear(x);
    collected_clear(&c);
    /* two roots 2^-60 apart: (2t - 1)(2^61 t - 2^60 - 1) */
    ccd_poly_set_si(&p, 1);
    poly_mul_into(&p, 1, (long[]){-1, 2});
    ccd_poly q;
    ccd_poly_init(&q);
    mpz_set_ui(q.c[1], 1);
    mpz_mul_2exp(q.c[1], q.c[1], 61);
    mpz_set_ui(q.c[0], 1);
    mpz_mul_2exp(q.c[0], q.c[0], 60);
    mpz_add_ui(q.c[0], q.c[0], 1);
    mpz_neg(q.c[0], q.c[0]);
    q.deg = 1;
    ccd_poly r;
    ccd_poly_init(&r);
    ccd_poly_mul(&r, &p, &q);
    struct collected_roots c2 = {0};
    ccd_roots_visit(&R, &r, collect_root, &c2);
    ck_assert_int_eq(c2.n, 2);
    ck_assert_int_eq(ccd_algebraic_cmp_d(&c2.r[0], 0.5), 0);
    ck_assert_int_gt(ccd_algebraic_cmp_d(&c2.r[1], 0.5), 0);
    ck_assert_double_eq(ccd_algebraic_round_down(&c2.r[1]), 0.5);
    ck_assert_double_eq(ccd_algebraic_round_up(&c2.r[1]), nextafter(0.5, 1));
    collected_clear(&c2);
    ccd_roots_clear(&R);
    ccd_poly_clear(&p);
    ccd_poly_clear(&q);
    ccd_poly_clear(&r);
}
END_TEST

/* ------------------------------------------------------------------ algebraic numbers */

static void set_sqrt_half(ccd_algebraic *a)
{
    /* √2/2: the root of 2t^2 - 1 in (1/2, 1) */
    ccd_poly p;
    ccd_poly_init(&p);
    poly_from(&p, 2, (long[]){-1, 0, 2});
    mpz_t lo, hi;
    mpz_init_set_ui(lo, 1);
    mpz_init_set_ui(hi, 2);
    ccd_algebraic_set_interval(a, &p, lo, hi, 1, -1);
    mpz_clears(lo, hi, NULL);
    ccd_poly_clear(&p);
}

START_TEST(test_algebraic_rounding_and_printing)
{
    ccd_algebraic *a = ccd_algebraic_new();
    set_sqrt_half(a);
    char *s = ccd_algebraic_to_string(a, 30);
    ck_assert_str_eq(s, "7.07106781186547524400844362105e-01");
    free(s);
    s = ccd_algebraic_to_string(a, 1);
    ck_assert_str_eq(s, "7e-01");
    free(s);
    ck_assert_double_eq(ccd_algebraic_round_down(a), 0.70710678118654746);
    ck_assert_double_eq(ccd_algebraic_round_up(a), 0.70710678118654757);
    /* refinement shrinks the isolating interval to the requested width */
    ccd_algebraic_refine(a, 100);
    mpq_t lo, hi, w;
    mpq_inits(lo, hi, w, NULL);
    ccd_algebraic_bounds(lo, hi, a);
    mpq_sub(w, hi, lo);
    mpq_mul_2exp(w, w, 100);
    ck_assert_int_le(mpq_cmp_ui(w, 1, 1), 0);
    ck_assert_int_gt(ccd_algebraic_cmp_q(a, lo), 0);
    ck_assert_int_lt(ccd_algebraic_cmp_q(a, hi), 0);
    /* rationals: 1/3 lies strictly between two doubles, 3/20 is a decimal tie */
    mpq_set_str(lo, "1/3", 10);
    ccd_algebraic_set_q(a, lo);
    ck_assert_double_eq(ccd_algebraic_round_down(a), 1.0 / 3);
    ck_assert_double_eq(ccd_algebraic_round_up(a), nextafter(1.0 / 3, 1));
    mpq_set_str(lo, "3/20", 10);
    ccd_algebraic_set_q(a, lo);
    s = ccd_algebraic_to_string(a, 1);
    ck_assert_str_eq(s, "2e-01"); /* ties to even */
    free(s);
    s = ccd_algebraic_to_string(a, 4);
    ck_assert_str_eq(s, "1.500e-01");
    free(s);
    mpq_set_str(lo, "0", 10);
    ccd_algebraic_set_q(a, lo);
    s = ccd_algebraic_to_string(a, 3);
    ck_assert_str_eq(s, "0.00e+00");
    free(s);
    /* a tiny rational: 2^-1074 rounds to the smallest subnormal, 2^-1076 to [0, it] */
    mpq_set_ui(lo, 1, 1);
    mpq_div_2exp(lo, lo, 1076);
    ccd_algebraic_set_q(a, lo);
    ck_assert_double_eq(ccd_algebraic_round_down(a), 0.0);
    ck_assert_double_eq(ccd_algebraic_round_up(a), DBL_TRUE_MIN);
    mpq_clears(lo, hi, w, NULL);
    ccd_algebraic_free(a);
}
END_TEST

START_TEST(test_algebraic_compare)
{
    ccd_algebraic a, b;
    ccd_algebraic_init(&a);
    ccd_algebraic_init(&b);
    ccd_poly_scratch s;
    ccd_poly_scratch_init(&s);
    set_sqrt_half(&a);
    set_sqrt_half(&b);
    ccd_algebraic_refine(&b, 20);
    ck_assert_int_eq(ccd_algebraic_cmp(&a, &b, &s), 0);
    /* the same number defined by (2t^2 - 1)(t - 3) */
    ccd_poly p;
    ccd_poly_init(&p);
    poly_from(&p, 2, (long[]){-1, 0, 2});
    poly_mul_into(&p, 1, (long[]){-3, 1});
    mpz_t lo, hi;
    mpz_init_set_ui(lo, 11);
    mpz_init_set_ui(hi, 12);
    ccd_algebraic_set_interval(&b, &p, lo, hi, 4, 1); /* (11/16, 12/16); p(11/16) > 0 */
    ck_assert_int_eq(ccd_algebraic_cmp(&a, &b, &s), 0);
    /* √2/2 against 0.7071067811865476 (a double just above it) */
    mpq_t x;
    mpq_init(x);
    mpq_set_d(x, 0.70710678118654757);
    ccd_algebraic_set_q(&b, x);
    ck_assert_int_lt(ccd_algebraic_cmp(&a, &b, &s), 0);
    ck_assert_int_gt(ccd_algebraic_cmp(&b, &a, &s), 0);
    mpq_clear(x);
    mpz_clears(lo, hi, NULL);
    ccd_poly_clear(&p);
    ccd_poly_scratch_clear(&s);
    ccd_algebraic_clear(&a);
    ccd_algebraic_clear(&b);
}
END_TEST

/* ------------------------------------------------------------------ hand-made queries */

/* Decide the query and check the answer; expected_toi is a rational ("7/29") or
 * NULL to skip the value check.  Every reported time goes through the
 * independent static oracle. */
static void expect_query(const char *what, ccd_kind kind, const char *coords[8][3],
                         int expected, const char *expected_toi)
{
    test_query t;
    test_query_from_strings(&t, kind, coords);
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    int col = -1;
    ck_assert_int_eq(ccd_exact_decide(&col, toi, &t.q, NULL, 0, ctx), CCD_OK);
    ck_assert_msg(col == expected, "%s: collides = %d, expected %d", what, col, expected);
    if (col && expected_toi) {
        mpq_t x;
        mpq_init(x);
        mpq_set_str(x, expected_toi, 10);
        mpq_canonicalize(x);
        char *s = ccd_algebraic_to_string(toi, 20);
        ck_assert_msg(ccd_algebraic_cmp_q(toi, x) == 0, "%s: toi %s, expected %s", what, s,
                      expected_toi);
        free(s);
        mpq_clear(x);
    }
    unsigned seed = 12345;
    if (col)
        ck_assert_msg(check_toi_independently(&t.q, toi, 16, &seed),
                      "%s: independent check of the time of impact failed", what);
    else /* no contact at any sampled time */
        for (int k = 0; k <= 64; k++) {
            mpq_t x;
            mpq_init(x);
            mpq_set_ui(x, (unsigned long)k, 64);
            ck_assert_msg(!so_contact_at_q(&t.q, x), "%s: contact at %d/64 missed", what, k);
            mpq_clear(x);
        }
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
    test_query_clear(&t);
}

START_TEST(test_seed_appendix_queries)
{
    /* Wang et al. 2021 Appendix B, the "hourglass": collides (the plane z = 1 - t reaches
     * the point at t = 9/10 with the point inside the triangle) */
    const char *hourglass[8][3] = {{"1/10", "1/10", "1/10"}, {"0", "0", "1"}, {"1", "0", "1"},
                                   {"0", "1", "1"},          {"1/10", "1/10", "1/10"},
                                   {"0", "0", "0"},          {"0", "1", "0"},
                                   {"1", "0", "0"}};
    expect_query("hourglass", CCD_VF, hourglass, 1, "9/10");
    /* Appendix C, the query Bernstein sign classification misses: coplanar for the
     * whole step; the edge v1 v2 (y = 57/100 - 29t/100) sweeps over p (y = 1/2) at 7/29 */
    const char *bsc[8][3] = {{"1", "1/2", "1"},     {"0", "57/100", "1"}, {"1", "57/100", "1"},
                             {"1", "157/100", "1"}, {"1", "1/2", "1"},    {"0", "28/100", "1"},
                             {"1", "28/100", "1"},  {"1", "128/100", "1"}};
    expect_query("appendix C (BSC)", CCD_VF, bsc, 1, "7/29");
    /* Appendix C, the inflection example: coplanar at the three roots of
     * -72t^3 + 120t^2 - 44t + 3, the point is outside the triangle at each */
    const char *inflection[8][3] = {{"1", "1", "0"}, {"0", "0", "5"},  {"2", "0", "2"},
                                    {"0", "1", "0"}, {"1", "1", "0"},  {"0", "0", "-1"},
                                    {"0", "0", "-2"}, {"0", "7", "0"}};
    expect_query("appendix C (inflection)", CCD_VF, inflection, 0, NULL);
}
END_TEST

START_TEST(test_point_point_coincidence)
{
    /* VF: the triangle is a single point at the origin; p passes through it at 1/2 */
    const char *vf[8][3] = {{"-1", "0", "0"}, {"0", "0", "0"}, {"0", "0", "0"}, {"0", "0", "0"},
                            {"1", "0", "0"},  {"0", "0", "0"}, {"0", "0", "0"}, {"0", "0", "0"}};
    expect_query("VF point-point", CCD_VF, vf, 1, "1/2");
    const char *vf_miss[8][3] = {{"-1", "1/10", "0"}, {"0", "0", "0"}, {"0", "0", "0"},
                                 {"0", "0", "0"},     {"1", "1/10", "0"}, {"0", "0", "0"},
                                 {"0", "0", "0"},     {"0", "0", "0"}};
    expect_query("VF point-point miss", CCD_VF, vf_miss, 0, NULL);
    /* EE: both edges have zero length and meet at t = 1/3 */
    const char *ee[8][3] = {{"-1", "2", "0"}, {"-1", "2", "0"}, {"0", "0", "0"}, {"0", "0", "0"},
                            {"2", "-4", "0"}, {"2", "-4", "0"}, {"0", "0", "0"}, {"0", "0", "0"}};
    expect_query("EE point-point", CCD_EE, ee, 1, "1/3");
}
END_TEST

START_TEST(test_coplanar_whole_step)
{
    /* the point slides in the triangle's plane and enters it through the edge x = 0 */
    const char *enter[8][3] = {{"-1", "1/4", "0"}, {"0", "0", "0"}, {"1", "0", "0"},
                               {"0", "1", "0"},    {"1", "1/4", "0"}, {"0", "0", "0"},
                               {"1", "0", "0"},    {"0", "1", "0"}};
    expect_query("coplanar enter", CCD_VF, enter, 1, "1/2");
    /* … and one that passes beside it */
    const char *beside[8][3] = {{"-1", "-1/4", "0"}, {"0", "0", "0"}, {"1", "0", "0"},
                                {"0", "1", "0"},     {"2", "-1/4", "0"}, {"0", "0", "0"},
                                {"1", "0", "0"},     {"0", "1", "0"}};
    expect_query("coplanar beside", CCD_VF, beside, 0, NULL);
    /* coplanar EE crossing: edges in z = 0, the second sweeps across the first */
    const char *ee[8][3] = {{"0", "0", "0"},  {"1", "0", "0"},  {"1/2", "2", "0"},
                            {"1/2", "1", "0"}, {"0", "0", "0"},  {"1", "0", "0"},
                            {"1/2", "-1", "0"}, {"1/2", "-2", "0"}};
    expect_query("coplanar EE", CCD_EE, ee, 1, "1/3");
    /* whole step in contact: toi 0 */
    const char *resting[8][3] = {{"1/4", "1/4", "0"}, {"0", "0", "0"}, {"1", "0", "0"},
                                 {"0", "1", "0"},     {"1/8", "1/8", "0"}, {"0", "0", "0"},
                                 {"1", "0", "0"},     {"0", "1", "0"}};
    expect_query("resting contact", CCD_VF, resting, 1, "0");
}
END_TEST

START_TEST(test_parallel_and_collinear_edges)
{
    /* parallel edges in 3D (never coplanar until z = 0): the second comes down onto
     * the first at t = 1/2, overlapping [1/2, 1] */
    const char *parallel[8][3] = {{"0", "0", "0"},  {"1", "0", "0"},   {"1/2", "0", "1"},
                                  {"3/2", "0", "1"}, {"0", "0", "0"},   {"1", "0", "0"},
                                  {"1/2", "0", "-1"}, {"3/2", "0", "-1"}};
    expect_query("parallel EE", CCD_EE, parallel, 1, "1/2");
    /* parallel, but offset in y: never touch */
    const char *offset[8][3] = {{"0", "0", "0"},   {"1", "0", "0"},    {"1/2", "1/3", "1"},
                                {"3/2", "1/3", "1"}, {"0", "0", "0"},    {"1", "0", "0"},
                                {"1/2", "1/3", "-1"}, {"3/2", "1/3", "-1"}};
    expect_query("parallel EE offset", CCD_EE, offset, 0, NULL);
    /* collinear edges on the x axis sliding together: [2,3] - 3t/2 meets [0,1] at 2/3 */
    const char *collinear[8][3] = {{"0", "0", "0"}, {"1", "0", "0"}, {"2", "0", "0"},
                                   {"3", "0", "0"}, {"0", "0", "0"}, {"1", "0", "0"},
                                   {"1/2", "0", "0"}, {"3/2", "0", "0"}};
    expect_query("collinear EE", CCD_EE, collinear, 1, "2/3");
    const char *collinear_short[8][3] = {{"0", "0", "0"}, {"1", "0", "0"}, {"3", "0", "0"},
                                         {"4", "0", "0"}, {"0", "0", "0"}, {"1", "0", "0"},
                                         {"2", "0", "0"}, {"3", "0", "0"}};
    expect_query("collinear EE short", CCD_EE, collinear_short, 0, NULL);
}
END_TEST

START_TEST(test_zero_length_edges_and_zero_area_triangles)
{
    /* a zero-length edge (a point) crosses the segment [0,1] x {0} at t = 1/2 */
    const char *point_edge[8][3] = {{"1/2", "-1", "0"}, {"1/2", "-1", "0"}, {"0", "0", "0"},
                                    {"1", "0", "0"},    {"1/2", "1", "0"},  {"1/2", "1", "0"},
                                    {"0", "0", "0"},    {"1", "0", "0"}};
    expect_query("zero-length edge", CCD_EE, point_edge, 1, "1/2");
    const char *point_edge_miss[8][3] = {{"2", "-1", "0"}, {"2", "-1", "0"}, {"0", "0", "0"},
                                         {"1", "0", "0"},  {"2", "1", "0"},  {"2", "1", "0"},
                                         {"0", "0", "0"},  {"1", "0", "0"}};
    expect_query("zero-length edge miss", CCD_EE, point_edge_miss, 0, NULL);
    /* a zero-area triangle (collinear vertices) hit through its middle */
    const char *flat[8][3] = {{"1/2", "-1", "1"}, {"0", "0", "0"}, {"1", "0", "0"},
                              {"2", "0", "0"},    {"1/2", "1", "-1"}, {"0", "0", "0"},
                              {"1", "0", "0"},    {"2", "0", "0"}};
    expect_query("zero-area triangle", CCD_VF, flat, 1, "1/2");
    const char *flat_miss[8][3] = {{"3", "-1", "1"}, {"0", "0", "0"}, {"1", "0", "0"},
                                   {"2", "0", "0"},  {"3", "1", "-1"}, {"0", "0", "0"},
                                   {"1", "0", "0"},  {"2", "0", "0"}};
    expect_query("zero-area triangle miss", CCD_VF, flat_miss, 0, NULL);
}
END_TEST

START_TEST(test_contact_at_the_ends)
{
    const char *at0[8][3] = {{"1/4", "1/4", "0"}, {"0", "0", "0"}, {"1", "0", "0"},
                             {"0", "1", "0"},     {"1/4", "1/4", "1"}, {"0", "0", "0"},
                             {"1", "0", "0"},     {"0", "1", "0"}};
    expect_query("contact at t = 0", CCD_VF, at0, 1, "0");
    const char *at1[8][3] = {{"1/4", "1/4", "1"}, {"0", "0", "0"}, {"1", "0", "0"},
                             {"0", "1", "0"},     {"1/4", "1/4", "0"}, {"0", "0", "0"},
                             {"1", "0", "0"},     {"0", "1", "0"}};
    expect_query("contact at t = 1", CCD_VF, at1, 1, "1");
    const char *ee1[8][3] = {{"0", "0", "1"},  {"1", "0", "1"},  {"1/2", "-1", "0"},
                             {"1/2", "1", "0"}, {"0", "0", "0"},  {"1", "0", "0"},
                             {"1/2", "-1", "0"}, {"1/2", "1", "0"}};
    expect_query("EE contact at t = 1", CCD_EE, ee1, 1, "1");
}
END_TEST

START_TEST(test_tangential_touching)
{
    /* in the plane z = 0 the point moves along a line that touches the triangle
     * only at its vertex (1, 0, 0), at t = 1/2 */
    const char *vertex[8][3] = {{"0", "-1", "0"}, {"0", "0", "0"}, {"1", "0", "0"},
                                {"0", "1", "0"},  {"2", "1", "0"}, {"0", "0", "0"},
                                {"1", "0", "0"},  {"0", "1", "0"}};
    expect_query("tangent at a vertex", CCD_VF, vertex, 1, "1/2");
    const char *vertex_miss[8][3] = {{"1/1000", "-1", "0"}, {"0", "0", "0"}, {"1", "0", "0"},
                                     {"0", "1", "0"},       {"2001/1000", "1", "0"},
                                     {"0", "0", "0"},       {"1", "0", "0"},
                                     {"0", "1", "0"}};
    expect_query("tangent at a vertex, shifted", CCD_VF, vertex_miss, 0, NULL);
    /* an edge grazing the other one end-on: [0,1]x{0} and a vertical edge whose
     * lower end descends onto the point (1, 0, 0) at t = 1 */
    const char *graze[8][3] = {{"0", "0", "0"}, {"1", "0", "0"}, {"1", "0", "1"},
                               {"1", "0", "2"}, {"0", "0", "0"}, {"1", "0", "0"},
                               {"1", "0", "0"}, {"1", "0", "1"}};
    expect_query("end-on graze", CCD_EE, graze, 1, "1");
}
END_TEST

START_TEST(test_double_and_triple_roots)
{
    /* EE built around s = t - 1/2 with a = (1,0,s), p1 = 0 and contact at
     * (u,v) = (1/4,1/4): c = a/4 + b/4 + e(s), so f = det[a, b, e].
     * Double root: b = (0,1,s), e = (0,s,0): f = -s^2. */
    const char *dbl[8][3] = {{"0", "0", "0"}, {"1", "0", "-1/2"}, {"1/4", "-1/4", "-1/4"},
                             {"1/4", "-5/4", "1/4"}, {"0", "0", "0"}, {"1", "0", "1/2"},
                             {"1/4", "3/4", "1/4"},  {"1/4", "-1/4", "-1/4"}};
    expect_query("double root", CCD_EE, dbl, 1, "1/2");
    /* Triple root: b = (0,1+s,s), e = (-s,s,0): f = s^3 (up to a factor). */
    const char *tri[8][3] = {{"0", "0", "0"},   {"1", "0", "-1/2"}, {"3/4", "-3/8", "-1/4"},
                             {"3/4", "-7/8", "1/4"}, {"0", "0", "0"}, {"1", "0", "1/2"},
                             {"-1/4", "7/8", "1/4"}, {"-1/4", "-5/8", "-1/4"}};
    expect_query("triple root", CCD_EE, tri, 1, "1/2");
    /* the coplanarity polynomials really have those multiplicities */
    test_query t;
    test_query_from_strings(&t, CCD_EE, tri);
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    int col;
    ck_assert_int_eq(ccd_exact_decide(&col, NULL, &t.q, NULL, 0, ctx), CCD_OK);
    ck_assert_int_eq(ctx->f.deg, 3);
    ck_assert_int_eq(ctx->h.deg, 1); /* square-free part: (2t - 1) */
    test_query_clear(&t);
    test_query_from_strings(&t, CCD_EE, dbl);
    ck_assert_int_eq(ccd_exact_decide(&col, NULL, &t.q, NULL, 0, ctx), CCD_OK);
    ck_assert_int_eq(ctx->f.deg, 2);
    ck_assert_int_eq(ctx->h.deg, 1);
    test_query_clear(&t);
    ccd_exact_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ property test */

/* Random queries on a coarse lattice (many coincidences, coplanar motions,
 * parallel edges): the oracle's answer must agree with the static oracle at
 * sampled times, and its time of impact must pass the independent check. */
static void random_lattice_query(test_query *t, ccd_kind kind, unsigned *seed)
{
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++) {
            long n = (long)(rand_r(seed) % 5) - 2; /* {-2..2} / 2 */
            mpq_set_si(t->ex.q[i][j], n, 2);
            mpq_canonicalize(t->ex.q[i][j]);
        }
    /* sometimes make rows coincide or stay still, for more degeneracy */
    int r = rand_r(seed) % 4;
    if (r == 0)
        for (int j = 0; j < 3; j++)
            mpq_set(t->ex.q[5][j], t->ex.q[1][j]);
    if (r == 1)
        for (int j = 0; j < 3; j++) {
            mpq_set(t->ex.q[2][j], t->ex.q[3][j]);
            mpq_set(t->ex.q[6][j], t->ex.q[7][j]);
        }
    test_query_set_mpq(t, kind);
}

START_TEST(test_property_random_degenerate)
{
    ccd_kind kind = _i ? CCD_EE : CCD_VF;
    unsigned seed = 2024u + (unsigned)_i;
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    test_query t;
    test_query_init(&t);
    int positives = 0;
    for (int n = 0; n < 1500; n++) {
        random_lattice_query(&t, kind, &seed);
        int col;
        ck_assert_int_eq(ccd_exact_decide(&col, toi, &t.q, NULL, 0, ctx), CCD_OK);
        positives += col;
        mpq_t x;
        mpq_init(x);
        for (int k = 0; k < 6; k++) { /* contacts seen at sampled times */
            mpq_set_ui(x, (unsigned long)(rand_r(&seed) % 17), 16);
            if (mpq_cmp_ui(x, 1, 1) > 0)
                mpq_set_ui(x, 1, 1);
            if (so_contact_at_q(&t.q, x)) {
                ck_assert_msg(col, "query %d: contact at a sampled time missed", n);
                ck_assert_msg(ccd_algebraic_cmp_q(toi, x) <= 0,
                              "query %d: toi later than a sampled contact", n);
            }
        }
        mpq_clear(x);
        if (col)
            ck_assert_msg(check_toi_independently(&t.q, toi, 4, &seed),
                          "query %d: independent check of the time of impact failed", n);
    }
    ck_assert_int_gt(positives, 100); /* the test exercises both answers */
    ck_assert_int_lt(positives, 1400);
    test_query_clear(&t);
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
}
END_TEST

/* ------------------------------------------------------------------ huge numbers */

START_TEST(test_huge_numbers)
{
    /* Scaling all coordinates by a positive rational and translating them does not
     * change the answer: scale by (10^300 + 7) / 2^1074, translate by
     * 3^500 / 2^1074 (numerators of hundreds of digits, denominators 2^1074). */
    const char *hit[8][3] = {{"1/4", "1/3", "1"},  {"0", "0", "0"}, {"1", "1/7", "0"},
                             {"0", "1", "1/5"},    {"1/5", "1/4", "-1"}, {"0", "0", "1/9"},
                             {"1", "0", "0"},      {"0", "1", "0"}};
    test_query base, big;
    test_query_from_strings(&base, CCD_VF, hit);
    test_query_init(&big);
    mpq_t scale, shift;
    mpq_inits(scale, shift, NULL);
    mpz_ui_pow_ui(mpq_numref(scale), 10, 300);
    mpz_add_ui(mpq_numref(scale), mpq_numref(scale), 7);
    mpz_set_ui(mpq_denref(scale), 1);
    mpq_div_2exp(scale, scale, 1074);
    mpz_ui_pow_ui(mpq_numref(shift), 3, 500);
    mpz_set_ui(mpq_denref(shift), 1);
    mpq_div_2exp(shift, shift, 1074);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++) {
            mpq_mul(big.ex.q[i][j], base.ex.q[i][j], scale);
            mpq_add(big.ex.q[i][j], big.ex.q[i][j], shift);
        }
    test_query_set_mpq(&big, CCD_VF);
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *t1 = ccd_algebraic_new(), *t2 = ccd_algebraic_new();
    int c1, c2;
    ck_assert_int_eq(ccd_exact_decide(&c1, t1, &base.q, NULL, 0, ctx), CCD_OK);
    ck_assert_int_eq(ccd_exact_decide(&c2, t2, &big.q, NULL, 0, ctx), CCD_OK);
    ck_assert_int_eq(c1, 1);
    ck_assert_int_eq(c2, 1);
    ccd_poly_scratch s;
    ccd_poly_scratch_init(&s);
    ck_assert_int_eq(ccd_algebraic_cmp(t1, t2, &s), 0);
    ccd_poly_scratch_clear(&s);
    unsigned seed = 7;
    ck_assert(check_toi_independently(&big.q, t2, 2, &seed));
    /* doubles spanning the whole exponent range (smallest subnormal to 2^1000) */
    test_query d;
    test_query_init(&d);
    const double span[8][3] = {{0x1p-1074, 0x1p-1074, 1}, {0, 0, 0},   {0x1p1000, 0, 0},
                               {0, 0x1p1000, 0},          {0x1p-1074, 0x1p-1074, -1},
                               {0, 0, 0},                 {0x1p1000, 0, 0},
                               {0, 0x1p1000, 0}};
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 3; j++)
            mpq_set_d(d.ex.q[i][j], span[i][j]);
    test_query_set_mpq(&d, CCD_VF);
    d.q.exact = NULL; /* every coordinate is a double */
    ck_assert_int_eq(ccd_exact_decide(&c1, t1, &d.q, NULL, 0, ctx), CCD_OK);
    ck_assert_int_eq(c1, 1);
    mpq_set_ui(scale, 1, 2);
    ck_assert_int_eq(ccd_algebraic_cmp_q(t1, scale), 0);
    test_query_clear(&d);
    ccd_algebraic_free(t1);
    ccd_algebraic_free(t2);
    ccd_exact_ctx_free(ctx);
    mpq_clears(scale, shift, NULL);
    test_query_clear(&base);
    test_query_clear(&big);
}
END_TEST

/* ------------------------------------------------------------------ the method */

START_TEST(test_method_exact)
{
    const ccd_method *m = &ccd_method_exact;
    ck_assert_str_eq(m->name, "exact");
    ck_assert_uint_eq(m->caps, CCD_CAP_TOI | CCD_CAP_CONSERVATIVE | CCD_CAP_EXACT |
                                   CCD_CAP_USES_RATIONALS | CCD_CAP_MIN_SEPARATION);
    void *scratch = m->scratch_new();
    ck_assert_ptr_nonnull(scratch);
    ccd_params p;
    ccd_params_default(&p);
    ccd_result r;
    /* Appendix C: the time of impact 7/29 is not a double: toi < 7/29 < toi_upper */
    const char *bsc[8][3] = {{"1", "1/2", "1"},     {"0", "57/100", "1"}, {"1", "57/100", "1"},
                             {"1", "157/100", "1"}, {"1", "1/2", "1"},    {"0", "28/100", "1"},
                             {"1", "28/100", "1"},  {"1", "128/100", "1"}};
    test_query t;
    test_query_from_strings(&t, CCD_VF, bsc);
    ck_assert_int_eq(ccd_method_run(&r, m, &t.q, &p, scratch), CCD_OK);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq(r.toi_upper, nextafter(r.toi, 1));
    mpq_t x, y;
    mpq_inits(x, y, NULL);
    mpq_set_ui(y, 7, 29);
    mpq_set_d(x, r.toi);
    ck_assert_int_lt(mpq_cmp(x, y), 0);
    mpq_set_d(x, r.toi_upper);
    ck_assert_int_gt(mpq_cmp(x, y), 0);
    ck_assert_int_gt(r.checks, 0);
    /* t_max below the time of impact: no collision in [0, t_max] */
    p.t_max = 0.2;
    ck_assert_int_eq(ccd_method_run(&r, m, &t.q, &p, scratch), CCD_OK);
    ck_assert_int_eq(r.collides, 0);
    ck_assert(isinf(r.toi) && isinf(r.toi_upper));
    p.t_max = 1;
    test_query_clear(&t);
    /* a double time of impact: toi = toi_upper; no scratch works too */
    const char *at1[8][3] = {{"1/4", "1/4", "1"}, {"0", "0", "0"}, {"1", "0", "0"},
                             {"0", "1", "0"},     {"1/4", "1/4", "0"}, {"0", "0", "0"},
                             {"1", "0", "0"},     {"0", "1", "0"}};
    test_query_from_strings(&t, CCD_VF, at1);
    ck_assert_int_eq(ccd_method_run(&r, m, &t.q, &p, NULL), CCD_OK);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq(r.toi, 1.0);
    ck_assert_double_eq(r.toi_upper, 1.0);
    test_query_clear(&t);
    /* no collision: INFINITY */
    const char *miss[8][3] = {{"2", "2", "1"}, {"0", "0", "0"}, {"1", "0", "0"},
                              {"0", "1", "0"}, {"2", "2", "-1"}, {"0", "0", "0"},
                              {"1", "0", "0"}, {"0", "1", "0"}};
    test_query_from_strings(&t, CCD_VF, miss);
    t.q.exact = NULL; /* all doubles: the floating-point filter path */
    ck_assert_int_eq(ccd_method_run(&r, m, &t.q, &p, scratch), CCD_OK);
    ck_assert_int_eq(r.collides, 0);
    ck_assert(isinf(r.toi) && isinf(r.toi_upper));
    test_query_clear(&t);
    /* minimum separation through the parameters: the point comes down from z = 1 to
     * z = 1/2 above the triangle; d = 0.75 is reached at t = 1/2 in both norms */
    const char *down[8][3] = {{"1/4", "1/4", "1"}, {"0", "0", "0"}, {"1", "0", "0"},
                              {"0", "1", "0"},     {"1/4", "1/4", "1/2"}, {"0", "0", "0"},
                              {"1", "0", "0"},     {"0", "1", "0"}};
    test_query_from_strings(&t, CCD_VF, down);
    for (int norm = 0; norm <= 2; norm += 2) {
        p.ms = 0.75;
        p.ms_norm = norm;
        ck_assert_int_eq(ccd_method_run(&r, m, &t.q, &p, scratch), CCD_OK);
        ck_assert_int_eq(r.collides, 1);
        ck_assert_double_eq(r.toi, 0.5);
        ck_assert_double_eq(r.toi_upper, 0.5);
        p.ms = 0.25;
        ck_assert_int_eq(ccd_method_run(&r, m, &t.q, &p, scratch), CCD_OK);
        ck_assert_int_eq(r.collides, 0);
    }
    p.ms_norm = 1; /* no such norm */
    ck_assert_int_eq(ccd_method_run(&r, m, &t.q, &p, scratch), CCD_ERR_INPUT);
    p.ms = 0;
    p.ms_norm = 0;
    test_query_clear(&t);
    /* non-finite input is an input error */
    t.q.exact = NULL;
    t.q.v[0][0] = NAN;
    ck_assert_int_eq(ccd_method_run(&r, m, &t.q, &p, scratch), CCD_ERR_INPUT);
    mpq_clears(x, y, NULL);
    m->scratch_free(scratch);
}
END_TEST

/* the decimal of n/d (or of √(n/d)) at digits, compared with want */
static void expect_decimal(long n, unsigned long d, int digits, int root, const char *want)
{
    mpq_t x;
    mpq_init(x);
    mpq_set_si(x, n, d);
    mpq_canonicalize(x);
    char *got = ccd_decimal_string(x, digits, root);
    ck_assert_msg(got && strcmp(got, want) == 0, "%ld/%lu at %d%s: %s, want %s", n, d, digits,
                  root ? " (root)" : "", got ? got : "NULL", want);
    free(got);
    mpq_clear(x);
}

/* The public oracle (ccdbench.h, "exact truth"): the decision, the tight doubles
 * and an interval of the asked width, on a query whose toi 7/29 is not a
 * double, one whose toi is 1/2 and one that does not collide. */
START_TEST(test_public_oracle)
{
    ccd_oracle *o = ccd_oracle_new();
    ck_assert_ptr_nonnull(o);
    const char *bsc[8][3] = {{"1", "1/2", "1"},     {"0", "57/100", "1"}, {"1", "57/100", "1"},
                             {"1", "157/100", "1"}, {"1", "1/2", "1"},    {"0", "28/100", "1"},
                             {"1", "28/100", "1"},  {"1", "128/100", "1"}};
    test_query t;
    test_query_from_strings(&t, CCD_VF, bsc);
    int collides = -1;
    ck_assert_int_eq(ccd_oracle_decide(&collides, &t.q, NULL, CCD_NORM_LINF, o), CCD_OK);
    ck_assert_int_eq(collides, 1);
    double down, up;
    ccd_oracle_toi_doubles(&down, &up, o);
    ck_assert_double_eq(up, nextafter(down, 1));
    mpq_t lo, hi, x, toi;
    mpq_inits(lo, hi, x, toi, NULL);
    mpq_set_ui(toi, 7, 29);
    mpq_set_d(x, down);
    ck_assert_int_lt(mpq_cmp(x, toi), 0);
    mpq_set_d(x, up);
    ck_assert_int_gt(mpq_cmp(x, toi), 0);
    for (unsigned long bits = 8; bits <= 128; bits *= 4) {
        ccd_oracle_toi_interval(lo, hi, bits, o);
        ck_assert_int_le(mpq_cmp(lo, toi), 0);
        ck_assert_int_ge(mpq_cmp(hi, toi), 0);
        mpq_sub(x, hi, lo);
        mpq_mul_2exp(x, x, bits); /* width · 2^bits ≤ 1 */
        ck_assert_int_le(mpq_cmp_ui(x, 1, 1), 0);
    }
    /* the same query at a separation of 1/10 (L∞) collides no later */
    mpq_set_ui(x, 1, 10);
    ck_assert_int_eq(ccd_oracle_decide(&collides, &t.q, x, CCD_NORM_LINF, o), CCD_OK);
    ck_assert_int_eq(collides, 1);
    ccd_oracle_toi_interval(lo, hi, 64, o);
    ck_assert_int_le(mpq_cmp(lo, toi), 0);
    test_query_clear(&t);
    /* toi 1/2 exactly: a point interval and equal doubles */
    const char *half[8][3] = {{"1/4", "1/4", "1"}, {"0", "0", "0"}, {"1", "0", "0"},
                              {"0", "1", "0"},     {"1/4", "1/4", "-1"}, {"0", "0", "0"},
                              {"1", "0", "0"},     {"0", "1", "0"}};
    test_query_from_strings(&t, CCD_VF, half);
    ck_assert_int_eq(ccd_oracle_decide(&collides, &t.q, NULL, CCD_NORM_LINF, o), CCD_OK);
    ck_assert_int_eq(collides, 1);
    ccd_oracle_toi_doubles(&down, &up, o);
    ck_assert_double_eq(down, 0.5);
    ck_assert_double_eq(up, 0.5);
    ccd_oracle_toi_interval(lo, hi, 64, o);
    mpq_set_ui(toi, 1, 2);
    ck_assert(mpq_equal(lo, toi) && mpq_equal(hi, toi));
    test_query_clear(&t);
    /* moving apart: no collision, the interval left as it was */
    const char *apart[8][3] = {{"1/4", "1/4", "1"}, {"0", "0", "0"}, {"1", "0", "0"},
                               {"0", "1", "0"},     {"1/4", "1/4", "2"}, {"0", "0", "0"},
                               {"1", "0", "0"},     {"0", "1", "0"}};
    test_query_from_strings(&t, CCD_VF, apart);
    ck_assert_int_eq(ccd_oracle_decide(&collides, &t.q, NULL, CCD_NORM_LINF, o), CCD_OK);
    ck_assert_int_eq(collides, 0);
    test_query_clear(&t);
    mpq_clears(lo, hi, x, toi, NULL);
    ccd_oracle_free(o);
    ccd_oracle_free(NULL);
}
END_TEST

START_TEST(test_decimal_rounding)
{
    expect_decimal(1, 3, 5, 0, "3.3333e-01");
    expect_decimal(-1, 3, 5, 0, "-3.3333e-01");
    expect_decimal(2, 3, 1, 0, "7e-01");
    expect_decimal(0, 1, 3, 0, "0.00e+00");
    expect_decimal(999999, 100000, 3, 0, "1.00e+01"); /* 9.99999: the rounding carries */
    expect_decimal(1, 8, 2, 0, "1.2e-01");            /* 0.125: a tie, to even */
    expect_decimal(27, 200, 2, 0, "1.4e-01");         /* 0.135: a tie, to even */
    expect_decimal(2, 1, 20, 1, "1.4142135623730950488e+00");
    expect_decimal(9, 4, 1, 1, "2e+00"); /* √(9/4) = 1.5: a tie, to even */
    expect_decimal(25, 4, 1, 1, "2e+00"); /* √(25/4) = 2.5: a tie, to even */
    expect_decimal(1, 100, 3, 1, "1.00e-01");
    expect_decimal(1, 1000000, 2, 0, "1.0e-06");
}
END_TEST

static void expect_simplest(long ln, unsigned long ld, long hn, unsigned long hd, long wn,
                            unsigned long wd)
{
    mpq_t lo, hi, x, want;
    mpq_inits(lo, hi, x, want, NULL);
    mpq_set_si(lo, ln, ld);
    mpq_set_si(hi, hn, hd);
    mpq_set_si(want, wn, wd);
    mpq_canonicalize(lo);
    mpq_canonicalize(hi);
    mpq_canonicalize(want);
    ccd_simplest_rational(x, lo, hi);
    ck_assert_msg(mpq_equal(x, want), "[%ld/%lu, %ld/%lu]", ln, ld, hn, hd);
    mpq_clears(lo, hi, x, want, NULL);
}

START_TEST(test_simplest_rational)
{
    expect_simplest(3, 10, 4, 10, 1, 3);
    expect_simplest(2, 1, 3, 1, 2, 1);
    expect_simplest(3, 2, 17, 10, 3, 2);
    expect_simplest(0, 1, 1, 1000, 0, 1);
    expect_simplest(333, 1000, 334, 1000, 1, 3);
    expect_simplest(7, 5, 7, 5, 7, 5);
}
END_TEST

static Suite *exact_suite(void)
{
    Suite *s = suite_create("exact");
    TCase *tc = tcase_create("algebra");
    tcase_add_test(tc, test_poly_gcd_and_squarefree);
    tcase_add_test(tc, test_public_oracle);
    tcase_add_test(tc, test_roots_in_order);
    tcase_add_test(tc, test_algebraic_rounding_and_printing);
    tcase_add_test(tc, test_decimal_rounding);
    tcase_add_test(tc, test_simplest_rational);
    tcase_add_test(tc, test_algebraic_compare);
    suite_add_tcase(s, tc);
    tc = tcase_create("queries");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_seed_appendix_queries);
    tcase_add_test(tc, test_point_point_coincidence);
    tcase_add_test(tc, test_coplanar_whole_step);
    tcase_add_test(tc, test_parallel_and_collinear_edges);
    tcase_add_test(tc, test_zero_length_edges_and_zero_area_triangles);
    tcase_add_test(tc, test_contact_at_the_ends);
    tcase_add_test(tc, test_tangential_touching);
    tcase_add_test(tc, test_double_and_triple_roots);
    tcase_add_loop_test(tc, test_property_random_degenerate, 0, 2);
    tcase_add_test(tc, test_huge_numbers);
    tcase_add_test(tc, test_method_exact);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(exact_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
