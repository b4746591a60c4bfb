/* SPDX-License-Identifier: MIT */
/* A series of runs and its result file (see run_series.h). */
#include <config.h>

#include "bench/run_series.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/checkpoint.h"
#include "bench/mpi_job.h"
#include "bench/result_merge.h"
#include "bench/sweep.h"
#include "core/assert.h"
#include "core/atomic_file.h"
#include "core/error.h"

/* What the per-query callback needs: a writer per run of the pass (NULL: no
 * per-query records) and the dataset, and the caller's progress callback,
 * passed on. */
typedef struct series_io {
    ccd_result_writer **writers;
    const ccd_dataset *ds;
    ccd_progress_fn *progress;
    void *ctx;
} series_io;

static void series_progress(void *ctx, const ccd_dataset_file *at, uint64_t done,
                            uint64_t total)
{
    series_io *io = ctx;
    if (io->progress)
        io->progress(io->ctx, at, done, total);
}

static void series_query(void *ctx, size_t run, const ccd_dataset_file *file,
                         const ccd_query *q, int label, const ccd_query_truth *truth,
                         const ccd_query_outcome *outcomes)
{
    (void)label; /* the result file holds the truth, which the label decided or not */
    series_io *io = ctx;
    ccd_result_write_query(io->writers[run], (size_t)(file - io->ds->files), q, truth, outcomes);
}

/* The values of run r of the series: the sweep's value applied to cfg's
 * parameters, and its option values. */
static ccd_run_values run_values(const ccd_run_config *cfg, const ccd_run_series *series,
                                 size_t r)
{
    ccd_run_values v = {.params = cfg->params,
                        .method_options = (const ccd_option_value *const *)series->options[r]};
    if (series->sweep_param)
        ccd_sweep_apply(&v.params, series->sweep_param, series->sweep_values[r]);
    return v;
}

/* Copies what the stream `from` holds (from its start) to the end of `to`. */
static int copy_stream(FILE *to, FILE *from)
{
    char buf[1 << 16];
    size_t n;
    if (fflush(from) != 0 || fseek(from, 0, SEEK_SET) != 0)
        return -1;
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, to) != n)
            return -1;
    return ferror(from) ? -1 : 0;
}

/* Every run of the series over cfg's files, written to w (NULL: not written)
 * run after run — begin, per-query records, end — as one process running them
 * one by one would write them; stats[r] gets run r's statistics (free each,
 * also on error).  One pass over the data for all runs (each file read once,
 * the threads' state made once); with methods in child processes, one pass a
 * run.  In one pass the per-query records of the runs after the first wait in
 * temporary files until the runs before them are written. */
static ccd_status run_all(ccd_run_stats *stats, ccd_error *err, const ccd_dataset *ds,
                          ccd_run_config *cfg, const ccd_run_series *series,
                          ccd_result_writer *w, series_io *io)
{
    const size_t n = series->count;
    const int one_pass = !ccd_run_isolates(cfg);
    const int records = w && series->per_query;
    ccd_run_values *values = calloc(n, sizeof *values);
    ccd_result_writer *held = calloc(n, sizeof *held); /* runs 1.. of a pass */
    ccd_result_writer **writers = calloc(n, sizeof *writers);
    ccd_status st = values && held && writers ? CCD_OK : ccd_error_oom(err, "ccdbench");
    for (size_t r = 0; st == CCD_OK && r < n; r++) {
        values[r] = run_values(cfg, series, r);
        writers[r] = w;
        if (records && one_pass && r > 0) {
            held[r] = (ccd_result_writer){.per_query = 1, .method_count = w->method_count};
            if (!(held[r].out = tmpfile()))
                st = ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                                   "cannot create a temporary file for the per-query records");
            writers[r] = &held[r];
        }
    }
    const ccd_run_config saved = *cfg;
    io->writers = records ? writers : NULL;
    cfg->on_query = records ? series_query : NULL;
    const size_t passes = one_pass ? 1 : n;
    for (size_t p = 0; st == CCD_OK && p < passes; p++) {
        const size_t first = one_pass ? 0 : p, count = one_pass ? n : 1;
        if (w)
            ccd_result_write_run_begin(w, series->sweep_param ? series->sweep_values[first] : NAN,
                                       &values[first].params, cfg->methods,
                                       values[first].method_options, cfg->method_count);
        if (series->pass_begin)
            series->pass_begin(series->ctx, p, passes);
        st = ccd_run_many(&stats[first], err, ds, cfg, &values[first], count);
        if (series->pass_end)
            series->pass_end(series->ctx, p);
        for (size_t r = first; st == CCD_OK && w && r < first + count; r++) {
            if (r > first) {
                ccd_result_write_run_begin(w, series->sweep_param ? series->sweep_values[r] : NAN,
                                           &values[r].params, cfg->methods,
                                           values[r].method_options, cfg->method_count);
                if (records) {
                    if (copy_stream(w->out, held[r].out) != 0)
                        st = ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                                           "cannot read back the per-query records of run %zu "
                                           "from its temporary file", r + 1);
                    w->queries = held[r].queries;
                }
            }
            ccd_result_write_run_end(w, &stats[r]);
        }
    }
    cfg->on_query = saved.on_query;
    for (size_t r = 0; held && r < n; r++)
        if (held[r].out)
            fclose(held[r].out);
    free(held);
    free(writers);
    free(values);
    return st;
}

