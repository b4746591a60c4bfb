/* SPDX-License-Identifier: MIT */
/* Check suite of the runner (src/bench): deterministic for any thread count,
 * labels and exact truth, method errors counted, result checks. */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/batch_loop.h"
#include "bench/result_file.h"
#include "bench/run_series.h"
#include "bench/runner.h"
#include "bench/work_queue.h"
#include "core/clock.h"
#include "ccdbench.h"
#include "exact/exact_ccd.h"
#include "methods/builtin.h"
#include "methods/method_list.h"
#include "report/report.h"
#include "json_check.h"
#include "test_support.h"


enum { MAX_RECORDED = 4096 };

typedef struct recorded {
    size_t n;
    uint64_t index[MAX_RECORDED];
    int truth[MAX_RECORDED], label[MAX_RECORDED];
    int collides[MAX_RECORDED][3];
    double toi[MAX_RECORDED][3];
} recorded;

static void record(void *ctx, size_t run, const ccd_dataset_file *f, const ccd_query *q,
                   int label, const ccd_query_truth *truth, const ccd_query_outcome *o)
{
    ck_assert_uint_eq(run, 0);
    (void)f;
    recorded *r = ctx;
    ck_assert_uint_lt(r->n, MAX_RECORDED);
    r->index[r->n] = q->index;
    r->truth[r->n] = truth->collides;
    r->label[r->n] = label;
    for (int m = 0; m < 3; m++) {
        r->collides[r->n][m] = o[m].result.collides;
        r->toi[r->n][m] = o[m].result.toi;
    }
    r->n++;
}

static void run_default(ccd_run_stats *stats, recorded *rec, int threads, ccd_truth_policy truth)
{
    char *path = test_default_dataset();
    const char *paths[1] = {path};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(ds.count, 10);
    static const ccd_method *methods[3] = {&ccd_method_fprf, &ccd_method_exact, &test_method_never};
    ccd_run_config cfg = {.methods = methods, .method_count = 3, .truth = truth,
                          .threads = threads, .batch_size = 7, .on_query = record, .ctx = rec};
    ccd_params_default(&cfg.params);
    ck_assert_msg(ccd_run(stats, &err, &ds, &cfg) == CCD_OK, "%s", err.message);
    ccd_dataset_free(&ds);
    free(path);
}

static void assert_same_stats(const ccd_run_stats *a, const ccd_run_stats *b)
{
    ck_assert_uint_eq(a->group_count, b->group_count);
    ck_assert_uint_eq(a->exact_truth, b->exact_truth);
    for (size_t g = 0; g < a->group_count; g++) {
        ck_assert_str_eq(a->groups[g].family, b->groups[g].family);
        for (size_t m = 0; m < a->method_count; m++) {
            const ccd_method_stats *x = &a->groups[g].methods[m], *y = &b->groups[g].methods[m];
            ck_assert_uint_eq(x->queries, y->queries);
            ck_assert_uint_eq(x->positives, y->positives);
            ck_assert_uint_eq(x->false_positives, y->false_positives);
            ck_assert_uint_eq(x->false_negatives, y->false_negatives);
            ck_assert_uint_eq(x->toi_compared, y->toi_compared);
            ck_assert_uint_eq(x->toi_violations, y->toi_violations);
            ck_assert_uint_eq(x->zero_toi, y->zero_toi);
            ck_assert(memcmp(&x->toi_gap_sum, &y->toi_gap_sum, sizeof(double)) == 0);
        }
    }
}

START_TEST(test_runner_deterministic)
{
    static recorded rec[3];
    static const int threads[3] = {1, 2, 4};
    ccd_run_stats stats[3];
    for (int i = 0; i < 3; i++) {
        memset(&rec[i], 0, sizeof rec[i]);
        run_default(&stats[i], &rec[i], threads[i], CCD_TRUTH_POLICY_EXACT);
    }
    for (int i = 1; i < 3; i++) {
        ck_assert_uint_eq(rec[i].n, rec[0].n);
        ck_assert(memcmp(rec[i].index, rec[0].index, rec[0].n * sizeof rec[0].index[0]) == 0);
        ck_assert(memcmp(rec[i].truth, rec[0].truth, rec[0].n * sizeof rec[0].truth[0]) == 0);
        ck_assert(memcmp(rec[i].collides, rec[0].collides, rec[0].n * sizeof rec[0].collides[0]) == 0);
        ck_assert(memcmp(rec[i].toi, rec[0].toi, rec[0].n * sizeof rec[0].toi[0]) == 0);
        assert_same_stats(&stats[i], &stats[0]);
    }
    for (int i = 0; i < 3; i++)
        ccd_run_stats_free(&stats[i]);
}
END_TEST

/* Data-driven: the sample queries of the unit tests of Wang et al. 2021 (degenerate on purpose),
 * with small batches and 1 vs 3 threads, give the same per-query answers. */
START_TEST(test_runner_deterministic_shared_data)
{
    TEST_REQUIRE_SHARED_DATA(shared);
    char *path = NULL;
    ck_assert_int_ge(asprintf(&path, "%s/sample-queries/unit-tests", shared), 0);
    const char *paths[1] = {path};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    static recorded rec[2];
    ccd_run_stats stats[2];
    static const ccd_method *methods[3] = {&ccd_method_fprf, &ccd_method_exact, &test_method_never};
    for (int i = 0; i < 2; i++) {
        memset(&rec[i], 0, sizeof rec[i]);
        ccd_run_config cfg = {.methods = methods, .method_count = 3, .truth = CCD_TRUTH_POLICY_LABELS,
                              .threads = 1 + 2 * i, .batch_size = 13, .on_query = record,
                              .ctx = &rec[i]};
        ccd_params_default(&cfg.params);
        ck_assert_msg(ccd_run(&stats[i], &err, &ds, &cfg) == CCD_OK, "%s", err.message);
    }
    ck_assert_uint_gt(rec[0].n, 0);
    ck_assert_uint_eq(rec[1].n, rec[0].n);
    ck_assert(memcmp(rec[1].collides, rec[0].collides, rec[0].n * sizeof rec[0].collides[0]) == 0);
    ck_assert(memcmp(rec[1].toi, rec[0].toi, rec[0].n * sizeof rec[0].toi[0]) == 0);
    assert_same_stats(&stats[1], &stats[0]);
    for (int i = 0; i < 2; i++)
        ccd_run_stats_free(&stats[i]);
    ccd_dataset_free(&ds);
    free(path);
}
END_TEST

/* A hash of every query's answers, in the order consumed. */
static void hash_answers(void *ctx, size_t run, const ccd_dataset_file *f, const ccd_query *q,
                         int label, const ccd_query_truth *truth, const ccd_query_outcome *o)
{
    (void)run, (void)label;
    uint64_t *h = ctx, toi;
    memcpy(&toi, &o[0].result.toi, sizeof toi);
    const uint64_t parts[] = {(uint64_t)(uintptr_t)f, q->index, (uint64_t)truth->collides,
                              (uint64_t)o[0].result.collides, toi};
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
        h[0] = (h[0] ^ parts[k]) * 0x100000001b3ull;
    h[1]++;
}

