/* SPDX-License-Identifier: MIT */
/*
 * The contact experiments as report tables: the columns and rows of the
 * `contact check` table (a synthetic result with known figures, and a real run
 * on datasets/default/coplanar), empty statistics as JSON null, and the
 * rotating-edge and throughput tables; every table written as valid JSON.
 */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/witness/experiments/contact_tables.h"
#include "json_check.h"
#include "report/paper.h"
#include "test_support.h"

/* Column index of a header name (fails the test when absent). */
static size_t column(const ccd_report_table *t, const char *name)
{
    for (size_t c = 0; c < t->columns; c++)
        if (strcmp(t->header[c], name) == 0)
            return c;
    ck_abort_msg("no column '%s'", name);
    return 0;
}

static const char *cell(const ccd_report_table *t, size_t row, const char *name)
{
    return ccd_report_cell(t, row, column(t, name));
}

static double cell_number(const ccd_report_table *t, size_t row, const char *name)
{
    const char *s = cell(t, row, name);
    char *end;
    double x = strtod(s, &end);
    ck_assert_msg(end != s && *end == '\0', "column %s, row %zu: '%s' is not a number", name, row,
                  s);
    return x;
}

/* The table as JSON, NUL-terminated (free()). */
static char *table_json(const ccd_report_table *t)
{
    test_text json;
    ck_assert_int_eq(ccd_report_write_table(test_text_open(&json), t, CCD_FORMAT_JSON), 0);
    char *text = test_text_close(&json);
    ck_assert_msg(json_valid(text), "invalid JSON:\n%s", text);
    return text;
}

/* ------------------------------------------------------------------ contact check */

static const char *const check_columns[] = {
    "at", "kind", "routine", "level", "configurations", "skipped", "nearly_touching",
    "nonunique", "dist_max", "dist_mean", "dist_p99", "witness_n", "witness_max",
    "witness_mean", "witness_p99", "angle_deg_n", "angle_deg_max", "angle_deg_mean",
    "angle_deg_p99", "deriv_n", "deriv_max", "deriv_mean", "deriv_p99", "deriv_every",
    "deriv_prec", "seconds",
};

/* EE only, at toi, hard + one level: 2 configurations, 1 skipped, known samples. */
static void synthetic_check(ccd_contact_check *c)
{
    memset(c, 0, sizeof *c);
    ccd_contact_check_options_default(&c->options);
    c->options.at = CCD_CONTACT_AT_TOI;
    c->options.levels[0] = 0.01;
    c->options.nlevels = 1;
    c->options.deriv_every = 3;
    for (int kd = 0; kd < 2; kd++)
        for (size_t i = 0; i < 2; i++) {
            ccd_contact_check_row *r = &c->rows[kd][i];
            r->level = i ? 0.01 : 0;
            ccd_sample_init(&r->dist), ccd_sample_init(&r->witness);
            ccd_sample_init(&r->angle), ccd_sample_init(&r->deriv);
        }
    c->queries[CCD_EE] = 2;
    c->skipped[CCD_EE] = 1;
    c->touching[CCD_EE] = 2; /* no angles */
    c->nonunique[CCD_EE] = 1;
    c->seconds = 1.5;
    ccd_contact_check_row *hard = &c->rows[CCD_EE][0], *smooth = &c->rows[CCD_EE][1];
    ck_assert_int_eq(ccd_sample_add(&hard->dist, 3e-16), CCD_OK);
    ck_assert_int_eq(ccd_sample_add(&hard->dist, 1e-16), CCD_OK);
    ck_assert_int_eq(ccd_sample_add(&hard->witness, 5e-16), CCD_OK);
    ck_assert_int_eq(ccd_sample_add(&smooth->dist, 0.25), CCD_OK);
    ck_assert_int_eq(ccd_sample_add(&smooth->dist, 0.75), CCD_OK);
    ck_assert_int_eq(ccd_sample_add(&smooth->witness, 0.5), CCD_OK);
    ck_assert_int_eq(ccd_sample_add(&smooth->deriv, 2e-13), CCD_OK);
}

