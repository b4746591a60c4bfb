/* SPDX-License-Identifier: MIT */
/*
 * The paper's tables (Wang et al. 2021, "A Large Scale Benchmark and an
 * Inclusion-Based Algorithm for Continuous Collision Detection") as ccd_report_table, for every writer:
 *  - Table 1 / Table 2 shape: per dataset (handcrafted VF, handcrafted EE,
 *    simulation VF, simulation EE; or per family), rows t (mean µs) / FP / FN —
 *    one block per swept value for Table 2 — and one column per method;
 *  - the sweep table (data of Figures 8, 9, 11, 15): per dataset, value and method,
 *    mean/min/max time, FP, FN, early-termination share, tolerance mean/max.
 */
#ifndef CCD_REPORT_PAPER_H
#define CCD_REPORT_PAPER_H
#include "bench/result_file.h"
#include "report/report.h"

/* One method's numbers in one run: a column of the paper tables. */
typedef struct ccd_paper_column {
    const char *method;
    const ccd_run_stats *stats;
    size_t index; /* of the method in stats */
    double sweep_value; /* NAN without a sweep */
} ccd_paper_column;

/* Sum of the groups of stats matching (set label, family or NULL, kind) for one method. */
void ccd_paper_aggregate(ccd_method_stats *s, ccd_method_detail *d, const ccd_run_stats *stats,
                         size_t method, const char *set_label, const char *family, int kind);

/* Table 1 (no sweep) or Table 2 (sweep_name "d"): columns of methods; each
 * distinct sweep value gets its own rows.  by_family: one block per family. */
int ccd_paper_table(ccd_report_table *t, const ccd_paper_column *cols, size_t ncols,
                    const char *sweep_name, int by_family, int precise);

/* The sweep table of runs[0..n) (one per value) of one result. */
int ccd_paper_sweep_table(ccd_report_table *t, const ccd_result_run *runs, size_t n,
                          const char *param, int precise);

/* Free a table whose header/title/numeric arrays were allocated (paper tables). */
void ccd_paper_table_free(ccd_report_table *t);

/* Any table in any format, LaTeX included (json: no run facts). */
int ccd_report_write_table(FILE *out, const ccd_report_table *t, ccd_report_format format);
int ccd_report_write_latex(FILE *out, const ccd_report_table *t);

#endif
