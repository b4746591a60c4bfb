/* SPDX-License-Identifier: MIT */
/* Accuracy of the witness routines on a dataset (see accuracy.h). */
#include <config.h>

#include <math.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "contact/witness/experiments/accuracy.h"
#include "bench/work_queue.h"
#include "core/error.h"
#include "core/clock.h"
#include "contact/witness/contact.h"
#include "exact/distance.h"
#include "exact/exact_ccd.h"

enum { ROUTINES = 1 + CCD_CONTACT_MAX_LEVELS, BATCH = 2048 };

void ccd_contact_check_options_default(ccd_contact_check_options *o)
{
    memset(o, 0, sizeof *o);
    o->at = 0;
    const double levels[] = {1e-1, 1e-2, 1e-3, 1e-4};
    memcpy(o->levels, levels, sizeof levels);
    o->nlevels = 4;
    o->deriv_every = 10;
    o->deriv_prec = 256;
}

/* Per-query result, filled by one thread. */
typedef struct query_eval {
    ccd_status status;
    int skipped, nonunique, touching;
    double dist[ROUTINES], witness[ROUTINES], angle[ROUTINES], deriv[ROUTINES];
} query_eval;

/* Per-thread scratch. */
typedef struct thread_scratch {
    ccd_witness_reference *ref;
    ccd_exact_ctx *ctx;
    ccd_algebraic *toi;
    mpq_t pts[4][3], t, d2, pa[3], pb[3], st[2], cr, tmp;
    mpfr_t round;
} thread_scratch;

static ccd_status scratch_init(thread_scratch *s, const ccd_contact_check_options *opt)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpq_init(s->pts[i][k]);
    for (int k = 0; k < 3; k++)
        mpq_init(s->pa[k]), mpq_init(s->pb[k]);
    mpq_inits(s->t, s->d2, s->st[0], s->st[1], s->cr, s->tmp, NULL);
    mpfr_init2(s->round, 53);
    if (opt->deriv_every > 0 && !(s->ref = ccd_witness_reference_new(opt->deriv_prec)))
        return CCD_ERR_INTERNAL;
    if (opt->at == CCD_CONTACT_AT_TOI &&
        (!(s->ctx = ccd_exact_ctx_new()) || !(s->toi = ccd_algebraic_new())))
        return CCD_ERR_INTERNAL;
    return CCD_OK;
}

static void scratch_free(thread_scratch *s)
{
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpq_clear(s->pts[i][k]);
    for (int k = 0; k < 3; k++)
        mpq_clear(s->pa[k]), mpq_clear(s->pb[k]);
    mpq_clears(s->t, s->d2, s->st[0], s->st[1], s->cr, s->tmp, NULL);
    mpfr_clear(s->round);
    ccd_witness_reference_free(s->ref);
    if (s->ctx)
        ccd_exact_ctx_free(s->ctx);
    if (s->toi)
        ccd_algebraic_free(s->toi);
}

static double dist3(const double a[3], const double b[3])
{
    return hypot(hypot(a[0] - b[0], a[1] - b[1]), a[2] - b[2]);
}

/* Angle in degrees between u and v (atan2 form: accurate for small angles). */
static double angle_deg(const double u[3], const double v[3])
{
    double c[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
                   u[0] * v[1] - u[1] * v[0]};
    double dot = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    return atan2(hypot(hypot(c[0], c[1]), c[2]), dot) * (180.0 / M_PI);
}

/* The configuration of q at the requested time, as doubles.  Returns 0 when the
 * query has no such configuration (--at toi and no collision). */
static ccd_status configuration(int *have, double x[4][3], const ccd_query *q,
                                const ccd_contact_check_options *opt, thread_scratch *s)
{
    *have = 1;
    if (opt->at == 0 || opt->at == 1) {
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 3; k++)
                x[i][k] = q->v[i + 4 * opt->at][k];
        return CCD_OK;
    }
    int collides = 0;
    ccd_status st = ccd_exact_decide(&collides, s->toi, q, NULL, 0, s->ctx);
    if (st != CCD_OK)
        return st;
    if (!collides) {
        *have = 0;
        return CCD_OK;
    }
    /* the largest double ≤ toi: the primitives have not yet passed through each other */
    mpq_set_d(s->t, ccd_algebraic_round_down(s->toi));
    ccd_exact_query_points(s->pts, q, s->t);
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            mpfr_set_q(s->round, s->pts[i][k], MPFR_RNDN); /* correctly rounded */
            x[i][k] = mpfr_get_d(s->round, MPFR_RNDN);
        }
    return CCD_OK;
}

