/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of Tight Inclusion (src/methods/tight_inclusion*.c): hand-built queries
 * with known answers, the parameters (δ, m_I, t_max, d, no-zero-toi), the rigour of
 * the linear filter against exact rational arithmetic, and bit-identical decisions of
 * the scalar, AVX2 and AVX-512 kernels on random queries.  Data-driven tests are in
 * check_tight_inclusion_data.c.
 */
#include <config.h>

#include "methods/builtin.h"
#include "methods/tight_inclusion.h"
#include "ti_exact_corner.h"

#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* p reads its Tight Inclusion options from opt, set to the declared defaults. */
static void use_options(ccd_params *p, ccd_option_value opt[CCD_TI_OPT_COUNT])
{
    ccd_options_default(opt, &ccd_method_tight_inclusion);
    p->options = opt;
}

/* ------------------------------------------------------------ helpers */

typedef double point[3];

/* VF: vertex p and triangle (a, b, c) at t = 0 and t = 1. */
static ccd_query vf_query(const point p0, const point a0, const point b0, const point c0,
                          const point p1, const point a1, const point b1, const point c1)
{
    ccd_query q;
    memset(&q, 0, sizeof q);
    q.kind = CCD_VF;
    const double *rows[8] = {p0, a0, b0, c0, p1, a1, b1, c1};
    for (int r = 0; r < 8; ++r)
        memcpy(q.v[r], rows[r], sizeof(point));
    return q;
}

/* EE: edges (a, b) and (c, d) at t = 0 and t = 1. */
static ccd_query ee_query(const point a0, const point b0, const point c0, const point d0,
                          const point a1, const point b1, const point c1, const point d1)
{
    ccd_query q = vf_query(a0, b0, c0, d0, a1, b1, c1, d1);
    q.kind = CCD_EE;
    return q;
}

/* The unit triangle in the plane z = 0, at rest. */
static const point tri_a = {0, 0, 0}, tri_b = {1, 0, 0}, tri_c = {0, 1, 0};

static ccd_query vf_static_triangle(const point p0, const point p1)
{
    return vf_query(p0, tri_a, tri_b, tri_c, p1, tri_a, tri_b, tri_c);
}

static ccd_params default_params(void)
{
    ccd_params p;
    ccd_params_default(&p);
    return p;
}

static ccd_result solve(const ccd_query *q, const ccd_params *p, ccd_ti_isa isa, int dfs)
{
    ccd_result r;
    memset(&r, 0, sizeof r);
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(ccd_ti_solve(&r, q, p, isa, dfs, s), CCD_OK);
    ccd_ti_scratch_free(s);
    return r;
}

static ccd_result solve_default(const ccd_query *q)
{
    ccd_params p = default_params();
    return solve(q, &p, ccd_ti_isa_best(), 0);
}

/* xoshiro-style generator: deterministic random numbers for the tests. */
typedef struct rng {
    uint64_t s;
} rng;
static uint64_t rng_next(rng *g)
{
    uint64_t z = (g->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* Uniform double in [0, 1) with 53 random bits. */
static double rng_unit(rng *g)
{
    return (double)(rng_next(g) >> 11) * 0x1p-53;
}
static double rng_sym(rng *g)
{
    return 2.0 * rng_unit(g) - 1.0;
}

/* ------------------------------------------------------------ hand-built VF queries */

START_TEST(test_vf_clear_hit)
{
    /* The vertex falls through the triangle's interior at t = 0.5. */
    const point p0 = {0.25, 0.25, 1}, p1 = {0.25, 0.25, -1};
    ccd_query q = vf_static_triangle(p0, p1);
    ccd_result r = solve_default(&q);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.5);
    ck_assert(r.toi >= 0.5 - 1e-5);
    ck_assert(r.toi_upper >= r.toi);
    ck_assert(r.tolerance <= 1e-6);
    ck_assert_int_eq(r.hit_max_checks, 0);
    ck_assert(r.checks > 0);
}
END_TEST

START_TEST(test_vf_clear_miss)
{
    const point p0 = {2, 2, 1}, p1 = {2, 2, -1};
    ccd_query q = vf_static_triangle(p0, p1);
    ccd_result r = solve_default(&q);
    ck_assert_int_eq(r.collides, 0);
    ck_assert(isinf(r.toi) && r.toi > 0);
    ck_assert(r.checks > 0);
}
END_TEST

START_TEST(test_vf_contact_at_t0_and_t1)
{
    const point on = {0.25, 0.25, 0}, above = {0.25, 0.25, 1};
    ccd_query q0 = vf_static_triangle(on, above);
    ccd_result r0 = solve_default(&q0);
    ck_assert_int_eq(r0.collides, 1);
    ck_assert(r0.toi == 0.0);

    ccd_query q1 = vf_static_triangle(above, on);
    ccd_result r1 = solve_default(&q1);
    ck_assert_int_eq(r1.collides, 1);
    ck_assert(r1.toi <= 1.0 && r1.toi >= 1.0 - 1e-5);
}
END_TEST

START_TEST(test_vf_coplanar)
{
    /* Moving in the triangle's plane, entering it through the edge x = 0 at t = 0.5. */
    const point in0 = {-1, 0.2, 0}, in1 = {1, 0.2, 0};
    ccd_query q = vf_static_triangle(in0, in1);
    ccd_result r = solve_default(&q);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.5 && r.toi >= 0.5 - 1e-5);

    /* Same plane, passing beside the triangle. */
    const point out0 = {-1, 2, 0}, out1 = {1, 2, 0};
    q = vf_static_triangle(out0, out1);
    ck_assert_int_eq(solve_default(&q).collides, 0);

    /* A degenerate (zero-area) triangle swept by a point on its line. */
    const point a = {0, 0, 0}, b = {1, 0, 0}, p0 = {-1, 0, 0}, p1 = {0.5, 0, 0};
    q = vf_query(p0, a, b, b, p1, a, b, b);
    r = solve_default(&q);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 2.0 / 3.0);
}
END_TEST

