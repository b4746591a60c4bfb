/* SPDX-License-Identifier: MIT */
/* The schedule of the batch loop: batches in a ring, chunks by expected work
 * (work_queue.h). */
#include <config.h>

#include "bench/work_queue.h"
#include "core/assert.h"

enum { SPAN_BITS = 24 };

static uint64_t span_start(uint64_t span)
{
    return span >> SPAN_BITS;
}

static uint64_t span_end(uint64_t span)
{
    return (span >> SPAN_BITS) + (span & (CCD_WORK_BATCH_MAX - 1));
}

void ccd_work_ring_init(ccd_work_ring *r, size_t fixed_grain)
{
    for (int k = 0; k < CCD_WORK_RING; k++) {
        atomic_init(&r->batches[k].span, 0);
        atomic_init(&r->batches[k].next, 0);
        atomic_init(&r->batches[k].computed, 0);
    }
    atomic_init(&r->published, 0);
    atomic_init(&r->consumed, 0);
    atomic_init(&r->cost_ns, 0);
    atomic_init(&r->cost_queries, 0);
    r->fixed_grain = fixed_grain;
}

size_t ccd_work_grain(ccd_work_ring *r)
{
    if (r->fixed_grain)
        return r->fixed_grain;
    const uint64_t queries = atomic_load_explicit(&r->cost_queries, memory_order_relaxed);
    const uint64_t ns = atomic_load_explicit(&r->cost_ns, memory_order_relaxed);
    if (queries == 0)
        return CCD_WORK_GRAIN_FIRST;
    /* grain = GRAIN_NS / (ns / queries), rounded down, within [1, GRAIN_MAX] */
    if (ns == 0 || (uint64_t)CCD_WORK_GRAIN_NS * queries / ns >= CCD_WORK_GRAIN_MAX)
        return CCD_WORK_GRAIN_MAX;
    const uint64_t grain = (uint64_t)CCD_WORK_GRAIN_NS * queries / ns;
    return grain < 1 ? 1 : (size_t)grain;
}

void ccd_work_cost_add(ccd_work_ring *r, uint64_t ns, size_t queries)
{
    atomic_fetch_add_explicit(&r->cost_ns, ns, memory_order_relaxed);
    atomic_fetch_add_explicit(&r->cost_queries, queries, memory_order_relaxed);
}

int ccd_work_room(ccd_work_ring *r)
{
    return atomic_load_explicit(&r->published, memory_order_relaxed) -
               atomic_load_explicit(&r->consumed, memory_order_acquire) <
           CCD_WORK_RING;
}

size_t ccd_work_publish(ccd_work_ring *r, uint64_t start, size_t count)
{
    CCD_ASSERT(count >= 1 && count < CCD_WORK_BATCH_MAX && start < ((uint64_t)1 << 40));
    CCD_ASSERT(ccd_work_room(r));
    const size_t number = atomic_load_explicit(&r->published, memory_order_relaxed);
    const size_t slot = number % CCD_WORK_RING;
    ccd_work_batch *b = &r->batches[slot];
    /* the slot's indices only grow: the batch before it ended at or before start */
    CCD_ASSERT(atomic_load(&b->next) <= start);
    atomic_store_explicit(&b->computed, start, memory_order_relaxed);
    atomic_store_explicit(&b->span, start << SPAN_BITS | count, memory_order_release);
    atomic_store_explicit(&b->next, start, memory_order_release);
    atomic_store_explicit(&r->published, number + 1, memory_order_release);
    return slot;
}

/* A thread's look at a batch is a snapshot: next first (acquire), then the
 * span.  A next from before the slot was refilled lies at or past the end of
 * its old span, which is at or before the start of the new one, so it is in
 * neither's range but the new one's start — and then it equals the new next,
 * which the publisher stored after the span.  Any other stale look fails the
 * compare-and-swap, next having grown since. */
size_t ccd_work_take(ccd_work_ring *r, size_t *slot, size_t *first)
{
    const size_t grain = ccd_work_grain(r);
    const size_t end = atomic_load_explicit(&r->published, memory_order_acquire);
    for (size_t number = atomic_load_explicit(&r->consumed, memory_order_acquire);
         number < end; number++) {
        ccd_work_batch *b = &r->batches[number % CCD_WORK_RING];
        uint_fast64_t next = atomic_load_explicit(&b->next, memory_order_acquire);
        for (;;) {
            const uint64_t span = atomic_load_explicit(&b->span, memory_order_acquire);
            if (next < span_start(span) || next >= span_end(span))
                break;
            const uint64_t left = span_end(span) - next;
            const uint64_t take = grain < left ? grain : left;
            if (atomic_compare_exchange_weak_explicit(&b->next, &next, next + take,
                                                      memory_order_acq_rel,
                                                      memory_order_acquire)) {
                *slot = number % CCD_WORK_RING;
                *first = (size_t)(next - span_start(span));
                return (size_t)take;
            }
        }
    }
    return 0;
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
