/* SPDX-License-Identifier: MIT */
/*
 * Check suite of the exact minimum-separation truth (src/exact/separation.c):
 * hand-made queries in both norms, and over the shared data: d = 0 is the plain
 * truth, the L∞ truth is monotone in d, every Euclidean collision is an L∞
 * collision (no later), and answers agree with static exact checks at sampled
 * times (Euclidean: the exact distance module; L∞: a 2D feasibility test here).
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "exact/distance.h"
#include "exact/exact_internal.h"
#include "exact_test_util.h"
#include "test_support.h"

/* ------------------------------------------------------------------ static checks */

/* L∞: is there x ∈ P with ‖M x - c‖∞ ≤ d at the rational time t?  The feasible set
 * is a 2D polygon; it is non-empty iff some pair of its constraint lines meets in a
 * feasible point.  Constraints w·(u, v, 1) ≥ 0 evaluated with mpq. */
static int linf_feasible_at(const ccd_query *q, const mpq_t t, const mpq_t d)
{
    mpq_t pts[4][3];
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpq_init(pts[i][k]);
    ccd_exact_query_points(pts, q, t);
    mpq_t w[10][3], D, x, y, s, tmp;
    for (int i = 0; i < 10; i++)
        for (int k = 0; k < 3; k++)
            mpq_init(w[i][k]);
    mpq_inits(D, x, y, s, tmp, NULL);
    int n = 0;
    /* polygon: u ≥ 0, v ≥ 0, and 1 - u - v ≥ 0 (VF) or 1 - u ≥ 0, 1 - v ≥ 0 (EE) */
    mpq_set_si(w[n][0], 1, 1), n++;
    mpq_set_si(w[n][1], 1, 1), n++;
    if (q->kind == CCD_VF) {
        mpq_set_si(w[n][0], -1, 1), mpq_set_si(w[n][1], -1, 1), mpq_set_si(w[n][2], 1, 1), n++;
    } else {
        mpq_set_si(w[n][0], -1, 1), mpq_set_si(w[n][2], 1, 1), n++;
        mpq_set_si(w[n][1], -1, 1), mpq_set_si(w[n][2], 1, 1), n++;
    }
    /* F = u a + v b - c with VF a = f1 - f0, b = f2 - f0, c = v - f0;
     * EE a = ea1 - ea0, b = eb0 - eb1, c = eb0 - ea0.  Slabs: d ∓ F_k ≥ 0. */
    int o = q->kind == CCD_VF ? 1 : 0;
    for (int k = 0; k < 3; k++) {
        mpq_t a, b, c;
        mpq_inits(a, b, c, NULL);
        if (q->kind == CCD_VF) {
            mpq_sub(a, pts[2][k], pts[o][k]);
            mpq_sub(b, pts[3][k], pts[o][k]);
            mpq_sub(c, pts[0][k], pts[o][k]);
        } else {
            mpq_sub(a, pts[1][k], pts[0][k]);
            mpq_sub(b, pts[2][k], pts[3][k]);
            mpq_sub(c, pts[2][k], pts[0][k]);
        }
        for (int sg = -1; sg <= 1; sg += 2) {
            /* sg = -1: d - (u a + v b - c) ≥ 0; sg = +1: d + (u a + v b - c) ≥ 0 */
            mpq_set(w[n][0], a);
            mpq_set(w[n][1], b);
            mpq_neg(w[n][2], c);
            if (sg < 0)
                for (int j = 0; j < 3; j++)
                    mpq_neg(w[n][j], w[n][j]);
            mpq_add(w[n][2], w[n][2], d);
            n++;
        }
        mpq_clears(a, b, c, NULL);
    }
    int feasible = 0;
    for (int i = 0; i < n && !feasible; i++)
        for (int j = i + 1; j < n && !feasible; j++) {
            mpq_mul(D, w[i][0], w[j][1]);
            mpq_mul(tmp, w[j][0], w[i][1]);
            mpq_sub(D, D, tmp);
            if (mpq_sgn(D) == 0)
                continue;
            /* w_i0 u + w_i1 v = -w_i2, w_j0 u + w_j1 v = -w_j2 */
            mpq_mul(x, w[i][1], w[j][2]);
            mpq_mul(tmp, w[j][1], w[i][2]);
            mpq_sub(x, x, tmp);
            mpq_div(x, x, D);
            mpq_mul(y, w[j][0], w[i][2]);
            mpq_mul(tmp, w[i][0], w[j][2]);
            mpq_sub(y, y, tmp);
            mpq_div(y, y, D);
            int ok = 1;
            for (int k = 0; k < n && ok; k++) {
                mpq_mul(s, w[k][0], x);
                mpq_mul(tmp, w[k][1], y);
                mpq_add(s, s, tmp);
                mpq_add(s, s, w[k][2]);
                ok = mpq_sgn(s) >= 0;
            }
            feasible = ok;
        }
    for (int i = 0; i < 10; i++)
        for (int k = 0; k < 3; k++)
            mpq_clear(w[i][k]);
    mpq_clears(D, x, y, s, tmp, NULL);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpq_clear(pts[i][k]);
    return feasible;
}

