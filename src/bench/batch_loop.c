/* SPDX-License-Identifier: MIT */
/* Read a batch, compute it in parallel, consume it in order; repeat (batch_loop.h). */
#include <config.h>

#include "bench/batch_loop.h"
#include "core/error.h"
#include "core/assert.h"
#include "query/reader_memory.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct loop_state {
    const ccd_batch_loop *loop;
    int threads;
    void **tls;         /* per OpenMP thread number; made lazily by that thread */
    unsigned char *slots;
    ccd_error *errors;  /* per thread: the error of its earliest failing query */
    size_t *error_at;   /* per thread: index of that query (SIZE_MAX: none) */
    size_t capacity;    /* queries per batch, slots allocated */
    uint64_t next_index; /* index of the next query to consume in the current file */
} loop_state;

static uint64_t file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (uint64_t)st.st_size : 0;
}

/* Queries per chunk of a batch of count: the loop's chunk_size, else count / (4 ×
 * threads) within [16, 1024].  From the batch, not its capacity: a file of 120 queries
 * (as in the shipped generated set; most shared files hold 125) was one chunk of a
 * 4096-query capacity at 2 threads, run by one thread while the other waited. */
static size_t chunk_of(const loop_state *s, size_t count)
{
    if (s->loop->chunk_size)
        return s->loop->chunk_size;
    const size_t share = (count + 4 * (size_t)s->threads - 1) / (4 * (size_t)s->threads);
    return share < 16 ? 16 : share > 1024 ? 1024 : share;
}

/* compute_chunk over the batch: each thread takes a chunk at a time.  Chunks are
 * cut from the batch alone, the earliest error kept as in compute_queries. */
static void compute_chunks(loop_state *s, const ccd_batch *b, const ccd_dataset_file *f)
{
    const ccd_batch_loop *loop = s->loop;
    const size_t chunk = chunk_of(s, b->count);
    long chunks = (long)((b->count + chunk - 1) / chunk);
#pragma omp parallel for num_threads(s->threads) schedule(dynamic, 1)
    for (long c = 0; c < chunks; c++) {
        int t = omp_get_thread_num();
        CCD_ASSERT(t >= 0 && t < s->threads);
        size_t first = (size_t)c * chunk;
        size_t count = b->count - first < chunk ? b->count - first : chunk;
        ccd_error e;
        size_t failed = 0;
        ccd_status st = CCD_OK;
        if (!s->tls[t] && loop->thread_new)
            st = loop->thread_new(&s->tls[t], &e, loop->ctx);
        if (st == CCD_OK)
            st = loop->compute_chunk(s->slots + first * loop->slot_size, &failed, &e, f,
                                     &b->queries[first], &b->labels[first], count, s->tls[t],
                                     loop->ctx);
        CCD_ASSERT(st == CCD_OK || failed < count);
        if (st != CCD_OK && first + failed < s->error_at[t]) {
            e.status = st;
            s->error_at[t] = first + failed;
            s->errors[t] = e;
        }
    }
}

