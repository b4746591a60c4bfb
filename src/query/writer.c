/* SPDX-License-Identifier: MIT */
/* Writer of the benchmark's rational CSV (6 or 7 columns, plain or gzip).
 *
 * Every coordinate is written as its exact reduced rational: a double
 * s · 2^e (s odd) as `s,1` times 2^e when e >= 0, else `s,2^-e`; a coordinate
 * that is not a double from the query's exact rationals.  The text goes through
 * an output file (core/atomic_file.h): a temporary beside a regular target,
 * renamed over it only on a successful close. */
#include <config.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "ccdbench.h"
#include "core/error.h"
#include "core/atomic_file.h"

enum { CCD_WRITE_BUFFER = 1 << 18, CCD_MAX_NUMBER = 400 };

struct ccd_writer {
    char *path;
    ccd_atomic_file file;
    gzFile gz;        /* gzip output (on a duplicate of file's descriptor), or NULL */
    unsigned flags;
    char *buf;        /* pending text */
    size_t len;
    mpz_t scratch;
};

static ccd_status io_error(ccd_writer *w, ccd_error *err, const char *what)
{
    return ccd_error_set(err, CCD_ERR_INTERNAL, w->path, 0, 0, "%s: %s", what,
                         strerror(errno ? errno : EIO));
}

static ccd_status flush(ccd_writer *w, ccd_error *err)
{
    size_t done = 0;
    if (w->gz) {
        while (done < w->len) {
            unsigned chunk = w->len - done > (1u << 30) ? 1u << 30 : (unsigned)(w->len - done);
            int n = gzwrite(w->gz, w->buf + done, chunk);
            if (n <= 0) {
                int zerr;
                const char *msg = gzerror(w->gz, &zerr);
                return ccd_error_set(err, CCD_ERR_INTERNAL, w->path, 0, 0,
                                     "gzip write failed: %s",
                                     zerr == Z_ERRNO ? strerror(errno) : msg);
            }
            done += (size_t)n;
        }
    } else if (w->len && fwrite(w->buf, 1, w->len, w->file.stream) != w->len) {
        return io_error(w, err, "write failed");
    }
    w->len = 0;
    return CCD_OK;
}

/* Decimal digits of v at p; returns the end. */
static char *put_u64(char *p, uint64_t v)
{
    char tmp[20];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        *p++ = tmp[--n];
    return p;
}

static char *put_mpz(ccd_writer *w, char *p, const mpz_t z)
{
    mpz_get_str(p, 10, z);
    return p + strlen(p);
}

/* Exact reduced rational of the finite double x: "n,d". */
static char *put_double(ccd_writer *w, char *p, double x)
{
    if (x == 0.0) {
        memcpy(p, "0,1", 3);
        return p + 3;
    }
    int e;
    double f = frexp(fabs(x), &e); /* |x| = f · 2^e, f in [0.5, 1) */
    uint64_t s = (uint64_t)ldexp(f, 53); /* exact: f has at most 53 bits */
    e -= 53;
    int tz = __builtin_ctzll(s);
    s >>= tz;
    e += tz;
    if (x < 0)
        *p++ = '-';
    if (e >= 0) {
        if (e <= 10) { /* s < 2^53, so s · 2^e < 2^63 */
            p = put_u64(p, s << e);
        } else {
            mpz_set_ui(w->scratch, 0);
            mpz_import(w->scratch, 1, -1, sizeof s, 0, 0, &s);
            mpz_mul_2exp(w->scratch, w->scratch, (mp_bitcnt_t)e);
            p = put_mpz(w, p, w->scratch);
        }
        memcpy(p, ",1", 2);
        return p + 2;
    }
    p = put_u64(p, s);
    *p++ = ',';
    if (-e <= 63) {
        p = put_u64(p, (uint64_t)1 << -e);
    } else {
        mpz_set_ui(w->scratch, 0);
        mpz_setbit(w->scratch, (mp_bitcnt_t)-e);
        p = put_mpz(w, p, w->scratch);
    }
    return p;
}

/* Room for n more bytes in the buffer (flushing it when needed). */
static ccd_status reserve(ccd_writer *w, ccd_error *err, size_t n)
{
    if (w->len + n <= CCD_WRITE_BUFFER)
        return CCD_OK;
    ccd_status st = flush(w, err);
    if (st != CCD_OK)
        return st;
    if (n > CCD_WRITE_BUFFER) {
        char *grown = realloc(w->buf, n);
        if (!grown)
            return ccd_error_oom(err, w->path);
        w->buf = grown;
    }
    return CCD_OK;
}