/* Euclidean: distance ≤ d at the rational time t (exact distance module). */
static int l2_within_at(const ccd_query *q, const mpq_t t, const mpq_t d)
{
    mpq_t d2, pa[3], pb[3], s[2], dd;
    mpq_inits(d2, pa[0], pa[1], pa[2], pb[0], pb[1], pb[2], s[0], s[1], dd, NULL);
    ck_assert_int_eq(ccd_exact_distance(d2, pa, pb, s, q, t), CCD_OK);
    mpq_mul(dd, d, d);
    int within = mpq_cmp(d2, dd) <= 0;
    mpq_clears(d2, pa[0], pa[1], pa[2], pb[0], pb[1], pb[2], s[0], s[1], dd, NULL);
    return within;
}

static int static_within(const ccd_query *q, const mpq_t t, const mpq_t d, int norm)
{
    return norm == 0 ? linf_feasible_at(q, t, d) : l2_within_at(q, t, d);
}

/* Check one answer against the static test: contact at sampled times only at or
 * after toi; none at sampled times before it; contact at toi when it is rational. */
static int separation_answer_consistent(const ccd_query *q, int col, ccd_algebraic *toi,
                                        const mpq_t d, int norm, unsigned *seed, int samples)
{
    mpq_t x;
    mpq_init(x);
    int ok = 1;
    for (int k = 0; k < samples && ok; k++) {
        mpq_set_ui(x, (unsigned long)(rand_r(seed) % 257), 256);
        if (static_within(q, x, d, norm))
            ok = col && ccd_algebraic_cmp_q(toi, x) <= 0;
    }
    if (ok && col) {
        mpq_t lo, hi;
        mpq_inits(lo, hi, NULL);
        ccd_algebraic_bounds(lo, hi, toi);
        if (toi->exact)
            ok = static_within(q, lo, d, norm);
        for (int k = 0; k < samples && ok && mpq_sgn(lo) > 0; k++) {
            mpq_set_ui(x, (unsigned long)(rand_r(seed) % 1000), 1000);
            mpq_mul(x, x, lo);
            if (toi->exact && mpq_equal(x, lo))
                continue;
            ok = !static_within(q, x, d, norm);
        }
        mpq_clears(lo, hi, NULL);
    }
    mpq_clear(x);
    return ok;
}

/* ------------------------------------------------------------------ hand-made */