static void evaluate_query(query_eval *r, const ccd_query *q, const ccd_contact_check_options *opt,
                           thread_scratch *s)
{
    memset(r, 0, sizeof *r);
    for (int i = 0; i < ROUTINES; i++)
        r->dist[i] = r->witness[i] = r->angle[i] = r->deriv[i] = NAN;
    double x[4][3];
    int have;
    r->status = configuration(&have, x, q, opt, s);
    if (r->status != CCD_OK)
        return;
    if (!have) {
        r->skipped = 1;
        return;
    }
    ccd_kind kind = q->kind;

    /* exact closest pair of the double configuration */
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++)
            mpq_set_d(s->pts[i][k], x[i][k]);
    int unique = 1;
    if (kind == CCD_EE) {
        ccd_exact_segment_segment(s->d2, s->pa, s->pb, s->st, s->pts[0], s->pts[1], s->pts[2],
                                  s->pts[3]);
        /* unique iff the edges are not parallel: (ea1 - ea0) × (eb1 - eb0) ≠ 0, in
         * rationals (the products of differences of doubles are not doubles) */
        unique = 0;
        for (int k = 0; k < 3 && !unique; k++) {
            int i = (k + 1) % 3, j = (k + 2) % 3;
            mpq_sub(s->cr, s->pts[1][i], s->pts[0][i]);
            mpq_sub(s->tmp, s->pts[3][j], s->pts[2][j]);
            mpq_mul(s->cr, s->cr, s->tmp);
            mpq_sub(s->tmp, s->pts[1][j], s->pts[0][j]);
            mpq_sub(s->t, s->pts[3][i], s->pts[2][i]);
            mpq_mul(s->tmp, s->tmp, s->t);
            if (!mpq_equal(s->cr, s->tmp))
                unique = 1;
        }
    } else {
        for (int k = 0; k < 3; k++)
            mpq_set(s->pa[k], s->pts[0][k]);
        ccd_exact_point_triangle(s->d2, s->pb, s->st, s->pts[0], s->pts[1], s->pts[2], s->pts[3]);
    }
    if (unique && kind == CCD_EE) {
        /* nearly parallel edges: the unique pair moves by ~ε/sin θ under an input
         * perturbation ε, so no double routine can be expected to find it */
        double t1[3], t2[3], cr[3];
        for (int k = 0; k < 3; k++)
            t1[k] = x[1][k] - x[0][k], t2[k] = x[3][k] - x[2][k];
        cr[0] = t1[1] * t2[2] - t1[2] * t2[1];
        cr[1] = t1[2] * t2[0] - t1[0] * t2[2];
        cr[2] = t1[0] * t2[1] - t1[1] * t2[0];
        double zero[3] = {0, 0, 0};
        unique = dist3(cr, zero) >= CCD_CONTACT_MIN_SIN * dist3(t1, zero) * dist3(t2, zero);
    }
    r->nonunique = !unique;
    double ea[3], eb[3], sep[3];
    for (int k = 0; k < 3; k++) {
        mpfr_set_q(s->round, s->pa[k], MPFR_RNDN), ea[k] = mpfr_get_d(s->round, MPFR_RNDN);
        mpfr_set_q(s->round, s->pb[k], MPFR_RNDN), eb[k] = mpfr_get_d(s->round, MPFR_RNDN);
    }
    /* d* and the exact separation direction pa* - pb* (rounded once) */
    mpfr_set_q(s->round, s->d2, MPFR_RNDN);
    double dstar = sqrt(mpfr_get_d(s->round, MPFR_RNDN));
    for (int k = 0; k < 3; k++) {
        mpq_sub(s->tmp, s->pa[k], s->pb[k]);
        mpfr_set_q(s->round, s->tmp, MPFR_RNDN);
        sep[k] = mpfr_get_d(s->round, MPFR_RNDN);
    }

    /* length scale: the longest edge */
    double L = 0;
    if (kind == CCD_EE) {
        L = fmax(dist3(x[0], x[1]), dist3(x[2], x[3]));
    } else {
        L = fmax(fmax(dist3(x[1], x[2]), dist3(x[2], x[3])), dist3(x[1], x[3]));
    }
    if (!(L > 0))
        L = 1;
    r->touching = !(dstar > CCD_CONTACT_MIN_SEPARATION * L);

    int check_deriv = opt->deriv_every > 0 && q->index % (uint64_t)opt->deriv_every == 0;
    for (size_t ri = 0; ri <= opt->nlevels; ri++) {
        ccd_smoothing sm;
        if (ri == 0)
            ccd_smoothing_hard(&sm);
        else
            ccd_smoothing_level(&sm, kind, opt->levels[ri - 1], L);
        double out[CCD_EE_OUTPUTS], jac[CCD_EE_OUTPUTS][12];
        int derivs = check_deriv && ri > 0;
        ccd_witness_flat(out, derivs ? jac : NULL, kind, x, &sm);
        double pa[3], pb[3], d[3];
        for (int k = 0; k < 3; k++) {
            pa[k] = kind == CCD_EE ? out[k] : x[0][k];
            pb[k] = kind == CCD_EE ? out[3 + k] : out[k];
            d[k] = pa[k] - pb[k];
        }
        double dist = dist3(pa, pb);
        r->dist[ri] = fabs(dist - dstar) / L;
        if (unique)
            r->witness[ri] = fmax(dist3(pa, ea), dist3(pb, eb)) / L;
        if (!r->touching)
            r->angle[ri] = dist > 0 ? angle_deg(d, sep) : 180.0;
        if (derivs) {
            double ref[CCD_EE_OUTPUTS][12];
            ccd_witness_reference_eval(s->ref, NULL, ref, kind, x, &sm);
            int rows = kind == CCD_EE ? 6 : 3; /* witness-point rows */
            double num = 0, den = 0;
            for (int i = 0; i < rows; i++)
                for (int j = 0; j < 12; j++) {
                    num = fmax(num, fabs(jac[i][j] - ref[i][j]));
                    den = fmax(den, fabs(ref[i][j]));
                }
            r->deriv[ri] = den > 0 ? num / den : num;
        }
    }
}

