/* SPDX-License-Identifier: MIT */
/* Throughput of the minimum-scaling solver (see scaling_bench.h). */
#include <config.h>

#include "contact/scaling/experiments/scaling_bench.h"

#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "bench/work_queue.h"
#include "contact/scaling/experiments/scaling_check.h"
#include "core/clock.h"

void ccd_scaling_bench_options_default(ccd_scaling_bench_options *o)
{
    memset(o, 0, sizeof *o);
    o->pairs = 1000;
    o->seed = 1;
    o->rho = 0;
    o->min_time = 0.2;
}

/* One pass over the pairs; returns the iterations summed and counts failures. */
static long pass(const ccd_shape (*pair)[2], size_t n, double rho, int threads, int derivatives,
                 size_t *failed)
{
    long iterations = 0;
    size_t bad = 0;
    ccd_work_list list; /* chunks by measured cost (bench/work_queue.h) */
    ccd_work_list_init(&list, n, 0);
#pragma omp parallel num_threads(threads) reduction(+ : iterations, bad) if (threads > 1)
    for (size_t first, k; (k = ccd_work_list_take(&list, &first)) > 0;) {
        const uint64_t start = ccd_clock_ns();
        for (size_t i = first; i < first + k; i++) {
            ccd_scaling_result r;
            ccd_scaling_derivatives d;
            ccd_scaling_status st = derivatives
                                        ? ccd_scaling_derivatives_solve(&d, &r, &pair[i][0],
                                                                        &pair[i][1], rho)
                                        : ccd_scaling_solve(&r, &pair[i][0], &pair[i][1], rho);
            if (st != CCD_SCALING_OK && st != CCD_SCALING_SINGULAR) {
                bad++;
                continue;
            }
            iterations += r.iterations;
        }
        ccd_work_cost_add(&list.cost, ccd_clock_ns() - start, k);
    }
    *failed = bad;
    return iterations;
}

ccd_status ccd_scaling_bench_run(ccd_scaling_bench *b, ccd_error *err,
                                 const ccd_scaling_bench_options *o)
{
    memset(b, 0, sizeof *b);
    b->options = *o;
#ifdef _OPENMP
    b->omp_threads = o->threads > 0 ? o->threads : omp_get_max_threads();
#else
    b->omp_threads = 1;
#endif
    int nthreads = b->omp_threads > 1 ? 2 : 1;
    ccd_shape_kind combo[CCD_SHAPE_KINDS * CCD_SHAPE_KINDS][2];
    size_t ncombo = ccd_scaling_combinations(combo);
    b->rows = calloc(ncombo * (size_t)nthreads * 2, sizeof *b->rows);
    ccd_shape (*pair)[2] = malloc(o->pairs * sizeof *pair);
    if (!b->rows || !pair) {
        free(b->rows), free(pair);
        b->rows = NULL;
        return ccd_error_set(err, CCD_ERR_INTERNAL, "contact scaling bench", 0, 0,
                             "out of memory");
    }
    for (size_t c = 0; c < ncombo; c++) {
        uint64_t state = o->seed * 0x100000001b3ULL + c; /* the check's pairs */
        for (size_t i = 0; i < o->pairs; i++)
            ccd_scaling_random_pair(&pair[i][0], &pair[i][1], combo[c][0], combo[c][1], &state);
        for (int t = 0; t < nthreads; t++)
            for (int d = 0; d < 2; d++) {
                ccd_scaling_bench_row *row = &b->rows[b->nrows++];
                row->a = combo[c][0];
                row->b = combo[c][1];
                row->threads = t ? b->omp_threads : 1;
                row->derivatives = d;
                long iterations = 0, passes = 0;
                double start = ccd_clock_seconds(), elapsed;
                do {
                    iterations += pass(pair, o->pairs, o->rho, row->threads, d, &row->failed);
                    passes++;
                    elapsed = ccd_clock_seconds() - start;
                } while (elapsed < o->min_time);
                row->solves = (size_t)passes * o->pairs;
                row->seconds = elapsed;
                row->per_second = (double)row->solves / elapsed;
                size_t solved = (size_t)passes * (o->pairs - row->failed);
                row->iter_mean = solved ? (double)iterations / (double)solved : 0;
            }
    }
    free(pair);
    for (size_t i = 0; i < b->nrows; i++)
        b->failed += b->rows[i].failed;
    return CCD_OK;
}

void ccd_scaling_bench_free(ccd_scaling_bench *b)
{
    free(b->rows);
    b->rows = NULL;
    b->nrows = 0;
}
