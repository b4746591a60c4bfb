/* SPDX-License-Identifier: MIT */
/* Check suite of the wrong answers of a method (src/bench/wrong_answers.c),
 * their listing (src/report/wrong_listing.c) and the methods' answers to one
 * query (src/bench/query_answers.c, `show --methods`), on a hand-built dataset: the first
 * four queries of the shipped coplanar VF and EE files (labels 1 0 1 0 and
 * 1 0 0 0; exact tois 4/5 and 2/3 of query 0, 0 of VF query 2) and a method that answers
 * "collides" exactly on the odd queries. */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/method_failure.h"
#include "bench/query_answers.h"
#include "bench/runner.h"
#include "bench/wrong_answers.h"
#include "ccdbench.h"
#include "methods/builtin.h"
#include "report/wrong_listing.h"
#include "test_support.h"

static ccd_status odd_query(ccd_result *r, const ccd_query *q, const ccd_params *p, void *s)
{
    (void)p, (void)s;
    memset(r, 0, sizeof *r);
    r->collides = (int)(q->index % 2);
    r->toi = r->toi_upper = r->collides ? 0.25 : INFINITY;
    return CCD_OK;
}
/* Collides on the odd queries (toi 1/4): wrong on 7 of the 8. */
static const ccd_method odd_method = {"test-odd", "collides on odd queries", CCD_CAP_TOI,
                                      odd_query, odd_query, NULL, NULL, NULL, 0};

static ccd_status odd_but_3_query(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                  void *s)
{
    odd_query(r, q, p, s);
    return q->index == 3 ? CCD_ERR_INPUT : CCD_OK;
}
/* The same, failing on query 3 of each file. */
static const ccd_method odd_but_3_method = {"test-odd-but-3", "fails on query 3", CCD_CAP_TOI,
                                            odd_but_3_query, odd_but_3_query, NULL, NULL,
                                            NULL, 0};

typedef struct hand_data {
    char *dir;
    ccd_dataset ds;
} hand_data;

/* The first four queries (32 rows) of the shipped coplanar file of kind dir. */
static void copy_four(const char *root, const char *kind)
{
    char *from = NULL, *to = NULL;
    ck_assert_int_ge(asprintf(&from, "%s/datasets/default/coplanar/%s/queries.csv",
                              test_srcdir(), kind), 0);
    ck_assert_int_ge(asprintf(&to, "%s/hand/%s", root, kind), 0);
    ck_assert_int_eq(mkdir(to, 0700), 0);
    free(to);
    ck_assert_int_ge(asprintf(&to, "%s/hand/%s/queries.csv", root, kind), 0);
    FILE *in = fopen(from, "r"), *out = fopen(to, "w");
    ck_assert_ptr_nonnull(in);
    ck_assert_ptr_nonnull(out);
    char line[1024];
    for (int i = 0; i < 32; i++) {
        ck_assert_ptr_nonnull(fgets(line, sizeof line, in));
        fputs(line, out);
    }
    fclose(in);
    ck_assert_int_eq(fclose(out), 0);
    free(from);
    free(to);
}

static void hand_open(hand_data *h)
{
    h->dir = test_make_tmpdir("wrong");
    char *hand = NULL;
    ck_assert_int_ge(asprintf(&hand, "%s/hand", h->dir), 0);
    ck_assert_int_eq(mkdir(hand, 0700), 0);
    copy_four(h->dir, "vertex-face");
    copy_four(h->dir, "edge-edge");
    const char *paths[1] = {hand};
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&h->ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(h->ds.count, 2); /* sorted by path: edge-edge, then vertex-face */
    ck_assert_int_eq(h->ds.files[0].kind, CCD_EE);
    free(hand);
}

static void hand_close(hand_data *h)
{
    ccd_dataset_free(&h->ds);
    test_remove_tmpdir(h->dir);
}

/* The expected listing of test-odd: file, query, truth (FNs first). */
static const struct {
    size_t file;
    uint64_t query;
    int truth;
} odd_wrong[7] = {{0, 0, 1}, {1, 0, 1}, {1, 2, 1}, /* false negatives */
                  {0, 1, 0}, {0, 3, 0}, {1, 1, 0}, {1, 3, 0}};

