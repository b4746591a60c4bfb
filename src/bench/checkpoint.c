/* SPDX-License-Identifier: MIT */
/* Checkpoints of a run (see checkpoint.h). */
#include <config.h>

#include "bench/checkpoint.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/atomic_file.h"
#include "core/path_join.h"
#include "core/read_text.h"
#include "core/error.h"

uint64_t ccd_checkpoint_hash(const char *text)
{
    uint64_t h = 14695981039346656037ULL;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        h ^= *p;
        h *= 1099511628211ULL;
    }
    return h;
}

/* s with newlines and tabs as spaces (a key line is one line). */
static void one_line(FILE *out, const char *s)
{
    for (; *s; s++)
        fputc(*s == '\n' || *s == '\r' || *s == '\t' ? ' ' : *s, out);
}

char *ccd_checkpoint_key(const ccd_result_header *h, int per_query, const char *runs,
                         const char *extra)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    fputs("ccdbench checkpoint: 1\ntool: ", out);
    one_line(out, h->tool);
    fputs("\ndata:", out);
    for (size_t i = 0; i < h->data_count; i++)
        fputc(' ', out), one_line(out, h->data[i]);
    fprintf(out, "\nfiles: %zu\n", h->file_count);
    for (size_t i = 0; i < h->file_count; i++) {
        struct stat st;
        fprintf(out, "file %zu: ", i);
        one_line(out, h->files[i]);
        if (stat(h->files[i], &st) == 0)
            fprintf(out, " (%lld bytes, modified %lld.%09ld)\n", (long long)st.st_size,
                    (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
        else
            fputs(" (missing)\n", out);
    }
    fputs("methods:", out);
    for (size_t m = 0; m < h->method_count; m++)
        fputc(m ? ',' : ' ', out), one_line(out, h->methods[m]->name);
    fputs("\ntruth: ", out);
    one_line(out, h->truth);
    fprintf(out, "\nshard: %u/%u\nsweep: ", h->shard_index, h->shard_count);
    one_line(out, h->sweep ? h->sweep : "none");
    fprintf(out, "\nper-query records: %s\n", per_query ? "yes" : "no");
    fputs(runs, out);
    if (extra)
        fputs(extra, out);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* Line `line` of text (up to its newline) into a malloc'd string. */
static char *line_copy(const char *line)
{
    size_t n = strcspn(line, "\n");
    char *s = malloc(n + 1);
    if (s)
        memcpy(s, line, n), s[n] = '\0';
    return s;
}

/* The value of a key line, shortened to about 60 characters around `at` (where
 * the values differ). */
static void short_value(char *out, size_t size, const char *line, size_t at)
{
    const char *colon = strstr(line, ": ");
    const char *v = colon ? colon + 2 : line;
    size_t n = strlen(v);
    size_t from = at > 24 && n > 60 ? at - 24 : 0;
    if (from > n)
        from = n;
    snprintf(out, size, "%s%.56s%s", from ? "..." : "", v + from, n - from > 56 ? "..." : "");
}

char *ccd_checkpoint_key_diff(const char *want, const char *have, int *oom)
{
    *oom = 0;
    const char *a = want, *b = have;
    while (*a || *b) {
        size_t na = strcspn(a, "\n"), nb = strcspn(b, "\n");
        if (na != nb || memcmp(a, b, na) != 0) {
            char *la = line_copy(a), *lb = line_copy(b);
            char *why = NULL;
            if (la && lb) {
                const char *colon = strstr(*la ? la : lb, ": ");
                const char *line = *la ? la : lb;
                int name_len = colon ? (int)(colon - line) : (int)strlen(line);
                char va[72], vb[72];
                const char *ca = strstr(la, ": "), *cb = strstr(lb, ": ");
                const char *xa = ca ? ca + 2 : la, *xb = cb ? cb + 2 : lb;
                size_t at = 0;
                while (xa[at] && xa[at] == xb[at])
                    at++;
                short_value(va, sizeof va, la, at);
                short_value(vb, sizeof vb, lb, at);
                size_t size = (size_t)name_len + 256;
                if ((why = malloc(size)))
                    snprintf(why, size, "%.*s: '%s' here, '%s' in the checkpoint",
                             name_len, line, va, vb);
            }
            free(la);
            free(lb);
            *oom = why == NULL;
            return why;
        }
        a += na + (a[na] == '\n');
        b += nb + (b[nb] == '\n');
    }
    return NULL;
}

ccd_status ccd_checkpoint_open(ccd_checkpoint *cp, ccd_error *err, const char *dir,
                               const char *key)
{
    memset(cp, 0, sizeof *cp);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0,
                             "cannot make the checkpoint directory: %s", strerror(errno));
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0, "not a directory (--checkpoint)");
    cp->dir = strdup(dir);
    cp->key = strdup(key);
    char *path = ccd_path_join(dir, CCD_CHECKPOINT_KEY_FILE);
    if (!cp->dir || !cp->key || !path) {
        free(path);
        ccd_checkpoint_close(cp);
        return ccd_error_oom(err, dir);
    }
    cp->hash = ccd_checkpoint_hash(key);
    ccd_status status = CCD_OK;
    char *have = ccd_read_text(path);
    if (have) {
        int oom;
        char *why = ccd_checkpoint_key_diff(key, have, &oom);
        if (oom)
            status = ccd_error_oom(err, dir);
        else if (why)
            status = ccd_error_set(err, CCD_ERR_INPUT, dir, 0, 0,
                                   "checkpoint made by another run (%s); use another "
                                   "directory, or remove this one to start again", why);
        free(why);
        free(have);
    } else if (errno == ENOENT) {
        ccd_atomic_file f;
        if ((status = ccd_atomic_file_open(&f, err, path)) == CCD_OK) {
            fputs(key, f.stream);
            status = ccd_atomic_file_commit(&f, err);
        }
    } else {
        status = errno == ENOMEM ? ccd_error_oom(err, path)
                                 : ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                                                 "cannot read: %s", strerror(errno));
    }
    free(path);
    if (status != CCD_OK)
        ccd_checkpoint_close(cp);
    return status;
}

void ccd_checkpoint_close(ccd_checkpoint *cp)
{
    free(cp->dir);
    free(cp->key);
    memset(cp, 0, sizeof *cp);
}

char *ccd_checkpoint_unit_path(const ccd_checkpoint *cp, size_t unit)
{
    char name[64];
    snprintf(name, sizeof name, "unit-%016llx-%06zu.json", (unsigned long long)cp->hash, unit);
    return ccd_path_join(cp->dir, name);
}

int ccd_checkpoint_unit_done(const ccd_checkpoint *cp, size_t unit)
{
    char *path = ccd_checkpoint_unit_path(cp, unit);
    int done = path && access(path, F_OK) == 0;
    free(path);
    return done;
}
