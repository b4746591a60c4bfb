/* SPDX-License-Identifier: MIT */
/* A series of runs and its result file (see run_series.h). */
#include <config.h>

#include "bench/run_series.h"

#include <math.h>
#include <string.h>

#include "bench/sweep.h"
#include "core/assert.h"
#include "core/atomic_file.h"

/* What the per-query callback needs: the writer and the dataset, and the
 * caller's progress callback, passed on. */
typedef struct series_io {
    ccd_result_writer *writer;
    const ccd_dataset *ds;
    void (*progress)(void *ctx, uint64_t done, uint64_t total);
    void *ctx;
} series_io;

static void series_progress(void *ctx, uint64_t done, uint64_t total)
{
    series_io *io = ctx;
    if (io->progress)
        io->progress(io->ctx, done, total);
}

static void series_query(void *ctx, const ccd_dataset_file *file, const ccd_query *q,
                         const ccd_query_truth *truth, const ccd_query_outcome *outcomes)
{
    series_io *io = ctx;
    ccd_result_write_query(io->writer, (size_t)(file - io->ds->files), q, truth, outcomes);
}

ccd_status ccd_run_series_execute(ccd_result_run *runs, ccd_error *err, const ccd_dataset *ds,
                                  ccd_run_config *cfg, const ccd_run_series *series)
{
    CCD_ASSERT(series->count >= 1 && (series->sweep_param || series->count == 1));
    ccd_status st = CCD_OK;
    ccd_result_header header;
    ccd_atomic_file file = {0};
    ccd_result_writer writer;
    int have_header = 0;
    if (series->result_path) {
        st = ccd_result_header_init(&header, err, series->data, series->data_count, ds,
                                    cfg->methods, cfg->method_count, cfg->truth,
                                    cfg->shard_index, cfg->shard_count, series->sweep_param);
        have_header = st == CCD_OK;
        if (st == CCD_OK && (st = ccd_atomic_file_open(&file, err, series->result_path)) == CCD_OK)
            ccd_result_write_header(&writer, file.stream, &header, series->per_query);
    }
    /* the caller's callbacks, wrapped to add the per-query records */
    series_io io = {.writer = series->result_path && series->per_query ? &writer : NULL,
                    .ds = ds, .progress = cfg->progress, .ctx = cfg->ctx};
    ccd_run_config saved = *cfg;
    cfg->progress = series_progress;
    cfg->on_query = io.writer ? series_query : NULL;
    cfg->ctx = &io;
    for (size_t r = 0; st == CCD_OK && r < series->count; r++) {
        ccd_result_run *run = &runs[r];
        run->params = saved.params;
        run->sweep_value = series->sweep_param ? series->sweep_values[r] : NAN;
        if (series->sweep_param)
            ccd_sweep_apply(&run->params, series->sweep_param, run->sweep_value);
        cfg->params = run->params;
        cfg->method_options = (const ccd_option_value *const *)series->options[r];
        if (series->result_path)
            ccd_result_write_run_begin(&writer, run->sweep_value, &run->params, cfg->methods,
                                       cfg->method_options, cfg->method_count);
        if (series->run_begin)
            series->run_begin(series->ctx, r);
        st = ccd_run(&run->stats, err, ds, cfg);
        if (series->run_end)
            series->run_end(series->ctx, r);
        if (st == CCD_OK && series->result_path)
            ccd_result_write_run_end(&writer, &run->stats);
    }
    *cfg = saved;
    if (st == CCD_OK && series->result_path) {
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
