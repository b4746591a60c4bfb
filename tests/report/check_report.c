/* SPDX-License-Identifier: MIT */
/* Check suite of src/report and the result files of src/bench: JSON positions,
 * order-independent sums, sweep specs, result files written and read back. */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/gate.h"
#include "bench/json_doc.h"
#include "bench/result_file.h"
#include "bench/sweep.h"
#include "report/html_figures.h"
#include "report/paper.h"
#include "report/report.h"
#include "report/report_html.h"
#include "report/report_set.h"
#include "report/report_summary.h"
#include "test_support.h"
#include "json_check.h"

static void expect_json_error(const char *text, const char *want)
{
    ccd_json *v = NULL;
    ccd_error err;
    ck_assert_int_eq(ccd_json_parse(&v, &err, "t.json", text, strlen(text)), CCD_ERR_INPUT);
    ck_assert_ptr_null(v);
    ck_assert_msg(strcmp(err.message, want) == 0, "got '%s', want '%s'", err.message, want);
}

START_TEST(test_json_errors)
{
    expect_json_error("", "t.json:1:1: unexpected end of file, expected a value");
    expect_json_error("{\"a\": 1,\n  \"b\" 2}", "t.json:2:7: expected ':' after a member name");
    expect_json_error("[1, 2\n, 01]", "t.json:2:3: malformed number");
    expect_json_error("[1] x", "t.json:1:5: unexpected text after the JSON value");
    expect_json_error("\"\\q\"", "t.json:1:2: bad escape in a string");
    expect_json_error("{\"a\": 1, \"a\": 2}", "t.json:1:13: duplicate member name");
}
END_TEST

START_TEST(test_json_roundtrip)
{
    const char *text = "{\"a\": [1, -2.5e-3, true, null], \"b\": \"x\\\"\\u00e9\\n\"}";
    ccd_json *v = NULL;
    ccd_error err;
    ck_assert_int_eq(ccd_json_parse(&v, &err, "t", text, strlen(text)), CCD_OK);
    ck_assert_str_eq(ccd_json_get(v, "b")->text, "x\"\xc3\xa9\n");
    ck_assert_uint_eq(ccd_json_get(v, "a")->items[1]->line, 1);
    ck_assert_uint_eq(ccd_json_get(v, "a")->items[1]->column, 11);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ccd_json_write(out, v);
    fclose(out);
    ck_assert_str_eq(buf, "{\"a\": [1, -2.5e-3, true, null], \"b\": \"x\\\"\xc3\xa9\\u000a\"}");
    free(buf);
    ccd_json_free(v);
}
END_TEST

START_TEST(test_fixed_sum_order)
{
    /* A double sum depends on the order; the fixed-point sum does not. */
    const double x[] = {1e-3, 0.7, 3.25, 1e-17, 0.1, 0.2, 0.3, 12345.678};
    enum { N = sizeof x / sizeof x[0] };
    ccd_fixed_sum fwd = {0}, rev = {0}, halves = {0}, other = {0};
    for (int i = 0; i < N; i++) {
        ccd_fixed_sum_add(&fwd, x[i]);
        ccd_fixed_sum_add(&rev, x[N - 1 - i]);
        ccd_fixed_sum_add(i % 2 ? &halves : &other, x[i]);
    }
    ccd_fixed_sum_merge(&halves, &other);
    ck_assert(fwd.whole == rev.whole && fwd.frac == rev.frac);
    ck_assert(fwd.whole == halves.whole && fwd.frac == halves.frac);
    double exact = 0;
    for (int i = 0; i < N; i++)
        exact += x[i];
    ck_assert(fabs(ccd_fixed_sum_value(&fwd) - exact) < 1e-12);
    ccd_fixed_sum_add(&fwd, -1.0); /* ignored */
    ccd_fixed_sum_add(&fwd, NAN);
    ck_assert(fwd.whole == rev.whole && fwd.frac == rev.frac);
}
END_TEST

