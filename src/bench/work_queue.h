/* SPDX-License-Identifier: MIT */
/*
 * The schedule of the batch loop (batch_loop.c): how a pass over the data is
 * cut into batches and the batches into chunks, and in which order the threads
 * take the chunks.  The replay of a schedule (schedule_replay.h) drives these
 * same functions in simulated time, so what it predicts is what the loop does.
 *
 * - Batches: CCD_WORK_BATCH queries (or the configured size), consecutive in
 *   file order, across files; one segment per file in a batch.
 * - The ring: up to CCD_WORK_RING batches are open at once.  Batch k + RING is
 *   read only once batch k is consumed (in order), which bounds memory; within
 *   the ring no thread waits for a batch to end before it starts the next.
 *   Many small batches rather than a few big ones (16 of 1024, where there were
 *   4 of 4096, the same memory): the first can be computed sooner after the
 *   pass starts, and the last sooner after the cutting ends — Tight Inclusion's
 *   d = 0 pass on the shared data replays at 14.2× on 16 threads, 13.0× with
 *   4 of 4096 (docs/performance.md#threads).
 * - Pieces: before a batch is published, its text is parsed in pieces of at
 *   most CCD_WORK_PIECE queries by any thread (batch_loop.c, query/csv_piece.h):
 *   a thread takes a piece before a chunk, oldest batch first, and the batch is
 *   published once all its pieces are parsed.  At most CCD_WORK_TEXTS batches
 *   are opened and not yet published: their text is what the pass holds of
 *   its files (a batch's text is not needed once it is parsed).
 * - Lanes: a batch's files are its lanes (consecutive files merged into one
 *   when it holds more than CCD_WORK_LANES, each lane then at least 1/LANES of
 *   the batch), and the threads take the lanes of all the open batches in
 *   turn — a file that goes on from one batch into the next being one lane,
 *   taken in order: its part in the later batch only once the earlier part is
 *   handed out.  Every file of the ring's window starts at once.  Costs differ
 *   far more between files (a scene, a family of handcrafted queries, a kind)
 *   than within one, and the heavy queries come in clusters: on the shared
 *   data, IRF's 2.6 s query of cloth-funnel's 227ee (its 25th) sat behind
 *   armadillo-rollers' 85 s in file order, and Table 1's first run at 64
 *   threads ended with it (replay 47.8×; with lanes 53×,
 *   docs/performance.md#lanes-every-file-at-once).  A run that knows its costs
 *   hands its heavy queries out first anyway (below).
 * - Chunks: a thread takes the next queries of its lane, as many as make
 *   CCD_WORK_GRAIN_NS of expected work at the mean
 *   cost per query measured so far in the pass (at least 1, at most
 *   CCD_WORK_GRAIN_MAX; CCD_WORK_GRAIN_FIRST before any is measured).  On the
 *   shared data the 100 slowest of 21,246 queries take three quarters of
 *   tight-inclusion's time and sit together in a few files: chunks of 16 of
 *   them ran 0.5 s each, three times the whole run's share of a thread at 16
 *   threads.  The grain follows the mean, so when those come the chunks
 *   shrink to one query; a chunk costs about 1 µs of its own (two reads of the
 *   thread's CPU clock, system calls, bench/cpu_span.h; the take and the
 *   counters), so a grain of 50 µs keeps that near 2 %: chunks of 2 to 15 of
 *   tight-inclusion's light queries at d = 0 (3 to 20 µs), 100 of a 0.5 µs
 *   method.  At 20 µs (one query of tight-inclusion a chunk) its pass on the
 *   shared data took 4 % longer on one thread and on two, and the replay at 16
 *   and 64 threads moved by less than 1.5 % (14.94 → 14.90, 27.3 → 27.1).
 *   The first chunk of each thread is one query, so that nothing heavy hides
 *   in a chunk before a cost is known.  A chunk may cross
 *   files; the loop cuts it where a file ends.
 * - Longest expected first: with the expected costs of the heavy queries of an
 *   earlier run (bench/expected_costs.h: its per-query times, `run --costs`, or
 *   the cost cache, bench/cost_cache.h), a batch's heavy queries — those
 *   expected to take at least 1/1024 of its work — are handed out first, one at
 *   a time, the most expensive of all open batches first, and the other chunks
 *   are cut before them.  A query of seconds is then never the last to start:
 *   on the shared data IRF's and UIRF's slowest queries (5.5 s, against 8 s
 *   of work a thread at 64 threads for Table 1) sit in the middle of the pass.
 *
 * The chunk sizes depend on measured times; the answers, their order and every
 * count do not (the slots are filled by query and consumed in order).
 */