/* Data-driven: all the shared data's queries, whose files of several blocks
 * the threads without a piece to parse read ahead of the cutting
 * (query/read_ahead.h), give the same answers, in the same order, on 1 and 3
 * threads; every byte of the input is read once either way (load_bytes). */
START_TEST(test_runner_reads_ahead_shared_data)
{
    TEST_REQUIRE_SHARED_DATA(shared);
    const char *paths[1] = {shared};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    uint64_t bytes = 0;
    for (size_t f = 0; f < ds.count; f++)
        bytes += ds.files[f].csv_stamp.bytes;
    static const ccd_method *methods[1] = {&ccd_method_fprf};
    uint64_t hash[2][2];
    ccd_run_stats stats[2];
    for (int i = 0; i < 2; i++) {
        hash[i][0] = 0xcbf29ce484222325ull, hash[i][1] = 0;
        ccd_run_config cfg = {.methods = methods, .method_count = 1,
                              .truth = CCD_TRUTH_POLICY_LABELS, .threads = 1 + 2 * i,
                              .on_query = hash_answers, .ctx = hash[i]};
        ccd_params_default(&cfg.params);
        ck_assert_msg(ccd_run(&stats[i], &err, &ds, &cfg) == CCD_OK, "%s", err.message);
        ck_assert_uint_eq(stats[i].load_bytes, bytes);
    }
    ck_assert_uint_gt(hash[0][1], 20000);
    ck_assert_uint_eq(hash[1][1], hash[0][1]);
    ck_assert_uint_eq(hash[1][0], hash[0][0]);
    assert_same_stats(&stats[1], &stats[0]);
    for (int i = 0; i < 2; i++)
        ccd_run_stats_free(&stats[i]);
    ccd_dataset_free(&ds);
}
END_TEST

START_TEST(test_default_labels_are_exact)
{
    /* The hand-justified labels of scripts/make-default-dataset, checked against
     * the exact oracle; and the exact method agrees with the oracle (no FP/FN). */
    static recorded rec;
    memset(&rec, 0, sizeof rec);
    ccd_run_stats stats;
    run_default(&stats, &rec, 2, CCD_TRUTH_POLICY_EXACT);
    ck_assert_uint_eq(rec.n, 276);
    for (size_t i = 0; i < rec.n; i++)
        ck_assert_msg(rec.label[i] == rec.truth[i], "query #%zu (index %llu): label %d, exact %d",
                      i, (unsigned long long)rec.index[i], rec.label[i], rec.truth[i]);
    ck_assert_int_eq(stats.toi_compared, 1);
    ck_assert_uint_eq(stats.exact_truth, 276);
    uint64_t positives = 0;
    for (size_t g = 0; g < stats.group_count; g++) {
        const ccd_method_stats *exact = &stats.groups[g].methods[1];
        ck_assert_uint_eq(exact->false_positives, 0);
        ck_assert_uint_eq(exact->false_negatives, 0);
        ck_assert_uint_eq(exact->toi_violations, 0);
        positives += exact->positives;
        /* "never" misses every positive and has no false positive. */
        ck_assert_uint_eq(stats.groups[g].methods[2].false_negatives, exact->positives);
        ck_assert_uint_eq(stats.groups[g].methods[2].false_positives, 0);
    }
    ck_assert_uint_eq(positives, 91 + 1 + 1 + 31 + 4 + 3 + 2 + 2 + 2 + 1);
    ccd_run_stats_free(&stats);
}
END_TEST

START_TEST(test_runner_labels_truth)
{
    static recorded rec;
    memset(&rec, 0, sizeof rec);
    ccd_run_stats stats;
    run_default(&stats, &rec, 1, CCD_TRUTH_POLICY_LABELS);
    /* Labelled input: truth comes from the labels, no toi comparison. */
    ck_assert_uint_eq(stats.exact_truth, 0);
    ck_assert_int_eq(stats.toi_compared, 0);
    for (size_t i = 0; i < rec.n; i++)
        ck_assert_int_eq(rec.truth[i], rec.label[i]);
    ccd_run_stats_free(&stats);
}
END_TEST

static ccd_status failing(ccd_result *r, const ccd_query *q, const ccd_params *p, void *s)
{
    (void)p, (void)s;
    memset(r, 0, sizeof *r);
    return q->index == 3 ? CCD_ERR_INTERNAL : CCD_OK;
}
static const ccd_method failing_method = {"test-failing", "fails on query 3", 0, failing,
                                          failing, NULL, NULL, NULL, 0};

static void record_exact_toi(void *ctx, size_t run, const ccd_dataset_file *f, const ccd_query *q,
                             int label, const ccd_query_truth *truth, const ccd_query_outcome *o)
{
    (void)run, (void)f, (void)q, (void)label, (void)o;
    uint64_t *counts = ctx; /* negatives, positives at toi > 0, positives at toi 0 */
    counts[!truth->collides ? 0 : truth->toi > 0 ? 1 : 2]++;
}

/* zero toi: a collision reported at toi 0 counts where the exact truth has no
 * collision or a toi > 0, never where it has a contact at 0; with exact truth
 * only (labels do not know the toi). */
START_TEST(test_runner_zero_toi)
{
    char *path = test_default_dataset();
    const char *paths[1] = {path};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    const ccd_method *methods[2] = {&test_method_at_zero, &test_method_never};
    uint64_t counts[3] = {0, 0, 0};
    ccd_run_config cfg = {.methods = methods, .method_count = 2, .threads = 2,
                          .truth = CCD_TRUTH_POLICY_EXACT, .on_query = record_exact_toi,
                          .ctx = counts};
    ccd_params_default(&cfg.params);
    ccd_run_stats stats;
    ck_assert_msg(ccd_run(&stats, &err, &ds, &cfg) == CCD_OK, "%s", err.message);
    uint64_t zero = 0, other = 0;
    for (size_t g = 0; g < stats.group_count; g++) {
        zero += stats.groups[g].methods[0].zero_toi;
        other += stats.groups[g].methods[1].zero_toi; /* reports no collision */
    }
    /* the shipped set has all three: the rule is tested on each */
    ck_assert_uint_gt(counts[0], 0);
    ck_assert_uint_gt(counts[1], 0);
    ck_assert_uint_gt(counts[2], 0);
    ck_assert_uint_eq(zero, counts[0] + counts[1]);
    ck_assert_uint_eq(other, 0);
    ccd_run_stats_free(&stats);
    /* truth from labels: nothing counted */
    cfg.truth = CCD_TRUTH_POLICY_LABELS;
    cfg.on_query = NULL;
    ck_assert_msg(ccd_run(&stats, &err, &ds, &cfg) == CCD_OK, "%s", err.message);
    for (size_t g = 0; g < stats.group_count; g++)
        ck_assert_uint_eq(stats.groups[g].methods[0].zero_toi, 0);
    ccd_run_stats_free(&stats);
    ccd_dataset_free(&ds);
    free(path);
}
END_TEST

/* A method failing on a query loses that query only: the run goes on, the
 * query is counted as failed with its reason, the others are scored. */
