/* SPDX-License-Identifier: MIT */
/*
 * Read batches, compute them in parallel, consume them in order (batch_loop.h),
 * on one team of threads for the whole pass (core/team.h), none of which waits
 * while there is work:
 *
 * - Up to CCD_WORK_RING batches are open at once (bench/work_queue.h), each
 *   filled from as many files as it takes.  Every thread takes chunks, oldest
 *   batch first, sized by the cost measured so far (one query of the heavy
 *   inclusion searches, tens of microseconds of the fast methods); a batch's
 *   end is no barrier, the threads go on into the next ones.
 * - Reading is cut in two (query/csv_piece.h).  Cutting the files' text into
 *   pieces of whole queries (at most CCD_WORK_PIECE), and consuming, are
 *   serial (in file order), done by whichever thread finds the service free
 *   when it looks: it consumes the batches that are computed, in order, and
 *   opens batches in the slots they free, cutting their pieces and handing
 *   each out as soon as it is cut.  Parsing the pieces, the bulk of reading,
 *   is done by every thread, before any chunk: once a batch is cut and its
 *   pieces are all parsed the service publishes it (in order) for computing.
 * - The cutter's read calls, two thirds of the cutting, are taken off it: a
 *   thread with no piece to parse reads the next blocks of the files ahead of
 *   the cutter (query/read_ahead.h), which copies them where it would have
 *   read them.  On one thread the cutter reads (nothing to overlap).
 * - A thread with nothing to take and no service to do sleeps on a condition
 *   variable until a batch is opened or the pass ends (no spinning: a run's CPU
 *   time is its work).
 *
 * With a prepare callback (methods in child processes, which works on a whole
 * batch before its computing) the steps run one after the other, one file a
 * batch, as prepare and the consumer share the batch at hand.
 */
#include <config.h>

#include "bench/batch_loop.h"
#include "bench/work_queue.h"
#include "core/assert.h"
#include "core/clock.h"
#include "core/error.h"
#include "core/file_stamp.h"
#include "core/hidden_memory.h"
#include "core/team.h"
#include "query/batch_store.h"
#include "query/csv_piece.h"
#include "query/read_ahead.h"
#include "query/reader_memory.h"

#include <errno.h>
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A piece of a batch: queries [first, first + piece.queries) of the batch are
 * its, its text where it was cut (csv_piece.h: there until the text is
 * reset); `parsed` of them were read when it was parsed (fewer: it failed). */
typedef struct piece_job {
    ccd_csv_piece piece;
    const char *text;
    size_t file, first, parsed;
} piece_job;

/* A batch with what the loop knows of it. */
typedef struct buffer {
    ccd_batch batch;
    unsigned char *slots;        /* the result slot of every query */
    ccd_work_segment *segments;  /* in file order, each with a query at least */
    size_t segment_count;
    uint64_t done_bytes; /* input read once this batch was filled (progress) */
    /* Its pieces: their text, their labels from labels files (by query of the
     * batch), the exact coordinates each parse keeps, the error that cut the
     * last one short; pieces to parse: global numbers piece_span (base << 24 |
     * count, as ccd_work_batch.span), the next to hand out, those not parsed. */
    piece_job *pieces;
    size_t piece_count;
    ccd_text_arena *text; /* one of the loop's texts, while not published */
    int8_t *piece_labels;
    struct ccd_batch_store *stores;
    size_t stores_used; /* the most pieces the slot has held: stores[0 .. stores_used) are set */
    ccd_error deferred;
    atomic_uint_fast64_t piece_span, piece_next;
    atomic_size_t pieces_left;
    /* A file that could not be opened after its pieces: reported after them. */
    int open_failed;
    ccd_error open_error;
    /* The read error met by the batch (a piece's or the open's): reported after
     * the queries read before it are consumed. */
    int read_failed;
    ccd_error read_error;
} buffer;