START_TEST(test_sweep_specs)
{
    ccd_sweep s;
    ccd_error err;
    ck_assert_int_eq(ccd_sweep_parse(&s, &err, "delta=1e-8:1:9"), CCD_OK);
    ck_assert_str_eq(s.param, "delta");
    ck_assert_uint_eq(s.count, 9);
    ck_assert(s.values[0] == 1e-8 && s.values[8] == 1);
    ck_assert(fabs(s.values[4] / 1e-4 - 1) < 1e-12);
    ccd_sweep_free(&s);
    ck_assert_int_eq(ccd_sweep_parse(&s, &err, "max-checks=1e2,1e3,1e7"), CCD_OK);
    ck_assert_uint_eq(s.count, 3);
    ck_assert(s.values[2] == 1e7);
    ccd_params p;
    ccd_params_default(&p);
    ccd_sweep_apply(&p, s.param, s.values[2]); /* a method option: the caller sets it */
    ck_assert(p.ms == 0 && p.options == NULL);
    ccd_sweep_apply(&p, "ms", 0.5);
    ck_assert(p.ms == 0.5);
    ccd_sweep_free(&s);
    ck_assert_int_eq(ccd_sweep_parse(&s, &err, "ms=1e-2,x"), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message, "--sweep: at character 9: expected a number");
    ck_assert_int_eq(ccd_sweep_parse(&s, &err, "eta=1"), CCD_ERR_INPUT);
    /* LO:HI:1 is LO alone: refused unless HI is LO */
    ck_assert_int_eq(ccd_sweep_parse(&s, &err, "delta=1e-8:1:1"), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message,
                     "--sweep: at character 14: N = 1 gives LO only, not HI: give N >= 2, or LO alone");
    ck_assert_int_eq(ccd_sweep_parse(&s, &err, "delta=1e-3:1e-3:1"), CCD_OK);
    ck_assert_uint_eq(s.count, 1);
    ck_assert(s.values[0] == 1e-3);
    ccd_sweep_free(&s);
}
END_TEST

