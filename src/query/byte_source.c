/* SPDX-License-Identifier: MIT */
/* Plain or gzip bytes from a file or memory; gzip is recognised by content.
 * Concatenated gzip members are decoded one after the other (as gzip(1) does);
 * a stream that ends before its trailer is reported as truncated. */
#include <config.h>

#include "core/hidden_memory.h"

#include "query/byte_source.h"
#include "core/error.h"
#include "query/read_ahead.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static ptrdiff_t fail(ccd_byte_source *s, ccd_status status, const char *fmt, const char *what)
{
    s->failed = 1;
    s->err_status = status;
    snprintf(s->err_message, sizeof s->err_message, fmt, what);
    return -1;
}

/* Up to cap raw bytes of the file at the source's position: read from it,
 * or taken from the blocks read ahead of it (query/read_ahead.h), which gives
 * the same bytes and the same read error. */
static ssize_t raw_read(ccd_byte_source *s, void *buf, size_t cap)
{
    if (s->ahead)
        return ccd_read_ahead_take(s->ahead, s->ahead_file, s->fd, s->raw_consumed, buf, cap);
    return read(s->fd, buf, cap);
}

/* Refill s->in from the file or point it at the rest of the memory block.
 * Returns the number of new raw bytes, 0 at the end, -1 on a read error. */
static ptrdiff_t raw_fill(ccd_byte_source *s)
{
    if (s->raw_eof)
        return 0;
    if (s->fd < 0) {
        /* memory: the whole block is "in" from the start */
        s->raw_eof = 1;
        return 0;
    }
    for (;;) {
        ssize_t n = raw_read(s, s->in, CCD_SOURCE_CHUNK);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(s, CCD_ERR_INPUT, "read error: %s", strerror(errno));
        s->in_pos = 0;
        s->in_len = (size_t)n;
        s->raw_consumed += (uint64_t)n;
        if (n == 0)
            s->raw_eof = 1;
        return n;
    }
}

static const unsigned char *raw_data(const ccd_byte_source *s)
{
    return s->fd < 0 ? s->mem : s->in;
}

/* Look at the first bytes to decide plain or gzip. */
static ccd_status detect(ccd_byte_source *s, ccd_error *err, const char *path)
{
    if (s->fd >= 0) {
        /* read until we have 2 bytes or the end (a short read is allowed) */
        ptrdiff_t n = raw_fill(s);
        if (n < 0)
            return ccd_error_set(err, s->err_status, path, 0, 0, "%s", s->err_message);
        if (n == 1 && !s->raw_eof) {
            ssize_t m;
            do
                m = raw_read(s, s->in + 1, CCD_SOURCE_CHUNK - 1);
            while (m < 0 && errno == EINTR);
            if (m < 0)
                return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "read error: %s",
                                     strerror(errno));
            s->in_len += (size_t)m;
            s->raw_consumed += (uint64_t)m;
        }
    }
    const unsigned char *d = raw_data(s) + s->in_pos;
    size_t have = s->in_len - s->in_pos;
    s->gzip = have >= 2 && d[0] == 0x1f && d[1] == 0x8b;
    if (s->gzip) {
        memset(&s->zs, 0, sizeof s->zs);
        if (inflateInit2(&s->zs, 16 + MAX_WBITS) != Z_OK)
            return ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0,
                                 "cannot initialise zlib (out of memory)");
        s->inflate_ready = 1;
    }
    return CCD_OK;
}

ccd_status ccd_byte_source_open_file(ccd_byte_source *s, ccd_error *err, const char *path)
{
    return ccd_byte_source_open_ahead(s, err, path, NULL, 0);
}

ccd_status ccd_byte_source_open_ahead(ccd_byte_source *s, ccd_error *err, const char *path,
                                      struct ccd_read_ahead *ahead, size_t file)
{
    memset(s, 0, sizeof *s);
    s->fd = -1;
    int fd;
    do
        fd = open(path, O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot open: %s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        int e = S_ISDIR(st.st_mode) ? EISDIR : errno;
        close(fd);
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot read: %s", strerror(e));
    }
    s->fd = fd;
    if (S_ISREG(st.st_mode) && ahead) { /* read through the read-ahead, from byte 0 */
        ccd_read_ahead_open(ahead, file, st.st_dev, st.st_ino);
        s->ahead = ahead;
        s->ahead_file = file;
    }
    if (S_ISREG(st.st_mode)) {
        /* A regular file: its first two bytes read where they are, so that a
         * plain file's bytes go from the file straight into the reader's
         * buffer (read_plain), not through `in` first (a copy of up to
         * CCD_SOURCE_CHUNK of each file: half the bytes of the shared data). */
        unsigned char magic[2];
        ssize_t n;
        do
            n = pread(fd, magic, sizeof magic, 0);
        while (n < 0 && errno == EINTR);
        if (n < 0) {
            const int e = errno;
            ccd_byte_source_close(s);
            return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "read error: %s", strerror(e));
        }
        if (!(n == 2 && magic[0] == 0x1f && magic[1] == 0x8b))
            return CCD_OK; /* plain: nothing buffered, nothing consumed */
    }
    s->in = ccd_hidden_alloc(CCD_SOURCE_CHUNK); /* the bytes of a labelled file */
    if (!s->in) {
        ccd_byte_source_close(s);
        return ccd_error_oom(err, path);
    }
    ccd_status st2 = detect(s, err, path);
    if (st2 != CCD_OK)
        ccd_byte_source_close(s);
    return st2;
}