typedef struct loop_state {
    const ccd_batch_loop *loop;
    const ccd_dataset *ds;
    int threads;
    void **tls;        /* per thread of the team; made lazily by that thread */
    /* per thread and ring slot: the error of its earliest failing query in the
     * slot's batch, and that query's index (SIZE_MAX: none) */
    ccd_error *errors;
    size_t *error_at;
    size_t capacity;   /* queries per batch */
    ccd_work_ring ring;
    buffer buffers[CCD_WORK_RING]; /* buffers[k]: the batch of ring slot k */
    /* Batches opened (their pieces cut), published ≤ opened ≤ consumed + RING
     * and opened ≤ published + CCD_WORK_TEXTS: batch b is in slot b % RING and
     * its text, needed until it is published, in texts[b % CCD_WORK_TEXTS]
     * (so that the text held is that of two batches, not of the ring); the
     * pieces cut so far in the pass. */
    atomic_size_t opened;
    ccd_text_arena texts[CCD_WORK_TEXTS];
    uint64_t pieces_cut;
    /* Per thread and ring slot: the error of the earliest failing piece of the
     * slot's batch and that piece's number in the batch (SIZE_MAX: none). */
    ccd_error *parse_errors;
    size_t *parse_error_at;
    atomic_uint_fast64_t parse_ns; /* time spent parsing, over all threads */
    uint64_t *file_ends; /* the service's, as it publishes a batch: its lanes */
    uint64_t published_in_cut_ns; /* publishing while a batch is cut (not cutting) */
    size_t published_file; /* the last file of the last batch published (SIZE_MAX: none) */
    /* cutting: the file being cut (reader NULL: none), the next to open, the
     * end; whether nothing more is to be cut */
    ccd_reader *reader;
    ccd_reader *spare; /* the reader of the last file cut, done with it */
    ccd_read_ahead *ahead; /* the files' blocks, read ahead by the idle threads */
    int ahead_released;    /* its memory let go, the cutting over */
    size_t reading, next_file, end_file;
    int cut_over;
    uint64_t bytes_closed; /* input bytes of the files done or not run */
    uint64_t total_bytes;
    uint64_t *file_bytes; /* each file's size, as discovery saw it, taken once
                           * when the pass starts (a stat a batch a file in the
                           * serial cutting was a hundred stats on the shared
                           * data) */
    uint64_t queries_read; /* queries of the pass read so far */
    uint64_t read_ns, consume_ns; /* time spent reading and consuming */
    /* consuming: the file of the last query consumed and its next index */
    size_t consuming;
    uint64_t next_index;
    /* The service (cutting, publishing and consuming), one thread at a time;
     * what it decides: reading is over, i.e. no batch is published any more
     * (and the error that ended it, if one did), the pass is over (and its
     * status). */
    pthread_mutex_t service;
    int read_over, read_error_pending;
    ccd_error read_error;
    atomic_int over;
    ccd_status status;
    ccd_error *err;
    /* Idle threads wait for a change: a batch opened or the pass over (gen). */
    pthread_mutex_t idle_lock;
    pthread_cond_t wake;
    atomic_uint gen;
} loop_state;

/* A file's size as discovery saw it (looked at now for a dataset built by
 * hand), 0 when it cannot be looked at: for the progress only. */
static uint64_t file_size(const ccd_dataset_file *f)
{
    ccd_file_stamp s;
    return ccd_file_stamp_get(&s, &f->csv_stamp, f->csv_path) == 0 ? s.bytes : 0;
}

/* ------------------------------------------------------------------ reading */

enum { SPAN_BITS = 24 };

/* Pieces a batch of `capacity` queries holds at most: a piece without queries
 * (the end of a file cut at a query boundary) follows one with queries of its
 * file, except the first of a batch; an empty file's is an error, which ends
 * the reading. */
#define PIECES_MAX(capacity) (2 * (capacity) + 1)

/* The least room of a batch's text, 4 MiB: address space only (what is
 * written becomes memory), so that a batch of long lines does not grow it and
 * copy it in the serial cutting.  Not in huge pages (core/hidden_memory.c:
 * their first write stalled the cutting for milliseconds on a VM). */
#define TEXT_MIN ((size_t)4 << 20)

static void wake_all(loop_state *s);
static void publish_parsed(loop_state *s);

/* The batch's first `pieces` pieces handed out for parsing (open_batch holds
 * one count of pieces_left for the cutting: the batch is not published
 * before it ends), and the idle threads woken: the first batch's cutting took
 * 0.6–0.8 ms, while the other threads of the pass waited. */
static void hand_out(loop_state *s, buffer *u, size_t pieces)
{
    CCD_ASSERT(pieces < CCD_WORK_BATCH_MAX);
    atomic_fetch_add_explicit(&u->pieces_left, 1, memory_order_relaxed);
    atomic_store_explicit(&u->piece_span, s->pieces_cut << SPAN_BITS | pieces,
                          memory_order_release);
    wake_all(s);
}

/* Cuts the batch's pieces from the open file and the files after it, up to
 * its capacity (and as many pieces); with a prepare callback, from one file
 * only (it takes the batch of one file).  A file that cannot be opened, or
 * whose cutting failed, ends the cutting: the batch keeps the pieces cut
 * before, with the error (open_failed, or the last piece's deferred error). */
