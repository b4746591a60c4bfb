/* SPDX-License-Identifier: MIT */
/* Exact labels and times of impact of a whole dataset (truth.h), as a batch loop. */
#include <config.h>

#include "bench/exact_labels.h"
#include "core/error.h"
#include "core/clock.h"
#include "core/query_line.h"
#include "bench/batch_loop.h"
#include "bench/shard.h"

#include <stdlib.h>
#include <string.h>

enum { TOI_BITS = 64 }; /* width of the reported isolating interval: ≤ 2^-64 */

typedef struct truth_slot {
    int skipped; /* the query belongs to another shard */
    int collides;
    double seconds;
    char *toi_lo, *toi_hi; /* malloc'd by compute, freed by consume */
} truth_slot;

/* What the loop's callbacks share: the caller's configuration and the dataset
 * (a query's file number, for its shard). */
typedef struct label_run {
    const ccd_exact_label_config *cfg;
    const ccd_dataset *ds;
} label_run;

typedef struct truth_thread {
    ccd_oracle *oracle;
    mpq_t lo, hi;
} truth_thread;

static void thread_free(void *tls, void *ctx)
{
    (void)ctx;
    truth_thread *t = tls;
    ccd_oracle_free(t->oracle);
    mpq_clear(t->lo);
    mpq_clear(t->hi);
    free(t);
}

static ccd_status thread_new(void **tls, ccd_error *err, void *ctx)
{
    truth_thread *t = calloc(1, sizeof *t);
    if (!t)
        return ccd_error_oom(err, "ccdbench");
    mpq_inits(t->lo, t->hi, NULL);
    if (!(t->oracle = ccd_oracle_new())) {
        thread_free(t, ctx);
        return ccd_error_oom(err, "ccdbench");
    }
    *tls = t;
    return CCD_OK;
}

static ccd_status compute(void *slot_bytes, ccd_error *err, const ccd_dataset_file *f,
                          const ccd_query *q, int label, void *tls, void *ctx)
{
    (void)label; /* the oracle decides without it; consume hands it on */
    const label_run *run = ctx;
    const ccd_exact_label_config *cfg = run->cfg;
    truth_thread *t = tls;
    truth_slot *slot = slot_bytes;
    slot->toi_lo = slot->toi_hi = NULL;
    slot->skipped = cfg->shard_count > 1 &&
                    ccd_shard_of((size_t)(f - run->ds->files), q->index, cfg->shard_count) !=
                        cfg->shard_index;
    if (slot->skipped)
        return CCD_OK;
    const double t0 = ccd_clock_seconds();
    ccd_status st = ccd_oracle_decide(&slot->collides, q, cfg->ms, (ccd_norm)cfg->ms_norm,
                                      t->oracle);
    slot->seconds = ccd_clock_seconds() - t0;
    if (st != CCD_OK)
        return ccd_error_set(err, st, f->csv_path, ccd_query_line(q, 0),
                             0, "the exact oracle failed on query %llu",
                             (unsigned long long)q->index);
    if (!slot->collides)
        return CCD_OK;
    ccd_oracle_toi_interval(t->lo, t->hi, TOI_BITS, t->oracle);
    slot->toi_lo = mpq_get_str(NULL, 10, t->lo);
    slot->toi_hi = mpq_get_str(NULL, 10, t->hi);
    return CCD_OK;
}

/* Strings from mpq_get_str(NULL, ...) belong to GMP's allocator. */
static void free_gmp_string(char *s)
{
    if (!s)
        return;
    void (*gmp_free)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &gmp_free);
    gmp_free(s, strlen(s) + 1);
}

static ccd_status consume(void *ctx, ccd_error *err, size_t file, const ccd_query *q,
                          int given, const void *slot_bytes)
{
    const ccd_exact_label_config *cfg = ((const label_run *)ctx)->cfg;
    const truth_slot *slot = slot_bytes;
    if (slot->skipped)
        return CCD_OK;
    ccd_exact_label label = {slot->collides, slot->toi_lo, slot->toi_hi, slot->seconds, given};
    ccd_status st = cfg->on_query ? cfg->on_query(cfg->ctx, err, file, q, &label) : CCD_OK;
    free_gmp_string(slot->toi_lo);
    free_gmp_string(slot->toi_hi);
    return st;
}

static void progress(void *ctx, const ccd_dataset_file *at, uint64_t done, uint64_t total)
{
    const ccd_exact_label_config *cfg = ((const label_run *)ctx)->cfg;
    if (cfg->progress)
        cfg->progress(cfg->progress_ctx ? cfg->progress_ctx : cfg->ctx, at, done, total);
}

ccd_status ccd_exact_label_run(ccd_error *err, const ccd_dataset *ds, const ccd_exact_label_config *cfg)
{
    label_run run = {cfg, ds};
    ccd_batch_loop loop = {
        .threads = cfg->threads,
        .batch_size = cfg->batch_size,
        .slot_size = sizeof(truth_slot),
        .ctx = &run,
        .thread_new = thread_new,
        .thread_free = thread_free,
        .compute = compute,
        .consume = consume,
        .progress = progress,
    };
    return ccd_batch_loop_run(&loop, err, ds);
}
