/* SPDX-License-Identifier: MIT */
/* Statistics of one method on one group of queries (set, family, kind). */
#ifndef CCD_BENCH_METHOD_STATS_H
#define CCD_BENCH_METHOD_STATS_H
#include "bench/outcome.h"
#include "bench/time_histogram.h"

typedef struct ccd_method_stats {
    uint64_t failed;          /* queries the method gave no valid answer to; they
                               * count in no other field (queries included)   */
    uint64_t queries;         /* queries answered                           */
    uint64_t positives;       /* queries whose truth is a collision         */
    uint64_t reported;        /* queries the method reports as colliding    */
    uint64_t false_positives; /* reported, truth says no collision          */
    uint64_t false_negatives; /* not reported, truth says collision         */
    uint64_t hit_max_checks;  /* queries stopped early by max_checks        */
    uint64_t time_total_ns;
    uint64_t time_max_ns;
    /* The queries' cpu_ns (ccd_query_outcome): a time that other processes
     * taking the core do not inflate, for `ccdbench gate`.  cpu_queries counts
     * the queries in cpu_total_ns: all of them in a run; none in a result file
     * written before ccdbench measured it. */
    uint64_t cpu_total_ns;
    uint64_t cpu_queries;
    ccd_time_histogram times;
    /* Time of impact against the exact one (only with exact truth, CCD_CAP_TOI). */
    uint64_t toi_compared;
    uint64_t toi_violations; /* method toi > exact toi */
    /* reported at toi 0 where the exact truth has no collision or a toi > 0
     * (counted with exact truth only; ccd_query_outcome.zero_toi) */
    uint64_t zero_toi;
    double toi_gap_sum;
    double toi_gap_max;
} ccd_method_stats;

/* Empty statistics.  All-zero bytes are empty statistics, so statistics in
 * zeroed memory need no init (core/zeroed_pages.h: their 59 KB of histogram
 * are then not touched until queries land in them; runner.c's groups). */
void ccd_method_stats_init(ccd_method_stats *s);
void ccd_method_stats_add(ccd_method_stats *s, const ccd_query_truth *truth,
                          const ccd_query_outcome *o);

/* Derived figures (0 when there are no queries). */
double ccd_method_stats_mean_us(const ccd_method_stats *s);
double ccd_method_stats_quantile_us(const ccd_method_stats *s, double p);
double ccd_method_stats_max_us(const ccd_method_stats *s);
double ccd_method_stats_throughput(const ccd_method_stats *s); /* queries per second of method time */
double ccd_method_stats_toi_gap_mean(const ccd_method_stats *s);

#endif