static void cut_batch(loop_state *s, buffer *u)
{
    const size_t capacity = u->batch.capacity;
    size_t count = 0;
    u->piece_count = 0;
    ccd_text_arena_reset(u->text); /* its last batch is published: parsed */
    u->open_failed = 0;
    /* room for lines of 128 bytes (the shared data's are about 100) without
     * growing, and TEXT_MIN at least: only what is written becomes memory */
    const size_t want = capacity * CCD_QUERY_ROWS * 128;
    if (ccd_text_arena_reserve(u->text, want > TEXT_MIN ? want : TEXT_MIN) != 0) {
        u->open_failed = 1;
        ccd_error_oom(&u->open_error, "ccdbench");
        s->cut_over = 1;
        return;
    }
    while (count < capacity && u->piece_count < PIECES_MAX(capacity) && !s->cut_over &&
           !s->read_over) {
        if (!s->reader) {
            if (s->next_file >= s->end_file) {
                s->cut_over = 1;
                break;
            }
            if (s->loop->prepare && u->piece_count > 0)
                break;
            const ccd_dataset_file *f = &s->ds->files[s->next_file];
            ccd_status opened;
            if (s->spare) { /* the reader of the file before, on this one */
                s->reader = s->spare;
                s->spare = NULL;
                opened = ccd_reader_reopen_ahead(s->reader, &u->open_error, f->csv_path,
                                                 f->labels_path, f->kind, s->ahead,
                                                 s->next_file);
            } else {
                opened = ccd_reader_open_ahead(&s->reader, &u->open_error, f->csv_path,
                                               f->labels_path, f->kind, s->ahead, s->next_file);
            }
            if (opened != CCD_OK) {
                ccd_reader_close(s->reader);
                s->reader = NULL;
                u->open_failed = 1;
                s->cut_over = 1;
                break;
            }
            s->reading = s->next_file++;
        }
        piece_job *job = &u->pieces[u->piece_count];
        const size_t room = capacity - count;
        if (ccd_reader_cut(&job->piece, &u->open_error, u->text, u->piece_labels + count,
                           &u->deferred, s->reader,
                           room < CCD_WORK_PIECE ? room : CCD_WORK_PIECE) != CCD_OK) {
            u->open_failed = 1; /* out of memory */
            s->cut_over = 1;
            break;
        }
        job->text = u->text->data + job->piece.offset;
        job->file = s->reading;
        job->first = count;
        job->parsed = 0;
        count += job->piece.queries;
        if (u->piece_count == u->stores_used) /* its store never used in the slot: empty it */
            memset(&u->stores[u->stores_used++], 0, sizeof *u->stores);
        hand_out(s, u, ++u->piece_count);
        if (job->piece.end != CCD_PIECE_MORE) { /* the file is cut */
            CCD_ASSERT(!s->spare); /* taken when this file was opened */
            s->spare = s->reader; /* for the next file (ccd_reader_reopen) */
            s->reader = NULL;
            s->bytes_closed += s->file_bytes[job->file];
            /* the error a piece carries (its batch has room for one) ends the
             * reading there: the cutting stops */
            if (job->piece.end == CCD_PIECE_CUT_SHORT || job->piece.label_error_at != UINT64_MAX)
                s->cut_over = 1;
        }
        if (!s->loop->prepare) /* in turn (run_in_turn), nothing else is parsed */
            publish_parsed(s);
    }
    if (!s->reader && s->next_file >= s->end_file)
        s->cut_over = 1;
    u->done_bytes = s->bytes_closed;
    if (s->reader) {
        const uint64_t size = s->file_bytes[s->reading];
        const uint64_t in_file = ccd_reader_source_bytes(s->reader); /* compressed on .gz */
        u->done_bytes += in_file < size ? in_file : size;
    }
}

/* Parses piece k of the buffer in ring slot `slot` on the calling thread, into
 * its queries of the batch; keeps the thread's earliest failing piece. */
static void parse_piece(loop_state *s, int t, size_t slot, size_t k)
{
    buffer *u = &s->buffers[slot];
    piece_job *job = &u->pieces[k];
    const ccd_dataset_file *f = &s->ds->files[job->file];
    const uint64_t start = ccd_clock_ns();
    ccd_batch_store_reset(&u->stores[k]);
    ccd_batch view = {.queries = u->batch.queries + job->first,
                      .labels = u->batch.labels + job->first,
                      .capacity = job->piece.queries,
                      .store = &u->stores[k]};
    ccd_error e;
    ccd_reader *r;
    ccd_status st = ccd_reader_open_piece(&r, &e, f->csv_path, f->kind,
                                          job->text, &job->piece);
    if (st == CCD_OK) {
        ccd_reader_set_max_digits(r, s->ds->max_digits);
        if (job->piece.queries > 0)
            st = ccd_reader_read_more(&view, &e, r);
        if (st == CCD_OK)
            st = ccd_reader_read_end(&e, r);
        ccd_reader_close(r);
    }
    job->parsed = view.count;
    CCD_ASSERT(st != CCD_OK || view.count == job->piece.queries);
    const size_t at = (size_t)t * CCD_WORK_RING + slot;
    if (st != CCD_OK && k < s->parse_error_at[at]) {
        e.status = st;
        s->parse_error_at[at] = k;
        s->parse_errors[at] = e;
    }
    atomic_fetch_add_explicit(&s->parse_ns, ccd_clock_ns() - start, memory_order_relaxed);
    if (atomic_fetch_sub_explicit(&u->pieces_left, 1, memory_order_acq_rel) == 1)
        wake_all(s); /* the service can publish it */
}

/* Takes a piece of an opened batch not yet published, oldest first, and
 * parses it; 0 when there was none.  The piece numbers only grow in a slot (as
 * the ring's query numbers do), so a thread that looked at a batch before its
 * slot was opened again fails its compare-and-swap. */
