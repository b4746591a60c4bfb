/* SPDX-License-Identifier: MIT */
/*
 * What a result file keeps per (group, method) beyond ccd_method_stats, for the
 * paper's figures: the time histogram of the positive queries (Figure 7; the
 * negative ones are the rest of ccd_method_stats.times), the fastest query
 * (Figures 8 and 11), the tolerance reached (Figure 9), and order-independent
 * sums, so that merging shards gives bit for bit what one run gives.
 */
#ifndef CCD_BENCH_METHOD_DETAIL_H
#define CCD_BENCH_METHOD_DETAIL_H
#include "bench/outcome.h"
#include "bench/time_histogram.h"

/* A sum of non-negative doubles in fixed point, whole + frac / 2^64: integer
 * addition is associative, so the sum does not depend on the order of the terms
 * (a double sum does).  Each term is truncated to a multiple of 2^-64 (absolute
 * error < 5.5e-20 per term); terms ≥ 2^63 or not finite are clamped to 2^63. */
typedef struct ccd_fixed_sum {
    uint64_t whole;
    uint64_t frac;
} ccd_fixed_sum;

void ccd_fixed_sum_add(ccd_fixed_sum *s, double x);
void ccd_fixed_sum_merge(ccd_fixed_sum *into, const ccd_fixed_sum *from);
double ccd_fixed_sum_value(const ccd_fixed_sum *s);

typedef struct ccd_method_detail {
    ccd_time_histogram times_positive; /* queries whose truth is a collision        */
    uint64_t time_min_ns;              /* UINT64_MAX while empty                     */
    ccd_fixed_sum tolerance_sum;       /* ccd_result.tolerance over all queries      */
    double tolerance_max;
    ccd_fixed_sum toi_gap_sum;         /* like ccd_method_stats.toi_gap_sum, ordered */
    uint64_t checks_total;             /* ccd_result.checks (negative ones as 0)     */
} ccd_method_detail;

void ccd_method_detail_init(ccd_method_detail *d);
/* The same on zeroed memory (core/zeroed_pages.h, calloc): sets the one
 * member that is not zero when empty, without touching the histogram's pages
 * (a run's groups hold 120 KB of histograms each; clearing them took a
 * millisecond of a 50 ms run). */
void ccd_method_detail_init_zeroed(ccd_method_detail *d);
void ccd_method_detail_add(ccd_method_detail *d, const ccd_query_truth *truth,
                           const ccd_query_outcome *o);
void ccd_method_detail_merge(ccd_method_detail *into, const ccd_method_detail *from);

#endif
