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

/* The slowdown check compares the method's time with a reference method's,
 * both measured in the same run, so that a slower or busier machine (which
 * slows both) does not look like a slower method: slowdown = (t_M / t_R now) /
 * (t_M / t_R in the baseline).  Without a reference in both runs it falls back
 * to t_M / t_M(baseline), and says so.  Each time is the mean of the fastest
 * 99 % of the queries, the fastest of the run's repeats (the least disturbed),
 * and the spread of the repeats' ratios is the
 * noise: the check fails only when slowdown > max_slowdown · (1 + noise). */
typedef struct ccd_gate_timing {
    double method_us;    /* the fastest of the repeats' times (ccd_gate_time_us) */
    double reference_us; /* the same for the reference method; NAN: none */
    double noise;        /* (max − min) / min of the repeats' ratios, 0 for one repeat */
    unsigned repeats;
} ccd_gate_timing;

/* What a baseline result file holds of the method and the reference (first run,
 * all groups): their times (ccd_gate_time_us; reference NAN when absent) and the
 * method's queries. */
typedef struct ccd_gate_baseline {
    double method_us, reference_us;
    uint64_t queries;
} ccd_gate_baseline;

typedef struct ccd_gate_limits {
    long max_fn;          /* most false negatives allowed */
    double max_fp;        /* most false positives (a count, or a percentage); NAN: no limit */
    int max_fp_percent;   /* max_fp is a percentage of the queries */
    double max_slowdown;  /* most slowdown against the baseline; NAN: no limit */
    const ccd_gate_baseline *baseline; /* NULL: no slowdown check */
    const ccd_gate_timing *timing;     /* this run's; needed with a baseline */
    const char *reference;             /* the reference method's name, for the message */
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
    double slowdown;  /* NAN without a baseline */
    int relative;     /* the slowdown is of the ratio to the reference */
} ccd_gate_verdict;

/* The baseline of `method` and `reference` (may be NULL) in result file path.
 * A missing method is bad input; a missing reference leaves reference_us NAN. */
ccd_status ccd_gate_baseline_read(ccd_gate_baseline *b, ccd_error *err, const char *path,
                                  const char *method, const char *reference);

/* The timing of method m_method and m_reference (SIZE_MAX: none) over `repeats`
 * runs of the same queries. */
void ccd_gate_timing_of(ccd_gate_timing *t, const ccd_run_stats *const *runs, unsigned repeats,
                        size_t m_method, size_t m_reference);

/* The time of method m in a run, over every group: the mean µs of its fastest
 * 99 % of queries (NAN without queries).  The slowest 1 % is where a query lost
 * its core to another process; it would move a plain mean by more than the
 * method's own time on a loaded machine. */
double ccd_gate_time_us(const ccd_run_stats *s, size_t m);

/* The verdict on method 0 of stats. */
void ccd_gate_judge(ccd_gate_verdict *v, const ccd_run_stats *stats, const ccd_gate_limits *lim);

/* "gate PASS|FAIL: METHOD on N queries: FN …; FP …; …" and a newline. */
void ccd_gate_print(FILE *out, const ccd_gate_verdict *v, const char *method);

/* The verdict as JUnit XML (one test case per check). */
void ccd_gate_write_junit(FILE *out, const ccd_gate_verdict *v, const char *method,
                          double seconds);
#endif
