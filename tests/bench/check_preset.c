/* SPDX-License-Identifier: MIT */
/* Check suite of src/bench/preset.c: every preset names methods that exist (or
 * the one that is not built in yet), settings that the methods' option parser
 * takes, separations the sweep parser takes, and the columns of Wang et al.
 * 2021, "A Large-scale Benchmark and an Inclusion-based Algorithm for
 * Continuous Collision Detection", Tables 1 and 2, in the paper's order. */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/preset.h"
#include "bench/sweep.h"
#include "ccdbench.h"
#include "methods/builtin.h"
#include "methods/method_list.h"
#include "methods/method_variant.h"
#include "test_support.h"

/* TightCCD (Wang et al. 2015) is being added under this name; until it is
 * registered, Table 1 prints its column as not available. */
static const char pending_method[] = "tight-ccd";

static void builtins(ccd_method_list *l)
{
    ccd_error err;
    memset(l, 0, sizeof *l);
    for (const ccd_method *const *m = ccd_builtin_methods(); *m; m++)
        ck_assert_int_eq(ccd_method_list_append(l, &err, *m, "built-in"), CCD_OK);
}

START_TEST(test_lookup)
{
    size_t n;
    const ccd_preset *all = ccd_preset_all(&n);
    ck_assert_uint_eq(n, 3);
    for (size_t i = 0; i < n; i++)
        ck_assert_ptr_eq(ccd_preset_find(all[i].name), &all[i]);
    ck_assert_ptr_null(ccd_preset_find("paper-table3"));
    ck_assert_ptr_null(ccd_preset_find(""));
    char names[64];
    ccd_preset_names(names, sizeof names);
    ck_assert_str_eq(names, "paper-table1, paper-table2, ms-sweep");
    ccd_preset_names(names, 8); /* truncated, still a string */
    ck_assert_str_eq(names, "paper-t");
}
END_TEST

/* Every column names a registered method (or the pending one) once; every
 * setting is METHOD.KEY=VALUE of a column's method that declares KEY, and its
 * value parses; every d parses. */
START_TEST(test_every_preset_is_well_formed)
{
    ccd_method_list l;
    ccd_method_variants v = {0};
    ccd_error err;
    builtins(&l);
    size_t n;
    const ccd_preset *all = ccd_preset_all(&n);
    for (size_t i = 0; i < n; i++) {
        const ccd_preset *p = &all[i];
        /* the configurations "BASE@CONFIG" of the columns, as `run` makes them */
        for (size_t c = 0; c < p->column_count; c++)
            ck_assert_int_eq(ccd_method_variants_add(&v, &err, &l, p->columns[c].method), CCD_OK);
        ck_assert_uint_gt(p->column_count, 0);
        ck_assert_ptr_nonnull(strstr(p->source, "Wang et al. 2021"));
        ck_assert_uint_eq(p->scoring_note[strlen(p->scoring_note) - 1], '\n');
        for (size_t c = 0; c < p->column_count; c++) {
            const ccd_preset_column *col = &p->columns[c];
            ck_assert_msg(ccd_method_list_find(&l, col->method) ||
                              strcmp(col->method, pending_method) == 0,
                          "%s: no method %s", p->name, col->method);
            ck_assert_str_eq(ccd_preset_label(p, col->method), col->label);
            for (size_t d = 0; d < c; d++)
                ck_assert_str_ne(p->columns[d].method, col->method);
            if (col->ms) {
                char *end;
                double d = strtod(col->ms, &end);
                ck_assert(*end == '\0' && d > 0 && isfinite(d));
                ck_assert_ptr_null(p->sweep); /* its own d only in runs without one */
            }
        }
        for (const char *const *s = p->settings; *s; s++) {
            char method[64], key[64], value[64];
            ck_assert_int_eq(sscanf(*s, "%63[^.].%63[^=]=%63s", method, key, value), 3);
            ck_assert_msg(ccd_preset_label(p, method), "%s: %s is not a column", p->name, *s);
            const ccd_method *m = ccd_method_list_find(&l, method);
            ck_assert_ptr_nonnull(m);
            long index = ccd_option_find(m, key);
            ck_assert_msg(index >= 0, "%s: %s has no option %s", p->name, method, key);
            ccd_option_value value_of;
            ck_assert_int_eq(ccd_option_parse(&value_of, &err, &m->options[index], value, *s),
                             CCD_OK);
        }
        if (p->sweep) {
            ccd_sweep sw;
            ck_assert_int_eq(ccd_sweep_parse(&sw, &err, p->sweep), CCD_OK);
            ck_assert_str_eq(sw.param, "ms");
            ccd_sweep_free(&sw);
        }
    }
    ccd_method_list_free(&l);
    ccd_method_variants_free(&v);
}
END_TEST

