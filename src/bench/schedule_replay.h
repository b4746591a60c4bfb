/* SPDX-License-Identifier: MIT */
/*
 * The replay of the batch loop's schedule (bench/work_queue.h): given the cost
 * of every query of a pass, measured on one thread, the time the loop would take
 * on T threads.  It drives the loop's own ring (take, done, consume, publish,
 * the grain by the cost so far) in simulated time, so its rules are the loop's.
 *
 * What it assumes: each query costs on any thread what it cost on one (no
 * memory-bandwidth limit, no clock change with load, no cache effects); the
 * pass's reading and consuming, timed by the loop and written in the result
 * file, cost the same share for each batch and are done by one thread at a
 * time, first by whichever thread is free (as the loop's service); a take and
 * a wake-up cost nothing.  Threads that are free at the same moment act in
 * thread order.
 */
#ifndef CCD_BENCH_SCHEDULE_REPLAY_H
#define CCD_BENCH_SCHEDULE_REPLAY_H
#include "ccdbench.h"

#include <stddef.h>
#include <stdint.h>

/* The work of a pass: the cost of each query in pass order (file order, then
 * query order), the pass's serial cutting of the files into pieces and
 * consuming, and its parsing of the pieces (by any thread). */
typedef struct ccd_schedule_work {
    uint64_t *cost_ns; /* malloc'd */
    size_t count;
    /* where each file's queries but the last's end in the pass, increasing
     * (malloc'd; NULL when file_ends_count is 0: one file) */
    uint64_t *file_ends;
    size_t file_ends_count;
    uint64_t read_ns, consume_ns, parse_ns;
    uint64_t records_ns; /* writing the per-query records: not in consume_ns */
    /* the read calls of the input (not in read_ns) and the bytes read; 0 in
     * result files written before the input was read ahead, whose read_ns
     * holds the reads */
    uint64_t load_ns, load_bytes;
} ccd_schedule_work;

/* The makespan (ns) of the pass on `threads` threads, in batches of batch_size
 * queries (0: CCD_WORK_BATCH); with `expected`, as a run given the costs as
 * expected ones (`run --costs`: longest expected first).  *chunks, when not
 * NULL, gets the number of chunks taken.  CCD_ERR_INTERNAL only when out of
 * memory. */
ccd_status ccd_schedule_replay(uint64_t *makespan_ns, size_t *chunks, ccd_error *err,
                               const ccd_schedule_work *costs, int threads,
                               size_t batch_size, int expected);

/* The work of the pass of a result file written with --per-query: each query's
 * methods' times (time_ns) and the runner's own (truth_time_ns; 0 in files
 * written before it was recorded), summed over the runs of the file — the runs
 * of a sweep or preset take one pass together — and the pass's cutting,
 * parsing and consuming (0 in files written before they were timed), the
 * consuming without the writing of the per-query records: the replay is of
 * the run without --per-query.  Free it with ccd_schedule_work_free.
 * CCD_ERR_INPUT, naming the file, when it has no per-query records or its
 * runs' records are not of the same queries. */
struct ccd_result_doc;
ccd_status ccd_schedule_costs(ccd_schedule_work *costs, ccd_error *err,
                              const struct ccd_result_doc *doc);
/* Frees what ccd_schedule_costs made. */
void ccd_schedule_work_free(ccd_schedule_work *costs);
/* The same from the result file at path, which must be of ds (the same files in
 * the same order; else CCD_ERR_INPUT), for ccd_run_config.expected_cost. */
ccd_status ccd_schedule_costs_of(ccd_schedule_work *costs, ccd_error *err,
                                 const char *path, const ccd_dataset *ds);

#endif