static void expect_separation(const char *what, ccd_kind kind, const char *coords[8][3],
                              const char *d, int norm, int expected, const char *expected_toi)
{
    test_query t;
    test_query_from_strings(&t, kind, coords);
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    mpq_t dq, x;
    mpq_inits(dq, x, NULL);
    mpq_set_str(dq, d, 10);
    mpq_canonicalize(dq);
    for (int seeded = 0; seeded < 2; seeded++) {
        ctx->separation_unseeded = !seeded;
        int col = -1;
        ck_assert_int_eq(ccd_exact_decide(&col, toi, &t.q, dq, norm, ctx), CCD_OK);
        ck_assert_msg(col == expected, "%s (d = %s, norm %d): collides %d, expected %d", what,
                      d, norm, col, expected);
        if (col && expected_toi) {
            mpq_set_str(x, expected_toi, 10);
            mpq_canonicalize(x);
            ck_assert_msg(ccd_algebraic_cmp_q(toi, x) == 0, "%s: wrong time of impact", what);
        }
        unsigned seed = 5;
        ck_assert_msg(separation_answer_consistent(&t.q, col, toi, dq, norm, &seed, 32),
                      "%s: static check failed", what);
    }
    mpq_clears(dq, x, NULL);
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
    test_query_clear(&t);
}

START_TEST(test_separation_hand_made)
{
    /* the point comes down to height 1/2 above the triangle's interior */
    const char *down[8][3] = {{"1/4", "1/4", "1"}, {"0", "0", "0"}, {"1", "0", "0"},
                              {"0", "1", "0"},     {"1/4", "1/4", "1/2"}, {"0", "0", "0"},
                              {"1", "0", "0"},     {"0", "1", "0"}};
    for (int norm = 0; norm <= 2; norm += 2) {
        expect_separation("down, d = 1/2", CCD_VF, down, "1/2", norm, 1, "1");
        expect_separation("down, d = 3/4", CCD_VF, down, "3/4", norm, 1, "1/2");
        expect_separation("down, d = 1/4", CCD_VF, down, "1/4", norm, 0, NULL);
    }
    /* a point resting diagonally off the corner: L∞ distance 1/4, Euclidean √2/4 */
    const char *corner[8][3] = {{"-1/4", "-1/4", "0"}, {"0", "0", "0"}, {"1", "0", "0"},
                                {"0", "1", "0"},       {"-1/4", "-1/4", "0"}, {"0", "0", "0"},
                                {"1", "0", "0"},       {"0", "1", "0"}};
    expect_separation("corner L∞", CCD_VF, corner, "3/10", 0, 1, "0");
    expect_separation("corner L2", CCD_VF, corner, "3/10", 2, 0, NULL);
    expect_separation("corner L2, larger d", CCD_VF, corner, "2/5", 2, 1, "0");
    /* passing the corner at y = -1/4 with x = t - 1: L∞ reaches d = 1/3 at t = 2/3,
     * the Euclidean distance √(x² + 1/16) at t = 1 - √7/12 (irrational) */
    const char *pass[8][3] = {{"-1", "-1/4", "0"}, {"0", "0", "0"}, {"1", "0", "0"},
                              {"0", "1", "0"},     {"0", "-1/4", "0"}, {"0", "0", "0"},
                              {"1", "0", "0"},     {"0", "1", "0"}};
    expect_separation("pass L∞", CCD_VF, pass, "1/3", 0, 1, "2/3");
    expect_separation("pass L2", CCD_VF, pass, "1/3", 2, 1, NULL);
    test_query t;
    test_query_from_strings(&t, CCD_VF, pass);
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    mpq_t d;
    mpq_init(d);
    mpq_set_ui(d, 1, 3);
    int col;
    ck_assert_int_eq(ccd_exact_decide(&col, toi, &t.q, d, 2, ctx), CCD_OK);
    ck_assert_int_eq(col, 1);
    ck_assert_int_eq(toi->exact, 0);
    double lo = ccd_algebraic_round_down(toi), hi = ccd_algebraic_round_up(toi);
    ck_assert_double_eq(hi, nextafter(lo, 1));
    ck_assert(fabs(lo - (1 - sqrt(7.0) / 12)) < 1e-15);
    mpq_clear(d);
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
    test_query_clear(&t);
    /* parallel edges coming down onto each other: 1 - 2t = 1/4 at t = 3/8 */
    const char *edges[8][3] = {{"0", "0", "0"}, {"1", "0", "0"}, {"0", "0", "1"},
                               {"1", "0", "1"}, {"0", "0", "0"}, {"1", "0", "0"},
                               {"0", "0", "-1"}, {"1", "0", "-1"}};
    for (int norm = 0; norm <= 2; norm += 2)
        expect_separation("parallel edges", CCD_EE, edges, "1/4", norm, 1, "3/8");
    /* bad arguments */
    test_query_from_strings(&t, CCD_EE, edges);
    ctx = ccd_exact_ctx_new();
    mpq_init(d);
    mpq_set_si(d, -1, 2);
    ck_assert_int_eq(ccd_exact_decide(&col, NULL, &t.q, d, 0, ctx), CCD_ERR_INPUT);
    mpq_set_si(d, 1, 2);
    ck_assert_int_eq(ccd_exact_decide(&col, NULL, &t.q, d, 1, ctx), CCD_ERR_INPUT);
    mpq_clear(d);
    ccd_exact_ctx_free(ctx);
    test_query_clear(&t);
}
END_TEST

