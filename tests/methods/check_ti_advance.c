/* SPDX-License-Identifier: MIT */
/*
 * Tight Inclusion's time advance (option advance, src/methods/tight_inclusion_advance.c)
 * and the slab test it relies on (ccd_ti_slab_excluded, tight_inclusion_directions.c).
 *
 * - ccd_ti_slab_excluded never clears a slab that holds a contact: on hand-built
 *   cases (a falling vertex, approaching skew edges, a vertex beside the hypotenuse,
 *   where the VF domain must be the triangle and not the square) and on every query
 *   of the shared data that collides at d, against slabs around the exact toi with
 *   random and LP directions; it does clear the slabs before the toi, so the test can
 *   fail both ways.
 * - ccd_ti_advance_time on hand-built cases: a bracket of the exact toi within tol_t in
 *   a few LPs, NONE for a miss, never NONE for a grazing contact; at d = 0 (no
 *   contact provable within d) a bracket by the crossing proof, OPEN within tol_t
 *   before the contact without it, NONE for a miss.
 * - Edges sliding along each other at the touch (d = 0): decided within m_I, far
 *   within, no false negative, no toi after the exact one.
 * - On the shared data at d = 0, 1e-2, 1e-3, 1e-4, 1e-6, 1e-8 against the exact truth:
 *   NONE only where there is no contact, a BRACKET always holds the exact toi (at
 *   d = 0 a crossing's, for at least three quarters of the contacts), OPEN never
 *   clears past it; the whole method with every query sent to the advance
 *   (advance=1) has no false negative, toi never after the exact one, toi_upper never
 *   before it, and no more false positives than the published search (advance=0).
 *
 * Time: every CCD_MS_STRIDE-th query (default 16) at five d, m_I = 10^4.
 */
#include <config.h>

#include "exact/exact_ccd.h"
#include "methods/builtin.h"
#include "methods/tight_inclusion.h"
#include "test_query_set.h"
#include "test_support.h"
#include "ti_exact_setup.h"

#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static test_query_set data;

static int load(void)
{
    return test_query_set_load_ms(&data);
}

#define FOR_EACH_QUERY(q) TEST_QUERY_SET_FOR_EACH(q, &data)

typedef double point[3];

static ccd_ti_query prepare(const ccd_query *q, double d)
{
    ccd_params p;
    ccd_params_default(&p);
    ccd_ti_query tq;
    ck_assert_int_eq(ccd_ti_query_init(&tq, q, &p, d, 1.0, CCD_TI_SCALAR), CCD_OK);
    return tq;
}

/* ------------------------------------------------------------ the slab test */

START_TEST(test_slab_hand_built)
{
    /* A vertex falling onto the unit triangle: height 1 − 2t, within 0.01 from t = 0.495. */
    const point x0[4] = {{0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point x1[4] = {{0.25, 0.25, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    ccd_query q = test_query_from_frames(CCD_VF, x0, x1);
    ccd_ti_query tq = prepare(&q, 0.01);
    const double up[3] = {0, 0, 1}, down[3] = {0, 0, -1}, side[3] = {1, 0, 0};
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, up, 0.0, 0.49), 1);
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, up, 0.3, 0.4949), 1);
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, up, 0.0, 0.4951), 0); /* holds t = 0.495 */
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, up, 0.495, 0.495), 0);
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, down, 0.0, 0.49), 0);
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, side, 0.0, 0.49), 0);
    const double zero[3] = {0, 0, 0}, nan3[3] = {NAN, 0, 1};
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, zero, 0.0, 0.1), 0);
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, nan3, 0.0, 0.1), 0); /* not (±1, 0, 1) */

    /* Beside the hypotenuse, L∞ 0.1 away: the triangle's corners certify it, the
     * square's corner (1, 1) would not. */
    const point hyp[4] = {{0.6, 0.6, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = test_query_from_frames(CCD_VF, hyp, hyp);
    tq = prepare(&q, 0.09);
    const double diag[3] = {1, 1, 0};
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, diag, 0.0, 1.0), 1);
    tq = prepare(&q, 0.11);
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, diag, 0.0, 1.0), 0);

    /* Skew edges approaching: 0.1·(1 − t) apart in z, within 0.01 from t = 0.9. */
    const point s0[4] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0.1}, {0, 1, 0.1}};
    const point s1[4] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}};
    q = test_query_from_frames(CCD_EE, s0, s1);
    tq = prepare(&q, 0.01);
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, down, 0.0, 0.899), 1);
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, down, 0.0, 0.901), 0);
    ck_assert_int_eq(ccd_ti_slab_excluded(&tq, up, 0.0, 0.5), 0);
}
END_TEST

