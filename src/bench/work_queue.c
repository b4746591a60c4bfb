/* SPDX-License-Identifier: MIT */
/* The schedule of the batch loop: batches in a ring, chunks by expected work
 * (work_queue.h). */
#include <config.h>

#include "bench/work_queue.h"
#include "bench/expected_costs.h"
#include "core/assert.h"

#include <stdlib.h>

/* The ring is part of a pass's state, on the stack and cleared by every pass
 * (bench/batch_loop.c) and every schedule replay: its heavy lists are held
 * apart (ccd_work_ring_expect). */
_Static_assert(sizeof(ccd_work_ring) <= 16 * 1024, "the ring holds its heavy lists apart");

enum { SPAN_BITS = 24 };

static uint64_t span_start(uint64_t span)
{
    return span >> SPAN_BITS;
}

static uint64_t span_end(uint64_t span)
{
    return (span >> SPAN_BITS) + (span & (CCD_WORK_BATCH_MAX - 1));
}

/* The ring's heavy lists are `lists` (2 × CCD_WORK_HEAVY_MAX words a slot: by
 * cost, then by index), or none. */
static void set_heavy_lists(ccd_work_ring *r, atomic_uint_fast64_t *lists)
{
    r->heavy_lists = lists;
    for (int k = 0; k < CCD_WORK_RING; k++) {
        ccd_work_batch *b = &r->batches[k];
        b->heavy_by_cost = lists ? lists + (size_t)k * 2 * CCD_WORK_HEAVY_MAX : NULL;
        b->heavy_by_index = lists ? b->heavy_by_cost + CCD_WORK_HEAVY_MAX : NULL;
    }
}

void ccd_work_ring_init(ccd_work_ring *r, size_t fixed_grain)
{
    for (int k = 0; k < CCD_WORK_RING; k++) {
        ccd_work_batch *b = &r->batches[k];
        atomic_init(&b->span, 0);
        atomic_init(&b->computed, 0);
        for (int l = 0; l < CCD_WORK_LANES; l++) {
            atomic_init(&b->lane_span[l], 0);
            atomic_init(&b->lane_next[l], 0);
        }
        atomic_init(&b->continues, 0);
    }
    atomic_init(&r->turn, 0);
    atomic_init(&r->published, 0);
    atomic_init(&r->consumed, 0);
    ccd_work_cost_init(&r->cost, fixed_grain);
    for (int k = 0; k < CCD_WORK_RING; k++) {
        atomic_init(&r->batches[k].heavy_next, 0);
        atomic_init(&r->batches[k].heavy_span, 0);
    }
    r->expected = NULL;
    set_heavy_lists(r, NULL);
    r->heavy_published = 0;
}

int ccd_work_ring_expect(ccd_work_ring *r, const ccd_expected_costs *e)
{
    CCD_ASSERT(!r->expected && !r->heavy_lists && atomic_load(&r->published) == 0);
    if (!e)
        return 0;
    atomic_uint_fast64_t *lists =
        malloc((size_t)CCD_WORK_RING * 2 * CCD_WORK_HEAVY_MAX * sizeof *lists);
    if (!lists)
        return -1;
    set_heavy_lists(r, lists);
    r->expected = e;
    return 0;
}

void ccd_work_ring_free(ccd_work_ring *r)
{
    free(r->heavy_lists);
    set_heavy_lists(r, NULL);
    r->expected = NULL;
}

void ccd_work_cost_init(ccd_work_cost *c, size_t fixed_grain)
{
    atomic_init(&c->ns, 0);
    atomic_init(&c->queries, 0);
    c->fixed_grain = fixed_grain;
}

