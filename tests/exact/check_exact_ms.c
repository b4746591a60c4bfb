/* SPDX-License-Identifier: MIT */
/*
 * Check suite of the exact minimum-separation truth (src/exact/separation.c):
 * hand-made queries in both norms, and over the shared data: d = 0 is the plain
 * truth, the L∞ truth is monotone in d, every Euclidean collision is an L∞
 * collision (no later), and answers agree with static exact checks at sampled
 * times (Euclidean: the exact distance module; L∞: a 2D feasibility test here).
 * The L∞ fast path: its floating-point pair filter never contradicts exact signs,
 * its small sign-condition solver agrees with the general one, and its answers
 * are identical (the same representation) to those of the reference loop, on
 * random degenerate queries and on the shared data.
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "exact/distance.h"
#include "exact/exact_internal.h"
#include "exact/separation.h"
#include "exact/separation_pair_filter.h"
#include "exact/separation_sat.h"
#include "exact_test_util.h"
#include "test_support.h"
#include "test_tier.h"

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

/* A count the full tier exceeds on the whole shared data, scaled to the tier's
 * subsample (test_tier.h). */
static long tier_count(long full)
{
    return test_full_tier() ? full : full / TEST_FAST_FACTOR;
}

/* Every query of the tier's subsample of the shared data (test_tier.h), in file
 * order. */
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
            ck_assert_msg(ccd_reader_read(&b, &err, r) == CCD_OK, "%s", err.message);
            if (b.count == 0)
                break;
            for (size_t k = 0; k < b.count; k++)
                if (test_sample_keep(f->csv_path, b.queries[k].index, 1))
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
    ck_assert_int_gt(st.n, tier_count(20000));
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
    ck_assert_int_gt(st.tested, tier_count(1000));
    ck_assert_int_gt(st.grew, 0);
    ck_assert_int_eq(st.failures, 0);
    ccd_poly_scratch_clear(&st.s);
    ccd_algebraic_free(st.prev);
    ccd_algebraic_free(st.tinf);
    ccd_algebraic_free(st.t2);
    ccd_exact_ctx_free(st.ctx);
}
END_TEST

/* ------------------------------------------------------------------ pair filter */

/* Random constraint rows α, β, γ (degree ≤ 1), with the degeneracies of the real
 * ones: zero coefficients, rows with α ≡ β ≡ 0, pairs with opposite (α, β) or
 * proportional ones, widely different magnitudes, huge integers. */
static void random_rows(ccd_poly *al, ccd_poly *be, ccd_poly *ga, int n, unsigned *seed)
{
    ccd_poly *c[3] = {al, be, ga};
    unsigned long big = (unsigned long)(rand_r(seed) % 3) * 90; /* 0, 90 or 180 bits */
    for (int h = 0; h < n; h++) {
        int mode = rand_r(seed) % 8;
        for (int k = 0; k < 3; k++) {
            for (int i = 0; i <= 1; i++) {
                mpz_set_si(c[k][h].c[i], (long)(rand_r(seed) % 9) - 4);
                unsigned long extra = rand_r(seed) % 4 == 0 ? (unsigned long)(rand_r(seed) % 40) : 0;
                unsigned long sh = big + extra;
                mpz_mul_2exp(c[k][h].c[i], c[k][h].c[i], sh);
            }
            c[k][h].deg = 1;
            ccd_poly_normalize(&c[k][h]);
        }
        if (h > 0 && mode == 0) { /* opposite (α, β) of the row before, like a slab */
            ccd_poly_neg(&al[h], &al[h - 1]);
            ccd_poly_neg(&be[h], &be[h - 1]);
        }
        if (h > 0 && mode == 1) { /* proportional (α, β) */
            ccd_poly_add(&al[h], &al[h - 1], &al[h - 1]);
            ccd_poly_add(&be[h], &be[h - 1], &be[h - 1]);
        }
        if (mode == 2) { /* a pure time constraint */
            ccd_poly_set_zero(&al[h]);
            ccd_poly_set_zero(&be[h]);
        }
        if (mode == 3) /* constant row */
            for (int k = 0; k < 3; k++)
                if (c[k][h].deg > 0)
                    c[k][h].deg = mpz_sgn(c[k][h].c[0]) ? 0 : -1;
    }
}