START_TEST(test_vf_moving_triangle)
{
    /* Vertex at rest, triangle rising through it at t = 0.25. */
    const point p = {0.2, 0.3, 0};
    const point a0 = {0, 0, -1}, b0 = {1, 0, -1}, c0 = {0, 1, -1};
    const point a1 = {0, 0, 3}, b1 = {1, 0, 3}, c1 = {0, 1, 3};
    ccd_query q = vf_query(p, a0, b0, c0, p, a1, b1, c1);
    ccd_result r = solve_default(&q);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.25 && r.toi >= 0.25 - 1e-5);
}
END_TEST

/* ------------------------------------------------------------ hand-built EE queries */

START_TEST(test_ee_crossing_and_parallel)
{
    /* Edge along x falling through a static edge along y: contact at t = 0.5. */
    const point a0 = {-1, 0, 1}, b0 = {1, 0, 1}, a1 = {-1, 0, -1}, b1 = {1, 0, -1};
    const point c = {0, -1, 0}, d = {0, 1, 0};
    ccd_query q = ee_query(a0, b0, c, d, a1, b1, c, d);
    ccd_result r = solve_default(&q);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.5 && r.toi >= 0.5 - 1e-5);

    /* Parallel edges that stay 0.5 apart. */
    const point e0 = {0, 0, 1}, f0 = {1, 0, 1}, e1 = {0, 0, 0.5}, f1 = {1, 0, 0.5};
    const point g = {0, 0, 0}, h = {1, 0, 0};
    q = ee_query(e0, f0, g, h, e1, f1, g, h);
    ck_assert_int_eq(solve_default(&q).collides, 0);

    /* Parallel edges that overlap exactly at t = 1. */
    const point k1 = {0.5, 0, 0}, l1 = {1.5, 0, 0};
    q = ee_query(e0, f0, g, h, k1, l1, g, h);
    r = solve_default(&q);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 1.0 && r.toi >= 1.0 - 1e-5);
}
END_TEST

START_TEST(test_ee_coplanar_collinear)
{
    /* All in z = 0: edge A (parallel to B) slides onto B's line at t = 0.5.  The
     * contact set is a segment in (u, v), so every level has many colliding boxes and
     * m_I stops the search at a coarser (reported) accuracy.  The time advance clears
     * up to the contact first (the toi it reports is within 2^-40 of 0.5). */
    const point a0 = {-1, 0.5, 0}, b0 = {-1, -0.5, 0}, a1 = {1, 0.5, 0}, b1 = {1, -0.5, 0};
    const point c = {0, -1, 0}, d = {0, 1, 0};
    ccd_query q = ee_query(a0, b0, c, d, a1, b1, c, d);
    ccd_result r = solve_default(&q);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.5 && r.toi >= 0.5 - 0x1p-40);
    /* the level search (as published) stops at m_I with boxes below 1e-3 in t; the
     * earliest-first one that search=adaptive hands the segment to, at coarser ones */
    ccd_params p = default_params();
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    use_options(&p, opt);
    opt[CCD_TI_OPT_SEARCH].i = CCD_TI_SEARCH_LEVELS;
    r = solve(&q, &p, ccd_ti_isa_best(), 0);
    ck_assert(r.collides && r.toi <= 0.5 && r.toi >= 0.5 - 0x1p-40);
    ck_assert(r.tolerance < 1e-3);

    /* Same plane, the edges pass each other's ends without meeting. */
    const point c2 = {0, 1, 0}, d2 = {0, 2, 0};
    q = ee_query(a0, b0, c2, d2, a1, b1, c2, d2);
    ck_assert_int_eq(solve_default(&q).collides, 0);
}
END_TEST

/* ------------------------------------------------------------ parameters */

static ccd_query falling_vertex(void)
{
    const point p0 = {0.25, 0.25, 1}, p1 = {0.25, 0.25, -1};
    return vf_static_triangle(p0, p1);
}

START_TEST(test_delta)
{
    ccd_query q = falling_vertex();
    ccd_params p = default_params();
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    use_options(&p, opt);
    ccd_result fine = solve(&q, &p, CCD_TI_SCALAR, 0);
    opt[CCD_TI_OPT_DELTA].d = 1e-2;
    ccd_result coarse = solve(&q, &p, CCD_TI_SCALAR, 0);
    ck_assert_int_eq(coarse.collides, 1);
    ck_assert(coarse.checks < fine.checks);
    ck_assert(coarse.toi <= 0.5 && coarse.toi <= fine.toi);
    ck_assert(coarse.tolerance <= 1e-2);
    ck_assert(coarse.toi >= 0.5 - 1e-2);
    opt[CCD_TI_OPT_DELTA].d = 0.0;
    ccd_result r;
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, NULL), CCD_ERR_INPUT);
}
END_TEST

START_TEST(test_max_checks)
{
    ccd_query q = falling_vertex();
    ccd_params p = default_params();
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    use_options(&p, opt);
    opt[CCD_TI_OPT_MAX_CHECKS].i = 10;
    const long advance = opt[CCD_TI_OPT_ADVANCE].i;
    opt[CCD_TI_OPT_ADVANCE].i = 0; /* the search alone: the time advance brackets this
                                    * crossing within 10 checks */
    ccd_result r = solve(&q, &p, CCD_TI_SCALAR, 0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_int_eq(r.hit_max_checks, 1);
    ck_assert_int_eq(r.checks, 10);
    ck_assert(r.toi <= 0.5);
    ck_assert(r.tolerance > 1e-6); /* the accuracy reached is reported, coarser than δ */
    opt[CCD_TI_OPT_ADVANCE].i = advance;

    opt[CCD_TI_OPT_MAX_CHECKS].i = -1; /* no early stop */
    ccd_result full = solve(&q, &p, CCD_TI_SCALAR, 0);
    ccd_params d = default_params();
    ccd_result ref = solve(&q, &d, CCD_TI_SCALAR, 0);
    ck_assert_int_eq(full.hit_max_checks, 0);
    ck_assert(full.toi == ref.toi);
    ck_assert_int_eq(full.checks, ref.checks);

    /* A query that needs many checks of the level search: coplanar sliding (every box
     * touches the plane; the default adaptive search, earliest-first from a level of
     * 32 boxes, ends it within 1000) */
    const point in0 = {-1, 0.2, 0}, in1 = {1, 0.2, 0};
    q = vf_static_triangle(in0, in1);
    opt[CCD_TI_OPT_SEARCH].i = CCD_TI_SEARCH_LEVELS;
    opt[CCD_TI_OPT_MAX_CHECKS].i = 1000;
    opt[CCD_TI_OPT_ADVANCE].i = 0; /* the search alone: the time advance proves the
                                    * vertex's touch of the triangle's side at once */
    r = solve(&q, &p, CCD_TI_SCALAR, 0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_int_eq(r.hit_max_checks, 1);
    ck_assert(r.toi <= 0.5);
    /* Algorithm 2 tests m_I at colliding boxes: a few non-colliding ones may follow. */
    ck_assert(r.checks >= 1000 && r.checks < 3000);
}
END_TEST

START_TEST(test_t_max)
{
    ccd_query q = falling_vertex();
    ccd_params p = default_params();
    p.t_max = 0.4;
    ck_assert_int_eq(solve(&q, &p, CCD_TI_SCALAR, 0).collides, 0);
    p.t_max = 0.7; /* not dyadic: corner times are fl(s·t_max) */
    ccd_result r = solve(&q, &p, CCD_TI_SCALAR, 0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.5 && r.toi >= 0.5 - 1e-5);
    p.t_max = 1.5;
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, NULL), CCD_ERR_INPUT);
}
END_TEST