size_t ccd_work_grain(ccd_work_cost *c)
{
    if (c->fixed_grain)
        return c->fixed_grain;
    const uint64_t queries = atomic_load_explicit(&c->queries, memory_order_relaxed);
    const uint64_t ns = atomic_load_explicit(&c->ns, memory_order_relaxed);
    if (queries == 0)
        return CCD_WORK_GRAIN_FIRST;
    /* grain = GRAIN_NS / (ns / queries), rounded down, within [1, GRAIN_MAX] */
    if (ns == 0 || (uint64_t)CCD_WORK_GRAIN_NS * queries / ns >= CCD_WORK_GRAIN_MAX)
        return CCD_WORK_GRAIN_MAX;
    const uint64_t grain = (uint64_t)CCD_WORK_GRAIN_NS * queries / ns;
    return grain < 1 ? 1 : (size_t)grain;
}

void ccd_work_cost_add(ccd_work_cost *c, uint64_t ns, size_t queries)
{
    atomic_fetch_add_explicit(&c->ns, ns, memory_order_relaxed);
    atomic_fetch_add_explicit(&c->queries, queries, memory_order_relaxed);
}

int ccd_work_room(ccd_work_ring *r)
{
    return atomic_load_explicit(&r->published, memory_order_relaxed) -
               atomic_load_explicit(&r->consumed, memory_order_acquire) <
           CCD_WORK_RING;
}

/* The expected cost of query i of the pass. */
static uint64_t expected(const ccd_work_ring *r, uint64_t i)
{
    return r->expected ? ccd_expected_costs_at(r->expected, i) : 0;
}

static _Thread_local const ccd_work_ring *sort_ring; /* qsort has no context argument: the service's */

static int by_cost(const void *x, const void *y)
{
    const uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    const uint64_t ca = expected(sort_ring, a), cb = expected(sort_ring, b);
    return ca != cb ? (ca < cb ? 1 : -1) : (a > b) - (a < b); /* most first, then by index */
}

/* Writes the batch's heavy queries (each expected to cost at least 1/1024 of
 * the expected work of the batch's listed queries, and more than a chunk's
 * grain) by cost and by index; returns their number (at most
 * CCD_WORK_HEAVY_MAX: 1024 queries of 1/1024 of the work each are all of it). */
static size_t find_heavy(ccd_work_ring *r, ccd_work_batch *b, uint64_t start, size_t count)
{
    if (!r->expected)
        return 0;
    const ccd_expected_costs *e = r->expected;
    const size_t from = ccd_expected_costs_from(e, start);
    size_t to = from;
    uint64_t work = 0;
    for (; to < e->count && e->heavy[to].index < start + count; to++)
        work += e->heavy[to].ns;
    const uint64_t level = work / CCD_WORK_HEAVY_MAX;
    uint64_t heavy[CCD_WORK_HEAVY_MAX];
    size_t n = 0;
    for (size_t k = from; k < to; k++) {
        const uint64_t c = e->heavy[k].ns;
        if (c > 0 && c >= level && c > CCD_WORK_GRAIN_NS) {
            CCD_ASSERT(n < CCD_WORK_HEAVY_MAX);
            atomic_store_explicit(&b->heavy_by_index[n], e->heavy[k].index,
                                  memory_order_relaxed);
            heavy[n++] = e->heavy[k].index;
        }
    }
    sort_ring = r;
    qsort(heavy, n, sizeof *heavy, by_cost);
    for (size_t k = 0; k < n; k++)
        atomic_store_explicit(&b->heavy_by_cost[k], heavy[k], memory_order_relaxed);
    return n;
}

/* The lanes of a batch of `count` queries from `start` whose files but the
 * last end at file_ends[0 .. ends): lane_end[0 .. lanes), returns lanes (at
 * most CCD_WORK_LANES).  Each file is a lane while they are few; when there are
 * more, consecutive files are merged until a lane holds ⌈count / LANES⌉
 * queries, so that every lane but the last holds that many and there are at
 * most LANES of them ((lanes - 1) ⌈count / LANES⌉ < count). */
