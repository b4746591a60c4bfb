/* SPDX-License-Identifier: MIT */
/*
 * The contact experiments (`ccdbench contact check | rotating-edge | bench`) as
 * ccd_report_table, written by the same writers as `ccdbench run`
 * (ccd_report_write_table: text, Markdown, CSV, JSON, LaTeX).
 *
 * Every row carries all the facts of the experiment (settings, counts, the n of
 * each statistic), so the machine formats lose nothing; a statistic over an
 * empty sample is "nan" when precise (JSON null) and "–" otherwise.
 * precise: full precision (CSV, JSON); otherwise human precision.
 * The header, title and numeric arrays are static: free with
 * ccd_report_table_free.  Each returns 0, or -1 when out of memory.
 */
#ifndef CCD_CONTACT_CONTACT_TABLES_H
#define CCD_CONTACT_CONTACT_TABLES_H
#include <stddef.h>

#include "contact/witness/experiments/accuracy.h"
#include "contact/witness/pipeline.h"
#include "contact/witness/experiments/rotating_edge.h"
#include "contact/witness/experiments/throughput.h"
#include "report/report.h"

/* One row per kind present (VF, EE) and routine (hard, then each smoothing level):
 * at, kind, routine, level, configurations, skipped, nearly_touching, nonunique,
 * dist_{max,mean,p99} (over all configurations), {witness,angle_deg,deriv}_{n,max,
 * mean,p99}, deriv_every, deriv_prec, seconds.  Sorts c's samples in place. */
int ccd_contact_check_table(ccd_report_table *t, ccd_contact_check *c, int precise);

/* One row per weight: lambda, routine (hard: eps = λ = 0), eps, steps, delta,
 * slope_at_parallel, slope_max, theta_at_max, jump, fd_rel_error. */
int ccd_rotating_edge_table(ccd_report_table *t, const ccd_rotating_edge_row *rows, size_t n,
                            int precise);

/* One row per measurement: kind, method, threads, batch, trials, batch_seconds
 * (mean over the trials), batch_seconds_std, pairs_per_second, speedup_vs_ip (against "ip" at the same kind, threads and
 * batch), and the interior point's figures of the kind: ip_mean_iterations and
 * ip_max_iterations over the pairs where it converged, ip_not_converged (pairs
 * that hit its iteration cap), ip_vs_hard_max_difference. */
int ccd_throughput_table(ccd_report_table *t, const ccd_throughput *tp, int precise);
/* One row per contact of the pipeline's set (pipeline.h): contact (index), type
 * (vertex-SDF, edge-edge), body (the body the point lies on), p_{x,y,z}, d,
 * n_{x,y,z}, activity, activity_n_{x,y,z} (Γ n), jacobian_rel_error (max |J -
 * J_ref| / max |J_ref| over the contact's 8 × 12 block; NaN when jac_error is
 * NULL) and jacobian_max (max |J_ref|). */
int ccd_pipeline_table(ccd_report_table *t, const ccd_pipeline_params *p,
                       const ccd_contact_point *c, const double *jac_error,
                       const double *jac_max, int precise);
#endif