static void assert_odd_listing(const ccd_wrong_answers *w)
{
    ck_assert_uint_eq(w->queries, 8);
    ck_assert_uint_eq(w->count, 7);
    ck_assert_uint_eq(w->fn, 3);
    ck_assert_uint_eq(w->fp, 4);
    ck_assert_uint_eq(w->failed[0], 0);
    for (size_t i = 0; i < 7; i++) {
        const ccd_wrong_answer *a = &w->items[i];
        ck_assert_uint_eq(a->file, odd_wrong[i].file);
        ck_assert_uint_eq(a->query, odd_wrong[i].query);
        ck_assert_uint_eq(a->line, 8 * odd_wrong[i].query + 1);
        ck_assert_int_eq(a->kind, a->file == 0 ? CCD_EE : CCD_VF);
        ck_assert_int_eq(a->truth, odd_wrong[i].truth);
        ck_assert_int_eq(a->says[0], !a->truth);
        if (a->says[0])
            ck_assert_double_eq(a->toi[0], 0.25);
        else
            ck_assert(isnan(a->toi[0]));
        ck_assert_str_eq(ccd_wrong_answer_kind(a), a->truth ? "fn" : "fp");
    }
}

/* Labels: every wrong answer, FNs first, each in file and query order; no exact toi. */
START_TEST(test_wrong_labels)
{
    hand_data h;
    hand_open(&h);
    ccd_wrong_answers w;
    ccd_error err;
    ck_assert_msg(ccd_wrong_answers_find(&w, &err, &h.ds, &odd_method, NULL, NULL, 0) == CCD_OK,
                  "%s", err.message);
    assert_odd_listing(&w);
    ck_assert_uint_eq(w.exact_truth, 0);
    for (size_t i = 0; i < w.count; i++)
        ck_assert(isnan(w.items[i].truth_toi));
    ccd_wrong_answers_free(&w);
    ck_assert_ptr_null(w.items);
    hand_close(&h);
}
END_TEST

/* The exact oracle: the same listing, with the exact toi rounded down. */
START_TEST(test_wrong_exact)
{
    hand_data h;
    hand_open(&h);
    ccd_wrong_answers w;
    ccd_error err;
    ck_assert_int_eq(ccd_wrong_answers_find(&w, &err, &h.ds, &odd_method, NULL, NULL, 1), CCD_OK);
    assert_odd_listing(&w);
    ck_assert_uint_eq(w.exact_truth, 8);
    /* EE query 0: toi 2/3, whose nearest double is below it; VF query 0: 4/5,
     * whose nearest double 0.8 is above it, so the double before. */
    ck_assert_double_eq(w.items[0].truth_toi, 2.0 / 3.0);
    ck_assert_double_eq(w.items[1].truth_toi, nextafter(0.8, 0));
    ck_assert_double_eq(w.items[2].truth_toi, 0); /* VF query 2: in contact at t = 0 */
    for (size_t i = 3; i < w.count; i++)
        ck_assert(isnan(w.items[i].truth_toi)); /* no collision, no toi */
    ccd_wrong_answers_free(&w);
    hand_close(&h);
}
END_TEST

/* Two methods: the queries where they disagree, in file and query order; fn, fp
 * the first method's. */
START_TEST(test_wrong_vs)
{
    hand_data h;
    hand_open(&h);
    ccd_wrong_answers w;
    ccd_error err;
    ck_assert_int_eq(ccd_wrong_answers_find(&w, &err, &h.ds, &odd_method, &ccd_method_exact,
                                            NULL, 0), CCD_OK);
    ck_assert_uint_eq(w.count, 7);
    ck_assert_uint_eq(w.fn, 3);
    ck_assert_uint_eq(w.fp, 4);
    static const uint64_t order[7][2] = {{0, 0}, {0, 1}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}};
    for (size_t i = 0; i < w.count; i++) {
        const ccd_wrong_answer *a = &w.items[i];
        ck_assert_uint_eq(a->file, order[i][0]);
        ck_assert_uint_eq(a->query, order[i][1]);
        ck_assert_int_eq(a->says[1], a->truth); /* exact is right */
        ck_assert_int_ne(a->says[0], a->says[1]);
        if (!a->says[1])
            ck_assert(isnan(a->toi[1]));
    }
    ccd_wrong_answers_free(&w);
    /* A method against itself: no disagreement. */
    ck_assert_int_eq(ccd_wrong_answers_find(&w, &err, &h.ds, &ccd_method_exact,
                                            &ccd_method_exact, NULL, 0), CCD_OK);
    ck_assert_uint_eq(w.count, 0);
    ck_assert_uint_eq(w.queries, 8);
    ccd_wrong_answers_free(&w);
    hand_close(&h);
}
END_TEST

