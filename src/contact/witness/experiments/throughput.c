/* SPDX-License-Identifier: MIT */
/* Witness-point throughput against the interior-point baseline (see throughput.h). */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "contact/witness/contact.h"
#include "bench/work_queue.h"
#include "core/error.h"
#include "core/clock.h"
#include "contact/common/qp_interior_point.h"
#include "contact/witness/experiments/throughput.h"

const char *const ccd_throughput_method_names[CCD_THROUGHPUT_METHODS] = {
    [CCD_THROUGHPUT_OURS] = "ours",
    [CCD_THROUGHPUT_OURS_NS] = "ours-ns",
    [CCD_THROUGHPUT_OURS_JAC] = "ours+jac",
    [CCD_THROUGHPUT_IP] = "ip"};
enum { POOL_MAX = 1 << 20, IP_MAX_ITER = CCD_THROUGHPUT_IP_MAX_ITER };
static const double IP_TOL = 1e-10; /* complementarity; residuals to 1e-9 */

void ccd_throughput_options_default(ccd_throughput_options *o)
{
    o->max_batch = 100000;
    o->trials = 100;
    o->min_seconds = 0;
    o->threads = 0;
    o->seed = 1;
}

typedef double config[4][3];

/* One pair: witness points into out[6]. */
static void solve_one(double out[6], ccd_throughput_method method, ccd_kind kind, const double x[4][3])
{
    ccd_smoothing sm;
    if (method == CCD_THROUGHPUT_OURS_NS)
        ccd_smoothing_hard(&sm);
    else
        ccd_smoothing_default(&sm);
    if (kind == CCD_VF)
        sm.w_reg = 0;
    if (method == CCD_THROUGHPUT_IP) {
        ccd_qp2 qp;
        double sol[2];
        if (kind == CCD_EE)
            ccd_qp2_edge_edge(&qp, x, sm.w_reg);
        else
            ccd_qp2_vertex_face(&qp, x);
        ccd_qp2_interior_point(sol, &qp, IP_TOL, IP_MAX_ITER);
        ccd_qp2_witness(out, out + 3, kind == CCD_EE, x, sol);
        return;
    }
    double o[CCD_EE_OUTPUTS], jac[CCD_EE_OUTPUTS][12];
    ccd_witness_flat(o, method == CCD_THROUGHPUT_OURS_JAC ? jac : NULL, kind, x, &sm);
    if (kind == CCD_EE) {
        memcpy(out, o, 6 * sizeof *out);
    } else {
        memcpy(out, x[0], 3 * sizeof *out);
        memcpy(out + 3, o, 3 * sizeof *out);
    }
}

/* Runs one batch of n pairs starting at pool index `first`. */
static void run_batch(double (*out)[6], const config *pool, size_t pool_n, size_t first, size_t n,
                      ccd_throughput_method method, ccd_kind kind, int threads)
{
    if (threads > 1) {
        ccd_work_list list; /* chunks by measured cost (bench/work_queue.h) */
        ccd_work_list_init(&list, n, 0);
#pragma omp parallel num_threads(threads)
        for (size_t at, k; (k = ccd_work_list_take(&list, &at)) > 0;) {
            const uint64_t start = ccd_clock_ns();
            for (size_t i = at; i < at + k; i++) {
                size_t j = (first + i) % pool_n;
                solve_one(out[j], method, kind, pool[j]);
            }
            ccd_work_cost_add(&list.cost, ccd_clock_ns() - start, k);
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            size_t j = (first + i) % pool_n;
            solve_one(out[j], method, kind, pool[j]);
        }
    }
}

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