START_TEST(test_runner_method_error_counted)
{
    char *path = NULL;
    ck_assert_int_ge(asprintf(&path, "%s/datasets/default/touching/vertex-face/queries.csv",
                              test_srcdir()), 0);
    const char *paths[1] = {path};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, paths, 1), CCD_OK);
    const ccd_method *methods[2] = {&failing_method, &ccd_method_fprf};
    ccd_run_config cfg = {.methods = methods, .method_count = 2, .threads = 2, .batch_size = 2};
    ccd_params_default(&cfg.params);
    ccd_run_stats stats;
    ck_assert_int_eq(ccd_run(&stats, &err, &ds, &cfg), CCD_OK);
    ck_assert_uint_eq(stats.group_count, 1);
    const ccd_method_stats *failed = &stats.groups[0].methods[0], *fprf = &stats.groups[0].methods[1];
    ck_assert_uint_eq(failed->failed, 1);
    ck_assert_uint_eq(failed->queries + 1, fprf->queries);
    ck_assert_uint_eq(fprf->failed, 0);
    const ccd_first_failure *first;
    ck_assert_uint_eq(ccd_run_stats_failed(&stats, 0, &first), 1);
    char expect[4096];
    snprintf(expect, sizeof expect,
             "test-failing failed on query 3 of %s (status 1: internal error)", path);
    ck_assert_ptr_nonnull(first);
    ck_assert_str_eq(first->reason, expect);
    ck_assert_uint_eq(first->query, 3);
    ck_assert_uint_eq(ccd_run_stats_failed(&stats, 1, &first), 0);
    ck_assert_ptr_null(first);
    ccd_run_stats_free(&stats);
    ccd_dataset_free(&ds);
    free(path);
}
END_TEST

/* Results are checked against the declared capabilities. */
START_TEST(test_result_check)
{
    ccd_params p;
    ccd_params_default(&p);
    const unsigned toi = CCD_CAP_TOI | CCD_CAP_CONSERVATIVE;
    ccd_result ok = {.collides = 1, .toi = 0.5, .toi_upper = 0.5, .checks = 3};
    ccd_result none = {.collides = 0, .toi = INFINITY, .toi_upper = INFINITY};
    ck_assert_int_eq(ccd_result_check(&ok, toi, &p), CCD_INVALID_NONE);
    ck_assert_int_eq(ccd_result_check(&none, toi, &p), CCD_INVALID_NONE);
    ccd_result r = ok;
    r.collides = 7;
    ck_assert_int_eq(ccd_result_check(&r, 0, &p), CCD_INVALID_COLLIDES);
    r = ok, r.hit_max_checks = -1;
    ck_assert_int_eq(ccd_result_check(&r, 0, &p), CCD_INVALID_HIT_MAX_CHECKS);
    r = ok, r.checks = -1;
    ck_assert_int_eq(ccd_result_check(&r, 0, &p), CCD_INVALID_CHECKS);
    r = ok, r.tolerance = NAN;
    ck_assert_int_eq(ccd_result_check(&r, 0, &p), CCD_INVALID_TOLERANCE);
    r = ok, r.toi = NAN;
    ck_assert_int_eq(ccd_result_check(&r, toi, &p), CCD_INVALID_TOI);
    ck_assert_int_eq(ccd_result_check(&r, 0, &p), CCD_INVALID_NONE); /* toi not declared */
    r = ok, r.toi = r.toi_upper = 5;
    ck_assert_int_eq(ccd_result_check(&r, toi, &p), CCD_INVALID_TOI);
    p.t_max = 0.25;
    ck_assert_int_eq(ccd_result_check(&ok, toi, &p), CCD_INVALID_TOI); /* after t_max */
    p.t_max = 1;
    r = ok, r.toi_upper = 0.25;
    ck_assert_int_eq(ccd_result_check(&r, toi, &p), CCD_INVALID_TOI_UPPER);
    r = none, r.toi = 0.5;
    ck_assert_int_eq(ccd_result_check(&r, toi, &p), CCD_INVALID_NO_TOI);
    ccd_query_outcome o = {.result = ok, .failure = CCD_FAILURE_INVALID,
                           .failure_detail = CCD_INVALID_TOI};
    o.result.toi = NAN;
    char why[256];
    ccd_failure_reason(why, sizeof why, "m", &o, &p, "a.csv", 4, NULL);
    ck_assert_str_eq(why, "m gave an invalid result on query 4 of a.csv: toi = nan, not in [0, 1] "
                          "for a collision");
}
END_TEST

/* A series of two runs (fprf with eta 1e-3, then 1e-6, as a sweep's runs would
 * set an option): each run's statistics
 * equal a single run's at that delta, the result file holds both runs (read
 * back), the caller's callbacks are restored, and a result path that cannot be
 * written fails before any run. */