START_TEST(test_minimum_separation)
{
    /* The vertex descends from z = 1 to z = 0.1 above the triangle's interior. */
    const point p0 = {0.25, 0.25, 1}, p1 = {0.25, 0.25, 0.1};
    ccd_query q = vf_static_triangle(p0, p1);
    ccd_params p = default_params();
    ck_assert_int_eq(solve(&q, &p, CCD_TI_SCALAR, 0).collides, 0);
    p.ms = 0.05;
    ck_assert_int_eq(solve(&q, &p, CCD_TI_SCALAR, 0).collides, 0);
    p.ms = 0.3; /* distance 0.3 reached at t = 0.7/0.9 (a 3-D contact region: m_I stops) */
    ccd_result r = solve(&q, &p, CCD_TI_SCALAR, 0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.7 / 0.9 && r.toi >= 0.7 / 0.9 - 1e-2);

    /* L∞: beside the triangle's corner at L∞ distance 0.2 (Euclidean 0.28). */
    const point s0 = {-0.2, -0.2, 0.5}, s1 = {-0.2, -0.2, -0.5};
    q = vf_static_triangle(s0, s1);
    p.ms = 0.19;
    ck_assert_int_eq(solve(&q, &p, CCD_TI_SCALAR, 0).collides, 0);
    p.ms = 0.21;
    ck_assert_int_eq(solve(&q, &p, CCD_TI_SCALAR, 0).collides, 1);
    p.ms = -1;
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, NULL), CCD_ERR_INPUT);
}
END_TEST

/* The acceptance bound is rounded outward: T ≥ ε + d exactly. */
START_TEST(test_separation_bound_outward)
{
    rng g = {7};
    mpq_t sum, t;
    mpq_init(sum);
    mpq_init(t);
    for (int i = 0; i < 20000; ++i) {
        double eps = ldexp(rng_unit(&g), (int)(rng_next(&g) % 200) - 150);
        double d = ldexp(rng_unit(&g), (int)(rng_next(&g) % 200) - 150);
        if (i % 7 == 0)
            eps = ldexp(1.0, -1074) * (double)(rng_next(&g) % 64); /* subnormal */
        const double bound = ccd_ti_bound_with_separation(eps, d);
        mpq_set_d(sum, eps);
        mpq_set_d(t, d);
        mpq_add(sum, sum, t);
        mpq_set_d(t, bound);
        ck_assert_int_ge(mpq_cmp(t, sum), 0);
    }
    ck_assert(ccd_ti_bound_with_separation(0.25, 0.0) == 0.25);
    mpq_clear(sum);
    mpq_clear(t);
}
END_TEST

START_TEST(test_no_zero_toi)
{
    /* Within d = 0.1 at t = 0 (z = 0.05), then moving down through the triangle. */
    const point p0 = {0.25, 0.25, 0.05}, p1 = {0.25, 0.25, -1};
    ccd_query q = vf_static_triangle(p0, p1);
    ccd_params p = default_params();
    p.ms = 0.1;
    ccd_result r = solve(&q, &p, CCD_TI_SCALAR, 0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi == 0.0);
    p.no_zero_toi = 1;
    r = solve(&q, &p, CCD_TI_SCALAR, 0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi > 0.0);
    ck_assert(r.toi <= 0.05 / 1.05); /* the plain contact (d = 0) is at t = 0.05/1.05 */

    /* Within d at t = 0 and moving away: refined to no contact or a positive toi. */
    const point a0 = {0.25, 0.25, 0.05}, a1 = {0.25, 0.25, 1};
    q = vf_static_triangle(a0, a1);
    r = solve(&q, &p, CCD_TI_SCALAR, 0);
    ck_assert(!r.collides || r.toi > 0.0);

    /* Touching at t = 0 with d = 0: a real contact at 0 stays at 0 (bounded refinement). */
    const point b0 = {0.25, 0.25, 0}, b1 = {0.25, 0.25, 1};
    q = vf_static_triangle(b0, b1);
    p.ms = 0.0;
    r = solve(&q, &p, CCD_TI_SCALAR, 0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi == 0.0);
}
END_TEST

START_TEST(test_bad_input)
{
    ccd_query q = falling_vertex();
    q.v[3][1] = NAN;
    ccd_params p = default_params();
    ccd_result r;
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, NULL), CCD_ERR_INPUT);
    q = falling_vertex();
    q.v[0][0] = 0x1p1010;
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, NULL), CCD_ERR_INPUT);
}
END_TEST

START_TEST(test_depth_first)
{
    ccd_query q = falling_vertex();
    ccd_params p = default_params();
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    use_options(&p, opt);
    ccd_result r = solve(&q, &p, CCD_TI_SCALAR, 1);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.5 && r.toi >= 0.5 - 1e-5);
    const point p0 = {2, 2, 1}, p1 = {2, 2, -1};
    q = vf_static_triangle(p0, p1);
    ck_assert_int_eq(solve(&q, &p, CCD_TI_SCALAR, 1).collides, 0);
    /* m_I: conservative stop at the smallest pending t. */
    q = falling_vertex();
    opt[CCD_TI_OPT_MAX_CHECKS].i = 5;
    r = solve(&q, &p, CCD_TI_SCALAR, 1);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_int_eq(r.hit_max_checks, 1);
    ck_assert(r.toi <= 0.5);
}
END_TEST

