/* SPDX-License-Identifier: MIT */
/*
 * Tight Inclusion's crossing proof (ccd_ti_crossing_proven,
 * src/methods/tight_inclusion_crossing.c): F = 0 at some time of [t0, t1] inside the
 * domain, which the time advance uses to bracket the toi at d = 0.
 *
 * - Hand-built: a vertex falling through a triangle and skew edges passing through
 *   each other are proven within any window around the crossing and never outside
 *   one; a vertex passing beside the triangle, parallel edges, a fall exactly onto
 *   the triangle's edge (no shared plane), and a window that ends before the crossing
 *   are never proven.  A touch at an edge in a plane y = const (vertex on a side of
 *   the triangle, an edge's end on the other edge) is proven, but not past the edge's
 *   end, not with the vertex an ulp off the plane, nor with an inexact shared y.
 * - Exact: on random queries that cross (and degenerate ones: coplanar motion, grid
 *   coordinates whose contacts fall on the boundary, a coordinate shared by three
 *   points as on a cloth grid, inexact inputs), every proven
 *   window [t0, t1] is checked by the exact oracle on the query restricted to it
 *   (its points at t0 and t1 in rationals): it collides there.  Proofs do happen, so
 *   the test can fail both ways.
 */
#include <config.h>

#include "exact/exact_ccd.h"
#include "methods/tight_inclusion.h"
#include "test_support.h"

#include <check.h>
#include <gmp.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef double point[3];

