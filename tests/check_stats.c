/* SPDX-License-Identifier: MIT */
/* Check suite of the run statistics (src/bench): the time histogram's exact
 * range and relative error, and the counts of one method's statistics. */
#include <config.h>

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/cpu_span.h"
#include "bench/runner.h"
#include "bench/time_histogram.h"
#include "ccdbench.h"
#include "test_support.h"


START_TEST(test_histogram_exact_range)
{
    static ccd_time_histogram h;
    memset(&h, 0, sizeof h);
    for (uint64_t v = 1; v <= 100; v++)
        ccd_time_histogram_add(&h, v);
    /* Nearest rank: median of 1..100 is the 50th value, p99 the 99th. */
    ck_assert_double_eq(ccd_time_histogram_quantile(&h, 0.5), 50);
    ck_assert_double_eq(ccd_time_histogram_quantile(&h, 0.99), 99);
    ck_assert_double_eq(ccd_time_histogram_quantile(&h, 1.0), 100);
    ck_assert_double_eq(ccd_time_histogram_quantile(&h, 0.001), 1);
}
END_TEST

/* The trimmed mean leaves out the slowest 1 %: an outlier (a query that lost
 * its core) does not move it, where it moves the plain mean a thousandfold. */
START_TEST(test_histogram_trimmed_mean_ignores_outliers)
{
    static ccd_time_histogram h;
    memset(&h, 0, sizeof h);
    for (uint64_t t = 1; t <= 100; t++)
        ccd_time_histogram_add(&h, t);
    ck_assert_double_eq(ccd_time_histogram_trimmed_mean(&h, 1.0), 50.5);  /* 1..100 */
    ck_assert_double_eq(ccd_time_histogram_trimmed_mean(&h, 0.99), 50);   /* 1..99 */
    ck_assert_double_eq(ccd_time_histogram_trimmed_mean(&h, 0.5), 25.5);  /* 1..50 */
    memset(&h, 0, sizeof h);
    for (uint64_t t = 1; t <= 99; t++)
        ccd_time_histogram_add(&h, t);
    ccd_time_histogram_add(&h, 4000000); /* 4 ms: a lost time slice */
    ck_assert_double_eq(ccd_time_histogram_trimmed_mean(&h, 0.99), 50);   /* 1..99 */
    memset(&h, 0, sizeof h);
    ck_assert_double_eq(ccd_time_histogram_trimmed_mean(&h, 0.99), 0);
}
END_TEST

START_TEST(test_histogram_relative_error)
{
    static ccd_time_histogram h;
    memset(&h, 0, sizeof h);
    /* 98 fast queries and 2 slow ones: median in the fast group, p99 a slow one. */
    for (int i = 0; i < 98; i++)
        ccd_time_histogram_add(&h, 1000);
    ccd_time_histogram_add(&h, 1000000);
    ccd_time_histogram_add(&h, 123456789);
    double median = ccd_time_histogram_quantile(&h, 0.5);
    double p99 = ccd_time_histogram_quantile(&h, 0.99);
    ck_assert(fabs(median - 1000) <= 1000.0 / 256);
    ck_assert(fabs(p99 - 1000000) <= 1000000.0 / 256);
    ck_assert(fabs(ccd_time_histogram_quantile(&h, 1.0) - 123456789) <= 123456789.0 / 256);
    ck_assert(ccd_time_histogram_quantile(&h, 0.98) < 1010);
}
END_TEST

START_TEST(test_method_stats_counts)
{
    static ccd_method_stats s;
    ccd_method_stats_init(&s);
    /* truth × answer: (1,1) (1,0) (0,1) (0,0) (1,1) */
    int truth[5] = {1, 1, 0, 0, 1}, said[5] = {1, 0, 1, 0, 1};
    uint64_t ns[5] = {100, 300, 200, 500, 400};
    for (int i = 0; i < 5; i++) {
        ccd_query_truth t = {.collides = truth[i], .source = CCD_TRUTH_FROM_LABEL, .toi = NAN};
        ccd_query_outcome o;
        memset(&o, 0, sizeof o);
        o.result.collides = said[i];
        o.result.hit_max_checks = i == 4;
        o.time_ns = ns[i];
        o.toi_order = CCD_TOI_NOT_COMPARED;
        ccd_method_stats_add(&s, &t, &o);
    }
    ck_assert_uint_eq(s.queries, 5);
    ck_assert_uint_eq(s.positives, 3);
    ck_assert_uint_eq(s.false_positives, 1);
    ck_assert_uint_eq(s.false_negatives, 1);
    ck_assert_uint_eq(s.hit_max_checks, 1);
    ck_assert_double_eq_tol(ccd_method_stats_mean_us(&s), 0.3, 1e-12);
    /* 300 ns lies in a bucket of width 2 ns: [300, 302). */
    ck_assert_double_eq_tol(ccd_method_stats_quantile_us(&s, 0.5), 0.3, 0.3 / 256);
    ck_assert_double_eq_tol(ccd_method_stats_max_us(&s), 0.5, 1e-12);
    ck_assert_double_eq_tol(ccd_method_stats_throughput(&s), 5 / 1.5e-6, 1e-3);
}
END_TEST