START_TEST(test_scene_filter)
{
    /* A scene-wide filter from the scene's bounds behaves like the per-query one. */
    ccd_query q = falling_vertex();
    const double max_abs[3] = {4, 4, 4};
    double eps[3];
    ccd_ti_scene_filter(eps, CCD_FILTER_LINEAR, 0, max_abs);
    for (int a = 0; a < 3; ++a)
        ck_assert(eps[a] >= ccd_ti_filter_eps(CCD_FILTER_LINEAR, CCD_VF, 0, 1.0));
    ccd_params p = default_params();
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    use_options(&p, opt);
    for (int a = 0; a < 3; ++a)
        opt[CCD_TI_OPT_SCENE_FILTER_X + a].d = eps[a];
    ccd_result r = solve(&q, &p, CCD_TI_SCALAR, 0);
    ck_assert_int_eq(r.collides, 1);
    ck_assert(r.toi <= 0.5);
    /* A huge scene filter makes everything collide. */
    const double huge[3] = {10, 10, 10};
    for (int a = 0; a < 3; ++a)
        opt[CCD_TI_OPT_SCENE_FILTER_X + a].d = huge[a];
    const point p0 = {2, 2, 1}, p1 = {2, 2, -1};
    q = vf_static_triangle(p0, p1);
    ck_assert_int_eq(solve(&q, &p, CCD_TI_SCALAR, 0).collides, 1);
}
END_TEST

START_TEST(test_method_objects)
{
    ck_assert_str_eq(ccd_method_tight_inclusion.name, "tight-inclusion");
    ck_assert_str_eq(ccd_method_tight_inclusion_scalar.name, "tight-inclusion-scalar");
    ck_assert_str_eq(ccd_method_tight_inclusion_dfs.name, "tight-inclusion-dfs");
    const unsigned want = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE | CCD_CAP_MIN_SEPARATION;
    ck_assert_uint_eq(ccd_method_tight_inclusion.caps, want);
    ck_assert_uint_eq(ccd_method_tight_inclusion_scalar.caps, want);
    ck_assert_uint_eq(ccd_method_tight_inclusion_dfs.caps & CCD_CAP_CONSERVATIVE, 0);
    const ccd_method *ms[3] = {&ccd_method_tight_inclusion, &ccd_method_tight_inclusion_scalar,
                               &ccd_method_tight_inclusion_dfs};
    ccd_query q = falling_vertex();
    const point a0 = {-1, 0, 1}, b0 = {1, 0, 1}, a1 = {-1, 0, -1}, b1 = {1, 0, -1};
    const point c = {0, -1, 0}, d = {0, 1, 0};
    ccd_query e = ee_query(a0, b0, c, d, a1, b1, c, d);
    ccd_params p = default_params();
    for (int i = 0; i < 3; ++i) {
        void *s = ms[i]->scratch_new ? ms[i]->scratch_new() : NULL;
        ccd_result r;
        ck_assert_int_eq(ccd_method_run(&r, ms[i], &q, &p, s), CCD_OK);
        ck_assert_int_eq(r.collides, 1);
        ck_assert_int_eq(ccd_method_run(&r, ms[i], &e, &p, s), CCD_OK);
        ck_assert_int_eq(r.collides, 1);
        ck_assert_int_eq(ccd_method_run(&r, ms[i], &q, &p, NULL), CCD_OK); /* no scratch */
        ck_assert_int_eq(r.collides, 1);
        if (ms[i]->scratch_free)
            ms[i]->scratch_free(s);
    }
}
END_TEST

/* ------------------------------------------------------------ filter rigour */

/* Random query with coordinates m·2^scale, m ∈ (-1, 1) (53 bits), sometimes sharing a
 * large common offset (cancellation). */
static ccd_query random_query(rng *g, ccd_kind kind, int scale)
{
    ccd_query q;
    memset(&q, 0, sizeof q);
    q.kind = kind;
    const int mode = (int)(rng_next(g) % 4);
    double base[3];
    for (int a = 0; a < 3; ++a)
        base[a] = ldexp(rng_sym(g), scale);
    for (int r = 0; r < 8; ++r)
        for (int a = 0; a < 3; ++a) {
            double x = ldexp(rng_sym(g), scale);
            if (mode == 1) /* clustered around a common point: heavy cancellation */
                x = base[a] + ldexp(rng_sym(g), scale - 20);
            if (mode == 2 && a == 2) /* coplanar motion */
                x = 0.0;
            q.v[r][a] = x;
        }
    if (mode == 3 && kind == CCD_VF) {
        /* the vertex meets the triangle's centroid at t = 0.5 (up to rounding) */
        for (int a = 0; a < 3; ++a) {
            const double centre0 = (q.v[1][a] + q.v[2][a] + q.v[3][a]) / 3.0;
            const double centre1 = (q.v[5][a] + q.v[6][a] + q.v[7][a]) / 3.0;
            const double w = q.v[0][a];
            q.v[0][a] = centre0 + w;
            q.v[4][a] = centre1 - w;
        }
    }
    return q;
}

static double max_abs_axis(const ccd_query *q, int axis)
{
    double m = 0;
    for (int r = 0; r < 8; ++r)
        m = fmax(m, fabs(q->v[r][axis]));
    return m;
}