struct pair_polys {
    ccd_poly D, X, Y, G[CCD_PAIR_MAX_ROWS], t;
    mpz_t z1, z2;
};

static void pair_polys_init(struct pair_polys *pp)
{
    ccd_poly_init(&pp->D);
    ccd_poly_init(&pp->X);
    ccd_poly_init(&pp->Y);
    ccd_poly_init(&pp->t);
    for (int k = 0; k < CCD_PAIR_MAX_ROWS; k++)
        ccd_poly_init(&pp->G[k]);
    mpz_inits(pp->z1, pp->z2, NULL);
}

static void pair_polys_clear(struct pair_polys *pp)
{
    ccd_poly_clear(&pp->D);
    ccd_poly_clear(&pp->X);
    ccd_poly_clear(&pp->Y);
    ccd_poly_clear(&pp->t);
    for (int k = 0; k < CCD_PAIR_MAX_ROWS; k++)
        ccd_poly_clear(&pp->G[k]);
    mpz_clears(pp->z1, pp->z2, NULL);
}

/* Exact D and G_k of pair (i, j). */
static void pair_polys_build(struct pair_polys *pp, const ccd_poly *al, const ccd_poly *be,
                             const ccd_poly *ga, int n, int i, int j)
{
    ccd_poly_mul(&pp->D, &al[i], &be[j]);
    ccd_poly_submul(&pp->D, &al[j], &be[i]);
    ccd_poly_mul(&pp->X, &be[i], &ga[j]);
    ccd_poly_submul(&pp->X, &be[j], &ga[i]);
    ccd_poly_mul(&pp->Y, &al[j], &ga[i]);
    ccd_poly_submul(&pp->Y, &al[i], &ga[j]);
    for (int k = 0; k < n; k++) {
        ccd_poly_mul(&pp->G[k], &al[k], &pp->X);
        ccd_poly_addmul(&pp->G[k], &be[k], &pp->Y);
        ccd_poly_addmul(&pp->G[k], &ga[k], &pp->D);
    }
}

/* Is pair (i, j) feasible at x (exact signs)? */
static int pair_feasible_at(struct pair_polys *pp, int n, int i, int j, const mpq_t x)
{
    int sd = ccd_poly_sign_at_q(&pp->D, x, pp->z1, pp->z2);
    if (sd == 0)
        return 0;
    for (int k = 0; k < n; k++) {
        if (k == i || k == j)
            continue;
        if (ccd_poly_sign_at_q(&pp->G[k], x, pp->z1, pp->z2) * sd < 0)
            return 0;
    }
    return 1;
}

/* x = pos / 2^DEPTH */
static void window_position(mpq_t x, uint64_t pos)
{
    mpz_set_ui(mpq_numref(x), (unsigned long)pos);
    mpz_set_ui(mpq_denref(x), 1);
    mpz_mul_2exp(mpq_denref(x), mpq_denref(x), CCD_PAIR_DEPTH);
    mpq_canonicalize(x);
}

/* A random point of [lo, hi] / 2^DEPTH (the ends included), with a fine denominator. */
static void random_point(mpq_t x, uint64_t lo, uint64_t hi, unsigned *seed)
{
    int r = rand_r(seed) % 4;
    if (r == 0) {
        window_position(x, lo);
        return;
    }
    if (r == 1) {
        window_position(x, hi);
        return;
    }
    /* lo + (hi - lo) f, f = k / 1021 */
    mpq_t f;
    mpq_init(f);
    mpq_set_ui(f, (unsigned long)(rand_r(seed) % 1022), 1021);
    mpq_canonicalize(f);
    window_position(x, hi - lo);
    mpq_mul(x, x, f);
    window_position(f, lo);
    mpq_add(x, x, f);
    mpq_clear(f);
}

