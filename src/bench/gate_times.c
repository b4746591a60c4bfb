/* SPDX-License-Identifier: MIT */
/* The fastest time of every query over the gate's repeats (gate_times.h). */
#include <config.h>

#include "bench/gate_times.h"
#include "core/assert.h"

#include <stdlib.h>
#include <string.h>

void ccd_gate_times_init(ccd_gate_times *t, size_t method_count, int cpu)
{
    memset(t, 0, sizeof *t);
    t->cpu = cpu;
    t->method_count = method_count;
}

void ccd_gate_times_free(ccd_gate_times *t)
{
    free(t->best);
    free(t->next);
    free(t->file);
    memset(t, 0, sizeof *t);
}

void ccd_gate_times_begin_run(ccd_gate_times *t)
{
    if (t->runs == 1) /* the first run laid out the queries */
        t->queries = t->cursor;
    CCD_ASSERT(t->runs == 0 || t->cursor == t->queries); /* the last run saw every query */
    t->cursor = 0;
    t->runs++;
}

static int grow(ccd_gate_times *t)
{
    size_t capacity = t->capacity ? 2 * t->capacity : 1024;
    size_t cells = capacity * t->method_count;
    uint64_t *best = realloc(t->best, cells * sizeof *best);
    if (best)
        t->best = best;
    uint64_t *next = realloc(t->next, cells * sizeof *next);
    if (next)
        t->next = next;
    size_t *file = realloc(t->file, capacity * sizeof *file);
    if (file)
        t->file = file;
    if (!best || !next || !file)
        return -1;
    t->capacity = capacity;
    return 0;
}

int ccd_gate_times_add(ccd_gate_times *t, size_t file, const ccd_query_outcome *outcomes)
{
    CCD_ASSERT(t->runs >= 1);
    size_t q = t->cursor++;
    if (t->runs == 1) { /* the first run lays out the queries */
        if (q == t->capacity && grow(t) != 0)
            return -1;
        t->file[q] = file;
        for (size_t m = 0; m < t->method_count; m++)
            t->best[q * t->method_count + m] = t->next[q * t->method_count + m] = UINT64_MAX;
    }
    CCD_ASSERT(q < t->capacity && t->file[q] == file); /* the same queries in every run */
    for (size_t m = 0; m < t->method_count; m++) {
        const ccd_query_outcome *o = &outcomes[m];
        if (o->failure != CCD_FAILURE_NONE)
            continue;
        uint64_t ns = t->cpu ? o->cpu_ns : o->time_ns;
        uint64_t *best = &t->best[q * t->method_count + m], *next = &t->next[q * t->method_count + m];
        if (ns < *best)
            *next = *best, *best = ns;
        else if (ns < *next)
            *next = ns;
    }
    return 0;
}

uint64_t ccd_gate_times_sum_ns(const ccd_gate_times *t, uint64_t *queries, size_t m, int second,
                               int (*in_file)(size_t file, const void *ctx), const void *ctx)
{
    size_t n = t->runs > 1 ? t->queries : t->cursor;
    uint64_t sum = 0;
    *queries = 0;
    for (size_t q = 0; q < n; q++) {
        uint64_t best = t->best[q * t->method_count + m], next = t->next[q * t->method_count + m];
        if (best == UINT64_MAX || (in_file && !in_file(t->file[q], ctx)))
            continue;
        /* one run: no second fastest, the fastest stands for it */
        sum += second && next != UINT64_MAX ? next : best;
        ++*queries;
    }
    return sum;
}