START_TEST(test_linear_filter_is_rigorous)
{
    /* Random corners at scales 2^-1070 (subnormal) … 2^900: |computed − exact| ≤ ε.
     * The same check must fail for the clamped filter at large scales (so it can fail). */
    static const int scales[] = {-1070, -1040, -600, -20, -1, 0, 1, 20, 40, 300, 900};
    rng g = {12345};
    mpq_t exact, computed, err, eps;
    mpq_init(exact);
    mpq_init(computed);
    mpq_init(err);
    mpq_init(eps);
    long clamped_violations = 0;
    for (size_t si = 0; si < sizeof scales / sizeof scales[0]; ++si)
        for (int n = 0; n < 300; ++n) {
            const ccd_kind kind = n % 2 ? CCD_EE : CCD_VF;
            ccd_query q = random_query(&g, kind, scales[si]);
            ccd_params p = default_params();
            ccd_ti_query tq;
            ck_assert_int_eq(ccd_ti_query_init(&tq, &q, &p, 0.0, 1.0, CCD_TI_SCALAR), CCD_OK);
            for (int c = 0; c < 8; ++c) {
                /* box corners: random dyadics, 0 and 1 */
                const double t = c & 1 ? rng_unit(&g) : (double)(c & 2 ? 1 : 0);
                const double u = rng_unit(&g), v = c & 4 ? 1.0 : rng_unit(&g);
                double f[3];
                ccd_ti_corner_value(f, &tq, t, u, v);
                for (int a = 0; a < 3; ++a) {
                    test_ti_exact_corner(exact, &q, a, t, u, v);
                    mpq_set_d(computed, f[a]);
                    mpq_sub(err, computed, exact);
                    mpq_abs(err, err);
                    const double m = max_abs_axis(&q, a);
                    mpq_set_d(eps, ccd_ti_filter_eps(CCD_FILTER_LINEAR, kind, 0, m));
                    ck_assert_msg(mpq_cmp(err, eps) <= 0, "linear filter violated at scale 2^%d",
                                  scales[si]);
                    mpq_set_d(eps, ccd_ti_filter_eps(CCD_FILTER_CLAMPED, kind, 0, m));
                    clamped_violations += mpq_cmp(err, eps) > 0;
                }
            }
        }
    ck_assert_int_gt(clamped_violations, 0);
    mpq_clear(exact);
    mpq_clear(computed);
    mpq_clear(err);
    mpq_clear(eps);
}
END_TEST

START_TEST(test_linear_filter_scales)
{
    /* ε(2^k M) = 2^k ε(M) in the normal range; the floor only matters below it. */
    for (int k = -900; k <= 900; k += 50) {
        const double m = 0.7;
        ck_assert(ccd_ti_filter_eps(CCD_FILTER_LINEAR, CCD_VF, 0, ldexp(m, k)) ==
                  ldexp(ccd_ti_filter_eps(CCD_FILTER_LINEAR, CCD_VF, 0, m), k));
        ck_assert(ccd_ti_filter_eps(CCD_FILTER_LINEAR, CCD_EE, 0, ldexp(m, k)) ==
                  ldexp(ccd_ti_filter_eps(CCD_FILTER_LINEAR, CCD_EE, 0, m), k));
    }
    ck_assert(ccd_ti_filter_eps(CCD_FILTER_LINEAR, CCD_VF, 0, 0.0) > 0.0);
    /* The paper's filter is cubic above 1, the clamped one constant. */
    ck_assert(ccd_ti_filter_eps(CCD_FILTER_PAPER, CCD_VF, 0, 1024.0) ==
              ldexp(ccd_ti_filter_eps(CCD_FILTER_PAPER, CCD_VF, 0, 1.0), 30));
    ck_assert(ccd_ti_filter_eps(CCD_FILTER_CLAMPED, CCD_EE, 0, 1024.0) ==
              ccd_ti_filter_eps(CCD_FILTER_CLAMPED, CCD_EE, 0, 1.0));
    ck_assert(ccd_ti_filter_eps(CCD_FILTER_PAPER, CCD_VF, 1, 1.0) >
              ccd_ti_filter_eps(CCD_FILTER_PAPER, CCD_VF, 0, 1.0));
}
END_TEST

START_TEST(test_scaled_queries_same_decisions)
{
    /* Scaling coordinates and δ by 2^k scales every rounding: same decisions, same checks,
     * same toi with the linear filter (2^-20 … 2^40). */
    const point in0 = {-1, 0.2, 0}, in1 = {1, 0.2, 0}, hit0 = {0.25, 0.25, 1},
                hit1 = {0.25, 0.25, -1}, miss0 = {2, 2, 1}, miss1 = {2, 2, -1},
                near0 = {0.25, 0.25, 1e-12}, near1 = {0.3, 0.25, 1e-12};
    ccd_query qs[4] = {vf_static_triangle(in0, in1), vf_static_triangle(hit0, hit1),
                       vf_static_triangle(miss0, miss1), vf_static_triangle(near0, near1)};
    for (int i = 0; i < 4; ++i) {
        ccd_params p = default_params();
        ccd_option_value opt[CCD_TI_OPT_COUNT];
        use_options(&p, opt);
        const ccd_result ref = solve(&qs[i], &p, CCD_TI_SCALAR, 0);
        for (int k = -20; k <= 40; k += 10) {
            ccd_query q = qs[i];
            for (int r = 0; r < 8; ++r)
                for (int a = 0; a < 3; ++a)
                    q.v[r][a] = ldexp(q.v[r][a], k);
            opt[CCD_TI_OPT_DELTA].d = ldexp(1e-6, k);
            const ccd_result r = solve(&q, &p, CCD_TI_SCALAR, 0);
            ck_assert_int_eq(r.collides, ref.collides);
            ck_assert_int_eq(r.checks, ref.checks);
            ck_assert(r.toi == ref.toi || (isinf(r.toi) && isinf(ref.toi)));
        }
    }
}
END_TEST

/* ------------------------------------------------------------ scalar == SIMD */

static void assert_same_result(const ccd_result *a, const ccd_result *b)
{
    ck_assert_int_eq(a->collides, b->collides);
    ck_assert(a->toi == b->toi || (isinf(a->toi) && isinf(b->toi)));
    ck_assert_int_eq(a->checks, b->checks);
    ck_assert_int_eq(a->hit_max_checks, b->hit_max_checks);
    ck_assert(a->tolerance == b->tolerance);
}