START_TEST(test_pair_filter_signs_sound)
{
    unsigned seed = 77;
    ccd_poly al[CCD_PAIR_MAX_ROWS], be[CCD_PAIR_MAX_ROWS], ga[CCD_PAIR_MAX_ROWS];
    for (int h = 0; h < CCD_PAIR_MAX_ROWS; h++) {
        ccd_poly_init(&al[h]);
        ccd_poly_init(&be[h]);
        ccd_poly_init(&ga[h]);
    }
    struct pair_polys pp;
    pair_polys_init(&pp);
    ccd_pair_rows rows;
    ccd_pair_parts *parts = malloc(sizeof *parts);
    ck_assert_ptr_nonnull(parts);
    mpq_t x;
    mpq_init(x);
    long certified = 0, checked = 0;
    for (int trial = 0; trial < 400; trial++) {
        int n = 9 + trial % 2;
        random_rows(al, be, ga, n, &seed);
        ccd_pair_rows_load(&rows, al, be, ga, n);
        /* a sub-window: the whole window, or a small dyadic piece of it */
        int level = rand_r(&seed) % 3 == 0 ? 0 : rand_r(&seed) % (CCD_PAIR_DEPTH - 3);
        uint64_t len = (uint64_t)1 << (CCD_PAIR_DEPTH - level);
        uint64_t lo = ((uint64_t)rand_r(&seed) % ((uint64_t)1 << level)) * len;
        uint64_t hi = lo + len * (uint64_t)(1 + (level > 0 && rand_r(&seed) % 2));
        if (hi > (uint64_t)1 << CCD_PAIR_DEPTH)
            hi = lo + len;
        ccd_pair_parts_set(parts, &rows, lo, hi);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                pair_polys_build(&pp, al, be, ga, n, i, j);
                if (ccd_pair_d_nonzero(&rows, i, j))
                    ck_assert_msg(pp.D.deg >= 0, "D certified non-zero but it is 0");
                int sd, sg[CCD_PAIR_MAX_ROWS];
                ccd_pair_signs(&sd, sg, parts, i, j);
                for (int sample = 0; sample < 3; sample++) {
                    random_point(x, lo, hi, &seed);
                    int e = ccd_poly_sign_at_q(&pp.D, x, pp.z1, pp.z2);
                    checked++;
                    if (sd) {
                        certified++;
                        ck_assert_msg(e == sd, "trial %d pair (%d,%d): D certified %d, exact %d",
                                      trial, i, j, sd, e);
                    }
                    for (int k = 0; k < n; k++) {
                        if (k == i || k == j || !sg[k])
                            continue;
                        certified++;
                        e = ccd_poly_sign_at_q(&pp.G[k], x, pp.z1, pp.z2);
                        ck_assert_msg(e == sg[k],
                                      "trial %d pair (%d,%d): G_%d certified %d, exact %d", trial,
                                      i, j, k, sg[k], e);
                    }
                }
            }
    }
    fprintf(stderr, "pair filter: %ld certified signs checked at %ld points\n", certified,
            checked);
    ck_assert_int_gt(certified, 1000);
    mpq_clear(x);
    free(parts);
    pair_polys_clear(&pp);
    for (int h = 0; h < CCD_PAIR_MAX_ROWS; h++) {
        ccd_poly_clear(&al[h]);
        ccd_poly_clear(&be[h]);
        ccd_poly_clear(&ga[h]);
    }
}
END_TEST

/* Rows shaped like the real ones: the domain (VF: u ≥ 0, v ≥ 0, 1 - u - v ≥ 0;
 * EE: u, v ∈ [0, 1]) and three slabs d ∓ (a_k u + b_k v - c_k) ≥ 0 with a, b, c
 * linear in s on a small lattice and d small, so that contacts are common. */