/* Write a small result by hand and read it back: every count survives. */
START_TEST(test_result_roundtrip)
{
    static const ccd_method m1 = {.name = "a", .caps = CCD_CAP_TOI};
    static const ccd_method m2 = {.name = "b"};
    const ccd_method *methods[] = {&m1, &m2};
    ccd_method_stats ms[2];
    ccd_method_detail md[2];
    for (int m = 0; m < 2; m++) {
        ccd_method_stats_init(&ms[m]);
        ccd_method_detail_init(&md[m]);
        for (int q = 0; q < 50; q++) {
            ccd_query_truth truth = {.collides = q % 3 == 0, .toi = NAN};
            ccd_query_outcome o = {.time_ns = 100 + (uint64_t)(q * q * 37 + m), .toi_order = CCD_TOI_NOT_COMPARED};
            o.result.collides = q % 3 == 0 || (m == 1 && q % 7 == 0);
            o.result.tolerance = 1e-6 * q;
            o.result.hit_max_checks = q == 49;
            ccd_method_stats_add(&ms[m], &truth, &o);
            ccd_method_detail_add(&md[m], &truth, &o);
        }
    }
    ccd_run_group group = {.set = "scalable-ccd", .family = "f", .kind = CCD_EE,
                           .methods = ms, .details = md};
    ccd_run_stats stats = {.groups = &group, .group_count = 1, .methods = methods,
                           .method_count = 2};
    ccd_result_header h = {.tool = "t", .date = "d", .cpu = "c", .compiler = "cc", .gmp = "g",
                           .mpfr = "m", .zlib = "z", .cores = 2, .truth = "labels",
                           .shard_count = 1, .sweep = NULL, .methods = methods,
                           .method_count = 2};
    char path[] = "/tmp/ccd-check-report-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *out = fdopen(fd, "w");
    ccd_result_writer w;
    ccd_params p;
    ccd_params_default(&p);
    ccd_result_write_header(&w, out, &h, 0);
    ccd_result_write_run_begin(&w, NAN, &p, NULL, NULL, 0);
    ccd_result_write_run_end(&w, &stats);
    ccd_result_write_finish(&w);
    fclose(out);
    ccd_result_doc doc;
    ccd_error err;
    ck_assert_msg(ccd_result_read(&doc, &err, path) == CCD_OK, "%s", err.message);
    unlink(path);
    ck_assert_uint_eq(doc.run_count, 1);
    const ccd_run_stats *s = &doc.runs[0].stats;
    ck_assert_uint_eq(s->group_count, 1);
    ck_assert_str_eq(s->methods[1]->name, "b");
    for (int m = 0; m < 2; m++) {
        const ccd_method_stats *r = &s->groups[0].methods[m];
        const ccd_method_detail *d = &s->groups[0].details[m];
        ck_assert(r->queries == 50 && r->positives == ms[m].positives);
        ck_assert_uint_eq(r->false_positives, ms[m].false_positives);
        ck_assert_uint_eq(r->hit_max_checks, 1);
        ck_assert_uint_eq(r->time_total_ns, ms[m].time_total_ns);
        ck_assert(memcmp(&r->times, &ms[m].times, sizeof r->times) == 0);
        ck_assert(memcmp(&d->times_positive, &md[m].times_positive, sizeof d->times_positive) == 0);
        ck_assert_uint_eq(d->time_min_ns, md[m].time_min_ns);
        ck_assert(d->tolerance_sum.whole == md[m].tolerance_sum.whole &&
                  d->tolerance_sum.frac == md[m].tolerance_sum.frac);
        ck_assert(d->tolerance_max == md[m].tolerance_max);
    }
    /* The paper table of it: one block (simulation EE) of t / FP / FN. */
    ccd_paper_column cols[2] = {{"a", s, 0, NAN, NULL}, {"b", s, 1, NAN, NULL}};
    ccd_report_table t;
    ck_assert_int_eq(ccd_paper_table(&t, cols, 2, NULL, 0, 0), 0);
    ck_assert_uint_eq(t.rows, 3);
    ck_assert_uint_eq(t.columns, 4);
    ck_assert_str_eq(ccd_report_cell(&t, 0, 0), "simulation EE (50)");
    ck_assert_str_eq(ccd_report_cell(&t, 1, 1), "FP");
    ck_assert_str_eq(ccd_report_cell(&t, 1, 2), "0");
    ck_assert_str_eq(ccd_report_cell(&t, 1, 3), "5"); /* q % 7 == 0, q % 3 != 0: 7 14 28 35 49 */
    ccd_paper_table_free(&t);
    /* Headed by the paper's labels; a method that did not run is "n/a". */
    ccd_paper_column labelled[2] = {{"a", s, 0, NAN, "A"}, {"x", NULL, 0, NAN, "X"}};
    ck_assert_int_eq(ccd_paper_table(&t, labelled, 2, NULL, 0, 0), 0);
    ck_assert_uint_eq(t.columns, 4);
    ck_assert_str_eq(t.header[2], "A");
    ck_assert_str_eq(t.header[3], "X");
    ck_assert_str_eq(ccd_report_cell(&t, 0, 0), "simulation EE (50)");
    ck_assert_str_eq(ccd_report_cell(&t, 0, 3), "n/a");
    ck_assert_str_eq(ccd_report_cell(&t, 2, 3), "n/a");
    ccd_paper_table_free(&t);
    /* Table 2's shape: per dataset a row per d, then t / FP / FN per method. */
    ccd_paper_column swept[4] = {{"a", s, 0, 1e-2, "A"}, {"b", s, 1, 1e-2, "B"},
                                 {"a", s, 0, 1e-8, "A"}, {"b", s, 1, 1e-8, "B"}};
    ck_assert_int_eq(ccd_paper_table2(&t, swept, 4, 0, 0), 0);
    ck_assert_uint_eq(t.rows, 2);
    ck_assert_uint_eq(t.columns, 8);
    ck_assert_str_eq(t.header[1], "d");
    ck_assert_str_eq(t.header[2], "A t");
    ck_assert_str_eq(t.header[6], "B FP");
    ck_assert_str_eq(t.header[7], "B FN");
    ck_assert_str_eq(ccd_report_cell(&t, 0, 1), "0.01");
    ck_assert_str_eq(ccd_report_cell(&t, 1, 1), "1e-08");
    ck_assert_str_eq(ccd_report_cell(&t, 1, 0), "simulation EE (50)");
    ck_assert_str_eq(ccd_report_cell(&t, 1, 6), "5");
    ccd_paper_table_free(&t);
    /* The report's plan for this one file: Table 1 and the statistics; with
     * by_family, Table 1 per family too; never a Table 2 or a sweep table. */
    ccd_report_set set;
    ck_assert_int_eq(ccd_report_set_build(&set, &err, &doc, 1, 0, 0), CCD_OK);
    ck_assert_uint_eq(set.count, 2);
    ck_assert_str_eq(set.tables[0].name, "table1");
    ck_assert_str_eq(set.tables[1].name, "stats");
    ck_assert_uint_eq(set.table1_columns, 2);
    ccd_report_set_free(&set);
    ck_assert_int_eq(ccd_report_set_build(&set, &err, &doc, 1, 1, 0), CCD_OK);
    ck_assert_uint_eq(set.count, 3);
    ck_assert_str_eq(set.tables[1].name, "table1-families");
    ccd_report_set_free(&set);
    ck_assert_str_eq(ccd_report_format_extension(CCD_FORMAT_MARKDOWN), "md");
    ccd_result_doc_free(&doc);
}
END_TEST

/* The gate's verdict on a run: FN over the limit fails, FP as a percentage, the
 * slowdown check only with a baseline, and a failed query fails the gate. */