START_TEST(test_check_table_synthetic)
{
    ccd_contact_check c;
    synthetic_check(&c);
    ccd_report_table t;
    ck_assert_int_eq(ccd_contact_check_table(&t, &c, 1), 0);
    size_t ncols = sizeof check_columns / sizeof *check_columns;
    ck_assert_uint_eq(t.columns, ncols);
    for (size_t i = 0; i < ncols; i++)
        ck_assert_str_eq(t.header[i], check_columns[i]);
    ck_assert_uint_eq(t.rows, 2); /* no VF configuration: no VF rows */
    for (size_t r = 0; r < 2; r++) {
        ck_assert_str_eq(cell(&t, r, "at"), "toi");
        ck_assert_str_eq(cell(&t, r, "kind"), "EE");
        ck_assert_str_eq(cell(&t, r, "configurations"), "2");
        ck_assert_str_eq(cell(&t, r, "skipped"), "1");
        ck_assert_str_eq(cell(&t, r, "nearly_touching"), "2");
        ck_assert_str_eq(cell(&t, r, "nonunique"), "1");
        ck_assert_str_eq(cell(&t, r, "angle_deg_n"), "0");
        ck_assert_str_eq(cell(&t, r, "angle_deg_max"), "nan");
        ck_assert_str_eq(cell(&t, r, "deriv_every"), "3");
        ck_assert_str_eq(cell(&t, r, "deriv_prec"), "256");
        ck_assert_double_eq(cell_number(&t, r, "seconds"), 1.5);
    }
    ck_assert_str_eq(cell(&t, 0, "routine"), "hard");
    ck_assert_str_eq(cell(&t, 0, "level"), "0");
    ck_assert_double_eq(cell_number(&t, 0, "dist_max"), 3e-16);
    ck_assert_double_eq(cell_number(&t, 0, "dist_mean"), 2e-16);
    ck_assert_str_eq(cell(&t, 0, "witness_n"), "1");
    ck_assert_str_eq(cell(&t, 0, "deriv_n"), "0");
    ck_assert_str_eq(cell(&t, 0, "deriv_p99"), "nan");
    ck_assert_str_eq(cell(&t, 1, "routine"), "smooth");
    ck_assert_double_eq(cell_number(&t, 1, "level"), 0.01);
    ck_assert_double_eq(cell_number(&t, 1, "dist_max"), 0.75);
    ck_assert_double_eq(cell_number(&t, 1, "dist_mean"), 0.5);
    ck_assert_double_eq(cell_number(&t, 1, "dist_p99"), 0.75);
    ck_assert_str_eq(cell(&t, 1, "deriv_n"), "1");
    ck_assert_double_eq(cell_number(&t, 1, "deriv_max"), 2e-13);

    /* JSON: the empty statistics are null, the strings quoted */
    char *json = table_json(&t);
    ck_assert_ptr_nonnull(strstr(json, "\"angle_deg_max\": null"));
    ck_assert_ptr_nonnull(strstr(json, "\"at\": \"toi\""));
    ck_assert_ptr_null(strstr(json, "nan"));
    free(json);
    ccd_report_table_free(&t);

    /* for readers: rounded numbers, a dash for the empty statistics */
    ck_assert_int_eq(ccd_contact_check_table(&t, &c, 0), 0);
    ck_assert_str_eq(cell(&t, 0, "dist_max"), "3.00e-16");
    ck_assert_str_eq(cell(&t, 0, "angle_deg_max"), "–");
    ck_assert_str_eq(cell(&t, 1, "level"), "0.01");
    ck_assert_str_eq(cell(&t, 1, "seconds"), "1.5");
    ccd_report_table_free(&t);
    ccd_contact_check_free(&c);
}
END_TEST