static int slab_rows(ccd_poly *al, ccd_poly *be, ccd_poly *ga, int ee, unsigned *seed)
{
    int n = 0;
    static const long dom[4][3] = {{1, 0, 0}, {0, 1, 0}, {-1, -1, 1}, {0, -1, 1}};
    static const long dom_ee[4][3] = {{1, 0, 0}, {0, 1, 0}, {-1, 0, 1}, {0, -1, 1}};
    for (int h = 0; h < (ee ? 4 : 3); h++, n++) {
        const long *r = ee ? dom_ee[h] : dom[h];
        ccd_poly_set_si(&al[n], r[0]);
        ccd_poly_set_si(&be[n], r[1]);
        ccd_poly_set_si(&ga[n], r[2]);
    }
    long d = 1 + rand_r(seed) % 3; /* d / 16 */
    int near = rand_r(seed) % 2;    /* c = (a + b)/4 + a small e: contact near (1/4, 1/4) */
    for (int k = 0; k < 3; k++) {
        long c[3][2];
        for (int v = 0; v < 3; v++)
            for (int i = 0; i < 2; i++)
                c[v][i] = (long)(rand_r(seed) % 9) - 4;
        if (near) /* in units of 1/16 below */
            for (int i = 0; i < 2; i++)
                c[2][i] = 4 * (c[0][i] + c[1][i]) + (long)(rand_r(seed) % 9) - 4;
        else
            for (int i = 0; i < 2; i++)
                c[2][i] *= 16;
        for (int sign = -1; sign <= 1; sign += 2, n++) {
            ccd_poly *row[3] = {&al[n], &be[n], &ga[n]};
            for (int v = 0; v < 3; v++) {
                /* 16 (∓a, ∓b, ±c) + (0, 0, d): rows d ∓ 16 (a u + b v - c) ≥ 0 */
                long f = v < 2 ? -sign : sign;
                long scale = v < 2 ? 16 : 1; /* c is already in units of 1/16 */
                mpz_set_si(row[v]->c[0], scale * f * c[v][0] + (v == 2 ? d : 0));
                mpz_set_si(row[v]->c[1], scale * f * c[v][1]);
                row[v]->deg = 1;
                ccd_poly_normalize(row[v]);
            }
        }
    }
    return n;
}

/* The sweep: no pair is feasible before its lb (nor anywhere before b0 when it has
 * none), no pair before a0, and a certified b0 is a point where some pair is. */
START_TEST(test_pair_sweep_sound)
{
    unsigned seed = 91;
    ccd_poly al[CCD_PAIR_MAX_ROWS], be[CCD_PAIR_MAX_ROWS], ga[CCD_PAIR_MAX_ROWS];
    for (int h = 0; h < CCD_PAIR_MAX_ROWS; h++) {
        ccd_poly_init(&al[h]);
        ccd_poly_init(&be[h]);
        ccd_poly_init(&ga[h]);
    }
    struct pair_polys pp;
    pair_polys_init(&pp);
    ccd_pair_rows rows;
    ccd_pair_sweep sw;
    unsigned char pairs[CCD_PAIR_MAX][2];
    mpq_t x;
    mpq_init(x);
    long dead_checked = 0, certified = 0;
    const uint64_t full = (uint64_t)1 << CCD_PAIR_DEPTH;
    for (int trial = 0; trial < 800; trial++) {
        int n = 9 + trial % 2;
        if (trial % 4 == 0)
            random_rows(al, be, ga, n, &seed);
        else
            n = slab_rows(al, be, ga, trial % 2, &seed);
        ccd_pair_rows_load(&rows, al, be, ga, n);
        int np = 0;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                pairs[np][0] = (unsigned char)i;
                pairs[np][1] = (unsigned char)j;
                np++;
            }
        ccd_pair_sweep_run(&sw, &rows, (const unsigned char(*)[2])pairs, np);
        uint64_t a0 = CCD_PAIR_NONE;
        for (int p = 0; p < np; p++) {
            int i = pairs[p][0], j = pairs[p][1];
            if (sw.lb[p] < a0)
                a0 = sw.lb[p];
            uint64_t end = sw.lb[p] != CCD_PAIR_NONE ? sw.lb[p] : (sw.certified ? sw.b0 : full);
            if (end == 0)
                continue;
            pair_polys_build(&pp, al, be, ga, n, i, j);
            mpq_t e;
            mpq_init(e);
            window_position(e, end);
            for (int sample = 0; sample < 6; sample++) {
                random_point(x, 0, end, &seed);
                /* [0, lb) for a pair with lb; all of [0, b0] (or [0, 1]) without */
                if (sw.lb[p] != CCD_PAIR_NONE && mpq_cmp(x, e) >= 0)
                    continue;
                dead_checked++;
                ck_assert_msg(!pair_feasible_at(&pp, n, i, j, x),
                              "trial %d: pair (%d,%d) feasible before its lb", trial, i, j);
            }
            mpq_clear(e);
        }
        ck_assert(sw.a0 == a0);
        if (sw.certified) {
            certified++;
            window_position(x, sw.at_start ? 0 : sw.b0);
            int any = 0;
            for (int p = 0; p < np && !any; p++) {
                pair_polys_build(&pp, al, be, ga, n, pairs[p][0], pairs[p][1]);
                any = pair_feasible_at(&pp, n, pairs[p][0], pairs[p][1], x);
            }
            ck_assert_msg(any, "trial %d: no pair feasible at the certified point", trial);
            ck_assert(sw.b0 > sw.a0 || sw.at_start);
        }
    }
    fprintf(stderr, "pair sweep: %ld dead samples, %ld certified windows\n", dead_checked,
            certified);
    ck_assert_int_gt(certified, 100);
    mpq_clear(x);
    pair_polys_clear(&pp);
    for (int h = 0; h < CCD_PAIR_MAX_ROWS; h++) {
        ccd_poly_clear(&al[h]);
        ccd_poly_clear(&be[h]);
        ccd_poly_clear(&ga[h]);
    }
}
END_TEST

