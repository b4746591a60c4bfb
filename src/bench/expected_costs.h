/* SPDX-License-Identifier: MIT */
/*
 * The expected costs of a pass's queries, as the schedule uses them (work_queue.h:
 * longest expected first): the queries of an earlier run that were heavy — each
 * more than a chunk's grain of work and at least 1/CCD_WORK_HEAVY_MAX of the
 * work of its block of CCD_EXPECTED_BLOCK consecutive queries — with their costs,
 * by index in the pass.  The other queries are expected to cost little.
 *
 * Only the heavy ones are kept because only they change the schedule: a query
 * below its block's 1/1024 or below a grain is handed out in a chunk, like any
 * light one.  It bounds what is kept to 1024 queries a block (a quarter of the
 * pass at the very worst, a few hundred entries on the shared data), where the
 * cost of every query would be 8 bytes each of the 60 M of the full benchmark.
 *
 *     ccd_expected_costs e = {0};
 *     for (uint64_t i = 0; i < n; i++)
 *         if (ccd_expected_costs_note(&e, i, cost[i]) != 0) ... out of memory;
 *     if (ccd_expected_costs_finish(&e) != 0) ... out of memory;
 *     ... ccd_work_ring_expect(&ring, &e) ... ccd_work_ring_free(&ring); ...
 *     ccd_expected_costs_free(&e);
 */
#ifndef CCD_BENCH_EXPECTED_COSTS_H
#define CCD_BENCH_EXPECTED_COSTS_H
#include <stddef.h>
#include <stdint.h>

enum { CCD_EXPECTED_BLOCK = 4096 }; /* queries a block: what a heavy query is heavy against */

typedef struct ccd_expected_cost {
    uint64_t index; /* in the pass */
    uint64_t ns;
} ccd_expected_cost;

typedef struct ccd_expected_costs {
    ccd_expected_cost *heavy; /* by index, increasing */
    size_t count, capacity;
    /* while noting: the block being noted, its work and its candidates */
    uint64_t block, block_ns;
    ccd_expected_cost *pending;
    size_t pending_count;
    int complete; /* finished, nothing noted since */
} ccd_expected_costs;

/* Query `index` of the pass cost ns; indices come in increasing order (gaps:
 * queries that cost nothing).  Returns 0, or -1 when out of memory. */
int ccd_expected_costs_note(ccd_expected_costs *e, uint64_t index, uint64_t ns);
/* The last block noted is complete.  Returns 0, or -1 when out of memory. */
int ccd_expected_costs_finish(ccd_expected_costs *e);
void ccd_expected_costs_free(ccd_expected_costs *e);
/* The same from the cost of every query, cost_ns[0 .. count): note and finish.
 * Returns 0, or -1 when out of memory (e freed). */
int ccd_expected_costs_of(ccd_expected_costs *e, const uint64_t *cost_ns, size_t count);

/* The expected cost of query `index` (0 when not heavy). */
uint64_t ccd_expected_costs_at(const ccd_expected_costs *e, uint64_t index);
/* The position in e->heavy of the first heavy query at or after `index`
 * (e->count when none). */
size_t ccd_expected_costs_from(const ccd_expected_costs *e, uint64_t index);

#endif
