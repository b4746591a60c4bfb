/* SPDX-License-Identifier: MIT */
/*
 * The figures of a report (ccd_report_set_figures) as SVG elements to put
 * inline in one HTML page: drawn by gnuplot's svg terminal (no mouse, no
 * standalone or jsdir options, so no external script) into a temporary
 * directory, read back without the XML prolog, with every id and every
 * reference to one (href='#…', url(#…)) prefixed so that several figures can
 * share a page, and the directory removed.
 */
#ifndef CCD_REPORT_HTML_FIGURES_H
#define CCD_REPORT_HTML_FIGURES_H
#include <stdio.h>

#include "report/report_set.h"

typedef struct ccd_html_figure {
    char *name; /* file stem: fig1, fig7-METHOD, fig8, … */
    char *svg;  /* the <svg> element */
} ccd_html_figure;

typedef struct ccd_html_figures {
    ccd_html_figure *items;
    size_t count, cap;
    char *skipped; /* why the page has no figures (no gnuplot, --no-render), or NULL */
} ccd_html_figures;

/* The figures of s (figure_method as for ccd_report_set_figures), in the order
 * of their numbers.  gnuplot NULL (not to render), or a program not found in
 * PATH: no figures, and figs->skipped says why.  Notes on figures left out go
 * to notes (NULL: nowhere).  CCD_ERR_INTERNAL when gnuplot fails or out of
 * memory (figs is then empty). */
ccd_status ccd_html_figures_draw(ccd_html_figures *figs, ccd_error *err, const ccd_report_set *s,
                                 const char *figure_method, const char *gnuplot, FILE *notes);
void ccd_html_figures_free(ccd_html_figures *figs);

/* SVG text as written by gnuplot (from "<svg" on; the prolog dropped) with the
 * ids and references prefixed by prefix, and an id defined again numbered
 * (gnuplot_plot_1, then gnuplot_plot_1-2: an HTML page defines an id once),
 * appended to out.  Returns 0, -1 when the text has no <svg element, -2 when
 * out of memory. */
int ccd_html_svg_inline(FILE *out, FILE *svg, const char *prefix);

#endif
