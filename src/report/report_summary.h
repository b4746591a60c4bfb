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

/* The method whose mean time the others are compared with: the first
 * conservative one (CCD_CAP_CONSERVATIVE) that is not the exact oracle, else the
 * first conservative one, else the first. */
size_t ccd_report_summary_reference(const ccd_run_stats *s);

/* One row per method: queries, positives, FP, FN (failed, when a method failed
 * on some query), mean / median / p99 µs, and the reference's mean time over the
 * method's ("2.00×": twice as fast). */
int ccd_report_summary_methods(ccd_report_table *t, const ccd_run_stats *s);

/* One row per set, kind and method: queries, positives, FP, FN, mean µs. */
int ccd_report_summary_sets(ccd_report_table *t, const ccd_run_stats *s);
#endif