START_TEST(test_run_series_sweep_and_result_file)
{
    char *data = test_default_dataset();
    const char *paths[1] = {data};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    static const ccd_method *methods[1] = {&ccd_method_fprf};
    ccd_run_config cfg = {.methods = methods, .method_count = 1, .threads = 2};
    ccd_params_default(&cfg.params);
    double deltas[2] = {1e-3, 1e-6};
    ccd_option_value values[2][8], *per_method[2][1];
    ccd_option_value **options[2] = {per_method[0], per_method[1]};
    long eta = ccd_option_find(&ccd_method_fprf, "eta");
    ck_assert_int_ge(eta, 0);
    for (int r = 0; r < 2; r++) {
        ccd_options_default(values[r], &ccd_method_fprf);
        values[r][eta].d = deltas[r];
        per_method[r][0] = values[r];
    }
    char *dir = test_make_tmpdir("series");
    char *result = NULL;
    ck_assert_int_ge(asprintf(&result, "%s/r.json", dir), 0);
    ccd_run_series series = {.count = 2, .sweep_param = "delta", .sweep_values = deltas,
                             .options = options, .result_path = result,
                             .data = (char *const *)paths, .data_count = 1};
    ccd_result_run runs[2] = {0};
    ck_assert_msg(ccd_run_series_execute(runs, &err, &ds, &cfg, &series) == CCD_OK, "%s",
                  err.message);
    ck_assert_ptr_null(cfg.method_options); /* restored */
    ck_assert_ptr_null(cfg.on_query);
    for (int r = 0; r < 2; r++) {
        ck_assert(runs[r].sweep_value == deltas[r]);
        /* the same run alone */
        ccd_run_config one = cfg;
        one.method_options = (const ccd_option_value *const *)per_method[r];
        ccd_run_stats alone;
        ck_assert_int_eq(ccd_run(&alone, &err, &ds, &one), CCD_OK);
        ck_assert_uint_eq(alone.groups[0].methods[0].false_positives,
                          runs[r].stats.groups[0].methods[0].false_positives);
        ck_assert_uint_eq(alone.groups[0].methods[0].queries,
                          runs[r].stats.groups[0].methods[0].queries);
        ccd_run_stats_free(&alone);
        ccd_run_stats_free(&runs[r].stats);
    }
    ccd_result_doc doc;
    ck_assert_msg(ccd_result_read(&doc, &err, result) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(doc.run_count, 2);
    ck_assert_str_eq(doc.header.sweep, "delta");
    ck_assert(doc.runs[1].sweep_value == 1e-6);
    ccd_result_doc_free(&doc);
    /* the public check of a result file (ccdbench.h) takes it, and refuses a
     * missing one as bad input naming it */
    ck_assert_msg(ccd_result_file_check(&err, result) == CCD_OK, "%s", err.message);
    char *missing = test_path_in(dir, "none.json");
    ck_assert_int_eq(ccd_result_file_check(&err, missing), CCD_ERR_INPUT);
    ck_assert_msg(strncmp(err.message, missing, strlen(missing)) == 0, "%s", err.message);
    free(missing);
    /* an unwritable result path: an input error, no run made */
    series.result_path = "/nonexistent/dir/r.json";
    ccd_result_run none[2] = {0};
    ck_assert_int_eq(ccd_run_series_execute(none, &err, &ds, &cfg, &series), CCD_ERR_INPUT);
    ck_assert_uint_eq(none[0].stats.group_count, 0);
    free(result);
    test_remove_tmpdir(dir);
    ccd_dataset_free(&ds);
    free(data);
}
END_TEST

/* Deletes every file of the dataset once the reading has passed them all:
 * whatever is read after that fails to open (a second pass over the data). */
typedef struct delete_when_read {
    const ccd_dataset *ds;
    int deleted;
} delete_when_read;

static void delete_files_when_read(void *ctx, const ccd_dataset_file *at, uint64_t done,
                                   uint64_t total)
{
    (void)at;
    delete_when_read *d = ctx;
    if (done < total || d->deleted)
        return;
    for (size_t i = 0; i < d->ds->count; i++) {
        ck_assert_int_eq(unlink(d->ds->files[i].csv_path), 0);
        if (d->ds->files[i].labels_path)
            unlink(d->ds->files[i].labels_path);
    }
    d->deleted = 1;
}

/* A sweep runs in one pass: each file is read once (the files are deleted once
 * read, and the series still succeeds), and every run is what the same run
 * alone gives, query by query — also the third, whose truth (the same d as the
 * second's) is shared with the second's. */
START_TEST(test_run_series_reads_each_file_once)
{
    char *from = test_default_dataset();
    char *dir = test_make_tmpdir("once");
    char *copy = NULL, *result = NULL;
    ck_assert_int_ge(asprintf(&copy, "cp -R '%s' '%s/data'", from, dir), 0);
    ck_assert_int_eq(system(copy), 0);
    free(copy);
    ck_assert_int_ge(asprintf(&copy, "%s/data", dir), 0);
    ck_assert_int_ge(asprintf(&result, "%s/r.json", dir), 0);
    const char *paths[1] = {copy};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    static const ccd_method *methods[3] = {&ccd_method_fprf, &ccd_method_exact, &test_method_never};
    ccd_run_config cfg = {.methods = methods, .method_count = 3, .threads = 3, .batch_size = 7,
                          .truth = CCD_TRUTH_POLICY_EXACT};
    ccd_params_default(&cfg.params);
    enum { RUNS = 3 };
    double ms[RUNS] = {0, 0.05, 0.05};
    ccd_option_value **options[RUNS] = {NULL, NULL, NULL};
    ccd_option_value *none[3] = {NULL, NULL, NULL};
    for (int r = 0; r < RUNS; r++)
        options[r] = none;
    /* each run alone, first (the series deletes the files) */
    static recorded alone_rec[RUNS];
    ccd_run_stats alone[RUNS];
    for (int r = 0; r < RUNS; r++) {
        ccd_run_config one = cfg;
        one.params.ms = ms[r];
        one.on_query = record;
        memset(&alone_rec[r], 0, sizeof alone_rec[r]);
        one.ctx = &alone_rec[r];
        ck_assert_msg(ccd_run(&alone[r], &err, &ds, &one) == CCD_OK, "%s", err.message);
    }
    delete_when_read del = {.ds = &ds};
    cfg.progress = delete_files_when_read;
    cfg.ctx = &del;
    ccd_run_series series = {.count = RUNS, .sweep_param = "ms", .sweep_values = ms,
                             .options = options, .result_path = result, .per_query = 1,
                             .data = (char *const *)paths, .data_count = 1};
    ccd_result_run runs[RUNS] = {{0}};
    ck_assert_msg(ccd_run_series_execute(runs, &err, &ds, &cfg, &series) == CCD_OK, "%s",
                  err.message);
    ck_assert_int_eq(del.deleted, 1);
    ccd_result_doc doc;
    ck_assert_msg(ccd_result_read(&doc, &err, result) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(doc.run_count, RUNS);
    for (int r = 0; r < RUNS; r++) {
        assert_same_stats(&runs[r].stats, &alone[r]);
        ck_assert(runs[r].params.ms == ms[r]);
        const ccd_json *q = doc.runs[r].queries;
        ck_assert_ptr_nonnull(q);
        ck_assert_uint_eq(q->count, alone_rec[r].n);
        for (size_t i = 0; i < q->count; i++) {
            const ccd_json *rec = q->items[i];
            ck_assert_uint_eq(strtoull(ccd_json_get(rec, "index")->text, NULL, 10),
                              alone_rec[r].index[i]);
            ck_assert_int_eq(atoi(ccd_json_get(rec, "truth")->text), alone_rec[r].truth[i]);
            const ccd_json *res = ccd_json_get(rec, "results");
            for (int m = 0; m < 3; m++)
                ck_assert_int_eq(atoi(ccd_json_get(res->items[m], "collides")->text),
                                 alone_rec[r].collides[i][m]);
        }
        ccd_run_stats_free(&runs[r].stats);
        ccd_run_stats_free(&alone[r]);
    }
    /* the truth differs between d = 0 and d = 0.05 on the shipped data */
    ck_assert(memcmp(alone_rec[0].truth, alone_rec[1].truth,
                     alone_rec[0].n * sizeof alone_rec[0].truth[0]) != 0);
    ccd_result_doc_free(&doc);
    ccd_dataset_free(&ds);
    test_remove_tmpdir(dir);
    free(copy);
    free(result);
    free(from);
}
END_TEST

/* ------------------------------------------------------------------ a run reported */

static char *report_string(const ccd_run_stats *s, ccd_report_format f)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(ccd_report_write(out, s, f), 0);
    fclose(out);
    return buf;
}

START_TEST(test_report_formats)
{
    static recorded rec;
    memset(&rec, 0, sizeof rec);
    ccd_run_stats stats;
    run_default(&stats, &rec, 2, CCD_TRUTH_POLICY_EXACT);
    size_t rows = stats.group_count * stats.method_count;

    char *csv = report_string(&stats, CCD_FORMAT_CSV);
    size_t lines = 0;
    for (char *line = strtok(csv, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        size_t commas = 0;
        for (char *p = line; *p; p++)
            commas += *p == ',';
        ck_assert_uint_eq(commas + 1, 18); /* 14 columns + 4 toi columns */
    }
    ck_assert_uint_eq(lines, rows + 1);
    free(csv);

    char *json = report_string(&stats, CCD_FORMAT_JSON);
    ck_assert_msg(json_valid(json), "%s", json);
    ck_assert_ptr_nonnull(strstr(json, "\"method\": \"fprf\""));
    free(json);

    char *md = report_string(&stats, CCD_FORMAT_MARKDOWN);
    ck_assert_ptr_nonnull(strstr(md, "| set | family | kind | method |"));
    free(md);
    char *text = report_string(&stats, CCD_FORMAT_TEXT);
    ck_assert_ptr_nonnull(strstr(text, "median µs"));
    free(text);

    ccd_report_format f;
    ck_assert_int_eq(ccd_report_format_parse(&f, "markdown"), 0);
    ck_assert_int_eq(f, CCD_FORMAT_MARKDOWN);
    ck_assert_int_eq(ccd_report_format_parse(&f, "xml"), -1);
    ccd_run_stats_free(&stats);
}
END_TEST

/* The batch loop hands every query of every file to consume exactly once, in
 * order, whatever the batch size (one query, one less or more than a file, a
 * batch that ends with a file) and the thread count, with per-query and chunked
 * compute: a loop that drops or repeats a query (the last one of a batch, say)
 * changes every count of the run.  The number of queries of each file is
 * counted here with the reader alone. */
enum { LOOP_MAX_FILES = 16 };

typedef struct loop_record {
    uint64_t consumed[LOOP_MAX_FILES]; /* queries of each file consumed so far */
    uint64_t mismatched;               /* slots that did not hold their query's index */
} loop_record;

static ccd_status loop_compute(void *slot, ccd_error *err, const ccd_dataset_file *f,
                               const ccd_query *q, int label, void *tls, void *ctx)
{
    (void)err, (void)f, (void)label, (void)tls, (void)ctx;
    *(uint64_t *)slot = q->index + 1; /* 0: never written */
    return CCD_OK;
}

static ccd_status loop_compute_chunk(void *slots, size_t *failed, ccd_error *err,
                                     const ccd_dataset_file *f, const ccd_query *queries,
                                     const int8_t *labels, size_t count, void *tls, void *ctx)
{
    (void)failed;
    for (size_t i = 0; i < count; i++)
        loop_compute((uint64_t *)slots + i, err, f, &queries[i], labels[i], tls, ctx);
    return CCD_OK;
}

static ccd_status loop_consume(void *ctx, ccd_error *err, size_t file, const ccd_query *q,
                               int label, const void *slot)
{
    (void)err, (void)label;
    loop_record *rec = ctx;
    ck_assert_uint_lt(file, LOOP_MAX_FILES);
    ck_assert_uint_eq(q->index, rec->consumed[file]); /* in order, none skipped */
    rec->consumed[file]++;
    rec->mismatched += *(const uint64_t *)slot != q->index + 1;
    return CCD_OK;
}

static uint64_t queries_in_file(const ccd_dataset_file *f)
{
    ccd_reader *r;
    ccd_error err;
    ccd_batch b;
    ck_assert_msg(ccd_reader_open(&r, &err, f->csv_path, f->labels_path, f->kind) == CCD_OK, "%s",
                  err.message);
    ck_assert_int_eq(ccd_batch_init(&b, 4096), CCD_OK);
    uint64_t n = 0;
    for (;;) {
        ck_assert_msg(ccd_reader_read(&b, &err, r) == CCD_OK, "%s", err.message);
        if (b.count == 0)
            break;
        n += b.count;
    }
    ccd_batch_free(&b);
    ccd_reader_close(r);
    return n;
}

START_TEST(test_batch_loop_consumes_every_query)
{
    char *path = test_default_dataset();
    const char *paths[1] = {path};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    ck_assert_uint_le(ds.count, LOOP_MAX_FILES);
    uint64_t expected[LOOP_MAX_FILES] = {0}, smallest = UINT64_MAX;
    for (size_t f = 0; f < ds.count; f++) {
        expected[f] = queries_in_file(&ds.files[f]);
        ck_assert_uint_gt(expected[f], 0);
        smallest = expected[f] < smallest ? expected[f] : smallest;
    }
    const size_t sizes[] = {1, 2, 3, 7, (size_t)smallest, (size_t)smallest + 1, 4096};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int threads = 1; threads <= 2; threads++)
            for (int chunked = 0; chunked < 2; chunked++) {
                loop_record rec;
                memset(&rec, 0, sizeof rec);
                ccd_batch_loop loop = {.threads = threads, .batch_size = sizes[si],
                                       .slot_size = sizeof(uint64_t), .ctx = &rec,
                                       .consume = loop_consume};
                if (chunked)
                    loop.compute_chunk = loop_compute_chunk, loop.chunk_size = 2;
                else
                    loop.compute = loop_compute;
                ck_assert_msg(ccd_batch_loop_run(&loop, &err, &ds) == CCD_OK, "%s", err.message);
                for (size_t f = 0; f < ds.count; f++)
                    ck_assert_msg(rec.consumed[f] == expected[f],
                                  "batch size %zu, %d threads%s: file %zu: %llu of %llu queries "
                                  "consumed",
                                  sizes[si], threads, chunked ? ", chunks" : "", f,
                                  (unsigned long long)rec.consumed[f],
                                  (unsigned long long)expected[f]);
                ck_assert_uint_eq(rec.mismatched, 0);
            }
    ccd_dataset_free(&ds);
    free(path);
}
END_TEST

/* Batches cross files, the chunks handed to compute_chunk do not: the default
 * data's files (a few hundred queries each) fill one batch of 4096, where a
 * batch per file left threads idle behind a barrier per file; every chunk holds
 * consecutive queries of the file it is handed; every query is computed once;
 * and chunks hold CCD_WORK_GRAIN_NS of the work measured so far: with queries
 * of about 10 µs, CCD_WORK_GRAIN_FIRST before the first is measured, at most
 * CCD_WORK_GRAIN_NS / 10 µs after (test_work_queue_rules has the rule itself),
 * so that many more chunks are made than a fixed grain of 16 would make. */
typedef struct chunk_record {
    size_t largest;  /* queries of the largest chunk */
    size_t chunks;   /* chunks computed */
    size_t computed; /* queries computed */
    int scattered;   /* a chunk whose queries were not consecutive in one file */
    size_t batches;  /* progress calls with a file: one per batch */
    uint64_t *queries_of_file;
} chunk_record;

static ccd_status record_chunk(void *slots, size_t *failed, ccd_error *err,
                               const ccd_dataset_file *f, const ccd_query *queries,
                               const int8_t *labels, size_t count, void *tls, void *ctx)
{
    (void)slots, (void)failed, (void)err, (void)f, (void)labels, (void)tls;
    chunk_record *rec = ctx;
    int scattered = 0;
    for (size_t i = 1; i < count; i++)
        scattered |= queries[i].index != queries[0].index + i;
    const uint64_t until = ccd_clock_ns() + 10000 * (uint64_t)count; /* 10 µs a query */
    while (ccd_clock_ns() < until)
        ;
#pragma omp critical
    {
        rec->chunks++;
        rec->largest = count > rec->largest ? count : rec->largest;
        rec->computed += count;
        rec->scattered |= scattered;
    }
    return CCD_OK;
}

static ccd_status consume_counted(void *ctx, ccd_error *err, size_t file, const ccd_query *q,
                                  int label, const void *slot)
{
    (void)err, (void)label, (void)slot;
    chunk_record *rec = ctx;
    if (q->index != rec->queries_of_file[file]++)
        return CCD_ERR_INTERNAL; /* out of order */
    return CCD_OK;
}

static void count_batches(void *ctx, const ccd_dataset_file *at, uint64_t done, uint64_t total)
{
    (void)done, (void)total;
    ((chunk_record *)ctx)->batches += at != NULL;
}

/* The rules of the schedule (bench/work_queue.h): the grain by the cost so far,
 * the oldest open batch first, a batch ready when all its queries are computed,
 * at most CCD_WORK_RING open, and a look at a refilled slot taking nothing of
 * the old batch. */
/* The list of tasks in memory (ccd_work_list): the same grain as the ring,
 * every task taken once over three threads, nothing from an empty list. */
START_TEST(test_work_list_rules)
{
    ccd_work_list l;
    size_t first = SIZE_MAX;
    ccd_work_list_init(&l, 0, 0);
    ck_assert_uint_eq(ccd_work_list_take(&l, &first), 0);
    ccd_work_list_init(&l, 1000, 0); /* more than a grain of 0.5 µs tasks */
    ck_assert_uint_eq(ccd_work_list_take(&l, &first), CCD_WORK_GRAIN_FIRST);
    ck_assert_uint_eq(first, 0);
    ccd_work_cost_add(&l.cost, 500, 1); /* 0.5 µs a task */
    ck_assert_uint_eq(ccd_work_list_take(&l, &first), CCD_WORK_GRAIN_NS / 500);
    ck_assert_uint_eq(first, CCD_WORK_GRAIN_FIRST);
    /* the last chunk is what is left */
    ccd_work_list_init(&l, 5, 3);
    ck_assert_uint_eq(ccd_work_list_take(&l, &first), 3);
    ck_assert_uint_eq(ccd_work_list_take(&l, &first), 2);
    ck_assert_uint_eq(first, 3);
    ck_assert_uint_eq(ccd_work_list_take(&l, &first), 0);
    /* 100,000 tasks over three threads, costs measured as they go: each once */
    enum { N = 100000 };
    unsigned char *seen = calloc(N, 1);
    ck_assert_ptr_nonnull(seen);
    ccd_work_list_init(&l, N, 0);
#pragma omp parallel num_threads(3)
    for (size_t at, k; (k = ccd_work_list_take(&l, &at)) > 0;) {
        const uint64_t start = ccd_clock_ns();
        for (size_t i = at; i < at + k; i++) {
#pragma omp atomic
            seen[i]++;
        }
        ccd_work_cost_add(&l.cost, ccd_clock_ns() - start, k);
    }
    for (size_t i = 0; i < N; i++)
        ck_assert_msg(seen[i] == 1, "task %zu taken %d times", i, seen[i]);
    free(seen);
}
END_TEST

START_TEST(test_work_queue_rules)
{
    ccd_work_ring r;
    ccd_work_ring_init(&r, 0);
    ck_assert_uint_eq(ccd_work_grain(&r.cost), CCD_WORK_GRAIN_FIRST); /* nothing measured */
    ccd_work_cost_add(&r.cost, 100000, 1);                             /* 100 µs a query */
    ck_assert_uint_eq(ccd_work_grain(&r.cost), 1);
    ccd_work_cost_add(&r.cost, 0, 199);                                /* 0.5 µs a query */
    ck_assert_uint_eq(ccd_work_grain(&r.cost), CCD_WORK_GRAIN_NS / 500);
    ccd_work_cost_add(&r.cost, 0, 1000000); /* almost nothing: at most the maximum */
    ck_assert_uint_eq(ccd_work_grain(&r.cost), CCD_WORK_GRAIN_MAX);
    ccd_work_ring_init(&r, 3); /* a fixed grain */
    ccd_work_cost_add(&r.cost, 100000, 1);
    ck_assert_uint_eq(ccd_work_grain(&r.cost), 3);
    /* two batches of one file, of 4 and 2 queries: chunks of 3, the oldest
     * batch's first (a file is taken in order) */
    size_t slot, first;
    ck_assert_uint_eq(ccd_work_take(&r, &slot, &first), 0);
    ck_assert_uint_eq(ccd_work_publish(&r, 0, 4, NULL, 0, 0), 0);
    ck_assert_uint_eq(ccd_work_publish(&r, 4, 2, NULL, 0, 1), 1);
    ck_assert_uint_eq(ccd_work_take(&r, &slot, &first), 3);
    ck_assert_uint_eq(slot, 0);
    ck_assert_uint_eq(first, 0);
    ck_assert_uint_eq(ccd_work_take(&r, &slot, &first), 1);
    ck_assert_uint_eq(slot, 0);
    ck_assert_uint_eq(first, 3);
    ck_assert_uint_eq(ccd_work_take(&r, &slot, &first), 2);
    ck_assert_uint_eq(slot, 1);
    ck_assert_uint_eq(first, 0);
    ck_assert_uint_eq(ccd_work_take(&r, &slot, &first), 0);
    /* the second batch computed first: not ready before the first */
    ccd_work_done(&r, 1, 2);
    ck_assert_int_eq(ccd_work_ready(&r), -1);
    ccd_work_done(&r, 0, 3);
    ck_assert_int_eq(ccd_work_ready(&r), -1);
    ccd_work_done(&r, 0, 1);
    ck_assert_int_eq(ccd_work_ready(&r), 0);
    ccd_work_consume(&r);
    ck_assert_int_eq(ccd_work_ready(&r), 1);
    ccd_work_consume(&r);
    ck_assert_int_eq(ccd_work_ready(&r), -1);
    /* the ring holds CCD_WORK_RING open batches */
    for (int k = 0; k < CCD_WORK_RING; k++) {
        ck_assert(ccd_work_room(&r));
        ccd_work_publish(&r, 6 + 5 * (uint64_t)k, 5, NULL, 0, 1); /* one file */
    }
    ck_assert(!ccd_work_room(&r));
    /* slot 2 holds batch 2 (queries 6..10): a thread that read its next (6)
     * before batch 2 was consumed and batch 6 published there cannot take with
     * it once the slot has moved on */
    ck_assert_uint_eq(ccd_work_take(&r, &slot, &first), 3);
    ck_assert_uint_eq(slot, 2);
    uint_fast64_t stale = 6;
    ck_assert(!atomic_compare_exchange_strong(&r.batches[2].lane_next[0], &stale, 9));
}
END_TEST

/* Takes every query of the open batches: seen[pass index] counts them; each
 * chunk lies within one of the lanes given by their ends (lane_end, lanes). */
static void take_all(unsigned char *seen, ccd_work_ring *r, const uint64_t *start_of_slot,
                     const uint64_t *lane_end, size_t lanes)
{
    size_t slot, first;
    for (size_t n; (n = ccd_work_take(r, &slot, &first)) > 0;) {
        const uint64_t at = start_of_slot[slot] + first;
        size_t l = 0;
        while (lane_end[l] <= at)
            l++;
        ck_assert_uint_lt(l, lanes);
        ck_assert_uint_le(at + n, lane_end[l]);
        for (size_t i = 0; i < n; i++)
            seen[at + i]++;
    }
}

/* Lanes: the threads take a batch's files in turn, a chunk never crosses a
 * file, and every query is taken once; with more files than lanes, small
 * consecutive files share a lane. */
START_TEST(test_work_queue_lanes)
{
    ccd_work_ring r;
    ccd_work_ring_init(&r, 2);
    const uint64_t ends[] = {4, 8}; /* files [0, 4), [4, 8), [8, 12) */
    const uint64_t start_of_slot[CCD_WORK_RING] = {0};
    ck_assert_uint_eq(ccd_work_publish(&r, 0, 12, ends, 2, 0), 0);
    size_t slot, first, got[3];
    for (int k = 0; k < 3; k++) { /* one chunk of each file first */
        ck_assert_uint_eq(ccd_work_take(&r, &slot, &first), 2);
        got[k] = first;
    }
    ck_assert_uint_eq(got[0], 0);
    ck_assert_uint_eq(got[1], 4);
    ck_assert_uint_eq(got[2], 8);
    unsigned char seen[12] = {0};
    seen[0] = seen[1] = seen[4] = seen[5] = seen[8] = seen[9] = 1;
    const uint64_t lane_end[] = {4, 8, 12};
    take_all(seen, &r, start_of_slot, lane_end, 3);
    for (int i = 0; i < 12; i++)
        ck_assert_uint_eq(seen[i], 1);

    /* 100 files of one query: lanes of ⌈100 / LANES⌉ at least, at most LANES */
    enum { N = 100 };
    uint64_t many[N - 1];
    for (size_t i = 0; i + 1 < N; i++)
        many[i] = i + 1;
    ccd_work_ring_init(&r, 1);
    ck_assert_uint_eq(ccd_work_publish(&r, 0, N, many, N - 1, 0), 0);
    const size_t least = (N + CCD_WORK_LANES - 1) / CCD_WORK_LANES;
    uint64_t merged[CCD_WORK_LANES];
    size_t lanes = 0;
    for (size_t l = 0; l < CCD_WORK_LANES; l++) {
        const uint64_t span = atomic_load(&r.batches[0].lane_span[l]);
        const uint64_t from = span >> 24, count = span & ((1u << 24) - 1);
        if (count == 0) {
            ck_assert_uint_eq(from, N); /* empty lanes start at the batch's end */
            continue;
        }
        ck_assert_uint_eq(from, lanes ? merged[lanes - 1] : 0); /* back to back */
        merged[lanes++] = from + count;
        if (from + count < N)
            ck_assert_uint_ge(count, least);
    }
    ck_assert_uint_eq(merged[lanes - 1], N);
    ck_assert_uint_le(lanes, CCD_WORK_LANES);
    unsigned char once[N] = {0};
    take_all(once, &r, start_of_slot, merged, lanes);
    for (int i = 0; i < N; i++)
        ck_assert_uint_eq(once[i], 1);
}
END_TEST

/* Lanes across batches: a file that goes on from one batch into the next is
 * one lane, taken in order (its part in the later batch only once the earlier
 * part is handed out), in turn with the other files of the open batches. */
START_TEST(test_work_queue_lanes_across_batches)
{
    ccd_work_ring r;
    ccd_work_ring_init(&r, 2);
    ck_assert_uint_eq(ccd_work_publish(&r, 0, 4, NULL, 0, 0), 0); /* file A: [0, 4) */
    const uint64_t ends[] = {6};                                     /* A goes on: [4, 6), */
    ck_assert_uint_eq(ccd_work_publish(&r, 4, 6, ends, 1, 1), 1);   /* then B: [6, 10) */
    const uint64_t order[] = {0, 6, 2, 8, 4}; /* A, B, A, B, A's part in batch 1 */
    const uint64_t start_of_slot[] = {0, 4};
    size_t slot, first;
    for (size_t k = 0; k < 5; k++) {
        ck_assert_uint_eq(ccd_work_take(&r, &slot, &first), 2);
        ck_assert_uint_eq(start_of_slot[slot] + first, order[k]);
    }
    ck_assert_uint_eq(ccd_work_take(&r, &slot, &first), 0);
}
END_TEST

/* Longest expected first: a batch's heavy queries are handed out alone, the
 * most expensive of all open batches first, and the other chunks stop before
 * them and step over them; every query is taken once. */
START_TEST(test_work_queue_heavy_first)
{
    enum { B = CCD_EXPECTED_BLOCK, N = 2 * B }; /* two batches of a cost block each */
    uint64_t *cost = calloc(N, sizeof *cost);
    ck_assert_ptr_nonnull(cost);
    for (size_t i = 0; i < N; i++)
        cost[i] = 1000; /* 1 µs */
    cost[100] = 1000000000, cost[2000] = 3000000000, cost[4000] = 2000000000; /* batch 0 */
    cost[B + 7] = 4000000000;                                     /* batch 1 */
    ccd_expected_costs e;
    ck_assert_int_eq(ccd_expected_costs_of(&e, cost, N), 0);
    ck_assert_uint_eq(e.count, 4);
    ccd_work_ring r;
    ccd_work_ring_init(&r, 8);
    ck_assert_ptr_null(r.batches[0].heavy_by_cost); /* no lists without expected costs */
    ck_assert_int_eq(ccd_work_ring_expect(&r, &e), 0);
    ck_assert_ptr_nonnull(r.batches[CCD_WORK_RING - 1].heavy_by_index);
    ccd_work_publish(&r, 0, B, NULL, 0, 0);
    ccd_work_publish(&r, B, B, NULL, 0, 0);
    size_t slot, first;
    const size_t order[][2] = {{1, 7}, {0, 2000}, {0, 4000}, {0, 100}};
    for (size_t k = 0; k < 4; k++) {
        ck_assert_uint_eq(ccd_work_take(&r, &slot, &first), 1);
        ck_assert_uint_eq(slot, order[k][0]);
        ck_assert_uint_eq(first, order[k][1]);
    }
    unsigned char *seen = calloc(N, 1);
    ck_assert_ptr_nonnull(seen);
    seen[100] = seen[2000] = seen[4000] = seen[B + 7] = 1;
    for (size_t n; (n = ccd_work_take(&r, &slot, &first)) > 0;) {
        ck_assert_uint_le(n, 8);
        for (size_t i = 0; i < n; i++)
            seen[slot * B + first + i]++;
    }
    size_t once = 0;
    for (size_t i = 0; i < N; i++)
        once += seen[i] == 1;
    ck_assert_uint_eq(once, N);
    free(seen);
    ccd_work_ring_free(&r);
    ck_assert_ptr_null(r.batches[0].heavy_by_cost);
    ccd_expected_costs_free(&e);
    free(cost);
}
END_TEST

START_TEST(test_batch_loop_chunks_small_files)
{
    char *path = test_default_dataset();
    const char *paths[1] = {path};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    uint64_t total = 0, *expected = calloc(ds.count, sizeof *expected);
    ck_assert_ptr_nonnull(expected);
    for (size_t f = 0; f < ds.count; f++)
        total += expected[f] = queries_in_file(&ds.files[f]);
    ck_assert_uint_ge(ds.count, 4);
    ck_assert_uint_le(total, 4096); /* one batch holds them all */
    for (int threads = 2; threads <= 4; threads += 2) {
        chunk_record rec = {.queries_of_file = calloc(ds.count, sizeof(uint64_t))};
        ck_assert_ptr_nonnull(rec.queries_of_file);
        ccd_batch_loop loop = {.threads = threads, .batch_size = 4096, .slot_size = 1,
                               .ctx = &rec, .compute_chunk = record_chunk,
                               .consume = consume_counted, .progress = count_batches};
        ck_assert_msg(ccd_batch_loop_run(&loop, &err, &ds) == CCD_OK, "%s", err.message);
        ck_assert_uint_eq(rec.batches, 1);
        ck_assert_uint_eq(rec.computed, total);
        ck_assert_msg(!rec.scattered, "a chunk of queries that are not consecutive");
        for (size_t f = 0; f < ds.count; f++)
            ck_assert_uint_eq(rec.queries_of_file[f], expected[f]);
        const size_t grain = CCD_WORK_GRAIN_NS / 10000;
        ck_assert_uint_le(rec.largest, grain > CCD_WORK_GRAIN_FIRST ? grain : CCD_WORK_GRAIN_FIRST);
        ck_assert_msg(rec.chunks > total / 8, "%d threads: %zu chunks of %llu queries of 10 µs",
                      threads, rec.chunks, (unsigned long long)total);
        free(rec.queries_of_file);
    }
    free(expected);
    ccd_dataset_free(&ds);
    free(path);
}
END_TEST

/* A read error in a later file of a batch comes after the queries read before
 * it: they are computed and consumed, then the error is the loop's, for every
 * thread count and whether the bad file fails at opening or at a line. */
START_TEST(test_batch_loop_read_error_after_earlier_files)
{
    char *root = test_default_dataset();
    char good[4096], dir[] = "/tmp/ccd-loop-XXXXXX", bad[4200], missing[4200];
    snprintf(good, sizeof good, "%s/touching/vertex-face/queries.csv", root);
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(bad, sizeof bad, "%s/bad.csv", dir);
    snprintf(missing, sizeof missing, "%s/missing.csv", dir);
    FILE *f = fopen(bad, "w");
    ck_assert_ptr_nonnull(f);
    fputs("0,1,0,1,0,1\n0,1,0,1,0,1\n0,1,0,1,x,1\n", f); /* column 9 of line 3 */
    ck_assert_int_eq(fclose(f), 0);
    ccd_dataset_file files[2] = {{.csv_path = good, .kind = CCD_VF},
                                 {.csv_path = bad, .kind = CCD_VF}};
    ccd_dataset ds = {.files = files, .count = 2};
    const uint64_t expected = queries_in_file(&files[0]);
    for (int missing_file = 0; missing_file < 2; missing_file++) {
        files[1].csv_path = missing_file ? missing : bad;
        for (int threads = 1; threads <= 3; threads++)
            for (int chunked = 0; chunked < 2; chunked++) {
                loop_record rec = {.mismatched = 0};
                ccd_error err;
                ccd_batch_loop loop = {.threads = threads, .slot_size = sizeof(uint64_t),
                                       .ctx = &rec, .consume = loop_consume};
                if (chunked)
                    loop.compute_chunk = loop_compute_chunk;
                else
                    loop.compute = loop_compute;
                ck_assert_int_eq(ccd_batch_loop_run(&loop, &err, &ds), CCD_ERR_INPUT);
                ck_assert_msg(strncmp(err.message, files[1].csv_path,
                                      strlen(files[1].csv_path)) == 0,
                              "the error names %s", err.message);
                ck_assert_uint_eq(rec.consumed[0], expected);
                ck_assert_uint_eq(rec.consumed[1], 0);
                ck_assert_uint_eq(rec.mismatched, 0);
            }
    }
    unlink(bad);
    rmdir(dir);
    free(root);
}
END_TEST

/* A line that fails to parse, found by a piece's parser while the cutter is
 * already cutting the next batch (the cutter checks no numbers): publishing
 * the failed batch ends the reading, the batch being cut is dropped while its
 * pieces handed out may be parsed yet, and the queries before the bad line's
 * piece are all consumed (a piece that fails gives none, as a stream's batch
 * read gives none), then its error is the loop's; for batches of one piece
 * and of several, 1 to 3 threads, many times (under ASan in CI). */
START_TEST(test_batch_loop_parse_error_while_cutting)
{
    char dir[] = "/tmp/ccd-loop-XXXXXX", path[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/long.csv", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    enum { QUERIES = 3000, BAD = 700 }; /* the bad query: its third row */
    for (int q = 0; q < QUERIES; q++)
        for (int row = 0; row < 8; row++)
            fputs(q == BAD && row == 2 ? "0,1,0,1,x,1\n" : "0,1,0,1,0,1\n", f);
    ck_assert_int_eq(fclose(f), 0);
    ccd_dataset_file files[1] = {{.csv_path = path, .kind = CCD_VF}};
    ccd_dataset ds = {.files = files, .count = 1};
    char where[96];
    snprintf(where, sizeof where, "%s:%d:9: ", path, 8 * BAD + 3);
    const size_t batch_sizes[] = {64, 1024};
    for (size_t b = 0; b < sizeof batch_sizes / sizeof *batch_sizes; b++)
        for (int threads = 1; threads <= 3; threads++)
            for (int rep = 0; rep < 30; rep++) {
                loop_record rec = {.mismatched = 0};
                ccd_error err;
                ccd_batch_loop loop = {.threads = threads, .slot_size = sizeof(uint64_t),
                                       .batch_size = batch_sizes[b], .ctx = &rec,
                                       .consume = loop_consume, .compute = loop_compute};
                ck_assert_int_eq(ccd_batch_loop_run(&loop, &err, &ds), CCD_ERR_INPUT);
                ck_assert_msg(strncmp(err.message, where, strlen(where)) == 0,
                              "%s, not at %s", err.message, where);
                const size_t piece = batch_sizes[b] < CCD_WORK_PIECE ? batch_sizes[b]
                                                                     : CCD_WORK_PIECE;
                ck_assert_uint_eq(rec.consumed[0], BAD / piece * piece);
                ck_assert_uint_eq(rec.mismatched, 0);
            }
    unlink(path);
    rmdir(dir);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("runner");
    TCase *run = tcase_create("run");
    tcase_set_timeout(run, 600);
    tcase_add_test(run, test_batch_loop_consumes_every_query);
    tcase_add_test(run, test_work_queue_rules);
    tcase_add_test(run, test_work_queue_heavy_first);
    tcase_add_test(run, test_work_queue_lanes);
    tcase_add_test(run, test_work_queue_lanes_across_batches);
    tcase_add_test(run, test_work_list_rules);
    tcase_add_test(run, test_runner_zero_toi);
    tcase_add_test(run, test_batch_loop_chunks_small_files);
    tcase_add_test(run, test_batch_loop_read_error_after_earlier_files);
    tcase_add_test(run, test_batch_loop_parse_error_while_cutting);
    tcase_add_test(run, test_runner_deterministic);
    tcase_add_test(run, test_runner_deterministic_shared_data);
    tcase_add_test(run, test_runner_reads_ahead_shared_data);
    tcase_add_test(run, test_default_labels_are_exact);
    tcase_add_test(run, test_runner_labels_truth);
    tcase_add_test(run, test_runner_method_error_counted);
    tcase_add_test(run, test_result_check);
    tcase_add_test(run, test_report_formats);
    tcase_add_test(run, test_run_series_sweep_and_result_file);
    tcase_add_test(run, test_run_series_reads_each_file_once);
    suite_add_tcase(s, run);
    return s;
}

int main(void)
{
    return test_run_suite(suite());
}
