/* SPDX-License-Identifier: MIT */
/* Dataset discovery: the CSV files under files or directories, in the two
 * public layouts (see ccd_dataset_discover in ccdbench.h):
 *   NYU           <set>/<scene>/{vertex-face,edge-edge}/<step>.csv[.gz]
 *   Scalable-CCD  <set>/<scene>/queries/<step>{vf,ee}.csv[.gz]
 *                 with labels <set>/<scene>/mma_bool/<step>_mma_bool.json
 * Any other CSV is accepted when its name ends in vf or ee (before .csv); its
 * set is the directory given and its family "default".  Other files are ignored. */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "ccdbench.h"

enum { CCD_MAX_DEPTH = 32 };

typedef struct file_list {
    ccd_dataset_file *files;
    size_t count, cap;
} file_list;

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

/* Length of the stem of a CSV name (without .csv or .csv.gz), 0 if not a CSV. */
static size_t csv_stem_length(const char *name)
{
    size_t n = strlen(name);
    if (ends_with(name, ".csv.gz") && n > 7)
        return n - 7;
    if (ends_with(name, ".csv") && n > 4)
        return n - 4;
    return 0;
}

static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir);
    int slash = n > 0 && dir[n - 1] != '/';
    char *p = malloc(n + (size_t)slash + strlen(name) + 1);
    if (p) {
        memcpy(p, dir, n);
        if (slash)
            p[n] = '/';
        strcpy(p + n + (size_t)slash, name);
    }
    return p;
}

/* The i-th path component from the end (0: the name itself), or NULL. */
static char *component_from_end(const char *path, int i)
{
    const char *end = path + strlen(path);
    for (;;) {
        while (end > path && end[-1] == '/')
            end--;
        const char *start = end;
        while (start > path && start[-1] != '/')
            start--;
        if (start == end)
            return NULL;
        if (i == 0) {
            if (end - start == 1 && start[0] == '.')
                return NULL;
            if (end - start == 2 && start[0] == '.' && start[1] == '.')
                return NULL;
            return strndup(start, (size_t)(end - start));
        }
        end = start;
        i--;
    }
}

/* The components of path, or of its real path when path is too short. */
static char *component(const char *path, const char *real, int i)
{
    char *c = component_from_end(path, i);
    if (!c && real)
        c = component_from_end(real, i);
    return c;
}

static void file_clear(ccd_dataset_file *f)
{
    free(f->csv_path);
    free(f->labels_path);
    free(f->set);
    free(f->family);
    free(f->step);
}

static ccd_status add_file(file_list *list, ccd_error *err, const char *path,
                           const char *default_set)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t stem_len = csv_stem_length(base);
    if (stem_len == 0)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "not a CSV file (expected a name ending in .csv or .csv.gz)");
    char *real = realpath(path, NULL);
    char *parent = component(path, real, 1);
    char *grand = component(path, real, 2);
    char *great = component(path, real, 3);
    ccd_dataset_file f = {0};
    ccd_status st = CCD_OK;
    f.csv_path = strdup(path);
    f.step = strndup(base, stem_len);
    int nyu = parent && (strcmp(parent, "vertex-face") == 0 || strcmp(parent, "edge-edge") == 0);
    int scalable = parent && strcmp(parent, "queries") == 0 && grand;
    if (nyu) {
        f.kind = strcmp(parent, "vertex-face") == 0 ? CCD_VF : CCD_EE;
    } else if (f.step && stem_len >= 2 && strcasecmp(f.step + stem_len - 2, "vf") == 0) {
        f.kind = CCD_VF;
    } else if (f.step && stem_len >= 2 && strcasecmp(f.step + stem_len - 2, "ee") == 0) {
        f.kind = CCD_EE;
    } else {
        st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                           "cannot tell whether this CSV holds vertex-face or edge-edge "
                           "queries (put it in a vertex-face/ or edge-edge/ directory, or "
                           "end its name in vf or ee)");
    }
    if (st == CCD_OK && (nyu || scalable) && grand) {
        f.family = strdup(grand);
        f.set = strdup(great ? great : default_set);
    } else if (st == CCD_OK) {
        f.family = strdup("default");
        f.set = strdup(default_set);
    }
    if (st == CCD_OK && scalable) {
        /* <scene>/mma_bool/<step>_mma_bool.json beside <scene>/queries/; from the
         * real path when the path given does not name the queries directory */
        const char *lp = path, *lbase = base;
        if ((size_t)(base - path) < strlen("queries/") ||
            strncmp(base - strlen("queries/"), "queries/", strlen("queries/")) != 0) {
            lp = real ? real : path;
            lbase = strrchr(lp, '/') ? strrchr(lp, '/') + 1 : lp;
        }
        size_t dir_len = (size_t)(lbase - lp);
        size_t scene_len = dir_len >= strlen("queries/") ? dir_len - strlen("queries/") : 0;
        const char *suffix = "_mma_bool.json";
        size_t n = scene_len + strlen("mma_bool/") + stem_len + strlen(suffix) + 1;
        char *labels = malloc(n);
        if (labels) {
            snprintf(labels, n, "%.*smma_bool/%s%s", (int)scene_len, lp, f.step, suffix);
            struct stat sb;
            if (stat(labels, &sb) == 0 && S_ISREG(sb.st_mode))
                f.labels_path = labels;
            else
                free(labels);
        } else {
            st = ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
        }
    }
    if (st == CCD_OK && (!f.csv_path || !f.step || !f.family || !f.set))
        st = ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
    if (st == CCD_OK && list->count == list->cap) {
        size_t cap = list->cap ? 2 * list->cap : 64;
        ccd_dataset_file *grown = realloc(list->files, cap * sizeof *grown);
        if (!grown)
            st = ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
        else {
            list->files = grown;
            list->cap = cap;
        }
    }
    if (st == CCD_OK)
        list->files[list->count++] = f;
    else
        file_clear(&f);
    free(real);
    free(parent);
    free(grand);
    free(great);
    return st;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static ccd_status walk(file_list *list, ccd_error *err, const char *dir, const char *set,
                       int depth)
{
    if (depth > CCD_MAX_DEPTH)
        return ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0,
                             "directories nested more than %d deep (a symbolic link loop?)",
                             CCD_MAX_DEPTH);
    DIR *d = opendir(dir);
    if (!d)
        return ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0, "cannot open directory: %s",
                             strerror(errno));
    char **names = NULL;
    size_t n = 0, cap = 0;
    ccd_status st = CCD_OK;
    struct dirent *e;
    errno = 0;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            char **grown = realloc(names, cap * sizeof *grown);
            if (!grown) {
                st = ccd_error_set(err, CCD_ERR_INTERNAL, dir, 0, 0, "out of memory");
                break;
            }
            names = grown;
        }
        if (!(names[n] = strdup(e->d_name))) {
            st = ccd_error_set(err, CCD_ERR_INTERNAL, dir, 0, 0, "out of memory");
            break;
        }
        n++;
        errno = 0;
    }
    if (st == CCD_OK && errno != 0)
        st = ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0, "cannot read directory: %s",
                           strerror(errno));
    closedir(d);
    if (st == CCD_OK)
        qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n && st == CCD_OK; i++) {
        char *path = join(dir, names[i]);
        struct stat sb;
        if (!path)
            st = ccd_error_set(err, CCD_ERR_INTERNAL, dir, 0, 0, "out of memory");
        else if (stat(path, &sb) != 0)
            st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot open: %s",
                               strerror(errno));
        else if (S_ISDIR(sb.st_mode))
            st = walk(list, err, path, set, depth + 1);
        else if (S_ISREG(sb.st_mode) && csv_stem_length(names[i]) > 0)
            st = add_file(list, err, path, set);
        free(path);
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return st;
}

