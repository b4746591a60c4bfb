/* SPDX-License-Identifier: MIT */
/* The batch loop's schedule replayed in simulated time (schedule_replay.h). */
#include <config.h>

#include "bench/schedule_replay.h"
#include "bench/result_file.h"
#include "bench/work_queue.h"
#include "core/assert.h"
#include "core/error.h"

#include <stdlib.h>
#include <string.h>

/* A simulated thread: idle, or computing a chunk until `end`. */
typedef struct worker {
    int busy;
    uint64_t end, cost;
    size_t slot, count;
} worker;

/* What the service does when it runs: consume the computed batches in order,
 * then open batches while the ring has room. */
static void serve(ccd_work_ring *ring, uint64_t *start_of_slot, size_t *opened, size_t count,
                  size_t batch_size)
{
    while (ccd_work_ready(ring) >= 0)
        ccd_work_consume(ring);
    while (*opened * batch_size < count && ccd_work_room(ring)) {
        const uint64_t start = (uint64_t)*opened * batch_size;
        const size_t n = count - start < batch_size ? (size_t)(count - start) : batch_size;
        start_of_slot[ccd_work_publish(ring, start, n)] = start;
        ++*opened;
    }
}

ccd_status ccd_schedule_replay(uint64_t *makespan_ns, size_t *chunks, ccd_error *err,
                               const uint64_t *cost_ns, size_t count, int threads,
                               size_t batch_size, int expected)
{
    CCD_ASSERT(threads >= 1);
    if (!batch_size)
        batch_size = CCD_WORK_BATCH;
    worker *w = calloc((size_t)threads, sizeof *w);
    if (!w)
        return ccd_error_oom(err, "ccdbench");
    ccd_work_ring ring;
    ccd_work_ring_init(&ring, 0);
    if (expected)
        ring.expected = cost_ns, ring.expected_count = count;
    uint64_t start_of_slot[CCD_WORK_RING] = {0};
    size_t opened = 0, taken = 0;
    uint64_t now = 0;
    serve(&ring, start_of_slot, &opened, count, batch_size);
    for (;;) {
        /* every idle thread takes a chunk, in thread order */
        for (int t = 0; t < threads; t++) {
            if (w[t].busy)
                continue;
            size_t slot, first;
            const size_t n = ccd_work_take(&ring, &slot, &first);
            if (n == 0)
                break;
            uint64_t cost = 0;
            for (size_t i = 0; i < n; i++)
                cost += cost_ns[start_of_slot[slot] + first + i];
            w[t] = (worker){.busy = 1, .end = now + cost, .cost = cost, .slot = slot, .count = n};
            taken++;
        }
        /* the next chunk to end */
        int next = -1;
        for (int t = 0; t < threads; t++)
            if (w[t].busy && (next < 0 || w[t].end < w[next].end))
                next = t;
        if (next < 0)
            break; /* nothing computing and nothing to take: the pass is over */
        now = w[next].end;
        w[next].busy = 0;
        ccd_work_cost_add(&ring, w[next].cost, w[next].count);
        ccd_work_done(&ring, w[next].slot, w[next].count);
        serve(&ring, start_of_slot, &opened, count, batch_size);
    }
    CCD_ASSERT(opened * batch_size >= count && ccd_work_ready(&ring) < 0);
    free(w);
    *makespan_ns = now;
    if (chunks)
        *chunks = taken;
    return CCD_OK;
}

/* The integer member `name` of a per-query record (the reader checked it). */
static uint64_t member(const ccd_json *record, const char *name)
{
    const ccd_json *v = ccd_json_get(record, name);
    return v && v->type == CCD_JSON_NUMBER ? strtoull(v->text, NULL, 10) : 0;
}

ccd_status ccd_schedule_costs(uint64_t **cost, size_t *count, ccd_error *err,
                              const ccd_result_doc *doc)
{
    *cost = NULL;
    *count = 0;
    if (doc->run_count == 0 || !doc->runs[0].queries)
        return ccd_error_set(err, CCD_ERR_INPUT, doc->path, 0, 0,
                             "no per-query records (write it with run --per-query)");
    const size_t n = doc->runs[0].queries->count;
    uint64_t *c = calloc(n ? n : 1, sizeof *c);
    if (!c)
        return ccd_error_oom(err, doc->path);
    for (size_t r = 0; r < doc->run_count; r++) {
        const ccd_json *records = doc->runs[r].queries;
        if (!records || records->count != n) {
            free(c);
            return ccd_error_set(err, CCD_ERR_INPUT, doc->path, 0, 0,
                                 "run %zu has not the per-query records of run 1", r + 1);
        }
        for (size_t i = 0; i < n; i++) {
            const ccd_json *q = records->items[i], *first = doc->runs[0].queries->items[i];
            if (member(q, "file") != member(first, "file") ||
                member(q, "index") != member(first, "index")) {
                free(c);
                return ccd_error_set(err, CCD_ERR_INPUT, doc->path, q->line, q->column,
                                     "run %zu's records are not of run 1's queries", r + 1);
            }
            const ccd_json *results = ccd_json_get(q, "results");
            for (size_t m = 0; results && m < results->count; m++)
                c[i] += member(results->items[m], "time_ns");
            c[i] += member(q, "truth_time_ns");
        }
    }
    *cost = c;
    *count = n;
    return CCD_OK;
}

ccd_status ccd_schedule_costs_of(uint64_t **cost, size_t *count, ccd_error *err,
                                 const char *path, const ccd_dataset *ds)
{
    ccd_result_doc doc;
    ccd_status st = ccd_result_read(&doc, err, path);
    if (st != CCD_OK)
        return st;
    int same = doc.header.file_count == ds->count;
    for (size_t f = 0; same && f < ds->count; f++)
        same = strcmp(doc.header.files[f], ds->files[f].csv_path) == 0;
    if (!same)
        st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                           "not a result of this data: its files are not this run's files");
    if (st == CCD_OK)
        st = ccd_schedule_costs(cost, count, err, &doc);
    ccd_result_doc_free(&doc);
    return st;
}