START_TEST(test_table1_columns)
{
    static const char *const labels[] = {"IRF", "UIRF", "FPRF", "TCCD", "RP",
                                         "RRP", "BSC", "MSRF", "Ours"};
    const ccd_preset *p = ccd_preset_find("paper-table1");
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_eq(p->column_count, 9);
    for (size_t c = 0; c < 9; c++)
        ck_assert_str_eq(p->columns[c].label, labels[c]);
    ck_assert_str_eq(p->columns[3].method, pending_method);
    ck_assert_str_eq(p->columns[8].method, "tight-inclusion");
    /* MSRF alone at the benchmark's default d; FP/FN against d = 0 */
    ck_assert_str_eq(ccd_preset_column_ms(p, "msrf"), "1e-8");
    ck_assert_ptr_null(ccd_preset_column_ms(p, "tight-inclusion"));
    ck_assert_ptr_null(p->sweep);
    ck_assert_int_eq(p->plain_truth, 1);
    ck_assert_int_eq(p->shape, CCD_PRESET_SHAPE_TABLE1);
}
END_TEST

START_TEST(test_table2_separations)
{
    static const double want[] = {1e-2, 1e-8, 1e-16, 1e-30, 1e-100};
    const ccd_preset *p = ccd_preset_find("paper-table2");
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_eq(p->column_count, 2);
    ck_assert_str_eq(p->columns[0].label, "MSRF");
    ck_assert_str_eq(p->columns[1].label, "Ours");
    ccd_sweep sw;
    ccd_error err;
    ck_assert_int_eq(ccd_sweep_parse(&sw, &err, p->sweep), CCD_OK);
    ck_assert_uint_eq(sw.count, 5);
    for (size_t i = 0; i < 5; i++)
        ck_assert(sw.values[i] == want[i]);
    ccd_sweep_free(&sw);
    ck_assert_int_eq(p->plain_truth, 1); /* the paper's scoring */
    ck_assert_int_eq(p->norm, CCD_NORM_LINF);
    ck_assert_int_eq(p->shape, CCD_PRESET_SHAPE_TABLE2);
}
END_TEST

/* The minimum-separation sweep: two configurations of tight-inclusion, the
 * published one set apart by its own settings, at the issue's six d, scored against
 * the truth at d. */
START_TEST(test_ms_sweep)
{
    static const double want[] = {0, 1e-8, 1e-6, 1e-4, 1e-3, 1e-2};
    const ccd_preset *p = ccd_preset_find("ms-sweep");
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_eq(p->column_count, 2);
    ck_assert_str_eq(p->columns[0].method, "tight-inclusion@published");
    ck_assert_str_eq(p->columns[0].label, "published");
    ck_assert_str_eq(p->columns[1].method, "tight-inclusion");
    ck_assert_str_eq(p->columns[1].label, "ccdbench");
    ccd_sweep sw;
    ccd_error err;
    ck_assert_int_eq(ccd_sweep_parse(&sw, &err, p->sweep), CCD_OK);
    ck_assert_uint_eq(sw.count, 6);
    for (size_t i = 0; i < 6; i++)
        ck_assert(sw.values[i] == want[i]);
    ccd_sweep_free(&sw);
    ck_assert_int_eq(p->plain_truth, 0);
    ck_assert_int_eq(p->shape, CCD_PRESET_SHAPE_MS_SWEEP);
    /* published: the search alone decides, level by level; ccdbench: no setting but
     * the shared delta and m_I */
    int start = 0, search = 0;
    for (const char *const *s = p->settings; *s; s++) {
        start |= strcmp(*s, "tight-inclusion@published.start=search") == 0;
        search |= strcmp(*s, "tight-inclusion@published.search=levels") == 0;
        if (strncmp(*s, "tight-inclusion.", 16) == 0)
            ck_assert_msg(strncmp(*s + 16, "delta=", 6) == 0 ||
                              strncmp(*s + 16, "max_checks=", 11) == 0,
                          "ccdbench's configuration is the defaults: %s", *s);
    }
    ck_assert(start && search);
    /* both columns are run when tight-inclusion is registered */
    ccd_method_list l;
    builtins(&l);
    char missing[64];
    char *list = ccd_preset_method_list(p, l.items, l.count, missing, sizeof missing);
    ck_assert_ptr_nonnull(list);
    ck_assert_str_eq(list, "tight-inclusion@published,tight-inclusion");
    ck_assert_str_eq(missing, "");
    free(list);
    ccd_method_list_free(&l);
}
END_TEST