/* ------------------------------------------------------------------ small solver */

/* Random polynomials of degree ≤ 3 built from roots in {0, 1/4, 1/3, 1/2, 1, ...},
 * repeated and shared between polynomials, or random coefficients. */
static void random_small_poly(ccd_poly *p, unsigned *seed)
{
    static const long roots[][2] = {{0, 1}, {1, 4}, {1, 3}, {1, 2}, {2, 3}, {1, 1},
                                    {3, 2}, {-1, 2}, {5, 7}, {1, 1000}};
    if (rand_r(seed) % 3 == 0) {
        int deg = rand_r(seed) % 4;
        for (int i = 0; i <= deg; i++)
            mpz_set_si(p->c[i], (long)(rand_r(seed) % 21) - 10);
        p->deg = deg;
        ccd_poly_normalize(p);
        return;
    }
    ccd_poly f, r;
    ccd_poly_init(&f);
    ccd_poly_init(&r);
    ccd_poly_set_si(p, rand_r(seed) % 2 ? 3 : -2);
    int deg = rand_r(seed) % 4;
    for (int i = 0; i < deg; i++) {
        const long *q = roots[rand_r(seed) % 10];
        mpz_set_si(f.c[0], -q[0]); /* q1 t - q0 */
        mpz_set_si(f.c[1], q[1]);
        f.deg = 1;
        if (rand_r(seed) % 4 == 0) { /* an irrational pair of roots: t² - 2/9 */
            mpz_set_si(f.c[0], -2);
            mpz_set_si(f.c[1], 0);
            mpz_set_si(f.c[2], 9);
            f.deg = 2;
        }
        ccd_poly_mul(&r, p, &f);
        ccd_poly_set(p, &r);
    }
    ccd_poly_clear(&f);
    ccd_poly_clear(&r);
}