ccd_status ccd_writer_put(ccd_writer *w, ccd_error *err, const ccd_query *q, int label)
{
    if ((w->flags & CCD_WRITE_LABELS) && label != 0 && label != 1)
        return ccd_error_set(err, CCD_ERR_INPUT, w->path, 0, 0,
                             "query %llu has no label (%d) but the file has a label column",
                             (unsigned long long)q->index, label);
    if (q->inexact && !q->exact)
        return ccd_error_set(err, CCD_ERR_INTERNAL, w->path, 0, 0,
                             "query %llu has inexact coordinates but no exact rationals",
                             (unsigned long long)q->index);
    for (int row = 0; row < CCD_QUERY_ROWS; row++) {
        /* a line of doubles: 3 · (2 · 330 digits) at most, plus separators */
        size_t need = 3 * 2 * (CCD_MAX_NUMBER + 2) + 8;
        for (int axis = 0; axis < 3; axis++)
            if (q->inexact & (1u << (3 * row + axis))) {
                const mpq_t *e = &q->exact->q[row][axis];
                need += mpz_sizeinbase(mpq_numref(*e), 10) + mpz_sizeinbase(mpq_denref(*e), 10) + 4;
            } else if (!isfinite(q->v[row][axis])) {
                return ccd_error_set(err, CCD_ERR_INPUT, w->path, 0, 0,
                                     "query %llu: coordinate %d,%d is not finite",
                                     (unsigned long long)q->index, row, axis);
            }
        ccd_status st = reserve(w, err, need);
        if (st != CCD_OK)
            return st;
        char *p = w->buf + w->len;
        for (int axis = 0; axis < 3; axis++) {
            if (axis)
                *p++ = ',';
            if (q->inexact & (1u << (3 * row + axis))) {
                const mpq_t *e = &q->exact->q[row][axis];
                p = put_mpz(w, p, mpq_numref(*e));
                *p++ = ',';
                p = put_mpz(w, p, mpq_denref(*e));
            } else {
                p = put_double(w, p, q->v[row][axis]);
            }
        }
        if (w->flags & CCD_WRITE_LABELS) {
            *p++ = ',';
            *p++ = (char)('0' + label);
        }
        *p++ = '\n';
        w->len = (size_t)(p - w->buf);
    }
    return CCD_OK;
}

ccd_status ccd_writer_open(ccd_writer **out, ccd_error *err, const char *path, unsigned flags)
{
    *out = NULL;
    ccd_writer *w = calloc(1, sizeof *w);
    if (!w)
        return ccd_error_oom(err, path);
    w->flags = flags;
    w->path = strdup(path);
    w->buf = malloc(CCD_WRITE_BUFFER);
    if (!w->path || !w->buf) {
        free(w->path);
        free(w->buf);
        free(w);
        return ccd_error_oom(err, path);
    }
    mpz_init(w->scratch);
    ccd_status st = ccd_atomic_file_open(&w->file, err, path);
    if (st != CCD_OK) {
        ccd_writer_abort(w);
        return st;
    }
    if (flags & CCD_WRITE_GZIP) {
        int fd2 = dup(fileno(w->file.stream));
        w->gz = fd2 >= 0 ? gzdopen(fd2, "wb6") : NULL;
        if (!w->gz) {
            if (fd2 >= 0)
                close(fd2);
            st = io_error(w, err, "cannot start gzip output");
            ccd_writer_abort(w);
            return st;
        }
    }
    *out = w;
    return CCD_OK;
}

static void writer_free(ccd_writer *w)
{
    mpz_clear(w->scratch);
    free(w->buf);
    free(w->path);
    free(w);
}

ccd_status ccd_writer_close(ccd_writer *w, ccd_error *err)
{
    ccd_status st = flush(w, err);
    if (w->gz) {
        int rc = gzclose(w->gz); /* writes the rest into the duplicate descriptor */
        w->gz = NULL;
        if (st == CCD_OK && rc != Z_OK)
            st = ccd_error_set(err, CCD_ERR_INTERNAL, w->path, 0, 0,
                               "gzip close failed (zlib error %d)", rc);
    }
    if (st == CCD_OK)
        st = ccd_atomic_file_commit(&w->file, err);
    else
        ccd_atomic_file_abort(&w->file);
    writer_free(w);
    return st;
}

void ccd_writer_abort(ccd_writer *w)
{
    if (!w)
        return;
    if (w->gz)
        gzclose(w->gz); /* closes the duplicate descriptor */
    ccd_atomic_file_abort(&w->file);
    writer_free(w);
}
