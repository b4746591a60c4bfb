/* SPDX-License-Identifier: MIT */
/*
 * The benchmark runner: every query of a dataset through every selected method,
 * each call timed with CLOCK_MONOTONIC (and each run of calls of a method on a
 * thread in CPU time too, bench/cpu_span.h), compared with the truth (the file's
 * labels, or the exact oracle), and summarised per (set, family, kind, method).
 */
#ifndef CCD_BENCH_RUNNER_H
#define CCD_BENCH_RUNNER_H
#include "bench/batch_loop.h"
#include "bench/method_detail.h"
#include "bench/method_failure.h"
#include "bench/method_stats.h"
#include "bench/truth_file_reader.h"
#include "ccdbench.h"

#include <gmp.h>

typedef enum ccd_truth_policy {
    CCD_TRUTH_POLICY_LABELS = 0, /* labels when the input has them, else the exact oracle */
    CCD_TRUTH_POLICY_EXACT = 1   /* always the exact oracle; enables the toi comparison     */
} ccd_truth_policy;

typedef struct ccd_run_config {
    const ccd_method *const *methods;
    size_t method_count;
    ccd_params params;
    /* Optional, one per method: the values of its options (ccd_method.options),
     * resolved from their names once per run; NULL (or a NULL entry): defaults. */
    const ccd_option_value *const *method_options;
    /* The exact d of params.ms for the exact truth (NULL: params.ms itself, a double);
     * the methods get params.ms. */
    mpq_srcptr ms_exact;
    /* Optional, one per method: the minimum separation d that method runs with
     * instead of params.ms (NAN: params.ms); the truth keeps params.ms. */
    const double *method_ms;
    /* FP and FN against the plain CCD truth (d = 0) whatever params.ms and
     * method_ms: the methods get their d, the truth ignores it (the scoring of
     * Wang et al. 2021 Tables 1 and 2, presets.h). */
    int plain_truth;
    ccd_truth_policy truth;
    /* Optional: the exact truth of every dataset file, read from ground-truth files
     * (one per file of the dataset, in its order; for params.ms and params.ms_norm).
     * It replaces the labels; the oracle is consulted to confirm every false positive,
     * false negative and toi after the exact one it would count, and when a method's
     * toi, t_max or a double falls inside the file's isolating interval.  A row count
     * other than the file's query count, or a row the oracle contradicts, is an error. */
    const ccd_truth_file_set *truth_files;
    /* Optional, one per method: its documented range of inputs (named in the
     * reason when it rejects a query), or NULL. */
    const char *const *method_limits;
    /* Optional, one per method: run it in child processes (bench/isolate.h), so
     * that a crash, abort, exit or endless loop fails it on that query only. */
    const unsigned char *isolate;
    double query_timeout; /* seconds an isolated method may take per query; 0: no limit */
    int threads;       /* 0: OpenMP default */
    size_t batch_size; /* 0: default */
    /* Shards (0 or 1: everything).  Query q of ds->files[f] belongs to shard
     * (f + q.index) mod shard_count: deterministic, independent of threads and
     * batches, and balanced within every file.  The groups are those of the whole
     * dataset in every shard, so shards merge group by group. */
    unsigned shard_index, shard_count;
    /* Files (0, 0: every file): only the queries of ds->files[file_begin ..
     * file_end) are run; the groups are still those of the whole dataset and
     * files keep their numbers, so runs of disjoint ranges add up group by group
     * (checkpoints, bench/checkpoint.h). */
    size_t file_begin, file_end;
    /* Optional: the heavy queries of an earlier run of the dataset (all its
     * files in order), with their costs (bench/expected_costs.h: from a result
     * file, ccd_schedule_costs_of, or the cost cache, bench/cost_cache.h): they
     * start first.  Only the order in which queries are computed depends on it;
     * ignored when file_begin > 0. */
    const ccd_expected_costs *expected;
    /* Optional: gets the heavy queries of this run, by what each cost (its
     * methods' calls and its truth, over the runs of the pass), for a later
     * run's `expected` (what it held before is freed); left as it is when
     * file_begin > 0.  The caller frees it. */
    ccd_expected_costs *measured;
    /* Optional: each query with its label in the input (-1: none), its truth and
     * one outcome per method, in file and query order, and for each query the runs
     * of ccd_run_many in their order (run: its index; 0 for ccd_run): the same
     * sequence whatever the thread count. */
    void (*on_query)(void *ctx, size_t run, const ccd_dataset_file *file, const ccd_query *q,
                     int label, const ccd_query_truth *truth, const ccd_query_outcome *outcomes);
    ccd_progress_fn *progress; /* optional (bench/batch_loop.h) */
    void *ctx;
} ccd_run_config;