/* A span's time: its calls' elapsed times when it kept its core, else the thread
 * CPU time shared in proportion to elapsed time, the shares adding up to it; and a
 * real span of work takes CPU time. */
/* The bug an even share made: a span of one 10 ms call and one 1 µs call that lost
 * its core (CPU 8 ms of 12 ms elapsed) gave each call 4 ms, so the short call's
 * time was 4000× too large and the long call's half; proportional shares keep their
 * ratio, and large spans still add up exactly. */
START_TEST(test_cpu_span_shares_follow_elapsed)
{
    ccd_cpu_span s = {.calls = 2, .elapsed_ns = 12001000, .total_ns = 8000000, .by_cpu = 1};
    uint64_t before = 0;
    uint64_t long_call = ccd_cpu_span_share(&s, &before, 12000000);
    uint64_t short_call = ccd_cpu_span_share(&s, &before, 1000);
    ck_assert_uint_eq(long_call + short_call, 8000000);
    ck_assert_uint_ge(short_call, 665); /* 8e6 · 1000 / 12001000 = 666.6 */
    ck_assert_uint_le(short_call, 667);
    /* a day of elapsed time over 1000 calls of mixed lengths: exact sum, no share
     * negative, none above its call's elapsed time */
    enum { N = 1000 };
    uint64_t e[N], total = 0;
    for (size_t i = 0; i < N; i++)
        total += e[i] = (i % 7 == 0) ? 86400000000000ull / 200 : 1000 + 37 * i;
    ccd_cpu_span big = {.calls = N, .elapsed_ns = total, .total_ns = total / 3, .by_cpu = 1};
    uint64_t sum = 0;
    before = 0;
    for (size_t i = 0; i < N; i++) {
        uint64_t share = ccd_cpu_span_share(&big, &before, e[i]);
        ck_assert_uint_le(share, e[i]);
        sum += share;
    }
    ck_assert_uint_eq(sum, total / 3);
}
END_TEST

START_TEST(test_cpu_span_shares)
{
    ccd_cpu_span s = {.calls = 3, .elapsed_ns = 90, .total_ns = 10, .by_cpu = 1};
    uint64_t before = 0;
    ck_assert_uint_eq(ccd_cpu_span_share(&s, &before, 50), 5); /* ⌊10·50/90⌋ − 0 */
    ck_assert_uint_eq(ccd_cpu_span_share(&s, &before, 20), 2); /* ⌊10·70/90⌋ − 5 */
    ck_assert_uint_eq(ccd_cpu_span_share(&s, &before, 20), 3); /* 10 − 7 */
    ck_assert_uint_eq(before, 90);
    s.by_cpu = 0, s.total_ns = 90, before = 0;
    ck_assert_uint_eq(ccd_cpu_span_share(&s, &before, 50), 50);
    ccd_cpu_span_begin(&s);
    volatile double x = 1;
    for (int i = 0; i < 1000000; i++)
        x = x * 0.999999 + 1e-9;
    ccd_cpu_span_add(&s, 5);
    ccd_cpu_span_end(&s);
    ck_assert_uint_eq(s.calls, 1);
    ck_assert(s.total_ns <= 5 && s.total_ns > 0); /* the smaller of the two */
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("stats");
    TCase *stats = tcase_create("stats");
    tcase_add_test(stats, test_histogram_exact_range);
    tcase_add_test(stats, test_histogram_relative_error);
    tcase_add_test(stats, test_histogram_trimmed_mean_ignores_outliers);
    tcase_add_test(stats, test_method_stats_counts);
    tcase_add_test(stats, test_cpu_span_shares);
    tcase_add_test(stats, test_cpu_span_shares_follow_elapsed);
    suite_add_tcase(s, stats);
    return s;
}

int main(void)
{
    return test_run_suite(suite());
}
