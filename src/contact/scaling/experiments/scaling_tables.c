/* SPDX-License-Identifier: MIT */
/* The minimum-scaling experiments as report tables (see scaling_tables.h). */
#include <config.h>

#include "contact/scaling/experiments/scaling_tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *number(double x, int precise, const char *human)
{
    if (isnan(x))
        return strdup(precise ? "nan" : "–");
    return precise ? ccd_report_printf("%.17g", x) : ccd_report_printf(human, x);
}

enum { CHECK_COLUMNS = 38 };
static const char *const check_headers[CHECK_COLUMNS] = {
    "a", "b", "rho", "reference", "pairs", "failed", "alpha_n", "alpha_max", "alpha_p99",
    "phi_max", "phi_p99", "p_n", "p_max", "p_p99", "normal_n", "normal_max", "normal_p99",
    "dx_n", "dx_max", "dx_p99", "ift_n", "ift_max", "singular", "fd_n", "fd_dual_max",
    "fd_ift_max", "fd_dp_max", "overlap_test", "overlap_n", "overlap_disagree", "residual_max", "n_sum_max", "motion_max", "swap_max", "scale_max", "iter_mean",
    "iter_max", "over_30",
};
static const char *const check_titles[CHECK_COLUMNS] = {
    "a", "b", "rho", "reference", "pairs", "failed", "α n", "α max", "α p99",
    "φ max", "φ p99", "p n", "p max", "p p99", "n n", "n max", "n p99",
    "dα/dx n", "dα/dx max", "dα/dx p99", "IFT n", "IFT max", "singular", "FD n",
    "FD dual max", "FD IFT max", "FD dp max", "overlap", "overlap n", "sign ≠", "resid. max", "n1+n2 max", "motion max", "swap max", "scale max", "iter mean",
    "iter max", "≥30 it",
};
static const unsigned char check_numeric[CHECK_COLUMNS] = {
    0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

int ccd_scaling_check_table(ccd_report_table *t, ccd_scaling_check *c, int precise)
{
    if (ccd_report_table_init(t, CHECK_COLUMNS, c->nrows, check_headers, check_titles, check_numeric))
        return -1;
    char **cell = t->cells;
    for (size_t i = 0; i < c->nrows; i++) {
        ccd_scaling_check_row *row = &c->rows[i];
        ccd_sample_summary al = ccd_sample_summarize(&row->alpha);
        ccd_sample_summary ph = ccd_sample_summarize(&row->phi);
        ccd_sample_summary p = ccd_sample_summarize(&row->p);
        ccd_sample_summary n = ccd_sample_summarize(&row->normal);
        ccd_sample_summary dx = ccd_sample_summarize(&row->dx);
        ccd_sample_summary it = ccd_sample_summarize(&row->iterations);
        *cell++ = strdup(ccd_shape_kind_name(row->a));
        *cell++ = strdup(ccd_shape_kind_name(row->b));
        *cell++ = precise ? ccd_report_printf("%.17g", row->rho) : ccd_report_printf("%g", row->rho);
        *cell++ = strdup(ccd_scaling_ref_name(row->reference));
        *cell++ = ccd_report_printf("%zu", row->pairs);
        *cell++ = ccd_report_printf("%zu", row->failed);
        *cell++ = ccd_report_printf("%zu", al.n);
        *cell++ = number(al.max, precise, "%.1e");
        *cell++ = number(al.p99, precise, "%.1e");
        *cell++ = number(ph.max, precise, "%.1e");
        *cell++ = number(ph.p99, precise, "%.1e");
        *cell++ = ccd_report_printf("%zu", p.n);
        *cell++ = number(p.max, precise, "%.1e");
        *cell++ = number(p.p99, precise, "%.1e");
        *cell++ = ccd_report_printf("%zu", n.n);
        *cell++ = number(n.max, precise, "%.1e");
        *cell++ = number(n.p99, precise, "%.1e");
        *cell++ = ccd_report_printf("%zu", dx.n);
        *cell++ = number(dx.max, precise, "%.1e");
        *cell++ = number(dx.p99, precise, "%.1e");
        ccd_sample_summary ift = ccd_sample_summarize(&row->ift);
        *cell++ = ccd_report_printf("%zu", ift.n);
        *cell++ = number(ift.max, precise, "%.1e");
        *cell++ = ccd_report_printf("%zu", row->singular);
        ccd_sample_summary fd = ccd_sample_summarize(&row->fd_dual);
        *cell++ = ccd_report_printf("%zu", fd.n);
        *cell++ = number(fd.max, precise, "%.1e");
        *cell++ = number(ccd_sample_summarize(&row->fd_ift).max, precise, "%.1e");
        *cell++ = number(ccd_sample_summarize(&row->fd_dp).max, precise, "%.1e");
        static const char *const overlap_names[] = {"none", "SAT", "GJK"};
        *cell++ = strdup(overlap_names[row->overlap]);
        *cell++ = ccd_report_printf("%zu", row->overlap_compared);
        *cell++ = ccd_report_printf("%zu", row->overlap_disagree);
        *cell++ = number(ccd_sample_summarize(&row->residual).max, precise, "%.1e");
        *cell++ = number(ccd_sample_summarize(&row->n_sum).max, precise, "%.1e");
        *cell++ = number(ccd_sample_summarize(&row->motion).max, precise, "%.1e");
        *cell++ = number(ccd_sample_summarize(&row->swap).max, precise, "%.1e");
        *cell++ = number(ccd_sample_summarize(&row->scale).max, precise, "%.1e");
        *cell++ = number(it.mean, precise, "%.1f");
        *cell++ = number(it.max, precise, "%.0f");
        *cell++ = ccd_report_printf("%zu", row->over_30);
    }
    return ccd_report_table_complete(t);
}

enum { PAIR_COLUMNS = 15 };
static const char *const pair_headers[PAIR_COLUMNS] = {
    "rho", "status", "alpha", "phi", "p_x", "p_y", "p_z", "normal_x", "normal_y", "normal_z",
    "iterations", "residual", "reference", "alpha_ref", "alpha_abs_error",
};
static const char *const pair_titles[PAIR_COLUMNS] = {
    "rho", "status", "alpha", "phi", "p x", "p y", "p z", "n x", "n y", "n z",
    "iterations", "residual", "reference", "alpha ref.", "|α − α*|",
};
static const unsigned char pair_numeric[PAIR_COLUMNS] = {
    1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1,
};

int ccd_scaling_pair_table(ccd_report_table *t, const double *rho, size_t nrho,
                           const ccd_scaling_status *status, const ccd_scaling_result *r,
                           const ccd_scaling_ref *ref, int precise)
{
    if (ccd_report_table_init(t, PAIR_COLUMNS, nrho, pair_headers, pair_titles, pair_numeric))
        return -1;
    char **cell = t->cells;
    int has_ref = ref->kind != CCD_SCALING_REF_NONE;
    double alpha_ref = has_ref ? mpfr_get_d(ref->alpha, MPFR_RNDN) : NAN;
    for (size_t i = 0; i < nrho; i++) {
        int ok = status[i] == CCD_SCALING_OK;
        /* concentric shapes meet at their common centre, where no normal exists:
         * the solver's n is then the zero vector, shown as undefined */
        int no_normal = ok && r[i].normal[0] == 0 && r[i].normal[1] == 0 && r[i].normal[2] == 0;
        *cell++ = precise ? ccd_report_printf("%.17g", rho[i]) : ccd_report_printf("%g", rho[i]);
        *cell++ = strdup(no_normal ? "normal-undefined" : ccd_scaling_status_name(status[i]));
        *cell++ = number(ok ? r[i].alpha : NAN, precise, "%.12g");
        *cell++ = number(ok ? r[i].phi : NAN, precise, "%.12g");
        for (int k = 0; k < 3; k++)
            *cell++ = number(ok ? r[i].p[k] : NAN, precise, "%.9g");
        for (int k = 0; k < 3; k++)
            *cell++ = number(ok && !no_normal ? r[i].normal[k] : NAN, precise, "%.9g");
        *cell++ = ccd_report_printf("%d", r[i].iterations);
        *cell++ = number(r[i].residual, precise, "%.1e");
        *cell++ = strdup(ccd_scaling_ref_name(ref->kind));
        *cell++ = precise && has_ref ? ccd_report_printf("%.17g", alpha_ref)
                                     : number(alpha_ref, precise, "%.12g");
        *cell++ = number(ok && has_ref ? ccd_scaling_ref_alpha_abs_error(ref, r[i].alpha) : NAN,
                         precise, "%.1e");
    }
    return ccd_report_table_complete(t);
}

enum { BENCH_COLUMNS = 10 };
static const char *const bench_headers[BENCH_COLUMNS] = {
    "a", "b", "threads", "derivatives", "pairs", "solves", "seconds", "solves_per_second",
    "iter_mean", "failed",
};
static const char *const bench_titles[BENCH_COLUMNS] = {
    "a", "b", "threads", "derivatives", "pairs", "solves", "seconds", "solves/s",
    "iter mean", "failed",
};
static const unsigned char bench_numeric[BENCH_COLUMNS] = {0, 0, 1, 0, 1, 1, 1, 1, 1, 1};

int ccd_scaling_bench_table(ccd_report_table *t, const ccd_scaling_bench *b, int precise)
{
    if (ccd_report_table_init(t, BENCH_COLUMNS, b->nrows, bench_headers, bench_titles, bench_numeric))
        return -1;
    char **cell = t->cells;
    for (size_t i = 0; i < b->nrows; i++) {
        const ccd_scaling_bench_row *row = &b->rows[i];
        *cell++ = strdup(ccd_shape_kind_name(row->a));
        *cell++ = strdup(ccd_shape_kind_name(row->b));
        *cell++ = ccd_report_printf("%d", row->threads);
        *cell++ = strdup(row->derivatives ? "yes" : "no");
        *cell++ = ccd_report_printf("%zu", b->options.pairs);
        *cell++ = ccd_report_printf("%zu", row->solves);
        *cell++ = number(row->seconds, precise, "%.3f");
        *cell++ = number(row->per_second, precise, "%.0f");
        *cell++ = number(row->iter_mean, precise, "%.1f");
        *cell++ = ccd_report_printf("%zu", row->failed);
    }
    return ccd_report_table_complete(t);
}