/* The result file's header of the series: this machine and build, the run's
 * data and methods, and its preset. */
static ccd_status header_init(ccd_result_header *h, ccd_error *err, const ccd_dataset *ds,
                              const ccd_run_config *cfg, const ccd_run_series *series)
{
    ccd_status st = ccd_result_header_init(h, err, series->data, series->data_count, ds,
                                           cfg->methods, cfg->method_count, cfg->truth,
                                           cfg->shard_index, cfg->shard_count,
                                           series->sweep_param);
    if (st == CCD_OK && series->preset && !(h->preset = strdup(series->preset))) {
        ccd_result_header_free(h);
        st = ccd_error_oom(err, "ccdbench");
    }
    return st;
}

static ccd_status execute_checkpointed(ccd_result_run *runs, ccd_error *err,
                                       const ccd_dataset *ds, ccd_run_config *cfg,
                                       const ccd_run_series *series);

ccd_status ccd_run_series_execute(ccd_result_run *runs, ccd_error *err, const ccd_dataset *ds,
                                  ccd_run_config *cfg, const ccd_run_series *series)
{
    CCD_ASSERT(series->count >= 1 && (series->sweep_param || series->count == 1));
    CCD_ASSERT(!(series->part && series->checkpoint_dir));
    if (series->checkpoint_dir)
        return execute_checkpointed(runs, err, ds, cfg, series);
    ccd_status st = CCD_OK;
    ccd_result_header header;
    ccd_atomic_file file = {0};
    FILE *part = NULL; /* series->part: the document in memory */
    ccd_result_writer writer;
    int have_header = 0, writes = series->result_path || series->part;
    if (writes) {
        st = header_init(&header, err, ds, cfg, series);
        have_header = st == CCD_OK;
        if (st == CCD_OK && series->part) {
            if ((part = open_memstream(series->part, series->part_length)))
                ccd_result_write_header(&writer, part, &header, series->per_query);
            else
                st = ccd_error_oom(err, "ccdbench");
        } else if (st == CCD_OK &&
                   (st = ccd_atomic_file_open(&file, err, series->result_path)) == CCD_OK) {
            ccd_result_write_header(&writer, file.stream, &header, series->per_query);
        }
    }
    for (size_t r = 0; r < series->count; r++) {
        runs[r].params = run_values(cfg, series, r).params;
        runs[r].sweep_value = series->sweep_param ? series->sweep_values[r] : NAN;
    }
    ccd_run_stats *stats = calloc(series->count, sizeof *stats);
    if (st == CCD_OK && !stats)
        st = ccd_error_oom(err, "ccdbench");
    /* the caller's progress callback, wrapped beside the per-query records */
    series_io io = {.ds = ds, .progress = cfg->progress, .ctx = cfg->ctx};
    ccd_run_config saved = *cfg;
    cfg->progress = series_progress;
    cfg->ctx = &io;
    if (st == CCD_OK)
        st = run_all(stats, err, ds, cfg, series, writes ? &writer : NULL, &io);
    *cfg = saved;
    for (size_t r = 0; stats && r < series->count; r++)
        runs[r].stats = stats[r];
    free(stats);
    if (part) {
        if (st == CCD_OK)
            ccd_result_write_finish(&writer);
        if ((fclose(part) != 0 || st != CCD_OK)) {
            free(*series->part);
            *series->part = NULL;
            if (st == CCD_OK)
                st = ccd_error_oom(err, "ccdbench");
        }
    } else if (st == CCD_OK && series->result_path) {
        ccd_result_write_finish(&writer);
        st = ccd_atomic_file_commit(&file, err);
    } else if (file.stream) {
        ccd_atomic_file_abort(&file);
    }
    if (have_header) {
        header.methods = NULL; /* borrowed from cfg */
        ccd_result_header_free(&header);
    }
    return st;
}

/* runs[r].stats: the sums docs[0] holds after ccd_result_combine, as statistics
 * of this dataset and these methods (for the tables). */