/* Queries of one set/family/kind: the rows of the report. */
typedef struct ccd_run_group {
    char *set; /* copies: the stats outlive the dataset */
    char *family;
    ccd_kind kind;
    ccd_method_stats *methods; /* one per configured method */
    ccd_method_detail *details; /* one per configured method: for result files */
    uint64_t unlabelled;        /* queries of the group whose input has no label */
    ccd_first_failure *failures; /* one per configured method: its first failure here */
} ccd_run_group;

typedef struct ccd_run_stats {
    ccd_run_group *groups; /* in order of first appearance in the (sorted) dataset */
    size_t group_count;
    /* The groups' methods and details, when they are one block of zeroed
     * pages (core/zeroed_pages.h; ccd_run and ccd_run_stats_init): its size;
     * 0 when each group's arrays are their own malloc'd blocks. */
    size_t group_block_size;
    const ccd_method *const *methods;
    size_t method_count;
    int toi_compared;       /* some truth came from the exact oracle: toi columns apply */
    uint64_t exact_truth;   /* queries whose truth came from the exact oracle or truth files */
    double wall_seconds;    /* of the pass that made the run (ccd_run_many: shared) */
    /* of the same pass: cutting the files into pieces and consuming the
     * results, which one thread at a time does, and parsing the pieces, which
     * every thread does (summed) (bench/schedule_replay.h replays them) */
    double read_seconds, consume_seconds, parse_seconds;
    /* of consume_seconds: writing the per-query records (--per-query) */
    double records_seconds;
    /* of the same pass: the read calls of the input, by the threads reading
     * ahead of the cutting and by the cutter (not in read_seconds), and the
     * bytes they read (query/read_ahead.h) */
    double load_seconds;
    uint64_t load_bytes;
} ccd_run_stats;

/* Run; on error (bad input, out of memory) stats is freed and err says why.  A
 * method failing on a query is no error: it is counted (ccd_method_stats.failed)
 * and its first failure kept per group (ccd_run_group.failures). */
ccd_status ccd_run(ccd_run_stats *stats, ccd_error *err, const ccd_dataset *ds,
                   const ccd_run_config *cfg);
void ccd_run_stats_free(ccd_run_stats *stats);

/* What differs between the runs of one pass: the parameters (a sweep's value
 * applied) and the methods' option values (NULL: defaults). */
typedef struct ccd_run_values {
    ccd_params params;
    const ccd_option_value *const *method_options;
} ccd_run_values;

/* count runs in one pass over the data: each file is read once, and each chunk
 * of queries runs through every method under every run's values before the
 * next, on the same thread states.  stats[r] is what ccd_run gives with
 * cfg->params and cfg->method_options replaced by runs[r]'s; a run whose truth
 * parameters (t_max, ms, ms_norm) are those of the run before it shares that
 * run's truth, computed once.  Methods in child processes (cfg->isolate) take
 * one run a pass (count 1).  On error every stats[r] is freed. */
ccd_status ccd_run_many(ccd_run_stats *stats, ccd_error *err, const ccd_dataset *ds,
                        const ccd_run_config *cfg, const ccd_run_values *runs, size_t count);
/* Whether some method of cfg runs in child processes (ccd_run_many's count 1). */
int ccd_run_isolates(const ccd_run_config *cfg);
/* stats with the groups of ds (as ccd_run makes them) and every count 0: for
 * sums of runs.  On error stats is freed. */
ccd_status ccd_run_stats_init(ccd_run_stats *stats, ccd_error *err, const ccd_dataset *ds,
                              const ccd_method *const *methods, size_t method_count);

/* Queries on which method m failed, over all groups; and the earliest of the
 * groups' first failures (NULL: none). */
uint64_t ccd_run_stats_failed(const ccd_run_stats *stats, size_t m,
                              const ccd_first_failure **first);

/* The shard of query q of file number `file` (see ccd_run_config.shard_count). */
unsigned ccd_run_shard_of(const ccd_run_config *cfg, size_t file, const ccd_query *q);

#endif