#ifndef CCD_BENCH_WORK_QUEUE_H
#define CCD_BENCH_WORK_QUEUE_H
#include "bench/expected_costs.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

enum {
    CCD_WORK_RING = 16,       /* batches open at once (above: the ring) */
    CCD_WORK_HEAVY_MAX = 1024, /* heavy queries a batch: each ≥ 1/1024 of its expected work */
    CCD_WORK_BATCH = 1024,    /* queries a batch by default */
    CCD_WORK_PIECE = 256,     /* queries a piece of text parsed at once, at most */
    CCD_WORK_TEXTS = 2,       /* batches opened and not yet published, at most */
    CCD_WORK_GRAIN_FIRST = 1, /* queries a chunk before any cost is measured */
    CCD_WORK_GRAIN_MAX = 1024, /* and at most (bench/cpu_span.h: CCD_CPU_SPAN_MAX_CALLS) */
    CCD_WORK_LANES = 16        /* lanes a batch, at most */
};
/* Expected work a chunk (ns). */
#define CCD_WORK_GRAIN_NS 50000u

/* The queries of one file in a batch: queries[first .. first + count). */
typedef struct ccd_work_segment {
    size_t file, first, count;
} ccd_work_segment;

/* A batch open to the threads: the span of the pass's queries it holds (start
 * << 24 | count, one word so that a thread reads both at once), the next query
 * to hand out and the queries computed (indices in the pass: they only grow in
 * a slot, so a thread that looked at a batch before its slot was refilled
 * fails its compare-and-swap instead of taking queries of the new batch). */
typedef struct ccd_work_batch {
    atomic_uint_fast64_t span;
    atomic_uint_fast64_t computed;
    /* Its lanes, the same way: the span of each (empty ones start at the
     * batch's end) and the next query of each; whether its first lane goes
     * on with the file of the batch before's last. */
    atomic_uint_fast64_t lane_span[CCD_WORK_LANES], lane_next[CCD_WORK_LANES];
    atomic_int continues;
    /* With expected costs: the batch's heavy queries (pass indices), by cost
     * (most first) and by index (CCD_WORK_HEAVY_MAX each, in the ring's
     * heavy_lists; NULL without), and the next to hand out — an index into the
     * heavy queries of the pass, base .. base + count, so that it only grows in
     * the slot as next does. */
    atomic_uint_fast64_t *heavy_by_cost, *heavy_by_index;
    atomic_uint_fast64_t heavy_next, heavy_span; /* heavy_span: base << 24 | count */
} ccd_work_batch;

/* The cost measured so far, which sizes the chunks (ccd_work_grain). */
typedef struct ccd_work_cost {
    atomic_uint_fast64_t ns, queries; /* of the chunks computed so far */
    size_t fixed_grain; /* queries a chunk whatever the cost (0: by cost) */
} ccd_work_cost;

/* Nothing measured: chunks of fixed_grain queries, or 0: by the cost. */
void ccd_work_cost_init(ccd_work_cost *c, size_t fixed_grain);

/* Queries a chunk: fixed_grain when set, else by the cost so far (above). */
size_t ccd_work_grain(ccd_work_cost *c);

/* Counts a computed chunk of `queries` queries that took ns. */
void ccd_work_cost_add(ccd_work_cost *c, uint64_t ns, size_t queries);

/* The open batches: batch number b lives in batches[b % CCD_WORK_RING] while
 * consumed ≤ b < published. */
typedef struct ccd_work_ring {
    ccd_work_batch batches[CCD_WORK_RING];
    atomic_size_t published, consumed;
    ccd_work_cost cost; /* of the chunks computed so far in the pass */
    atomic_uint_fast64_t turn; /* the takes so far: the lane of the next */
    /* Optional (ccd_work_ring_expect): the heavy queries of an earlier run of
     * the pass, with their costs (bench/expected_costs.h: `run --costs`, or the
     * cost cache), and the batches' lists of them. */
    const ccd_expected_costs *expected;
    atomic_uint_fast64_t *heavy_lists;
    uint64_t heavy_published; /* heavy queries of the batches published so far */
} ccd_work_ring;

