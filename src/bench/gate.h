/* SPDX-License-Identifier: MIT */
/*
 * The verdict of `ccdbench gate`: one method's run judged against limits on its
 * false negatives and false positives, its mean time against a baseline result
 * file, and its failures (a query the method failed on cannot pass).
 */
#ifndef CCD_BENCH_GATE_H
#define CCD_BENCH_GATE_H
#include <stdio.h>

#include "bench/runner.h"

typedef struct ccd_gate_limits {
    long max_fn;          /* most false negatives allowed */
    double max_fp;        /* most false positives (a count, or a percentage); NAN: no limit */
    int max_fp_percent;   /* max_fp is a percentage of the queries */
    double max_slowdown;  /* most mean-time ratio to the baseline; NAN: no limit */
    double baseline_us;   /* the baseline's mean µs; NAN: no baseline */
} ccd_gate_limits;

typedef struct ccd_gate_check {
    const char *name; /* false-negatives, false-positives, slowdown, method-failures */
    int failed;
    char message[256];
} ccd_gate_check;

typedef struct ccd_gate_verdict {
    ccd_gate_check checks[4]; /* in report order: FN, FP, slowdown (with a baseline), failures */
    size_t count;
    int failing;
    uint64_t queries; /* answered or failed */
    uint64_t failed;  /* queries the method failed on */
    double mean_us;
} ccd_gate_verdict;

/* The mean µs of `method` over the first run of result file path (all groups). */
ccd_status ccd_gate_baseline_mean(double *mean_us, ccd_error *err, const char *path,
                                  const char *method);

/* The verdict on method 0 of stats. */
void ccd_gate_judge(ccd_gate_verdict *v, const ccd_run_stats *stats, const ccd_gate_limits *lim);

/* "gate PASS|FAIL: METHOD on N queries: FN …; FP …; …" and a newline. */
void ccd_gate_print(FILE *out, const ccd_gate_verdict *v, const char *method);

/* The verdict as JUnit XML (one test case per check). */
void ccd_gate_write_junit(FILE *out, const ccd_gate_verdict *v, const char *method,
                          double seconds);
#endif