static int compare_files(const void *a, const void *b)
{
    return strcmp(((const ccd_dataset_file *)a)->csv_path,
                  ((const ccd_dataset_file *)b)->csv_path);
}

/* The name the set of a plain directory (or of a file's directory) gets. */
static char *set_name(const char *path, int is_dir)
{
    char *real = realpath(path, NULL);
    char *name = component(path, real, is_dir ? 0 : 1);
    if (!name)
        name = component_from_end(real ? real : "", is_dir ? 0 : 1);
    free(real);
    return name ? name : strdup("default");
}

ccd_status ccd_dataset_discover(ccd_dataset *out, ccd_error *err, const char *const *paths,
                                size_t npaths)
{
    out->files = NULL;
    out->count = 0;
    out->max_digits = 0; /* the reader's default */
    file_list list = {0};
    ccd_status st = CCD_OK;
    if (npaths == 0)
        st = ccd_error_set(err, CCD_ERR_INPUT, "-", 0, 0, "no dataset path given");
    for (size_t i = 0; i < npaths && st == CCD_OK; i++) {
        const char *path = paths[i];
        struct stat sb;
        if (stat(path, &sb) != 0) {
            st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot open: %s",
                               strerror(errno));
            break;
        }
        char *set = set_name(path, S_ISDIR(sb.st_mode));
        if (!set) {
            st = ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
            break;
        }
        size_t before = list.count;
        if (S_ISDIR(sb.st_mode)) {
            st = walk(&list, err, path, set, 0);
            if (st == CCD_OK && list.count == before)
                st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                                   "no CSV files (.csv or .csv.gz) in this directory");
        } else if (S_ISREG(sb.st_mode)) {
            st = add_file(&list, err, path, set);
        } else {
            st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                               "not a regular file or directory");
        }
        free(set);
    }
    if (st != CCD_OK) {
        ccd_dataset d = {list.files, list.count, 0};
        ccd_dataset_free(&d);
        return st;
    }
    qsort(list.files, list.count, sizeof *list.files, compare_files);
    /* the same file named twice (a directory and a file inside it) counts once */
    size_t kept = 0;
    for (size_t i = 0; i < list.count; i++) {
        if (kept > 0 && strcmp(list.files[kept - 1].csv_path, list.files[i].csv_path) == 0)
            file_clear(&list.files[i]);
        else
            list.files[kept++] = list.files[i];
    }
    out->files = list.files;
    out->count = kept;
    return CCD_OK;
}

void ccd_dataset_free(ccd_dataset *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->count; i++)
        file_clear(&d->files[i]);
    free(d->files);
    d->files = NULL;
    d->count = 0;
}
