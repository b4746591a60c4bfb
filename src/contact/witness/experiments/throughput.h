/* SPDX-License-Identifier: MIT */
/*
 * `ccdbench contact bench`: witness-point throughput (Beker et al., Fig. 6) of the
 * analytic routines (smoothed "ours", hard "ours-ns", smoothed with Jacobian
 * "ours+jac") against the primal-dual interior-point baseline "ip", on pairs
 * drawn uniformly in the unit cube, for batches of 1 … N pairs, on one thread and
 * on all OpenMP threads.  As in the paper's Figs. 6/10, every measurement is
 * the mean ± standard deviation over `trials` timed trials (100 by default),
 * after one untimed warm-up batch.
 */
#ifndef CCD_CONTACT_THROUGHPUT_H
#define CCD_CONTACT_THROUGHPUT_H
#include <stddef.h>

#include "ccdbench.h"

/* The variants this experiment times, and their names in its table. */
typedef enum ccd_throughput_method {
    CCD_THROUGHPUT_OURS,     /* "ours": smoothed witness points (supplement defaults) */
    CCD_THROUGHPUT_OURS_NS,  /* "ours-ns": the hard routine, no smoothing             */
    CCD_THROUGHPUT_OURS_JAC, /* "ours+jac": smoothed, with the Jacobian                */
    CCD_THROUGHPUT_IP,       /* "ip": the primal-dual interior-point baseline          */
    CCD_THROUGHPUT_METHODS
} ccd_throughput_method;
extern const char *const ccd_throughput_method_names[CCD_THROUGHPUT_METHODS];

typedef struct ccd_throughput_row {
    ccd_kind kind;
    ccd_throughput_method method;
    int threads;        /* 1, or the OpenMP thread count     */
    size_t batch;       /* pairs per batch                   */
    double batch_seconds; /* mean wall time of one batch over the trials           */
    double batch_seconds_std; /* its sample standard deviation (0 for one trial) */
    size_t trials;
    double pairs_per_second; /* batch / batch_seconds */
} ccd_throughput_row;

typedef struct ccd_throughput_options {
    size_t max_batch;   /* largest batch (a power of 10 ≥ 1), default 1e5 */
    size_t trials;      /* timed trials per measurement (100)                        */
    double min_seconds; /* a trial repeats the batch until this much time has passed
                           and counts the mean per batch (0: one batch per trial)   */
    int threads;        /* OpenMP threads for the parallel runs (0: the default)      */
    unsigned long seed;
} ccd_throughput_options;
void ccd_throughput_options_default(ccd_throughput_options *o);

/* rows: malloc'd array of count rows, for each kind (VF, EE), method, thread
 * count (1, then omp_threads when it is > 1) and batch (1, 10, …, max_batch).  Also, per kind
 * [ccd_kind], on ip_sampled (up to 10^4) pairs: the mean and max interior-point
 * iterations of the pairs on which it converged, the number on which it did not
 * within CCD_THROUGHPUT_IP_MAX_ITER iterations (it then returns its best iterate),
 * and the max witness-point difference between "ip" and "ours-ns" over all of
 * them (sanity: both solve the same problem up to λ). */
enum { CCD_THROUGHPUT_IP_MAX_ITER = 50 };
typedef struct ccd_throughput {
    ccd_throughput_row *rows;
    size_t count;
    double ip_mean_iter[2], ip_max_iter[2], ip_vs_hard[2];
    size_t ip_sampled[2], ip_not_converged[2];
    double ip_tolerance; /* the interior point's complementarity tolerance */
    int omp_threads;
} ccd_throughput;
ccd_status ccd_throughput_run(ccd_throughput *out, ccd_error *err, const ccd_throughput_options *o);
void ccd_throughput_free(ccd_throughput *t);
#endif
