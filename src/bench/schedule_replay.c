/* SPDX-License-Identifier: MIT */
/* The batch loop's schedule replayed in simulated time (schedule_replay.h). */
#include <config.h>

#include "bench/schedule_replay.h"
#include "bench/result_file.h"
#include "bench/work_queue.h"
#include "query/read_ahead.h"
#include "core/assert.h"
#include "core/error.h"

#include <stdlib.h>
#include <string.h>

/* A simulated thread: idle, or busy until `end` computing a chunk, parsing a
 * piece, reading a block of the input ahead of the cutting, or doing the
 * service (consuming the computed batches, publishing the parsed ones, then
 * opening one: cutting its pieces). */
typedef struct worker {
    int busy, service, parse, load;
    uint64_t end, cost;
    size_t slot, count; /* the chunk; the batch of the piece, or of the cut */
    int opening;        /* the service: opens a batch, */
    size_t cuts;        /* whose pieces still to cut after this one */
} worker;

/* The simulated pass: the loop's ring, where the batches start in the pass,
 * the batches opened (published ≤ opened; the one being cut is opened) and
 * their pieces taken, cut (handed out) and not parsed, and the costs of a
 * batch: the service's (its share of the cutting and consuming) and a
 * piece's parsing. */
typedef struct pass {
    ccd_work_ring ring;
    uint64_t start_of_slot[CCD_WORK_RING];
    size_t pieces_next[CCD_WORK_RING], pieces_cut[CCD_WORK_RING], pieces_left[CCD_WORK_RING];
    const ccd_schedule_work *work;
    size_t opened, batches, count, batch_size;
    uint64_t cut_ns, consume_ns, piece_ns; /* cutting a piece, consuming a batch, parsing a piece */
    int serving; /* a thread is in the service */
    /* The input's reading (query/read_ahead.h), in blocks of CCD_AHEAD_BLOCK
     * bytes of the pass's input, spread evenly over its pieces: each block's
     * state (0 not read, 1 being read, until block_end, 2 read), the cost of
     * reading one, whether threads read ahead (more than one), the next to
     * read ahead, the blocks the cutter has passed, the next piece it cuts. */
    unsigned char *block_state;
    uint64_t *block_end;
    uint64_t block_ns;
    size_t blocks, pieces, next_block, blocks_taken, next_piece;
    int read_ahead;
} pass;

/* The cost of cutting the next piece from `start`: its cutting, and first the
 * blocks of the input it needs that are not read yet, waited for while a
 * thread reads them ahead, else read by the cutter (ccd_read_ahead_take). */
static uint64_t cut_cost(pass *p, uint64_t start)
{
    const size_t g = p->next_piece++;
    CCD_ASSERT(g < p->pieces || p->blocks == 0);
    /* the blocks up to the piece's end: blocks × (g + 1) / pieces, rounded up */
    size_t need = p->blocks ? (size_t)(((uint64_t)p->blocks * (g + 1) + p->pieces - 1) / p->pieces)
                            : 0;
    uint64_t t = start;
    for (size_t j = p->blocks_taken; j < need; j++) {
        if (p->block_state[j] == 1 && p->block_end[j] > t)
            t = p->block_end[j];
        else if (p->block_state[j] == 0)
            t += p->block_ns;
        p->block_state[j] = 2;
    }
    if (need > p->blocks_taken)
        p->blocks_taken = need;
    if (p->next_block < p->blocks_taken) /* what the cutter read is not read ahead */
        p->next_block = p->blocks_taken;
    return t - start + p->cut_ns;
}

/* A block to read ahead of the cutter, as ccd_read_ahead_some: the next, while
 * fewer than CCD_AHEAD_BLOCKS wait for the cutter; -1 when none. */
static long take_block(pass *p)
{
    if (!p->read_ahead || p->next_block >= p->blocks ||
        p->next_block - p->blocks_taken >= CCD_AHEAD_BLOCKS)
        return -1;
    return (long)p->next_block++;
}

