/* SPDX-License-Identifier: MIT */
/* Writing the generated files: chunks of queries built and labelled in parallel,
 * written in index order (so the bytes do not depend on the thread count). */
#include <config.h>

#include "gen/gen.h"
#include "core/error.h"
#include "core/atomic_file.h"
#include "core/make_dirs.h"
#include "core/assert.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The directory of the file of family and kind under dir (created, noted in m) and
 * the file's path, both malloc'd. */
static ccd_status file_path(char **dirpath, char **path, ccd_error *err, ccd_made_dirs *m,
                            const char *dir, const ccd_gen_config *cfg, size_t family,
                            ccd_kind kind)
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
    return ccd_make_dirs_noted(m, err, *dirpath);
}

/* One output file: its writer, left open (uncommitted) until every file is done. */
typedef struct gen_file {
    size_t family;
    ccd_kind kind;
    char *path;
    ccd_writer *w;
    uint64_t positives;
} gen_file;

/* Before any work: every file can be written. */
static ccd_status check_files(ccd_error *err, ccd_made_dirs *m, const char *dir,
                              const ccd_gen_config *cfg)
{
    ccd_status st = CCD_OK;
    for (size_t f = 0; f < cfg->family_count && st == CCD_OK; f++)
        for (int kind = CCD_VF; kind <= CCD_EE && st == CCD_OK; kind++)
            if (cfg->kinds & (kind == CCD_VF ? CCD_GEN_VF : CCD_GEN_EE)) {
                char *dirpath, *path;
                st = file_path(&dirpath, &path, err, m, dir, cfg, cfg->families[f],
                               (ccd_kind)kind);
                if (st == CCD_OK)
                    st = ccd_atomic_file_check(err, path);
                free(dirpath);
                free(path);
            }
    return st;
}

/* The queries of one file into its writer (opened here; closed by the caller). */
static ccd_status write_file(gen_file *out, ccd_error *err, ccd_made_dirs *m, const char *dir,
                             const ccd_gen_config *cfg, ccd_gen_chunk *chunk,
                             ccd_gen_scratch **scratch, int nthreads)
{
    char *dirpath;
    ccd_status st = file_path(&dirpath, &out->path, err, m, dir, cfg, out->family, out->kind);
    free(dirpath);
    if (st == CCD_OK)
        st = ccd_writer_open(&out->w, err, out->path,
                             CCD_WRITE_LABELS | (cfg->gzip ? CCD_WRITE_GZIP : 0u));
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
                                             &local, cfg, out->family, out->kind,
                                             start + (uint64_t)i, scratch[tid]);
        }
        for (int i = 0; i < n && st == CCD_OK; i++) {
            if (chunk->status[i] != CCD_OK) { /* again, for its message (deterministic) */
                ccd_error why;
                ccd_status q = ccd_gen_query(&chunk->q[i], &chunk->label[i], &chunk->coords[i],
                                             &why, cfg, out->family, out->kind,
                                             start + (uint64_t)i, scratch[0]);
                /* the file it was for, then the generator's words ("family: kind query
                 * N: why") */
                st = ccd_error_set(err, q != CCD_OK ? q : chunk->status[i], out->path, 0, 0,
                                   "%s", q != CCD_OK ? why.message : "query failed");
            }
            if (st == CCD_OK)
                st = ccd_writer_put(out->w, err, &chunk->q[i], chunk->label[i]);
            out->positives += chunk->label[i] == 1;
        }
    }
    return st;
}

/*
 * All or nothing: every file is written to its temporary, and only when all are
 * complete are they renamed into place (then listed through cfg->on_file); on a
 * failure every temporary goes, and so does every directory the run created.  (A
 * scale that overflowed in the last family left the first ones written.)
 */
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
    size_t nfiles = 0;
    for (size_t f = 0; f < cfg->family_count; f++)
        for (int kind = CCD_VF; kind <= CCD_EE; kind++)
            nfiles += (cfg->kinds & (kind == CCD_VF ? CCD_GEN_VF : CCD_GEN_EE)) != 0;
    ccd_gen_chunk *chunk = malloc(sizeof *chunk);
    ccd_gen_scratch **scratch = calloc((size_t)nthreads, sizeof *scratch);
    gen_file *files = calloc(nfiles ? nfiles : 1, sizeof *files);
    if (!chunk || !scratch || !files) {
        free(chunk);
        free(scratch);
        free(files);
        return ccd_error_oom(err, outdir);
    }
    ccd_made_dirs made = {0};
    ccd_status st = check_files(err, &made, outdir, cfg);
    for (int i = 0; i < CCD_GEN_CHUNK; i++)
        for (int row = 0; row < CCD_QUERY_ROWS; row++)
            for (int k = 0; k < 3; k++)
                mpq_init(chunk->coords[i].q[row][k]);
    for (int t = 0; t < nthreads && st == CCD_OK; t++)
        if (!(scratch[t] = ccd_gen_scratch_new()))
            st = ccd_error_oom(err, outdir);
    size_t n = 0;
    for (size_t f = 0; f < cfg->family_count; f++)
        for (int kind = CCD_VF; kind <= CCD_EE; kind++)
            if (cfg->kinds & (kind == CCD_VF ? CCD_GEN_VF : CCD_GEN_EE))
                files[n].family = cfg->families[f], files[n++].kind = (ccd_kind)kind;
    CCD_ASSERT(n == nfiles);
    for (size_t i = 0; i < nfiles && st == CCD_OK; i++)
        st = write_file(&files[i], err, &made, outdir, cfg, chunk, scratch, nthreads);
    for (size_t i = 0; i < nfiles; i++)
        if (files[i].w) {
            ccd_status c = st == CCD_OK ? ccd_writer_close(files[i].w, err) : CCD_OK;
            if (st != CCD_OK)
                ccd_writer_abort(files[i].w);
            st = st == CCD_OK ? c : st;
            files[i].w = NULL;
        }
    if (st == CCD_OK) {
        ccd_made_dirs_keep(&made);
        for (size_t i = 0; i < nfiles && cfg->on_file; i++)
            cfg->on_file(cfg->ctx, ccd_gen_family_name(files[i].family), files[i].kind,
                         files[i].path, cfg->count, files[i].positives);
    } else {
        ccd_made_dirs_remove(&made);
    }
    for (size_t i = 0; i < nfiles; i++)
        free(files[i].path);
    free(files);
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