/* A configuration is its base method under another name, made once, and only for
 * a well-formed name whose base exists. */
START_TEST(test_method_variants)
{
    ccd_method_list l;
    ccd_method_variants v = {0};
    ccd_error err;
    builtins(&l);
    size_t before = l.count;
    ck_assert_uint_eq(ccd_method_variant_base_length("tight-inclusion@published"), 15);
    ck_assert_uint_eq(ccd_method_variant_base_length("tight-inclusion"), 0);
    ck_assert_uint_eq(ccd_method_variant_base_length("@published"), 0);
    ck_assert_uint_eq(ccd_method_variant_base_length("tight-inclusion@"), 0);
    ck_assert_int_eq(ccd_method_variants_add(&v, &err, &l,
                                             "msrf,tight-inclusion@a,nope@b,@c,d@,"
                                             "tight-inclusion@a,tight-inclusion@b"),
                     CCD_OK);
    ck_assert_uint_eq(v.count, 2);
    ck_assert_uint_eq(l.count, before + 2);
    const ccd_method *base = ccd_method_list_find(&l, "tight-inclusion");
    const ccd_method *a = ccd_method_list_find(&l, "tight-inclusion@a");
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_ne(a, base);
    ck_assert_ptr_eq(a->vertex_face, base->vertex_face);
    ck_assert_ptr_eq(a->edge_edge, base->edge_edge);
    ck_assert_ptr_eq(a->options, base->options);
    ck_assert_uint_eq(a->caps, base->caps);
    ck_assert_ptr_nonnull(ccd_method_list_find(&l, "tight-inclusion@b"));
    ck_assert_ptr_null(ccd_method_list_find(&l, "nope@b"));
    /* asked again: nothing new */
    ck_assert_int_eq(ccd_method_variants_add(&v, &err, &l, "tight-inclusion@a"), CCD_OK);
    ck_assert_uint_eq(v.count, 2);
    ccd_method_list_free(&l);
    ccd_method_variants_free(&v);
    ck_assert_uint_eq(v.count, 0);
}
END_TEST

/* The run's method list: the registered columns in order; the others named. */
START_TEST(test_method_list_and_missing)
{
    ccd_method_list l;
    builtins(&l);
    const ccd_preset *p = ccd_preset_find("paper-table1");
    char missing[128];
    char *list = ccd_preset_method_list(p, l.items, l.count, missing, sizeof missing);
    ck_assert_ptr_nonnull(list);
    if (ccd_method_list_find(&l, pending_method)) {
        ck_assert_str_eq(list, "irf,uirf,fprf,tight-ccd,root-parity,root-parity-rational,bsc,"
                               "msrf,tight-inclusion");
        ck_assert_str_eq(missing, "");
    } else {
        ck_assert_str_eq(list, "irf,uirf,fprf,root-parity,root-parity-rational,bsc,msrf,"
                               "tight-inclusion");
        ck_assert_str_eq(missing, "TCCD (tight-ccd)");
    }
    free(list);
    ccd_method_list_free(&l);
}
END_TEST

static Suite *preset_suite(void)
{
    Suite *s = suite_create("preset");
    TCase *tc = tcase_create("presets");
    tcase_add_test(tc, test_lookup);
    tcase_add_test(tc, test_every_preset_is_well_formed);
    tcase_add_test(tc, test_table1_columns);
    tcase_add_test(tc, test_table2_separations);
    tcase_add_test(tc, test_method_list_and_missing);
    tcase_add_test(tc, test_ms_sweep);
    tcase_add_test(tc, test_method_variants);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(preset_suite());
}
