/* SPDX-License-Identifier: MIT */
/*
 * Streaming evaluation of a dataset: queries are read in batches (memory does not
 * grow with the input: at most CCD_WORK_RING batches are held), each filled from
 * as many files as it takes (a file may also span batches), computed in parallel
 * by one team of threads for the whole pass (bench/work_queue.h), and the per-query
 * results are then consumed one by one in file and query order, so whatever the
 * thread count the consumer sees the same sequence.
 * The runner (`ccdbench run`) and the exact labelling (`ccdbench truth`) are both
 * such loops.
 */
#ifndef CCD_BENCH_BATCH_LOOP_H
#define CCD_BENCH_BATCH_LOOP_H
#include "bench/expected_costs.h"
#include "ccdbench.h"

/* Progress of a pass over a dataset: `done` of `total` input bytes (compressed
 * bytes of a .gz file), called after each batch with the file `at` whose queries
 * it held last, and once at the end with at = NULL. */
typedef void ccd_progress_fn(void *ctx, const ccd_dataset_file *at, uint64_t done,
                             uint64_t total);

typedef struct ccd_batch_loop {
    int threads;       /* threads of the team; 0: omp_get_max_threads()   */
    size_t batch_size; /* queries per batch; 0: CCD_WORK_BATCH             */
    size_t slot_size;  /* bytes of the result of one query                 */
    void *ctx;         /* passed to every callback                         */
    /* Per-thread state, made once per thread before its first query (optional). */
    ccd_status (*thread_new)(void **tls, ccd_error *err, void *ctx);
    void (*thread_free)(void *tls, void *ctx);
    /* Optional, sequentially before the batch is computed: work on the whole
     * batch of queries of file (e.g. run methods in child processes).  With it,
     * a batch holds the queries of one file only. */
    ccd_status (*prepare)(void *ctx, ccd_error *err, const ccd_dataset_file *file,
                          const ccd_batch *b);
    /* In parallel, any order: compute the result slot of q, whose label in the
     * input is `label` (-1: none).  On error fill err (the loop reports the error
     * of the earliest failing query). */
    ccd_status (*compute)(void *slot, ccd_error *err, const ccd_dataset_file *file,
                          const ccd_query *q, int label, void *tls, void *ctx);
    /* Optional, instead of compute: compute the slots of queries[0 .. count), a
     * chunk of consecutive queries of the batch that one thread takes at once (so
     * that it can time runs of calls, bench/cpu_span.h), labels[i] the label of
     * queries[i].  On error fill err and set *failed to the chunk index of the
     * earliest failing query. */
    ccd_status (*compute_chunk)(void *slots, size_t *failed, ccd_error *err,
                                const ccd_dataset_file *file, const ccd_query *queries,
                                const int8_t *labels, size_t count, void *tls, void *ctx);
    /* Queries per chunk (of compute_chunk, or of compute calls a thread makes in a
     * row); 0: by the cost measured so far, bench/work_queue.h.  A chunk is cut
     * where a file ends: compute_chunk gets queries of one file. */
    size_t chunk_size;
    /* Sequentially, in order: use the slot of q, query of ds->files[file] whose
     * label in the input is `label` (-1: none). */
    ccd_status (*consume)(void *ctx, ccd_error *err, size_t file, const ccd_query *q,
                          int label, const void *slot);
    /* Files to run: ds->files[file_begin .. file_end); file_end 0: every file.
     * The others are not read (progress counts them all, done or to come). */
    size_t file_begin, file_end;
    ccd_progress_fn *progress; /* optional */
    /* Optional: the heavy queries of an earlier run of the pass, with their
     * costs: they are handed out first (bench/work_queue.h). */
    const ccd_expected_costs *expected;
    /* Optional outputs, in ns: the time spent cutting the files into pieces
     * and consuming the results (both serial, one thread at a time), and
     * parsing the pieces (by every thread, summed); the time in the read
     * calls of the input (by the threads reading ahead of the cutting, and by
     * the cutter: not in read_ns) and the bytes they read
     * (query/read_ahead.h). */
    uint64_t *read_ns, *consume_ns, *parse_ns;
    uint64_t *load_ns, *load_bytes;
} ccd_batch_loop;

ccd_status ccd_batch_loop_run(const ccd_batch_loop *loop, ccd_error *err, const ccd_dataset *ds);

#endif