static int parse_some(loop_state *s, int t)
{
    const size_t opened = atomic_load_explicit(&s->opened, memory_order_acquire);
    for (size_t b = atomic_load(&s->ring.published); b < opened; b++) {
        const size_t slot = b % CCD_WORK_RING;
        buffer *u = &s->buffers[slot];
        const uint64_t span = atomic_load_explicit(&u->piece_span, memory_order_acquire);
        const uint64_t base = span >> SPAN_BITS, end = base + (span & (CCD_WORK_BATCH_MAX - 1));
        uint_fast64_t next = atomic_load_explicit(&u->piece_next, memory_order_acquire);
        while (next >= base && next < end)
            if (atomic_compare_exchange_weak(&u->piece_next, &next, next + 1)) {
                parse_piece(s, t, slot, (size_t)(next - base));
                return 1;
            }
    }
    return 0;
}

/* The batch's queries once its pieces are parsed: its segments (the pieces
 * with queries, up to the first that failed), its count and its read error. */
static void finish_batch(loop_state *s, size_t slot, buffer *u)
{
    size_t failed = SIZE_MAX, who = 0;
    for (int t = 0; t < s->threads; t++) {
        const size_t at = (size_t)t * CCD_WORK_RING + slot;
        if (s->parse_error_at[at] < failed)
            failed = s->parse_error_at[at], who = at;
    }
    u->segment_count = 0;
    u->batch.count = 0;
    u->read_failed = 0;
    for (size_t k = 0; k < u->piece_count && k <= failed; k++) {
        const piece_job *job = &u->pieces[k];
        CCD_ASSERT(job->first == u->batch.count); /* laid out back to back */
        if (job->parsed > 0) {
            ccd_work_segment *last =
                u->segment_count ? &u->segments[u->segment_count - 1] : NULL;
            if (last && last->file == job->file)
                last->count += job->parsed;
            else
                u->segments[u->segment_count++] = (ccd_work_segment){
                    .file = job->file, .first = job->first, .count = job->parsed};
        }
        u->batch.count += job->parsed;
    }
    if (failed != SIZE_MAX)
        u->read_failed = 1, u->read_error = s->parse_errors[who];
    else if (u->open_failed)
        u->read_failed = 1, u->read_error = u->open_error;
}

/* ---------------------------------------------------------------- computing */

/* Computes the slots of queries[first .. first + count) of the buffer in ring
 * slot `slot`, all of file `file`, on the calling thread; keeps the thread's
 * earliest error in that batch. */
static void compute_part(loop_state *s, int t, size_t slot, size_t file, size_t first,
                         size_t count)
{
    const ccd_batch_loop *loop = s->loop;
    buffer *u = &s->buffers[slot];
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
    const size_t at = (size_t)t * CCD_WORK_RING + slot;
    if (st != CCD_OK && first + failed < s->error_at[at]) {
        e.status = st;
        s->error_at[at] = first + failed;
        s->errors[at] = e;
    }
}

/* Takes a chunk and computes it, cut where files end; 0 when there was none to
 * take. */
static int compute_some(loop_state *s, int t)
{
    size_t slot, first;
    const size_t count = ccd_work_take(&s->ring, &slot, &first);
    if (count == 0)
        return 0;
    const buffer *u = &s->buffers[slot];
    const uint64_t start = ccd_clock_ns();
    /* the segments are the batch's while its queries are not all computed:
     * the first that ends after `first` */
    size_t g = 0, hi = u->segment_count;
    while (g < hi) {
        const size_t mid = g + (hi - g) / 2;
        if (u->segments[mid].first + u->segments[mid].count <= first)
            g = mid + 1;
        else
            hi = mid;
    }
    for (size_t at = first; at < first + count; g++) {
        const ccd_work_segment *seg = &u->segments[g];
        CCD_ASSERT(g < u->segment_count && seg->first <= at);
        const size_t end = seg->first + seg->count < first + count ? seg->first + seg->count
                                                                    : first + count;
        compute_part(s, t, slot, seg->file, at, end - at);
        at = end;
    }
    ccd_work_cost_add(&s->ring.cost, ccd_clock_ns() - start, count);
    ccd_work_done(&s->ring, slot, count);
    return 1;
}

/* After the queries of the batch in slot are computed: the error of its
 * earliest failing query. */
static ccd_status computed(const loop_state *s, size_t slot, ccd_error *err)
{
    size_t best = SIZE_MAX, who = 0;
    for (int t = 0; t < s->threads; t++) {
        const size_t at = (size_t)t * CCD_WORK_RING + slot;
        if (s->error_at[at] < best)
            best = s->error_at[at], who = at;
    }
    if (best == SIZE_MAX)
        return CCD_OK;
    *err = s->errors[who];
    return err->status;
}

/* ---------------------------------------------------------------- consuming */

/* The memory of a ring slot's batch, made when the slot is first opened (by
 * the service, while the other threads compute: a ring of 16 slots made at
 * once was a quarter of a millisecond before a pass could start).  The
 * segments, pieces and stores are written before they are read (the stores
 * as the pieces come, cut_batch): calloc would clear them whole.  0, or -1
 * when out of memory (what was made is freed with the buffer). */
