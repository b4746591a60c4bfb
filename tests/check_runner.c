/* SPDX-License-Identifier: MIT */
/* Check suite of the runner (src/bench), reports (src/report), method lists and
 * plugins (src/methods), and FPRF. */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/runner.h"
#include "bench/time_histogram.h"
#include "exact/exact_ccd.h"
#include "json_check.h"
#include "methods/builtin.h"
#include "methods/method_list.h"
#include "methods/plugin.h"
#include "core/atomic_file.h"
#include "report/report.h"
#include "test_support.h"

/* ------------------------------------------------------------------ helpers */

static char *default_dataset(void)
{
    char *p = NULL;
    ck_assert_int_ge(asprintf(&p, "%s/datasets/default", test_srcdir()), 0);
    return p;
}

static char *plugin_path(const char *name)
{
    char *p = NULL;
    ck_assert_int_ge(asprintf(&p, "%s/tests/plugin/.libs/%s.so", test_builddir(), name), 0);
    return p;
}

/* A query from 8 points given as doubles (rows as in ccdbench.h). */
static ccd_query make_query(ccd_kind kind, const double rows[8][3])
{
    ccd_query q;
    memset(&q, 0, sizeof q);
    q.kind = kind;
    q.label = -1;
    memcpy(q.v, rows, sizeof q.v);
    return q;
}

/* ------------------------------------------------------------------ time histogram */

START_TEST(test_histogram_exact_range)
{
    static ccd_time_histogram h;
    memset(&h, 0, sizeof h);
    for (uint64_t v = 1; v <= 100; v++)
        ccd_time_histogram_add(&h, v);
    /* Nearest rank: median of 1..100 is the 50th value, p99 the 99th. */
    ck_assert_double_eq(ccd_time_histogram_quantile(&h, 0.5), 50);
    ck_assert_double_eq(ccd_time_histogram_quantile(&h, 0.99), 99);
    ck_assert_double_eq(ccd_time_histogram_quantile(&h, 1.0), 100);
    ck_assert_double_eq(ccd_time_histogram_quantile(&h, 0.001), 1);
}
END_TEST

START_TEST(test_histogram_relative_error)
{
    static ccd_time_histogram h;
    memset(&h, 0, sizeof h);
    /* 98 fast queries and 2 slow ones: median in the fast group, p99 a slow one. */
    for (int i = 0; i < 98; i++)
        ccd_time_histogram_add(&h, 1000);
    ccd_time_histogram_add(&h, 1000000);
    ccd_time_histogram_add(&h, 123456789);
    double median = ccd_time_histogram_quantile(&h, 0.5);
    double p99 = ccd_time_histogram_quantile(&h, 0.99);
    ck_assert(fabs(median - 1000) <= 1000.0 / 256);
    ck_assert(fabs(p99 - 1000000) <= 1000000.0 / 256);
    ck_assert(fabs(ccd_time_histogram_quantile(&h, 1.0) - 123456789) <= 123456789.0 / 256);
    ck_assert(ccd_time_histogram_quantile(&h, 0.98) < 1010);
}
END_TEST

START_TEST(test_method_stats_counts)
{
    static ccd_method_stats s;
    ccd_method_stats_init(&s);
    /* truth × answer: (1,1) (1,0) (0,1) (0,0) (1,1) */
    int truth[5] = {1, 1, 0, 0, 1}, said[5] = {1, 0, 1, 0, 1};
    uint64_t ns[5] = {100, 300, 200, 500, 400};
    for (int i = 0; i < 5; i++) {
        ccd_query_truth t = {.collides = truth[i], .source = CCD_TRUTH_FROM_LABEL, .toi = NAN};
        ccd_query_outcome o;
        memset(&o, 0, sizeof o);
        o.result.collides = said[i];
        o.result.hit_max_checks = i == 4;
        o.time_ns = ns[i];
        o.toi_order = CCD_TOI_NOT_COMPARED;
        ccd_method_stats_add(&s, &t, &o);
    }
    ck_assert_uint_eq(s.queries, 5);
    ck_assert_uint_eq(s.positives, 3);
    ck_assert_uint_eq(s.false_positives, 1);
    ck_assert_uint_eq(s.false_negatives, 1);
    ck_assert_uint_eq(s.hit_max_checks, 1);
    ck_assert_double_eq_tol(ccd_method_stats_mean_us(&s), 0.3, 1e-12);
    /* 300 ns lies in a bucket of width 2 ns: [300, 302). */
    ck_assert_double_eq_tol(ccd_method_stats_quantile_us(&s, 0.5), 0.3, 0.3 / 256);
    ck_assert_double_eq_tol(ccd_method_stats_max_us(&s), 0.5, 1e-12);
    ck_assert_double_eq_tol(ccd_method_stats_throughput(&s), 5 / 1.5e-6, 1e-3);
}
END_TEST