static ccd_status merge(ccd_contact_check *c, const query_eval *r, ccd_kind kind, size_t routines)
{
    if (r->skipped) {
        c->skipped[kind]++;
        return CCD_OK;
    }
    c->queries[kind]++;
    c->nonunique[kind] += (uint64_t)r->nonunique;
    c->touching[kind] += (uint64_t)r->touching;
    for (size_t i = 0; i < routines; i++) {
        ccd_contact_check_row *row = &c->rows[kind][i];
        if (ccd_sample_add(&row->dist, r->dist[i]) || ccd_sample_add(&row->witness, r->witness[i]) ||
            ccd_sample_add(&row->angle, r->angle[i]) || ccd_sample_add(&row->deriv, r->deriv[i]))
            return CCD_ERR_INTERNAL;
    }
    return CCD_OK;
}

ccd_status ccd_contact_check_run(ccd_contact_check *c, ccd_error *err, const ccd_dataset *ds,
                                 const ccd_contact_check_options *opt)
{
    memset(c, 0, sizeof *c);
    c->options = *opt;
    for (int kd = 0; kd < 2; kd++)
        for (size_t i = 0; i <= opt->nlevels; i++) {
            c->rows[kd][i].level = i ? opt->levels[i - 1] : 0.0;
            ccd_sample_init(&c->rows[kd][i].dist);
            ccd_sample_init(&c->rows[kd][i].witness);
            ccd_sample_init(&c->rows[kd][i].angle);
            ccd_sample_init(&c->rows[kd][i].deriv);
        }
    double start = ccd_clock_seconds();
    ccd_batch batch;
    query_eval *res = malloc(BATCH * sizeof *res);
    if (!res || ccd_batch_init(&batch, BATCH) != CCD_OK) {
        free(res);
        return ccd_error_oom(err, "contact check");
    }
    ccd_status st = CCD_OK;
    for (size_t f = 0; f < ds->count && st == CCD_OK; f++) {
        const ccd_dataset_file *file = &ds->files[f];
        ccd_reader *rd = NULL;
        st = ccd_reader_open(&rd, err, file->csv_path, file->labels_path, file->kind);
        if (st != CCD_OK)
            break;
        ccd_reader_set_max_digits(rd, ds->max_digits);
        for (;;) {
            st = ccd_reader_read(&batch, err, rd);
            if (st != CCD_OK || batch.count == 0)
                break;
            int failed = 0;
            ccd_work_list list; /* chunks by measured cost (bench/work_queue.h) */
            ccd_work_list_init(&list, batch.count, 0);
#pragma omp parallel reduction(| : failed)
            {
                thread_scratch s;
                if (scratch_init(&s, opt) != CCD_OK)
                    failed = 1;
                for (size_t first, k; (k = ccd_work_list_take(&list, &first)) > 0;) {
                    const uint64_t began = ccd_clock_ns();
                    for (size_t i = first; i < first + k; i++) {
                        if (failed) {
                            res[i].status = CCD_ERR_INTERNAL;
                            continue;
                        }
                        evaluate_query(&res[i], &batch.queries[i], opt, &s);
                    }
                    ccd_work_cost_add(&list.cost, ccd_clock_ns() - began, k);
                }
                scratch_free(&s);
            }
            for (size_t i = 0; i < batch.count && st == CCD_OK; i++) {
                if (failed || res[i].status != CCD_OK) {
                    st = ccd_error_set(err, failed ? CCD_ERR_INTERNAL : res[i].status,
                                       file->csv_path, 0, 0,
                                       "query %llu: evaluation failed (%s)",
                                       (unsigned long long)batch.queries[i].index,
                                       failed ? "out of memory" : "exact oracle error");
                    break;
                }
                if (merge(c, &res[i], batch.queries[i].kind, 1 + opt->nlevels) != CCD_OK)
                    st = ccd_error_oom(err, "contact check");
            }
            if (st != CCD_OK)
                break;
        }
        ccd_reader_close(rd);
    }
    ccd_batch_free(&batch);
    free(res);
    c->seconds = ccd_clock_seconds() - start;
    return st;
}

void ccd_contact_check_free(ccd_contact_check *c)
{
    for (int kd = 0; kd < 2; kd++)
        for (size_t i = 0; i < ROUTINES; i++) {
            ccd_sample_free(&c->rows[kd][i].dist);
            ccd_sample_free(&c->rows[kd][i].witness);
            ccd_sample_free(&c->rows[kd][i].angle);
            ccd_sample_free(&c->rows[kd][i].deriv);
        }
}
