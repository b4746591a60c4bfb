/* SPDX-License-Identifier: MIT */
/*
 * Read a batch, compute it in parallel, consume it in order; repeat
 * (batch_loop.h).  Two things keep every thread at work:
 *
 * - A batch is filled from as many files as it takes.  The shared data's files
 *   hold 125 queries each, and a batch per file left all but two threads idle
 *   on them, with a barrier per file (45 per run).
 * - Reading and consuming overlap computing.  Two batches take turns: while the
 *   team computes the chunks of batch k (OpenMP tasks), the thread that made
 *   the tasks consumes batch k - 1 and reads batch k + 1 into its buffer, then
 *   joins the computing.  Reading and consuming are serial (in file order),
 *   about a tenth of a one-thread run of tight-inclusion on the shared data: done
 *   between the batches, they alone kept 2 threads from twice one's speed.
 *
 * With a prepare callback (methods in child processes, which works on a whole
 * batch before its computing) the steps run one after the other, as prepare
 * and the consumer share the batch at hand.
 */
#include <config.h>

#include "bench/batch_loop.h"
#include "core/error.h"
#include "core/assert.h"
#include "query/batch_store.h"
#include "query/reader_memory.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The queries of one file in a batch: queries[first .. first + count). */
typedef struct segment {
    size_t file, first, count;
} segment;

/* A batch with what the loop knows of it. */
typedef struct buffer {
    ccd_batch batch;
    unsigned char *slots; /* the result slot of every query */
    segment *segments;    /* in file order, each with a query at least */
    size_t segment_count;
    uint64_t done_bytes; /* input read once this batch was filled (progress) */
    /* A read error met while filling it: reported after its queries (read before
     * the error) are consumed. */
    int read_failed;
    ccd_error read_error;
} buffer;

typedef struct loop_state {
    const ccd_batch_loop *loop;
    const ccd_dataset *ds;
    int threads;
    void **tls;        /* per OpenMP thread number; made lazily by that thread */
    ccd_error *errors; /* per thread: the error of its earliest failing query */
    size_t *error_at;  /* per thread: index of that query (SIZE_MAX: none) */
    size_t capacity;   /* queries per batch */
    buffer buffers[2];
    /* reading: the file open (reader NULL: none), the next to open, the end */
    ccd_reader *reader;
    size_t reading, next_file, end_file;
    uint64_t bytes_closed; /* input bytes of the files done or not run */
    uint64_t total_bytes;
    /* consuming: the file of the last query consumed and its next index */
    size_t consuming;
    uint64_t next_index;
} loop_state;

static uint64_t file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (uint64_t)st.st_size : 0;
}

/* ------------------------------------------------------------------ reading */

/* Fills the buffer from the open file and the files after it, up to its
 * capacity, a segment per file; with a prepare callback, from one file only (it
 * takes the batch of one file).  A file that fails to read stops the filling:
 * the buffer keeps the queries read before, with the error (read_failed). */
static void fill(loop_state *s, buffer *u)
{
    ccd_batch *b = &u->batch;
    b->count = 0;
    u->segment_count = 0;
    u->read_failed = 0;
    ccd_batch_store_reset(b->store);
    while (b->count < b->capacity) {
        if (!s->reader) {
            if (s->next_file >= s->end_file || (s->loop->prepare && u->segment_count > 0))
                break;
            const ccd_dataset_file *f = &s->ds->files[s->next_file];
            if (ccd_reader_open(&s->reader, &u->read_error, f->csv_path, f->labels_path,
                                f->kind) != CCD_OK) {
                u->read_failed = 1;
                break;
            }
            ccd_reader_set_max_digits(s->reader, s->ds->max_digits);
            s->reading = s->next_file++;
        }
        const size_t before = b->count;
        if (ccd_reader_read_more(b, &u->read_error, s->reader) != CCD_OK) {
            u->read_failed = 1;
            break;
        }
        if (b->count > before) {
            CCD_ASSERT(u->segment_count < b->capacity); /* each holds a query at least */
            u->segments[u->segment_count++] =
                (segment){.file = s->reading, .first = before, .count = b->count - before};
        }
        if (b->count < b->capacity || b->count == before) { /* the file is done */
            ccd_reader_close(s->reader);
            s->reader = NULL;
            s->bytes_closed += file_size(s->ds->files[s->reading].csv_path);
        }
    }
    u->done_bytes = s->bytes_closed;
    if (s->reader) {
        const uint64_t size = file_size(s->ds->files[s->reading].csv_path);
        const uint64_t in_file = ccd_reader_source_bytes(s->reader); /* compressed on .gz */
        u->done_bytes += in_file < size ? in_file : size;
    }
}