/* compute over queries: each thread takes 16 at a time. */
static void compute_queries(loop_state *s, const ccd_batch *b, const ccd_dataset_file *f)
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
            st = loop->compute(s->slots + (size_t)i * loop->slot_size, &e, f, &b->queries[i],
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

static ccd_status compute_batch(loop_state *s, const ccd_batch *b, const ccd_dataset_file *f,
                                ccd_error *err)
{
    for (int t = 0; t < s->threads; t++)
        s->error_at[t] = SIZE_MAX;
    CCD_ASSERT(b->count <= s->capacity); /* the reader fills at most the capacity */
    if (s->loop->compute_chunk)
        compute_chunks(s, b, f);
    else
        compute_queries(s, b, f);
    int who = -1;
    for (int t = 0; t < s->threads; t++)
        if (s->error_at[t] != SIZE_MAX && (who < 0 || s->error_at[t] < s->error_at[who]))
            who = t;
    if (who < 0)
        return CCD_OK;
    *err = s->errors[who];
    return err->status;
}

static ccd_status consume_batch(loop_state *s, const ccd_batch *b, size_t file, ccd_error *err)
{
    const ccd_batch_loop *loop = s->loop;
    for (size_t i = 0; i < b->count; i++) {
        /* in file order, each query once: what makes the output independent of
         * the thread count */
        CCD_ASSERT(b->queries[i].index == s->next_index);
        s->next_index++;
        ccd_status st = loop->consume(loop->ctx, err, file, &b->queries[i], b->labels[i],
                                      s->slots + i * loop->slot_size);
        if (st != CCD_OK)
            return st;
    }
    return CCD_OK;
}

static ccd_status run_file(loop_state *s, ccd_error *err, const ccd_dataset *ds, size_t file,
                           ccd_batch *b, uint64_t done_before, uint64_t total)
{
    const ccd_dataset_file *f = &ds->files[file];
    ccd_reader *r;
    ccd_status st = ccd_reader_open(&r, err, f->csv_path, f->labels_path, f->kind);
    if (st != CCD_OK)
        return st;
    ccd_reader_set_max_digits(r, ds->max_digits);
    s->next_index = 0;
    uint64_t size = file_size(f->csv_path);
    for (;;) {
        if ((st = ccd_reader_read(b, err, r)) != CCD_OK || b->count == 0)
            break;
        if (s->loop->prepare && (st = s->loop->prepare(s->loop->ctx, err, f, b)) != CCD_OK)
            break;
        if ((st = compute_batch(s, b, f, err)) != CCD_OK)
            break;
        if ((st = consume_batch(s, b, file, err)) != CCD_OK)
            break;
        if (s->loop->progress) {
            uint64_t in_file = ccd_reader_source_bytes(r); /* compressed on .gz */
            const uint64_t done = done_before + (in_file < size ? in_file : size);
            s->loop->progress(s->loop->ctx, f, done, total);
        }
    }
    ccd_reader_close(r);
    return st;
}

ccd_status ccd_batch_loop_run(const ccd_batch_loop *loop, ccd_error *err, const ccd_dataset *ds)
{
    size_t capacity = loop->batch_size ? loop->batch_size : 4096;
    loop_state s = {.loop = loop, .capacity = capacity};
    s.threads = loop->threads > 0 ? loop->threads : omp_get_max_threads();
    CCD_ASSERT(loop->compute || loop->compute_chunk);
    s.tls = calloc((size_t)s.threads, sizeof *s.tls);
    s.errors = calloc((size_t)s.threads, sizeof *s.errors);
    s.error_at = calloc((size_t)s.threads, sizeof *s.error_at);
    s.slots = calloc(capacity, loop->slot_size ? loop->slot_size : 1);
    ccd_batch b;
    int have_batch = 0;
    ccd_status st;
    if (!s.tls || !s.errors || !s.error_at || !s.slots) {
        st = ccd_error_oom(err, "ccdbench");
        goto done;
    }
    if ((st = ccd_batch_init(&b, capacity)) != CCD_OK) {
        st = ccd_error_set(err, st, "ccdbench", 0, 0, "cannot allocate a batch of %zu queries",
                           capacity);
        goto done;
    }
    have_batch = 1;
    uint64_t total = 0, done_bytes = 0;
    for (size_t i = 0; i < ds->count; i++)
        total += file_size(ds->files[i].csv_path);
    size_t end = loop->file_end ? loop->file_end : ds->count;
    CCD_ASSERT(loop->file_begin <= end && end <= ds->count);
    for (size_t i = 0; i < end && st == CCD_OK; i++) {
        if (i >= loop->file_begin)
            st = run_file(&s, err, ds, i, &b, done_bytes, total);
        done_bytes += file_size(ds->files[i].csv_path);
    }
    if (st == CCD_OK && loop->progress)
        loop->progress(loop->ctx, NULL, end == ds->count ? total : done_bytes, total);
done:
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
    return st;
}