static int buffer_alloc(buffer *u, size_t capacity, size_t slot_size)
{
    u->slots = calloc(capacity, slot_size ? slot_size : 1);
    u->segments = malloc(capacity * sizeof *u->segments);
    u->pieces = malloc(PIECES_MAX(capacity) * sizeof *u->pieces);
    u->stores = malloc(PIECES_MAX(capacity) * sizeof *u->stores);
    u->stores_used = 0;
    u->piece_labels = ccd_hidden_alloc(capacity); /* labels: hidden from a child */
    if (!u->slots || !u->segments || !u->pieces || !u->stores || !u->piece_labels)
        return -1;
    return ccd_batch_init(&u->batch, capacity) == CCD_OK ? 0 : -1;
}

/* Frees what the buffer holds (again: nothing).  Its batch's memory, a few MB
 * written once, took a millisecond to unmap at the end of a pass: the service
 * frees a slot's buffer once no batch is to be opened in it any more, while
 * the other threads compute the last batches (release_free_slots). */
static void buffer_release(buffer *u, size_t capacity)
{
    ccd_batch_free(&u->batch);
    free(u->slots);
    free(u->segments);
    free(u->pieces);
    if (u->stores) /* the stores of pieces ever cut in the slot (the rest never touched) */
        for (size_t i = 0; i < u->stores_used; i++)
            ccd_batch_store_clear(&u->stores[i]);
    u->stores_used = 0;
    free(u->stores);
    ccd_hidden_free(u->piece_labels, capacity);
    u->slots = NULL;
    u->segments = NULL;
    u->pieces = NULL;
    u->stores = NULL;
    u->piece_labels = NULL;
}

/* Once nothing more is cut, a ring slot that holds none of the batches still
 * opened, [consumed, opened), never holds one again: the service frees the
 * memory of every such slot (buffer_release; again: nothing), while the other
 * threads compute the last batches.  Those consumed before the cutting ended
 * too, at once (11 of the 16 slots on the shared data, whose unmapping took
 * 0.1–0.2 ms after a two-thread pass).  Called with the service held, so that
 * no batch is opened meanwhile. */
static void release_free_slots(loop_state *s)
{
    CCD_ASSERT(s->cut_over);
    const size_t consumed = atomic_load(&s->ring.consumed);
    const size_t opened = atomic_load(&s->opened);
    CCD_ASSERT(consumed <= opened && opened - consumed <= CCD_WORK_RING);
    for (size_t k = 0; k < CCD_WORK_RING; k++) {
        /* the first batch at or after `consumed` that slot k holds */
        const size_t b = consumed + (k + CCD_WORK_RING - consumed % CCD_WORK_RING) % CCD_WORK_RING;
        if (b >= opened && s->buffers[k].slots) /* still holding memory (the rest: at the end) */
            buffer_release(&s->buffers[k], s->capacity);
    }
}

/* Consumes the buffer's queries in order and reports progress; then its read
 * error, if filling it met one. */
static ccd_status consume_timed(loop_state *s, buffer *u, ccd_error *err);

/* The same, its time counted. */
static ccd_status consume(loop_state *s, buffer *u, ccd_error *err)
{
    const uint64_t start = ccd_clock_ns();
    const ccd_status st = consume_timed(s, u, err);
    s->consume_ns += ccd_clock_ns() - start;
    return st;
}