/* A query a method fails on is counted, not listed. */
START_TEST(test_wrong_failures)
{
    hand_data h;
    hand_open(&h);
    ccd_wrong_answers w;
    ccd_error err;
    ck_assert_int_eq(ccd_wrong_answers_find(&w, &err, &h.ds, &odd_but_3_method, NULL, NULL, 0),
                     CCD_OK);
    ck_assert_uint_eq(w.failed[0], 2);
    ck_assert_uint_eq(w.count, 5);
    ck_assert_uint_eq(w.fp, 2);
    for (size_t i = 0; i < w.count; i++)
        ck_assert_uint_ne(w.items[i].query, 3);
    ccd_wrong_answers_free(&w);
    hand_close(&h);
}
END_TEST

/* The runner's configuration: any thread count and batch size, the same listing. */
START_TEST(test_wrong_threads)
{
    hand_data h;
    hand_open(&h);
    const ccd_method *methods[1] = {&odd_method};
    ccd_run_config cfg = {.methods = methods, .method_count = 1, .threads = 3, .batch_size = 1};
    ccd_params_default(&cfg.params);
    ccd_wrong_answers w;
    ccd_error err;
    ck_assert_int_eq(ccd_wrong_answers_run(&w, &err, &h.ds, &cfg), CCD_OK);
    assert_odd_listing(&w);
    ccd_wrong_answers_free(&w);
    hand_close(&h);
}
END_TEST

static char *listing(const ccd_wrong_answers *w, const ccd_dataset *ds, const char *names[2],
                     int other, ccd_report_format format)
{
    test_text t;
    ccd_wrong_listing_write(test_text_open(&t), w, ds, names, other, format);
    return test_text_close(&t);
}

/* The listing's lines, exactly. */
START_TEST(test_wrong_listing)
{
    hand_data h;
    hand_open(&h);
    ccd_wrong_answers w;
    ccd_error err;
    ck_assert_int_eq(ccd_wrong_answers_find(&w, &err, &h.ds, &odd_method, NULL, NULL, 1), CCD_OK);
    const char *names[2] = {"test-odd", NULL};
    const char *ee = h.ds.files[0].csv_path, *vf = h.ds.files[1].csv_path;
    char *text = listing(&w, &h.ds, names, 0, CCD_FORMAT_TEXT);
    char *expect = NULL;
    ck_assert_int_ge(asprintf(&expect,
                              "%s:1: query 0: test-odd says no, truth collides (exact toi "
                              "0.66666666666666663)\n"
                              "%s:1: query 0: test-odd says no, truth collides (exact toi "
                              "0.79999999999999993)\n",
                              ee, vf), 0);
    ck_assert_msg(strncmp(text, expect, strlen(expect)) == 0, "%s", text);
    free(expect);
    ck_assert_int_ge(asprintf(&expect, "%s:9: query 1: test-odd says collides (toi 0.25), "
                                       "truth no\n", ee), 0);
    ck_assert_msg(strstr(text, expect) != NULL, "%s", text);
    free(expect);
    free(text);
    text = listing(&w, &h.ds, names, 0, CCD_FORMAT_CSV);
    ck_assert_int_ge(asprintf(&expect, "file,line,query,kind,method,collides,toi,truth,exact_toi,"
                                       "wrong\n%s,1,0,EE,test-odd,0,,1,0.66666666666666663,fn\n",
                              ee), 0);
    ck_assert_msg(strncmp(text, expect, strlen(expect)) == 0, "%s", text);
    free(expect);
    free(text);
    text = listing(&w, &h.ds, names, 0, CCD_FORMAT_JSON);
    ck_assert_msg(strstr(text, "\"fn\": 3, \"fp\": 4") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "\"answers\": [{\"method\": \"test-odd\", \"collides\": true, "
                               "\"toi\": 0.25}]") != NULL, "%s", text);
    free(text);
    char summary[512];
    ccd_wrong_listing_summary(summary, sizeof summary, &w, names, 0);
    ck_assert_str_eq(summary, "test-odd: 3 false negatives, 4 false positives in 8 queries "
                              "(truth: 0 labels, 8 exact)");
    ccd_wrong_answers_free(&w);

    ck_assert_int_eq(ccd_wrong_answers_find(&w, &err, &h.ds, &odd_method, &ccd_method_exact,
                                            NULL, 0), CCD_OK);
    names[1] = "exact";
    text = listing(&w, &h.ds, names, 1, CCD_FORMAT_TEXT);
    ck_assert_int_ge(asprintf(&expect, "%s:9: query 1: test-odd says collides (toi 0.25), exact "
                                       "says no; truth no\n", ee), 0);
    ck_assert_msg(strstr(text, expect) != NULL, "%s", text);
    free(expect);
    free(text);
    ccd_wrong_listing_summary(summary, sizeof summary, &w, names, 1);
    ck_assert_str_eq(summary, "test-odd and exact disagree on 7 of 8 queries: test-odd right "
                              "on 0, exact on 7 (truth: 8 labels, 0 exact)");
    ccd_wrong_answers_free(&w);
    hand_close(&h);
}
END_TEST

