/* SPDX-License-Identifier: MIT */
/*
 * Data-driven suite of the exact oracle over the shared benchmark data: zero
 * disagreements with every Mathematica label, an independent check of every
 * reported time of impact, a property test on perturbed queries (no contact
 * before the reported time), and equal answers from concurrent threads.
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "exact_test_util.h"
#include "test_support.h"

typedef int (*query_fn)(void *data, const ccd_query *q, int label, const ccd_dataset_file *f);

/* Feed every query of the shared data that the tier reads (test_tier.h) to fn (stops early when fn returns non-zero). */
static size_t for_each_shared_query(const char *root, query_fn fn, void *data)
{
    ccd_dataset ds;
    ccd_error err;
    const char *paths[1] = {root};
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    ck_assert_int_gt((int)ds.count, 0);
    ccd_batch b;
    ck_assert_int_eq(ccd_batch_init(&b, 512), CCD_OK);
    size_t n = 0;
    int stop = 0;
    for (size_t i = 0; i < ds.count && !stop; i++) {
        ccd_reader *r;
        const ccd_dataset_file *f = &ds.files[i];
        ck_assert_msg(ccd_reader_open(&r, &err, f->csv_path, f->labels_path, f->kind) == CCD_OK,
                      "%s", err.message);
        for (;;) {
            ck_assert_msg(ccd_reader_read(&b, &err, r) == CCD_OK, "%s", err.message);
            if (b.count == 0)
                break;
            for (size_t k = 0; k < b.count && !stop; k++)
                if (test_sample_keep(f->csv_path, b.queries[k].index, 1)) { /* test_tier.h */
                    stop = fn(data, &b.queries[k], b.labels[k], f);
                    n++;
                }
        }
        ccd_reader_close(r);
    }
    ccd_batch_free(&b);
    ccd_dataset_free(&ds);
    return n;
}

struct label_state {
    ccd_exact_ctx *ctx;
    ccd_algebraic *toi;
    long queries, labelled, disagreements, positives, toi_failures;
    unsigned seed;
};

static int check_label(void *data, const ccd_query *q, int label, const ccd_dataset_file *f)
{
    struct label_state *s = data;
    int col;
    ck_assert_int_eq(ccd_exact_decide(&col, s->toi, q, NULL, 0, s->ctx), CCD_OK);
    s->queries++;
    if (label >= 0) {
        s->labelled++;
        if (col != label) {
            s->disagreements++;
            fprintf(stderr, "disagreement: %s query %llu: exact %d, label %d\n", f->csv_path,
                    (unsigned long long)q->index, col, label);
        }
    }
    if (col) {
        s->positives++;
        if (!check_toi_independently(q, s->toi, 2, &s->seed)) {
            s->toi_failures++;
            fprintf(stderr, "time of impact check failed: %s query %llu\n", f->csv_path,
                    (unsigned long long)q->index);
        }
    }
    return 0;
}

START_TEST(test_shared_labels_and_times_of_impact)
{
    TEST_REQUIRE_SHARED_DATA(root);
    struct label_state s = {ccd_exact_ctx_new(), ccd_algebraic_new(), 0, 0, 0, 0, 0, 1};
    for_each_shared_query(root, check_label, &s);
    fprintf(stderr, "exact: %ld queries, %ld labelled, %ld disagreements, %ld positives\n",
            s.queries, s.labelled, s.disagreements, s.positives);
    ck_assert_int_gt(s.labelled, test_full_tier() ? 20000 : 20000 / TEST_FAST_FACTOR);
    ck_assert_int_eq(s.disagreements, 0);
    ck_assert_int_eq(s.toi_failures, 0);
    ccd_algebraic_free(s.toi);
    ccd_exact_ctx_free(s.ctx);
}
END_TEST

/* The regression list of the fast tier (tests/data-regressions.txt): every entry
 * names a query of the shared data, and the exact oracle agrees with its label. */
START_TEST(test_regression_list_queries)
{
    TEST_REQUIRE_SHARED_DATA(root);
    test_regression_list list = {0};
    test_regression_list_load(&list);
    ck_assert_uint_gt(list.count, 0);
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    for (size_t i = 0; i < list.count; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", root, list.items[i].path);
        const char *paths[1] = {path};
        ccd_dataset ds;
        ccd_error err;
        ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
        ck_assert_uint_eq(ds.count, 1);
        const ccd_dataset_file *f = &ds.files[0];
        ccd_reader *r;
        ck_assert_msg(ccd_reader_open(&r, &err, f->csv_path, f->labels_path, f->kind) == CCD_OK,
                      "%s", err.message);
        ccd_batch b;
        ck_assert_int_eq(ccd_batch_init(&b, 512), CCD_OK);
        int found = 0;
        while (!found) {
            ck_assert_msg(ccd_reader_read(&b, &err, r) == CCD_OK, "%s", err.message);
            ck_assert_msg(b.count > 0, "%s: no query %llu", path,
                          (unsigned long long)list.items[i].index);
            for (size_t k = 0; k < b.count && !found; k++) {
                if (b.queries[k].index != list.items[i].index)
                    continue;
                found = 1;
                int col;
                ck_assert_int_eq(ccd_exact_decide(&col, toi, &b.queries[k], NULL, 0, ctx), CCD_OK);
                ck_assert_int_ge(b.labels[k], 0);
                ck_assert_msg(col == b.labels[k], "%s query %llu: exact %d, label %d", path,
                              (unsigned long long)b.queries[k].index, col, b.labels[k]);
            }
        }
        ccd_batch_free(&b);
        ccd_reader_close(r);
        ccd_dataset_free(&ds);
    }
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
    free(list.items);
}
END_TEST

