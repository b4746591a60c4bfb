/* SPDX-License-Identifier: MIT */
/*
 * Tight Inclusion's exclusion by separating directions (option exclude=directions,
 * src/methods/tight_inclusion_directions.c): it must never drop a box that holds a
 * contact.
 *
 * - Hand-built queries exactly d away (L∞) along a normal that is not an axis (VF
 *   and EE, static and moving): no box holding the contact is dropped, the method
 *   reports the contact, and one ulp more separation is excluded.
 * - Random boxes of random tilted queries near distance d: every dropped box is
 *   checked with rational arithmetic at a 3×3×3 grid of its points (corners
 *   included): |F|∞ > d at all of them.
 * - The shared data against the exact L∞ truth at d ∈ {1e-2, 1e-3, 1e-4, 1e-6, 1e-8,
 *   0}: no false negative, toi never after the exact one, and, where neither option
 *   stops at m_I, a collision with directions only where the axes report one (the tree
 *   of boxes is a subtree of the axes' one).
 *
 * Time: every CCD_MS_STRIDE-th query (default 16: 1328 queries) at six d, m_I = 10^4;
 * some seconds unsanitized.
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
#include <stdint.h>
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

static ccd_ti_query prepare(const ccd_query *q, double d)
{
    ccd_params p;
    ccd_params_default(&p);
    ccd_ti_query tq;
    ck_assert_int_eq(ccd_ti_query_init(&tq, q, &p, d, 1.0, CCD_TI_SCALAR), CCD_OK);
    return tq;
}

/* |F(t, u, v)|∞ > d exactly, for the query's double coordinates. */
static int farther_than(const ccd_query *q, double t, double u, double v, double d)
{
    mpq_t x[4], tq, s, a, dq;
    for (int i = 0; i < 4; ++i)
        mpq_init(x[i]);
    mpq_inits(tq, s, a, dq, NULL);
    mpq_set_d(tq, t);
    mpq_set_d(dq, d);
    int far = 0;
    for (int axis = 0; axis < 3; ++axis) {
        for (int i = 0; i < 4; ++i) { /* x0 + t(x1 − x0) */
            mpq_set_d(x[i], q->v[4 + i][axis]);
            mpq_set_d(a, q->v[i][axis]);
            mpq_sub(x[i], x[i], a);
            mpq_mul(x[i], x[i], tq);
            mpq_add(x[i], x[i], a);
        }
        /* VF: p − a − u(b − a) − v(c − a);
           EE: a0 + u(a1 − a0) − b0 − v(b1 − b0) */
        const int base_u = q->kind == CCD_VF ? 1 : 0, base_v = q->kind == CCD_VF ? 1 : 2;
        mpq_set_d(a, u);
        mpq_sub(s, x[q->kind == CCD_VF ? 2 : 1], x[base_u]);
        mpq_mul(s, s, a);
        mpq_t f;
        mpq_init(f);
        if (q->kind == CCD_VF) {
            mpq_sub(f, x[0], x[1]);
            mpq_sub(f, f, s);
        } else {
            mpq_add(f, x[0], s);
            mpq_sub(f, f, x[2]);
        }
        mpq_set_d(a, v);
        mpq_sub(s, x[3], x[base_v]);
        mpq_mul(s, s, a);
        mpq_sub(f, f, s);
        mpq_abs(f, f);
        if (mpq_cmp(f, dq) > 0)
            far = 1;
        mpq_clear(f);
    }
    for (int i = 0; i < 4; ++i)
        mpq_clear(x[i]);
    mpq_clears(tq, s, a, dq, NULL);
    return far;
}

/* A dropped box: |F|∞ > d at a 3×3×3 grid of its points, corners included (dyadic
 * boxes: exact). */
