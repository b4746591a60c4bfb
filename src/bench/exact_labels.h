/* SPDX-License-Identifier: MIT */
/*
 * Exact labelling (`ccdbench truth`): every query decided by the exact oracle, in
 * parallel, handed to the caller in file and query order with its time of impact
 * as an isolating interval of exact rationals of width ≤ 2^-64.
 */
#ifndef CCD_BENCH_EXACT_LABELS_H
#define CCD_BENCH_EXACT_LABELS_H
#include "bench/batch_loop.h"
#include "ccdbench.h"

typedef struct ccd_exact_label {
    int collides;
    /* When collides: toi ∈ [toi_lo, toi_hi], exact rationals "n/d" (or "n"); else NULL. */
    const char *toi_lo, *toi_hi;
    double seconds; /* wall time of the oracle on this query (monotonic clock) */
    int given;      /* the label in the input: 1, 0, or -1 (none) */
} ccd_exact_label;

typedef struct ccd_exact_label_config {
    int threads;       /* 0: OpenMP default */
    /* Minimum separation (src/exact/DESIGN.md §9): NULL or 0 for plain CCD, else the exact
     * rational d > 0 (read-only, shared by the threads) in norm ms_norm: 0 L∞, 2 L2. */
    mpq_srcptr ms;
    int ms_norm;
    size_t batch_size; /* 0: default */
    /* Only the queries of shard shard_index of shard_count (bench/shard.h) are
     * decided and handed on; shard_count 0 or 1: every query. */
    unsigned shard_index, shard_count;
    ccd_status (*on_query)(void *ctx, ccd_error *err, size_t file, const ccd_query *q,
                           const ccd_exact_label *label);
    ccd_progress_fn *progress; /* optional (bench/batch_loop.h) */
    void *ctx;          /* of on_query, and of progress unless progress_ctx is set */
    void *progress_ctx; /* of progress; NULL: ctx */
} ccd_exact_label_config;

ccd_status ccd_exact_label_run(ccd_error *err, const ccd_dataset *ds, const ccd_exact_label_config *cfg);

#endif