/* A real check on the 4 VF and 4 EE queries of datasets/default/coplanar. */
START_TEST(test_check_table_dataset)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/datasets/default/coplanar", test_srcdir());
    const char *paths[] = {path};
    ccd_dataset ds;
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    ccd_contact_check_options opt;
    ccd_contact_check_options_default(&opt);
    opt.deriv_every = 1; /* every query */
    ccd_contact_check c;
    ck_assert_msg(ccd_contact_check_run(&c, &err, &ds, &opt) == CCD_OK, "%s", err.message);
    ccd_dataset_free(&ds);
    ccd_report_table t;
    ck_assert_int_eq(ccd_contact_check_table(&t, &c, 1), 0);
    ck_assert_uint_eq(t.rows, 2 * (1 + opt.nlevels));
    for (size_t r = 0; r < t.rows; r++) {
        int hard = r % (1 + opt.nlevels) == 0;
        ck_assert_str_eq(cell(&t, r, "kind"), r < 1 + opt.nlevels ? "VF" : "EE");
        ck_assert_str_eq(cell(&t, r, "routine"), hard ? "hard" : "smooth");
        ck_assert_str_eq(cell(&t, r, "at"), "0");
        double configs = cell_number(&t, r, "configurations");
        ck_assert_double_eq(configs, 4);
        /* every configuration has a distance error, a witness error unless the pair
         * is not unique, an angle unless (nearly) touching */
        ck_assert_double_eq(cell_number(&t, r, "witness_n") + cell_number(&t, r, "nonunique"),
                            configs);
        ck_assert_double_eq(cell_number(&t, r, "angle_deg_n") +
                                cell_number(&t, r, "nearly_touching"),
                            configs);
        ck_assert_double_eq(cell_number(&t, r, "deriv_n"), hard ? 0 : configs);
        if (hard) /* the hard routine is exact up to rounding */
            ck_assert_double_le(cell_number(&t, r, "dist_max"), 1e-13);
        else
            ck_assert_double_le(cell_number(&t, r, "deriv_max"), 1e-6);
    }
    free(table_json(&t));
    ccd_report_table_free(&t);
    ccd_contact_check_free(&c);
}
END_TEST

/* ------------------------------------------------------------------ rotating edge */

START_TEST(test_rotating_edge_table)
{
    ccd_rotating_edge_row rows[2];
    ccd_rotating_edge_run(&rows[0], 0.0, 0.0, 20, 1e-6);
    ccd_rotating_edge_run(&rows[1], 0.1, 0.1, 20, 1e-6);
    ccd_report_table t;
    ck_assert_int_eq(ccd_rotating_edge_table(&t, rows, 2, 1), 0);
    ck_assert_uint_eq(t.rows, 2);
    ck_assert_uint_eq(t.columns, 10);
    ck_assert_str_eq(cell(&t, 0, "routine"), "hard");
    ck_assert_str_eq(cell(&t, 1, "routine"), "smooth");
    ck_assert_double_eq(cell_number(&t, 1, "lambda"), 0.1);
    ck_assert_double_eq(cell_number(&t, 1, "eps"), 0.1);
    ck_assert_str_eq(cell(&t, 1, "steps"), "20");
    ck_assert_double_eq(cell_number(&t, 1, "delta"), 1e-6);
    /* the hard witness point jumps by the edge length 2; the smoothed one does not */
    ck_assert_double_eq_tol(cell_number(&t, 0, "jump"), 2.0, 1e-6);
    ck_assert_double_lt(cell_number(&t, 1, "jump"), 1e-3);
    ck_assert_double_eq_tol(cell_number(&t, 1, "slope_at_parallel"), rows[1].slope_at_par,
                            1e-8 * rows[1].slope_at_par);
    free(table_json(&t));
    ccd_report_table_free(&t);
}
END_TEST

/* ------------------------------------------------------------------ throughput */