START_TEST(test_simd_matches_scalar_random)
{
    /* Random queries over many scales and degenerate modes, m_I = 3000 to bound the time. */
    rng g = {99};
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    int compared = 0;
    for (int n = 0; n < 3000; ++n) {
        const ccd_kind kind = n % 2 ? CCD_EE : CCD_VF;
        ccd_query q = random_query(&g, kind, (int)(rng_next(&g) % 70) - 30);
        ccd_params p = default_params();
        ccd_option_value opt[CCD_TI_OPT_COUNT];
        use_options(&p, opt);
        opt[CCD_TI_OPT_MAX_CHECKS].i = 3000;
        if (n % 5 == 0)
            p.ms = ldexp(rng_unit(&g), (int)(rng_next(&g) % 40) - 40);
        ccd_result ref;
        ck_assert_int_eq(ccd_ti_solve(&ref, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
        for (int isa = CCD_TI_AVX2; isa <= CCD_TI_AVX512; ++isa) {
            if (!ccd_ti_kernel((ccd_ti_isa)isa, kind))
                continue;
            ccd_result r;
            ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, (ccd_ti_isa)isa, 0, s), CCD_OK);
            assert_same_result(&r, &ref);
            ++compared;
        }
    }
    if (!compared)
        fprintf(stderr, "SKIP %s: no SIMD kernel on this CPU/compiler\n", __func__);
    ccd_ti_scratch_free(s);
}
END_TEST

START_TEST(test_simd_kernels_bitwise)
{
    /* Put the acceptance bound exactly on a computed corner value: a one-ulp difference
     * between kernels would flip a comparison.  Random boxes, every kernel. */
    rng g = {4242};
    for (int n = 0; n < 20000; ++n) {
        const ccd_kind kind = n % 2 ? CCD_EE : CCD_VF;
        ccd_query q = random_query(&g, kind, (int)(rng_next(&g) % 40) - 20);
        ccd_params p = default_params();
        ccd_ti_query tq;
        ck_assert_int_eq(ccd_ti_query_init(&tq, &q, &p, 0.0, 1.0, CCD_TI_SCALAR), CCD_OK);
        double t0 = rng_unit(&g), t1 = rng_unit(&g), u0 = rng_unit(&g), u1 = rng_unit(&g),
               v0 = rng_unit(&g), v1 = rng_unit(&g);
        double f[3];
        ccd_ti_corner_value(f, &tq, n % 3 ? t0 : t1, n % 5 ? u1 : u0, n % 7 ? v0 : v1);
        for (int a = 0; a < 3; ++a)
            tq.bound[a] = fabs(f[a]);
        const unsigned ref = ccd_ti_kernel(CCD_TI_SCALAR, kind)(&tq, t0, t1, u0, u1, v0, v1);
        for (int isa = CCD_TI_AVX2; isa <= CCD_TI_AVX512; ++isa) {
            ccd_ti_kernel_fn k = ccd_ti_kernel((ccd_ti_isa)isa, kind);
            if (k)
                ck_assert_uint_eq(k(&tq, t0, t1, u0, u1, v0, v1), ref);
        }
    }
}
END_TEST

/* ------------------------------------------------------------ the search options */

/* Hand-built queries whose earliest contact is known exactly, at d = 0 and at
 * d = 0.1 (L∞, the distance of Tight Inclusion's minimum separation). */
typedef struct known_contact {
    const char *name;
    ccd_query q;
    double toi[2]; /* exact earliest time within d = 0 and d = 0.1 (the double nearest) */
} known_contact;

static int known_contacts(known_contact k[4])
{
    /* vertex falling through the triangle: z = 1 - 2t */
    const point p0 = {0.25, 0.25, 1}, p1 = {0.25, 0.25, -1};
    k[0] = (known_contact){"falling vertex", vf_static_triangle(p0, p1), {0.5, 0.45}};
    /* vertex sliding in the triangle's plane into the edge x = 0: x = -1 + 2t */
    const point s0 = {-1, 0.2, 0}, s1 = {1, 0.2, 0};
    k[1] = (known_contact){"sliding vertex", vf_static_triangle(s0, s1), {0.5, 0.45}};
    /* triangle rising through a vertex at rest: z = -1 + 4t */
    const point v = {0.2, 0.3, 0};
    const point a0 = {0, 0, -1}, b0 = {1, 0, -1}, c0 = {0, 1, -1};
    const point a1 = {0, 0, 3}, b1 = {1, 0, 3}, c1 = {0, 1, 3};
    k[2] = (known_contact){"rising triangle", vf_query(v, a0, b0, c0, v, a1, b1, c1),
                           {0.25, 0.225}};
    /* edge along x falling through an edge along y at rest: z = 1 - 2t */
    const point e0 = {-1, 0, 1}, f0 = {1, 0, 1}, e1 = {-1, 0, -1}, f1 = {1, 0, -1};
    const point g = {0, -1, 0}, h = {0, 1, 0};
    k[3] = (known_contact){"falling edge", ee_query(e0, f0, g, h, e1, f1, g, h), {0.5, 0.45}};
    return 4;
}

/* What every search and stopping rule promises on a query with contact at exact
 * time `exact`: a contact; toi no later than it (conservative); unless m_I stopped
 * the search, no earlier than it by more than 1e-5 or 4 tol_t (tol_t = δ / κ_t; on
 * these well-conditioned queries); and when a proof ended the search
 * (toi_upper > toi), a proven time no earlier than the contact and within tol_t of
 * toi. */
static void assert_brackets(const ccd_result *r, const ccd_query *q, const ccd_params *p,
                            double exact, const char *what)
{
    ccd_ti_query tq;
    ck_assert_int_eq(ccd_ti_query_init(&tq, q, p, p->ms, 1.0, CCD_TI_SCALAR), CCD_OK);
    const double delta = ccd_option_double(p, &ccd_method_tight_inclusion, CCD_TI_OPT_DELTA);
    const double tol_t = delta / tq.kappa[0];
    ck_assert_msg(r->collides == 1, "%s: no contact", what);
    ck_assert_msg(r->toi <= exact, "%s: toi %.17g after the contact at %.17g", what, r->toi,
                  exact);
    ck_assert_msg(r->hit_max_checks || r->toi >= exact - fmax(1e-5, 4 * tol_t),
                  "%s: toi %.17g too early for the contact at %.17g", what, r->toi, exact);
    ck_assert_msg(r->toi_upper >= r->toi, "%s: toi_upper %.17g < toi %.17g", what, r->toi_upper,
                  r->toi);
    if (r->toi_upper > r->toi && isfinite(r->toi_upper)) {
        ck_assert_msg(r->toi_upper >= exact - 1e-12,
                      "%s: proven contact at %.17g before the earliest one at %.17g", what,
                      r->toi_upper, exact);
        ck_assert_msg(r->toi_upper - r->toi <= tol_t,
                      "%s: bracket [%.17g, %.17g] wider than tol_t = %.3g", what, r->toi,
                      r->toi_upper, tol_t);
    }
}

