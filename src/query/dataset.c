/* SPDX-License-Identifier: MIT */
/* Dataset discovery: the CSV files under files or directories, in the two
 * public layouts (see ccd_dataset_discover in ccdbench.h):
 *   NYU           <set>/<scene>/{vertex-face,edge-edge}/<step>.csv[.gz]
 *   Scalable-CCD  <set>/<scene>/queries/<step>{vf,ee}.csv[.gz]
 *                 with labels <set>/<scene>/mma_bool/<step>_mma_bool.json
 * Any other CSV is accepted when its name ends in vf or ee (before .csv); its
 * set is the directory given and its family "default".  Other files are ignored.
 * Files and directories are told apart by device and inode, so that data reached
 * twice (named twice, inside a directory also named, through a link) is counted
 * once; what is left out is said in the dataset's notes. */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "ccdbench.h"
#include "core/error.h"
#include "core/file_stamp.h"

enum { CCD_MAX_DEPTH = 32 };

/* A file or directory as the system knows it: two paths name the same data
 * exactly when these are equal (hard links and symbolic links included). */
typedef struct file_id {
    dev_t dev;
    ino_t ino;
} file_id;

/* A directory walked, and the path it was first reached by. */
typedef struct walked_dir {
    file_id id;
    char *path;
} walked_dir;

typedef struct file_list {
    ccd_dataset_file *files;
    size_t count, cap;
    walked_dir *dirs;
    size_t dir_count, dir_cap;
    char **notes;
    size_t note_count, note_cap;
} file_list;

static file_id id_of(const struct stat *sb)
{
    return (file_id){sb->st_dev, sb->st_ino};
}

static int same_id(file_id a, file_id b)
{
    return a.dev == b.dev && a.ino == b.ino;
}

/* Append "path: <what>" to the notes. */
static ccd_status add_note(file_list *list, ccd_error *err, const char *path, const char *fmt,
                           ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static ccd_status add_note(file_list *list, ccd_error *err, const char *path, const char *fmt,
                           ...)
{
    if (list->note_count == list->note_cap) {
        size_t cap = list->note_cap ? 2 * list->note_cap : 8;
        char **grown = realloc(list->notes, cap * sizeof *grown);
        if (!grown)
            return ccd_error_oom(err, path);
        list->notes = grown;
        list->note_cap = cap;
    }
    char *what, *note;
    va_list ap;
    va_start(ap, fmt);
    int made = vasprintf(&what, fmt, ap); /* a note names whole paths: no fixed buffer */
    va_end(ap);
    if (made < 0)
        return ccd_error_oom(err, path);
    made = asprintf(&note, "%s: %s", path, what);
    free(what);
    if (made < 0)
        return ccd_error_oom(err, path);
    list->notes[list->note_count++] = note;
    return CCD_OK;
}

/* The note for path, the same data as the earlier path first. */
static ccd_status note_duplicate(file_list *list, ccd_error *err, const char *path,
                                 const char *first, const char *what)
{
    if (strcmp(path, first) == 0)
        return add_note(list, err, path, "named twice, counted once");
    return add_note(list, err, path, "same %s as %s, counted once", what, first);
}

/* What kind of file a non-regular, non-directory mode is, for messages. */
static const char *special_kind(mode_t mode)
{
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

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

/* A path's real path, resolved once and only when asked for: realpath makes
 * a system call for each component, and most paths name the directories
 * their set and family come from (discovering the shared data took 0.7 ms,
 * most of it in realpath). */
typedef struct lazy_real {
    const char *path;
    char *real; /* malloc'd; NULL: not resolved, or it cannot be */
    int tried;
} lazy_real;

static const char *real_of(lazy_real *r)
{
    if (!r->tried) {
        r->tried = 1;
        r->real = realpath(r->path, NULL);
    }
    return r->real;
}

/* The components of path, or of its real path when path is too short. */
static char *component(lazy_real *r, int i)
{
    char *c = component_from_end(r->path, i);
    if (!c && real_of(r))
        c = component_from_end(r->real, i);
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
                           const struct stat *sb, const char *default_set)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t stem_len = csv_stem_length(base);
    if (stem_len == 0)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "not a CSV file (expected a name ending in .csv or .csv.gz)");
    lazy_real real = {.path = path};
    char *parent = component(&real, 1);
    char *grand = component(&real, 2);
    char *great = component(&real, 3);
    ccd_dataset_file f = {0};
    ccd_status st = CCD_OK;
    f.csv_path = strdup(path);
    ccd_file_stamp_of(&f.csv_stamp, sb);
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
            lp = real_of(&real) ? real.real : path;
            lbase = strrchr(lp, '/') ? strrchr(lp, '/') + 1 : lp;
        }
        size_t dir_len = (size_t)(lbase - lp);
        size_t scene_len = dir_len >= strlen("queries/") ? dir_len - strlen("queries/") : 0;
        const char *suffix = "_mma_bool.json";
        size_t n = scene_len + strlen("mma_bool/") + stem_len + strlen(suffix) + 1;
        char *labels = malloc(n);
        if (labels) {
            snprintf(labels, n, "%.*smma_bool/%s%s", (int)scene_len, lp, f.step, suffix);
            struct stat lb;
            if (stat(labels, &lb) != 0) { /* no labels: the truth comes from elsewhere */
                free(labels);
            } else if (S_ISREG(lb.st_mode)) {
                f.labels_path = labels;
                ccd_file_stamp_of(&f.labels_stamp, &lb);
            } else { /* it was taken for missing, and the queries ran unlabelled */
                st = ccd_error_set(err, CCD_ERR_INPUT, labels, 0, 0,
                                   "the labels of %s are %s, not a regular file", path,
                                   S_ISDIR(lb.st_mode) ? "a directory" : special_kind(lb.st_mode));
                free(labels);
            }
        } else {
            st = ccd_error_oom(err, path);
        }
    }
    if (st == CCD_OK && (!f.csv_path || !f.step || !f.family || !f.set))
        st = ccd_error_oom(err, path);
    if (st == CCD_OK && list->count == list->cap) {
        size_t cap = list->cap ? 2 * list->cap : 64;
        ccd_dataset_file *grown = realloc(list->files, cap * sizeof *grown);
        if (grown) {
            list->files = grown;
            list->cap = cap;
        } else {
            st = ccd_error_oom(err, path);
        }
    }
    if (st == CCD_OK)
        list->files[list->count++] = f;
    else
        file_clear(&f);
    free(real.real);
    free(parent);
    free(grand);
    free(great);
    return st;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Record directory path (status sb) as walked; *again is set when the same
 * directory was walked before (then noted, and not to be walked twice). */