START_TEST(test_gate_verdict)
{
    static const ccd_method m1 = {.name = "a"};
    const ccd_method *methods[] = {&m1};
    ccd_method_stats ms;
    ccd_method_detail md;
    ccd_method_stats_init(&ms);
    ccd_method_detail_init(&md);
    for (int q = 0; q < 100; q++) { /* 10 FN (q % 10 == 0 collides, answered no), 5 FP */
        ccd_query_truth truth = {.collides = q % 10 == 0, .toi = NAN};
        ccd_query_outcome o = {.time_ns = 1000, .cpu_ns = 400, .toi_order = CCD_TOI_NOT_COMPARED};
        o.result.collides = q % 20 == 5;
        ccd_method_stats_add(&ms, &truth, &o);
        ccd_method_detail_add(&md, &truth, &o);
    }
    ccd_run_group group = {.set = "s", .family = "f", .kind = CCD_VF, .methods = &ms,
                           .details = &md};
    ccd_run_stats stats = {.groups = &group, .group_count = 1, .methods = methods,
                           .method_count = 1};
    ccd_gate_limits lim = {.max_fn = 10, .max_fp = 5, .max_fp_percent = 1, .max_slowdown = NAN};
    ccd_gate_verdict v;
    ccd_gate_judge(&v, &stats, &lim);
    ck_assert_uint_eq(v.count, 3); /* FN, FP, failures: no baseline */
    ck_assert(!v.failing);
    ck_assert_str_eq(v.checks[0].message, "FN 10 <= 10");
    ck_assert_str_eq(v.checks[1].message, "FP 5 (5.00%) <= 5% of the queries");
    /* without --max-fp: slack times the FP rate of the loosest bound method, rates
     * compared exactly (5 of 100 against 2 × 1 of 40: equal, passes) */
    lim.max_fp = NAN;
    lim.fp_bound = (ccd_gate_fp_bound){.method = "bsc", .fp = 1, .queries = 40, .slack = 2};
    ccd_gate_judge(&v, &stats, &lim);
    ck_assert(!v.checks[1].failed);
    ck_assert_str_eq(v.checks[1].message, "FP 5 (5.00%) <= 5.00% (2 x bsc's 2.50%)");
    lim.fp_bound.queries = 50;
    ccd_gate_judge(&v, &stats, &lim);
    ck_assert(v.checks[1].failed && v.failing);
    ck_assert_str_eq(v.checks[1].message, "FP 5 (5.00%) > 4.00% (2 x bsc's 2.00%)");
    lim.fp_bound = (ccd_gate_fp_bound){0}; /* --max-fp none */
    ccd_gate_judge(&v, &stats, &lim);
    ck_assert(!v.checks[1].failed);
    ck_assert_str_eq(v.checks[1].message, "FP 5 (5.00%) (no limit)");
    lim.max_fp = 5;
    ck_assert_double_eq_tol(v.mean_us, 1.0, 1e-12);
    /* the gate's times: the mean CPU time, or the elapsed one (older baselines) */
    ck_assert_double_eq_tol(ccd_gate_time_us(&stats, 0, CCD_GATE_CPU), 0.4, 1e-12);
    ck_assert_double_eq_tol(ccd_gate_time_us(&stats, 0, CCD_GATE_ELAPSED), 1.0, 0.01);
    ms.cpu_queries--; /* a sum with a file that had none: no CPU time */
    ck_assert(isnan(ccd_gate_time_us(&stats, 0, CCD_GATE_CPU)));
    ms.cpu_queries++;
    /* relative to a reference: the machine is 2x slower (both methods), the
     * method is not: slowdown 1 */
    ccd_gate_baseline base = {.method_us = 0.5, .reference_us = 5, .queries = 100};
    ccd_gate_timing t = {.method_us = 1.0, .reference_us = 10, .noise = 0, .repeats = 3};
    lim.max_fn = 9, lim.baseline = &base, lim.timing = &t, lim.max_slowdown = 1.5;
    lim.reference = "exact";
    ccd_gate_judge(&v, &stats, &lim);
    ck_assert_uint_eq(v.count, 4);
    ck_assert(v.relative && !v.checks[2].failed);
    ck_assert_double_eq_tol(v.slowdown, 1.0, 1e-12);
    ck_assert_str_eq(v.checks[2].message, "slowdown 1.00x <= 1.5x (CPU time / exact's: 0.1 now, "
                                          "0.1 in the baseline; noise 0% over 3 runs)");
    /* the method 1.6x slower against the same reference: fails, unless the noise
     * of the repeats covers it */
    t.method_us = 1.6;
    ccd_gate_judge(&v, &stats, &lim);
    ck_assert(v.checks[2].failed);
    t.noise = 0.1; /* limit 1.5 · 1.1 = 1.65 */
    ccd_gate_judge(&v, &stats, &lim);
    ck_assert(!v.checks[2].failed);
    /* without a reference in the baseline: absolute times */
    t.noise = 0, t.method_us = 1.0;
    base.reference_us = NAN;
    ccd_gate_judge(&v, &stats, &lim);
    ck_assert(!v.relative);
    ck_assert(v.failing && v.checks[0].failed && v.checks[2].failed && !v.checks[3].failed);
    ck_assert_str_eq(v.checks[2].name, "slowdown");
    ck_assert_str_eq(v.checks[2].message, "slowdown 2.00x > 1.5x (mean CPU time 1.000 us, 0.500 us "
                                          "in the baseline; noise 0% over 3 runs)");
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ccd_gate_write_junit(out, &v, "a<b", 1.0);
    fclose(out);
    ck_assert_ptr_nonnull(strstr(buf, "tests=\"4\" failures=\"2\""));
    ck_assert_ptr_nonnull(strstr(buf, "ccdbench.gate.a&lt;b"));
    free(buf);
}
END_TEST

