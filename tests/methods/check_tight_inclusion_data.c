/* SPDX-License-Identifier: MIT */
/*
 * Data-driven tests of Tight Inclusion on the shared benchmark data (../shared/data,
 * read with the public reader API): no false negatives against the labels and against
 * the exact oracle (toi never later than the exact one), false-positive counts next to
 * those of the public reference implementation of Tight Inclusion (Wang et al. 2021,
 * "A Large Scale Benchmark and an Inclusion-Based Algorithm for Continuous Collision
 * Detection") on the same files (family_info below), identical decisions of the
 * scalar and SIMD kernels, and scale covariance of the linear filter (2^-20 … 2^40)
 * and large translations against exact truth.
 *
 * Time (CI runs this under ASan too): the default-parameter runs cover every query
 * (m_I = 1e6; ~3 s unsanitized); scalar-vs-SIMD uses every query with m_I = 10^4;
 * the scaled sweeps use every 8th query of each family and the translations every
 * 4th (queries 0, 8, 16, … in file order).
 */
#include <config.h>

#include "exact/exact_ccd.h"
#include "methods/builtin.h"
#include "methods/tight_inclusion.h"
#include "shared_family.h"
#include "test_support.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* p reads its Tight Inclusion options from opt, set to the declared defaults. */
static void use_options(ccd_params *p, ccd_option_value opt[CCD_TI_OPT_COUNT])
{
    ccd_options_default(opt, &ccd_method_tight_inclusion);
    p->options = opt;
}

/* ------------------------------------------------------------ the shared data in memory */

enum { FAMILIES = 6 };
/* False positives of the public reference implementation of Tight Inclusion on these
 * files, measured with its defaults (δ = 1e-6, m_I = 1e6, its clamped per-query
 * filter: CCD_FILTER_CLAMPED here), single thread; it reports no false negative. */
static const struct {
    const char *name;
    long reference_fp;
} family_info[FAMILIES] = {
    {"handcrafted VF", 85},         {"handcrafted EE", 137},       {"armadillo-rollers 326 VF", 2},
    {"cloth-funnel 227 VF", 65},    {"cloth-funnel 227 EE", 156},  {"n-body-simulation 18 VF", 1},
};

typedef struct shared_queries {
    ccd_query *q;
    int *family;
    int8_t *label;
    size_t count;
} shared_queries;

static shared_queries data; /* read once by the fixture; read-only in the tests */

static void load_shared(void)
{
    memset(&data, 0, sizeof data);
    const char *root = test_shared_data();
    if (!root)
        return;
    ccd_error err;
    ccd_dataset ds;
    const char *paths[1] = {root};
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    size_t cap = 0;
    for (size_t i = 0; i < ds.count; ++i) {
        const int fam = test_shared_family(&ds.files[i]);
        if (fam < 0)
            continue;
        ccd_reader *r;
        ck_assert_msg(ccd_reader_open(&r, &err, ds.files[i].csv_path, ds.files[i].labels_path,
                                      ds.files[i].kind) == CCD_OK,
                      "%s", err.message);
        ccd_batch b;
        ck_assert_int_eq(ccd_batch_init(&b, 4096), CCD_OK);
        for (;;) {
            ck_assert_msg(ccd_reader_read(&b, &err, r) == CCD_OK, "%s", err.message);
            if (b.count == 0)
                break;
            for (size_t k = 0; k < b.count; ++k) {
                /* all shared coordinates are doubles; the method sees q.v only */
                ck_assert_uint_eq(b.queries[k].inexact, 0);
                /* the fast tier's subsample (test_tier.h) */
                if (!test_sample_keep(ds.files[i].csv_path, b.queries[k].index, 1))
                    continue;
                if (data.count == cap) {
                    cap = cap ? 2 * cap : 16384;
                    data.q = realloc(data.q, cap * sizeof *data.q);
                    data.family = realloc(data.family, cap * sizeof *data.family);
                    data.label = realloc(data.label, cap * sizeof *data.label);
                    ck_assert(data.q && data.family && data.label);
                }
                data.q[data.count] = b.queries[k];
                data.q[data.count].exact = NULL;
                data.label[data.count] = b.labels[k];
                data.family[data.count++] = fam;
            }
        }
        ccd_batch_free(&b);
        ccd_reader_close(r);
    }
    ccd_dataset_free(&ds);
}