/* ---------------------------------------------------------------- computing */

/* Queries per chunk of a batch of count: the loop's chunk_size, else count / (64 ×
 * threads) within [16, 1024] (32 at 2 threads, 16 from 4).  Many chunks a thread,
 * because a few queries take most of the time (on the shared data, the 100
 * slowest of 21,246 take two thirds of tight-inclusion's, and the oracle's slow
 * ones lie elsewhere), and a chunk that holds several of them finishes last: at
 * 2 threads, the first batch of the shared data took 0.99 s against 1.6 s at one
 * thread with chunks of 128, 0.77 s with chunks of 32.  At least 16 queries, so
 * that a run of calls is long enough to time (bench/cpu_span.h).  From the batch,
 * not its capacity: a batch of 120 queries was one chunk of a 4096-query capacity
 * at 2 threads, run by one thread while the other waited.  Chunks are also cut
 * where a file ends.  With compute (one query a call) instead of compute_chunk,
 * chunks of 16. */
static size_t chunk_of(const loop_state *s, size_t count)
{
    if (!s->loop->compute_chunk)
        return 16;
    if (s->loop->chunk_size)
        return s->loop->chunk_size;
    const size_t share = (count + 64 * (size_t)s->threads - 1) / (64 * (size_t)s->threads);
    return share < 16 ? 16 : share > 1024 ? 1024 : share;
}

/* Computes the slots of queries[first .. first + count) of the buffer, all of
 * file `file`, on the calling thread; keeps the thread's earliest error. */
static void compute_chunk(loop_state *s, buffer *u, size_t file, size_t first, size_t count)
{
    const ccd_batch_loop *loop = s->loop;
    const int t = omp_get_thread_num();
    CCD_ASSERT(t >= 0 && t < s->threads);
    const ccd_dataset_file *f = &s->ds->files[file];
    ccd_error e;
    ccd_status st = CCD_OK;
    size_t failed = 0; /* index in the chunk of the failing query */
    if (!s->tls[t] && loop->thread_new)
        st = loop->thread_new(&s->tls[t], &e, loop->ctx);
    if (st == CCD_OK && loop->compute_chunk) {
        st = loop->compute_chunk(u->slots + first * loop->slot_size, &failed, &e, f,
                                 &u->batch.queries[first], &u->batch.labels[first], count,
                                 s->tls[t], loop->ctx);
        CCD_ASSERT(st == CCD_OK || failed < count);
    } else if (st == CCD_OK) {
        for (failed = 0; failed < count && st == CCD_OK; failed++)
            st = loop->compute(u->slots + (first + failed) * loop->slot_size, &e, f,
                               &u->batch.queries[first + failed],
                               u->batch.labels[first + failed], s->tls[t], loop->ctx);
        failed--; /* the query that failed, when one did */
    }
    /* Each thread keeps the error of its earliest failing query; the earliest
     * over all threads is then the same whatever the thread count. */
    if (st != CCD_OK && first + failed < s->error_at[t]) {
        e.status = st;
        s->error_at[t] = first + failed;
        s->errors[t] = e;
    }
}

