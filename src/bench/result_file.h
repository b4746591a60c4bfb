/* SPDX-License-Identifier: MIT */
/*
 * Result files: what `ccdbench run --json FILE` writes and `ccdbench report`,
 * `gate` and `merge` read.  A JSON object
 *
 *   {"format": "ccdbench-result", "version": 1, tool, date, machine, build,
 *    data, truth, shard, sweep, [preset], methods, files,
 *    "runs": [{"sweep_value", "params", ["queries"], "wall_seconds",
 *              ["read_seconds", "consume_seconds", "parse_seconds",
 *               "records_seconds", "load_seconds", "load_bytes"],
 *              "exact_truth_queries",
 *              "toi_compared", "groups": [...]}]}
 *
 * with one run per sweep value (one run without a sweep).  Each group holds,
 * per method, every count of ccd_method_stats and ccd_method_detail and the two
 * time histograms (positive and negative queries) as [bucket, count] pairs, so
 * every table and figure (medians, p99, Figure 7) is rebuilt exactly, and
 * shards merge into exactly the file one run writes.
 */
#ifndef CCD_BENCH_RESULT_FILE_H
#define CCD_BENCH_RESULT_FILE_H
#include <stdio.h>

#include "bench/json_doc.h"
#include "bench/runner.h"

#define CCD_RESULT_FORMAT "ccdbench-result"
#define CCD_RESULT_VERSION 1
#define CCD_RESULT_SHARD_RULE "query i of file f (files sorted by path, from 0) is in shard (f + i) mod count"

/* Everything a result file says about the run besides the numbers. */
typedef struct ccd_result_header {
    char *tool, *date, *cpu, *compiler, *gmp, *mpfr, *zlib;
    long cores;
    char **data; /* the DATA arguments */
    size_t data_count;
    char **files; /* csv paths of the dataset, in order (per-query "file" indexes them) */
    size_t file_count;
    char *truth; /* "labels" or "exact" */
    unsigned shard_index, shard_count;
    char *sweep; /* NULL, "delta", "max-checks" or "ms" */
    char *preset; /* the --preset of the run (bench/preset.h), or NULL: none */
    const ccd_method *const *methods;
    size_t method_count;
} ccd_result_header;

/* Fill h with this machine, build and date; data/files/methods from the run. */
ccd_status ccd_result_header_init(ccd_result_header *h, ccd_error *err, char *const *data,
                                  size_t data_count, const ccd_dataset *ds,
                                  const ccd_method *const *methods, size_t method_count,
                                  ccd_truth_policy truth, unsigned shard_index,
                                  unsigned shard_count, const char *sweep);
void ccd_result_header_free(ccd_result_header *h);

/* Streaming writer: header, then per run begin, [query...], end, then finish. */
typedef struct ccd_result_writer {
    FILE *out;
    int per_query;
    size_t runs, queries;
    size_t method_count;
} ccd_result_writer;

void ccd_result_write_header(ccd_result_writer *w, FILE *out, const ccd_result_header *h,
                             int per_query);
/* sweep_value: NAN when there is no sweep.  The run's parameters: the common ones
 * (p) and the option values of every method (values[m] for methods[m], in the
 * order of its table; values or values[m] NULL: the defaults), recorded as
 * "params": {"ms", "t_max", "no_zero_toi", "ms_norm", "options": {METHOD: {KEY: v}}}. */
void ccd_result_write_run_begin(ccd_result_writer *w, double sweep_value, const ccd_params *p,
                                const ccd_method *const *methods,
                                const ccd_option_value *const *values, size_t count);
/* The same for a run read back (merge): its params and options as they were. */
struct ccd_result_run;
void ccd_result_write_run_begin_read(ccd_result_writer *w, const struct ccd_result_run *run);
void ccd_result_write_query(ccd_result_writer *w, size_t file, const ccd_query *q,
                            const ccd_query_truth *truth, const ccd_query_outcome *outcomes);
/* A query record already parsed (merge): written as it was. */
void ccd_result_write_query_json(ccd_result_writer *w, const ccd_json *record);
void ccd_result_write_run_end(ccd_result_writer *w, const ccd_run_stats *s);
void ccd_result_write_finish(ccd_result_writer *w);

/* A result file read back. */
typedef struct ccd_result_run {
    double sweep_value; /* NAN without a sweep */
    ccd_params params;
    const ccd_json *params_json; /* the "params" object as read                       */
    const ccd_json *options;     /* params.options: {METHOD: {KEY: value}}; NULL in files
                                    written before methods declared options          */
    ccd_run_stats stats; /* stats.methods point into the document's methods */
    const ccd_json *queries; /* the per-query records, or NULL */
} ccd_result_run;

typedef struct ccd_result_doc {
    char *path;
    ccd_json *json;
    ccd_result_header header;
    ccd_method *method_table; /* names from the file; no query functions */
    const ccd_method **method_ptrs;
    ccd_result_run *runs;
    size_t run_count;
    unsigned long runs_line, runs_column; /* where "runs" starts (for merge errors) */
} ccd_result_doc;

/* Read and check a result file; a malformed one is CCD_ERR_INPUT with
 * "path:line:column: what is wrong". */
ccd_status ccd_result_read(ccd_result_doc *doc, ccd_error *err, const char *path);
/* The same for a result document in memory (text[0 .. length)), named `name`
 * in messages (e.g. what one rank of an MPI job sent). */
ccd_status ccd_result_read_text(ccd_result_doc *doc, ccd_error *err, const char *name,
                                const char *text, size_t length);
void ccd_result_doc_free(ccd_result_doc *doc);

/* Add `from` into `into` (same method count); -1 when out of memory, 1 when a
 * count or time sum passed 2^64 - 1 (ccd_result_stats_add). */
int ccd_result_group_add(ccd_run_group *into, const ccd_run_group *from, size_t method_count);
/* Sum of the given groups of stats for one method; 1 when a count or time sum
 * passed 2^64 - 1 (it is then left at the largest value, not wrapped), else 0. */
int ccd_result_stats_add(ccd_method_stats *into, ccd_method_detail *into_detail,
                         const ccd_method_stats *from, const ccd_method_detail *from_detail);

/* "handcrafted" for sample-queries, "simulation" for scalable-ccd, else the set. */
const char *ccd_result_set_label(const char *set);

#endif