static void free_shared(void)
{
    free(data.q);
    free(data.family);
    free(data.label);
    memset(&data, 0, sizeof data);
}

#define REQUIRE_DATA()                                                                     \
    TEST_REQUIRE_SHARED_DATA(shared_root);                                                 \
    (void)shared_root;                                                                     \
    ck_assert_msg(data.count > 0, "no queries read from the shared data")

static void scale_query(ccd_query *q, int k, double shift)
{
    for (int r = 0; r < 8; ++r)
        for (int a = 0; a < 3; ++a)
            q->v[r][a] = ldexp(q->v[r][a], k) + shift;
}

/* Whether scaling by 2^k is exact (no underflow) for this query. */
static int scaling_is_exact(const ccd_query *q, int k)
{
    for (int r = 0; r < 8; ++r)
        for (int a = 0; a < 3; ++a)
            if (ldexp(ldexp(q->v[r][a], k), -k) != q->v[r][a])
                return 0;
    return 1;
}

typedef struct counts {
    long n[FAMILIES], pos[FAMILIES], fp[FAMILIES], fn[FAMILIES], hit_max[FAMILIES];
} counts;

/* Run every stride-th query (scaled by 2^k, shifted) and count against the labels. */
static void run_against_labels(counts *c, const ccd_params *p, ccd_ti_isa isa, size_t stride,
                               int k)
{
    memset(c, 0, sizeof *c);
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    for (size_t i = 0; i < data.count; i += stride) {
        ccd_query q = data.q[i];
        const int label = data.label[i];
        if (label < 0 || !scaling_is_exact(&q, k))
            continue;
        scale_query(&q, k, 0.0);
        ccd_result r;
        ck_assert_int_eq(ccd_ti_solve(&r, &q, p, isa, 0, s), CCD_OK);
        const int f = data.family[i];
        c->n[f]++;
        c->pos[f] += label;
        c->fp[f] += r.collides && !label;
        c->fn[f] += !r.collides && label;
        c->hit_max[f] += r.hit_max_checks;
    }
    ccd_ti_scratch_free(s);
}

static void print_counts(const char *what, const counts *c, int with_reference)
{
    for (int f = 0; f < FAMILIES; ++f) {
        fprintf(stderr, "%s %-26s n=%5ld pos=%5ld FP=%4ld FN=%ld m_I=%ld", what,
                family_info[f].name, c->n[f], c->pos[f], c->fp[f], c->fn[f], c->hit_max[f]);
        if (with_reference)
            fprintf(stderr, " (reference FP %ld)", family_info[f].reference_fp);
        fputc('\n', stderr);
    }
}

/* ------------------------------------------------------------ tests */

START_TEST(test_labels_linear_filter)
{
    REQUIRE_DATA();
    ccd_params p;
    ccd_params_default(&p);
    counts c;
    run_against_labels(&c, &p, ccd_ti_isa_best(), 1, 0);
    print_counts("linear ", &c, 1);
    for (int f = 0; f < FAMILIES; ++f) {
        ck_assert_msg(c.n[f] > 0, "family %s missing", family_info[f].name);
        ck_assert_msg(c.fn[f] == 0, "%s: %ld false negatives", family_info[f].name, c.fn[f]);
        /* every query decided within m_I (6 handcrafted EE queries, the continua of
         * erleben-cube-cliff-edges, were not before the earliest-first search ordered
         * boxes across the advance's cleared time by max(t, s_floor)) */
        ck_assert_msg(c.hit_max[f] == 0, "%s: %ld m_I hits", family_info[f].name, c.hit_max[f]);
        /* Not more conservative than the reference implementation (with some slack);
         * its counts are of every query (the full tier). */
        const long ref = family_info[f].reference_fp;
        if (test_full_tier())
            ck_assert_msg(c.fp[f] <= ref + ref / 4 + 5, "%s: FP %ld", family_info[f].name,
                          c.fp[f]);
    }
}
END_TEST

