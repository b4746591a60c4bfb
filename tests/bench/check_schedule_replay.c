/* SPDX-License-Identifier: MIT */
/* The schedule replay's reading (src/bench/schedule_replay.c): one thread reads
 * the whole input itself, in the cutting; more threads read it ahead, so the
 * pass takes less than the reading and the work one after the other, but no
 * less than the reading shared by all; a result file that did not time the
 * reading apart (load_bytes 0) replays as before it was. */
#include <config.h>

#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "bench/schedule_replay.h"
#include "query/read_ahead.h"
#include "test_support.h"

enum { N = 4096, BLOCKS = 64 };

/* N queries of 1 µs each in one file; reading 64 blocks of 1 ms each unless
 * `load` is 0; 1 ms of cutting. */
static void make_work(ccd_schedule_work *w, uint64_t *cost, int load)
{
    for (size_t i = 0; i < N; i++)
        cost[i] = 1000;
    *w = (ccd_schedule_work){.cost_ns = cost, .count = N, .read_ns = 1000000};
    if (load)
        w->load_ns = BLOCKS * 1000000ull, w->load_bytes = (uint64_t)BLOCKS * CCD_AHEAD_BLOCK;
}

static uint64_t replay(const ccd_schedule_work *w, int threads)
{
    uint64_t makespan = 0;
    ccd_error err;
    ck_assert_int_eq(ccd_schedule_replay(&makespan, NULL, &err, w, threads, 0, 0), CCD_OK);
    return makespan;
}

START_TEST(test_replay_reads_ahead)
{
    static uint64_t cost[N];
    ccd_schedule_work w;
    make_work(&w, cost, 1);
    const uint64_t work = N * 1000ull, reading = BLOCKS * 1000000ull;
    /* one thread: everything one after the other, the reading by the cutter */
    const uint64_t one = replay(&w, 1);
    ck_assert_uint_eq(one, work + reading + w.read_ns);
    /* two threads: the reading shared; no faster than half of it */
    const uint64_t two = replay(&w, 2);
    ck_assert_uint_lt(two, one * 3 / 4);
    ck_assert_uint_ge(two, reading / 2);
    /* eight: faster again, never faster than the reading on eight */
    const uint64_t eight = replay(&w, 8);
    ck_assert_uint_lt(eight, two);
    ck_assert_uint_ge(eight, reading / 8);
}
END_TEST

START_TEST(test_replay_without_reading)
{
    static uint64_t cost[N];
    ccd_schedule_work w;
    make_work(&w, cost, 0);
    ck_assert_uint_eq(replay(&w, 1), N * 1000ull + w.read_ns);
    /* the cutting (1 ms, serial) bounds it from below; the work is spread */
    const uint64_t four = replay(&w, 4);
    ck_assert_uint_lt(four, N * 1000ull / 2);
    ck_assert_uint_ge(four, w.read_ns / 4);
}
END_TEST

static Suite *replay_suite(void)
{
    Suite *s = suite_create("schedule_replay");
    TCase *tc = tcase_create("reading");
    tcase_add_test(tc, test_replay_reads_ahead);
    tcase_add_test(tc, test_replay_without_reading);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(replay_suite());
}