/* Makes one task per chunk of the buffer (the team runs them; taskwait waits). */
static void spawn_chunks(loop_state *s, buffer *u)
{
    for (int t = 0; t < s->threads; t++)
        s->error_at[t] = SIZE_MAX;
    CCD_ASSERT(u->batch.count <= s->capacity); /* the reader fills at most the capacity */
    const size_t chunk = chunk_of(s, u->batch.count);
    for (size_t g = 0; g < u->segment_count; g++) {
        const segment *seg = &u->segments[g];
        for (size_t first = seg->first; first < seg->first + seg->count; first += chunk) {
            const size_t end = seg->first + seg->count;
            const size_t count = end - first < chunk ? end - first : chunk;
            const size_t file = seg->file;
#pragma omp task firstprivate(first, count, file)
            compute_chunk(s, u, file, first, count);
        }
    }
}

/* After the tasks of a batch: the error of its earliest failing query. */
static ccd_status computed(const loop_state *s, ccd_error *err)
{
    int who = -1;
    for (int t = 0; t < s->threads; t++)
        if (s->error_at[t] != SIZE_MAX && (who < 0 || s->error_at[t] < s->error_at[who]))
            who = t;
    if (who < 0)
        return CCD_OK;
    *err = s->errors[who];
    return err->status;
}

/* ---------------------------------------------------------------- consuming */

/* Consumes the buffer's queries in order and reports progress; then its read
 * error, if filling it met one. */
static ccd_status consume(loop_state *s, buffer *u, ccd_error *err)
{
    const ccd_batch_loop *loop = s->loop;
    for (size_t g = 0; g < u->segment_count; g++) {
        const segment *seg = &u->segments[g];
        if (seg->file != s->consuming)
            s->consuming = seg->file, s->next_index = 0;
        for (size_t i = seg->first; i < seg->first + seg->count; i++) {
            /* in file order, each query once: what makes the output independent
             * of the thread count */
            CCD_ASSERT(u->batch.queries[i].index == s->next_index);
            s->next_index++;
            ccd_status st = loop->consume(loop->ctx, err, seg->file, &u->batch.queries[i],
                                          u->batch.labels[i], u->slots + i * loop->slot_size);
            if (st != CCD_OK)
                return st;
        }
    }
    if (loop->progress && u->segment_count > 0)
        loop->progress(loop->ctx, &s->ds->files[u->segments[u->segment_count - 1].file],
                       u->done_bytes, s->total_bytes);
    if (u->read_failed) {
        *err = u->read_error;
        return err->status;
    }
    return CCD_OK;
}

/* ------------------------------------------------------------------ the loop */

/* Without prepare: batch k computed by the team while this thread consumes
 * batch k - 1 and fills the buffer it held with batch k + 1.  Called by one
 * thread of the team (omp single); errors come in query order: batch k - 1's
 * consumer before batch k's computing, a read error after the queries read
 * before it. */
static ccd_status run_overlapped(loop_state *s, ccd_error *err)
{
    buffer *cur = &s->buffers[0], *prev = NULL;
    fill(s, cur);
    if (cur->batch.count == 0)
        return consume(s, cur, err); /* nothing, or the error of the first read */
    for (;;) {
        /* cur is filled; prev, when there is one, computed and not consumed */
        buffer *next = prev ? prev : &s->buffers[1];
        spawn_chunks(s, cur);
        ccd_status st = prev ? consume(s, prev, err) : CCD_OK;
        int more = 0;
        if (st == CCD_OK && !cur->read_failed) {
            fill(s, next);
            more = next->batch.count > 0 || next->read_failed;
        }
#pragma omp taskwait
        if (st != CCD_OK || (st = computed(s, err)) != CCD_OK)
            return st;
        if (!more)
            return consume(s, cur, err);
        prev = cur;
        cur = next;
    }
}