START_TEST(test_owned_sat_matches_general)
{
    unsigned seed = 5;
    ccd_sat S;
    ccd_sat_init(&S);
    ccd_owned_sat *os = malloc(sizeof *os);
    ck_assert_ptr_nonnull(os);
    ccd_owned_sat_init(os);
    ccd_poly g[6];
    const ccd_poly *gp[6];
    for (int i = 0; i < 6; i++) {
        ccd_poly_init(&g[i]);
        gp[i] = &g[i];
    }
    ccd_algebraic *a = ccd_algebraic_new(), *b = ccd_algebraic_new();
    mpz_t z1, z2;
    mpz_inits(z1, z2, NULL);
    long sat = 0;
    for (int trial = 0; trial < 3000; trial++) {
        int m = 1 + rand_r(&seed) % 5, npat = 1 + rand_r(&seed) % 2;
        for (int i = 0; i < m; i++)
            random_small_poly(&g[i], &seed);
        ccd_relation rel[2][CCD_SAT_MAX_POLYS];
        for (int p = 0; p < npat; p++)
            for (int i = 0; i < m; i++)
                rel[p][i] = (ccd_relation)(rand_r(&seed) % 4);
        unsigned owners = 0;
        int r1 = ccd_owned_sat_solve(a, &owners, os, &S, gp, m, rel, npat);
        int r2 = ccd_sat_solve_patterns(b, &S, gp, m, rel, npat);
        ck_assert_int_ge(r1, 0);
        ck_assert_msg(r1 == r2, "trial %d: owned %d, general %d", trial, r1, r2);
        if (!r1)
            continue;
        sat++;
        ck_assert_msg(ccd_algebraic_cmp(a, b, &S.s) == 0, "trial %d: different infima", trial);
        for (int i = 0; i < m; i++) {
            int s = g[i].deg < 0 ? 0 : ccd_algebraic_sign_at(&g[i], a, &S.s, &S.t1, &S.t2);
            if (g[i].deg >= 1)
                ck_assert_msg((s == 0) == ((owners >> i & 1) != 0),
                              "trial %d: owner bit of g_%d wrong", trial, i);
            else
                ck_assert(!(owners >> i & 1));
        }
    }
    ck_assert_int_gt(sat, 500);
    mpz_clears(z1, z2, NULL);
    ccd_algebraic_free(a);
    ccd_algebraic_free(b);
    for (int i = 0; i < 6; i++)
        ccd_poly_clear(&g[i]);
    ccd_owned_sat_clear(os);
    free(os);
    ccd_sat_clear(&S);
}
END_TEST

/* ------------------------------------------------------------------ fast = reference */

static int same_representation(const ccd_algebraic *a, const ccd_algebraic *b)
{
    if (a->exact != b->exact)
        return 0;
    if (a->exact)
        return mpq_equal(a->value, b->value);
    if (a->k != b->k || mpz_cmp(a->lo, b->lo) || mpz_cmp(a->hi, b->hi) || a->p.deg != b->p.deg)
        return 0;
    for (int i = 0; i <= a->p.deg; i++)
        if (mpz_cmp(a->p.c[i], b->p.c[i]))
            return 0;
    return 1;
}

struct twin_state {
    ccd_exact_ctx *fast, *ref;
    ccd_algebraic *tf, *tr;
    long n, compared, collisions, mismatches;
    int every;
    const char *d;
};

/* The default L∞ path and the reference loop: same decision, same representation. */
static int compare_fast_reference(struct twin_state *st, const ccd_query *q, const mpq_t d)
{
    int cf = -1, cr = -1;
    ck_assert_int_eq(ccd_exact_decide_separation_with(&cf, st->tf, q, d, 0, st->fast, 0), CCD_OK);
    ck_assert_int_eq(ccd_exact_decide_separation_with(&cr, st->tr, q, d, 0, st->ref,
                                                      CCD_SEPARATION_REFERENCE),
                     CCD_OK);
    st->compared++;
    st->collisions += cr;
    if (cf != cr || (cf && !same_representation(st->tf, st->tr))) {
        st->mismatches++;
        fprintf(stderr, "L∞ fast path differs from the reference: query %llu (%s), %d vs %d\n",
                (unsigned long long)q->index, q->kind == CCD_VF ? "VF" : "EE", cf, cr);
        return 1;
    }
    return 0;
}

static int check_twin_shared(void *data, const ccd_query *q)
{
    struct twin_state *st = data;
    if (st->n++ % st->every != 0)
        return 0;
    mpq_t d;
    mpq_init(d);
    ck_assert_int_eq(mpq_set_str(d, st->d, 10), 0);
    mpq_canonicalize(d);
    compare_fast_reference(st, q, d);
    mpq_clear(d);
    return 0;
}