ccd_status ccd_throughput_run(ccd_throughput *t, ccd_error *err, const ccd_throughput_options *o)
{
    memset(t, 0, sizeof *t);
    size_t pool_n = o->max_batch < POOL_MAX ? o->max_batch : POOL_MAX;
    if (pool_n == 0)
        return ccd_error_set(err, CCD_ERR_INPUT, "--max-batch", 0, 0, "must be at least 1");
    size_t nsizes = 0;
    for (size_t b = 1; b <= o->max_batch; b *= 10)
        nsizes++;
    config *pool = malloc(pool_n * sizeof *pool);
    double (*out)[6] = malloc(pool_n * sizeof *out);
    t->rows = malloc(2 * CCD_THROUGHPUT_METHODS * 2 * nsizes * sizeof *t->rows);
    if (!pool || !out || !t->rows) {
        free(pool), free(out), free(t->rows);
        t->rows = NULL;
        return ccd_error_oom(err, "contact bench");
    }
#ifdef _OPENMP
    t->omp_threads = o->threads > 0 ? o->threads : omp_get_max_threads();
#else
    t->omp_threads = 1;
#endif
    t->ip_tolerance = IP_TOL;
    uint64_t seed = o->seed ? o->seed : 1;
    for (int kd = 0; kd < 2; kd++) {
        ccd_kind kind = kd ? CCD_EE : CCD_VF;
        for (size_t i = 0; i < pool_n; i++)
            for (int r = 0; r < 4; r++)
                for (int k = 0; k < 3; k++)
                    pool[i][r][k] = (double)(rng_next(&seed) >> 11) * 0x1p-53;
        /* sanity figures of the baseline on (up to) 10^4 pairs */
        size_t ns = pool_n < 10000 ? pool_n : 10000;
        double iters = 0, imax = 0, diff = 0;
        size_t failed = 0;
        for (size_t i = 0; i < ns; i++) {
            ccd_qp2 qp;
            double sol[2], a[6], b[6];
            if (kind == CCD_EE)
                ccd_qp2_edge_edge(&qp, pool[i], 0.0);
            else
                ccd_qp2_vertex_face(&qp, pool[i]);
            int it = ccd_qp2_interior_point(sol, &qp, IP_TOL, IP_MAX_ITER);
            if (it > IP_MAX_ITER) /* not converged: best iterate */
                failed++;
            else
                iters += it, imax = fmax(imax, it);
            ccd_qp2_witness(a, a + 3, kind == CCD_EE, pool[i], sol);
            solve_one(b, 1, kind, pool[i]);
            for (int k = 0; k < 6; k++)
                diff = fmax(diff, fabs(a[k] - b[k]));
        }
        t->ip_sampled[kind] = ns;
        t->ip_not_converged[kind] = failed;
        t->ip_mean_iter[kind] = failed < ns ? iters / (double)(ns - failed) : NAN;
        t->ip_max_iter[kind] = imax;
        t->ip_vs_hard[kind] = diff;
        for (ccd_throughput_method m = 0; m < CCD_THROUGHPUT_METHODS; m++)
            for (int par = 0; par < (t->omp_threads > 1 ? 2 : 1); par++) /* 1 thread, all */
                for (size_t b = 1; b <= o->max_batch; b *= 10) {
                    size_t first = 0, trials = o->trials ? o->trials : 1;
                    int threads = par ? t->omp_threads : 1;
                    run_batch(out, pool, pool_n, 0, b < pool_n ? b : pool_n, m, kind, threads);
                    /* Welford: mean and sum of squared deviations of the trial times */
                    double mean = 0, m2 = 0;
                    for (size_t tr = 0; tr < trials; tr++) {
                        size_t reps = 0;
                        double start = ccd_clock_seconds(), el;
                        do {
                            run_batch(out, pool, pool_n, first, b, m, kind, threads);
                            first = (first + b) % pool_n;
                            reps++;
                            el = ccd_clock_seconds() - start;
                        } while (el < o->min_seconds);
                        double x = el / (double)reps, dx = x - mean;
                        mean += dx / (double)(tr + 1);
                        m2 += dx * (x - mean);
                    }
                    ccd_throughput_row *row = &t->rows[t->count++];
                    row->kind = kind;
                    row->method = m;
                    row->threads = threads;
                    row->batch = b;
                    row->trials = trials;
                    row->batch_seconds = mean;
                    row->batch_seconds_std = trials > 1 ? sqrt(m2 / (double)(trials - 1)) : 0;
                    row->pairs_per_second = (double)b / mean;
                }
    }
    free(pool);
    free(out);
    return CCD_OK;
}

void ccd_throughput_free(ccd_throughput *t)
{
    free(t->rows);
    t->rows = NULL;
    t->count = 0;
}