static void check_dropped(const ccd_query *q, const double b[6], double d)
{
    for (int i = 0; i <= 2; ++i)
        for (int j = 0; j <= 2; ++j)
            for (int k = 0; k <= 2; ++k) {
                const double t = b[0] + (b[1] - b[0]) * i / 2.0;
                const double u = b[2] + (b[3] - b[2]) * j / 2.0;
                const double v = b[4] + (b[5] - b[4]) * k / 2.0;
                ck_assert_msg(farther_than(q, t, u, v, d),
                              "dropped box holds a contact at (%.17g, %.17g, %.17g)", t, u, v);
            }
}

/* ------------------------------------------------------------ exactly d away */

/* Triangle in the plane x + y + z = 0 (normal (1,1,1), not an axis) with centroid
 * 0; a point c·(1,1,1) is at L∞ distance |c| from the plane (|n·p|/|n|₁), reached at
 * the centroid u = v = 1/3.  EE: two edges through 0 and c·(1,1,1), directions
 * (1,−1,0) and (1,1,−2) (cross product (2,2,2)), closest at u = v = 1/2. */
static const double D = 0x1p-7;

static ccd_query exactly_d(ccd_kind kind, double lift0, double lift1)
{
    if (kind == CCD_VF) {
        const point x0[4] = {{lift0, lift0, lift0}, {2, -1, -1}, {-1, 2, -1}, {-1, -1, 2}};
        const point x1[4] = {{lift1, lift1, lift1}, {2, -1, -1}, {-1, 2, -1}, {-1, -1, 2}};
        return make_query(kind, x0, x1);
    }
    const point x0[4] = {{-1, 1, 0}, {1, -1, 0}, {-1 + lift0, -1 + lift0, 2 + lift0},
                         {1 + lift0, 1 + lift0, -2 + lift0}};
    const point x1[4] = {{-1, 1, 0}, {1, -1, 0}, {-1 + lift1, -1 + lift1, 2 + lift1},
                         {1 + lift1, 1 + lift1, -2 + lift1}};
    return make_query(kind, x0, x1);
}

START_TEST(test_exactly_d)
{
    ccd_params p;
    ccd_params_default(&p);
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    ccd_options_default(opt, &ccd_method_tight_inclusion);
    p.options = opt;
    ck_assert_int_eq(opt[CCD_TI_OPT_EXCLUDE].i, CCD_TI_EXCLUDE_ADAPTIVE); /* the default */
    opt[CCD_TI_OPT_START].i = CCD_TI_START_SEARCH; /* the search decides t = 0 too */
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    const double centre = 1.0 / 3.0;
    for (int kind = 0; kind < 2; ++kind) {
        const ccd_kind k = kind ? CCD_EE : CCD_VF;
        const double cu = k == CCD_VF ? centre : 0.5;
        /* Static, exactly D away: every dyadic box holding (u, v) = closest is kept. */
        ccd_query q = exactly_d(k, D, D);
        ccd_ti_query tq = prepare(&q, D);
        for (int n = 0; n <= 20; ++n) {
            const double w = ldexp(1.0, -n);
            const double u0 = floor(cu / w) * w, u1 = u0 + w;
            ck_assert_int_eq(ccd_ti_excluded_by_directions(&tq, 0, 1, u0, u1, u0, u1), 0);
            ck_assert_int_eq(ccd_ti_excluded_by_directions(&tq, 0, 0, u0, u1, u0, u1), 0);
            if (u1 == cu || u0 == cu) /* 0.5: the neighbour boxes touch it too */
                ck_assert_int_eq(
                    ccd_ti_excluded_by_directions(&tq, 0, 1, u0 - w, u0, u0 - w, u0), 0);
        }
        /* A little farther: excluded as a whole (the axes cannot: every axis range of
         * the root box holds 0). */
        q = exactly_d(k, D * (1.0 + 0x1p-20), D * (1.0 + 0x1p-20));
        tq = prepare(&q, D);
        ck_assert(tq.kernel(&tq, 0, 1, 0, 1, 0, 1) & CCD_TI_HIT);
        ck_assert_int_eq(ccd_ti_excluded_by_directions(&tq, 0, 1, 0, 1, 0, 1), 1);
        ccd_result r;
        p.ms = D;
        for (int e = 0; e < 2; ++e) {
            opt[CCD_TI_OPT_EXCLUDE].i = e ? CCD_TI_EXCLUDE_DIRECTIONS : CCD_TI_EXCLUDE_AXES;
            q = exactly_d(k, D, D);
            ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
            ck_assert_int_eq(r.collides, 1);
            ck_assert(r.toi == 0.0);
            /* Approaching along the normal, exactly D away at t = 1/2 (lift 2D → 0). */
            q = exactly_d(k, 2 * D, 0.0);
            ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
            ck_assert(r.collides && r.toi <= 0.5);
            /* Passing at 2D: no contact; the directions drop the root box at once. */
            q = exactly_d(k, 2 * D, 2 * D);
            ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, CCD_TI_SCALAR, 0, s), CCD_OK);
            ck_assert_int_eq(r.collides, 0);
            if (e)
                ck_assert_int_eq(r.checks, 1);
        }
        opt[CCD_TI_OPT_EXCLUDE].i = CCD_TI_EXCLUDE_DIRECTIONS;
    }
    ccd_ti_scratch_free(s);
}
END_TEST