/* ------------------------------------------------------------------ method lists, plugins */

static ccd_status nothing(ccd_result *r, const ccd_query *q, const ccd_params *p, void *s)
{
    (void)q, (void)p, (void)s;
    memset(r, 0, sizeof *r);
    r->toi = r->toi_upper = INFINITY;
    return CCD_OK;
}
static const ccd_method never = {"test-never", "never collides", 0, nothing, nothing,
                                 NULL, NULL, NULL, 0};

START_TEST(test_method_list)
{
    ccd_method_list l = {0}, sel;
    ccd_error err;
    ck_assert_int_eq(ccd_method_list_append(&l, &err, &ccd_method_fprf, "built-in"), CCD_OK);
    ck_assert_int_eq(ccd_method_list_append(&l, &err, &never, "x.so"), CCD_OK);
    ck_assert_ptr_eq(ccd_method_list_find(&l, "fprf"), &ccd_method_fprf);
    ck_assert_ptr_null(ccd_method_list_find(&l, "nope"));
    /* A clash is an input error naming the origin. */
    ck_assert_int_eq(ccd_method_list_append(&l, &err, &never, "y.so"), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message,
                     "y.so:0:0: method 'test-never' is already defined (names must be unique)");

    ck_assert_int_eq(ccd_method_list_select(&sel, &err, &l, "all"), CCD_OK);
    ck_assert_uint_eq(sel.count, 2);
    ccd_method_list_free(&sel);
    ck_assert_int_eq(ccd_method_list_select(&sel, &err, &l, "test-never,fprf,test-never"), CCD_OK);
    ck_assert_uint_eq(sel.count, 2);
    ck_assert_ptr_eq(sel.items[0], &never);
    ck_assert_ptr_eq(sel.items[1], &ccd_method_fprf);
    ccd_method_list_free(&sel);
    ck_assert_int_eq(ccd_method_list_select(&sel, &err, &l, "fprf,bogus"), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "unknown method 'bogus'"));
    ck_assert_int_eq(ccd_method_list_select(&sel, &err, &l, "fprf,,"), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "empty method name"));
    ccd_method_list_free(&l);
}
END_TEST