/* Largest count of queries of a batch (the span's low bits). */
#define CCD_WORK_BATCH_MAX ((size_t)1 << 24)

/* An empty ring (nothing published): chunks of fixed_grain queries, or 0: by
 * the cost measured; no expected costs.  It holds no memory of its own until
 * ccd_work_ring_expect. */
void ccd_work_ring_init(ccd_work_ring *r, size_t fixed_grain);

/* The ring of ccd_work_ring_init, before any publish, hands out the heavy
 * queries of e first (NULL: no expected costs).  The batches' lists of them,
 * 2 × CCD_WORK_HEAVY_MAX words a slot (256 KB for the ring), are allocated
 * here and not cleared: a batch writes as many entries as it has heavy
 * queries before any is read, so only those pages are ever touched.  They
 * were part of the ring, 256 KB of it cleared on the stack by every pass and
 * schedule replay, expected costs or not: 64 page faults, 0.15 ms of a
 * one-thread run of 1.9 ms.  Returns 0, or -1 when out of memory (the ring
 * unchanged). */
int ccd_work_ring_expect(ccd_work_ring *r, const ccd_expected_costs *e);

/* What ccd_work_ring_expect allocated. */
void ccd_work_ring_free(ccd_work_ring *r);


/* Whether a batch can be published (fewer than CCD_WORK_RING published and
 * not consumed). */
int ccd_work_room(ccd_work_ring *r);

/* Opens the next batch: count (1 ≤ count ≤ CCD_WORK_BATCH_MAX) queries of the
 * pass from query `start` on (the end of the batch before), whose files but
 * the last end at the pass indices file_ends[0 .. ends) (increasing, within
 * (start, start + count); ends 0: a batch of one file), `continues` when its
 * first file is the last of the batch before (one lane across them), its heavy
 * queries found from the expected costs.  Returns its slot; what the caller
 * keeps of the batch (its queries) is in place before.  The service thread
 * only. */
size_t ccd_work_publish(ccd_work_ring *r, uint64_t start, size_t count, const uint64_t *file_ends,
                        size_t ends, int continues);

/* Takes the next chunk: *slot gets the ring slot of its batch and *first the
 * index in the batch of its first query; returns its query count, 0 when no
 * open batch has queries left to hand out.  The heavy queries first (with
 * expected costs), else the lanes with queries left in turn (the ring's turn
 * modulo their number).  A chunk lies in one lane, so in one file unless small
 * files were merged.  Any thread, any time. */
size_t ccd_work_take(ccd_work_ring *r, size_t *slot, size_t *first);

/* count queries of the batch in `slot` computed. */
void ccd_work_done(ccd_work_ring *r, size_t slot, size_t count);

/* The slot of the oldest open batch when all its queries are computed (it is
 * the next to consume), else -1. */
long ccd_work_ready(ccd_work_ring *r);

/* The oldest open batch consumed: its slot is free. */
void ccd_work_consume(ccd_work_ring *r);

/* A list of tasks in memory, taken by the threads of a parallel region in
 * chunks cut by the same rule as the batch loop's (ccd_work_grain: one task
 * first, then CCD_WORK_GRAIN_NS of the mean cost measured so far): the loops
 * that run over items they hold — scene run's narrow phase, the contact
 * routines' checks and benches — where a fixed chunk of 16 would put a
 * cluster of slow items on one thread.
 *
 *     ccd_work_list list;
 *     ccd_work_list_init(&list, n, 0);
 *     #pragma omp parallel
 *     for (size_t first, k; (k = ccd_work_list_take(&list, &first)) > 0;) {
 *         const uint64_t start = ccd_clock_ns();
 *         for (size_t i = first; i < first + k; i++) ...;
 *         ccd_work_cost_add(&list.cost, ccd_clock_ns() - start, k);
 *     }
 */
typedef struct ccd_work_list {
    ccd_work_cost cost;
    atomic_size_t next;
    size_t count;
} ccd_work_list;

/* count tasks, in chunks of fixed_grain tasks, or 0: by the cost measured. */
void ccd_work_list_init(ccd_work_list *l, size_t count, size_t fixed_grain);
/* The next chunk, tasks *first .. *first + n: returns n, 0 when none is left.
 * Any thread; the chunk's time goes to ccd_work_cost_add(&l->cost, ...). */
size_t ccd_work_list_take(ccd_work_list *l, size_t *first);

#endif