static void twin_init(struct twin_state *st)
{
    st->fast = ccd_exact_ctx_new();
    st->ref = ccd_exact_ctx_new();
    st->tf = ccd_algebraic_new();
    st->tr = ccd_algebraic_new();
    st->n = st->compared = st->collisions = st->mismatches = 0;
}

static void twin_clear(struct twin_state *st)
{
    ccd_algebraic_free(st->tf);
    ccd_algebraic_free(st->tr);
    ccd_exact_ctx_free(st->fast);
    ccd_exact_ctx_free(st->ref);
}

/* Random queries on a coarse lattice: coplanar motions, parallel edges, touching
 * and coincident points, with d from large to tiny, seeded and unseeded. */
START_TEST(test_fast_matches_reference_random)
{
    static const char *ds[] = {"1/2", "1/8", "3/64", "1/1000", "1/1048576"};
    unsigned seed = 31u + (unsigned)_i;
    struct twin_state st;
    twin_init(&st);
    test_query t;
    test_query_init(&t);
    mpq_t d;
    mpq_init(d);
    for (int trial = 0; trial < 500; trial++) {
        for (int i = 0; i < CCD_QUERY_ROWS; i++)
            for (int j = 0; j < 3; j++) {
                long v = (long)(rand_r(&seed) % 5) - 2;
                mpq_set_si(t.ex.q[i][j], v, 2);
            }
        int r = rand_r(&seed) % 4;
        if (r == 0) /* a point that stays put */
            for (int j = 0; j < 3; j++)
                mpq_set(t.ex.q[4][j], t.ex.q[0][j]);
        if (r == 1) /* a degenerate triangle / edge */
            for (int j = 0; j < 3; j++) {
                mpq_set(t.ex.q[2][j], t.ex.q[3][j]);
                mpq_set(t.ex.q[6][j], t.ex.q[7][j]);
            }
        test_query_set_mpq(&t, _i ? CCD_EE : CCD_VF);
        mpq_set_str(d, ds[rand_r(&seed) % 5], 10);
        mpq_canonicalize(d);
        int unseeded = rand_r(&seed) % 2;
        st.fast->separation_unseeded = st.ref->separation_unseeded = unseeded;
        compare_fast_reference(&st, &t.q, d);
    }
    fprintf(stderr, "fast L∞ path, random %s: %ld queries, %ld collisions\n", _i ? "EE" : "VF",
            st.compared, st.collisions);
    ck_assert_int_gt(st.collisions, 50);
    ck_assert_int_eq(st.mismatches, 0);
    mpq_clear(d);
    test_query_clear(&t);
    twin_clear(&st);
}
END_TEST

/* The shared data: every query at d = 10^-8, every 4th at 10^-2, every 16th at
 * 10^-30 and 2^-12. */
START_TEST(test_fast_matches_reference_shared)
{
    TEST_REQUIRE_SHARED_DATA(root);
    static const struct {
        const char *d;
        int every;
    } runs[] = {{"1/100000000", 1}, {"1/100", 4}, {"1/1000000000000000000000000000000", 16},
                {"1/4096", 16}};
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        struct twin_state st;
        twin_init(&st);
        st.d = runs[k].d;
        st.every = runs[k].every;
        for_each_shared_query(root, check_twin_shared, &st);
        fprintf(stderr, "fast L∞ path, shared data, d = %s: %ld queries, %ld collisions\n",
                st.d, st.compared, st.collisions);
        ck_assert_int_gt(st.compared, tier_count(1000));
        ck_assert_int_gt(st.collisions, tier_count(100));
        ck_assert_int_eq(st.mismatches, 0);
        twin_clear(&st);
    }
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
    tcase_add_test(tc, test_pair_filter_signs_sound);
    tcase_add_test(tc, test_pair_sweep_sound);
    tcase_add_test(tc, test_owned_sat_matches_general);
    tcase_add_loop_test(tc, test_fast_matches_reference_random, 0, 2);
    tcase_add_test(tc, test_fast_matches_reference_shared);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(exact_ms_suite());
}