/* The summary tables of `run` and of the HTML report: per method over every group,
 * and per (set, kind) over that set's groups of that kind (families summed, VF and
 * EE apart), FP and FN in their columns, speed relative to the reference. */
static void add_queries(ccd_method_stats *ms, ccd_method_detail *md, int n, int positives,
                        int fp, int fn, uint64_t time_ns)
{
    for (int q = 0; q < n; q++) {
        ccd_query_truth truth = {.collides = q < positives, .toi = NAN};
        ccd_query_outcome o = {.time_ns = time_ns, .cpu_ns = time_ns,
                               .toi_order = CCD_TOI_NOT_COMPARED};
        o.result.collides = q < positives ? q < positives - fn : q < positives + fp;
        ccd_method_stats_add(ms, &truth, &o);
        ccd_method_detail_add(md, &truth, &o);
    }
}

static void assert_row(const ccd_report_table *t, size_t row, const char *const *want)
{
    for (size_t c = 0; want[c]; c++) {
        ck_assert_uint_lt(c, t->columns);
        ck_assert_msg(strcmp(t->cells[row * t->columns + c], want[c]) == 0,
                      "row %zu, column %s: '%s', expected '%s'", row, t->header[c],
                      t->cells[row * t->columns + c], want[c]);
    }
}

START_TEST(test_summary_tables)
{
    static const ccd_method ma = {.name = "a"}, mb = {.name = "b"};
    const ccd_method *methods[] = {&ma, &mb};
    /* queries, positives, FP and FN of a, then of b, in four groups */
    static struct {
        char set[2], family[3];
        ccd_kind kind;
        int n, positives, fp[2], fn[2];
    } spec[4] = {{"s", "f1", CCD_VF, 10, 4, {1, 2}, {0, 1}},
                 {"s", "f2", CCD_VF, 20, 5, {3, 0}, {0, 2}},
                 {"s", "f3", CCD_EE, 7, 2, {0, 1}, {0, 1}},
                 {"t", "f4", CCD_VF, 5, 1, {0, 0}, {0, 1}}};
    ccd_method_stats ms[4][2];
    ccd_method_detail md[4][2];
    ccd_run_group groups[4];
    for (int g = 0; g < 4; g++) {
        for (int m = 0; m < 2; m++) {
            ccd_method_stats_init(&ms[g][m]);
            ccd_method_detail_init(&md[g][m]);
            /* a takes 4 µs a query, b 1 µs: b is 4x faster than the reference a */
            add_queries(&ms[g][m], &md[g][m], spec[g].n, spec[g].positives, spec[g].fp[m],
                        spec[g].fn[m], m ? 1000 : 4000);
        }
        groups[g] = (ccd_run_group){.set = spec[g].set, .family = spec[g].family,
                                    .kind = spec[g].kind, .methods = ms[g], .details = md[g]};
    }
    ccd_run_stats stats = {.groups = groups, .group_count = 4, .methods = methods,
                           .method_count = 2};
    size_t ref;
    const char *why;
    ck_assert_int_eq(ccd_report_summary_reference(&ref, &why, &stats, NULL), 0);
    ck_assert_uint_eq(ref, 0);

    ccd_report_table t;
    ck_assert_int_eq(ccd_report_summary_methods(&t, &stats, ref), 0);
    ck_assert_uint_eq(t.rows, 2);
    ck_assert_uint_eq(t.columns, 10); /* no failed column: nothing failed */
    ck_assert_str_eq(t.header[3], "fp");
    ck_assert_str_eq(t.header[4], "fp_percent");
    ck_assert_str_eq(t.header[5], "fn");
    ck_assert_str_eq(t.header[9], "speed");
    /* FP as a count and as a percentage of the queries: 4 of 42, 3 of 42 */
    assert_row(&t, 0, (const char *[]){"a", "42", "12", "4", "9.52", "0", "4.00", NULL});
    assert_row(&t, 1, (const char *[]){"b", "42", "12", "3", "7.14", "5", "1.00", NULL});
    ck_assert_str_eq(t.cells[0 * t.columns + 9], "1.00×");
    ck_assert_str_eq(t.cells[1 * t.columns + 9], "4.00×");
    ccd_report_table_free(&t);

    ck_assert_int_eq(ccd_report_summary_sets(&t, &stats), 0);
    ck_assert_uint_eq(t.rows, 6); /* (s, VF), (s, EE), (t, VF) × 2 methods */
    ck_assert_uint_eq(t.columns, 8);
    ck_assert_str_eq(t.header[5], "fp");
    ck_assert_str_eq(t.header[6], "fn");
    assert_row(&t, 0, (const char *[]){"s", "VF", "a", "30", "9", "4", "0", "4.00", NULL});
    assert_row(&t, 1, (const char *[]){"s", "VF", "b", "30", "9", "2", "3", "1.00", NULL});
    assert_row(&t, 2, (const char *[]){"s", "EE", "a", "7", "2", "0", "0", "4.00", NULL});
    assert_row(&t, 3, (const char *[]){"s", "EE", "b", "7", "2", "1", "1", "1.00", NULL});
    assert_row(&t, 4, (const char *[]){"t", "VF", "a", "5", "1", "0", "0", "4.00", NULL});
    assert_row(&t, 5, (const char *[]){"t", "VF", "b", "5", "1", "0", "1", "1.00", NULL});
    ccd_report_table_free(&t);
}
END_TEST

