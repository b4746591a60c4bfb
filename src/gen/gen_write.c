/* SPDX-License-Identifier: MIT */
/* Writing the generated files: chunks of queries built and labelled in parallel,
 * written in index order (so the bytes do not depend on the thread count). */
#include <config.h>

#include "gen/gen.h"
#include "core/error.h"
#include "core/atomic_file.h"
#include "core/make_dirs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef _OPENMP
#include <omp.h>
#endif

enum { CCD_GEN_CHUNK = 512 };

typedef struct ccd_gen_chunk {
    ccd_query q[CCD_GEN_CHUNK];
    int label[CCD_GEN_CHUNK];
    ccd_exact_coords coords[CCD_GEN_CHUNK];
    ccd_status status[CCD_GEN_CHUNK];
} ccd_gen_chunk;

/* The directory of the file of family and kind under dir (created) and the
 * file's path, both malloc'd. */
static ccd_status file_path(char **dirpath, char **path, ccd_error *err, const char *dir,
                            const ccd_gen_config *cfg, size_t family, ccd_kind kind)
{
    const char *name = ccd_gen_family_name(family);
    const char *sub = kind == CCD_VF ? "vertex-face" : "edge-edge";
    size_t len = strlen(dir) + strlen(name) + strlen(sub) + 32;
    *dirpath = malloc(len);
    *path = malloc(len);
    if (!*dirpath || !*path) {
        free(*dirpath);
        free(*path);
        *dirpath = *path = NULL;
        return ccd_error_oom(err, dir);
    }
    snprintf(*dirpath, len, "%s/%s/%s", dir, name, sub);
    snprintf(*path, len, "%s/data.csv%s", *dirpath, cfg->gzip ? ".gz" : "");
    return ccd_make_dirs(err, *dirpath);
}

/* Before any work: every file can be written. */
static ccd_status check_files(ccd_error *err, const char *dir, const ccd_gen_config *cfg)
{
    ccd_status st = CCD_OK;
    for (size_t f = 0; f < cfg->family_count && st == CCD_OK; f++)
        for (int kind = CCD_VF; kind <= CCD_EE && st == CCD_OK; kind++)
            if (cfg->kinds & (kind == CCD_VF ? CCD_GEN_VF : CCD_GEN_EE)) {
                char *dirpath, *path;
                st = file_path(&dirpath, &path, err, dir, cfg, cfg->families[f],
                               (ccd_kind)kind);
                if (st == CCD_OK)
                    st = ccd_atomic_file_check(err, path);
                free(dirpath);
                free(path);
            }
    return st;
}

static ccd_status write_file(ccd_error *err, const char *dir, const ccd_gen_config *cfg,
                             size_t family, ccd_kind kind, ccd_gen_chunk *chunk,
                             ccd_gen_scratch **scratch, int nthreads)
{
    const char *name = ccd_gen_family_name(family);
    char *dirpath, *path;
    ccd_writer *w = NULL;
    ccd_status st = file_path(&dirpath, &path, err, dir, cfg, family, kind);
    if (st == CCD_OK)
        st = ccd_writer_open(&w, err, path,
                             CCD_WRITE_LABELS | (cfg->gzip ? CCD_WRITE_GZIP : 0u));
    uint64_t positives = 0;
    for (uint64_t start = 0; st == CCD_OK && start < cfg->count; start += CCD_GEN_CHUNK) {
        int n = (int)(cfg->count - start < CCD_GEN_CHUNK ? cfg->count - start : CCD_GEN_CHUNK);
#pragma omp parallel for num_threads(nthreads) schedule(dynamic, 4)
        for (int i = 0; i < n; i++) {
            int tid = 0;
#ifdef _OPENMP
            tid = omp_get_thread_num();
#endif
            ccd_error local;
            chunk->status[i] = ccd_gen_query(&chunk->q[i], &chunk->label[i], &chunk->coords[i],
                                             &local, cfg, family, kind, start + (uint64_t)i,
                                             scratch[tid]);
        }
        for (int i = 0; i < n && st == CCD_OK; i++) {
            if (chunk->status[i] != CCD_OK) /* again, for its message (deterministic) */
                st = ccd_gen_query(&chunk->q[i], &chunk->label[i], &chunk->coords[i], err, cfg,
                                   family, kind, start + (uint64_t)i, scratch[0]);
            if (st == CCD_OK && chunk->status[i] != CCD_OK)
                st = ccd_error_set(err, chunk->status[i], name, 0, 0, "query %llu failed",
                                   (unsigned long long)(start + (uint64_t)i));
            if (st == CCD_OK)
                st = ccd_writer_put(w, err, &chunk->q[i], chunk->label[i]);
            positives += chunk->label[i] == 1;
        }
    }
    if (w) {
        if (st == CCD_OK)
            st = ccd_writer_close(w, err);
        else
            ccd_writer_abort(w);
    }
    if (st == CCD_OK && cfg->on_file)
        cfg->on_file(cfg->ctx, name, kind, path, cfg->count, positives);
    free(dirpath);
    free(path);
    return st;
}

ccd_status ccd_gen_write(ccd_error *err, const char *outdir, const ccd_gen_config *cfg)
{
    int nthreads = cfg->threads;
#ifdef _OPENMP
    if (nthreads <= 0)
        nthreads = omp_get_max_threads();
#else
    nthreads = 1;
#endif
    if (nthreads < 1)
        nthreads = 1;
    ccd_gen_chunk *chunk = malloc(sizeof *chunk);
    ccd_gen_scratch **scratch = calloc((size_t)nthreads, sizeof *scratch);
    if (!chunk || !scratch) {
        free(chunk);
        free(scratch);
        return ccd_error_oom(err, outdir);
    }
    ccd_status st = check_files(err, outdir, cfg);
    for (int i = 0; i < CCD_GEN_CHUNK; i++)
        for (int row = 0; row < CCD_QUERY_ROWS; row++)
            for (int k = 0; k < 3; k++)
                mpq_init(chunk->coords[i].q[row][k]);
    for (int t = 0; t < nthreads && st == CCD_OK; t++)
        if (!(scratch[t] = ccd_gen_scratch_new()))
            st = ccd_error_oom(err, outdir);
    for (size_t f = 0; f < cfg->family_count && st == CCD_OK; f++)
        for (int kind = CCD_VF; kind <= CCD_EE && st == CCD_OK; kind++)
            if (cfg->kinds & (kind == CCD_VF ? CCD_GEN_VF : CCD_GEN_EE))
                st = write_file(err, outdir, cfg, cfg->families[f], (ccd_kind)kind, chunk,
                                scratch, nthreads);
    for (int t = 0; t < nthreads; t++)
        ccd_gen_scratch_free(scratch[t]);
    for (int i = 0; i < CCD_GEN_CHUNK; i++)
        for (int row = 0; row < CCD_QUERY_ROWS; row++)
            for (int k = 0; k < 3; k++)
                mpq_clear(chunk->coords[i].q[row][k]);
    free(scratch);
    free(chunk);
    return st;
}