/* ------------------------------------------------------------------ shared data */

typedef int (*query_fn)(void *data, const ccd_query *q);

static void for_each_shared_query(const char *root, query_fn fn, void *data)
{
    ccd_dataset ds;
    ccd_error err;
    const char *paths[1] = {root};
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    ccd_batch b;
    ck_assert_int_eq(ccd_batch_init(&b, 512), CCD_OK);
    for (size_t i = 0; i < ds.count; i++) {
        ccd_reader *r;
        const ccd_dataset_file *f = &ds.files[i];
        ck_assert_msg(ccd_reader_open(&r, &err, f->csv_path, f->labels_path, f->kind) == CCD_OK,
                      "%s", err.message);
        for (;;) {
            ck_assert_msg(ccd_reader_read(r, &b, &err) == CCD_OK, "%s", err.message);
            if (b.count == 0)
                break;
            for (size_t k = 0; k < b.count; k++)
                fn(data, &b.queries[k]);
        }
        ccd_reader_close(r);
    }
    ccd_batch_free(&b);
    ccd_dataset_free(&ds);
}

struct ms_state {
    ccd_exact_ctx *ctx;
    ccd_algebraic *plain, *t0, *t2;
    ccd_poly_scratch s;
    long n, mismatches;
};

/* d = 0 in both norms (seeded, the production path, on every query; unseeded on
 * every 16th) gives the plain answer and the plain time of impact. */
static int check_zero_separation(void *data, const ccd_query *q)
{
    struct ms_state *st = data;
    mpq_t zero;
    mpq_init(zero);
    int c, c0;
    ck_assert_int_eq(ccd_exact_decide(&c, st->plain, q, NULL, 0, st->ctx), CCD_OK);
    for (int norm = 0; norm <= 2; norm += 2)
        for (int unseeded = 0; unseeded <= (st->n % 16 == 0); unseeded++) {
            st->ctx->separation_unseeded = unseeded;
            ck_assert_int_eq(ccd_exact_decide_separation(&c0, st->t0, q, zero, norm, st->ctx),
                             CCD_OK);
            if (c0 != c || (c && ccd_algebraic_cmp(st->t0, st->plain, &st->s) != 0)) {
                st->mismatches++;
                fprintf(stderr, "d = 0, norm %d: query %llu differs from plain CCD\n", norm,
                        (unsigned long long)q->index);
            }
        }
    st->ctx->separation_unseeded = 0;
    st->n++;
    mpq_clear(zero);
    return 0;
}

START_TEST(test_zero_separation_is_plain)
{
    TEST_REQUIRE_SHARED_DATA(root);
    struct ms_state st;
    st.ctx = ccd_exact_ctx_new();
    st.plain = ccd_algebraic_new();
    st.t0 = ccd_algebraic_new();
    st.t2 = ccd_algebraic_new();
    st.n = st.mismatches = 0;
    ccd_poly_scratch_init(&st.s);
    for_each_shared_query(root, check_zero_separation, &st);
    ck_assert_int_gt(st.n, 20000);
    ck_assert_int_eq(st.mismatches, 0);
    ccd_poly_scratch_clear(&st.s);
    ccd_algebraic_free(st.plain);
    ccd_algebraic_free(st.t0);
    ccd_algebraic_free(st.t2);
    ccd_exact_ctx_free(st.ctx);
}
END_TEST