START_TEST(test_labels_clamped_and_paper_filters)
{
    REQUIRE_DATA();
    ccd_params p;
    ccd_params_default(&p);
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    use_options(&p, opt);
    /* the filters compared as the reference uses them: the search alone decides
     * (the time advance clears most of the false positives at d = 0 whatever the
     * filter: cloth-funnel VF 65 → 0; the directions of exclude=adaptive, the
     * default, 65 → 44) */
    opt[CCD_TI_OPT_ADVANCE].i = 0;
    opt[CCD_TI_OPT_EXCLUDE].i = CCD_TI_EXCLUDE_AXES; /* and the axes alone, as it has them */
    counts c;
    opt[CCD_TI_OPT_FILTER].i = CCD_FILTER_CLAMPED;
    run_against_labels(&c, &p, ccd_ti_isa_best(), 1, 0);
    print_counts("clamped", &c, 1);
    for (int f = 0; f < FAMILIES; ++f) {
        /* The reference implementation's filter gives close to its FP counts. */
        const long ref = family_info[f].reference_fp;
        if (test_full_tier())
            ck_assert_msg(labs(c.fp[f] - ref) <= ref / 5 + 3, "%s: FP %ld vs reference %ld",
                          family_info[f].name, c.fp[f], ref);
        ck_assert_int_eq(c.fn[f], 0);
    }
    opt[CCD_TI_OPT_FILTER].i = CCD_FILTER_PAPER;
    run_against_labels(&c, &p, ccd_ti_isa_best(), 1, 0);
    print_counts("paper  ", &c, 1);
    for (int f = 0; f < FAMILIES; ++f)
        ck_assert_int_eq(c.fn[f], 0);
}
END_TEST

START_TEST(test_simd_matches_scalar_shared)
{
    REQUIRE_DATA();
    ccd_params p;
    ccd_params_default(&p);
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    use_options(&p, opt);
    opt[CCD_TI_OPT_MAX_CHECKS].i = 10000;
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    long compared = 0;
    for (size_t i = 0; i < data.count; ++i) {
        ccd_result ref;
        ck_assert_int_eq(ccd_ti_solve(&ref, &data.q[i], &p, CCD_TI_SCALAR, 0, s), CCD_OK);
        for (int isa = CCD_TI_AVX2; isa <= CCD_TI_AVX512; ++isa) {
            if (!ccd_ti_kernel((ccd_ti_isa)isa, data.q[i].kind))
                continue;
            ccd_result r;
            ck_assert_int_eq(ccd_ti_solve(&r, &data.q[i], &p, (ccd_ti_isa)isa, 0, s), CCD_OK);
            ck_assert_int_eq(r.collides, ref.collides);
            ck_assert(r.toi == ref.toi || (isinf(r.toi) && isinf(ref.toi)));
            ck_assert_int_eq(r.checks, ref.checks);
            ck_assert_int_eq(r.hit_max_checks, ref.hit_max_checks);
            ++compared;
        }
    }
    fprintf(stderr, "scalar vs SIMD: %ld query runs compared, all identical\n", compared);
    ccd_ti_scratch_free(s);
}
END_TEST

/* FN = 0 and toi ≤ exact toi against the exact oracle, on every stride-th query
 * translated by shift (the translated doubles are the query; the oracle decides them). */
