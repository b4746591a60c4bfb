/* SPDX-License-Identifier: MIT */
/* Where the truth file of an input lies, and that no two inputs share one
 * (see truth_file_path.h): used by the writer and the reader alike. */
#include <config.h>

#include "bench/truth_file_path.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The part of path below root ("a/b.csv" for root "d" and path "d/a/b.csv"), or NULL. */
static const char *below(const char *path, const char *root)
{
    size_t n = strlen(root);
    while (n > 1 && root[n - 1] == '/')
        n--;
    if (strncmp(path, root, n) != 0 || path[n] != '/')
        return NULL;
    while (path[n] == '/')
        n++;
    return path + n;
}

char *ccd_truth_file_path(const char *dir, const char *csv_path, char *const *roots,
                          int root_count)
{
    const char *rel = NULL;
    for (int i = 0; i < root_count && !rel; i++)
        rel = below(csv_path, roots[i]);
    if (!rel) { /* a file given by name: its base name */
        const char *slash = strrchr(csv_path, '/');
        rel = slash ? slash + 1 : csv_path;
    }
    size_t n = strlen(rel);
    if (n > 3 && strcmp(rel + n - 3, ".gz") == 0)
        n -= 3;
    if (n > 4 && strncmp(rel + n - 4, ".csv", 4) == 0)
        n -= 4;
    char *out = NULL;
    if (asprintf(&out, "%s/%.*s.truth.csv", dir, (int)n, rel) < 0)
        return NULL;
    return out;
}

/* A truth-file path and the number of the input it belongs to. */
typedef struct numbered_path {
    const char *path;
    size_t file;
} numbered_path;

static int compare_numbered_paths(const void *a, const void *b)
{
    const numbered_path *x = a, *y = b;
    int c = strcmp(x->path, y->path);
    return c ? c : (x->file > y->file) - (x->file < y->file);
}

ccd_status ccd_truth_paths_distinct(ccd_error *err, char *const *paths, const ccd_dataset *ds)
{
    if (ds->count < 2)
        return CCD_OK;
    numbered_path *sorted = malloc(ds->count * sizeof *sorted);
    if (!sorted)
        return ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0, "out of memory");
    for (size_t i = 0; i < ds->count; i++)
        sorted[i] = (numbered_path){paths[i], i};
    qsort(sorted, ds->count, sizeof *sorted, compare_numbered_paths);
    ccd_status st = CCD_OK;
    for (size_t k = 1; k < ds->count && st == CCD_OK; k++)
        if (strcmp(sorted[k - 1].path, sorted[k].path) == 0)
            st = ccd_error_set(err, CCD_ERR_INPUT, sorted[k].path, 0, 0,
                               "the truth file of both %s and %s (one file cannot hold both; "
                               "give them under different names or directories)",
                               ds->files[sorted[k - 1].file].csv_path,
                               ds->files[sorted[k].file].csv_path);
    free(sorted);
    return st;
}
