/* SPDX-License-Identifier: MIT */
/*
 * `ccdbench report --format html`: one self-contained HTML page (inline CSS,
 * inline SVG figures, a small inline script; nothing fetched from anywhere)
 * holding the run summary (one row per method over the runs without a sweep,
 * and per set and kind), every table of the report set, the figures (or why
 * there are none), and what the result files say about each run: tool
 * version, date, machine, build, data, truth, sweep and parameters.
 *
 * Every table is sortable: a click on a column header sorts the rows by it
 * (numbers numerically, from each numeric cell's data-v; cells without a
 * number last), a second click reverses.  The script records uncaught errors
 * in #ccd-errors (data-count), and the URL fragment #selftest:TABLE:KEY makes
 * it sort table-TABLE by the column KEY (its machine name, e.g. mean_us) up
 * and then down, writing "before|ascending|descending ROW=VALUE…" lines (ROW
 * the row's original index) into #ccd-selftest, for a browser test to check.
 */
#ifndef CCD_REPORT_REPORT_HTML_H
#define CCD_REPORT_REPORT_HTML_H
#include <stdio.h>

#include "report/html_figures.h"
#include "report/report_set.h"

/* The page for s and its figures, the speed column of its summary against the
 * method called reference (NULL: the default, report_summary.h; the caller checks
 * that the summary has it); returns 0, or -1 when out of memory (write errors are
 * left in ferror(out) for the caller, as for the other formats). */
int ccd_report_write_html(FILE *out, const ccd_report_set *s, const ccd_html_figures *figs,
                          const char *reference);

#endif