static ccd_status enter_dir(int *again, file_list *list, ccd_error *err, const char *path,
                            const struct stat *sb)
{
    file_id id = id_of(sb);
    *again = 0;
    for (size_t i = 0; i < list->dir_count; i++)
        if (same_id(list->dirs[i].id, id)) {
            *again = 1;
            return note_duplicate(list, err, path, list->dirs[i].path, "directory");
        }
    if (list->dir_count == list->dir_cap) {
        size_t cap = list->dir_cap ? 2 * list->dir_cap : 16;
        walked_dir *grown = realloc(list->dirs, cap * sizeof *grown);
        if (!grown)
            return ccd_error_oom(err, path);
        list->dirs = grown;
        list->dir_cap = cap;
    }
    char *copy = strdup(path);
    if (!copy)
        return ccd_error_oom(err, path);
    list->dirs[list->dir_count++] = (walked_dir){id, copy};
    return CCD_OK;
}

/* The entries of directory dir except . and .., sorted by name (*names NULL when
 * there are none). */
static ccd_status read_names(char ***names_out, size_t *count, ccd_error *err, const char *dir)
{
    *names_out = NULL;
    *count = 0;
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
                st = ccd_error_oom(err, dir);
                break;
            }
            names = grown;
        }
        if (!(names[n] = strdup(e->d_name))) {
            st = ccd_error_oom(err, dir);
            break;
        }
        n++;
        errno = 0;
    }
    if (st == CCD_OK && errno != 0)
        st = ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0, "cannot read directory: %s",
                           strerror(errno));
    closedir(d);
    /* an empty directory has no array at all, and qsort must not be given NULL */
    if (st == CCD_OK && n > 1)
        qsort(names, n, sizeof *names, compare_names);
    *names_out = names;
    *count = n;
    return st;
}

/* The CSV files below directory dir (already entered with enter_dir). */
static ccd_status walk(file_list *list, ccd_error *err, const char *dir, const char *set,
                       int depth)
{
    if (depth > CCD_MAX_DEPTH)
        return ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0,
                             "directories nested more than %d deep", CCD_MAX_DEPTH);
    char **names;
    size_t n;
    ccd_status st = read_names(&names, &n, err, dir);
    for (size_t i = 0; i < n && st == CCD_OK; i++) {
        char *path = join(dir, names[i]);
        struct stat sb;
        int again;
        if (!path)
            st = ccd_error_oom(err, dir);
        else if (stat(path, &sb) != 0) {
            /* a broken link not named .csv is passed over like any file not named so
             * (a dangling notes.txt stopped `info`); one named .csv is reported */
            struct stat lsb;
            const int e = errno;
            if (!(csv_stem_length(names[i]) == 0 && lstat(path, &lsb) == 0 &&
                  S_ISLNK(lsb.st_mode)))
                st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot open: %s",
                                   strerror(e));
        }
        else if (S_ISDIR(sb.st_mode)) {
            st = enter_dir(&again, list, err, path, &sb);
            if (st == CCD_OK && !again)
                st = walk(list, err, path, set, depth + 1);
        } else if (csv_stem_length(names[i]) == 0) {
            /* not a CSV: other files of the layouts (labels, meshes) */
        } else if (S_ISREG(sb.st_mode)) {
            st = add_file(list, err, path, &sb, set);
        } else {
            /* a FIFO or device would block or never end, and could not be read again
             * by a sweep: left out, but said */
            st = add_note(list, err, path, "skipped (not a regular file: %s)",
                          special_kind(sb.st_mode));
        }
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

/* A file number with its identity, to sort by identity, then by number. */
typedef struct numbered_id {
    file_id id;
    size_t number;
} numbered_id;