/* On every 16th query, d ∈ {0, 2^-30, 2^-20, 2^-10}: the L∞ answer never goes from
 * collision to none as d grows and its time never increases; a Euclidean collision
 * is an L∞ collision no later; both agree with the static checks at sampled times. */
struct mono_state {
    ccd_exact_ctx *ctx;
    ccd_algebraic *prev, *tinf, *t2;
    ccd_poly_scratch s;
    unsigned seed;
    long n, tested, failures, grew;
};

static int check_monotone(void *data, const ccd_query *q)
{
    struct mono_state *st = data;
    if (st->n++ % 16 != 0)
        return 0;
    st->tested++;
    static const int shifts[] = {-1, 30, 20, 10};
    mpq_t d;
    mpq_init(d);
    int prev_col = 0;
    for (int i = 0; i < 4; i++) {
        if (shifts[i] < 0) {
            mpq_set_ui(d, 0, 1);
        } else {
            mpq_set_ui(d, 1, 1);
            mpq_div_2exp(d, d, (unsigned long)shifts[i]);
        }
        int ci, c2;
        ck_assert_int_eq(ccd_exact_decide_separation(&ci, st->tinf, q, d, 0, st->ctx), CCD_OK);
        ck_assert_int_eq(ccd_exact_decide_separation(&c2, st->t2, q, d, 2, st->ctx), CCD_OK);
        if (prev_col && (!ci || ccd_algebraic_cmp(st->tinf, st->prev, &st->s) > 0))
            st->failures++, fprintf(stderr, "L∞ not monotone: query %llu\n",
                                    (unsigned long long)q->index);
        if (ci && !prev_col && i > 0)
            st->grew++;
        if (c2 && (!ci || ccd_algebraic_cmp(st->tinf, st->t2, &st->s) > 0))
            st->failures++, fprintf(stderr, "L2 collision not an earlier L∞ one: query %llu\n",
                                    (unsigned long long)q->index);
        for (int norm = 0; i == 2 && norm <= 2; norm += 2)
            if (!separation_answer_consistent(q, norm ? c2 : ci, norm ? st->t2 : st->tinf, d, norm,
                                              &st->seed, 3))
                st->failures++, fprintf(stderr, "static check failed: norm %d, query %llu (%s)\n",
                                        norm, (unsigned long long)q->index,
                                        q->kind == CCD_VF ? "VF" : "EE");
        prev_col = ci;
        if (ci)
            ccd_algebraic_set(st->prev, st->tinf);
    }
    mpq_clear(d);
    return 0;
}

START_TEST(test_monotone_and_norms)
{
    TEST_REQUIRE_SHARED_DATA(root);
    struct mono_state st;
    st.ctx = ccd_exact_ctx_new();
    st.prev = ccd_algebraic_new();
    st.tinf = ccd_algebraic_new();
    st.t2 = ccd_algebraic_new();
    st.seed = 11;
    st.n = st.tested = st.failures = st.grew = 0;
    ccd_poly_scratch_init(&st.s);
    for_each_shared_query(root, check_monotone, &st);
    fprintf(stderr, "exact-ms: %ld queries, %ld become collisions as d grows\n", st.tested,
            st.grew);
    ck_assert_int_gt(st.tested, 1000);
    ck_assert_int_gt(st.grew, 0);
    ck_assert_int_eq(st.failures, 0);
    ccd_poly_scratch_clear(&st.s);
    ccd_algebraic_free(st.prev);
    ccd_algebraic_free(st.tinf);
    ccd_algebraic_free(st.t2);
    ccd_exact_ctx_free(st.ctx);
}
END_TEST

static Suite *exact_ms_suite(void)
{
    Suite *s = suite_create("exact-ms");
    TCase *tc = tcase_create("separation");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_separation_hand_made);
    tcase_add_test(tc, test_zero_separation_is_plain);
    tcase_add_test(tc, test_monotone_and_norms);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(exact_ms_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
