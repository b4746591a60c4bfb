/* SPDX-License-Identifier: MIT */
/*
 * The paper's figures (Wang et al. 2021 Figures 1, 7, 8, 9, 11, 15) from result files:
 * for each, NAME.dat (the numbers behind the plot), NAME.gp (a gnuplot script
 * that draws NAME.svg and NAME.png from NAME.dat) and, when gnuplot is given,
 * the two images.
 */
#ifndef CCD_REPORT_FIGURES_H
#define CCD_REPORT_FIGURES_H
#include "report/paper.h"

typedef struct ccd_figures {
    const char *dir;     /* where the files go */
    const char *gnuplot; /* program to render with; NULL: write .dat and .gp only */
    size_t written;      /* figures written so far */
    FILE *notes;         /* where to say which figures were left out and why (NULL: nowhere) */
} ccd_figures;

/* Figure 1: mean time, FP and FN per method (log scale), over all datasets. */
ccd_status ccd_figure_overview(ccd_figures *f, ccd_error *err, const ccd_paper_column *cols,
                               size_t n);
/* Figure 7: time histograms of positive and negative queries, per method. */
ccd_status ccd_figure_histograms(ccd_figures *f, ccd_error *err, const ccd_paper_column *cols,
                                 size_t n);
/* Figures 8 and 11 (mean/min/max time vs δ or d, name "fig8"/"fig11"), 9 (early
 * stops and max tolerance vs m_I) and 15 (time and FP vs δ per method), from the
 * runs of one sweep. */
ccd_status ccd_figure_sweep_range(ccd_figures *f, ccd_error *err, const char *name,
                                  const ccd_result_doc *doc, const char *method);
/* Figure 11 with one pair of curves per method (or configuration) of an ms sweep:
 * mean and 99th-percentile time vs d (d = 0 at a point of its own on the log axis),
 * labels[m] naming method m of the sweep (NULL, or a NULL entry: its name). */
ccd_status ccd_figure_ms_methods(ccd_figures *f, ccd_error *err, const ccd_result_doc *doc,
                                 const char *const *labels);
ccd_status ccd_figure_max_checks(ccd_figures *f, ccd_error *err, const ccd_result_doc *doc,
                                 const char *method);
ccd_status ccd_figure_delta_methods(ccd_figures *f, ccd_error *err, const ccd_result_doc *doc);

/* Any other figure: NAME.dat holding `data` (comment lines first, saying what
 * the columns are), NAME.gp holding `body` (gnuplot commands after the terminal
 * and output lines, reading NAME.dat), rendered at width × height pixels. */
ccd_status ccd_figure_custom(ccd_figures *f, ccd_error *err, const char *name, const char *data,
                             const char *body, int width, int height);
#endif
