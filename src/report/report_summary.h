/* SPDX-License-Identifier: MIT */
/*
 * The summary of a run, the default text output of `ccdbench run` (the full
 * per-family table is behind --detail, and always in csv, json and result
 * files): one row per method over all the queries — which method is best on
 * what — and one compact block per set and kind.  Both fit in 100 columns.
 */
#ifndef CCD_REPORT_SUMMARY_H
#define CCD_REPORT_SUMMARY_H
#include "report/report.h"

/* The reference of the speed column when none is named: a stable choice, not
 * whichever method happens to be listed first. */
#define CCD_REPORT_REFERENCE "tight-inclusion"

/* The method whose mean time the others are compared with (the speed column):
 * the method called `name` when name is not NULL (-1 when s has none: nothing
 * set), else CCD_REPORT_REFERENCE when it ran, else the first conservative method
 * (CCD_CAP_CONSERVATIVE) that is not the exact oracle, else the first
 * conservative one, else the first.  *why: NULL for a named method or the
 * default, else why another was taken (a phrase for the note). */
int ccd_report_summary_reference(size_t *ref, const char **why, const ccd_run_stats *s,
                                 const char *name);

/* The note under a table with the speed column, without a newline:
 * "speed: mean time of REF / mean time of the method (2.00×: twice as fast)",
 * and why REF when it is not the default (malloc'd; NULL when out of memory). */
char *ccd_report_summary_speed_note(const ccd_run_stats *s, size_t ref, const char *why);

/* One row per method: queries, positives, FP, FN (failed, when a method failed
 * on some query), mean / median / p99 µs, and the mean time of method ref over
 * the method's ("2.00×": twice as fast). */
int ccd_report_summary_methods(ccd_report_table *t, const ccd_run_stats *s, size_t ref);

/* One row per set, kind and method: queries, positives, FP, FN, mean µs. */
int ccd_report_summary_sets(ccd_report_table *t, const ccd_run_stats *s);
#endif