static ccd_status bad_toi_query(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                void *s)
{
    odd_query(r, q, p, s);
    r->collides = 1;
    r->toi = r->toi_upper = 2; /* beyond t_max = 1 */
    return CCD_OK;
}
/* Says collides with toi 2: an invalid result for a method with CCD_CAP_TOI. */
static const ccd_method bad_toi_method = {"test-bad-toi", "toi out of range", CCD_CAP_TOI,
                                          bad_toi_query, bad_toi_query, NULL, NULL, NULL, 0};

/* Each method's answer to one query, judged as the runner judges it. */
START_TEST(test_query_answers)
{
    hand_data h;
    hand_open(&h);
    ccd_reader *r;
    ccd_batch b;
    ccd_error err;
    ck_assert_int_eq(ccd_batch_init(&b, 8), CCD_OK);
    ck_assert_int_eq(ccd_reader_open(&r, &err, h.ds.files[0].csv_path, NULL, CCD_EE), CCD_OK);
    ck_assert_int_eq(ccd_reader_read(&b, &err, r), CCD_OK);
    ck_assert_uint_eq(b.count, 4);
    const ccd_method *methods[4] = {&odd_method, &ccd_method_exact, &odd_but_3_method,
                                    &bad_toi_method};
    ccd_params p;
    ccd_params_default(&p);
    ccd_query_outcome o[4];
    /* EE query 0 collides at 2/3: test-odd says no, exact collides at the double below. */
    ck_assert_int_eq(ccd_query_answers(o, &err, methods, 4, NULL, &b.queries[0], &p), CCD_OK);
    ck_assert_int_eq(o[0].failure, CCD_FAILURE_NONE);
    ck_assert_int_eq(o[0].result.collides, 0);
    ck_assert_int_eq(o[1].failure, CCD_FAILURE_NONE);
    ck_assert_int_eq(o[1].result.collides, 1);
    ck_assert_double_eq(o[1].result.toi, 2.0 / 3.0);
    ck_assert_int_eq(o[2].failure, CCD_FAILURE_NONE);
    ck_assert_int_eq(o[3].failure, CCD_FAILURE_INVALID);
    ck_assert_int_eq(o[3].failure_detail, CCD_INVALID_TOI);
    for (int m = 0; m < 4; m++)
        ck_assert_int_eq(o[m].toi_order, CCD_TOI_NOT_COMPARED);
    /* Query 3: test-odd collides at 1/4; test-odd-but-3 fails with its status. */
    ck_assert_int_eq(ccd_query_answers(o, &err, methods, 3, NULL, &b.queries[3], &p), CCD_OK);
    ck_assert_int_eq(o[0].result.collides, 1);
    ck_assert_double_eq(o[0].result.toi, 0.25);
    ck_assert_int_eq(o[1].result.collides, 0);
    ck_assert_int_eq(o[2].failure, CCD_FAILURE_STATUS);
    ck_assert_int_eq(o[2].failure_detail, CCD_ERR_INPUT);
    ccd_reader_close(r);
    ccd_batch_free(&b);
    hand_close(&h);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("wrong_answers");
    TCase *c = tcase_create("wrong");
    tcase_add_test(c, test_wrong_labels);
    tcase_add_test(c, test_wrong_exact);
    tcase_add_test(c, test_wrong_vs);
    tcase_add_test(c, test_wrong_failures);
    tcase_add_test(c, test_wrong_threads);
    tcase_add_test(c, test_wrong_listing);
    tcase_add_test(c, test_query_answers);
    suite_add_tcase(s, c);
    return s;
}

int main(void)
{
    return test_run_suite(suite());
}
