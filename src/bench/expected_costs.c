/* SPDX-License-Identifier: MIT */
/* The expected costs of a pass: its heavy queries (expected_costs.h). */
#include <config.h>

#include "bench/expected_costs.h"
#include "bench/work_queue.h"
#include "core/assert.h"
#include "core/grow.h"

#include <stdlib.h>

/* The block's candidates that are heavy in it (≥ 1/CCD_WORK_HEAVY_MAX of its
 * work) move to the list: at most CCD_WORK_HEAVY_MAX of them, since that many
 * take all of the work. */
static int close_block(ccd_expected_costs *e)
{
    const uint64_t level = e->block_ns / CCD_WORK_HEAVY_MAX;
    size_t kept = 0;
    for (size_t k = 0; k < e->pending_count; k++)
        kept += e->pending[k].ns >= level;
    CCD_ASSERT(kept <= CCD_WORK_HEAVY_MAX);
    for (size_t k = 0; k < e->pending_count; k++) {
        if (e->pending[k].ns < level)
            continue;
        ccd_expected_cost *p = ccd_grow(e->heavy, &e->capacity, e->count, sizeof *p, 64);
        if (!p)
            return -1;
        e->heavy = p;
        e->heavy[e->count++] = e->pending[k];
    }
    e->pending_count = 0;
    e->block_ns = 0;
    return 0;
}

int ccd_expected_costs_note(ccd_expected_costs *e, uint64_t index, uint64_t ns)
{
    if (!e->pending && !(e->pending = malloc(CCD_EXPECTED_BLOCK * sizeof *e->pending)))
        return -1;
    const uint64_t block = index / CCD_EXPECTED_BLOCK;
    CCD_ASSERT(block >= e->block);
    e->complete = 0;
    CCD_ASSERT(e->pending_count == 0 || e->pending[e->pending_count - 1].index < index);
    if (block != e->block) {
        if (close_block(e) != 0)
            return -1;
        e->block = block;
    }
    e->block_ns += ns;
    if (ns > CCD_WORK_GRAIN_NS) { /* a query of a grain or less is in a chunk anyway */
        CCD_ASSERT(e->pending_count < CCD_EXPECTED_BLOCK);
        e->pending[e->pending_count++] = (ccd_expected_cost){index, ns};
    }
    return 0;
}

int ccd_expected_costs_finish(ccd_expected_costs *e)
{
    const int st = close_block(e);
    free(e->pending);
    e->pending = NULL;
    e->complete = st == 0;
    return st;
}

void ccd_expected_costs_free(ccd_expected_costs *e)
{
    free(e->heavy);
    free(e->pending);
    *e = (ccd_expected_costs){0};
}

int ccd_expected_costs_of(ccd_expected_costs *e, const uint64_t *cost_ns, size_t count)
{
    *e = (ccd_expected_costs){0};
    for (size_t i = 0; i < count; i++)
        if (ccd_expected_costs_note(e, i, cost_ns[i]) != 0) {
            ccd_expected_costs_free(e);
            return -1;
        }
    if (ccd_expected_costs_finish(e) != 0) {
        ccd_expected_costs_free(e);
        return -1;
    }
    return 0;
}

size_t ccd_expected_costs_from(const ccd_expected_costs *e, uint64_t index)
{
    size_t lo = 0, hi = e->count;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (e->heavy[mid].index < index)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

uint64_t ccd_expected_costs_at(const ccd_expected_costs *e, uint64_t index)
{
    const size_t k = ccd_expected_costs_from(e, index);
    return k < e->count && e->heavy[k].index == index ? e->heavy[k].ns : 0;
}
