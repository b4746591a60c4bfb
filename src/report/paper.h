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
    const ccd_run_stats *stats; /* NULL: the method is not available ("n/a" cells) */
    size_t index; /* of the method in stats */
    double sweep_value; /* NAN without a sweep */
    const char *label;  /* the column's heading (the paper's label), NULL: method */
} ccd_paper_column;

/* Sum of the groups of stats matching (set label, family or NULL, kind) for one method. */
void ccd_paper_aggregate(ccd_method_stats *s, ccd_method_detail *d, const ccd_run_stats *stats,
                         size_t method, const char *set_label, const char *family, int kind);

/* Table 1 (no sweep) or one block of rows per sweep value (sweep_name names it):
 * rows t, FP, FN, columns of methods.  by_family: one block per family. */
int ccd_paper_table(ccd_report_table *t, const ccd_paper_column *cols, size_t ncols,
                    const char *sweep_name, int by_family, int precise);

/* Table 2 of the paper: per dataset, one row per distinct sweep value (the
 * minimum separation d), and for each method the columns t, FP, FN. */
int ccd_paper_table2(ccd_report_table *t, const ccd_paper_column *cols, size_t ncols,
                     int by_family, int precise);

/* The minimum-separation sweep: per dataset (the handcrafted set, each scene of the
 * simulation set, any other set; VF and EE apart) one row per distinct sweep value d,
 * and for each method (configuration) the columns mean µs, p99 µs, queries stopped
 * at m_I, FP, FN. */
int ccd_paper_ms_sweep_table(ccd_report_table *t, const ccd_paper_column *cols, size_t ncols,
                             int precise);

/* The table of a preset's runs[0..n) (one per d of its sweep, or one), in its
 * shape: columns in the preset's order, headed by the paper's labels, then any
 * other method of the runs under its name.  all_columns: a column whose method
 * did not run is there too, "n/a" (the method is not available). */
struct ccd_preset;
int ccd_paper_preset_table(ccd_report_table *t, const struct ccd_preset *p,
                           const ccd_result_run *runs, size_t n, int all_columns, int precise);

/* The sweep table of runs[0..n) (one per value) of one result. */
int ccd_paper_sweep_table(ccd_report_table *t, const ccd_result_run *runs, size_t n,
                          const char *param, int precise);

/* Free a table whose header/title/numeric arrays were allocated (paper tables). */
void ccd_paper_table_free(ccd_report_table *t);

/* Any table in any format, LaTeX included (json: no run facts). */
int ccd_report_write_table(FILE *out, const ccd_report_table *t, ccd_report_format format);
int ccd_report_write_latex(FILE *out, const ccd_report_table *t);

#endif