static ccd_status consume_timed(loop_state *s, buffer *u, ccd_error *err)
{
    const ccd_batch_loop *loop = s->loop;
    for (size_t g = 0; g < u->segment_count; g++) {
        const ccd_work_segment *seg = &u->segments[g];
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

/* Wakes the threads waiting for a change. */
static void wake_all(loop_state *s)
{
    pthread_mutex_lock(&s->idle_lock);
    atomic_fetch_add(&s->gen, 1);
    pthread_cond_broadcast(&s->wake);
    pthread_mutex_unlock(&s->idle_lock);
}

/* Waits until the change count passes `seen` or `ns` pass. */
static void wait_for_change(loop_state *s, unsigned seen, long ns)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += ns;
    if (until.tv_nsec >= 1000000000L)
        until.tv_sec++, until.tv_nsec -= 1000000000L;
    pthread_mutex_lock(&s->idle_lock);
    while (atomic_load(&s->gen) == seen &&
           pthread_cond_timedwait(&s->wake, &s->idle_lock, &until) == 0)
        ;
    pthread_mutex_unlock(&s->idle_lock);
}

/* Ends the pass with status st (the first to end it decides). */
static void end_pass(loop_state *s, ccd_status st, const ccd_error *e)
{
    if (atomic_load(&s->over))
        return;
    s->status = st;
    if (st != CCD_OK)
        *s->err = *e;
    atomic_store(&s->over, 1);
    wake_all(s);
}

/* Opens the next batch in the ring: cuts its pieces into the free slot's
 * buffer and hands them out for parsing.  Returns 0 when nothing more was cut
 * (a file that could not be opened is then reported once the batches before
 * are consumed). */
static int open_batch(loop_state *s)
{
    const size_t b = atomic_load(&s->opened);
    CCD_ASSERT(b - atomic_load(&s->ring.consumed) < CCD_WORK_RING &&
               b - atomic_load(&s->ring.published) < CCD_WORK_TEXTS);
    const size_t slot = b % CCD_WORK_RING;
    buffer *u = &s->buffers[slot];
    if (!u->slots && buffer_alloc(u, s->capacity, s->loop->slot_size) != 0) {
        s->cut_over = 1;
        s->read_error_pending = 1;
        ccd_error_set(&s->read_error, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                      "cannot allocate a batch of %zu queries", s->capacity);
        return 0;
    }
    u->text = &s->texts[b % CCD_WORK_TEXTS]; /* batch b - TEXTS is published */
    for (int t = 0; t < s->threads; t++) {
        s->error_at[(size_t)t * CCD_WORK_RING + slot] = SIZE_MAX;
        s->parse_error_at[(size_t)t * CCD_WORK_RING + slot] = SIZE_MAX;
    }
    /* Opened before it is cut, its pieces handed out as they are (hand_out),
     * the cutting's hold on pieces_left given back after it.  Every piece of
     * the slot's batch before was taken (next at its end, which is this
     * one's base), so a thread that looked at the old span takes nothing. */
    atomic_store_explicit(&u->piece_next, s->pieces_cut, memory_order_relaxed);
    atomic_store_explicit(&u->pieces_left, 1, memory_order_relaxed);
    atomic_store_explicit(&u->piece_span, s->pieces_cut << SPAN_BITS, memory_order_release);
    atomic_store_explicit(&s->opened, b + 1, memory_order_release);
    const uint64_t start = ccd_clock_ns();
    s->published_in_cut_ns = 0;
    cut_batch(s, u);
    s->read_ns += ccd_clock_ns() - start - s->published_in_cut_ns;
    s->pieces_cut += u->piece_count;
    /* a batch published meanwhile ends the reading: not this one, whose pieces
     * handed out may be parsed yet (it stays opened: its text is not freed
     * before the team ends) */
    if (s->read_over)
        return 0;
    atomic_fetch_sub_explicit(&u->pieces_left, 1, memory_order_acq_rel);
    if (u->piece_count == 0) {
        CCD_ASSERT(s->cut_over);
        atomic_store_explicit(&s->opened, b, memory_order_release); /* none handed out */
        if (u->open_failed)
            s->read_error_pending = 1, s->read_error = u->open_error;
        return 0;
    }
    return 1;
}

/* Publishes the oldest opened batch once its pieces are all parsed, for
 * computing.  Returns 0 when it could not (not parsed yet, or nothing left). */
static int publish_batch(loop_state *s)
{
    const size_t b = atomic_load(&s->ring.published);
    if (s->read_over || b == atomic_load(&s->opened))
        return 0;
    const size_t slot = b % CCD_WORK_RING;
    buffer *u = &s->buffers[slot];
    if (atomic_load_explicit(&u->pieces_left, memory_order_acquire) != 0)
        return 0;
    const uint64_t start = ccd_clock_ns();
    finish_batch(s, slot, u);
    s->read_ns += ccd_clock_ns() - start;
    if (u->batch.count == 0) {
        if (u->read_failed) { /* an error before any query */
            s->read_over = 1;
            s->read_error_pending = 1, s->read_error = u->read_error;
        } else { /* only the end of a file cut in the batch before, then nothing */
            CCD_ASSERT(b + 1 == atomic_load(&s->opened));
            atomic_store(&s->opened, b); /* dropped: its slot is free again */
        }
        return 0;
    }
    CCD_ASSERT(u->batch.count <= s->capacity); /* the cutting fills at most the capacity */
    for (size_t g = 0; g + 1 < u->segment_count; g++)
        s->file_ends[g] = s->queries_read + u->segments[g].first + u->segments[g].count;
    ccd_work_publish(&s->ring, s->queries_read, u->batch.count, s->file_ends,
                     u->segment_count - 1, u->segments[0].file == s->published_file);
    s->published_file = u->segments[u->segment_count - 1].file;
    s->queries_read += u->batch.count;
    if (u->read_failed) /* what follows it is never read: reported after its queries */
        s->read_over = 1;
    return 1;
}

/* Publishes the opened batches whose pieces are all parsed, in order, and
 * wakes the threads when it did, from the service as it cuts: between two
 * pieces of the batch it cuts, the batches before it that are parsed go to
 * the threads at once.  Waiting for the cut of a batch to end (0.6 ms on the
 * shared data) left them idle at every batch whose queries are cheap (the
 * replay of Tight Inclusion's d = 0 pass on 16 threads, which does the same,
 * bench/schedule_replay.c: 12.75 → 12.94×).  Its time is not the cutting's. */
static void publish_parsed(loop_state *s)
{
    const uint64_t start = ccd_clock_ns();
    int changed = 0;
    while (!atomic_load(&s->over) && publish_batch(s))
        changed = 1;
    if (changed)
        wake_all(s);
    s->published_in_cut_ns += ccd_clock_ns() - start;
}

/* Whether nothing more will be published. */
static int reading_over(loop_state *s)
{
    return s->read_over ||
           (s->cut_over && atomic_load(&s->ring.published) == atomic_load(&s->opened));
}

/* The service, by the thread that holds its lock: the computed batches
 * consumed in order, the parsed ones published, then a batch opened in a
 * freed slot; the pass ended when all is read and consumed, or on an error.
 * 1 when it did anything. */
static int serve(loop_state *s)
{
    int did = 0;
    long slot;
    ccd_error e;
    while (!atomic_load(&s->over) && (slot = ccd_work_ready(&s->ring)) >= 0) {
        ccd_status st = computed(s, (size_t)slot, &e);
        if (st == CCD_OK)
            st = consume(s, &s->buffers[slot], &e);
        ccd_work_consume(&s->ring);
        did = 1;
        if (st != CCD_OK)
            end_pass(s, st, &e);
    }
    int changed = 0;
    while (!atomic_load(&s->over) && publish_batch(s))
        changed = did = 1;
    if (changed) /* before the cutting below: the published batch is work */
        wake_all(s);
    if (s->cut_over && atomic_load(&s->ring.published) == atomic_load(&s->opened))
        for (int k = 0; k < CCD_WORK_TEXTS; k++) /* no text is cut or parsed any more */
            ccd_text_arena_free(&s->texts[k]);
    /* One batch a turn, its pieces handed out at once: cutting a second one
     * (a millisecond and a half) before waking kept the other threads from the
     * first one's pieces, at the start of every pass.  The next turn, by
     * whichever thread comes first, opens the next (as the replay has it,
     * bench/schedule_replay.c). */
    if (!atomic_load(&s->over) && !s->read_over && !s->cut_over &&
        atomic_load(&s->opened) - atomic_load(&s->ring.consumed) < CCD_WORK_RING &&
        atomic_load(&s->opened) - atomic_load(&s->ring.published) < CCD_WORK_TEXTS &&
        open_batch(s)) {
        did = 1;
        wake_all(s);
    }
    if (!atomic_load(&s->over) && reading_over(s) &&
        atomic_load(&s->ring.consumed) == atomic_load(&s->ring.published)) {
        end_pass(s, s->read_error_pending ? s->read_error.status : CCD_OK, &s->read_error);
        did = 1;
    }
    if (s->cut_over) { /* after the end is decided: the threads waiting for it are woken */
        release_free_slots(s);
        if (!s->ahead_released)
            ccd_read_ahead_release(s->ahead);
        s->ahead_released = 1;
    }
    return did;
}

/* What thread t of the team does until the pass is over: the service when it
 * is free and has work, else a piece to parse, else a block of the input to
 * read ahead of the cutting, else a chunk, else wait. */
static void work(void *ctx, int t)
{
    loop_state *s = ctx;
    while (!atomic_load(&s->over)) {
        const unsigned seen = atomic_load(&s->gen);
        int served = 0;
        if (pthread_mutex_trylock(&s->service) == 0) {
            served = 1;
            const int did = serve(s);
            pthread_mutex_unlock(&s->service);
            if (did)
                continue;
        }
        if (parse_some(s, t) || ccd_read_ahead_some(s->ahead) || compute_some(s, t))
            continue;
        /* Nothing to take.  When the service had nothing either, only a batch
         * opened, parsed or published or the end changes that, and all wake
         * the waiters; else whoever holds it may open one: look again soon.
         * The timeouts only bound the wait if a wake-up is missed. */
        wait_for_change(s, seen, served ? 2000000L : 100000L);
    }
    /* Its own state freed by each thread, at once (a method's search scratch,
     * the exact oracle's: a millisecond on one thread after the pass). */
    if (s->tls[t] && s->loop->thread_free) {
        s->loop->thread_free(s->tls[t], s->loop->ctx);
        s->tls[t] = NULL;
    }
}

/* Thread t parses the pieces of the opened batch, or computes the published
 * one, until none is left (run_in_turn). */
static void parse_all(void *ctx, int t)
{
    while (parse_some(ctx, t))
        ;
}

static void compute_all(void *ctx, int t)
{
    while (compute_some(ctx, t))
        ;
}

/* With prepare: read, prepare, compute, consume, one batch at a time. */
static ccd_status run_in_turn(loop_state *s, ccd_error *err)
{
    for (;;) {
        const size_t slot = atomic_load(&s->opened) % CCD_WORK_RING;
        if (!open_batch(s))
            return s->read_error_pending ? (*err = s->read_error, err->status) : CCD_OK;
        ccd_team_run(s->threads, parse_all, s);
        buffer *u = &s->buffers[slot];
        if (!publish_batch(s)) { /* an error before any query, or no query */
            if (s->read_error_pending)
                return *err = s->read_error, err->status;
            continue;
        }
        CCD_ASSERT(u->segment_count == 1);
        ccd_status st = s->loop->prepare(s->loop->ctx, err, &s->ds->files[u->segments[0].file],
                                         &u->batch);
        if (st != CCD_OK)
            return st;
        ccd_team_run(s->threads, compute_all, s);
        CCD_ASSERT(ccd_work_ready(&s->ring) == (long)slot);
        st = computed(s, slot, err);
        ccd_work_consume(&s->ring);
        if (st != CCD_OK || (st = consume(s, u, err)) != CCD_OK)
            return st;
    }
}

ccd_status ccd_batch_loop_run(const ccd_batch_loop *loop, ccd_error *err, const ccd_dataset *ds)
{
    size_t capacity = loop->batch_size ? loop->batch_size : CCD_WORK_BATCH;
    loop_state s = {.loop = loop, .ds = ds, .capacity = capacity, .consuming = SIZE_MAX,
                    .published_file = SIZE_MAX,
                    .err = err};
    s.threads = loop->threads > 0 ? loop->threads : omp_get_max_threads();
    CCD_ASSERT(loop->compute || loop->compute_chunk);
    CCD_ASSERT(capacity < CCD_WORK_BATCH_MAX);
    ccd_work_ring_init(&s.ring, loop->chunk_size);
    s.tls = calloc((size_t)s.threads, sizeof *s.tls);
    s.errors = calloc((size_t)s.threads * CCD_WORK_RING, sizeof *s.errors);
    s.error_at = calloc((size_t)s.threads * CCD_WORK_RING, sizeof *s.error_at);
    s.parse_errors = calloc((size_t)s.threads * CCD_WORK_RING, sizeof *s.parse_errors);
    s.parse_error_at = calloc((size_t)s.threads * CCD_WORK_RING, sizeof *s.parse_error_at);
    s.file_ends = calloc(capacity, sizeof *s.file_ends);
    s.file_bytes = calloc(ds->count ? ds->count : 1, sizeof *s.file_bytes);
    ccd_status st = CCD_OK;
    if (!s.tls || !s.errors || !s.error_at || !s.parse_errors || !s.parse_error_at ||
        !s.file_ends || !s.file_bytes || ccd_work_ring_expect(&s.ring, loop->expected) != 0)
        st = ccd_error_oom(err, "ccdbench");
    for (int k = 0; k < CCD_WORK_RING; k++) {
        buffer *u = &s.buffers[k]; /* its memory when first opened (buffer_alloc) */
        atomic_init(&u->piece_span, 0);
        atomic_init(&u->piece_next, 0);
        atomic_init(&u->pieces_left, 0);
    }
    if (st == CCD_OK) {
        for (size_t i = 0; i < ds->count; i++)
            s.total_bytes += s.file_bytes[i] = file_size(&ds->files[i]);
        s.end_file = loop->file_end ? loop->file_end : ds->count;
        CCD_ASSERT(loop->file_begin <= s.end_file && s.end_file <= ds->count);
        s.next_file = loop->file_begin;
        for (size_t i = 0; i < loop->file_begin; i++) /* not run: counted as done */
            s.bytes_closed += s.file_bytes[i];
        /* Read ahead by the threads but the cutter; with prepare (one file a
         * batch, in turn) or on one thread, nothing is: the cutter reads. */
        s.ahead = ccd_read_ahead_new(ds, loop->file_begin, s.end_file, s.file_bytes,
                                     loop->prepare ? 0 : s.threads - 1);
        if (!s.ahead)
            st = ccd_error_oom(err, "ccdbench");
    }
    if (st == CCD_OK) {
        if (loop->prepare) {
            st = run_in_turn(&s, err);
        } else {
            pthread_mutex_init(&s.service, NULL);
            pthread_mutex_init(&s.idle_lock, NULL);
            pthread_cond_init(&s.wake, NULL);
            ccd_team_run(s.threads, work, &s); /* core/team.h: threads that do not spin */
            st = s.status;
            pthread_mutex_destroy(&s.service);
            pthread_mutex_destroy(&s.idle_lock);
            pthread_cond_destroy(&s.wake);
        }
    }
    ccd_read_ahead_stats reads = {0};
    if (s.ahead)
        ccd_read_ahead_stats_get(&reads, s.ahead);
    if (loop->read_ns) /* the cutter's own reads are the reading's, not the cutting's */
        *loop->read_ns = s.read_ns > reads.own_ns ? s.read_ns - reads.own_ns : 0;
    if (loop->load_ns)
        *loop->load_ns = reads.read_ns;
    if (loop->load_bytes)
        *loop->load_bytes = reads.read_bytes;
    if (loop->consume_ns)
        *loop->consume_ns = s.consume_ns;
    if (loop->parse_ns)
        *loop->parse_ns = atomic_load(&s.parse_ns);
    if (st == CCD_OK && loop->progress) /* the files after end_file are not done */
        loop->progress(loop->ctx, NULL, s.end_file == ds->count ? s.total_bytes : s.bytes_closed,
                       s.total_bytes);
    ccd_reader_close(s.reader);
    ccd_reader_close(s.spare);
    ccd_read_ahead_free(s.ahead);
    for (int k = 0; k < CCD_WORK_RING; k++)
        buffer_release(&s.buffers[k], capacity); /* ccd_batch_free: a no-op on a zeroed batch */
    if (s.tls && loop->thread_free)
        for (int t = 0; t < s.threads; t++)
            if (s.tls[t])
                loop->thread_free(s.tls[t], loop->ctx);
    free(s.tls);
    free(s.errors);
    free(s.error_at);
    free(s.parse_errors);
    free(s.parse_error_at);
    free(s.file_ends);
    free(s.file_bytes);
    ccd_work_ring_free(&s.ring);
    for (int k = 0; k < CCD_WORK_TEXTS; k++)
        ccd_text_arena_free(&s.texts[k]);
    return st;
}
