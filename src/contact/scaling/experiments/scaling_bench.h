/* SPDX-License-Identifier: MIT */
/*
 * `ccdbench contact scaling bench`: minimum-scaling solves per second per
 * primitive combination, on 1 thread and on all (OpenMP), without and with the
 * implicit-function derivatives of (α*, p*) for every parameter
 * (ccd_scaling_derivatives_solve; a singular Jacobian still counts as a solve).
 */
#ifndef CCD_CONTACT_SCALING_BENCH_H
#define CCD_CONTACT_SCALING_BENCH_H
#include <stddef.h>
#include <stdint.h>

#include "ccdbench/scaling.h"

typedef struct ccd_scaling_bench_options {
    size_t pairs;      /* random pairs per combination */
    uint64_t seed;
    double rho;
    double min_time;   /* each measurement repeats its pairs for at least this long */
    int threads;       /* of the parallel runs; 0: all */
} ccd_scaling_bench_options;

typedef struct ccd_scaling_bench_row {
    ccd_shape_kind a, b;
    int threads, derivatives;
    size_t solves;         /* over the repetitions */
    double seconds, per_second, iter_mean;
    size_t failed;         /* not converged, per pass over the pairs */
} ccd_scaling_bench_row;

typedef struct ccd_scaling_bench {
    ccd_scaling_bench_options options;
    int omp_threads;
    size_t nrows;
    ccd_scaling_bench_row *rows; /* combination-major, then threads, then derivatives */
    size_t failed;               /* the rows' failed solves, summed */
} ccd_scaling_bench;

void ccd_scaling_bench_options_default(ccd_scaling_bench_options *o);
ccd_status ccd_scaling_bench_run(ccd_scaling_bench *b, ccd_error *err,
                                 const ccd_scaling_bench_options *o);
void ccd_scaling_bench_free(ccd_scaling_bench *b);
#endif
