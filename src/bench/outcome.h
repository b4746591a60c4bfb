/* SPDX-License-Identifier: MIT */
/* What the runner learns about one query: the truth and each method's answer. */
#ifndef CCD_BENCH_OUTCOME_H
#define CCD_BENCH_OUTCOME_H
#include "ccdbench.h"

typedef enum ccd_truth_source {
    CCD_TRUTH_FROM_LABEL = 0, /* the label in the input file */
    CCD_TRUTH_FROM_EXACT = 1, /* the exact oracle (ccd_exact_decide) */
    CCD_TRUTH_FROM_FILE = 2   /* a ground-truth file of the oracle (ccd_run_config.truth_files) */
} ccd_truth_source;

typedef struct ccd_query_truth {
    int collides;
    ccd_truth_source source;
    double toi; /* exact earliest time of impact rounded down (source exact or file,
                 * collides), else NAN */
    uint64_t time_ns; /* elapsed deciding it and judging the methods' answers by it
                       * (the runner's own work on the query, beside the methods') */
} ccd_query_truth;

/* toi_order values. */
enum {
    CCD_TOI_NOT_COMPARED = 2, /* no exact toi, method without CCD_CAP_TOI, or not both collide */
    CCD_TOI_EARLIER = -1,     /* method toi < exact toi */
    CCD_TOI_EQUAL = 0,
    CCD_TOI_LATER = 1         /* method toi > exact toi: a conservativeness violation */
};

/* Why a method has no answer for a query (ccd_query_outcome.failure). */
typedef enum ccd_failure_kind {
    CCD_FAILURE_NONE = 0,
    CCD_FAILURE_STATUS,  /* the method returned an error status (detail: the ccd_status) */
    CCD_FAILURE_INVALID, /* the result breaks the method's declared capabilities
                          * (detail: CCD_INVALID_*, method_failure.h) */
    CCD_FAILURE_SIGNAL,  /* an isolated plugin was killed by a signal (detail: it) */
    CCD_FAILURE_TIMEOUT, /* an isolated plugin took longer than the query time limit */
    CCD_FAILURE_EXIT     /* an isolated plugin exited (detail: its exit status) */
} ccd_failure_kind;

typedef struct ccd_query_outcome {
    ccd_result result;
    int failure;        /* CCD_FAILURE_*: when not NONE the result does not count */
    int failure_detail; /* see ccd_failure_kind */
    uint64_t time_ns; /* wall time of the method call (CLOCK_MONOTONIC) */
    uint64_t cpu_ns;  /* its share of the on-CPU time of its span of calls
                       * (bench/cpu_span.h): time_ns when no call of the span
                       * lost its core, else its share of the thread CPU time,
                       * the time lost taken from the longest calls */
    int toi_order;    /* CCD_TOI_* */
    /* 1: the method (CCD_CAP_TOI) reports a collision at toi 0, and the exact
     * truth says the query does not collide or collides at a toi > 0 — the
     * answer that stops a simulator (ccd_method_stats.zero_toi) */
    int zero_toi;
    double toi_gap;   /* |method toi - exact toi| when compared (to within one ulp), else 0 */
} ccd_query_outcome;

#endif
