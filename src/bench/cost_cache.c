/* SPDX-License-Identifier: MIT */
/* The cost cache (cost_cache.h). */
#include <config.h>

#include "bench/cost_cache.h"
#include "bench/checkpoint.h"
#include "core/atomic_file.h"
#include "core/file_stamp.h"
#include "core/grow.h"
#include "core/make_dirs.h"
#include "core/path_join.h"
#include "core/read_text.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The first line of a cache file: its format and version. */
static const char magic[] = "ccdbench-costs 1\n";

/* Adds "device:inode size mtime\n" of one file to the key's stream: the file
 * whatever path names it (a realpath, a system call a component, was half the
 * key's time), as discovery saw it (its stamp), or as it is now when the
 * dataset was built by hand; -1 when it cannot be looked at. */
static int put_file(FILE *key, const ccd_file_stamp *stamp, const char *path)
{
    ccd_file_stamp s;
    if (ccd_file_stamp_get(&s, stamp, path) != 0)
        return -1;
    fprintf(key, "%ju:%ju %ju %jd.%09ld\n", (uintmax_t)s.device, (uintmax_t)s.inode,
            (uintmax_t)s.bytes, (intmax_t)s.mtime_sec, s.mtime_nsec);
    return 0;
}

char *ccd_cost_cache_key(const ccd_dataset *ds, const char *settings)
{
    char *key = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&key, &size);
    if (!f)
        return NULL;
    int bad = fprintf(f, "%s\n%zu files\n", settings, ds->count) < 0;
    for (size_t i = 0; i < ds->count && !bad; i++)
        bad = put_file(f, &ds->files[i].csv_stamp, ds->files[i].csv_path) != 0 ||
              (ds->files[i].labels_path &&
               put_file(f, &ds->files[i].labels_stamp, ds->files[i].labels_path) != 0);
    if (fclose(f) != 0 || bad) {
        free(key);
        return NULL;
    }
    return key;
}

/* The cache directory (malloc'd), or NULL: none. */
static char *cache_dir(void)
{
    const char *dir = getenv("CCDBENCH_CACHE_DIR");
    if (dir && *dir)
        return strcmp(dir, "off") ? strdup(dir) : NULL;
    const char *xdg = getenv("XDG_CACHE_HOME");
    if (xdg && xdg[0] == '/') /* the XDG rule: a relative one is ignored */
        return ccd_path_join(xdg, "ccdbench");
    const char *home = getenv("HOME");
    return home && home[0] == '/' ? ccd_path_join(home, ".cache/ccdbench") : NULL;
}

char *ccd_cost_cache_path(const char *key)
{
    char *dir = cache_dir();
    if (!dir)
        return NULL;
    char name[32]; /* the key's hash, as a checkpoint's */
    snprintf(name, sizeof name, "costs-%016" PRIx64, ccd_checkpoint_hash(key));
    char *path = ccd_path_join(dir, name);
    free(dir);
    return path;
}

/* Whether path is a regular file (following links) or nothing: what the cache
 * reads and replaces, never a FIFO (whose open would wait for a writer or a
 * reader) or a device. */
static int regular_or_absent(const char *path)
{
    struct stat st;
    return stat(path, &st) != 0 || S_ISREG(st.st_mode);
}

/* The cache file's text (malloc'd, NUL-terminated), or NULL; only a regular file
 * is opened. */
static char *read_text(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? ccd_read_text(path) : NULL;
}

/* An unsigned decimal at *at, then the character `end`: 0 with the value and
 * *at moved past both, or -1. */
static int read_number(uint64_t *value, const char **at, char end)
{
    const char *s = *at;
    if (*s < '0' || *s > '9')
        return -1;
    uint64_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (v > (UINT64_MAX - 9) / 10)
            return -1;
        v = 10 * v + (uint64_t)(*s - '0');
    }
    if (*s != end)
        return -1;
    *value = v;
    *at = s + 1;
    return 0;
}

int ccd_cost_cache_load(ccd_expected_costs *e, const char *key)
{
    char *path = ccd_cost_cache_path(key);
    char *text = path ? read_text(path) : NULL;
    free(path);
    if (!text)
        return 0;
    /* magic, "<bytes of the key>\n", the key, "\n<count>\n", then count lines
     * "<index> <ns>\n" by increasing index */
    const char *at = text;
    uint64_t key_bytes, count;
    const size_t key_len = strlen(key);
    int ok = strncmp(at, magic, sizeof magic - 1) == 0;
    if (ok) {
        at += sizeof magic - 1;
        ok = read_number(&key_bytes, &at, '\n') == 0 && key_bytes == key_len &&
             strlen(at) > key_len && memcmp(at, key, key_len) == 0 && at[key_len] == '\n';
    }
    if (ok) {
        at += key_len + 1;
        ok = read_number(&count, &at, '\n') == 0 && count <= strlen(at) / 4;
    }
    for (uint64_t k = 0; ok && k < count; k++) {
        ccd_expected_cost c;
        ok = read_number(&c.index, &at, ' ') == 0 && read_number(&c.ns, &at, '\n') == 0 &&
             (e->count == 0 || e->heavy[e->count - 1].index < c.index);
        ccd_expected_cost *p = ok ? ccd_grow(e->heavy, &e->capacity, e->count, sizeof *p, 64)
                                  : NULL;
        if ((ok = p != NULL)) {
            e->heavy = p;
            e->heavy[e->count++] = c;
        }
    }
    ok = ok && *at == '\0';
    free(text);
    if (!ok)
        ccd_expected_costs_free(e);
    return ok;
}

/* The cache file at path opened for replacing (only a regular file or
 * nothing is replaced): 0, or -1. */
static int open_cache_file(ccd_atomic_file *f, const char *path)
{
    ccd_error err;
    return regular_or_absent(path) && ccd_atomic_file_open(f, &err, path) == CCD_OK ? 0 : -1;
}

int ccd_cost_cache_store(const char *key, const ccd_expected_costs *e)
{
    char *path = ccd_cost_cache_path(key);
    if (!path)
        return -1;
    ccd_atomic_file f = {0};
    /* Its directory is made when the file could not be opened without it: it
     * is there after the first run, and making it each time (a mkdir and a
     * stat a component) was a third of the store's 0.24 ms. */
    ccd_error err;
    int st = open_cache_file(&f, path);
    if (st != 0) {
        char *slash = strrchr(path, '/');
        *slash = '\0';
        const int have_dir = ccd_make_dirs(&err, path) == CCD_OK;
        *slash = '/';
        st = have_dir ? open_cache_file(&f, path) : -1;
    }
    free(path);
    if (st != 0)
        return -1;
    fprintf(f.stream, "%s%zu\n%s\n%zu\n", magic, strlen(key), key, e->count);
    for (size_t k = 0; k < e->count; k++)
        fprintf(f.stream, "%" PRIu64 " %" PRIu64 "\n", e->heavy[k].index, e->heavy[k].ns);
    /* unsynced: a file cut short by a crash fails the loader's checks and is
     * rewritten by the next run */
    return ccd_atomic_file_commit_unsynced(&f, &err) == CCD_OK ? 0 : -1;
}