static int compare_numbered(const void *a, const void *b)
{
    const numbered_id *x = a, *y = b;
    if (x->id.dev != y->id.dev)
        return x->id.dev < y->id.dev ? -1 : 1;
    if (x->id.ino != y->id.ino)
        return x->id.ino < y->id.ino ? -1 : 1;
    return (x->number > y->number) - (x->number < y->number);
}

/* Keep the first of the files with one identity, note the others, in the order
 * they were met. */
static ccd_status drop_duplicates(file_list *list, ccd_error *err)
{
    if (list->count < 2)
        return CCD_OK;
    numbered_id *order = malloc(list->count * sizeof *order);
    size_t *first = malloc(list->count * sizeof *first); /* first[i]: i's first copy */
    if (!order || !first) {
        free(order);
        free(first);
        return ccd_error_oom(err, "ccdbench");
    }
    for (size_t i = 0; i < list->count; i++) { /* the identity of its stamp */
        const ccd_file_stamp *id = &list->files[i].csv_stamp;
        order[i] = (numbered_id){{(dev_t)id->device, (ino_t)id->inode}, i};
    }
    qsort(order, list->count, sizeof *order, compare_numbered);
    for (size_t k = 0; k < list->count; k++)
        first[order[k].number] = k > 0 && same_id(order[k - 1].id, order[k].id)
                                     ? first[order[k - 1].number]
                                     : order[k].number;
    ccd_status st = CCD_OK;
    for (size_t i = 0; i < list->count && st == CCD_OK; i++)
        if (first[i] != i)
            st = note_duplicate(list, err, list->files[i].csv_path,
                                list->files[first[i]].csv_path, "file");
    size_t kept = 0;
    for (size_t i = 0; i < list->count; i++) {
        if (first[i] != i) {
            file_clear(&list->files[i]);
            continue;
        }
        list->files[kept++] = list->files[i];
    }
    list->count = kept;
    free(order);
    free(first);
    return st;
}
/* The name the set of a plain directory (or of a file's directory) gets. */
static char *set_name(const char *path, int is_dir)
{
    lazy_real real = {.path = path};
    char *name = component(&real, is_dir ? 0 : 1);
    if (!name)
        name = component_from_end(real_of(&real) ? real.real : "", is_dir ? 0 : 1);
    free(real.real);
    return name ? name : strdup("default");
}

/* The files under one DATA argument. */
static ccd_status discover_path(file_list *list, ccd_error *err, const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot open: %s",
                             strerror(errno));
    if (!S_ISDIR(sb.st_mode) && !S_ISREG(sb.st_mode))
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "not a regular file or directory (%s)", special_kind(sb.st_mode));
    int again = 0;
    ccd_status st = S_ISDIR(sb.st_mode) ? enter_dir(&again, list, err, path, &sb) : CCD_OK;
    if (st != CCD_OK || again)
        return st;
    char *set = set_name(path, S_ISDIR(sb.st_mode));
    if (!set)
        return ccd_error_oom(err, path);
    size_t before = list->count;
    if (S_ISREG(sb.st_mode)) {
        st = add_file(list, err, path, &sb, set);
    } else {
        st = walk(list, err, path, set, 0);
        if (st == CCD_OK && list->count == before)
            st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                               "no CSV files (.csv or .csv.gz) in this directory");
    }
    free(set);
    return st;
}

static void list_free(file_list *list)
{
    for (size_t i = 0; i < list->count; i++)
        file_clear(&list->files[i]);
    free(list->files);
    for (size_t i = 0; i < list->dir_count; i++)
        free(list->dirs[i].path);
    free(list->dirs);
    for (size_t i = 0; i < list->note_count; i++)
        free(list->notes[i]);
    free(list->notes);
    memset(list, 0, sizeof *list);
}

ccd_status ccd_dataset_discover(ccd_dataset *out, ccd_error *err, const char *const *paths,
                                size_t npaths)
{
    memset(out, 0, sizeof *out);
    file_list list = {0};
    ccd_status st = CCD_OK;
    if (npaths == 0)
        st = ccd_error_set(err, CCD_ERR_INPUT, "-", 0, 0, "no dataset path given");
    for (size_t i = 0; i < npaths && st == CCD_OK; i++)
        st = discover_path(&list, err, paths[i]);
    if (st == CCD_OK)
        st = drop_duplicates(&list, err);
    if (st != CCD_OK) {
        list_free(&list);
        return st;
    }
    if (list.count > 1)
        qsort(list.files, list.count, sizeof *list.files, compare_files);
    out->files = list.files;
    out->count = list.count;
    out->notes = list.notes;
    out->note_count = list.note_count;
    list.files = NULL;
    list.count = 0;
    list.notes = NULL;
    list.note_count = 0;
    list_free(&list);
    return CCD_OK;
}

void ccd_dataset_free(ccd_dataset *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->count; i++)
        file_clear(&d->files[i]);
    free(d->files);
    for (size_t i = 0; i < d->note_count; i++)
        free(d->notes[i]);
    free(d->notes);
    memset(d, 0, sizeof *d);
}