/* Perturb every coordinate of every 5th query by a few units in the last place
 * (still doubles: the floating-point filter path is exercised too); the answer
 * must pass the independent checks: no contact at sampled earlier times, contact
 * at the reported time, and none at all when no collision is reported. */
struct perturb_state {
    ccd_exact_ctx *ctx;
    ccd_algebraic *toi;
    unsigned seed;
    long tested, positives, failures;
};

static int check_perturbed(void *data, const ccd_query *q0, int label, const ccd_dataset_file *f)
{
    (void)label;
    struct perturb_state *s = data;
    (void)f;
    if (q0->index % 5 != 0 || q0->exact)
        return 0;
    ccd_query q = *q0;
    for (int i = 0; i < CCD_QUERY_ROWS; i++)
        for (int j = 0; j < 3; j++)
            for (int k = rand_r(&s->seed) % 5 - 2; k != 0; k += k > 0 ? -1 : 1)
                q.v[i][j] = nextafter(q.v[i][j], k > 0 ? INFINITY : -INFINITY);
    int col;
    ck_assert_int_eq(ccd_exact_decide(&col, s->toi, &q, NULL, 0, s->ctx), CCD_OK);
    s->tested++;
    if (col) {
        s->positives++;
        if (!check_toi_independently(&q, s->toi, 3, &s->seed))
            s->failures++;
    } else {
        mpq_t x;
        mpq_init(x);
        for (int k = 0; k < 3; k++) {
            mpq_set_ui(x, (unsigned long)(rand_r(&s->seed) % 1025), 1024);
            if (so_contact_at_q(&q, x))
                s->failures++;
        }
        mpq_clear(x);
    }
    return 0;
}

START_TEST(test_perturbed_property)
{
    TEST_REQUIRE_SHARED_DATA(root);
    struct perturb_state s = {ccd_exact_ctx_new(), ccd_algebraic_new(), 99, 0, 0, 0};
    for_each_shared_query(root, check_perturbed, &s);
    fprintf(stderr, "exact: %ld perturbed queries, %ld positives\n", s.tested, s.positives);
    ck_assert_int_gt(s.tested, test_full_tier() ? 3000 : 3000 / TEST_FAST_FACTOR);
    ck_assert_int_eq(s.failures, 0);
    ccd_algebraic_free(s.toi);
    ccd_exact_ctx_free(s.ctx);
}
END_TEST

/* Concurrent threads (one context each) give the answers of a single thread. */
struct collect_state {
    ccd_query *q;
    size_t n, cap;
};

static int collect(void *data, const ccd_query *q, int label, const ccd_dataset_file *f)
{
    (void)label;
    struct collect_state *c = data;
    (void)f;
    if (q->exact)
        return 0;
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 1024;
        c->q = realloc(c->q, c->cap * sizeof *c->q);
        ck_assert_ptr_nonnull(c->q);
    }
    c->q[c->n] = *q;
    c->n++;
    return c->n >= 6000;
}

START_TEST(test_threads_agree)
{
    TEST_REQUIRE_SHARED_DATA(root);
    struct collect_state c = {NULL, 0, 0};
    for_each_shared_query(root, collect, &c);
    double *lo1 = malloc(c.n * sizeof *lo1), *lo2 = malloc(c.n * sizeof *lo2);
    ccd_params p;
    ccd_params_default(&p);
    ccd_exact_ctx *ctx = ccd_exact_ctx_new();
    ccd_algebraic *toi = ccd_algebraic_new();
    for (size_t i = 0; i < c.n; i++) {
        int col;
        ck_assert_int_eq(ccd_exact_decide(&col, toi, &c.q[i], NULL, 0, ctx), CCD_OK);
        lo1[i] = col ? ccd_algebraic_round_down(toi) : INFINITY;
    }
    ccd_algebraic_free(toi);
    ccd_exact_ctx_free(ctx);
    long errors = 0;
#pragma omp parallel num_threads(2) reduction(+ : errors)
    {
        ccd_exact_ctx *tctx = ccd_exact_ctx_new();
        ccd_algebraic *ttoi = ccd_algebraic_new();
#pragma omp for schedule(dynamic, 16)
        for (size_t i = 0; i < c.n; i++) {
            int col;
            if (ccd_exact_decide(&col, ttoi, &c.q[i], NULL, 0, tctx) != CCD_OK)
                errors++;
            lo2[i] = col ? ccd_algebraic_round_down(ttoi) : INFINITY;
        }
        ccd_algebraic_free(ttoi);
        ccd_exact_ctx_free(tctx);
    }
    ck_assert_int_eq(errors, 0);
    for (size_t i = 0; i < c.n; i++)
        ck_assert_msg(lo1[i] == lo2[i] || (isinf(lo1[i]) && isinf(lo2[i])), "query %zu differs", i);
    free(lo1);
    free(lo2);
    free(c.q);
}
END_TEST

static Suite *exact_data_suite(void)
{
    Suite *s = suite_create("exact-data");
    TCase *tc = tcase_create("shared");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_shared_labels_and_times_of_impact);
    tcase_add_test(tc, test_perturbed_property);
    tcase_add_test(tc, test_threads_agree);
    tcase_add_test(tc, test_regression_list_queries);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(exact_data_suite());
}
