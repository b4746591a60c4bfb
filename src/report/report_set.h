/* SPDX-License-Identifier: MIT */
/*
 * The plan of `ccdbench report`: from a set of result files, every table that
 * exists for them — Table 1 (the runs without a sweep, side by side), Table 2
 * (every value of the ms sweeps), the statistics beyond the paper (one per file
 * without a sweep), one sweep table per sweep file — and the figures drawn
 * from the same runs.  The CLI parses, calls these, and prints.
 */
#ifndef CCD_REPORT_SET_H
#define CCD_REPORT_SET_H
#include <stdio.h>

#include "bench/result_file.h"
#include "report/figures.h"
#include "report/paper.h"
#include "report/result_union.h"

/* One table with its file stem and heading. */
typedef struct ccd_named_table {
    char *name;  /* file stem: table1, table2, stats, sweep-delta, ... */
    char *title; /* heading */
    ccd_report_table table;
    int paper;   /* allocated by paper.h (ccd_paper_table_free) */
} ccd_named_table;

typedef struct ccd_report_set {
    ccd_named_table *tables;
    size_t count;
    /* Table 1's columns (one per method of the runs without a sweep), which the
     * overview and histogram figures draw; they point into unions. */
    ccd_paper_column *columns;
    size_t table1_columns;
    ccd_result_union *unions;
    size_t union_count;
    const ccd_result_doc *docs; /* the files, in path order (not owned) */
    size_t doc_count;
} ccd_report_set;

/* Every table of docs[0 .. ndocs) (already checked by ccd_result_union_check);
 * by_family adds Tables 1 and 2 per family; precise: full-precision cells (csv,
 * json).  On error (CCD_ERR_INPUT for files that cannot share a table,
 * CCD_ERR_INTERNAL when out of memory) out is empty. */
ccd_status ccd_report_set_build(ccd_report_set *out, ccd_error *err, const ccd_result_doc *docs,
                                size_t ndocs, int by_family, int precise);
void ccd_report_set_free(ccd_report_set *s);

/* The index of the table named name, or -1. */
long ccd_report_set_find(const ccd_report_set *s, const char *name);

/* One document on out: with only < 0 every table, else table only.  JSON is one
 * object {"tool", "version", "tables": [{"name", "title", "table"}, …]}; text,
 * Markdown and LaTeX put each table under its title, separated by blank lines;
 * CSV holds one table (only ≥ 0, or a set of one). */
void ccd_report_set_print(FILE *out, const ccd_report_set *s, ccd_report_format format, long only);

/* Every table in every format into dir (DIR/NAME.{txt,md,csv,json,tex}, each
 * written atomically). */
ccd_status ccd_report_set_write(ccd_error *err, const ccd_report_set *s, const char *dir);

/* The file name extension of a format ("txt", "md", "csv", "json", "tex"). */
const char *ccd_report_format_extension(ccd_report_format format);

/* The figures of the set into fig: fig1 and fig7 from Table 1's runs; fig8 from
 * the first delta sweep with figure_method, fig15 from the first delta sweep of
 * several methods; fig9 from a max-checks sweep, fig11 from an ms sweep. */
ccd_status ccd_report_set_figures(ccd_figures *fig, ccd_error *err, const ccd_report_set *s,
                                  const char *figure_method);
#endif
