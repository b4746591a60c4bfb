/* SPDX-License-Identifier: MIT */
/* Members of a tar archive through zlib (which reads plain files too).  Every
 * 512-byte header is checked (its checksum, its octal size); a member's
 * contents are read whole into one buffer, reused.  pax extended headers ('x')
 * give the next member's name by their "path" record, GNU 'L' entries by their
 * contents; global pax headers ('g') and entries that are not regular files
 * are skipped.  The archive ends at a zero block; the end of the file before
 * it is a truncated archive. */
#include <config.h>

#include "core/error.h"
#include "core/tar_gz.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { BLOCK = 512 };

struct ccd_tar_gz {
    gzFile gz;
    char *path;
    uint64_t offset;     /* bytes of the uncompressed archive consumed */
    unsigned char *data; /* the current member */
    size_t cap;
    char *name;     /* the current member's name */
    char *long_name; /* from a pax or GNU header, for the next member; NULL: none */
};

static ccd_status tar_error(ccd_error *err, const ccd_tar_gz *t, uint64_t offset,
                            const char *what)
{
    char where[4096];
    snprintf(where, sizeof where, "%s:%llu", t->path, (unsigned long long)offset);
    return ccd_error_set(err, CCD_ERR_INPUT, where, 0, 0, "%s", what);
}

/* A read error of zlib (a corrupt or cut gzip stream) or of the system. */
static ccd_status gz_error(ccd_error *err, const ccd_tar_gz *t, uint64_t offset)
{
    int code;
    const char *msg = gzerror(t->gz, &code);
    char what[512];
    snprintf(what, sizeof what, "corrupt or truncated gzip data (%s)",
             code == Z_ERRNO ? strerror(errno) : msg);
    return tar_error(err, t, offset, what);
}

/* Exactly n bytes into buf, or an error naming where the archive ends. */
static ccd_status read_exact(ccd_tar_gz *t, ccd_error *err, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        unsigned want = n - got > (1u << 30) ? 1u << 30 : (unsigned)(n - got);
        int k = gzread(t->gz, (unsigned char *)buf + got, want);
        if (k < 0)
            return gz_error(err, t, t->offset + got);
        if (k == 0) {
            int code;
            const char *msg = gzerror(t->gz, &code);
            char what[512];
            snprintf(what, sizeof what, "truncated archive (%s)",
                     code != Z_OK && msg && *msg ? msg : "end of file inside an entry");
            return tar_error(err, t, t->offset + got, what);
        }
        got += (size_t)k;
    }
    t->offset += n;
    return CCD_OK;
}

ccd_status ccd_tar_gz_open(ccd_tar_gz **out, ccd_error *err, const char *path)
{
    *out = NULL;
    ccd_tar_gz *t = calloc(1, sizeof *t);
    if (!t || !(t->path = strdup(path))) {
        free(t);
        return ccd_error_oom(err, path);
    }
    t->gz = gzopen(path, "rb");
    if (!t->gz) {
        ccd_status st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot open: %s",
                                      errno ? strerror(errno) : "out of memory");
        ccd_tar_gz_close(t);
        return st;
    }
    *out = t;
    return CCD_OK;
}

void ccd_tar_gz_close(ccd_tar_gz *t)
{
    if (!t)
        return;
    if (t->gz)
        gzclose(t->gz);
    free(t->path);
    free(t->data);
    free(t->name);
    free(t->long_name);
    free(t);
}

/* An octal field of the header (digits, then spaces or NULs); -1 when it is not. */
static long long octal_field(const unsigned char *f, size_t n)
{
    size_t i = 0;
    while (i < n && f[i] == ' ')
        i++;
    long long v = 0;
    int digits = 0;
    for (; i < n && f[i] >= '0' && f[i] <= '7'; i++, digits++) {
        if (v > (1LL << 52))
            return -1;
        v = 8 * v + (f[i] - '0');
    }
    for (; i < n; i++)
        if (f[i] != ' ' && f[i] != '\0')
            return -1;
    return digits ? v : -1;
}

/* The checksum: the header's bytes summed, its own field counted as spaces. */
static int checksum_ok(const unsigned char *h)
{
    long long want = octal_field(h + 148, 8);
    unsigned long sum = 0;
    for (int i = 0; i < BLOCK; i++)
        sum += i >= 148 && i < 156 ? ' ' : h[i];
    return want >= 0 && (unsigned long)want == sum;
}