START_TEST(test_crossing_hand_built)
{
    /* the vertex falls through the unit triangle at (0.25, 0.25): z = 1 − 2t, t = 0.5 */
    const point x0[4] = {{0.25, 0.25, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point x1[4] = {{0.25, 0.25, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    ccd_query q = test_query_from_frames(CCD_VF, x0, x1);
    ck_assert(ccd_ti_crossing_proven(&q, 0.4, 0.6));
    ck_assert(ccd_ti_crossing_proven(&q, 0.5 - 0x1p-40, 0.5 + 0x1p-40));
    ck_assert(ccd_ti_crossing_proven(&q, 0.45, 0.55));
    ck_assert(!ccd_ti_crossing_proven(&q, 0.1, 0.4));           /* before */
    ck_assert(!ccd_ti_crossing_proven(&q, 0.6, 0.9));           /* after */
    ck_assert(!ccd_ti_crossing_proven(&q, 0.5 - 0x1p-40, 0.5)); /* F = 0 at t1 alone: no
                                                                * strict sign change */
    ck_assert(!ccd_ti_crossing_proven(&q, 0.6, 0.4));           /* not a window */
    /* beside the triangle: never */
    const point m0[4] = {{-0.2, -0.2, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point m1[4] = {{-0.2, -0.2, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = test_query_from_frames(CCD_VF, m0, m1);
    ck_assert(!ccd_ti_crossing_proven(&q, 0.0, 1.0));
    /* through the triangle's edge v = 0 exactly: a contact, but not an inside one */
    const point b0[4] = {{0.5, 0, 1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point b1[4] = {{0.5, 0, -1}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = test_query_from_frames(CCD_VF, b0, b1);
    ck_assert(!ccd_ti_crossing_proven(&q, 0.0, 1.0));
    /* skew edges: a segment of the x-axis and a y-parallel one at x = 0.25 falling from
     * z = 0.1 to −0.1: they meet at t = 0.5, at u = 0.625, v = 0.5 */
    const point s0[4] = {{-1, 0, 0}, {1, 0, 0}, {0.25, -1, 0.1}, {0.25, 1, 0.1}};
    const point s1[4] = {{-1, 0, 0}, {1, 0, 0}, {0.25, -1, -0.1}, {0.25, 1, -0.1}};
    q = test_query_from_frames(CCD_EE, s0, s1);
    ck_assert(ccd_ti_crossing_proven(&q, 0.25, 0.75));
    ck_assert(ccd_ti_crossing_proven(&q, 0.5 - 0x1p-30, 0.5 + 0x1p-30));
    ck_assert(!ccd_ti_crossing_proven(&q, 0.0, 0.25));
    /* the same, passing beyond the first edge's end (x = 1.5): never */
    const point e0[4] = {{-1, 0, 0}, {1, 0, 0}, {1.5, -1, 0.1}, {1.5, 1, 0.1}};
    const point e1[4] = {{-1, 0, 0}, {1, 0, 0}, {1.5, -1, -0.1}, {1.5, 1, -0.1}};
    q = test_query_from_frames(CCD_EE, e0, e1);
    ck_assert(!ccd_ti_crossing_proven(&q, 0.0, 1.0));
    /* parallel edges in the plane y = 0, one moving through the other at t = 0.5: the
     * crossing test cannot (n = 0), the touch of an end on the other edge does */
    const point p0[4] = {{-1, 0, 0}, {1, 0, 0}, {-0.5, 0, 0.1}, {0.5, 0, 0.1}};
    const point p1[4] = {{-1, 0, 0}, {1, 0, 0}, {-0.5, 0, -0.1}, {0.5, 0, -0.1}};
    q = test_query_from_frames(CCD_EE, p0, p1);
    ck_assert(ccd_ti_crossing_proven(&q, 0.25, 0.75));
    /* ... and passing 2^-60 beside it (no plane shared, no contact): never */
    q.v[2][1] = q.v[3][1] = q.v[6][1] = q.v[7][1] = 0x1p-60;
    ck_assert(!ccd_ti_crossing_proven(&q, 0.0, 1.0));
    /* a touch at an edge, in a plane y = const (a cloth grid's row): the vertex moves
     * along x in y = 0 and lands on the side x = 0.5 (from (0.5, 0, 0) to (0.5, 0, 1))
     * of a triangle in y = 0, at t = 0.5 — not inside, so only the touch proves it */
    const point g0[4] = {{0.75, 0, 0.5}, {0.5, 0, 0}, {0.5, 0, 1}, {0, 0, 0.5}};
    const point g1[4] = {{0.25, 0, 0.5}, {0.5, 0, 0}, {0.5, 0, 1}, {0, 0, 0.5}};
    q = test_query_from_frames(CCD_VF, g0, g1);
    ck_assert(ccd_ti_crossing_proven(&q, 0.4, 0.6));
    ck_assert(ccd_ti_crossing_proven(&q, 0.5 - 0x1p-40, 0.5 + 0x1p-40));
    ck_assert(!ccd_ti_crossing_proven(&q, 0.1, 0.4));
    /* the same plane, past the edge's end (z = 1.5): never */
    const point k0[4] = {{0.75, 0, 1.5}, {0.5, 0, 0}, {0.5, 0, 1}, {0, 0, 0.5}};
    const point k1[4] = {{0.25, 0, 1.5}, {0.5, 0, 0}, {0.5, 0, 1}, {0, 0, 0.5}};
    q = test_query_from_frames(CCD_VF, k0, k1);
    ck_assert(!ccd_ti_crossing_proven(&q, 0.0, 1.0));
    /* the vertex off the plane by an ulp of its y: no shared plane, never */
    q = test_query_from_frames(CCD_VF, g0, g1);
    q.v[0][1] = q.v[4][1] = 0x1p-60;
    ck_assert(!ccd_ti_crossing_proven(&q, 0.4, 0.6));
    /* ... and a shared y that is not the file's rational (inexact): never */
    q = test_query_from_frames(CCD_VF, g0, g1);
    q.inexact = 1u << 1; /* row 0, y */
    ck_assert(!ccd_ti_crossing_proven(&q, 0.4, 0.6));
    /* EE: an end of the first edge lands on the second, all in z = 0 */
    const point f0[4] = {{0, -1, 0}, {0, -0.5, 0}, {-1, 0, 0}, {1, 0, 0}};
    const point f1[4] = {{0, 1, 0}, {0, 1.5, 0}, {-1, 0, 0}, {1, 0, 0}};
    q = test_query_from_frames(CCD_EE, f0, f1);
    ck_assert(ccd_ti_crossing_proven(&q, 0.2, 0.3)); /* the end at y = −0.5 + 2t: 0.25 */
    ck_assert(!ccd_ti_crossing_proven(&q, 0.6, 0.9)); /* past both ends' crossing */

    /* coordinates beyond 2^100: not tried */
    const point h0[4] = {{0.25, 0.25, 0x1p101}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point h1[4] = {{0.25, 0.25, -0x1p101}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    q = test_query_from_frames(CCD_VF, h0, h1);
    ck_assert(!ccd_ti_crossing_proven(&q, 0.0, 1.0));
}
END_TEST

/* Does q collide at some time of [t0, t1] (d = 0), exactly: the oracle on the query
 * whose frames are q's points at t0 and at t1, in rationals.  q's coordinates are
 * doubles; with inexact set, the rationals are taken a third of an ulp away (a file's
 * rational whose nearest double is q's). */
static int collides_within(const ccd_query *q, double t0, double t1, ccd_exact_ctx *ctx,
                           ccd_algebraic *toi)
{
    ccd_exact_coords c;
    mpq_t x0, x1, t, w;
    mpq_inits(x0, x1, t, w, NULL);
    ccd_query sub = *q;
    for (int i = 0; i < 4; ++i)
        for (int axis = 0; axis < 3; ++axis) {
            mpq_set_d(x0, q->v[i][axis]);
            mpq_set_d(x1, q->v[4 + i][axis]);
            for (int f = 0; f < 2; ++f) { /* the file's rationals */
                const int row = 4 * f + i;
                if (q->inexact >> (3 * row + axis) & 1u) {
                    const double x = q->v[row][axis];
                    mpq_set_d(w, nextafter(x, INFINITY) - x);
                    mpq_set_ui(t, 1, 3);
                    mpq_mul(w, w, t);
                    mpq_add(f ? x1 : x0, f ? x1 : x0, w);
                }
            }
            for (int f = 0; f < 2; ++f) { /* x0 + t·(x1 − x0) at t0, t1 */
                mpq_set_d(t, f ? t1 : t0);
                mpq_sub(w, x1, x0);
                mpq_mul(w, w, t);
                mpq_add(w, w, x0);
                mpq_init(c.q[4 * f + i][axis]);
                mpq_set(c.q[4 * f + i][axis], w);
                sub.v[4 * f + i][axis] = mpq_get_d(w);
            }
        }
    sub.exact = &c;
    sub.inexact = (1u << 24) - 1;
    int collides = -1;
    ck_assert_int_eq(ccd_exact_decide(&collides, toi, &sub, NULL, 0, ctx), CCD_OK);
    for (int r = 0; r < CCD_QUERY_ROWS; ++r)
        for (int axis = 0; axis < 3; ++axis)
            mpq_clear(c.q[r][axis]);
    mpq_clears(x0, x1, t, w, NULL);
    return collides;
}

START_TEST(test_crossing_exact)
{
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    uint64_t state = 31;
    long proven = 0, tried = 0;
    for (int i = 0; i < 3000; ++i) {
        point x0[4], x1[4];
        const int grid = i % 4 == 1; /* multiples of 1/8: contacts on edges and corners */
        for (int k = 0; k < 4; ++k)
            for (int a = 0; a < 3; ++a) {
                x0[k][a] = test_rng_unit(&state) - 0.5;
                x1[k][a] = x0[k][a] + (test_rng_unit(&state) - 0.5) * 0.4;
                if (grid)
                    x0[k][a] = round(x0[k][a] * 8) / 8, x1[k][a] = round(x1[k][a] * 8) / 8;
            }
        /* the first point (VF: the vertex; EE: the first edge) passes through the others'
         * plane z = c: from above to below */
        const double c = grid ? 0.0 : test_rng_unit(&state) * 0.1;
        x0[0][2] = c + 0.25 * (1 + test_rng_unit(&state)), x1[0][2] = c - 0.25 * (1 + test_rng_unit(&state));
        if (grid)
            x0[0][2] = round(x0[0][2] * 8) / 8, x1[0][2] = round(x1[0][2] * 8) / 8;
        const double t_cross = (x0[0][2] - c) / (x0[0][2] - x1[0][2]);
        if (i % 2) /* EE: the other end of the first edge with it */
            x0[1][2] = x0[0][2], x1[1][2] = x1[0][2];
        for (int k = i % 2 ? 2 : 1; k < 4; ++k)
            x0[k][2] = x1[k][2] = c;
        if (i % 2 == 0 && !grid) { /* VF: aim the vertex at a point of the triangle */
            double l[3] = {test_rng_unit(&state), test_rng_unit(&state), test_rng_unit(&state)};
            const double sum = l[0] + l[1] + l[2];
            for (int a = 0; a < 2; ++a) {
                double target = 0.0;
                for (int k = 1; k < 4; ++k)
                    target += l[k - 1] / sum * (x0[k][a] + t_cross * (x1[k][a] - x0[k][a]));
                x1[0][a] = x0[0][a] + (target - x0[0][a]) / t_cross;
            }
        }
        if (i % 8 == 7) { /* a grid's row: y shared exactly by the first point and two
                           * others, the touch at an edge; the crossing time is that of
                           * the motion in z no more */
            const double y0 = round(x0[0][1] * 8) / 8, y1 = round(x1[0][1] * 8) / 8;
            for (int k = 0; k < 3; ++k)
                x0[k][1] = y0, x1[k][1] = y1;
        }
        if (i % 8 == 3) /* coplanar motion: everything in z = c */
            for (int k = 0; k < 4; ++k)
                x0[k][2] = x1[k][2] = c;
        ccd_query q = test_query_from_frames(i % 2 ? CCD_EE : CCD_VF, x0, x1);
        if (i % 8 == 5) /* the file's rationals are a third of an ulp off */
            q.inexact = (uint32_t)test_rng_next(&state) & ((1u << 24) - 1);
        /* a window around the crossing, 2^-3 to 2^-40 wide, or (one in five) anywhere */
        const double w = ldexp(1.0, -3 - (int)(test_rng_next(&state) % 38));
        double t0 = fmax(t_cross - w * test_rng_unit(&state), 0.0);
        double t1 = fmin(t_cross + w * test_rng_unit(&state), 1.0);
        if (i % 5 == 4)
            t0 = test_rng_unit(&state) * 0.6, t1 = t0 + test_rng_unit(&state) * (1.0 - t0);
        if (!(t1 > t0 && t1 <= 1.0))
            continue;
        ++tried;
        if (!ccd_ti_crossing_proven(&q, t0, t1))
            continue;
        ++proven;
        ck_assert_msg(collides_within(&q, t0, t1, ctx, toi),
                      "query %d: a crossing proven in [%.17g, %.17g] without a contact", i, t0,
                      t1);
    }
    fprintf(stderr, "crossing: %ld of %ld windows proven, each checked exactly\n", proven,
            tried);
    ck_assert_int_gt(proven, tried / 4);
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("ti_crossing");
    TCase *tc = tcase_create("crossing");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_crossing_hand_built);
    tcase_add_test(tc, test_crossing_exact);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    const int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