static size_t lanes_of(uint64_t lane_end[CCD_WORK_LANES], uint64_t start, size_t count,
                       const uint64_t *file_ends, size_t ends)
{
    const uint64_t least =
        ends + 1 > CCD_WORK_LANES ? (count + CCD_WORK_LANES - 1) / CCD_WORK_LANES : 1;
    size_t lanes = 0;
    uint64_t from = start;
    for (size_t k = 0; k < ends; k++) {
        CCD_ASSERT(file_ends[k] > (k ? file_ends[k - 1] : start) && file_ends[k] < start + count);
        if (file_ends[k] - from >= least) {
            CCD_ASSERT(lanes < CCD_WORK_LANES - 1);
            lane_end[lanes++] = from = file_ends[k];
        }
    }
    lane_end[lanes++] = start + count;
    return lanes;
}

size_t ccd_work_publish(ccd_work_ring *r, uint64_t start, size_t count, const uint64_t *file_ends,
                        size_t ends, int continues)
{
    CCD_ASSERT(count >= 1 && count < CCD_WORK_BATCH_MAX && start < ((uint64_t)1 << 40));
    CCD_ASSERT(ccd_work_room(r));
    const size_t number = atomic_load_explicit(&r->published, memory_order_relaxed);
    const size_t slot = number % CCD_WORK_RING;
    ccd_work_batch *b = &r->batches[slot];
    /* The spans and lists first, the counters after them (release: a thread
     * that reads a counter reads the spans after it, below).  The slot's
     * counters only grow: its lanes ended at or before the end of its batch,
     * before start (the batches between hold a query at least); empty lanes
     * start at the batch's end. */
    atomic_store_explicit(&b->computed, start, memory_order_relaxed);
    atomic_store_explicit(&b->span, start << SPAN_BITS | count, memory_order_relaxed);
    atomic_store_explicit(&b->continues, continues, memory_order_relaxed);
    uint64_t lane_end[CCD_WORK_LANES], lane_start[CCD_WORK_LANES];
    const size_t lanes = lanes_of(lane_end, start, count, file_ends, ends);
    for (size_t l = 0; l < CCD_WORK_LANES; l++) {
        lane_start[l] = l == 0 ? start : l <= lanes ? lane_end[l - 1] : start + count;
        const uint64_t end = l < lanes ? lane_end[l] : start + count;
        CCD_ASSERT(atomic_load(&b->lane_next[l]) < start || start == 0);
        atomic_store_explicit(&b->lane_span[l], lane_start[l] << SPAN_BITS | (end - lane_start[l]),
                              memory_order_relaxed);
    }
    const uint64_t heavy_base = r->heavy_published;
    const size_t heavy = find_heavy(r, b, start, count);
    r->heavy_published += heavy;
    atomic_store_explicit(&b->heavy_span, heavy_base << SPAN_BITS | heavy, memory_order_relaxed);
    atomic_store_explicit(&b->heavy_next, heavy_base, memory_order_release);
    for (size_t l = 0; l < CCD_WORK_LANES; l++)
        atomic_store_explicit(&b->lane_next[l], lane_start[l], memory_order_release);
    atomic_store_explicit(&r->published, number + 1, memory_order_release);
    return slot;
}

/* A thread's look at a lane is a snapshot: its next first (acquire), then its
 * span.  A next from before the slot was refilled lies at or before the end of
 * its old batch, which is before the start of the new one, so it is in
 * neither's lane; a stale look at the lane fails the compare-and-swap, next
 * having grown since.  A thread whose compare-and-swap succeeds read the
 * current next, stored after every span of the batch: the spans it reads then
 * are the batch's.  The heavy queries' counter is read the same way.  A stale
 * read of the heavy lists is harmless for the same reason: what it found is
 * only used when the compare-and-swap on the counter it read succeeds. */

/* The first heavy query of the batch at or after pass index i (the span's end
 * when none): the end of a chunk that starts at i. */