/* The queries of batch b. */
static size_t batch_count(const pass *p, size_t b)
{
    const uint64_t start = (uint64_t)b * p->batch_size;
    return p->count - start < p->batch_size ? (size_t)(p->count - start) : p->batch_size;
}

/* The first of ends[0 .. count) (increasing) above i, count when none. */
static size_t ends_after(const uint64_t *ends, size_t count, uint64_t i)
{
    size_t lo = 0, hi = count;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (ends[mid] <= i)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Publishes the opened batches whose pieces are all parsed, in order. */
static int publish(pass *p)
{
    int did = 0;
    size_t b;
    while ((b = atomic_load(&p->ring.published)) < p->opened &&
           p->pieces_left[b % CCD_WORK_RING] == 0) {
        const uint64_t start = (uint64_t)b * p->batch_size;
        const size_t n = batch_count(p, b);
        /* the batch's file ends: those in (start, start + n) */
        const uint64_t *ends = p->work->file_ends;
        const size_t from = ends_after(ends, p->work->file_ends_count, start);
        const size_t to = ends_after(ends, p->work->file_ends_count, start + n - 1);
        /* its first file began in a batch before unless a file ends at start */
        const size_t at = ends_after(ends, p->work->file_ends_count, start - 1);
        const int continues = start > 0 && !(at < p->work->file_ends_count && ends[at] == start);
        p->start_of_slot[ccd_work_publish(&p->ring, start, n, ends ? ends + from : NULL,
                                          to - from, continues)] = start;
        did = 1;
    }
    return did;
}

/* Whether a batch can be opened: one is left, the ring has room and fewer
 * than CCD_WORK_TEXTS are waiting for their pieces. */
static int can_open(pass *p)
{
    return p->opened < p->batches && p->opened - atomic_load(&p->ring.consumed) < CCD_WORK_RING &&
           p->opened - atomic_load(&p->ring.published) < CCD_WORK_TEXTS;
}

/* The pieces of batch b. */
static size_t pieces_of(const pass *p, size_t b)
{
    return (batch_count(p, b) + CCD_WORK_PIECE - 1) / CCD_WORK_PIECE;
}

/* What the service would do now: consume every computed batch, in order,
 * publish the parsed ones, then open the next batch if the ring has room
 * (its slot: *slot).  Returns its cost up to the end of the first piece it
 * cuts, the pieces left to cut after it (*cuts), and whether there was
 * anything to do; each piece is handed out as it is cut, and the batches
 * parsed meanwhile published (piece_cut, as the loop's hand_out and
 * publish_parsed). */
static int service_begin(uint64_t *cost, int *opening, size_t *slot, size_t *cuts, pass *p,
                         uint64_t now)
{
    size_t consumed = 0;
    while (ccd_work_ready(&p->ring) >= 0) {
        ccd_work_consume(&p->ring);
        consumed++;
    }
    const int published = publish(p), open = can_open(p);
    *cost = consumed * p->consume_ns;
    *opening = open;
    *cuts = 0;
    if (open) { /* opened before its pieces are cut */
        *cost += cut_cost(p, now + *cost);
        *slot = p->opened % CCD_WORK_RING;
        *cuts = pieces_of(p, p->opened) - 1;
        p->pieces_next[*slot] = p->pieces_cut[*slot] = 0;
        p->pieces_left[*slot] = pieces_of(p, p->opened);
        p->opened++;
    }
    return consumed > 0 || published || open;
}

/* A piece of the batch in `slot` cut by the service: handed out, and the
 * batches parsed meanwhile published. */
static void piece_cut(pass *p, size_t slot)
{
    p->pieces_cut[slot]++;
    publish(p);
}

/* Takes a piece of the oldest opened batch with one cut and not taken: its
 * batch's slot, or -1. */
static long take_piece(pass *p)
{
    for (size_t b = atomic_load(&p->ring.published); b < p->opened; b++) {
        const size_t slot = b % CCD_WORK_RING;
        if (p->pieces_next[slot] < p->pieces_cut[slot]) {
            p->pieces_next[slot]++;
            return (long)slot;
        }
    }
    return -1;
}

ccd_status ccd_schedule_replay(uint64_t *makespan_ns, size_t *chunks, ccd_error *err,
                               const ccd_schedule_work *costs, int threads,
                               size_t batch_size, int expected)
{
    CCD_ASSERT(threads >= 1);
    worker *w = calloc((size_t)threads, sizeof *w);
    pass *p = calloc(1, sizeof *p);
    if (!w || !p) {
        free(w);
        free(p);
        return ccd_error_oom(err, "ccdbench");
    }
    p->work = costs;
    p->batch_size = batch_size ? batch_size : CCD_WORK_BATCH;
    p->count = costs->count;
    p->batches = (costs->count + p->batch_size - 1) / p->batch_size;
    if (p->batches) {
        for (size_t b = 0; b < p->batches; b++)
            p->pieces += pieces_of(p, b);
        p->cut_ns = costs->read_ns / p->pieces;
        p->consume_ns = costs->consume_ns / p->batches;
        p->piece_ns = costs->parse_ns / ((costs->count + CCD_WORK_PIECE - 1) / CCD_WORK_PIECE);
        /* the reading, in a result file that timed it apart from the cutting */
        p->blocks = (size_t)((costs->load_bytes + CCD_AHEAD_BLOCK - 1) / CCD_AHEAD_BLOCK);
        p->block_ns = p->blocks ? costs->load_ns / p->blocks : 0;
        p->read_ahead = threads > 1; /* as the loop: on one thread, the cutter reads */
    }
    p->block_state = calloc(p->blocks ? p->blocks : 1, 1);
    p->block_end = calloc(p->blocks ? p->blocks : 1, sizeof *p->block_end);
    if (!p->block_state || !p->block_end) {
        free(p->block_state);
        free(p->block_end);
        free(w);
        free(p);
        return ccd_error_oom(err, "ccdbench");
    }
    ccd_work_ring_init(&p->ring, 0);
    ccd_expected_costs heavy = {0}; /* as the run keeps them (cost cache, --costs) */
    if (expected) {
        if (ccd_expected_costs_of(&heavy, costs->cost_ns, costs->count) != 0 ||
            ccd_work_ring_expect(&p->ring, &heavy) != 0) {
            ccd_expected_costs_free(&heavy);
            free(p->block_state);
            free(p->block_end);
            free(w);
            free(p);
            return ccd_error_oom(err, "ccdbench");
        }
    }
    size_t taken = 0;
    uint64_t now = 0;
    for (;;) {
        /* every idle thread, in thread order: the service if it is free and
         * has work (as the loop tries it first), else a piece, else a block
         * to read ahead, else a chunk */
        for (int t = 0; t < threads; t++) {
            if (w[t].busy)
                continue;
            uint64_t cost;
            int opening;
            size_t slot = 0, cuts;
            if (!p->serving && service_begin(&cost, &opening, &slot, &cuts, p, now)) {
                p->serving = 1;
                w[t] = (worker){.busy = 1, .service = 1, .end = now + cost, .opening = opening,
                                .slot = slot, .cuts = cuts};
                continue;
            }
            const long piece = take_piece(p);
            if (piece >= 0) {
                w[t] = (worker){.busy = 1, .parse = 1, .end = now + p->piece_ns,
                                .slot = (size_t)piece};
                continue;
            }
            const long block = take_block(p);
            if (block >= 0) {
                p->block_state[block] = 1;
                p->block_end[block] = now + p->block_ns;
                w[t] = (worker){.busy = 1, .load = 1, .end = now + p->block_ns,
                                .slot = (size_t)block};
                continue;
            }
            size_t first;
            const size_t n = ccd_work_take(&p->ring, &slot, &first);
            if (n == 0)
                continue;
            cost = 0;
            for (size_t i = 0; i < n; i++)
                cost += costs->cost_ns[p->start_of_slot[slot] + first + i];
            w[t] = (worker){.busy = 1, .end = now + cost, .cost = cost, .slot = slot, .count = n};
            taken++;
        }
        /* the next to end */
        int next = -1;
        for (int t = 0; t < threads; t++)
            if (w[t].busy && (next < 0 || w[t].end < w[next].end))
                next = t;
        if (next < 0)
            break; /* nothing busy and nothing to do: the pass is over */
        now = w[next].end;
        w[next].busy = 0;
        if (w[next].service && w[next].cuts > 0) { /* a piece cut: hand it out, cut the next */
            piece_cut(p, w[next].slot);
            w[next].busy = 1;
            w[next].end = now + cut_cost(p, now);
            w[next].cuts--;
        } else if (w[next].service) {
            if (w[next].opening) /* the last piece too */
                piece_cut(p, w[next].slot);
            p->serving = 0;
        } else if (w[next].parse) {
            p->pieces_left[w[next].slot]--;
        } else if (w[next].load) {
            p->block_state[w[next].slot] = 2; /* unless the cutter took it meanwhile: 2 too */
        } else {
            ccd_work_cost_add(&p->ring.cost, w[next].cost, w[next].count);
            ccd_work_done(&p->ring, w[next].slot, w[next].count);
        }
    }
    CCD_ASSERT(p->opened == p->batches && ccd_work_ready(&p->ring) < 0);
    ccd_work_ring_free(&p->ring);
    ccd_expected_costs_free(&heavy);
    free(p->block_state);
    free(p->block_end);
    free(w);
    free(p);
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

ccd_status ccd_schedule_costs(ccd_schedule_work *costs, ccd_error *err,
                              const ccd_result_doc *doc)
{
    memset(costs, 0, sizeof *costs);
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
    /* the files' ends: where a query's file differs from the one before */
    size_t ends = 0;
    for (size_t i = 1; i < n; i++)
        ends += member(doc->runs[0].queries->items[i], "file") !=
                member(doc->runs[0].queries->items[i - 1], "file");
    uint64_t *file_ends = ends ? malloc(ends * sizeof *file_ends) : NULL;
    if (ends && !file_ends) {
        free(c);
        return ccd_error_oom(err, doc->path);
    }
    for (size_t i = 1, k = 0; i < n; i++)
        if (member(doc->runs[0].queries->items[i], "file") !=
            member(doc->runs[0].queries->items[i - 1], "file"))
            file_ends[k++] = i;
    costs->cost_ns = c;
    costs->count = n;
    costs->file_ends = file_ends;
    costs->file_ends_count = ends;
    /* the runs of a file share one pass: its reading and consuming are run 1's */
    costs->read_ns = (uint64_t)(doc->runs[0].stats.read_seconds * 1e9);
    costs->parse_ns = (uint64_t)(doc->runs[0].stats.parse_seconds * 1e9);
    costs->load_ns = (uint64_t)(doc->runs[0].stats.load_seconds * 1e9);
    costs->load_bytes = doc->runs[0].stats.load_bytes;
    /* the run the replay predicts is the run without its per-query records:
     * their writing (by the service) is the instrument, not the workload */
    const double consume = doc->runs[0].stats.consume_seconds - doc->runs[0].stats.records_seconds;
    costs->consume_ns = consume > 0 ? (uint64_t)(consume * 1e9) : 0;
    costs->records_ns = (uint64_t)(doc->runs[0].stats.records_seconds * 1e9);
    return CCD_OK;
}

void ccd_schedule_work_free(ccd_schedule_work *costs)
{
    free(costs->cost_ns);
    free(costs->file_ends);
    costs->cost_ns = NULL;
    costs->file_ends = NULL;
}

ccd_status ccd_schedule_costs_of(ccd_schedule_work *costs, ccd_error *err,
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
        st = ccd_schedule_costs(costs, err, &doc);
    ccd_result_doc_free(&doc);
    return st;
}