/* The gate's times are per query the fastest of the runs, and the noise is
 * the second fastest's excess: a query disturbed in one run costs nothing. */
START_TEST(test_gate_times_fastest_per_query)
{
    /* 3 runs of 2 queries, 2 methods; ns[run][query][method] */
    static const uint64_t ns[3][2][2] = {{{100, 10}, {300, 30}},
                                         {{900, 12}, {200, 20}},  /* query 0 of M disturbed */
                                         {{110, 11}, {250, 9000}}}; /* query 1 of R */
    ccd_gate_times t;
    ccd_gate_times_init(&t, 2, 1);
    for (int k = 0; k < 3; k++) {
        ccd_gate_times_begin_run(&t);
        for (size_t q = 0; q < 2; q++) {
            ccd_query_outcome o[2] = {{.cpu_ns = ns[k][q][0], .time_ns = 1},
                                      {.cpu_ns = ns[k][q][1], .time_ns = 1}};
            ck_assert_int_eq(ccd_gate_times_add(&t, q, o), 0);
        }
    }
    uint64_t queries;
    ck_assert_uint_eq(ccd_gate_times_sum_ns(&t, &queries, 0, 0, NULL, NULL), 100 + 200);
    ck_assert_uint_eq(queries, 2);
    ck_assert_uint_eq(ccd_gate_times_sum_ns(&t, &queries, 0, 1, NULL, NULL), 110 + 250);
    ck_assert_uint_eq(ccd_gate_times_sum_ns(&t, &queries, 1, 0, NULL, NULL), 10 + 20);
    ccd_gate_timing timing;
    ccd_gate_timing_of(&timing, &t, 0, 1);
    ck_assert_int_eq(timing.clock, CCD_GATE_CPU);
    ck_assert_uint_eq(timing.repeats, 3);
    ck_assert_double_eq_tol(timing.method_us, 0.150, 1e-12);   /* 300 ns / 2 */
    ck_assert_double_eq_tol(timing.reference_us, 0.015, 1e-12);
    ck_assert_double_eq_tol(timing.noise, 60.0 / 300 + 11.0 / 30, 1e-12);
    ccd_gate_times_free(&t);
}
END_TEST

/* A JSON table is valid JSON whatever its numeric cells hold: an empty cell
 * (no value), inf or nan is null, a number is kept verbatim. */
START_TEST(test_json_table_null_cells)
{
    const char *header[] = {"name", "a", "b", "c", "d"};
    const unsigned char numeric[] = {CCD_CELL_TEXT, CCD_CELL_NUMBER, CCD_CELL_NUMBER,
                                     CCD_CELL_NUMBER, CCD_CELL_NUMBER};
    char *cells[] = {strdup("x\"y"), strdup(""), strdup("inf"), strdup("0.10000000000000001"),
                     strdup("nan")};
    ccd_report_table t = {.columns = 5, .rows = 1, .header = header, .title = header,
                          .numeric = numeric, .cells = cells};
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ck_assert_int_eq(ccd_report_write_json(out, &t, NULL), 0);
    fclose(out);
    ccd_json *v = NULL;
    ccd_error err;
    ck_assert_msg(ccd_json_parse(&v, &err, "t", buf, len) == CCD_OK, "%s\n%s", err.message, buf);
    const ccd_json *row = ccd_json_get(v, "rows")->items[0];
    ck_assert_str_eq(ccd_json_get(row, "name")->text, "x\"y");
    ck_assert_int_eq(ccd_json_get(row, "a")->type, CCD_JSON_NULL);
    ck_assert_int_eq(ccd_json_get(row, "b")->type, CCD_JSON_NULL);
    ck_assert_str_eq(ccd_json_get(row, "c")->text, "0.10000000000000001");
    ck_assert_int_eq(ccd_json_get(row, "d")->type, CCD_JSON_NULL);
    ccd_json_free(v);
    free(buf);
    for (int i = 0; i < 5; i++)
        free(cells[i]);
}
END_TEST