static void check_against_exact(const ccd_params *p, size_t stride, double shift, const char *what)
{
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *exact_toi = ccd_algebraic_new();
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    long n = 0, pos = 0, fp = 0, fn = 0, gaps = 0, disagree = 0;
    double gap_sum = 0.0, gap_max = 0.0;
    for (size_t i = 0; i < data.count; i += stride) {
        ccd_query q = data.q[i];
        scale_query(&q, 0, shift);
        int collides;
        ck_assert_int_eq(ccd_exact_decide(&collides, exact_toi, &q, NULL, 0, ctx), CCD_OK);
        if (shift == 0.0 && data.label[i] >= 0)
            disagree += collides != data.label[i]; /* oracle vs the Mathematica labels */
        ccd_result r;
        ck_assert_int_eq(ccd_ti_solve(&r, &q, p, ccd_ti_isa_best(), 0, s), CCD_OK);
        ++n;
        pos += collides;
        fp += r.collides && !collides;
        fn += !r.collides && collides;
        ck_assert_msg(r.collides || !collides, "%s: false negative at query %zu", what, i);
        if (collides && r.collides) {
            ck_assert_msg(ccd_algebraic_cmp_d(exact_toi, r.toi) >= 0,
                          "%s: toi %.17g after the exact toi at query %zu", what, r.toi, i);
            const double gap = ccd_algebraic_round_up(exact_toi) - r.toi;
            gap_sum += gap;
            gap_max = fmax(gap_max, gap);
            ++gaps;
        }
    }
    fprintf(stderr, "exact %-22s n=%ld pos=%ld FP=%ld FN=%ld toi gap mean %.3g max %.3g"
                    " (oracle vs labels: %ld differ)\n",
            what, n, pos, fp, fn, gaps ? gap_sum / gaps : 0.0, gap_max, disagree);
    ccd_ti_scratch_free(s);
    ccd_algebraic_free(exact_toi);
    ccd_exact_ctx_free(ctx);
}

START_TEST(test_exact_oracle)
{
    REQUIRE_DATA();
    ccd_params p;
    ccd_params_default(&p);
    check_against_exact(&p, 1, 0.0, "linear, all queries");
}
END_TEST

START_TEST(test_translations_exact)
{
    REQUIRE_DATA();
    static const double shifts[] = {1000.1, 1048576.3, 1073741824.0};
    ccd_params p;
    ccd_params_default(&p);
    for (size_t i = 0; i < sizeof shifts / sizeof shifts[0]; ++i) {
        char what[64];
        snprintf(what, sizeof what, "shift %.10g", shifts[i]);
        check_against_exact(&p, 4, shifts[i], what);
    }
}
END_TEST

START_TEST(test_scaled_linear_filter)
{
    /* Scaling by 2^k keeps every query's truth (labels), and floating point scales with
     * it: FN = 0 at default δ, and with δ scaled too the decisions are identical. */
    REQUIRE_DATA();
    static const int scales[] = {-20, -10, 10, 20, 30, 40};
    ccd_params p;
    ccd_params_default(&p);
    for (size_t i = 0; i < sizeof scales / sizeof scales[0]; ++i) {
        counts c;
        run_against_labels(&c, &p, ccd_ti_isa_best(), 8, scales[i]);
        char what[32];
        snprintf(what, sizeof what, "2^%-3d ", scales[i]);
        print_counts(what, &c, 0);
        for (int f = 0; f < FAMILIES; ++f)
            ck_assert_msg(c.fn[f] == 0, "2^%d %s: %ld false negatives", scales[i],
                          family_info[f].name, c.fn[f]);
    }
    /* δ scaled with the coordinates: bit-for-bit the same search. */
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    for (size_t i = 0; i < data.count; i += 8) {
        ccd_result ref;
        ccd_params_default(&p);
        ccd_option_value opt[CCD_TI_OPT_COUNT];
        use_options(&p, opt);
        ck_assert_int_eq(ccd_ti_solve(&ref, &data.q[i], &p, ccd_ti_isa_best(), 0, s), CCD_OK);
        for (int k = -20; k <= 40; k += 30) {
            ccd_query q = data.q[i];
            if (!scaling_is_exact(&q, k))
                continue;
            scale_query(&q, k, 0.0);
            opt[CCD_TI_OPT_DELTA].d = ldexp(1e-6, k);
            ccd_result r;
            ck_assert_int_eq(ccd_ti_solve(&r, &q, &p, ccd_ti_isa_best(), 0, s), CCD_OK);
            ck_assert_int_eq(r.collides, ref.collides);
            ck_assert_int_eq(r.checks, ref.checks);
            ck_assert(r.toi == ref.toi || (isinf(r.toi) && isinf(ref.toi)));
        }
    }
    ccd_ti_scratch_free(s);
}
END_TEST