ccd_status ccd_byte_source_open_memory(ccd_byte_source *s, ccd_error *err, const char *name,
                                       const void *data, size_t len)
{
    memset(s, 0, sizeof *s);
    s->fd = -1;
    s->mem = data;
    s->mem_len = len;
    s->in_len = len;
    s->raw_eof = 1;
    return detect(s, err, name);
}

static ptrdiff_t read_plain(ccd_byte_source *s, unsigned char *buf, size_t cap)
{
    size_t have = s->in_len - s->in_pos;
    if (have > 0) {
        size_t n = have < cap ? have : cap;
        memcpy(buf, raw_data(s) + s->in_pos, n);
        s->in_pos += n;
        return (ptrdiff_t)n;
    }
    if (s->fd < 0 || s->raw_eof)
        return 0;
    /* large reads go straight into the caller's buffer */
    for (;;) {
        ssize_t n = raw_read(s, buf, cap);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(s, CCD_ERR_INPUT, "read error: %s", strerror(errno));
        if (n == 0)
            s->raw_eof = 1;
        s->raw_consumed += (uint64_t)n;
        return n;
    }
}


/* Inflate into buf[*produced, cap); returns 0, or -1 on error (s->failed). */
static ptrdiff_t inflate_some(ccd_byte_source *s, unsigned char *buf, size_t cap, size_t *produced)
{
    while ((*produced) < cap && !s->stream_done) {
        if (s->in_pos == s->in_len) {
            ptrdiff_t n = raw_fill(s);
            if (n < 0)
                return -1;
            if (n == 0)
                return fail(s, CCD_ERR_INPUT, "%s",
                            "truncated gzip data (the stream ends before its trailer)");
        }
        s->zs.next_in = (unsigned char *)raw_data(s) + s->in_pos;
        s->zs.avail_in = (uInt)(s->in_len - s->in_pos);
        s->zs.next_out = buf + (*produced);
        size_t want = cap - (*produced);
        if (want > (1u << 30))
            want = 1u << 30;
        s->zs.avail_out = (uInt)want;
        int rc = inflate(&s->zs, Z_NO_FLUSH);
        size_t used_in = (s->in_len - s->in_pos) - s->zs.avail_in;
        s->in_pos += used_in;
        (*produced) += want - s->zs.avail_out;
        if (rc == Z_STREAM_END) {
            /* another member may follow; anything else after a member is corrupt */
            if (s->in_pos == s->in_len) {
                ptrdiff_t n = raw_fill(s);
                if (n < 0)
                    return -1;
                if (n == 0) {
                    s->stream_done = 1;
                    break;
                }
            }
            const unsigned char *d = raw_data(s) + s->in_pos;
            if (d[0] != 0x1f || (s->in_len - s->in_pos >= 2 && d[1] != 0x8b))
                return fail(s, CCD_ERR_INPUT, "%s", "corrupt gzip data (garbage after the stream)");
            if (inflateReset(&s->zs) != Z_OK)
                return fail(s, CCD_ERR_INTERNAL, "%s", "zlib inflateReset failed");
            continue;
        }
        if (rc == Z_MEM_ERROR)
            return fail(s, CCD_ERR_INTERNAL, "%s", "out of memory in zlib");
        if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT || rc == Z_STREAM_ERROR)
            return fail(s, CCD_ERR_INPUT, "corrupt gzip data (%s)",
                        s->zs.msg ? s->zs.msg : "invalid stream");
        /* Z_OK or Z_BUF_ERROR: more input or more output space needed; the loop
         * refills input, and reports truncation when there is none left */
    }
    return 0;
}

static ptrdiff_t read_gzip(ccd_byte_source *s, unsigned char *buf, size_t cap)
{
    size_t produced = 0;
    ptrdiff_t got = inflate_some(s, buf, cap, &produced);
    /* text decoded before an error is delivered first; the error comes next time */
    return produced > 0 ? (ptrdiff_t)produced : got;
}

ptrdiff_t ccd_byte_source_read(ccd_byte_source *s, void *buf, size_t cap)
{
    if (s->failed)
        return -1;
    if (cap == 0)
        return 0;
    return s->gzip ? read_gzip(s, buf, cap) : read_plain(s, buf, cap);
}

uint64_t ccd_byte_source_raw_consumed(const ccd_byte_source *s)
{
    /* bytes read from the file but still waiting in the buffer are not consumed */
    if (s->fd < 0)
        return s->in_pos;
    return s->raw_consumed - (s->in_len - s->in_pos);
}

void ccd_byte_source_close(ccd_byte_source *s)
{
    if (s->inflate_ready)
        inflateEnd(&s->zs);
    if (s->fd >= 0)
        close(s->fd);
    ccd_hidden_free(s->in, CCD_SOURCE_CHUNK);
    memset(s, 0, sizeof *s);
    s->fd = -1;
}