/* The level search and the earliest-first search, each with stop=boxes and
 * stop=prove, the start proof on or off and the time advance on or off, at d = 0
 * and d = 0.1, with and without an m_I stop; and the depth-first search: every
 * answer brackets the known contact. */
START_TEST(test_search_options_bracket_the_contact)
{
    known_contact k[4];
    const int n = known_contacts(k);
    static const long budgets[] = {100000, 2000, 60, 7};
    static const double deltas[] = {1e-6, 1e-3};
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    ck_assert_ptr_nonnull(s);
    for (int i = 0; i < n; i++)
        for (int de = 0; de < 4; de++) /* d = 0, 0.1 × δ = 1e-6, 1e-3 */
            for (size_t bi = 0; bi < sizeof budgets / sizeof budgets[0]; bi++)
                for (int variant = 0; variant <= 24; variant++) {
                    const int di = de >> 1, ei = de & 1;
                    ccd_params p = default_params();
                    ccd_option_value opt[CCD_TI_OPT_COUNT];
                    use_options(&p, opt);
                    p.ms = di ? 0.1 : 0.0;
                    opt[CCD_TI_OPT_MAX_CHECKS].i = budgets[bi];
                    opt[CCD_TI_OPT_DELTA].d = deltas[ei];
                    /* 24: depth-first; else search = levels, earliest, adaptive (from
                     * a level of more than 4 boxes) × stop × start × advance */
                    const int dfs = variant == 24;
                    const int search = variant % 3, bits = variant / 3;
                    const int prove = bits & 1, start = bits & 2, advance = !(bits & 4);
                    static const char *const search_name[] = {"levels", "earliest", "adaptive"};
                    opt[CCD_TI_OPT_SEARCH].i = search == 1   ? CCD_TI_SEARCH_EARLIEST
                                               : search == 2 ? CCD_TI_SEARCH_ADAPTIVE
                                                             : CCD_TI_SEARCH_LEVELS;
                    opt[CCD_TI_OPT_LEVEL_MAX].i = 4;
                    opt[CCD_TI_OPT_STOP].i = prove ? CCD_TI_STOP_PROVE : CCD_TI_STOP_BOXES;
                    opt[CCD_TI_OPT_START].i = start ? CCD_TI_START_PROVE : CCD_TI_START_SEARCH;
                    if (!advance)
                        opt[CCD_TI_OPT_ADVANCE].i = 0;
                    char what[192];
                    if (dfs)
                        snprintf(what, sizeof what, "%s, d = %g, δ = %g, m_I = %ld, depth-first",
                                 k[i].name, p.ms, deltas[ei], budgets[bi]);
                    else
                        snprintf(what, sizeof what,
                                 "%s, d = %g, δ = %g, m_I = %ld, search=%s stop=%s start=%s "
                                 "advance=%s",
                                 k[i].name, p.ms, deltas[ei], budgets[bi], search_name[search],
                                 prove ? "prove" : "boxes", start ? "prove" : "search",
                                 advance ? "default" : "0");
                    ccd_result r;
                    memset(&r, 0, sizeof r);
                    ck_assert_int_eq(ccd_ti_solve(&r, &k[i].q, &p, CCD_TI_SCALAR, dfs, s), CCD_OK);
                    assert_brackets(&r, &k[i].q, &p, k[i].toi[di], what);
                    if (r.hit_max_checks) /* m_I is a budget: a few checks may follow */
                        ck_assert_msg(r.checks >= budgets[bi] && r.checks <= 3 * budgets[bi] + 8,
                                      "%s: %ld checks", what, r.checks);
                }
    ccd_ti_scratch_free(s);
}
END_TEST

/* The level's next level made in place (ccd_ti_level_split) against the two-buffer
 * step it replaced: the kept boxes' lower halves in one run, upper halves of a t split
 * in another, merged by t (ties: lower first); a u or v split puts each upper half
 * right after its lower half.  Random walks of 120 splits from the root, in random
 * dimensions, random boxes kept and upper halves kept, so that t splits meet groups
 * of boxes with one t and the levels pass 64 bits of depth: spread over the domain
 * (random boxes kept), their boxes go from one word to three; gathered near a point
 * (only boxes within 4 cells of it kept, as a search keeps those near a contact),
 * their frame is fitted again and they stay in one word. */
typedef struct ref_box {
    uint64_t k[3];
} ref_box;

START_TEST(test_level_split_in_place)
{
    enum { MAX = 4096 };
    static ref_box ref[MAX], lo[2 * MAX], up[MAX];
    rng g = {2718};
    for (int walk = 0; walk < 20; walk++) {
        ccd_ti_level l;
        memset(&l, 0, sizeof l);
        ck_assert(ccd_ti_level_root(&l));
        size_t n = 1;
        ref[0] = (ref_box){{0, 0, 0}};
        const int gathered = walk % 2;
        const double centre[3] = {rng_unit(&g), rng_unit(&g), rng_unit(&g)};
        int crossed = 0;
        for (int step = 0; step < 120 && n > 0; step++) {
            int split = (int)(rng_next(&g) % 3);
            while (l.n[split] >= 52)
                split = (split + 1) % 3;
            ck_assert(ccd_ti_level_ready(&l));
            /* keep about as many boxes as make the next level near 300 */
            const uint64_t keep_per_64 = n < 150 ? 64 : 40;
            size_t kept = 0, nlo = 0, nup = 0;
            for (size_t i = 0; i < n; i++) {
                int near = 1;
                for (int d = 0; d < 3; d++)
                    near &= fabs(ldexp((double)ref[i].k[d], -l.n[d]) - centre[d]) <=
                            ldexp(4.0, -l.n[d]);
                if (gathered ? !near : rng_next(&g) % 64 >= keep_per_64)
                    continue;
                const int upper = gathered || (int)(rng_next(&g) & 1) || n < 4;
                ccd_ti_level_keep(&l, kept++, i, upper);
                ref_box b = ref[i];
                b.k[split] *= 2;
                lo[nlo++] = b;
                if (upper) {
                    b.k[split] += 1;
                    if (split == 0)
                        up[nup++] = b;
                    else
                        lo[nlo++] = b;
                }
            }
            size_t a = 0, c = 0, m = 0;
            while (a < nlo && c < nup)
                ref[m++] = up[c].k[0] < lo[a].k[0] ? up[c++] : lo[a++];
            while (a < nlo)
                ref[m++] = lo[a++];
            while (c < nup)
                ref[m++] = up[c++];
            ck_assert(m <= MAX);
            ck_assert(ccd_ti_level_split(&l, kept, split));
            /* spread: three words a box; gathered: one, past 64 bits of depth */
            crossed |= l.n[0] + l.n[1] + l.n[2] > 64 && l.words == (gathered ? 1 : 3);
            ck_assert_uint_eq(l.count, m);
            size_t same = 0; /* boxes equal to the reference, from the first (one Check
                              * assertion a level: each costs a message to the runner) */
            for (uint64_t k[3]; same < m; same++) {
                ccd_ti_level_box(k, &l, same);
                if (k[0] != ref[same].k[0] || k[1] != ref[same].k[1] || k[2] != ref[same].k[2])
                    break;
            }
            ck_assert_msg(same == m, "walk %d step %d: box %zu of %zu differs", walk, step, same,
                          m);
            n = m;
        }
        ck_assert_msg(crossed, "walk %d (%s) never passed 64 bits of depth in %d words", walk,
                      gathered ? "gathered" : "spread", gathered ? 1 : 3);
        ccd_ti_level_free(&l);
    }
}
END_TEST