/* A heavy query's search scratch is small, and not held for the rest of a run:
 * query 66 of the erleben-cube-cliff-edges edge-edge sample is the heaviest of the
 * shared data at d = 0 (levels of 315,000 boxes, 420,000 after a split).  Its boxes,
 * stored as corner integers and split in place (tight_inclusion_level.c), take at
 * most 6 MB (three buffers of boxes of doubles took 50 MB); the scratch keeps them
 * while heavy queries may follow (freed after each query, they cost a third more
 * time), and 256 light queries later holds at most 1 MB (ccd_ti_scratch_settle). */
START_TEST(test_scratch_released)
{
    TEST_REQUIRE_SHARED_DATA(root);
    char path[4096];
    snprintf(path, sizeof path, "%s/sample-queries/erleben-cube-cliff-edges/edge-edge/data_0_0.csv",
             root);
    ccd_reader *r;
    ccd_error err;
    ck_assert_msg(ccd_reader_open(&r, &err, path, NULL, CCD_EE) == CCD_OK, "%s", err.message);
    ccd_batch b;
    ck_assert_int_eq(ccd_batch_init(&b, 128), CCD_OK);
    ck_assert_msg(ccd_reader_read(&b, &err, r) == CCD_OK, "%s", err.message);
    ck_assert_uint_gt(b.count, 66);
    ccd_params p;
    ccd_params_default(&p);
    ccd_option_value opt[CCD_TI_OPT_COUNT];
    use_options(&p, opt);
    /* the level search's storage: search=adaptive (the default) hands this query to
     * the earliest-first search at 1024 boxes (82 KB) */
    opt[CCD_TI_OPT_SEARCH].i = CCD_TI_SEARCH_LEVELS;
    ccd_ti_scratch *s = ccd_ti_scratch_new();
    ck_assert_ptr_nonnull(s);
    ccd_result res;
    ck_assert_int_eq(ccd_ti_solve(&res, &b.queries[66], &p, ccd_ti_isa_best(), 0, s), CCD_OK);
    const size_t heavy = ccd_ti_scratch_bytes(s);
    ck_assert_msg(heavy >= 2u << 20, "the query needed only %zu bytes: no longer a heavy one",
                  heavy);
    ck_assert_msg(heavy <= 6u << 20, "the heaviest query of d = 0 needed %zu bytes", heavy);
    /* query 0 is a light one (a few boxes) */
    ck_assert_int_eq(ccd_ti_solve(&res, &b.queries[0], &p, ccd_ti_isa_best(), 0, s), CCD_OK);
    ck_assert_msg(ccd_ti_scratch_bytes(s) == heavy, "released at once");
    for (int i = 1; i < 256; i++)
        ck_assert_int_eq(ccd_ti_solve(&res, &b.queries[0], &p, ccd_ti_isa_best(), 0, s), CCD_OK);
    ck_assert_msg(ccd_ti_scratch_bytes(s) <= 1u << 20, "%zu bytes held 256 light queries later",
                  ccd_ti_scratch_bytes(s));
    ccd_ti_scratch_free(s);
    ccd_batch_free(&b);
    ccd_reader_close(r);
}
END_TEST

static Suite *tight_inclusion_data_suite(void)
{
    Suite *s = suite_create("tight_inclusion_data");
    TCase *tc = tcase_create("shared-data");
    tcase_add_unchecked_fixture(tc, load_shared, free_shared);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_labels_linear_filter);
    tcase_add_test(tc, test_labels_clamped_and_paper_filters);
    tcase_add_test(tc, test_simd_matches_scalar_shared);
    tcase_add_test(tc, test_exact_oracle);
    tcase_add_test(tc, test_translations_exact);
    tcase_add_test(tc, test_scaled_linear_filter);
    tcase_add_test(tc, test_scratch_released);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(tight_inclusion_data_suite());
    srunner_run_all(sr, CK_NORMAL);
    const int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
