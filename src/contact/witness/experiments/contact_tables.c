/* SPDX-License-Identifier: MIT */
/* The contact experiments as report tables (see contact_tables.h). */
#include <config.h>

#include "contact/witness/experiments/contact_tables.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A measured number: "nan" (JSON null) or "–" when there is none. */
static char *number(double x, int precise, const char *human)
{
    if (isnan(x))
        return strdup(precise ? "nan" : "–");
    return precise ? ccd_report_printf("%.17g", x) : ccd_report_printf(human, x);
}

static char *count(unsigned long long n)
{
    return ccd_report_printf("%llu", n);
}

static const char *kind_name(ccd_kind kind)
{
    return kind == CCD_VF ? "VF" : "EE";
}

/* ------------------------------------------------------------------ contact check */

enum { CHECK_COLUMNS = 26 };
static const char *const check_headers[CHECK_COLUMNS] = {
    "at", "kind", "routine", "level", "configurations", "skipped", "nearly_touching",
    "nonunique", "dist_max", "dist_mean", "dist_p99", "witness_n", "witness_max",
    "witness_mean", "witness_p99", "angle_deg_n", "angle_deg_max", "angle_deg_mean",
    "angle_deg_p99", "deriv_n", "deriv_max", "deriv_mean", "deriv_p99", "deriv_every",
    "deriv_prec", "seconds",
};
static const char *const check_titles[CHECK_COLUMNS] = {
    "at", "kind", "routine", "level", "configs", "skipped", "touching",
    "non-unique", "dist max", "dist mean", "dist p99", "wit. n", "wit. max",
    "wit. mean", "wit. p99", "angle n", "angle max", "angle mean",
    "angle p99", "deriv n", "deriv max", "deriv mean", "deriv p99", "deriv every",
    "MPFR bits", "seconds",
};
static const unsigned char check_numeric[CHECK_COLUMNS] = {
    0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* n (unless NULL), max, mean, p99 of one statistic. */
static char **summary_cells(char **cell, ccd_sample *sample, int with_n, int precise)
{
    ccd_sample_summary s = ccd_sample_summarize(sample);
    if (with_n)
        *cell++ = count(s.n);
    *cell++ = number(s.max, precise, "%.2e");
    *cell++ = number(s.mean, precise, "%.2e");
    *cell++ = number(s.p99, precise, "%.2e");
    return cell;
}

int ccd_contact_check_table(ccd_report_table *t, ccd_contact_check *c, int precise)
{
    const ccd_contact_check_options *o = &c->options;
    const char *at = o->at == CCD_CONTACT_AT_TOI ? "toi" : o->at ? "1" : "0";
    size_t rows = 0;
    for (int kd = 0; kd < 2; kd++)
        if (c->queries[kd] + c->skipped[kd] > 0)
            rows += 1 + o->nlevels;
    if (ccd_report_table_init(t, CHECK_COLUMNS, rows, check_headers, check_titles, check_numeric) != 0)
        return -1;
    char **cell = t->cells;
    for (int kd = 0; kd < 2; kd++) {
        if (c->queries[kd] + c->skipped[kd] == 0)
            continue;
        for (size_t i = 0; i <= o->nlevels; i++) {
            ccd_contact_check_row *row = &c->rows[kd][i];
            *cell++ = strdup(at);
            *cell++ = strdup(kind_name((ccd_kind)kd));
            *cell++ = strdup(i ? "smooth" : "hard");
            *cell++ = precise ? ccd_report_printf("%.17g", row->level) : ccd_report_printf("%g", row->level);
            *cell++ = count(c->queries[kd]);
            *cell++ = count(c->skipped[kd]);
            *cell++ = count(c->touching[kd]);
            *cell++ = count(c->nonunique[kd]);
            cell = summary_cells(cell, &row->dist, 0, precise); /* n = configurations */
            cell = summary_cells(cell, &row->witness, 1, precise);
            cell = summary_cells(cell, &row->angle, 1, precise);
            cell = summary_cells(cell, &row->deriv, 1, precise);
            *cell++ = ccd_report_printf("%ld", o->deriv_every > 0 ? o->deriv_every : 0L);
            *cell++ = ccd_report_printf("%u", o->deriv_prec);
            *cell++ = precise ? ccd_report_printf("%.17g", c->seconds) : ccd_report_printf("%.1f", c->seconds);
        }
    }
    return ccd_report_table_complete(t);
}

/* ------------------------------------------------------------------ rotating edge */

enum { ROTATING_COLUMNS = 10 };
static const char *const rotating_headers[ROTATING_COLUMNS] = {
    "lambda", "routine", "eps", "steps", "delta", "slope_at_parallel", "slope_max",
    "theta_at_max", "jump", "fd_rel_error",
};
static const char *const rotating_titles[ROTATING_COLUMNS] = {
    "lambda", "routine", "eps", "steps", "delta", "slope at parallel", "max slope",
    "theta at max", "jump", "FD rel. error",
};
static const unsigned char rotating_numeric[ROTATING_COLUMNS] = {1, 0, 1, 1, 1, 1, 1, 1, 1, 1};

int ccd_rotating_edge_table(ccd_report_table *t, const ccd_rotating_edge_row *rows, size_t n,
                            int precise)
{
    if (ccd_report_table_init(t, ROTATING_COLUMNS, n, rotating_headers, rotating_titles,
                    rotating_numeric) != 0)
        return -1;
    char **cell = t->cells;
    for (size_t i = 0; i < n; i++) {
        const ccd_rotating_edge_row *r = &rows[i];
        *cell++ = number(r->w_reg, precise, "%g");
        *cell++ = strdup(r->eps == 0 && r->w_reg == 0 ? "hard" : "smooth");
        *cell++ = number(r->eps, precise, "%g");
        *cell++ = ccd_report_printf("%zu", r->steps);
        *cell++ = number(r->delta, precise, "%g");
        *cell++ = number(r->slope_at_par, precise, "%.4g");
        *cell++ = number(r->slope_max, precise, "%.4g");
        *cell++ = number(r->theta_max, precise, "%.6f");
        *cell++ = number(r->jump, precise, "%.4g");
        *cell++ = number(r->fd_error, precise, "%.2e");
    }
    return ccd_report_table_complete(t);
}

/* ------------------------------------------------------------------ throughput */

enum { THROUGHPUT_COLUMNS = 13 };
static const char *const throughput_headers[THROUGHPUT_COLUMNS] = {
    "kind", "method", "threads", "batch", "trials", "batch_seconds", "batch_seconds_std",
    "pairs_per_second",
    "speedup_vs_ip", "ip_mean_iterations", "ip_max_iterations", "ip_not_converged",
    "ip_vs_hard_max_difference",
};
static const char *const throughput_titles[THROUGHPUT_COLUMNS] = {
    "kind", "method", "threads", "batch", "trials", "s/batch", "± std", "pairs/s",
    "vs ip", "ip iter. mean", "ip iter. max", "ip not conv.", "ip vs hard",
};
static const unsigned char throughput_numeric[THROUGHPUT_COLUMNS] = {0, 0, 1, 1, 1, 1, 1,
                                                                     1, 1, 1, 1, 1, 1};

/* The "ip" measurement with the same kind, threads and batch as r, or NULL. */
static const ccd_throughput_row *baseline_of(const ccd_throughput *tp, const ccd_throughput_row *r)
{
    for (size_t i = 0; i < tp->count; i++) {
        const ccd_throughput_row *b = &tp->rows[i];
        if (b->kind == r->kind && b->method == CCD_THROUGHPUT_IP &&
            b->threads == r->threads && b->batch == r->batch)
            return b;
    }
    return NULL;
}

int ccd_throughput_table(ccd_report_table *t, const ccd_throughput *tp, int precise)
{
    if (ccd_report_table_init(t, THROUGHPUT_COLUMNS, tp->count, throughput_headers, throughput_titles,
                    throughput_numeric) != 0)
        return -1;
    char **cell = t->cells;
    for (size_t i = 0; i < tp->count; i++) {
        const ccd_throughput_row *r = &tp->rows[i];
        const ccd_throughput_row *ip = baseline_of(tp, r);
        *cell++ = strdup(kind_name(r->kind));
        *cell++ = strdup(ccd_throughput_method_names[r->method]);
        *cell++ = ccd_report_printf("%d", r->threads);
        *cell++ = ccd_report_printf("%zu", r->batch);
        *cell++ = ccd_report_printf("%zu", r->trials);
        *cell++ = number(r->batch_seconds, precise, "%.3e");
        *cell++ = number(r->batch_seconds_std, precise, "%.1e");
        *cell++ = number(r->pairs_per_second, precise, "%.3e");
        *cell++ = number(ip ? r->pairs_per_second / ip->pairs_per_second : NAN, precise, "%.2f");
        *cell++ = number(tp->ip_mean_iter[r->kind], precise, "%.2f");
        *cell++ = number(tp->ip_max_iter[r->kind], precise, "%.0f");
        *cell++ = ccd_report_printf("%zu", tp->ip_not_converged[r->kind]);
        *cell++ = number(tp->ip_vs_hard[r->kind], precise, "%.2e");
    }
    return ccd_report_table_complete(t);
}

/* ------------------------------------------------------------------ pipeline */

enum { PIPELINE_COLUMNS = 16 };
static const char *const pipeline_headers[PIPELINE_COLUMNS] = {
    "contact", "type", "body", "p_x", "p_y", "p_z", "d", "n_x", "n_y", "n_z", "activity",
    "activity_n_x", "activity_n_y", "activity_n_z", "jacobian_rel_error", "jacobian_max",
};
static const char *const pipeline_titles[PIPELINE_COLUMNS] = {
    "#", "type", "on", "p_x", "p_y", "p_z", "d", "n_x", "n_y", "n_z", "Γ",
    "Γn_x", "Γn_y", "Γn_z", "J rel. err.", "max |J|",
};
static const unsigned char pipeline_numeric[PIPELINE_COLUMNS] = {1, 0, 1, 1, 1, 1, 1, 1,
                                                                 1, 1, 1, 1, 1, 1, 1, 1};

int ccd_pipeline_table(ccd_report_table *t, const ccd_pipeline_params *p,
                       const ccd_contact_point *c, const double *jac_error,
                       const double *jac_max, int precise)
{
    size_t n = ccd_pipeline_contact_count(p), nv = p->vertex_k[0] + p->vertex_k[1];
    if (ccd_report_table_init(t, PIPELINE_COLUMNS, n, pipeline_headers, pipeline_titles,
                    pipeline_numeric) != 0)
        return -1;
    char **cell = t->cells;
    for (size_t i = 0; i < n; i++) {
        int vs = i < nv;
        int body = vs ? i >= p->vertex_k[0] : (int)((i - nv) % 2);
        *cell++ = count(i);
        *cell++ = strdup(vs ? "vertex-SDF" : "edge-edge");
        *cell++ = ccd_report_printf("%d", body);
        for (int k = 0; k < 3; k++)
            *cell++ = number(c[i].p[k], precise, "%.5f");
        *cell++ = number(c[i].d, precise, "%.3e");
        for (int k = 0; k < 3; k++)
            *cell++ = number(c[i].n[k], precise, "%.4f");
        *cell++ = number(c[i].activity, precise, "%.4f");
        for (int k = 0; k < 3; k++)
            *cell++ = number(c[i].activity * c[i].n[k], precise, "%.4f");
        *cell++ = number(jac_error ? jac_error[i] : NAN, precise, "%.2e");
        *cell++ = number(jac_max ? jac_max[i] : NAN, precise, "%.3g");
    }
    return ccd_report_table_complete(t);
}
