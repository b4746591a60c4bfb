/* SPDX-License-Identifier: MIT */
/*
 * The verdict of `ccdbench gate`: one method's run judged against limits on its
 * false negatives and false positives, its mean time against a baseline result
 * file, and its failures (a query the method failed on cannot pass).
 */
#ifndef CCD_BENCH_GATE_H
#define CCD_BENCH_GATE_H
#include <stdio.h>

#include "bench/gate_times.h"
#include "bench/runner.h"

/* The slowdown check compares the method's time with a reference method's,
 * both measured in the same runs, so that a slower or busier machine (which
 * slows both) does not look like a slower method: slowdown = (t_M / t_R now) /
 * (t_M / t_R in the baseline).  Without a reference in both it falls back to
 * t_M / t_M(baseline), and says so.  Each time is the mean over the queries of
 * each query's fastest CPU time over the K repeats (gate_times.h; CPU time:
 * cpu_span.h), and the noise is how far those may be from undisturbed times,
 * estimated by the second fastest: the check fails only when slowdown >
 * max_slowdown · (1 + noise).  A baseline without CPU times (written before
 * ccdbench measured them) is compared in elapsed time instead. */
typedef enum ccd_gate_clock {
    CCD_GATE_CPU = 0,    /* CPU time (ccd_query_outcome.cpu_ns) */
    CCD_GATE_ELAPSED = 1 /* elapsed time (time_ns); in an old baseline, the mean of
                          * the fastest 99 % of its queries */
} ccd_gate_clock;

typedef struct ccd_gate_timing {
    ccd_gate_clock clock; /* what the times are */
    double method_us;    /* the mean of its queries' fastest times over the repeats */
    double reference_us; /* the same for the reference method; NAN: none */
    double noise;        /* how much the fastest times may be off: (Σ second fastest −
                          * Σ fastest) / Σ fastest, of M plus of the reference (0 for
                          * one repeat) */
    unsigned repeats;
} ccd_gate_timing;

/* What a baseline result file holds of the method and the reference (first run,
 * all groups): their times (ccd_gate_time_us; reference NAN when absent), in CPU
 * time when the file has it for both, and the method's queries. */
typedef struct ccd_gate_baseline {
    ccd_gate_clock clock;
    double method_us, reference_us;
    uint64_t queries;
} ccd_gate_baseline;

/* The default limit on false positives: a method that answers "collides" to
 * everything has no false negative, so FN alone would pass it.  Without --max-fp
 * the gate runs the conservative built-in methods CCD_GATE_FP_BOUNDS on the same
 * data, and fails a method whose FP rate exceeds CCD_GATE_FP_SLACK times the
 * highest of theirs: a method may be as loose as the loosest conservative method
 * ccdbench ships, with room to spare, not more.  (The other conservative built-in
 * methods: exact has no false positive; irf and uirf take minutes on large data;
 * tight-inclusion-scalar answers as tight-inclusion.) */
#define CCD_GATE_FP_BOUNDS "tight-inclusion,bsc"
#define CCD_GATE_FP_SLACK 2.0

typedef struct ccd_gate_fp_bound {
    const char *method;  /* the loosest bound method; NULL: no limit unless max_fp */
    uint64_t fp;         /* its false positives */
    uint64_t queries;    /* on that many answered queries */
    double slack;        /* the limit is slack × its FP rate */
} ccd_gate_fp_bound;

typedef struct ccd_gate_limits {
    long max_fn;          /* most false negatives allowed */
    double max_fp;        /* most false positives (a count, or a percentage); NAN: fp_bound */
    int max_fp_percent;   /* max_fp is a percentage of the queries */
    ccd_gate_fp_bound fp_bound; /* the limit when max_fp is NAN */
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

/* The timing of method m_method and m_reference (SIZE_MAX: none) from the
 * fastest times of their queries over the gate's runs: each time is the mean
 * of the queries' fastest, the noise the relative excess of the second fastest
 * (summed over the two methods). */
void ccd_gate_timing_of(ccd_gate_timing *t, const ccd_gate_times *times, size_t m_method,
                        size_t m_reference);

/* A result of the gate's runs for a baseline (`gate --json`): `run` (one of
 * them) with each method's cpu_total_ns the sum of its queries' fastest CPU
 * times (times, in CPU time; ds the dataset run).  *fastest shares all but its
 * arrays with `run`: free it with ccd_gate_fastest_free. */
ccd_status ccd_gate_fastest(ccd_run_stats *fastest, ccd_error *err, const ccd_run_stats *run,
                            const ccd_gate_times *times, const ccd_dataset *ds);
void ccd_gate_fastest_free(ccd_run_stats *fastest);

/* The time of method m in a run, over every group, in µs (NAN without queries,
 * or without CPU times for CCD_GATE_CPU):
 *   - CCD_GATE_CPU: the mean CPU time of a query (cpu_total_ns / queries);
 *   - CCD_GATE_ELAPSED: the mean elapsed time of its fastest 99 % of queries
 *     (the slowest 1 % is where a short query lost its core to another process;
 *     a query of a millisecond loses it far more often, which only CPU time
 *     leaves out). */
double ccd_gate_time_us(const ccd_run_stats *s, size_t m, ccd_gate_clock clock);

/* The false positives and answered queries of method m over every group of s. */
void ccd_gate_fp_of(uint64_t *fp, uint64_t *queries, const ccd_run_stats *s, size_t m);

/* The FP bound: methods[0 .. count) (the built-in CCD_GATE_FP_BOUNDS, which must
 * be conservative), with their default options, run once on ds with cfg's
 * parameters and threads (no isolation, no callbacks); the one with the highest
 * FP rate. */
ccd_status ccd_gate_fp_bound_run(ccd_gate_fp_bound *b, ccd_error *err, const ccd_dataset *ds,
                                 const ccd_run_config *cfg, const ccd_method *const *methods,
                                 size_t count);

/* The verdict on method 0 of stats. */
void ccd_gate_judge(ccd_gate_verdict *v, const ccd_run_stats *stats, const ccd_gate_limits *lim);

/* "gate PASS|FAIL: METHOD on N queries: FN …; FP …; …" and a newline. */
void ccd_gate_print(FILE *out, const ccd_gate_verdict *v, const char *method);

/* The verdict as JUnit XML (one test case per check). */
void ccd_gate_write_junit(FILE *out, const ccd_gate_verdict *v, const char *method,
                          double seconds);
#endif
