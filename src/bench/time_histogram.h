/* SPDX-License-Identifier: MIT */
/*
 * A log-linear histogram of query times in nanoseconds, so that medians and
 * 99th percentiles cost constant memory however many queries a run has.
 * Times below 128 ns are kept exactly; above, each power of two is cut into 128
 * buckets, so a reported quantile is within 2^-8 (0.4 %) of the true one.
 */
#ifndef CCD_BENCH_TIME_HISTOGRAM_H
#define CCD_BENCH_TIME_HISTOGRAM_H
#include <stdint.h>

enum {
    CCD_TIME_HISTOGRAM_SUB = 128, /* buckets per power of two (and the exact range) */
    CCD_TIME_HISTOGRAM_BUCKETS = CCD_TIME_HISTOGRAM_SUB * 58
};

typedef struct ccd_time_histogram {
    uint64_t count;
    uint64_t bucket[CCD_TIME_HISTOGRAM_BUCKETS];
} ccd_time_histogram;

void ccd_time_histogram_add(ccd_time_histogram *h, uint64_t ns);
void ccd_time_histogram_merge(ccd_time_histogram *into, const ccd_time_histogram *from);

/* The p-quantile (0 < p ≤ 1) by the nearest-rank rule: the smallest recorded
 * time t such that at least ⌈p·n⌉ times are ≤ t (the median of 1..4 is 2).
 * Returns the middle of t's bucket (t itself below 128 ns); 0 when empty. */
double ccd_time_histogram_quantile(const ccd_time_histogram *h, double p);

/* The mean of the smallest ⌈p·n⌉ times (0 < p ≤ 1), each taken as its bucket's
 * middle: a mean that a few outliers (a query that lost its core to another
 * process) do not move.  0 when empty. */
double ccd_time_histogram_trimmed_mean(const ccd_time_histogram *h, double p);
#endif