/* CSV leaves empty the numeric cells JSON makes null (inf, nan, "-"); a text
 * cell is kept whatever it holds. */
START_TEST(test_csv_table_empty_cells)
{
    const char *header[] = {"name", "a", "b", "c", "d"};
    const unsigned char numeric[] = {CCD_CELL_TEXT, CCD_CELL_NUMBER, CCD_CELL_NUMBER,
                                     CCD_CELL_NUMBER, CCD_CELL_NUMBER};
    char *cells[] = {strdup("nan"), strdup("-"), strdup("inf"), strdup("0.10000000000000001"),
                     strdup("-nan")};
    ccd_report_table t = {.columns = 5, .rows = 1, .header = header, .title = header,
                          .numeric = numeric, .cells = cells};
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ck_assert_int_eq(ccd_report_write_csv(out, &t), 0);
    fclose(out);
    ck_assert_str_eq(buf, "name,a,b,c,d\nnan,,,0.10000000000000001,\n");
    free(buf);
    for (int i = 0; i < 5; i++)
        free(cells[i]);
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


/* How often needle occurs in hay. */
static size_t occurrences(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* The page of a report set (report_html.h), as a string. */
static char *html_page(const ccd_report_set *set, const ccd_html_figures *figs)
{
    test_text page;
    ck_assert_int_eq(ccd_report_write_html(test_text_open(&page), set, figs, NULL), 0);
    return test_text_close(&page);
}

/* One HTML document holding every table of the set, the summary, the figure
 * given and the file's facts; a method name with markup in it is escaped
 * wherever it appears; without figures, the page says why. */
START_TEST(test_html_page)
{
    char *path = NULL;
    ck_assert_int_ge(asprintf(&path, "%s/tests/report/synthetic.json", test_srcdir()), 0);
    ccd_result_doc doc;
    ccd_error err;
    ck_assert_msg(ccd_result_read(&doc, &err, path) == CCD_OK, "%s", err.message);
    free(path);
    doc.method_table[0].name = "a<b & \"c\"'"; /* a plugin may call itself anything */
    ccd_report_set set;
    ck_assert_int_eq(ccd_report_set_build(&set, &err, &doc, 1, 1, 0), CCD_OK);
    ck_assert_uint_eq(set.count, 3);
    char fig_name[] = "fig7-a<b", fig_svg[] = "<svg id='f1-x'><use href='#f1-x'/></svg>\n";
    ccd_html_figure fig = {fig_name, fig_svg};
    ccd_html_figures figs = {.items = &fig, .count = 1, .cap = 1};
    char *page = html_page(&set, &figs);
    ck_assert_msg(strncmp(page, "<!DOCTYPE html>\n<html lang=\"en\">\n", 33) == 0, "%.60s", page);
    ck_assert_str_eq(page + strlen(page) - strlen("</body>\n</html>\n"), "</body>\n</html>\n");
    static const char *const once[] = {"<html", "<head>", "</head>", "<body>", "</body>",
                                       "<title>", "<style>", "<script>", "</script>",
                                       "id=\"table-summary\"", "id=\"table-summary-sets\"",
                                       "id=\"ccd-errors\"", "id=\"ccd-selftest\"",
                                       "<figure class=\"multiples\" id=\"fig7\">",
                                       "<figure id=\"figure-fig7-a&lt;b\">"};
    for (size_t i = 0; i < sizeof once / sizeof *once; i++)
        ck_assert_msg(occurrences(page, once[i]) == 1, "%s: %zu times", once[i],
                      occurrences(page, once[i]));
    static const char *const pairs[][2] = {{"<table", "</table>"}, {"<tr", "</tr>"},
                                           {"<td", "</td>"}, {"<th ", "</th>"},
                                           {"<section", "</section>"}, {"<figure ", "</figure>"},
                                           {"<h3", "</h3>"}, {"<code", "</code>"}};
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
        ck_assert_msg(occurrences(page, pairs[i][0]) == occurrences(page, pairs[i][1]),
                      "%s %zu, %s %zu", pairs[i][0], occurrences(page, pairs[i][0]),
                      pairs[i][1], occurrences(page, pairs[i][1]));
    for (size_t i = 0; i < set.count; i++) {
        char id[128];
        snprintf(id, sizeof id, "<table class=\"sortable\" id=\"table-%s\">", set.tables[i].name);
        ck_assert_msg(occurrences(page, id) == 1, "no %s", id);
    }
    /* 2 summary tables, 3 of the set, the file's facts */
    ck_assert_uint_eq(occurrences(page, "<table"), 2 + set.count + 1);
    ck_assert_ptr_null(strstr(page, "a<b"));
    ck_assert_ptr_null(strstr(page, "src="));
    ck_assert_uint_ge(occurrences(page, "<td>a&lt;b &amp; &quot;c&quot;&#39;</td>"), 2);
    ck_assert_ptr_nonnull(strstr(page, "<figcaption>a&lt;b</figcaption>")); /* a panel of Figure 7 */
    ck_assert_ptr_nonnull(strstr(page, fig_svg));
    ck_assert_ptr_nonnull(strstr(page, "<th scope=\"col\" class=\"num\" data-key=\"mean_us\">"));
    ck_assert_ptr_nonnull(strstr(page, "2024-01-01T00:00:00Z"));
    ck_assert_ptr_nonnull(strstr(page, "gcc 12.2.0; GMP 6.2.1; MPFR 4.2.0; zlib 1.2.13"));
    ck_assert_ptr_null(strstr(page, "figures-skipped"));
    free(page);
    /* no figures: why, and no SVG */
    char why[] = "figures not drawn: gnuplot not found";
    ccd_html_figures none = {.skipped = why};
    page = html_page(&set, &none);
    ck_assert_ptr_nonnull(strstr(page, "id=\"figures-skipped\">Figures were skipped: figures "
                                       "not drawn: gnuplot not found."));
    ck_assert_ptr_null(strstr(page, "<svg"));
    ck_assert_ptr_null(strstr(page, "<figure"));
    free(page);
    ccd_report_set_free(&set);
    ccd_result_doc_free(&doc);
}
END_TEST

/* gnuplot's SVG made inline: the prolog dropped, every id and reference to
 * one prefixed, an id defined again numbered (a multiplot's gnuplot_plot_1),
 * nothing else touched (valid='x' is not an id). */
START_TEST(test_html_svg_inline)
{
    static const char svg[] =
        "<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n"
        "<svg \n viewBox=\"0 0 10 10\"\n>\n<g id=\"gnuplot_canvas\">\n"
        "\t<path id='gpPt0' d='M0'/>\n<use xlink:href='#gpPt0' filter='url(#textbox)'/>\n"
        "<text>valid='x' href='y'</text><g id=\"gnuplot_plot_1\"></g>\n"
        "<g id=\"gnuplot_plot_1\"></g><g id=\"gnuplot_plot_1\"></g></g>\n</svg>\n";
    static const char want[] =
        "<svg \n viewBox=\"0 0 10 10\"\n>\n<g id=\"f2-gnuplot_canvas\">\n"
        "\t<path id='f2-gpPt0' d='M0'/>\n<use xlink:href='#f2-gpPt0' filter='url(#f2-textbox)'/>\n"
        "<text>valid='x' href='y'</text><g id=\"f2-gnuplot_plot_1\"></g>\n"
        "<g id=\"f2-gnuplot_plot_1-2\"></g><g id=\"f2-gnuplot_plot_1-3\"></g></g>\n</svg>\n";
    test_text out;
    FILE *in = fmemopen((void *)svg, strlen(svg), "r");
    ck_assert_int_eq(ccd_html_svg_inline(test_text_open(&out), in, "f2-"), 0);
    fclose(in);
    char *text = test_text_close(&out);
    ck_assert_str_eq(text, want);
    free(text);
    static const char no_svg[] = "<?xml version=\"1.0\"?>\n<html></html>\n";
    in = fmemopen((void *)no_svg, strlen(no_svg), "r");
    ck_assert_int_eq(ccd_html_svg_inline(test_text_open(&out), in, "f1-"), -1);
    fclose(in);
    text = test_text_close(&out);
    ck_assert_str_eq(text, "");
    free(text);
}
END_TEST


static Suite *report_suite(void)
{
    Suite *s = suite_create("report");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_json_errors);
    tcase_add_test(tc, test_json_roundtrip);
    tcase_add_test(tc, test_fixed_sum_order);
    tcase_add_test(tc, test_sweep_specs);
    tcase_add_test(tc, test_result_roundtrip);
    tcase_add_test(tc, test_gate_verdict);
    tcase_add_test(tc, test_summary_tables);
    tcase_add_test(tc, test_gate_times_fastest_per_query);
    tcase_add_test(tc, test_json_table_null_cells);
    tcase_add_test(tc, test_csv_table_empty_cells);
    tcase_add_test(tc, test_json_checker_rejects);
    tcase_add_test(tc, test_html_page);
    tcase_add_test(tc, test_html_svg_inline);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(report_suite());
}