/* With prepare: read, prepare, compute, consume, one batch at a time. */
static ccd_status run_in_turn(loop_state *s, ccd_error *err)
{
    buffer *u = &s->buffers[0];
    for (;;) {
        fill(s, u);
        if (u->batch.count == 0)
            return u->read_failed ? (*err = u->read_error, err->status) : CCD_OK;
        CCD_ASSERT(u->segment_count == 1);
        ccd_status st = s->loop->prepare(s->loop->ctx, err, &s->ds->files[u->segments[0].file],
                                         &u->batch);
        if (st != CCD_OK)
            return st;
#pragma omp parallel num_threads(s->threads)
#pragma omp single
        spawn_chunks(s, u); /* the implicit barrier waits for the tasks */
        if ((st = computed(s, err)) != CCD_OK || (st = consume(s, u, err)) != CCD_OK)
            return st;
    }
}

ccd_status ccd_batch_loop_run(const ccd_batch_loop *loop, ccd_error *err, const ccd_dataset *ds)
{
    size_t capacity = loop->batch_size ? loop->batch_size : 4096;
    loop_state s = {.loop = loop, .ds = ds, .capacity = capacity, .consuming = SIZE_MAX};
    s.threads = loop->threads > 0 ? loop->threads : omp_get_max_threads();
    CCD_ASSERT(loop->compute || loop->compute_chunk);
    s.tls = calloc((size_t)s.threads, sizeof *s.tls);
    s.errors = calloc((size_t)s.threads, sizeof *s.errors);
    s.error_at = calloc((size_t)s.threads, sizeof *s.error_at);
    int batches = 0;
    ccd_status st = CCD_OK;
    if (!s.tls || !s.errors || !s.error_at)
        st = ccd_error_oom(err, "ccdbench");
    for (int k = 0; k < (loop->prepare ? 1 : 2) && st == CCD_OK; k++) {
        buffer *u = &s.buffers[k];
        u->slots = calloc(capacity, loop->slot_size ? loop->slot_size : 1);
        u->segments = calloc(capacity, sizeof *u->segments);
        if (!u->slots || !u->segments)
            st = ccd_error_oom(err, "ccdbench");
        else if ((st = ccd_batch_init(&u->batch, capacity)) != CCD_OK)
            st = ccd_error_set(err, st, "ccdbench", 0, 0,
                               "cannot allocate a batch of %zu queries", capacity);
        else
            batches++;
    }
    if (st == CCD_OK) {
        for (size_t i = 0; i < ds->count; i++)
            s.total_bytes += file_size(ds->files[i].csv_path);
        s.end_file = loop->file_end ? loop->file_end : ds->count;
        CCD_ASSERT(loop->file_begin <= s.end_file && s.end_file <= ds->count);
        s.next_file = loop->file_begin;
        for (size_t i = 0; i < loop->file_begin; i++) /* not run: counted as done */
            s.bytes_closed += file_size(ds->files[i].csv_path);
        if (loop->prepare) {
            st = run_in_turn(&s, err);
        } else {
#pragma omp parallel num_threads(s.threads)
#pragma omp single
            st = run_overlapped(&s, err);
        }
    }
    if (st == CCD_OK && loop->progress) /* the files after end_file are not done */
        loop->progress(loop->ctx, NULL, s.end_file == ds->count ? s.total_bytes : s.bytes_closed,
                       s.total_bytes);
    if (s.reader)
        ccd_reader_close(s.reader);
    for (int k = 0; k < 2; k++) {
        if (k < batches)
            ccd_batch_free(&s.buffers[k].batch);
        free(s.buffers[k].slots);
        free(s.buffers[k].segments);
    }
    if (s.tls && loop->thread_free)
        for (int t = 0; t < s.threads; t++)
            if (s.tls[t])
                loop->thread_free(s.tls[t], loop->ctx);
    free(s.tls);
    free(s.errors);
    free(s.error_at);
    return st;
}
