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
#include "bench/method_detail.h"
#include "core/zeroed_pages.h"
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
/* A span that lost its core, made of calls of the given elapsed times and CPU time
 * cpu (< their sum): its shares, checked to add up to cpu and to be ≤ each call's
 * elapsed time. */
static void shares_of(uint64_t *share, const uint64_t *elapsed, size_t n, uint64_t cpu)
{
    static ccd_cpu_span s; /* 8 KB: not on the stack of every test */
    memset(&s, 0, sizeof s);
    for (size_t i = 0; i < n; i++)
        ccd_cpu_span_add(&s, elapsed[i]);
    ck_assert_uint_lt(cpu, s.elapsed_ns);
    ccd_cpu_span_end_at(&s, cpu);
    ck_assert(s.by_cpu);
    size_t seen = 0;
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        share[i] = ccd_cpu_span_share(&s, &seen, elapsed[i]);
        ck_assert_uint_le(share[i], elapsed[i]);
        sum += share[i];
    }
    ck_assert_uint_eq(sum, cpu);
}

/* The time lost to other processes is taken from the longest calls.  The bugs of
 * the even and the proportional shares: a span of one 10 ms call that lost 4 ms and
 * one 1 µs call (even: 5 ms each), and of ten 30 µs calls one of which lost a 4 ms
 * slice (proportional: that one got 0.28 ms and the others 2.1 µs of their 30). */
/* Zeroed statistics are empty ones (method_stats.h): the run keeps its groups'
 * statistics in zeroed pages (core/zeroed_pages.h) and initializes only what
 * ccd_method_detail_init_zeroed sets; both must equal the init functions'. */
START_TEST(test_zeroed_stats_are_empty)
{
    const size_t size = sizeof(ccd_method_stats) + sizeof(ccd_method_detail);
    unsigned char *block = ccd_zeroed_pages_alloc(size);
    ck_assert_ptr_nonnull(block);
    ccd_method_stats *zs = (ccd_method_stats *)block;
    ccd_method_detail *zd = (ccd_method_detail *)(block + sizeof *zs);
    ccd_method_detail_init_zeroed(zd);
    ccd_method_stats *s = malloc(sizeof *s);
    ccd_method_detail *d = malloc(sizeof *d);
    ck_assert_ptr_nonnull(s);
    ck_assert_ptr_nonnull(d);
    memset(s, 0xA5, sizeof *s); /* whatever malloc left: init must set it all */
    memset(d, 0xA5, sizeof *d);
    ccd_method_stats_init(s);
    ccd_method_detail_init(d);
    ck_assert_int_eq(memcmp(zs, s, sizeof *s), 0);
    ck_assert_int_eq(memcmp(zd, d, sizeof *d), 0);
    /* and they count the same from there */
    ccd_query_truth truth = {.collides = 1};
    ccd_query_outcome o = {.time_ns = 1234};
    o.result.collides = 1;
    ccd_method_stats_add(zs, &truth, &o);
    ccd_method_stats_add(s, &truth, &o);
    ccd_method_detail_add(zd, &truth, &o);
    ccd_method_detail_add(d, &truth, &o);
    ck_assert_int_eq(memcmp(zs, s, sizeof *s), 0);
    ck_assert_int_eq(memcmp(zd, d, sizeof *d), 0);
    free(s);
    free(d);
    ccd_zeroed_pages_free(block, size);
}
END_TEST

START_TEST(test_cpu_span_shares_lost_time_from_longest)
{
    uint64_t share[1000];
    const uint64_t mixed[2] = {14000000, 1000};
    shares_of(share, mixed, 2, 10001000);
    ck_assert_uint_eq(share[0], 10000000);
    ck_assert_uint_eq(share[1], 1000);
    uint64_t even[10];
    for (int i = 0; i < 10; i++)
        even[i] = 30000;
    even[3] += 4000000;
    shares_of(share, even, 10, 300000);
    for (int i = 0; i < 10; i++)
        ck_assert_uint_eq(share[i], 30000);
    /* ties, a remainder to spread, zero-length calls */
    const uint64_t ties[5] = {7, 7, 7, 0, 2};
    shares_of(share, ties, 5, 12); /* level 3: 2 kept, 7,7,7 share 10 → 4, 3, 3 */
    ck_assert_uint_eq(share[0] + share[1] + share[2], 10);
    ck_assert_uint_eq(share[4], 2);
    shares_of(share, ties, 5, 0);
    for (int i = 0; i < 5; i++)
        ck_assert_uint_eq(share[i], 0);
    /* 1000 calls of mixed lengths over a day */
    uint64_t e[1000], total = 0;
    for (size_t i = 0; i < 1000; i++)
        total += e[i] = (i % 7 == 0) ? 86400000000000ull / 200 : 1000 + 37 * i;
    shares_of(share, e, 1000, total / 3);
}
END_TEST

START_TEST(test_cpu_span_shares)
{
    uint64_t share[3];
    const uint64_t elapsed[3] = {50, 20, 20};
    shares_of(share, elapsed, 3, 10); /* level 3: 4, 3, 3 */
    ck_assert_uint_eq(share[0], 4);
    ck_assert_uint_eq(share[1], 3);
    ck_assert_uint_eq(share[2], 3);
    static ccd_cpu_span s;
    memset(&s, 0, sizeof s);
    s.calls = 3, s.elapsed_ns = 90, s.total_ns = 90;
    size_t seen = 0;
    ck_assert_uint_eq(ccd_cpu_span_share(&s, &seen, 50), 50);
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
    tcase_add_test(stats, test_zeroed_stats_are_empty);
    tcase_add_test(stats, test_cpu_span_shares);
    tcase_add_test(stats, test_cpu_span_shares_lost_time_from_longest);
    suite_add_tcase(s, stats);
    return s;
}

int main(void)
{
    return test_run_suite(suite());
}