static ccd_status stats_from_sums(ccd_result_run *runs, ccd_error *err, const ccd_dataset *ds,
                                  const ccd_run_config *cfg, size_t count,
                                  const ccd_result_doc *sums)
{
    ccd_status st = CCD_OK;
    for (size_t r = 0; st == CCD_OK && r < count; r++) {
        const ccd_run_stats *sum = &sums->runs[r].stats;
        ccd_run_stats *s = &runs[r].stats;
        if ((st = ccd_run_stats_init(s, err, ds, cfg->methods, cfg->method_count)) != CCD_OK)
            break;
        if (sum->group_count != s->group_count)
            st = ccd_error_set(err, CCD_ERR_INPUT, sums->path, 0, 0,
                               "its groups are not those of the data");
        for (size_t g = 0; st == CCD_OK && g < s->group_count; g++)
            if (ccd_result_group_add(&s->groups[g], &sum->groups[g], s->method_count) < 0)
                st = ccd_error_oom(err, sums->path);
        s->wall_seconds = sum->wall_seconds;
        s->read_seconds = sum->read_seconds;
        s->consume_seconds = sum->consume_seconds;
        s->parse_seconds = sum->parse_seconds;
        s->records_seconds = sum->records_seconds;
        s->load_seconds = sum->load_seconds;
        s->load_bytes = sum->load_bytes;
        s->exact_truth = sum->exact_truth;
        s->toi_compared = sum->toi_compared;
    }
    return st;
}

ccd_status ccd_run_series_reduce(ccd_result_run *runs, ccd_error *err, const ccd_dataset *ds,
                                 const ccd_run_config *cfg, const ccd_run_series *series,
                                 const ccd_mpi_job *job, const char *part, size_t part_length)
{
    char **parts = NULL;
    size_t *lengths = NULL;
    ccd_status st = ccd_mpi_job_gather(&parts, &lengths, err, job, part, part_length);
    if (st != CCD_OK || job->rank != 0)
        return st;
    size_t n = (size_t)job->size, loaded = 0;
    ccd_result_doc *docs = calloc(n, sizeof *docs);
    if (!docs)
        st = ccd_error_oom(err, "ccdbench");
    for (; st == CCD_OK && loaded < n; loaded++) {
        char name[64];
        snprintf(name, sizeof name, "(the result of MPI rank %zu)", loaded);
        if ((st = ccd_result_read_text(&docs[loaded], err, name, parts[loaded],
                                       lengths[loaded])) != CCD_OK)
            break;
        const char *why = ccd_result_mismatch(&docs[0], &docs[loaded]);
        if (why || docs[loaded].header.shard_index != loaded) {
            loaded++;
            st = ccd_error_set(err, CCD_ERR_INTERNAL, name, 0, 0,
                               "not a part of the same run as rank 0's: %s",
                               why ? why : "its shard is not its rank");
        }
    }
    if (st == CCD_OK)
        st = ccd_result_combine(err, series->result_path, docs, n, 0, 1);
    if (st == CCD_OK)
        st = stats_from_sums(runs, err, ds, cfg, series->count, &docs[0]);
    for (size_t d = 0; d < loaded; d++)
        ccd_result_doc_free(&docs[d]);
    free(docs);
    for (size_t r = 0; r < n; r++)
        free(parts[r]);
    free(parts);
    free(lengths);
    return st;
}

/* ------------------------------------------------------------ checkpoints */

/* The parameters and options of every run, one line each, for the key. */
static char *runs_key(ccd_run_config *cfg, const ccd_run_series *series)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    for (size_t r = 0; r < series->count; r++) {
        char *line = NULL;
        size_t line_size = 0;
        FILE *l = open_memstream(&line, &line_size);
        if (!l) {
            fclose(out);
            free(text);
            return NULL;
        }
        const ccd_run_values v = run_values(cfg, series, r);
        ccd_result_writer w = {.out = l, .method_count = cfg->method_count};
        ccd_result_write_run_begin(&w, series->sweep_param ? series->sweep_values[r] : NAN,
                                   &v.params, cfg->methods, v.method_options,
                                   cfg->method_count);
        int bad = fclose(l) != 0;
        if (!bad) {
            fprintf(out, "run %zu:", r);
            for (const char *c = line; *c; c++) /* one line, without the indentation */
                if (*c != '\n' && !(*c == ' ' && (c[1] == ' ' || c[-1] == '\n')))
                    fputc(*c, out);
            fputc('\n', out);
        }
        free(line);
        if (bad) {
            fclose(out);
            free(text);
            return NULL;
        }
    }
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* Run every run of the series on file f only, and write its unit (atomically). */
static ccd_status run_unit(ccd_error *err, const ccd_dataset *ds, ccd_run_config *cfg,
                           const ccd_run_series *series, const ccd_result_header *header,
                           const ccd_checkpoint *cp, size_t f, series_io *io)
{
    char *path = ccd_checkpoint_unit_path(cp, f);
    if (!path)
        return ccd_error_oom(err, cp->dir);
    ccd_atomic_file file;
    ccd_result_writer writer;
    ccd_status st = ccd_atomic_file_open(&file, err, path);
    free(path);
    if (st != CCD_OK)
        return st;
    ccd_result_write_header(&writer, file.stream, header, series->per_query);
    cfg->file_begin = f;
    cfg->file_end = f + 1;
    ccd_run_stats *stats = calloc(series->count, sizeof *stats);
    st = stats ? run_all(stats, err, ds, cfg, series, &writer, io)
               : ccd_error_oom(err, "ccdbench");
    for (size_t r = 0; stats && r < series->count; r++)
        ccd_run_stats_free(&stats[r]);
    free(stats);
    if (st != CCD_OK) {
        ccd_atomic_file_abort(&file);
        return st;
    }
    ccd_result_write_finish(&writer);
    return ccd_atomic_file_commit(&file, err);
}

