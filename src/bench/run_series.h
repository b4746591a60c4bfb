/* SPDX-License-Identifier: MIT */
/*
 * A series of runs on one dataset, as `ccdbench run` makes them with --sweep,
 * --preset, --json or --shard: one run per sweep value (or one run), each with
 * its methods' option values, and the result file written as the runs finish —
 * committed atomically after the last one, or not at all.
 */
#ifndef CCD_BENCH_RUN_SERIES_H
#define CCD_BENCH_RUN_SERIES_H
#include "bench/result_file.h"
#include "bench/runner.h"

typedef struct ccd_run_series {
    size_t count;                /* runs (≥ 1) */
    const char *sweep_param;     /* "delta", "max-checks" or "ms"; NULL: no sweep (count 1) */
    const double *sweep_values;  /* count values when sweep_param */
    /* options[r]: the option values of every method for run r (cfg->method_count) */
    ccd_option_value ***options;
    /* The result file: NULL for none.  data[0 .. data_count) are the DATA paths the
     * header records; per_query adds every query's outcome. */
    const char *result_path;
    int per_query;
    const char *preset; /* the preset the header names (bench/preset.h), or NULL */
    char *const *data;
    size_t data_count;
    /* Checkpoints (bench/checkpoint.h; needs result_path): the directory, or
     * NULL.  checkpoint_extra: more "name: value\n" lines of the key (what else
     * the numbers depend on), or NULL.  *resumed, when not NULL, gets the
     * number of files read back from the checkpoint rather than run. */
    const char *checkpoint_dir;
    const char *checkpoint_extra;
    size_t *resumed;
    /* An MPI rank's part of the run (bench/mpi_job.h; not with checkpoints):
     * when not NULL, the result document is written to *part (malloc'd,
     * *part_length bytes) instead of result_path, for ccd_run_series_reduce. */
    char **part;
    size_t *part_length;
    /* Called before and after each pass over the data (e.g. a progress bar's
     * start and end): the runs of a series take one pass together, or one pass
     * each when methods run in child processes; with a checkpoint, one pass
     * (or passes) a file. */
    void (*pass_begin)(void *ctx, size_t pass, size_t passes);
    void (*pass_end)(void *ctx, size_t pass);
    void *ctx;
} ccd_run_series;

/* Runs the series in one pass over the data (ccd_run_many: each file read
 * once), or one pass a run when methods run in child processes: runs[r] gets
 * run r's sweep value, parameters (cfg->params with the swept one applied) and
 * statistics (free each with ccd_run_stats_free, also on error: runs not made
 * stay empty).  The result file is the same either way.  cfg's progress
 * callback and ctx are used as given; its on_query is set here and restored
 * before returning.  With a checkpoint the runs go file by file (each file runs
 * every run of the series, then its unit is written), and runs[r] holds the
 * sums of the units. */
ccd_status ccd_run_series_execute(ccd_result_run *runs, ccd_error *err, const ccd_dataset *ds,
                                  ccd_run_config *cfg, const ccd_run_series *series);
/* Collective over the ranks of job, after ccd_mpi_job_agree: every rank sends
 * its part (ccd_run_series_execute with series->part, cfg->shard_index its rank
 * of cfg->shard_count = job->size); rank 0 combines them as `ccdbench merge`
 * combines shards (ccd_result_combine) into series->result_path (when not
 * NULL) and gets the sums in runs[r].stats, as one process running everything
 * would have them.  Other ranks return at once, runs untouched. */
struct ccd_mpi_job;
ccd_status ccd_run_series_reduce(ccd_result_run *runs, ccd_error *err, const ccd_dataset *ds,
                                 const ccd_run_config *cfg, const ccd_run_series *series,
                                 const struct ccd_mpi_job *job, const char *part,
                                 size_t part_length);
#endif
