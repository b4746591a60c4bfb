/* SPDX-License-Identifier: MIT */
/*
 * The convex-polyhedra experiments as report tables, written by the writers
 * of `ccdbench run` (text, Markdown, CSV, JSON, LaTeX).  precise: full
 * precision (CSV, JSON); a statistic over no value is "nan" (JSON null) when
 * precise and "–" otherwise.  Each returns 0, or -1 when out of memory.
 */
#ifndef CCD_CONTACT_POLYHEDRA_TABLES_H
#define CCD_CONTACT_POLYHEDRA_TABLES_H
#include "contact/polyhedra/experiments/polyhedra_bench.h"
#include "contact/polyhedra/experiments/polyhedra_check.h"
#include "report/report.h"

/* Table I: one row per range and method: range, method, poses, values,
 * disjoint, no_contact, failed, gate_wrong, err_min, err_max, err_mean,
 * err_std, normal_max_deg. */
int ccd_poly_check_table(ccd_report_table *t, const ccd_poly_check *c, int precise);

/* One row per scene, thread count and method: scene, vertices ("8x8"), method,
 * threads, pairs, values, seconds, pairs_per_second, ns_per_query, ratio. */
int ccd_poly_bench_table(ccd_report_table *t, const ccd_poly_bench *b, int precise);
#endif