START_TEST(test_plugin_loads_and_runs)
{
    char *path = plugin_path("always_collides");
    ccd_plugin *p;
    ccd_error err;
    ccd_status st = ccd_plugin_load(&p, &err, path);
    ck_assert_msg(st == CCD_OK, "%s", err.message);
    size_t n;
    const ccd_method *const *m = ccd_plugin_methods(p, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(m[0]->name, "test-always-collides");
    ck_assert_uint_eq(m[0]->caps, CCD_CAP_TOI | CCD_CAP_CONSERVATIVE);
    double rows[8][3] = {{0}};
    ccd_query q = make_query(CCD_EE, rows);
    ccd_params par;
    ccd_params_default(&par);
    ccd_result r;
    ck_assert_int_eq(ccd_method_run(m[0], &r, &q, &par, NULL), CCD_OK);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq(r.toi, 0);
    /* Its methods clash with themselves when loaded twice. */
    ccd_method_list l = {0};
    ck_assert_int_eq(ccd_method_list_append(&l, &err, m[0], path), CCD_OK);
    ck_assert_int_eq(ccd_method_list_append(&l, &err, m[0], path), CCD_ERR_INPUT);
    ccd_method_list_free(&l);
    ccd_plugin_close(p);
    free(path);
}
END_TEST

static void expect_plugin_error(const char *path, const char *fragment)
{
    ccd_plugin *p = (ccd_plugin *)1;
    ccd_error err;
    ck_assert_int_eq(ccd_plugin_load(&p, &err, path), CCD_ERR_INPUT);
    ck_assert_ptr_null(p);
    char prefix[4096];
    snprintf(prefix, sizeof prefix, "%s:0:0: ", path);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    ck_assert_msg(strstr(err.message, fragment) != NULL, "%s", err.message);
}

/* The option tables of the methods linked here are well formed. */
START_TEST(test_option_tables)
{
    ccd_check_option_table(&ccd_method_fprf);
    ck_assert_uint_eq(ccd_method_fprf.option_count, 1);
}
END_TEST

/* A plugin's malformed option table is refused when its method is listed. */
START_TEST(test_option_table_checked)
{
    static const char *const no_names[] = {NULL};
    static const ccd_option twice[] = {
        {"k", CCD_OPTION_DOUBLE, {.d = 1}, {.d = 0}, {.d = 2}, NULL, "k"},
        {"k", CCD_OPTION_DOUBLE, {.d = 1}, {.d = 0}, {.d = 2}, NULL, "k"},
    };
    static const ccd_option outside[] = {
        {"k", CCD_OPTION_INTEGER, {.i = 5}, {.i = 0}, {.i = 2}, NULL, "k"}};
    static const ccd_option dotted[] = {
        {"a.b", CCD_OPTION_BOOLEAN, {.i = 0}, {.i = 0}, {.i = 1}, NULL, "k"}};
    static const ccd_option nameless_enum[] = {
        {"e", CCD_OPTION_ENUM, {.i = 0}, {.i = 0}, {.i = 0}, no_names, "e"}};
    const ccd_option *tables[] = {twice, outside, dotted, nameless_enum};
    const size_t counts[] = {2, 1, 1, 1};
    const char *why[] = {"declared twice", "default outside its range", "'.'", "enum without"};
    for (size_t t = 0; t < 4; t++) {
        ccd_method m = never;
        m.options = tables[t];
        m.option_count = counts[t];
        ccd_method_list l = {0};
        ccd_error err;
        ck_assert_int_eq(ccd_method_list_append(&l, &err, &m, "p.so"), CCD_ERR_INPUT);
        ck_assert_msg(strncmp(err.message, "p.so:0:0: method 'test-never': option ", 38) == 0 &&
                          strstr(err.message, why[t]),
                      "%s", err.message);
        ccd_method_list_free(&l);
    }
}
END_TEST

START_TEST(test_option_parse)
{
    static const char *const names[] = {"low", "high", NULL};
    const ccd_option dbl = {"x", CCD_OPTION_DOUBLE, {.d = 1}, {.d = 0}, {.d = 2}, NULL, "x"};
    const ccd_option in = {"n", CCD_OPTION_INTEGER, {.i = 3}, {.i = -1}, {.i = 10}, NULL, "n"};
    const ccd_option en = {"e", CCD_OPTION_ENUM, {.i = 0}, {.i = 0}, {.i = 1}, names, "e"};
    const ccd_option bo = {"b", CCD_OPTION_BOOLEAN, {.i = 0}, {.i = 0}, {.i = 1}, NULL, "b"};
    ccd_option_value v;
    ccd_error err;
    ck_assert_int_eq(ccd_option_parse(&v, &err, &dbl, "1.5", "w"), CCD_OK);
    ck_assert(v.d == 1.5);
    ck_assert_int_eq(ccd_option_parse(&v, &err, &dbl, "2", "w"), CCD_OK); /* bounds included */
    ck_assert_int_eq(ccd_option_parse(&v, &err, &dbl, "2.5", "w"), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message, "w:0:0: x: 2.5 is not in [0, 2]");
    ck_assert_int_eq(ccd_option_parse(&v, &err, &dbl, "nan", "w"), CCD_ERR_INPUT);
    ck_assert_int_eq(ccd_option_parse(&v, &err, &dbl, "1x", "w"), CCD_ERR_INPUT);
    ck_assert_int_eq(ccd_option_parse(&v, &err, &dbl, "", "w"), CCD_ERR_INPUT);
    ck_assert_int_eq(ccd_option_parse(&v, &err, &in, "-1", "w"), CCD_OK);
    ck_assert_int_eq(v.i, -1);
    ck_assert_int_eq(ccd_option_parse(&v, &err, &in, "11", "w"), CCD_ERR_INPUT);
    ck_assert_int_eq(ccd_option_parse(&v, &err, &in, "1.0", "w"), CCD_ERR_INPUT);
    ck_assert_int_eq(ccd_option_parse(&v, &err, &en, "high", "w"), CCD_OK);
    ck_assert_int_eq(v.i, 1);
    ck_assert_int_eq(ccd_option_parse(&v, &err, &en, "mid", "w"), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message, "w:0:0: e: 'mid' is not low or high");
    ck_assert_int_eq(ccd_option_parse(&v, &err, &bo, "yes", "w"), CCD_OK);
    ck_assert_int_eq(v.i, 1);
    ck_assert_int_eq(ccd_option_parse(&v, &err, &bo, "false", "w"), CCD_OK);
    ck_assert_int_eq(v.i, 0);
    ck_assert_int_eq(ccd_option_parse(&v, &err, &bo, "maybe", "w"), CCD_ERR_INPUT);
    char text[64];
    ccd_option_range(text, sizeof text, &dbl);
    ck_assert_str_eq(text, "[0, 2]");
    ccd_option_range(text, sizeof text, &en);
    ck_assert_str_eq(text, "low|high");
    ccd_option_format(text, sizeof text, &dbl, (ccd_option_value){.d = 0.1});
    ck_assert_str_eq(text, "0.1");
    ccd_option_format(text, sizeof text, &dbl, (ccd_option_value){.d = 1.0 / 3});
    ck_assert(strtod(text, NULL) == 1.0 / 3);
}
END_TEST

/* The accessor: the declared default without values, the value by index with. */
START_TEST(test_option_accessor)
{
    ccd_params p;
    ccd_params_default(&p);
    ck_assert_uint_eq(p.size, sizeof p);
    ck_assert_int_eq(p.ms_norm, CCD_NORM_LINF);
    ck_assert_ptr_null(p.options);
    const ccd_method *fprf_method = &ccd_method_fprf;
    long eta = ccd_option_find(fprf_method, "eta");
    ck_assert_int_eq(eta, 0);
    ck_assert(ccd_option_double(&p, fprf_method, (size_t)eta) == 1e-6);
    ccd_option_value v[1];
    ccd_options_default(v, fprf_method);
    v[eta].d = 0.25;
    p.options = v;
    ck_assert(ccd_option_double(&p, fprf_method, (size_t)eta) == 0.25);
}
END_TEST

START_TEST(test_plugin_errors)
{
    expect_plugin_error("/nonexistent/dir/plugin.so", "cannot load plugin");
    char *no_entry = plugin_path("no_entry");
    expect_plugin_error(no_entry, "symbol ccdbench_plugin_methods not found");
    free(no_entry);
    char *other = plugin_path("other_api");
    expect_plugin_error(other, "plugin built for ccdbench API version 1, this ccdbench has "
                               "version 2: rebuild it");
    free(other);
    /* A file that is not a shared object at all. */
    char *csv = NULL;
    ck_assert_int_ge(asprintf(&csv, "%s/datasets/default/touching/edge-edge/queries.csv",
                              test_srcdir()), 0);
    expect_plugin_error(csv, "cannot load plugin");
    free(csv);
}
END_TEST

/* ------------------------------------------------------------------ FPRF */

static ccd_result fprf(ccd_kind kind, const double rows[8][3], double eta)
{
    ccd_query q = make_query(kind, rows);
    ccd_params par;
    ccd_params_default(&par);
    ccd_option_value opt[1];
    ccd_options_default(opt, &ccd_method_fprf);
    opt[0].d = eta;
    par.options = opt;
    ccd_result r;
    ck_assert_int_eq(ccd_method_run(&ccd_method_fprf, &r, &q, &par, NULL), CCD_OK);
    return r;
}

#define T0 {0, 0, 0}, {1, 0, 0}, {0, 1, 0}

START_TEST(test_fprf_vertex_face)
{
    /* Falling through the triangle at (0.25, 0.25): toi 1/2. */
    const double hit[8][3] = {{0.25, 0.25, 1}, T0, {0.25, 0.25, -1}, T0};
    ccd_result r = fprf(CCD_VF, hit, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.5, 1e-15);
    /* Falling beside it. */
    const double miss[8][3] = {{0.75, 0.75, 1}, T0, {0.75, 0.75, -1}, T0};
    ck_assert_int_eq(fprf(CCD_VF, miss, 1e-6).collides, 0);
    /* Stopping on the plane at t = 1 (a root at the end of the interval). */
    const double touch[8][3] = {{0.25, 0.25, 1}, T0, {0.25, 0.25, 0}, T0};
    r = fprf(CCD_VF, touch, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq(r.toi, 1);
    /* Coplanar motion: entering across the edge x = 0 at t = 4/5. */
    const double coplanar[8][3] = {{-1, 0.25, 0}, T0, {0.25, 0.25, 0}, T0};
    r = fprf(CCD_VF, coplanar, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.8, 1e-12);
    /* Stopping 1e-7 above the triangle: a contact within eta = 1e-6 (the root lies
     * just beyond t = 1, within eta of the interval), not within eta = 1e-9. */
    const double near[8][3] = {{0.25, 0.25, 1}, T0, {0.25, 0.25, 1e-7}, T0};
    ck_assert_int_eq(fprf(CCD_VF, near, 1e-6).collides, 1);
    ck_assert_int_eq(fprf(CCD_VF, near, 1e-9).collides, 0);
}
END_TEST

#define A0 {-1, 0, 0}, {1, 0, 0}

START_TEST(test_fprf_edge_edge)
{
    /* B = {x = s, y ∈ [-1, 1]} falling through A at t = 1/2. */
    const double hit[8][3] = {A0, {0.5, -1, 1}, {0.5, 1, 1}, A0, {0.5, -1, -1}, {0.5, 1, -1}};
    ccd_result r = fprf(CCD_EE, hit, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.5, 1e-15);
    const double miss[8][3] = {A0, {1.5, -1, 1}, {1.5, 1, 1}, A0, {1.5, -1, -1}, {1.5, 1, -1}};
    ck_assert_int_eq(fprf(CCD_EE, miss, 1e-6).collides, 0);
    /* Parallel edges falling onto each other: the cubic vanishes identically
     * (e1 × e2 = 0), the colinearity candidates find t = 1/2. */
    const double parallel[8][3] = {A0, {-1, 0, 1}, {1, 0, 1}, A0, {-1, 0, -1}, {1, 0, -1}};
    r = fprf(CCD_EE, parallel, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 0.5, 1e-12);
    /* Coplanar: B's lower end reaches A at t = 2/3. */
    const double coplanar[8][3] = {A0, {0, 1, 0}, {0, 2, 0}, A0, {0, -0.5, 0}, {0, 0.5, 0}};
    r = fprf(CCD_EE, coplanar, 1e-6);
    ck_assert_int_eq(r.collides, 1);
    ck_assert_double_eq_tol(r.toi, 2.0 / 3, 1e-12);
}
END_TEST

/* ------------------------------------------------------------------ runner */

enum { MAX_RECORDED = 4096 };

typedef struct recorded {
    size_t n;
    uint64_t index[MAX_RECORDED];
    int truth[MAX_RECORDED], label[MAX_RECORDED];
    int collides[MAX_RECORDED][3];
    double toi[MAX_RECORDED][3];
} recorded;

static void record(void *ctx, const ccd_dataset_file *f, const ccd_query *q,
                   const ccd_query_truth *truth, const ccd_query_outcome *o)
{
    (void)f;
    recorded *r = ctx;
    ck_assert_uint_lt(r->n, MAX_RECORDED);
    r->index[r->n] = q->index;
    r->truth[r->n] = truth->collides;
    r->label[r->n] = q->label;
    for (int m = 0; m < 3; m++) {
        r->collides[r->n][m] = o[m].result.collides;
        r->toi[r->n][m] = o[m].result.toi;
    }
    r->n++;
}

static void run_default(ccd_run_stats *stats, recorded *rec, int threads, ccd_truth_policy truth)
{
    char *path = default_dataset();
    const char *paths[1] = {path};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(ds.count, 10);
    static const ccd_method *methods[3] = {&ccd_method_fprf, &ccd_method_exact, &never};
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
    static const ccd_method *methods[3] = {&ccd_method_fprf, &ccd_method_exact, &never};
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

/* ------------------------------------------------------------------ reports */

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
        ck_assert_uint_eq(commas + 1, 17); /* 14 columns + 3 toi columns */
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

START_TEST(test_json_checker_rejects)
{
    ck_assert(json_valid("{\"a\": [1, 2.5e3, -0, true, null, \"x\\n\"]}"));
    ck_assert(!json_valid("{\"a\": 1,}"));
    ck_assert(!json_valid("{\"a\": inf}"));
    ck_assert(!json_valid("[1] [2]"));
    ck_assert(!json_valid("{\"a\" 1}"));
}
END_TEST

START_TEST(test_atomic_file)
{
    char dir[] = "/tmp/ccd-atomic-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    ccd_atomic_file f;
    ccd_error err;
    ck_assert_int_eq(ccd_atomic_file_open(&f, &err, path), CCD_OK);
    fputs("half", f.stream);
    ck_assert_int_ne(access(path, F_OK), 0); /* nothing at the target while writing */
    ccd_atomic_file_abort(&f);
    ck_assert_int_ne(access(path, F_OK), 0);
    ck_assert_int_eq(ccd_atomic_file_open(&f, &err, path), CCD_OK);
    fputs("whole\n", f.stream);
    ck_assert_int_eq(ccd_atomic_file_commit(&f, &err), CCD_OK);
    FILE *in = fopen(path, "r");
    char line[16] = "";
    ck_assert_ptr_nonnull(fgets(line, sizeof line, in));
    fclose(in);
    ck_assert_str_eq(line, "whole\n");
    unlink(path);
    ck_assert_int_eq(rmdir(dir), 0); /* no temporary left behind */
    /* A directory that does not exist: an input error naming the path. */
    ck_assert_int_eq(ccd_atomic_file_open(&f, &err, "/nonexistent/dir/out.txt"), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "/nonexistent/dir/out.txt:0:0: cannot create"));
}
END_TEST

static Suite *runner_suite(void)
{
    Suite *s = suite_create("runner");
    TCase *stats = tcase_create("stats");
    tcase_add_test(stats, test_histogram_exact_range);
    tcase_add_test(stats, test_histogram_relative_error);
    tcase_add_test(stats, test_method_stats_counts);
    suite_add_tcase(s, stats);
    TCase *methods = tcase_create("methods");
    tcase_add_test(methods, test_method_list);
    tcase_add_test(methods, test_plugin_loads_and_runs);
    tcase_add_test(methods, test_plugin_errors);
    tcase_add_test(methods, test_option_tables);
    tcase_add_test(methods, test_option_parse);
    tcase_add_test(methods, test_option_table_checked);
    tcase_add_test(methods, test_option_accessor);
    tcase_add_test(methods, test_fprf_vertex_face);
    tcase_add_test(methods, test_fprf_edge_edge);
    suite_add_tcase(s, methods);
    TCase *run = tcase_create("run");
    tcase_set_timeout(run, 600);
    tcase_add_test(run, test_runner_deterministic);
    tcase_add_test(run, test_runner_deterministic_shared_data);
    tcase_add_test(run, test_default_labels_are_exact);
    tcase_add_test(run, test_runner_labels_truth);
    tcase_add_test(run, test_runner_method_error_counted);
    tcase_add_test(run, test_result_check);
    suite_add_tcase(s, run);
    TCase *report = tcase_create("report");
    tcase_set_timeout(report, 600);
    tcase_add_test(report, test_report_formats);
    tcase_add_test(report, test_json_checker_rejects);
    tcase_add_test(report, test_atomic_file);
    suite_add_tcase(s, report);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(runner_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