/* Degenerate primitives: a triangle collapsed to a segment (normal 0), parallel and
 * collinear edges (cross product 0), coplanar motion.  Whatever is dropped is far. */
START_TEST(test_degenerate)
{
    const point seg[4] = {{0.5, 0.008, 0}, {0, 0, 0}, {1, 0, 0}, {0.5, 0, 0}};
    const point par[4] = {{0, 0, 0}, {1, 0, 0}, {0.5, 0.004, 0}, {2, 0.004, 0}};
    const point col[4] = {{0, 0, 0}, {1, 1, 1}, {1.5, 1.5, 1.5}, {2, 2, 2}};
    const point pln[4] = {{-1, 0.2, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const point pln1[4] = {{1, 0.2, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const struct {
        ccd_kind kind;
        const point *x0, *x1;
        double d;
    } cases[] = {{CCD_VF, seg, seg, 0.01},  {CCD_VF, seg, seg, 0.007}, {CCD_EE, par, par, 0.004},
                 {CCD_EE, par, par, 0.003}, {CCD_EE, col, col, 0.1},   {CCD_VF, pln, pln1, 0.1},
                 {CCD_VF, pln, pln1, 0.0}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        ccd_query q = make_query(cases[c].kind, cases[c].x0, cases[c].x1);
        ccd_ti_query tq = prepare(&q, cases[c].d);
        for (int n = 0; n <= 3; ++n) {
            const double w = ldexp(1.0, -n);
            for (double t = 0; t < 1; t += w)
                for (double u = 0; u < 1; u += w)
                    for (double v = 0; v < 1; v += w) {
                        const double b[6] = {t, t + w, u, u + w, v, v + w};
                        if (ccd_ti_excluded_by_directions(&tq, b[0], b[1], b[2], b[3], b[4],
                                                          b[5]))
                            check_dropped(&q, b, cases[c].d);
                    }
        }
    }
    /* A segment along (1, 1, 0) and a vertex 0.006·√2 across it (L∞ 0.006 from the
     * closest point (0.5, 0.5, 0)): F = (0.494 − s, 0.506 − s, 0), s = u + v/2, so every
     * axis range over a box holding s ∈ [0.494, 0.506] holds 0, and the normal is 0.
     * F at the centre without its part along the segment, (−0.006, 0.006, 0), drops the
     * whole domain at d = 0.004 (and every sub-box), whatever its width in u and v. */
    const point diag[4] = {{0.494, 0.506, 0}, {0, 0, 0}, {1, 1, 0}, {0.5, 0.5, 0}};
    ccd_query q = make_query(CCD_VF, diag, diag);
    for (int k = 0; k < 2; ++k) {
        const double d = k ? 0.004 : 0.0;
        ccd_ti_query tq = prepare(&q, d);
        ck_assert(tq.kernel(&tq, 0, 1, 0, 1, 0, 1) & CCD_TI_HIT); /* the axes keep it */
        ck_assert_int_eq(ccd_ti_excluded_by_directions(&tq, 0, 1, 0, 1, 0, 1), 1);
        const double b[6] = {0, 1, 0, 1, 0, 1};
        check_dropped(&q, b, d);
    }
}
END_TEST

/* ------------------------------------------------------------ random tilted queries */

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static double uniform(void) /* a double in [0, 1), 53 random bits */
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(rng >> 11) * 0x1p-53;
}

static double coordinate(void) /* in [−1, 1], random 53-bit mantissa */
{
    return 2.0 * uniform() - 1.0;
}

START_TEST(test_random_boxes)
{
    long dropped = 0, beyond_axes = 0, boxes = 0;
    /* 100 queries (20,000 boxes) show what 400 show; the full tier runs 400 */
    const int queries = test_full_tier() ? 400 : 100;
    for (int iq = 0; iq < queries; ++iq) {
        const ccd_kind kind = iq % 2 ? CCD_EE : CCD_VF;
        const double d = ldexp(1.0, -(int)(uniform() * 30.0)) * (iq % 5 == 4 ? 0.0 : 1.0);
        point x0[4], x1[4];
        for (int i = 1; i < 4; ++i)
            for (int k = 0; k < 3; ++k) {
                x0[i][k] = coordinate();
                x1[i][k] = x0[i][k] + 0.1 * coordinate();
            }
        /* The moving point (VF) or first edge (EE) passes near the others' plane,
         * within a few d of it. */
        double e1[3], e2[3], n[3], c[3];
        for (int k = 0; k < 3; ++k) {
            e1[k] = x0[2][k] - x0[1][k];
            e2[k] = x0[3][k] - x0[1][k];
            c[k] = x0[1][k] + 0.3 * e1[k] + 0.3 * e2[k];
        }
        n[0] = e1[1] * e2[2] - e1[2] * e2[1];
        n[1] = e1[2] * e2[0] - e1[0] * e2[2];
        n[2] = e1[0] * e2[1] - e1[1] * e2[0];
        const double nn = fabs(n[0]) + fabs(n[1]) + fabs(n[2]);
        const double h0 = (4.0 * uniform() - 2.0) * d / nn, h1 = (4.0 * uniform() - 2.0) * d / nn;
        for (int k = 0; k < 3; ++k) {
            x0[0][k] = c[k] + h0 * n[k];
            x1[0][k] = c[k] + h1 * n[k] + 0.01 * d * coordinate();
        }
        if (kind == CCD_EE) { /* edge 0–1 through that point; edge 2–3 = the old 1–2 */
            point y0[4], y1[4];
            for (int k = 0; k < 3; ++k) {
                y0[0][k] = x0[0][k] - 0.5 * e1[k] - 0.5 * e2[k];
                y0[1][k] = x0[0][k] + 0.5 * e1[k] + 0.5 * e2[k];
                y1[0][k] = x1[0][k] - 0.5 * e1[k] - 0.5 * e2[k];
                y1[1][k] = x1[0][k] + 0.5 * e1[k] + 0.5 * e2[k];
                y0[2][k] = x0[1][k] + 0.3 * e1[k] - 0.7 * e2[k];
                y0[3][k] = x0[1][k] + 0.3 * e1[k] + 1.3 * e2[k];
                y1[2][k] = y0[2][k], y1[3][k] = y0[3][k];
            }
            memcpy(x0, y0, sizeof x0);
            memcpy(x1, y1, sizeof x1);
        }
        const ccd_query q = make_query(kind, x0, x1);
        const ccd_ti_query tq = prepare(&q, d);
        for (int ib = 0; ib < 200; ++ib) {
            double b[6];
            for (int k = 0; k < 3; ++k) {
                const double w = ldexp(1.0, -(int)(uniform() * 14.0));
                b[2 * k] = floor(uniform() / w) * w;
                b[2 * k + 1] = b[2 * k] + w;
            }
            ++boxes;
            if (!ccd_ti_excluded_by_directions(&tq, b[0], b[1], b[2], b[3], b[4], b[5]))
                continue;
            ++dropped;
            beyond_axes += (tq.kernel(&tq, b[0], b[1], b[2], b[3], b[4], b[5]) & CCD_TI_HIT) != 0;
            check_dropped(&q, b, d);
        }
    }
    fprintf(stderr, "random boxes: %ld, dropped by directions %ld, of which kept by the axes %ld\n",
            boxes, dropped, beyond_axes);
    ck_assert_int_gt(dropped, boxes / 10);
    ck_assert_int_gt(beyond_axes, boxes / 100);
}
END_TEST

/* ------------------------------------------------------------ against the exact truth */

START_TEST(test_directions_exact)
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
    static const double ds[] = {1e-2, 1e-3, 1e-4, 1e-6, 1e-8, 0.0};
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        p.ms = ds[i];
        mpq_set_d(d, ds[i]);
        long n = 0, pos = 0, fp[3] = {0, 0, 0}, fn = 0, late = 0, more = 0, compared = 0;
        long checks[3] = {0, 0, 0}, at_max[3] = {0, 0, 0};
        FOR_EACH_QUERY(q)
        {
            int collides;
            ck_assert_int_eq(ccd_exact_decide(&collides, toi, q, d, 0, ctx), CCD_OK);
            /* [0] axes, [1] directions, [2] adaptive (directions in the earliest-first
             * search alone) */
            static const int modes[3] = {CCD_TI_EXCLUDE_AXES, CCD_TI_EXCLUDE_DIRECTIONS,
                                         CCD_TI_EXCLUDE_ADAPTIVE};
            ccd_result r[3];
            for (int e = 0; e < 3; ++e) {
                opt[CCD_TI_OPT_EXCLUDE].i = modes[e];
                ck_assert_int_eq(ccd_ti_solve(&r[e], q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
                checks[e] += r[e].checks;
                at_max[e] += r[e].hit_max_checks;
                fp[e] += r[e].collides && !collides;
            }
            n++;
            pos += collides;
            for (int e = 1; e < 3; ++e) {
                if (collides && !r[e].collides)
                    fn++, fprintf(stderr, "d = %g, exclude %d: false negative at query %llu\n",
                                  ds[i], modes[e], (unsigned long long)q->index);
                if (collides && r[e].collides && ccd_algebraic_cmp_d(toi, r[e].toi) < 0)
                    late++, fprintf(stderr,
                                    "d = %g, exclude %d: toi %.17g after the exact one "
                                    "(query %llu)\n",
                                    ds[i], modes[e], r[e].toi, (unsigned long long)q->index);
            }
            if (!r[0].hit_max_checks && !r[1].hit_max_checks && !r[2].hit_max_checks) {
                compared++;
                /* both only drop boxes the axes keep: never a collision the axes deny */
                for (int e = 1; e < 3; ++e)
                    if (r[e].collides && !r[0].collides)
                        more++, fprintf(stderr,
                                        "d = %g, exclude %d: collides, axes not (query %llu)\n",
                                        ds[i], modes[e], (unsigned long long)q->index);
            }
        }
        fprintf(stderr,
                "exclude, d = %g: n=%ld exact positives=%ld; axes FP=%ld m_I=%ld checks=%ld; "
                "directions FP=%ld m_I=%ld checks=%ld; adaptive FP=%ld m_I=%ld checks=%ld; "
                "FN=%ld; compared %ld\n",
                ds[i], n, pos, fp[0], at_max[0], checks[0], fp[1], at_max[1], checks[1], fp[2],
                at_max[2], checks[2], fn, compared);
        ck_assert_int_eq(fn, 0);
        ck_assert_int_eq(late, 0);
        ck_assert_int_eq(more, 0);
        ck_assert_int_gt(compared, n / 2);
    }
    ti_exact_teardown(ctx, toi, s, d);
}
END_TEST

/* The floor stop (tight_inclusion_search.c, earliest_from): after the time advance,
 * a small box at the floor that the axes keep ends the search even when a direction
 * drops it.  Query 138 of cloth-funnel step 227 EE (its exact coordinates, all
 * dyadic): the first search spends its 64 checks, the advance clears time to
 * 0.41536947977116795, and the axes stop at the floor after 5,582 checks; the
 * directions went on for 57,696 (directions) and 57,704 (adaptive) checks to the
 * same toi.  With the stop: the same toi, at most twice the axes' checks, and the
 * exact oracle's word: it collides, at or after that toi. */
START_TEST(test_floor_stop)
{
    static const double rows[8][3] = {
        {0x1.6287ea0000000p-5, -0x1.1051f20000000p-5, -0x1.34e4000000000p-1},
        {0x1.7b83640000000p-5, -0x1.cf4c6e0000000p-6, -0x1.3565c20000000p-1},
        {0x1.6281d60000000p-5, -0x1.1051f20000000p-5, -0x1.34e52e0000000p-1},
        {0x1.7b7ce40000000p-5, -0x1.cf4c6e0000000p-6, -0x1.3567120000000p-1},
        {0x1.633d1c0000000p-5, -0x1.10e2dc0000000p-5, -0x1.3679040000000p-1},
        {0x1.7c45960000000p-5, -0x1.d042a40000000p-6, -0x1.36fb2a0000000p-1},
        {0x1.6345b60000000p-5, -0x1.10e2dc0000000p-5, -0x1.36774e0000000p-1},
        {0x1.7c4e9a0000000p-5, -0x1.d042a40000000p-6, -0x1.36f9760000000p-1},
    };
    const ccd_query q = test_query_from_rows(CCD_EE, rows);
    ccd_exact_ctx *ctx;
    ccd_algebraic *toi;
    ccd_ti_scratch *s;
    mpq_t d;
    ccd_params p;
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    ti_exact_setup(&ctx, &toi, &s, d, &p, opt, 1000000); /* the default m_I */
    opt[CCD_TI_OPT_ADVANCE].i = 64; /* the case as it was found (then the default) */
    int collides;
    ck_assert_int_eq(ccd_exact_decide(&collides, toi, &q, d, 0, ctx), CCD_OK);
    ck_assert(collides);
    static const int modes[3] = {CCD_TI_EXCLUDE_AXES, CCD_TI_EXCLUDE_DIRECTIONS,
                                 CCD_TI_EXCLUDE_ADAPTIVE};
    ccd_result r[3];
    for (int e = 0; e < 3; ++e) {
        opt[CCD_TI_OPT_EXCLUDE].i = modes[e];
        ck_assert_int_eq(ccd_ti_solve(&r[e], &q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
        ck_assert(r[e].collides && !r[e].hit_max_checks);
        ck_assert(ccd_algebraic_cmp_d(toi, r[e].toi) >= 0); /* toi ≤ exact */
    }
    ck_assert_double_eq(r[0].toi, 0.41536947977116795); /* the time the advance cleared */
    for (int e = 1; e < 3; ++e) {
        ck_assert_double_eq(r[e].toi, r[0].toi);
        ck_assert_msg(r[e].checks <= 2 * r[0].checks, "exclude %d: %ld checks, axes %ld",
                      modes[e], r[e].checks, r[0].checks);
    }
    ti_exact_teardown(ctx, toi, s, d);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("ti_directions");
    TCase *hand = tcase_create("hand-built");
    tcase_set_timeout(hand, 600);
    tcase_add_test(hand, test_exactly_d);
    tcase_add_test(hand, test_degenerate);
    tcase_add_test(hand, test_random_boxes);
    tcase_add_test(hand, test_floor_stop);
    suite_add_tcase(su, hand);
    TCase *tc = tcase_create("exact");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_directions_exact);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    test_query_set_free(&data);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
