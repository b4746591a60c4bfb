/* SPDX-License-Identifier: MIT */
/* Read a batch, compute it in parallel, consume it in order; repeat (batch_loop.h).
 * A batch is filled from as many files as it takes: the shared data's files hold
 * 125 queries each, and a batch per file left all but two threads idle on them,
 * with a barrier per file (45 per run). */
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

/* The queries of one file in the batch: batch[first .. first + count). */
typedef struct segment {
    size_t file, first, count;
} segment;

typedef struct loop_state {
    const ccd_batch_loop *loop;
    const ccd_dataset *ds;
    int threads;
    void **tls;         /* per OpenMP thread number; made lazily by that thread */
    unsigned char *slots;
    ccd_error *errors;  /* per thread: the error of its earliest failing query */
    size_t *error_at;   /* per thread: index of that query (SIZE_MAX: none) */
    size_t capacity;    /* queries per batch, slots allocated */
    segment *segments;  /* of the batch at hand, in file order */
    size_t segment_count;
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

/* Queries per chunk of a batch of count: the loop's chunk_size, else count / (16 ×
 * threads) within [16, 1024].  Sixteen chunks a thread, because a few queries
 * take most of the time (on the shared data, the 100 slowest of 21,246 take two
 * thirds of tight-inclusion's), and a chunk that holds several of them finishes
 * last: replaying the per-query times of a one-thread run, 2 threads are 1.85x
 * one at 4 chunks a thread, 1.93x at 16.  At least 16 queries, so that a run of
 * calls is long enough to time (bench/cpu_span.h).  From the batch, not its
 * capacity: a batch of 120 queries was one chunk of a 4096-query capacity at 2
 * threads, run by one thread while the other waited.  Chunks are also cut where
 * a file ends. */
static size_t chunk_of(const loop_state *s, size_t count)
{
    if (s->loop->chunk_size)
        return s->loop->chunk_size;
    const size_t share = (count + 16 * (size_t)s->threads - 1) / (16 * (size_t)s->threads);
    return share < 16 ? 16 : share > 1024 ? 1024 : share;
}

/* compute_chunk over the batch: each thread takes a chunk at a time.  Chunks are
 * cut from the batch alone, at most `chunk` queries of one file each (so that a
 * chunk's queries are consecutive queries of one file); the earliest error kept
 * as in compute_queries. */
static void compute_chunks(loop_state *s, const ccd_batch *b)
{
    const ccd_batch_loop *loop = s->loop;
    const size_t chunk = chunk_of(s, b->count);
    /* chunk c of the batch: segment seg_of[c], from start_of[c] */
    long chunks = 0;
    for (size_t g = 0; g < s->segment_count; g++)
        chunks += (long)((s->segments[g].count + chunk - 1) / chunk);
#pragma omp parallel for num_threads(s->threads) schedule(dynamic, 1)
    for (long c = 0; c < chunks; c++) {
        int t = omp_get_thread_num();
        CCD_ASSERT(t >= 0 && t < s->threads);
        /* the segment of chunk c: a short walk (a batch has few segments) */
        size_t g = 0, k = (size_t)c;
        while (k >= (s->segments[g].count + chunk - 1) / chunk)
            k -= (s->segments[g].count + chunk - 1) / chunk, g++;
        const segment *seg = &s->segments[g];
        size_t first = seg->first + k * chunk;
        size_t end = seg->first + seg->count;
        size_t count = end - first < chunk ? end - first : chunk;
        ccd_error e;
        size_t failed = 0;
        ccd_status st = CCD_OK;
        if (!s->tls[t] && loop->thread_new)
            st = loop->thread_new(&s->tls[t], &e, loop->ctx);
        if (st == CCD_OK)
            st = loop->compute_chunk(s->slots + first * loop->slot_size, &failed, &e,
                                     &s->ds->files[seg->file], &b->queries[first],
                                     &b->labels[first], count, s->tls[t], loop->ctx);
        CCD_ASSERT(st == CCD_OK || failed < count);
        if (st != CCD_OK && first + failed < s->error_at[t]) {
            e.status = st;
            s->error_at[t] = first + failed;
            s->errors[t] = e;
        }
    }
}

/* The segment that holds query i of the batch. */
static const segment *segment_of(const loop_state *s, size_t i)
{
    size_t lo = 0, hi = s->segment_count; /* the last segment whose first <= i */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->segments[mid].first <= i)
            lo = mid;
        else
            hi = mid;
    }
    CCD_ASSERT(i >= s->segments[lo].first && i < s->segments[lo].first + s->segments[lo].count);
    return &s->segments[lo];
}