/* The member's contents (size bytes, then padding to a block) into t->data. */
static ccd_status read_contents(ccd_tar_gz *t, ccd_error *err, size_t size)
{
    if (size + 1 > t->cap) {
        unsigned char *p = realloc(t->data, size + 1);
        if (!p)
            return ccd_error_oom(err, t->path);
        t->data = p;
        t->cap = size + 1;
    }
    ccd_status st = read_exact(t, err, t->data, size);
    if (st != CCD_OK)
        return st;
    t->data[size] = '\0';
    unsigned char pad[BLOCK];
    size_t rest = (BLOCK - size % BLOCK) % BLOCK;
    return rest ? read_exact(t, err, pad, rest) : CCD_OK;
}

/* The "path" record of pax extended header data ("LEN key=value\n"…), or NULL. */
static char *pax_path(const unsigned char *d, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t len = 0, j = i;
        while (j < n && d[j] >= '0' && d[j] <= '9' && len < n)
            len = 10 * len + (size_t)(d[j++] - '0');
        if (j == i || j >= n || d[j] != ' ' || len <= j - i || len > n - i)
            return NULL; /* malformed: no name from it */
        const unsigned char *rec = d + j + 1, *end = d + i + len - 1; /* end at '\n' */
        if (end - rec > 5 && !memcmp(rec, "path=", 5))
            return strndup((const char *)rec + 5, (size_t)(end - rec - 5));
        i += len;
    }
    return NULL;
}

ccd_status ccd_tar_gz_next(ccd_tar_member *m, ccd_error *err, ccd_tar_gz *t)
{
    memset(m, 0, sizeof *m);
    for (;;) {
        unsigned char h[BLOCK];
        uint64_t at = t->offset;
        int k = gzread(t->gz, h, BLOCK), code;
        gzerror(t->gz, &code);
        if (k < 0 || (k < BLOCK && code != Z_OK))
            return gz_error(err, t, at + (k > 0 ? (uint64_t)k : 0));
        if (k == 0 && at == 0)
            return tar_error(err, t, 0, "empty file: not a tar archive");
        if (k == 0)
            return tar_error(err, t, at, "truncated archive (no end-of-archive block)");
        if (k != BLOCK && at == 0)
            return tar_error(err, t, 0, "not a tar archive (shorter than a header)");
        if (k != BLOCK)
            return tar_error(err, t, at + (uint64_t)k,
                             "truncated archive (end of file inside a header)");
        t->offset += BLOCK;
        int zero = 1;
        for (int i = 0; i < BLOCK && zero; i++)
            zero = h[i] == 0;
        if (zero)
            return CCD_OK; /* end of archive: m->name is NULL */
        if (!checksum_ok(h))
            return tar_error(err, t, at, at == 0 ? "not a tar archive (bad header checksum)"
                                                 : "bad header checksum");
        long long size = octal_field(h + 124, 12);
        if (size < 0)
            return tar_error(err, t, at + 124, "bad size field in a header");
        if (size > CCD_TAR_MEMBER_MAX)
            return tar_error(err, t, at + 124, "member larger than 64 MiB");
        char type = (char)h[156];
        uint64_t data_at = t->offset;
        ccd_status st = read_contents(t, err, (size_t)size);
        if (st != CCD_OK)
            return st;
        if (type == 'x' || type == 'L') {
            free(t->long_name);
            t->long_name = type == 'L' ? strndup((const char *)t->data, (size_t)size)
                                       : pax_path(t->data, (size_t)size);
            continue;
        }
        if (type != '0' && type != '\0' && type != '7') {
            free(t->long_name);
            t->long_name = NULL;
            continue; /* directory, link, global header, … */
        }
        free(t->name);
        if (t->long_name) {
            t->name = t->long_name;
            t->long_name = NULL;
        } else {
            /* ustar: prefix "/" name, both NUL-padded */
            char name[256 + 2];
            int prefix = !memcmp(h + 257, "ustar", 5) && h[345];
            snprintf(name, sizeof name, "%.*s%s%.*s", prefix ? 155 : 0, (const char *)h + 345,
                     prefix ? "/" : "", 100, (const char *)h);
            t->name = strdup(name);
        }
        if (!t->name)
            return ccd_error_oom(err, t->path);
        m->name = t->name;
        m->data = t->data;
        m->size = (size_t)size;
        m->offset = data_at;
        return CCD_OK;
    }
}
