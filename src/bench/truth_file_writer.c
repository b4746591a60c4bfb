/* SPDX-License-Identifier: MIT */
/* Writing the ground-truth files (format: truth_file_writer.h). */
#include <config.h>

#include "bench/truth_file_writer.h"
#include "core/cleanup.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void ccd_truth_file_writer_init(ccd_truth_file_writer *t, const char *dir, const ccd_dataset *ds,
                          char *const *roots, int root_count)
{
    memset(t, 0, sizeof *t);
    t->dir = dir;
    t->ds = ds;
    t->roots = roots;
    t->root_count = root_count;
}

ccd_status ccd_truth_file_writer_set_separation(ccd_truth_file_writer *t, ccd_error *err, mpq_srcptr ms,
                                          int norm)
{
    char *g = mpq_get_str(NULL, 10, ms);
    if (!g || asprintf(&t->ms, "%s", g) < 0)
        t->ms = NULL;
    if (g) {
        void (*gmp_free)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &gmp_free);
        gmp_free(g, strlen(g) + 1);
    }
    if (!t->ms)
        return ccd_error_set(err, CCD_ERR_INTERNAL, t->dir, 0, 0, "out of memory");
    t->ms_norm = norm;
    return CCD_OK;
}

void ccd_truth_file_writer_free(ccd_truth_file_writer *t)
{
    ccd_made_dirs_keep(&t->made);
    free(t->ms);
    t->ms = NULL;
}

ccd_status ccd_truth_file_writer_check(const ccd_truth_file_writer *t, ccd_error *err)
{
    char **paths = calloc(t->ds->count ? t->ds->count : 1, sizeof *paths);
    ccd_status st = paths ? CCD_OK
                          : ccd_error_set(err, CCD_ERR_INTERNAL, t->dir, 0, 0, "out of memory");
    for (size_t i = 0; st == CCD_OK && i < t->ds->count; i++)
        if (!(paths[i] = ccd_truth_file_path(t->dir, t->ds->files[i].csv_path, t->roots,
                                             t->root_count)))
            st = ccd_error_set(err, CCD_ERR_INTERNAL, t->dir, 0, 0, "out of memory");
    if (st == CCD_OK)
        st = ccd_truth_paths_distinct(err, paths, t->ds);
    for (size_t i = 0; paths && i < t->ds->count; i++)
        free(paths[i]);
    free(paths);
    return st;
}

/* mkdir -p of the directory part of path, noting what it made. */
static ccd_status make_parents(ccd_truth_file_writer *t, ccd_error *err, char *path)
{
    char *slash = strrchr(path, '/');
    if (!slash || slash == path)
        return CCD_OK;
    *slash = '\0';
    ccd_status st = ccd_make_dirs_noted(&t->made, err, path);
    *slash = '/';
    return st;
}

static ccd_status open_file(ccd_truth_file_writer *t, ccd_error *err, size_t file)
{
    char *path = ccd_truth_file_path(t->dir, t->ds->files[file].csv_path, t->roots,
                                     t->root_count);
    if (!path)
        return ccd_error_set(err, CCD_ERR_INTERNAL, t->dir, 0, 0, "out of memory");
    ccd_status st = make_parents(t, err, path);
    if (st == CCD_OK)
        st = ccd_atomic_file_open(&t->out, err, path);
    free(path);
    if (st != CCD_OK)
        return st;
    t->open = 1;
    if (t->ms)
        fprintf(t->out.stream, "# ms=%s norm=%s\n", t->ms, t->ms_norm == 0 ? "inf" : "2");
    fputs("index,collides,toi_lo,toi_hi\n", t->out.stream);
    return CCD_OK;
}

/* Finish files up to (not including) `upto`. */
static ccd_status finish_until(ccd_truth_file_writer *t, ccd_error *err, size_t upto)
{
    while (t->finished < upto) {
        ccd_status st = t->open ? CCD_OK : open_file(t, err, t->finished);
        if (st != CCD_OK)
            return st;
        t->open = 0;
        if ((st = ccd_atomic_file_commit(&t->out, err)) != CCD_OK)
            return st;
        t->finished++;
    }
    return CCD_OK;
}

ccd_status ccd_truth_file_writer_prepare(ccd_truth_file_writer *t, ccd_error *err)
{
    ccd_status st = CCD_OK;
    for (size_t i = 0; st == CCD_OK && i < t->ds->count; i++) {
        char *path = ccd_truth_file_path(t->dir, t->ds->files[i].csv_path, t->roots,
                                         t->root_count);
        if (!path)
            return ccd_error_set(err, CCD_ERR_INTERNAL, t->dir, 0, 0, "out of memory");
        st = make_parents(t, err, path);
        if (st == CCD_OK)
            st = ccd_atomic_file_check(err, path);
        free(path);
    }
    return st;
}

ccd_status ccd_truth_file_writer_put(ccd_truth_file_writer *t, ccd_error *err, size_t file,
                               const ccd_query *q, const ccd_exact_label *label)
{
    ccd_status st = finish_until(t, err, file);
    if (st == CCD_OK && !t->open)
        st = open_file(t, err, file);
    if (st != CCD_OK)
        return st;
    if (label->collides)
        fprintf(t->out.stream, "%llu,1,%s,%s\n", (unsigned long long)q->index, label->toi_lo,
                label->toi_hi);
    else
        fprintf(t->out.stream, "%llu,0,,\n", (unsigned long long)q->index);
    return CCD_OK;
}

ccd_status ccd_truth_file_writer_finish(ccd_truth_file_writer *t, ccd_error *err)
{
    return finish_until(t, err, t->ds->count);
}

void ccd_truth_file_writer_abort(ccd_truth_file_writer *t)
{
    if (t->open)
        ccd_atomic_file_abort(&t->out);
    t->open = 0;
    ccd_made_dirs_remove(&t->made); /* the empty ones: not where files were written */
}