START_TEST(test_throughput_table)
{
    ccd_throughput_options o;
    ccd_throughput_options_default(&o);
    o.max_batch = 10;
    o.min_seconds = 0;
    o.trials = 5;
    o.threads = 1;
    ccd_throughput tp;
    ccd_error err;
    ck_assert_msg(ccd_throughput_run(&tp, &err, &o) == CCD_OK, "%s", err.message);
    ccd_report_table t;
    ck_assert_int_eq(ccd_throughput_table(&t, &tp, 1), 0);
    /* 2 kinds × 4 methods × batches 1, 10 (threads 1: no parallel rows) */
    ck_assert_uint_eq(t.rows, 2 * CCD_THROUGHPUT_METHODS * 2);
    /* The names of the table (and of the timing section of docs/contact-witness.md). */
    ck_assert_str_eq(ccd_throughput_method_names[CCD_THROUGHPUT_OURS], "ours");
    ck_assert_str_eq(ccd_throughput_method_names[CCD_THROUGHPUT_OURS_NS], "ours-ns");
    ck_assert_str_eq(ccd_throughput_method_names[CCD_THROUGHPUT_OURS_JAC], "ours+jac");
    ck_assert_str_eq(ccd_throughput_method_names[CCD_THROUGHPUT_IP], "ip");
    ck_assert_uint_eq(t.rows, tp.count);
    for (size_t r = 0; r < t.rows; r++) {
        const ccd_throughput_row *m = &tp.rows[r];
        ck_assert_str_eq(cell(&t, r, "kind"), m->kind == CCD_VF ? "VF" : "EE");
        ck_assert_str_eq(cell(&t, r, "method"), ccd_throughput_method_names[m->method]);
        ck_assert_double_eq(cell_number(&t, r, "batch"), (double)m->batch);
        ck_assert_str_eq(cell(&t, r, "threads"), "1");
        ck_assert_double_gt(cell_number(&t, r, "pairs_per_second"), 0);
        /* mean ± std over the trials, pairs/s from the mean */
        ck_assert_str_eq(cell(&t, r, "trials"), "5");
        ck_assert_uint_eq(m->trials, 5);
        ck_assert_double_ge(cell_number(&t, r, "batch_seconds_std"), 0);
        ck_assert_double_eq_tol(m->pairs_per_second * m->batch_seconds, (double)m->batch,
                                1e-9 * (double)m->batch);
        if (m->method == CCD_THROUGHPUT_IP)
            ck_assert_str_eq(cell(&t, r, "speedup_vs_ip"), "1");
        ck_assert_double_eq_tol(cell_number(&t, r, "ip_mean_iterations"),
                                tp.ip_mean_iter[m->kind], 1e-8 * tp.ip_mean_iter[m->kind]);
        ck_assert_double_ge(cell_number(&t, r, "ip_max_iterations"),
                            cell_number(&t, r, "ip_mean_iterations"));
        /* the cap is non-convergence, counted apart, never a maximum of iterations */
        ck_assert_double_le(cell_number(&t, r, "ip_max_iterations"), CCD_THROUGHPUT_IP_MAX_ITER);
        ck_assert_double_eq(cell_number(&t, r, "ip_not_converged"),
                            (double)tp.ip_not_converged[m->kind]);
        ck_assert_uint_le(tp.ip_not_converged[m->kind], tp.ip_sampled[m->kind]);
    }
    free(table_json(&t));
    ccd_report_table_free(&t);
    ccd_throughput_free(&tp);
}
END_TEST

static Suite *contact_tables_suite(void)
{
    Suite *s = suite_create("contact_tables");
    TCase *tc = tcase_create("tables");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_check_table_synthetic);
    tcase_add_test(tc, test_check_table_dataset);
    tcase_add_test(tc, test_rotating_edge_table);
    tcase_add_test(tc, test_throughput_table);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(contact_tables_suite());
}