/* search=adaptive on a continuum of contacts: edge b slides down across edge a in
 * their common plane, touching it from t = 2/3 on along a segment of (t, v).  The
 * level search refines that whole segment to the tolerance (61 million checks at
 * δ = 1e-6); from the first level wider than level_max the earliest-first search
 * refines its earliest end (270 checks alone).  Same collision, toi within δ's
 * time tolerance of 2/3, no m_I. */
START_TEST(test_adaptive_search_continuum)
{
    const point a0 = {-1, 0, 0}, b0 = {1, 0, 0}, c0 = {0, 1, 0}, d0 = {0, 2, 0};
    const point a1 = {-1, 0, 0}, b1 = {1, 0, 0}, c1 = {0, -0.5, 0}, d1 = {0, 0.5, 0};
    const ccd_query q = ee_query(a0, b0, c0, d0, a1, b1, c1, d1);
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    for (int adaptive = 0; adaptive < 2; adaptive++) {
        ccd_params p = default_params();
        ccd_option_value opt[CCD_TI_OPT_COUNT];
        use_options(&p, opt);
        opt[CCD_TI_OPT_MAX_CHECKS].i = 100000;
        opt[CCD_TI_OPT_SEARCH].i = adaptive ? CCD_TI_SEARCH_ADAPTIVE : CCD_TI_SEARCH_LEVELS;
        opt[CCD_TI_OPT_ADVANCE].i = 0; /* the searches alone */
        ccd_result r;
        ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
        ck_assert(r.collides && r.toi <= 2.0 / 3.0);
        ck_assert_int_eq(r.hit_max_checks, !adaptive);
        if (adaptive)
            ck_assert_msg(r.checks < 20000 && r.toi >= 2.0 / 3.0 - 1e-5, "%ld checks, toi %.17g",
                          r.checks, r.toi);
    }
    /* the defaults: the time advance clears time up to the touch and proves it (an end
     * of edge b lands on edge a, both in z = 0: tight_inclusion_crossing.c) */
    ccd_params p = default_params();
    ccd_result r;
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert(r.collides && !r.hit_max_checks && r.toi <= 2.0 / 3.0);
    ck_assert_msg(r.checks < 50 && r.toi >= 2.0 / 3.0 - 1e-5 && r.toi_upper >= 2.0 / 3.0,
                  "defaults: %ld checks, toi %.17g, toi_upper %.17g", r.checks, r.toi,
                  r.toi_upper);
    ccd_ti_scratch_free(s);
}
END_TEST

static Suite *tight_inclusion_suite(void)
{
    Suite *s = suite_create("tight_inclusion");
    TCase *hand = tcase_create("hand-built");
    tcase_add_test(hand, test_vf_clear_hit);
    tcase_add_test(hand, test_vf_clear_miss);
    tcase_add_test(hand, test_vf_contact_at_t0_and_t1);
    tcase_add_test(hand, test_vf_coplanar);
    tcase_add_test(hand, test_vf_moving_triangle);
    tcase_add_test(hand, test_ee_crossing_and_parallel);
    tcase_add_test(hand, test_ee_coplanar_collinear);
    tcase_add_test(hand, test_adaptive_search_continuum);
    tcase_add_test(hand, test_level_split_in_place);
    suite_add_tcase(s, hand);
    TCase *params = tcase_create("parameters");
    tcase_add_test(params, test_delta);
    tcase_add_test(params, test_max_checks);
    tcase_add_test(params, test_t_max);
    tcase_add_test(params, test_minimum_separation);
    tcase_add_test(params, test_separation_bound_outward);
    tcase_add_test(params, test_no_zero_toi);
    tcase_add_test(params, test_bad_input);
    tcase_add_test(params, test_depth_first);
    tcase_add_test(params, test_search_options_bracket_the_contact);
    tcase_add_test(params, test_scene_filter);
    tcase_add_test(params, test_method_objects);
    suite_add_tcase(s, params);
    TCase *filter = tcase_create("filter");
    tcase_add_test(filter, test_linear_filter_is_rigorous);
    tcase_add_test(filter, test_linear_filter_scales);
    tcase_add_test(filter, test_scaled_queries_same_decisions);
    suite_add_tcase(s, filter);
    TCase *simd = tcase_create("simd");
    /* generous: CI runs this under ASan on 2 shared cores */
    tcase_set_timeout(hand, 600);
    tcase_set_timeout(params, 600);
    tcase_set_timeout(filter, 600);
    tcase_set_timeout(simd, 600);
    tcase_add_test(simd, test_simd_matches_scalar_random);
    tcase_add_test(simd, test_simd_kernels_bitwise);
    suite_add_tcase(s, simd);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(tight_inclusion_suite());
    srunner_run_all(sr, CK_NORMAL);
    const int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
