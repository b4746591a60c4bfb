/* SPDX-License-Identifier: MIT */
/*
 * The minimum-scaling experiments as report tables (the writers of `ccdbench
 * run`: text, Markdown, CSV, JSON, LaTeX).  A statistic over an empty sample is
 * "nan" when precise (JSON null) and "–" otherwise.  Each returns 0, or -1 when
 * out of memory; free with ccd_report_table_free.
 */
#ifndef CCD_CONTACT_SCALING_TABLES_H
#define CCD_CONTACT_SCALING_TABLES_H
#include "ccdbench/scaling.h"
#include "contact/scaling/experiments/scaling_bench.h"
#include "contact/scaling/experiments/scaling_check.h"
#include "report/report.h"

/* One row per combination and ρ: a, b, rho, reference, pairs, failed, alpha_{n,
 * max,p99} (relative), phi_{max,p99}, p_{n,max,p99}, normal_{n,max,p99},
 * dx_{n,max,p99} (∂α* / ∂x of both centres, relative; ρ = 0), ift_{n,max} (the
 * same by the implicit function theorem), singular, residual_max, n_sum_max, motion_max, swap_max, scale_max, iter_mean,
 * iter_max, over_30.  Sorts c's samples in place. */
int ccd_scaling_check_table(ccd_report_table *t, ccd_scaling_check *c, int precise);

/* One row per measurement: a, b, threads, derivatives (no / yes), pairs, solves,
 * seconds, solves_per_second, iter_mean, failed. */
int ccd_scaling_bench_table(ccd_report_table *t, const ccd_scaling_bench *b, int precise);

/* One row per ρ of a single pair: rho, status, alpha, phi, p_{x,y,z},
 * normal_{x,y,z}, iterations, residual, reference, alpha_ref, alpha_abs_error
 * (|α − α*|).  Status "normal-undefined" where a solve succeeded but n is
 * the zero vector (α = 0: concentric shapes touch at their common centre). */
int ccd_scaling_pair_table(ccd_report_table *t, const double *rho, size_t nrho,
                           const ccd_scaling_status *status, const ccd_scaling_result *r,
                           const ccd_scaling_ref *ref, int precise);
#endif