static uint64_t heavy_at_or_after(ccd_work_batch *b, uint64_t i, uint64_t end)
{
    const uint64_t heavy = atomic_load_explicit(&b->heavy_span, memory_order_relaxed);
    size_t lo = 0, hi = (size_t)(heavy & (CCD_WORK_BATCH_MAX - 1));
    if (hi > CCD_WORK_HEAVY_MAX)
        return end; /* a stale look: the compare-and-swap will fail */
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (atomic_load_explicit(&b->heavy_by_index[mid], memory_order_relaxed) < i)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == (size_t)(heavy & (CCD_WORK_BATCH_MAX - 1)))
        return end;
    const uint64_t h = atomic_load_explicit(&b->heavy_by_index[lo], memory_order_relaxed);
    return h < end ? h : end;
}

/* The heavy query expected to cost most among the open batches' next ones. */
static size_t take_heavy(ccd_work_ring *r, size_t *slot, size_t *first)
{
    for (;;) {
        const size_t end = atomic_load_explicit(&r->published, memory_order_acquire);
        size_t best = SIZE_MAX;
        uint_fast64_t best_next = 0;
        uint64_t best_query = 0, best_cost = 0;
        for (size_t number = atomic_load_explicit(&r->consumed, memory_order_acquire);
             number < end; number++) {
            ccd_work_batch *b = &r->batches[number % CCD_WORK_RING];
            const uint_fast64_t h = atomic_load_explicit(&b->heavy_next, memory_order_acquire);
            const uint64_t span = atomic_load_explicit(&b->heavy_span, memory_order_acquire);
            if (h < span_start(span) || h >= span_end(span))
                continue;
            const uint64_t q = atomic_load_explicit(
                &b->heavy_by_cost[h - span_start(span)], memory_order_relaxed);
            if (best == SIZE_MAX || expected(r, q) > best_cost)
                best = number, best_next = h, best_query = q, best_cost = expected(r, q);
        }
        if (best == SIZE_MAX)
            return 0;
        ccd_work_batch *b = &r->batches[best % CCD_WORK_RING];
        if (atomic_compare_exchange_strong_explicit(&b->heavy_next, &best_next, best_next + 1,
                                                    memory_order_acq_rel,
                                                    memory_order_acquire)) {
            /* ours until computed: the batch stays open, its span fixed */
            const uint64_t span = atomic_load_explicit(&b->span, memory_order_acquire);
            CCD_ASSERT(best_query >= span_start(span) && best_query < span_end(span));
            *slot = best % CCD_WORK_RING;
            *first = (size_t)(best_query - span_start(span));
            return 1;
        }
    }
}