/* compute over queries: each thread takes 16 at a time. */
static void compute_queries(loop_state *s, const ccd_batch *b)
{
    const ccd_batch_loop *loop = s->loop;
    long n = (long)b->count;
#pragma omp parallel for num_threads(s->threads) schedule(dynamic, 16)
    for (long i = 0; i < n; i++) {
        int t = omp_get_thread_num();
        CCD_ASSERT(t >= 0 && t < s->threads);
        ccd_error e;
        ccd_status st = CCD_OK;
        if (!s->tls[t] && loop->thread_new)
            st = loop->thread_new(&s->tls[t], &e, loop->ctx);
        if (st == CCD_OK)
            st = loop->compute(s->slots + (size_t)i * loop->slot_size, &e,
                               &s->ds->files[segment_of(s, (size_t)i)->file], &b->queries[i],
                               b->labels[i], s->tls[t], loop->ctx);
        /* Each thread keeps the error of its earliest failing query; the earliest
         * over all threads is then the same whatever the thread count. */
        if (st != CCD_OK && (size_t)i < s->error_at[t]) {
            e.status = st;
            s->error_at[t] = (size_t)i;
            s->errors[t] = e;
        }
    }
}

static ccd_status compute_batch(loop_state *s, const ccd_batch *b, ccd_error *err)
{
    for (int t = 0; t < s->threads; t++)
        s->error_at[t] = SIZE_MAX;
    CCD_ASSERT(b->count <= s->capacity); /* the reader fills at most the capacity */
    if (s->loop->compute_chunk)
        compute_chunks(s, b);
    else
        compute_queries(s, b);
    int who = -1;
    for (int t = 0; t < s->threads; t++)
        if (s->error_at[t] != SIZE_MAX && (who < 0 || s->error_at[t] < s->error_at[who]))
            who = t;
    if (who < 0)
        return CCD_OK;
    *err = s->errors[who];
    return err->status;
}

static ccd_status consume_batch(loop_state *s, const ccd_batch *b, ccd_error *err)
{
    const ccd_batch_loop *loop = s->loop;
    for (size_t g = 0; g < s->segment_count; g++) {
        const segment *seg = &s->segments[g];
        if (seg->file != s->consuming)
            s->consuming = seg->file, s->next_index = 0;
        for (size_t i = seg->first; i < seg->first + seg->count; i++) {
            /* in file order, each query once: what makes the output independent
             * of the thread count */
            CCD_ASSERT(b->queries[i].index == s->next_index);
            s->next_index++;
            ccd_status st = loop->consume(loop->ctx, err, seg->file, &b->queries[i],
                                          b->labels[i], s->slots + i * loop->slot_size);
            if (st != CCD_OK)
                return st;
        }
    }
    return CCD_OK;
}

/* Fills the batch from the open file and the files after it, up to its
 * capacity, recording a segment per file; with a prepare callback, from one file
 * only (it takes the batch of one file).  A file that fails to read stops the
 * filling: the batch keeps the queries read before, and the error is returned
 * with them (*read_failed), to be reported once they are consumed. */
