/* SPDX-License-Identifier: MIT */
/* Check suite of src/methods' registry: method lists, plugins (loaded, run,
 * refused), and the options a method declares (tables, parsing, accessors). */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccdbench.h"
#include "methods/builtin.h"
#include "methods/method_list.h"
#include "ccdbench.h"
#include "test_support.h"


START_TEST(test_method_list)
{
    ccd_method_list l = {0}, sel;
    ccd_error err;
    ck_assert_int_eq(ccd_method_list_append(&l, &err, &ccd_method_fprf, "built-in"), CCD_OK);
    ck_assert_int_eq(ccd_method_list_append(&l, &err, &test_method_never, "x.so"), CCD_OK);
    ck_assert_ptr_eq(ccd_method_list_find(&l, "fprf"), &ccd_method_fprf);
    ck_assert_ptr_null(ccd_method_list_find(&l, "nope"));
    /* A clash is an input error naming the origin. */
    ck_assert_int_eq(ccd_method_list_append(&l, &err, &test_method_never, "y.so"), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message,
                     "y.so: method 'test-never' is already defined (names must be unique)");

    ck_assert_int_eq(ccd_method_list_select(&sel, &err, &l, "all"), CCD_OK);
    ck_assert_uint_eq(sel.count, 2);
    ccd_method_list_free(&sel);
    ck_assert_int_eq(ccd_method_list_select(&sel, &err, &l, "test-never,fprf,test-never"), CCD_OK);
    ck_assert_uint_eq(sel.count, 2);
    ck_assert_ptr_eq(sel.items[0], &test_method_never);
    ck_assert_ptr_eq(sel.items[1], &ccd_method_fprf);
    ccd_method_list_free(&sel);
    ck_assert_int_eq(ccd_method_list_select(&sel, &err, &l, "fprf,bogus"), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "unknown method 'bogus'"));
    ck_assert_int_eq(ccd_method_list_select(&sel, &err, &l, "fprf,,"), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "empty method name"));
    ccd_method_list_free(&l);
}
END_TEST

/* The default list is the same whatever the data: the slow interval root finders,
 * additive-ccd and tight-inclusion-scalar are opt-in, every other built-in (and any
 * plugin method) runs. */
START_TEST(test_default_methods)
{
    /* decided by the name alone */
    const char *const opt_in[] = {"irf", "uirf", "additive-ccd", "tight-inclusion-scalar"};
    const char *const others[] = {"exact", "tight-inclusion", "tight-inclusion-dfs", "bsc",
                                  "irf2", "additive"};
    for (size_t i = 0; i < sizeof opt_in / sizeof opt_in[0]; i++)
        ck_assert_msg(!ccd_method_list_runs_by_default(&(ccd_method){.name = opt_in[i]}), "%s",
                      opt_in[i]);
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        ck_assert_msg(ccd_method_list_runs_by_default(&(ccd_method){.name = others[i]}), "%s",
                      others[i]);
    ck_assert(ccd_method_list_runs_by_default(&ccd_method_fprf));
    /* each opt-in entry says why, and the table holds the names above */
    size_t n;
    const ccd_opt_in_method *listed = ccd_method_list_opt_in(&n);
    ck_assert_uint_eq(n, sizeof opt_in / sizeof opt_in[0]);
    for (size_t i = 0; i < n; i++)
        ck_assert(listed[i].why && listed[i].why[0] && !ccd_method_list_runs_by_default(
                      &(ccd_method){.name = listed[i].name}));
    ck_assert(ccd_method_list_runs_by_default(&test_method_never));
}
END_TEST

START_TEST(test_plugin_loads_and_runs)
{
    char *path = test_plugin_path("always_collides");
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
    ccd_query q = test_query_from_rows(CCD_EE, rows);
    ccd_params par;
    ccd_params_default(&par);
    ccd_result r;
    ck_assert_int_eq(ccd_method_run(&r, m[0], &q, &par, NULL), CCD_OK);
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
    snprintf(prefix, sizeof prefix, "%s: ", path);
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
        ccd_method m = test_method_never;
        m.options = tables[t];
        m.option_count = counts[t];
        ccd_method_list l = {0};
        ccd_error err;
        ck_assert_int_eq(ccd_method_list_append(&l, &err, &m, "p.so"), CCD_ERR_INPUT);
        ck_assert_msg(strncmp(err.message, "p.so: method 'test-never': option ", 34) == 0 &&
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
    ck_assert_str_eq(err.message, "w: x: 2.5 is not in [0, 2]");
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
    ck_assert_str_eq(err.message, "w: e: 'mid' is not low or high");
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
    ck_assert(ccd_option_double(&p, fprf_method, (size_t)eta) == 0); /* the benchmark's eta */
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
    char *no_entry = test_plugin_path("no_entry");
    expect_plugin_error(no_entry, "symbol ccdbench_plugin_methods not found");
    free(no_entry);
    char *other = test_plugin_path("other_api");
    expect_plugin_error(other, "plugin has no API version symbol (ccdbench_plugin_api_version): "
                               "built for ccdbench API version 1, or without CCD_PLUGIN_DEFINE");
    free(other);
    /* A file that is not a shared object at all. */
    char *csv = NULL;
    ck_assert_int_ge(asprintf(&csv, "%s/datasets/default/touching/edge-edge/queries.csv",
                              test_srcdir()), 0);
    expect_plugin_error(csv, "cannot load plugin");
    free(csv);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("methods");
    TCase *registry = tcase_create("registry");
    tcase_add_test(registry, test_method_list);
    tcase_add_test(registry, test_default_methods);
    tcase_add_test(registry, test_plugin_loads_and_runs);
    tcase_add_test(registry, test_option_tables);
    tcase_add_test(registry, test_option_table_checked);
    tcase_add_test(registry, test_option_parse);
    tcase_add_test(registry, test_option_accessor);
    tcase_add_test(registry, test_plugin_errors);
    suite_add_tcase(s, registry);
    return s;
}

int main(void)
{
    return test_run_suite(suite());
}