size_t ccd_work_take(ccd_work_ring *r, size_t *slot, size_t *first)
{
    if (r->expected) {
        const size_t n = take_heavy(r, slot, first);
        if (n)
            return n;
    }
    const size_t grain = ccd_work_grain(&r->cost);
    for (;;) {
        /* The lanes with queries left, oldest batch first; a batch's first lane
         * that goes on with a file whose lane before has queries left is that
         * lane's (a file is taken in order). */
        struct {
            size_t number, lane;
        } open[CCD_WORK_RING * CCD_WORK_LANES];
        size_t k = 0;
        int before_open = 0; /* the batch before's last lane: its file has queries left */
        const size_t end = atomic_load_explicit(&r->published, memory_order_acquire);
        for (size_t number = atomic_load_explicit(&r->consumed, memory_order_acquire);
             number < end; number++) {
            ccd_work_batch *b = &r->batches[number % CCD_WORK_RING];
            const int continues = atomic_load_explicit(&b->continues, memory_order_relaxed);
            int last_open = 0;
            for (size_t l = 0; l < CCD_WORK_LANES; l++) {
                const uint64_t next = atomic_load_explicit(&b->lane_next[l], memory_order_acquire);
                const uint64_t lane = atomic_load_explicit(&b->lane_span[l], memory_order_acquire);
                if ((lane & (CCD_WORK_BATCH_MAX - 1)) == 0)
                    break; /* the empty lanes come last */
                const int has = next >= span_start(lane) && next < span_end(lane);
                if (l == 0 && continues && before_open)
                    last_open = 1; /* its file's lane before goes first */
                else if ((last_open = has))
                    open[k].number = number, open[k].lane = l, k++;
            }
            before_open = last_open;
        }
        if (k == 0)
            return 0;
        const size_t pick =
            (size_t)(atomic_fetch_add_explicit(&r->turn, 1, memory_order_relaxed) % k);
        const size_t number = open[pick].number, l = open[pick].lane;
        ccd_work_batch *b = &r->batches[number % CCD_WORK_RING];
        uint_fast64_t next = atomic_load_explicit(&b->lane_next[l], memory_order_acquire);
        for (;;) {
            const uint64_t lane = atomic_load_explicit(&b->lane_span[l], memory_order_acquire);
            if (next < span_start(lane) || next >= span_end(lane))
                break; /* taken meanwhile: look again */
            /* a chunk stops before the next heavy query; one that starts at
             * a heavy query steps over it (it is handed out on its own) */
            const uint64_t stop = heavy_at_or_after(b, next, span_end(lane));
            const uint64_t take = stop == next ? 1 : grain < stop - next ? grain : stop - next;
            if (atomic_compare_exchange_weak_explicit(&b->lane_next[l], &next, next + take,
                                                      memory_order_acq_rel,
                                                      memory_order_acquire)) {
                if (stop == next) { /* stepped over a heavy query */
                    next += take;
                    continue;
                }
                /* ours until computed: the batch stays open, its span fixed */
                const uint64_t span = atomic_load_explicit(&b->span, memory_order_acquire);
                CCD_ASSERT(next >= span_start(span) && next + take <= span_end(span));
                *slot = number % CCD_WORK_RING;
                *first = (size_t)(next - span_start(span));
                return (size_t)take;
            }
        }
    }
}

void ccd_work_done(ccd_work_ring *r, size_t slot, size_t count)
{
    CCD_ASSERT(slot < CCD_WORK_RING);
    atomic_fetch_add_explicit(&r->batches[slot].computed, count, memory_order_acq_rel);
}

long ccd_work_ready(ccd_work_ring *r)
{
    const size_t number = atomic_load_explicit(&r->consumed, memory_order_relaxed);
    if (number >= atomic_load_explicit(&r->published, memory_order_acquire))
        return -1;
    ccd_work_batch *b = &r->batches[number % CCD_WORK_RING];
    const uint64_t span = atomic_load_explicit(&b->span, memory_order_relaxed);
    const uint64_t computed = atomic_load_explicit(&b->computed, memory_order_acquire);
    CCD_ASSERT(computed <= span_end(span));
    return computed == span_end(span) ? (long)(number % CCD_WORK_RING) : -1;
}

void ccd_work_consume(ccd_work_ring *r)
{
    CCD_ASSERT(ccd_work_ready(r) >= 0);
    atomic_fetch_add_explicit(&r->consumed, 1, memory_order_release);
}

/* ------------------------------------------------------------ lists of tasks */

void ccd_work_list_init(ccd_work_list *l, size_t count, size_t fixed_grain)
{
    ccd_work_cost_init(&l->cost, fixed_grain);
    atomic_init(&l->next, 0);
    l->count = count;
}

size_t ccd_work_list_take(ccd_work_list *l, size_t *first)
{
    const size_t grain = ccd_work_grain(&l->cost);
    CCD_ASSERT(grain >= 1);
    size_t at = atomic_load_explicit(&l->next, memory_order_relaxed);
    do {
        if (at >= l->count)
            return 0;
    } while (!atomic_compare_exchange_weak_explicit(&l->next, &at,
                                                    at + (grain < l->count - at ? grain
                                                                                : l->count - at),
                                                    memory_order_relaxed, memory_order_relaxed));
    *first = at;
    return grain < l->count - at ? grain : l->count - at;
}