static ccd_status fill_batch(loop_state *s, ccd_batch *b, ccd_error *err, int *read_failed)
{
    b->count = 0;
    s->segment_count = 0;
    *read_failed = 0;
    ccd_batch_store_reset(b->store);
    while (b->count < b->capacity) {
        if (!s->reader) {
            if (s->next_file >= s->end_file || (s->loop->prepare && s->segment_count > 0))
                break;
            const ccd_dataset_file *f = &s->ds->files[s->next_file];
            ccd_status st = ccd_reader_open(&s->reader, err, f->csv_path, f->labels_path, f->kind);
            if (st != CCD_OK) {
                *read_failed = 1;
                return st;
            }
            ccd_reader_set_max_digits(s->reader, s->ds->max_digits);
            s->reading = s->next_file++;
        }
        const size_t before = b->count;
        ccd_status st = ccd_reader_read_more(b, err, s->reader);
        if (st != CCD_OK) {
            *read_failed = 1;
            return st;
        }
        if (b->count > before) {
            CCD_ASSERT(s->segment_count < b->capacity); /* each holds a query at least */
            s->segments[s->segment_count++] =
                (segment){.file = s->reading, .first = before, .count = b->count - before};
        }
        if (b->count < b->capacity || b->count == before) { /* the file is done */
            ccd_reader_close(s->reader);
            s->reader = NULL;
            s->bytes_closed += file_size(s->ds->files[s->reading].csv_path);
        }
    }
    return CCD_OK;
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
    s.slots = calloc(capacity, loop->slot_size ? loop->slot_size : 1);
    s.segments = calloc(capacity, sizeof *s.segments);
    ccd_batch b;
    int have_batch = 0;
    ccd_status st;
    if (!s.tls || !s.errors || !s.error_at || !s.slots || !s.segments) {
        st = ccd_error_oom(err, "ccdbench");
        goto done;
    }
    if ((st = ccd_batch_init(&b, capacity)) != CCD_OK) {
        st = ccd_error_set(err, st, "ccdbench", 0, 0, "cannot allocate a batch of %zu queries",
                           capacity);
        goto done;
    }
    have_batch = 1;
    for (size_t i = 0; i < ds->count; i++)
        s.total_bytes += file_size(ds->files[i].csv_path);
    s.end_file = loop->file_end ? loop->file_end : ds->count;
    CCD_ASSERT(loop->file_begin <= s.end_file && s.end_file <= ds->count);
    s.next_file = loop->file_begin;
    for (size_t i = 0; i < loop->file_begin; i++) /* not run: counted as done */
        s.bytes_closed += file_size(ds->files[i].csv_path);
    for (;;) {
        int read_failed;
        ccd_error read_err;
        ccd_status read_st = fill_batch(&s, &b, &read_err, &read_failed);
        if (b.count > 0) {
            if (loop->prepare) {
                CCD_ASSERT(s.segment_count == 1);
                st = loop->prepare(loop->ctx, err, &ds->files[s.segments[0].file], &b);
            }
            if (st == CCD_OK)
                st = compute_batch(&s, &b, err);
            if (st == CCD_OK)
                st = consume_batch(&s, &b, err);
            if (st != CCD_OK)
                break;
            if (loop->progress) {
                uint64_t done = s.bytes_closed;
                if (s.reader) {
                    uint64_t size = file_size(ds->files[s.reading].csv_path);
                    uint64_t in_file = ccd_reader_source_bytes(s.reader); /* compressed on .gz */
                    done += in_file < size ? in_file : size;
                }
                loop->progress(loop->ctx, &ds->files[s.segments[s.segment_count - 1].file], done,
                               s.total_bytes);
            }
        }
        if (read_failed) {
            *err = read_err;
            st = read_st;
            break;
        }
        if (b.count == 0)
            break;
    }
    if (st == CCD_OK && loop->progress) /* the files after end_file are not done */
        loop->progress(loop->ctx, NULL, s.end_file == ds->count ? s.total_bytes : s.bytes_closed,
                       s.total_bytes);
done:
    if (s.reader)
        ccd_reader_close(s.reader);
    if (have_batch)
        ccd_batch_free(&b);
    if (s.tls && loop->thread_free)
        for (int t = 0; t < s.threads; t++)
            if (s.tls[t])
                loop->thread_free(s.tls[t], loop->ctx);
    free(s.tls);
    free(s.errors);
    free(s.error_at);
    free(s.slots);
    free(s.segments);
    return st;
}