/* ------------------------------------------------------------ the advance, by hand */

static double tol_t(const ccd_ti_query *tq)
{
    return 1e-6 / tq->kappa[0];
}

START_TEST(test_advance_hand_built)
{
    ccd_ti_advance a;
    /* The falling vertex: toi = 0.495 exactly, bracketed within tol_t in a few LPs. */
    const point x0[4] = {{0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point x1[4] = {{0.25, 0.25, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    ccd_query q = test_query_from_frames(CCD_VF, x0, x1);
    ccd_ti_query tq = prepare(&q, 0.01);
    ck_assert_int_eq(ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256), CCD_TI_ADVANCE_BRACKET);
    ck_assert(a.s_clear <= 0.495 && a.s_contact >= 0.495);
    ck_assert(a.s_contact - a.s_clear <= tol_t(&tq));
    ck_assert_int_le(a.checks, 8);
    /* d ≤ ε: nothing provable within d, but the crossing (F = 0 inside the triangle)
     * is: the slabs clear up to within tol_t of the contact, never past it, and the
     * crossing brackets it there */
    tq = prepare(&q, 0.0);
    ck_assert_int_eq(ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256), CCD_TI_ADVANCE_BRACKET);
    ck_assert(a.s_clear <= 0.5 && a.s_clear >= 0.5 - 2 * tol_t(&tq));
    ck_assert(a.s_contact >= 0.5 && a.s_contact - a.s_clear <= tol_t(&tq));
    ck_assert_int_le(a.checks, 9);
    /* without the query's coordinates (tq.query NULL) no crossing is tried: OPEN */
    tq.query = NULL;
    ck_assert_int_eq(ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256), CCD_TI_ADVANCE_OPEN);
    ck_assert(a.s_clear <= 0.5 && a.s_clear >= 0.5 - 2 * tol_t(&tq));
    ck_assert(a.s_contact == INFINITY);
    ck_assert_int_le(a.checks, 8);

    /* Falling beside the triangle, 0.2 away: no contact. */
    const point m0[4] = {{-0.2, -0.2, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point m1[4] = {{-0.2, -0.2, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = test_query_from_frames(CCD_VF, m0, m1);
    tq = prepare(&q, 0.01);
    ck_assert_int_eq(ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256), CCD_TI_ADVANCE_NONE);
    ck_assert(a.s_clear == 1.0);
    tq = prepare(&q, 0.0); /* and at d = 0 */
    ck_assert_int_eq(ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256), CCD_TI_ADVANCE_NONE);
    ck_assert(a.s_clear == 1.0);
    /* passing 2^-30 beside the triangle's corner (far outside the filter's error,
     * within tol_t·2: the face's normal clears up to the crossing time, the LP turns
     * to the side once the gap along it is below 2^-30): a "no" at d = 0.  (2^-40 is
     * below the LP's own precision, a slack of 1e-12: the normal stays, OPEN.) */
    const point n0[4] = {{-0x1p-30, -0x1p-30, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point n1[4] = {{-0x1p-30, -0x1p-30, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = test_query_from_frames(CCD_VF, n0, n1);
    tq = prepare(&q, 0.0);
    ck_assert_int_eq(ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256), CCD_TI_ADVANCE_NONE);

    /* Grazing: the vertex slides over the triangle at height exactly 0.0078125 = d (a
     * dyadic, so the contact is exact at every t): never NONE, and a bracket must start
     * at 0. */
    const point g0[4] = {{0.1, 0.1, 0x1p-7}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point g1[4] = {{0.4, 0.4, 0x1p-7}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = test_query_from_frames(CCD_VF, g0, g1);
    tq = prepare(&q, 0x1p-7);
    const ccd_ti_advance_end end = ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256);
    ck_assert_int_ne(end, CCD_TI_ADVANCE_NONE);
    ck_assert(a.s_clear == 0.0);

    /* A vertex passing a triangle edge parallel to a face of the d-cube (the case of
     * docs/min-separation.md): edge v = 0 of the triangle, the vertex moving in −y at
     * z = 0; within 0.01 when y ≤ 0.01, at t = 0.99/1.98 = 0.5. */
    const point e0[4] = {{0.5, -1, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point e1[4] = {{0.5, 0.98, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = test_query_from_frames(CCD_VF, e0, e1);
    tq = prepare(&q, 0.01);
    ck_assert_int_eq(ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256), CCD_TI_ADVANCE_BRACKET);
    ck_assert(a.s_clear <= 0.5 && a.s_contact >= 0.5);
    ck_assert_int_le(a.checks, 8);

    /* A degenerate LP (unit-tests/vertex-face/data_0_0 query 12): at t = 0 the vertex
     * is L∞ 1 from the face on three axes at once, so several sets of three rows are
     * tight at the optimum and only some have a dual λ ≥ 0.  The first enumerated
     * gave w = (2, 0, 1), which cleared nothing (the advance stopped OPEN and the
     * search ran to m_I); the direction is the face normal (0, 1, 0). */
    const point h0[4] = {{0, 1, 0}, {-1, 0, 1}, {1, 0, 1}, {0, 0, -1}};
    const point h1[4] = {{0, 2, -0x1p-23}, {-1, 2, 1}, {1, 2, 1}, {0, 2, -1}};
    q = test_query_from_frames(CCD_VF, h0, h1);
    tq = prepare(&q, 0.01);
    double uv[2], w[3];
    int basis[3] = {-1, -1, -1};
    ck_assert_int_eq(ccd_ti_probe_time(uv, w, basis, &tq, 0.0), -1);
    ck_assert(w[1] > 0.0 && fabs(w[0]) <= 1e-12 * w[1] && fabs(w[2]) <= 1e-12 * w[1]);
    ck_assert_int_eq(ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256), CCD_TI_ADVANCE_BRACKET);
    ck_assert(a.s_clear <= 0.99 && a.s_contact >= 0.99);
    ck_assert_int_le(a.checks, 8);

    /* Skew edges: toi 0.9. */
    const point s0[4] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0.1}, {0, 1, 0.1}};
    const point s1[4] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}};
    q = test_query_from_frames(CCD_EE, s0, s1);
    tq = prepare(&q, 0.01);
    ck_assert_int_eq(ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256), CCD_TI_ADVANCE_BRACKET);
    ck_assert(a.s_clear <= 0.9 && a.s_contact >= 0.9);
}
END_TEST

/* m_I bounds the search, the advance and the search after it together. */
START_TEST(test_advance_within_max_checks)
{
    const point x0[4] = {{0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point x1[4] = {{0.25, 0.25, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const ccd_query q = test_query_from_frames(CCD_VF, x0, x1);
    ccd_params p;
    ccd_params_default(&p);
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    ccd_options_default(opt, &ccd_method_tight_inclusion);
    p.options = opt;
    p.ms = 0.01;
    ck_assert_int_eq(opt[CCD_TI_OPT_ADVANCE].i, 1); /* the default: after one check */
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    ccd_result r;
    opt[CCD_TI_OPT_MAX_CHECKS].i = 1000;
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert(r.collides && !r.hit_max_checks && r.toi <= 0.495 && r.toi_upper >= 0.495);
    const long needed = r.checks;
    ck_assert_int_le(needed, 1 + 8);
    opt[CCD_TI_OPT_MAX_CHECKS].i = needed - 1; /* one LP short: the conservative answer */
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert(r.collides && r.hit_max_checks && r.toi <= 0.495);
    ck_assert_int_le(r.checks, needed - 1);
    /* d = 0: the crossing proof's tries count within m_I too */
    p.ms = 0.0;
    opt[CCD_TI_OPT_MAX_CHECKS].i = 1000;
    ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
    ck_assert(r.collides && !r.hit_max_checks && r.toi <= 0.5 && r.toi_upper >= 0.5);
    const long needed0 = r.checks;
    for (long m = 2; m < needed0; ++m) {
        opt[CCD_TI_OPT_MAX_CHECKS].i = m;
        ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
        ck_assert(r.collides && r.hit_max_checks && r.toi <= 0.5);
        ck_assert_msg(r.checks <= m, "m_I %ld: %ld checks", m, r.checks);
    }
    ccd_ti_scratch_free(s);
}
END_TEST

/* Random queries, many degenerate on purpose (a face or edge in the plane z = 0,
 * static primitives, coordinates on a coarse grid so that contacts are often exactly
 * at distance d): the method with every query sent to the advance against the exact
 * L∞ truth.  Runs in the hand-built case: it needs no shared data. */
START_TEST(test_advance_random_exact)
{
    ccd_exact_ctx *ctx;
    ccd_algebraic *toi;
    ccd_ti_scratch *s;
    mpq_t d;
    ccd_params p;
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    ti_exact_setup(&ctx, &toi, &s, d, &p, opt, 100000);
    opt[CCD_TI_OPT_ADVANCE].i = 1;
    uint64_t state = 23;
    long positives = 0, decided = 0;
    for (int i = 0; i < 3000; ++i) {
        point x0[4], x1[4];
        const int grid = i % 3 == 0; /* multiples of 1/8: exact ties with d = 2^-k */
        for (int k = 0; k < 4; ++k)
            for (int a = 0; a < 3; ++a) {
                x0[k][a] = test_rng_unit(&state) - 0.5;
                x1[k][a] = x0[k][a] + (test_rng_unit(&state) - 0.5) * 0.4;
                if (grid) {
                    x0[k][a] = round(x0[k][a] * 8.0) / 8.0;
                    x1[k][a] = round(x1[k][a] * 8.0) / 8.0;
                }
            }
        if (i % 4 == 1) /* a face (VF) or the second edge (EE) in z = 0 */
            for (int k = (i % 2 ? 1 : 2); k < 4; ++k)
                x0[k][2] = x1[k][2] = 0.0;
        if (i % 7 == 3) /* static */
            for (int k = 0; k < 4; ++k)
                for (int a = 0; a < 3; ++a)
                    x1[k][a] = x0[k][a];
        const ccd_query q = test_query_from_frames(i % 2 ? CCD_VF : CCD_EE, x0, x1);
        p.ms = i % 11 == 5 ? 0.0 : ldexp(1.0, -(int)(1 + i % 10)); /* and d = 0 */
        mpq_set_d(d, p.ms);
        int collides;
        ck_assert_int_eq(ccd_exact_decide(&collides, toi, &q, d, 0, ctx), CCD_OK);
        ccd_result r;
        ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
        positives += collides;
        decided += !r.hit_max_checks;
        ck_assert_msg(!collides || r.collides, "query %d (d = %g): false negative", i, p.ms);
        if (collides) {
            ck_assert_msg(ccd_algebraic_cmp_d(toi, r.toi) >= 0,
                          "query %d (d = %g): toi %.17g after the exact one", i, p.ms, r.toi);
            if (r.toi_upper > r.toi)
                ck_assert_msg(ccd_algebraic_cmp_d(toi, r.toi_upper) <= 0,
                              "query %d (d = %g): toi_upper %.17g before the exact toi", i,
                              p.ms, r.toi_upper);
        } else {
            ck_assert_msg(!(r.collides && r.toi_upper > r.toi),
                          "query %d (d = %g): a bracket without a contact", i, p.ms);
        }
    }
    fprintf(stderr, "advance, random: %ld of 3000 collide; %ld decided within m_I\n", positives,
            decided);
    ck_assert_int_gt(positives, 300);
    ck_assert_int_lt(positives, 2700);
    ti_exact_teardown(ctx, toi, s, d);
}
END_TEST

/* Edges that slide along each other at the touch (a continuum of contacts, within ε
 * of one another along the whole segment): the shipped parallel edges (exactly
 * collinear at t = 1/2) and erleben-cube-cliff-edges' diagonals, one endpoint moved
 * off the line by k·2^-57 (k = -4 … 4, the size of that scene's offsets).  The
 * default method (advance, then the adaptive search, whose earliest-first part orders
 * boxes across the cleared time by max(t, s_floor)) must decide each within far
 * fewer checks than m_I (before that order: 10^6, m_I, on 6 such shared queries),
 * with no false negative and no toi after the exact one. */
START_TEST(test_continuum_after_advance)
{
    ccd_exact_ctx *ctx;
    ccd_algebraic *toi;
    ccd_ti_scratch *s;
    mpq_t d;
    ccd_params p;
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    ti_exact_setup(&ctx, &toi, &s, d, &p, opt, 1000000);
    p.ms = 0.0;
    mpq_set_d(d, 0.0);
    long worst = 0;
    for (int k = -5; k <= 4; ++k) {
        point x0[4], x1[4];
        if (k == -5) { /* datasets/default/parallel, edge-edge query 0 */
            const point a0[4] = {{-1, 0, 0}, {1, 0, 0}, {-1, 0, 1}, {1, 0, 1}};
            const point a1[4] = {{-1, 0, 0}, {1, 0, 0}, {-1, 0, -1}, {1, 0, -1}};
            memcpy(x0, a0, sizeof x0), memcpy(x1, a1, sizeof x1);
        } else { /* a diagonal falling onto another at t = 1/2 */
            const point a0[4] = {{1, 0.75, 1}, {0, 0.75, 0}, {0, 0.5, 0}, {1, 0.5, 1}};
            const point a1[4] = {{1, 0.25, 1}, {0, 0.25, 0}, {0, 0.5, 0}, {1, 0.5, 1}};
            memcpy(x0, a0, sizeof x0), memcpy(x1, a1, sizeof x1);
            x0[1][2] += ldexp(k, -57);
            x1[1][0] -= ldexp(k, -58);
        }
        const ccd_query q = test_query_from_frames(CCD_EE, x0, x1);
        int collides;
        ck_assert_int_eq(ccd_exact_decide(&collides, toi, &q, d, 0, ctx), CCD_OK);
        ccd_result r;
        ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
        ck_assert_msg(!collides || r.collides, "k = %d: false negative", k);
        if (collides)
            ck_assert_msg(ccd_algebraic_cmp_d(toi, r.toi) >= 0,
                          "k = %d: toi %.17g after the exact one", k, r.toi);
        ck_assert_msg(!r.hit_max_checks, "k = %d: m_I", k);
        worst = r.checks > worst ? r.checks : worst;
    }
    fprintf(stderr, "continua after the advance: at most %ld checks\n", worst);
    ck_assert_int_le(worst, 20000);
    ti_exact_teardown(ctx, toi, s, d);
}
END_TEST

/* ------------------------------------------------------------ against the exact truth */

/* Slabs around the exact toi of every colliding query: never cleared, whatever w. */
START_TEST(test_slab_exact)
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
    uint64_t state = 11;
    long tried = 0, cleared_before = 0;
    static const double ds[] = {0.0, 1e-2, 1e-4};
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        mpq_set_d(d, ds[i]);
        FOR_EACH_QUERY(q)
        {
            int collides;
            ck_assert_int_eq(ccd_exact_decide(&collides, toi, q, d, 0, ctx), CCD_OK);
            if (!collides)
                continue;
            const double lo = ccd_algebraic_round_down(toi), hi = ccd_algebraic_round_up(toi);
            ccd_ti_query tq = prepare(q, ds[i]);
            for (int k = 0; k < 4; ++k) {
                /* a direction: the LP's at a time before the toi, or random */
                const double before = lo * test_rng_unit(&state);
                double w[3], uv[2];
                int basis[3] = {-1, -1, -1};
                if (k % 2 || ccd_ti_probe_time(uv, w, basis, &tq, before) != -1)
                    for (int a = 0; a < 3; ++a)
                        w[a] = test_rng_unit(&state) - 0.5;
                const double t0 = fmax(lo - test_rng_unit(&state) * 1e-3 * (k + 1), 0.0);
                const double t1 = fmin(hi + test_rng_unit(&state) * 1e-3 * k, 1.0);
                ++tried;
                ck_assert_msg(!ccd_ti_slab_excluded(&tq, w, t0, t1),
                              "d = %g, query %llu: slab [%.17g, %.17g] holding the toi cleared",
                              ds[i], (unsigned long long)q->index, t0, t1);
                if (k == 0 && before < lo)
                    cleared_before += ccd_ti_slab_excluded(&tq, w, 0.0, before);
            }
        }
    }
    fprintf(stderr, "slab test: %ld slabs holding the toi kept; %ld slabs before it cleared\n",
            tried, cleared_before);
    ck_assert_int_gt(tried, 1000);
    ck_assert_int_gt(cleared_before, tried / 16);
    ti_exact_teardown(ctx, toi, s, d);
}
END_TEST

START_TEST(test_advance_exact)
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
    static const double ds[] = {0.0, 1e-2, 1e-3, 1e-4, 1e-6, 1e-8};
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        p.ms = ds[i];
        mpq_set_d(d, ds[i]);
        long n = 0, pos = 0, ends[3] = {0, 0, 0}, fn = 0, late = 0, early_upper = 0;
        long fp_advance = 0, fp_published = 0, mi_advance = 0, mi_published = 0;
        FOR_EACH_QUERY(q)
        {
            int collides;
            ck_assert_int_eq(ccd_exact_decide(&collides, toi, q, d, 0, ctx), CCD_OK);
            n++;
            pos += collides;
            /* the advance alone */
            ccd_ti_query tq = prepare(q, ds[i]);
            ccd_ti_advance a;
            const ccd_ti_advance_end end = ccd_ti_advance_time(&a, &tq, tol_t(&tq), 256);
            ends[end]++;
            if (end == CCD_TI_ADVANCE_NONE)
                ck_assert_msg(!collides, "d = %g, query %llu: NONE but a contact", ds[i],
                              (unsigned long long)q->index);
            if (end == CCD_TI_ADVANCE_BRACKET)
                ck_assert_msg(collides && ccd_algebraic_cmp_d(toi, a.s_clear) >= 0 &&
                                  ccd_algebraic_cmp_d(toi, a.s_contact) <= 0,
                              "d = %g, query %llu: the bracket [%.17g, %.17g] misses the toi",
                              ds[i], (unsigned long long)q->index, a.s_clear, a.s_contact);
            if (end == CCD_TI_ADVANCE_OPEN && collides)
                ck_assert_msg(ccd_algebraic_cmp_d(toi, a.s_clear) >= 0,
                              "d = %g, query %llu: cleared past the toi to %.17g", ds[i],
                              (unsigned long long)q->index, a.s_clear);
            /* the method, every query through the advance, and as published */
            ccd_result e, b;
            opt[CCD_TI_OPT_ADVANCE].i = 1;
            ck_assert_int_eq(ccd_ti_solve(&e, q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
            opt[CCD_TI_OPT_ADVANCE].i = 0;
            ck_assert_int_eq(ccd_ti_solve(&b, q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
            fp_advance += e.collides && !collides;
            fp_published += b.collides && !collides;
            mi_advance += e.hit_max_checks;
            mi_published += b.hit_max_checks;
            if (collides && !e.collides)
                fn++, fprintf(stderr, "d = %g: false negative at query %llu\n", ds[i],
                              (unsigned long long)q->index);
            if (collides && e.collides && ccd_algebraic_cmp_d(toi, e.toi) < 0)
                late++, fprintf(stderr, "d = %g: toi %.17g after the exact one (query %llu)\n",
                                ds[i], e.toi, (unsigned long long)q->index);
            if (e.collides && e.toi_upper > e.toi &&
                (!collides || ccd_algebraic_cmp_d(toi, e.toi_upper) > 0))
                early_upper++,
                    fprintf(stderr, "d = %g: toi_upper %.17g before the exact toi (query %llu)\n",
                            ds[i], e.toi_upper, (unsigned long long)q->index);
        }
        fprintf(stderr,
                "advance, d = %g: n=%ld exact positives=%ld; advance NONE %ld, BRACKET %ld, "
                "OPEN %ld; FP advance=1 %ld, advance=0 %ld; m_I hits %ld, %ld\n",
                ds[i], n, pos, ends[CCD_TI_ADVANCE_NONE], ends[CCD_TI_ADVANCE_BRACKET],
                ends[CCD_TI_ADVANCE_OPEN], fp_advance, fp_published, mi_advance, mi_published);
        ck_assert_int_eq(fn, 0);
        ck_assert_int_eq(late, 0);
        ck_assert_int_eq(early_upper, 0);
        ck_assert_int_le(fp_advance, fp_published);
        ck_assert_int_le(mi_advance, mi_published);
        /* the advance decides all but a few queries by itself (it is the point of it):
         * a direction that clears too little (a degenerate LP's, or one taken at
         * the wrong time) leaves dozens OPEN (736 and 14 at d = 1e-8) */
        if (ds[i] > 0.0)
            ck_assert_int_le(ends[CCD_TI_ADVANCE_OPEN], n / 200);
        else /* d = 0: a bracket where a crossing is proven (tight_inclusion_crossing.c),
              * most contacts; OPEN for the others (a touch at the triangle's boundary,
              * a crossing within the filter's error of another) */
            ck_assert_int_ge(ends[CCD_TI_ADVANCE_BRACKET] * 4, pos * 3);
    }
    ti_exact_teardown(ctx, toi, s, d);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("ti_advance");
    TCase *hand = tcase_create("hand-built");
    tcase_set_timeout(hand, 600); /* the random queries' exact truth, under ASan */
    tcase_add_test(hand, test_slab_hand_built);
    tcase_add_test(hand, test_advance_hand_built);
    tcase_add_test(hand, test_advance_within_max_checks);
    tcase_add_test(hand, test_advance_random_exact);
    tcase_add_test(hand, test_continuum_after_advance);
    suite_add_tcase(su, hand);
    TCase *tc = tcase_create("exact");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_slab_exact);
    tcase_add_test(tc, test_advance_exact);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    test_query_set_free(&data);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