/* Read the units of every file (all there) and combine them into the result
 * file; runs[r] gets the sums. */
static ccd_status combine_units(ccd_result_run *runs, ccd_error *err, const ccd_dataset *ds,
                                const ccd_run_config *cfg, const ccd_run_series *series,
                                const ccd_checkpoint *cp)
{
    size_t n = ds->count;
    ccd_result_doc *docs = calloc(n ? n : 1, sizeof *docs);
    size_t loaded = 0;
    ccd_status st = docs ? CCD_OK : ccd_error_oom(err, cp->dir);
    for (; st == CCD_OK && loaded < n; loaded++) {
        char *path = ccd_checkpoint_unit_path(cp, loaded);
        st = path ? ccd_result_read(&docs[loaded], err, path) : ccd_error_oom(err, cp->dir);
        free(path);
        if (st != CCD_OK)
            break;
        const char *why = ccd_result_mismatch(&docs[0], &docs[loaded]);
        if (!why && docs[loaded].run_count != series->count)
            why = "its number of runs differs from this run's";
        if (why) {
            loaded++;
            st = ccd_error_set(err, CCD_ERR_INPUT, docs[loaded - 1].path, 0, 0,
                               "not a unit of the same run as %s: %s", docs[0].path, why);
        }
    }
    if (st == CCD_OK)
        st = ccd_result_combine(err, series->result_path, docs, n, cfg->shard_index,
                                cfg->shard_count ? cfg->shard_count : 1);
    if (st == CCD_OK)
        st = stats_from_sums(runs, err, ds, cfg, series->count, &docs[0]);
    for (size_t d = 0; d < loaded; d++)
        ccd_result_doc_free(&docs[d]);
    free(docs);
    return st;
}

static ccd_status execute_checkpointed(ccd_result_run *runs, ccd_error *err,
                                       const ccd_dataset *ds, ccd_run_config *cfg,
                                       const ccd_run_series *series)
{
    CCD_ASSERT(series->result_path);
    ccd_status st = ccd_atomic_file_check(err, series->result_path); /* before any work */
    if (st != CCD_OK)
        return st;
    ccd_result_header header;
    if ((st = header_init(&header, err, ds, cfg, series)) != CCD_OK)
        return st;
    char *runs_text = runs_key(cfg, series);
    char *key = runs_text ? ccd_checkpoint_key(&header, series->per_query, runs_text,
                                               series->checkpoint_extra)
                          : NULL;
    ccd_checkpoint cp = {0};
    st = key ? ccd_checkpoint_open(&cp, err, series->checkpoint_dir, key)
             : ccd_error_oom(err, series->checkpoint_dir);
    free(runs_text);
    free(key);
    size_t resumed = 0;
    series_io io = {.ds = ds, .progress = cfg->progress, .ctx = cfg->ctx};
    ccd_run_config saved = *cfg;
    cfg->progress = series_progress;
    cfg->ctx = &io;
    for (size_t f = 0; st == CCD_OK && f < ds->count; f++) {
        if (ccd_checkpoint_unit_done(&cp, f))
            resumed++;
        else
            st = run_unit(err, ds, cfg, series, &header, &cp, f, &io);
    }
    *cfg = saved;
    for (size_t r = 0; r < series->count; r++) {
        runs[r].params = run_values(cfg, series, r).params;
        runs[r].sweep_value = series->sweep_param ? series->sweep_values[r] : NAN;
    }
    if (st == CCD_OK)
        st = combine_units(runs, err, ds, cfg, series, &cp);
    if (series->resumed)
        *series->resumed = resumed;
    ccd_checkpoint_close(&cp);
    header.methods = NULL; /* borrowed from cfg */
    ccd_result_header_free(&header);
    return st;
}
