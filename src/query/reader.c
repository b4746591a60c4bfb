/* SPDX-License-Identifier: MIT */
/* Streaming reader of the benchmark's rational CSV.
 *
 * Every line is one point: `xn,xd,yn,yd,zn,zd[,label]`; 8 lines make a query.
 * Lines are cut out of a fixed-size buffer (it grows only for a line longer
 * than the buffer, up to CCD_MAX_LINE), so memory does not depend on the size
 * of the file.  Integers are parsed by hand; a coordinate whose denominator is
 * a power of two and whose numerator and denominator have at most 38 digits is
 * converted without GMP (see convert_coordinate), everything else goes through
 * exact GMP arithmetic.  Integers longer than max_digits are refused while they
 * are scanned, before GMP sees them (ccd_reader_set_max_digits).
 *
 * The batch loop reads a file in pieces: the reader cuts it (ccd_reader_cut)
 * and a reader of each piece parses it (query/csv_piece.h), with the same
 * answers and errors. */
#include <config.h>

#include "core/hidden_memory.h"

#include "query/batch_store.h"
#include "core/error.h"
#include "core/assert.h"
#include "core/query_line.h"
#include "query/byte_source.h"
#include "query/csv_piece.h"
#include "query/decimal_digits.h"
#include "query/label_stream.h"
#include "query/line_groups.h"
#include "query/nearest_double.h"
#include "query/read_ahead.h"
#include "query/reader_memory.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    CCD_READ_BUFFER = 1 << 18, /* initial read buffer                 */
    CCD_MAX_LINE = 1 << 24,    /* longest line accepted (16 MiB)       */
    CCD_FAST_DIGITS = 38       /* 10^38 < 2^127: fits a 128-bit word  */
};

struct ccd_reader {
    char *path;
    ccd_byte_source src;
    char *buf;            /* a piece's reader reads its text in place: never written */
    int buf_borrowed;
    size_t cap, pos, end; /* unparsed text is buf[pos, end) */
    /* Cutting (ccd_reader_cut): the text is read into the arena itself, buf
     * its data and buf[0, pos) its pieces (arena->used == pos), and the
     * reader's own buffer is kept aside until the reader reads a file again
     * on its own (ccd_reader_reopen). */
    ccd_text_arena *arena;
    char *own_buf;
    size_t own_cap;
    size_t cut_cap; /* the buffer a streaming reader would have (refill_arena) */
    int eof;              /* the source is exhausted        */
    uint64_t line;        /* number of the last line cut out */
    size_t last_len;      /* its length (without \r\n)       */
    int last_newline;     /* it ended with '\n'              */
    uint64_t bytes;       /* uncompressed bytes consumed     */
    int columns;          /* 6 or 7; 0 until the first line  */
    ccd_kind kind;
    ccd_label_stream *labels;
    const ccd_csv_piece *piece; /* reading one piece of a file (csv_piece.h) */
    uint64_t queries;     /* queries completed               */
    int finished;
    int failed;
    ccd_error error;      /* the first error, repeated by later reads */
    mpq_t pending[CCD_QUERY_ROWS][3]; /* exact values of inexact coordinates */
    ccd_rounding_scratch scratch;
    char *digits;         /* NUL-terminated copy of a long integer */
    size_t digits_cap;
    size_t max_digits;    /* longest integer accepted (--max-digits) */
};

/* One integer field of a line. */
typedef struct int_token {
    const char *start; /* first non-blank character (sign or digit) */
    const char *digits;
    size_t ndigits;
    int negative;
    ccd_u128 value; /* valid when ndigits <= CCD_FAST_DIGITS */
} int_token;

/* 1-based character column of p in the line starting at ls (UTF-8 aware). */
static unsigned long column_of(const char *ls, const char *p)
{
    unsigned long col = 1;
    for (const char *c = ls; c < p; c++)
        col += ((unsigned char)*c & 0xC0) != 0x80;
    return col;
}

static ccd_status fail_at(ccd_reader *r, ccd_status status, const char *path, uint64_t line,
                          unsigned long column, const char *what)
{
    r->failed = 1;
    return ccd_error_set(&r->error, status, path, (unsigned long)line, column, "%s", what);
}

/* -------------------------------------------------------------- lines */

/* The arena's block replaced by `grown` (cap bytes, its text copied there):
 * the old one freed when no text was cut into it, else kept until the arena
 * is reset (csv_piece.h: the pieces handed out are parsed from it). */
static void arena_move(ccd_text_arena *a, char *grown, size_t cap)
{
    if (a->used == 0) {
        ccd_hidden_free(a->data, a->cap);
    } else {
        CCD_ASSERT(a->kept_count < CCD_TEXT_KEPT_MAX && cap >= 2 * a->cap);
        a->kept[a->kept_count].data = a->data;
        a->kept[a->kept_count++].cap = a->cap;
    }
    a->data = grown;
    a->cap = cap;
}

/* The arena of a cutting reader (r->arena) grown to `cap` bytes (twofold at
 * least), its text buf[0, end) copied; -1 when memory ran out. */
static int grow_arena(ccd_reader *r, size_t cap)
{
    ccd_text_arena *a = r->arena;
    CCD_ASSERT(r->buf == a->data && r->cap == a->cap && cap >= 2 * a->cap);
    char *grown = ccd_hidden_alloc(cap); /* the text holds the labels */
    if (!grown)
        return -1;
    memcpy(grown, a->data, r->end);
    arena_move(a, grown, cap);
    r->buf = a->data;
    r->cap = a->cap;
    return 0;
}

/* More text for a cutting reader whose buffer holds no whole line, read at
 * the end of its arena: the reads of a streaming reader of the file (below),
 * of the same sizes at the same lines, so that a read error or corrupt
 * gzip data is found at the same line, and the same lines are too long.
 * That reader keeps the line it is in at the start of its buffer (cut_cap
 * bytes, doubled for a line that fills it, up to CCD_MAX_LINE) and reads what
 * fills the buffer.  0, or -1 with the error set. */
static int refill_arena(ccd_reader *r)
{
    CCD_ASSERT(r->arena && !r->eof && r->arena->used == r->pos);
    const size_t partial = r->end - r->pos; /* the line, so far */
    CCD_ASSERT(partial <= r->cut_cap);
    if (partial == r->cut_cap) {
        if (r->cut_cap >= CCD_MAX_LINE) {
            char what[96];
            snprintf(what, sizeof what, "line longer than %d bytes", CCD_MAX_LINE);
            fail_at(r, CCD_ERR_INPUT, r->path, r->line + 1, 1, what);
            return -1;
        }
        r->cut_cap *= 2;
    }
    const size_t want = r->cut_cap - partial;
    if (r->cap - r->end < want &&
        grow_arena(r, 2 * r->cap > r->end + want ? 2 * r->cap : r->end + want) != 0) {
        fail_at(r, CCD_ERR_INTERNAL, r->path, r->line + 1, 1, "out of memory");
        return -1;
    }
    ptrdiff_t n = ccd_byte_source_read(&r->src, r->buf + r->end, want);
    if (n < 0) {
        fail_at(r, r->src.err_status, r->path, r->line + 1,
                column_of(r->buf + r->pos, r->buf + r->end), r->src.err_message);
        return -1;
    }
    if (n == 0)
        r->eof = 1;
    r->end += (size_t)n;
    return 0;
}

/* Cut the next line out of the buffer: 1 (line in [*ls, *le), without \r\n),
 * 0 at the end of the input, -1 on error. */
static int next_line(ccd_reader *r, const char **ls, const char **le)
{
    for (;;) {
        CCD_ASSERT(r->pos <= r->end && r->end <= r->cap); /* buf[pos, end) is unparsed */
        char *start = r->buf + r->pos;
        char *nl = memchr(start, '\n', r->end - r->pos);
        if (nl || (r->eof && r->pos < r->end)) {
            char *stop = nl ? nl : r->buf + r->end;
            size_t consumed = (size_t)(stop - start) + (nl != NULL);
            if (stop > start && stop[-1] == '\r')
                stop--;
            *ls = start;
            *le = stop;
            r->pos += consumed;
            r->bytes += consumed;
            r->line++;
            r->last_len = (size_t)(stop - start);
            r->last_newline = nl != NULL;
            return 1;
        }
        if (r->eof)
            return 0;
        if (r->arena) {
            if (refill_arena(r) != 0)
                return -1;
            continue;
        }
        /* need more text: keep the partial line, then refill */
        if (r->pos > 0) {
            memmove(r->buf, r->buf + r->pos, r->end - r->pos);
            r->end -= r->pos;
            r->pos = 0;
        }
        if (r->end == r->cap) {
            if (r->cap >= CCD_MAX_LINE) {
                char what[96];
                snprintf(what, sizeof what, "line longer than %d bytes", CCD_MAX_LINE);
                fail_at(r, CCD_ERR_INPUT, r->path, r->line + 1, 1, what);
                return -1;
            }
            /* the text holds the labels: in hidden memory (core/hidden_memory.h) */
            char *grown = ccd_hidden_alloc(2 * r->cap);
            if (!grown) {
                fail_at(r, CCD_ERR_INTERNAL, r->path, r->line + 1, 1, "out of memory");
                return -1;
            }
            memcpy(grown, r->buf, r->end);
            ccd_hidden_free(r->buf, r->cap);
            r->buf = grown;
            r->cap *= 2;
        }
        CCD_ASSERT(r->pos == 0 && r->end < r->cap); /* compacted, room to refill */
        ptrdiff_t n = ccd_byte_source_read(&r->src, r->buf + r->end, r->cap - r->end);
        if (n < 0) {
            fail_at(r, r->src.err_status, r->path, r->line + 1,
                    column_of(r->buf, r->buf + r->end), r->src.err_message);
            return -1;
        }
        if (n == 0)
            r->eof = 1;
        r->end += (size_t)n;
    }
}

/* -------------------------------------------------------------- integers */

static inline int is_digit(char c)
{
    return (unsigned)(c - '0') < 10u;
}

/* Parse [blanks][+-]digits at *pp; returns the number of digits (0: not a number).
 * The scan stops after max + 1 digits: a longer number is refused by the caller
 * (t->ndigits > max) without reading the rest of it. */
static inline size_t parse_int(const char **pp, const char *le, int_token *t, size_t max)
{
    const char *p = *pp;
    while (p < le && (*p == ' ' || *p == '\t'))
        p++;
    t->start = p;
    t->negative = 0;
    if (p < le && (*p == '-' || *p == '+')) {
        t->negative = *p == '-';
        p++;
    }
    const char *d = p;
    /* up to 19 digits in 64 bits (10^19 - 1 < 2^64): eight at a time while
     * eight are there (query/decimal_digits.h: two eights at most, lim being
     * 19 digits away, v < 10^8 before the second), then one at a time */
    const char *lim = le - p > 19 ? p + 19 : le;
    uint64_t v = 0;
    while (CCD_DIGITS_SWAR && lim - p >= 8 && ccd_digits_all8(ccd_digits_load8(p))) {
        v = v * 100000000u + ccd_digits_value8(ccd_digits_load8(p));
        p += 8;
    }
    while (p < lim && is_digit(*p))
        v = v * 10 + (uint64_t)(*p++ - '0');
    ccd_u128 w = v;
    if (p == lim && p < le && is_digit(*p)) {
        /* up to 38 digits in 128 bits (10^38 - 1 < 2^127), the same way
         * (two eights at most, w < 10^27 before the second) */
        const char *lim2 = le - d > CCD_FAST_DIGITS ? d + CCD_FAST_DIGITS : le;
        while (CCD_DIGITS_SWAR && lim2 - p >= 8 && ccd_digits_all8(ccd_digits_load8(p))) {
            w = w * 100000000u + ccd_digits_value8(ccd_digits_load8(p));
            p += 8;
        }
        while (p < lim2 && is_digit(*p))
            w = w * 10 + (unsigned)(*p++ - '0');
        const char *lim3 = (size_t)(le - d) > max ? d + max + 1 : le;
        while (p < lim3 && is_digit(*p))
            p++;
    }
    t->digits = d;
    t->ndigits = (size_t)(p - d);
    t->value = w;
    *pp = p;
    return t->ndigits;
}

/* mpz from a token (its magnitude and sign). */
static int token_to_mpz(ccd_reader *r, mpz_t out, const int_token *t)
{
    if (t->ndigits <= CCD_FAST_DIGITS) {
        ccd_mpz_set_u128(out, t->value);
    } else {
        if (t->ndigits + 1 > r->digits_cap) {
            size_t cap = t->ndigits + 1 > 2 * r->digits_cap ? t->ndigits + 1 : 2 * r->digits_cap;
            char *grown = realloc(r->digits, cap);
            if (!grown)
                return -1;
            r->digits = grown;
            r->digits_cap = cap;
        }
        memcpy(r->digits, t->digits, t->ndigits);
        r->digits[t->ndigits] = '\0';
        mpz_set_str(out, r->digits, 10); /* digits only: cannot fail */
    }
    if (t->negative)
        mpz_neg(out, out);
    return 0;
}

/* -------------------------------------------------------------- coordinates */

/* Nearest double of num/den into *out; *exact says whether it is equal.  When
 * it is not, the reduced rational is left in pending.  Returns a status. */
static ccd_status convert_coordinate(ccd_reader *r, const char *ls, const int_token *num,
                                     const int_token *den, double *out, int *exact,
                                     mpq_ptr pending)
{
    if (den->negative && den->ndigits > 0)
        return fail_at(r, CCD_ERR_INPUT, r->path, r->line, column_of(ls, den->start),
                       "negative denominator");
    if (num->ndigits <= CCD_FAST_DIGITS && den->ndigits <= CCD_FAST_DIGITS) {
        ccd_u128 d = den->value, m = num->value;
        if (d == 0)
            return fail_at(r, CCD_ERR_INPUT, r->path, r->line, column_of(ls, den->start),
                           "zero denominator");
        if ((d & (d - 1)) == 0) {
            /* Fast path: x = ±m / 2^k. */
            int k = ccd_u128_ctz(d);
            if (m == 0) {
                *out = 0.0;
                *exact = 1;
                return CCD_OK;
            }
            if (m < ((ccd_u128)1 << 53) && k <= 1022) {
                /* m < 2^53 is a double; 2^-k (k <= 1022) is a normal double, and
                 * m · 2^-k >= 2^-1022 is normal and has at most 53 significant
                 * bits: the product is exact. */
                double x = (double)(uint64_t)m * ccd_pow2_neg(k);
                *out = num->negative ? -x : x;
                *exact = 1;
                return CCD_OK;
            }
            /* reduce, then round m · 2^-k exactly (m < 2^128, k < 128: never
             * overflows and the rational is canonical after the reduction) */
            int tz = ccd_u128_ctz(m);
            int s = tz < k ? tz : k;
            m >>= s;
            k -= s;
            *out = ccd_nearest_double_scaled(num->negative, m, -k, exact);
            if (!*exact) {
                ccd_mpz_set_u128(mpq_numref(pending), m);
                if (num->negative)
                    mpz_neg(mpq_numref(pending), mpq_numref(pending));
                mpz_set_ui(mpq_denref(pending), 0);
                mpz_setbit(mpq_denref(pending), (mp_bitcnt_t)k);
            }
            return CCD_OK;
        }
    }
    /* General path: exact rational, canonical form, correctly rounded. */
    if (token_to_mpz(r, mpq_numref(pending), num) != 0 ||
        token_to_mpz(r, mpq_denref(pending), den) != 0)
        return fail_at(r, CCD_ERR_INTERNAL, r->path, r->line, column_of(ls, num->start),
                       "out of memory");
    if (mpz_sgn(mpq_denref(pending)) == 0)
        return fail_at(r, CCD_ERR_INPUT, r->path, r->line, column_of(ls, den->start),
                       "zero denominator");
    mpq_canonicalize(pending);
    *out = ccd_nearest_double_mpq(pending, exact, &r->scratch);
    if (isinf(*out))
        return fail_at(r, CCD_ERR_INPUT, r->path, r->line, column_of(ls, num->start),
                       "number too large for a double (it rounds to infinity)");
    return CCD_OK;
}

/* -------------------------------------------------------------- rows */

/* Whether the labels come from a labels file (then the CSV has 6 columns). */
static int labels_from_file(const ccd_reader *r)
{
    return r->labels || (r->piece && r->piece->labels);
}

static unsigned long count_columns(const char *ls, const char *le)
{
    unsigned long n = 1;
    for (const char *p = ls; p < le; p++)
        n += *p == ',';
    return n;
}

static ccd_status wrong_columns(ccd_reader *r, const char *ls, const char *le, const char *at)
{
    char what[160];
    unsigned long found = count_columns(ls, le);
    if (r->columns)
        snprintf(what, sizeof what, "expected %d columns, found %lu%s", r->columns, found,
                 labels_from_file(r) && found == 7 ? " (labels come from the JSON file)" : "");
    else
        snprintf(what, sizeof what, "expected 6 or 7 columns, found %lu", found);
    return fail_at(r, CCD_ERR_INPUT, r->path, r->line, column_of(ls, at), what);
}

/* "numerator of f1.x at t0 has more than N digits (--max-digits)" at the number. */
static ccd_status too_many_digits(ccd_reader *r, const char *ls, const int_token *t,
                                  const char *part, int row, int axis)
{
    static const char *const point[2][4] = {{"v", "f0", "f1", "f2"},
                                            {"ea0", "ea1", "eb0", "eb1"}};
    char what[160];
    snprintf(what, sizeof what, "%s of %s.%c at t%d has more than %zu digits (--max-digits)",
             part, point[r->kind == CCD_EE][row % 4], "xyz"[axis], row / 4, r->max_digits);
    return fail_at(r, CCD_ERR_INPUT, r->path, r->line, column_of(ls, t->start), what);
}

static ccd_status not_a_number(ccd_reader *r, const char *ls, const char *le, const char *p,
                               const char *what_field)
{
    char what[160];
    if (p == le)
        snprintf(what, sizeof what, "expected %s, found the end of the line", what_field);
    else if ((unsigned char)*p >= 0x20 && (unsigned char)*p < 0x7f)
        snprintf(what, sizeof what, "expected %s, found '%c'", what_field, *p);
    else
        snprintf(what, sizeof what, "expected %s, found byte 0x%02x", what_field,
                 (unsigned)(unsigned char)*p);
    return fail_at(r, CCD_ERR_INPUT, r->path, r->line, column_of(ls, p), what);
}

/* After a field: blanks, then ',' (more fields follow) or the end of the line.
 * Returns 1 at ',' (consumed), 0 at the end, -1 on a stray character. */
static inline int field_end(const char **pp, const char *le)
{
    const char *p = *pp;
    while (p < le && (*p == ' ' || *p == '\t'))
        p++;
    *pp = p;
    if (p == le)
        return 0;
    if (*p == ',') {
        *pp = p + 1;
        return 1;
    }
    return -1;
}

/* Parse one line into row `row` of q; *label gets the 7th column (or -1). */
static ccd_status parse_row(ccd_reader *r, const char *ls, const char *le, ccd_query *q, int row,
                            int *label)
{
    if (ls == le)
        return fail_at(r, CCD_ERR_INPUT, r->path, r->line, 1,
                       r->columns ? (r->columns == 7 ? "empty line (expected 7 columns)"
                                                     : "empty line (expected 6 columns)")
                                  : "empty line (expected 6 or 7 columns)");
    const char *p = ls;
    int cols = 0;
    for (int axis = 0; axis < 3; axis++) {
        int_token num, den;
        if (!parse_int(&p, le, &num, r->max_digits))
            return not_a_number(r, ls, le, p, "an integer numerator");
        if (num.ndigits > r->max_digits)
            return too_many_digits(r, ls, &num, "numerator", row, axis);
        int sep = field_end(&p, le);
        if (sep < 0)
            return not_a_number(r, ls, le, p, "',' after a number");
        if (sep == 0)
            return wrong_columns(r, ls, le, p);
        if (!parse_int(&p, le, &den, r->max_digits))
            return not_a_number(r, ls, le, p, "an integer denominator");
        if (den.ndigits > r->max_digits)
            return too_many_digits(r, ls, &den, "denominator", row, axis);
        sep = field_end(&p, le);
        if (sep < 0)
            return not_a_number(r, ls, le, p, "',' after a number");
        if (sep == 0 && axis < 2)
            return wrong_columns(r, ls, le, p);
        int exact;
        ccd_status st = convert_coordinate(r, ls, &num, &den, &q->v[row][axis], &exact,
                                           r->pending[row][axis]);
        if (st != CCD_OK)
            return st;
        if (!exact)
            q->inexact |= 1u << (3 * row + axis);
        if (axis == 2) {
            /* sep == 1: a 7th column follows; sep == 0: the line ends */
            cols = sep ? 7 : 6;
            if (r->columns != 0 && cols != r->columns)
                return wrong_columns(r, ls, le, sep ? p - 1 : p);
        }
    }
    *label = -1;
    if (cols == 7) {
        int_token lab;
        const char *field = p;
        if (!parse_int(&p, le, &lab, SIZE_MAX)) /* never converted: no limit needed */
            return not_a_number(r, ls, le, p, "a label 0 or 1");
        int sep = field_end(&p, le);
        if (sep < 0)
            return not_a_number(r, ls, le, p, "the end of the line after the label");
        if (sep > 0)
            return wrong_columns(r, ls, le, p - 1);
        if (lab.negative || lab.ndigits > CCD_FAST_DIGITS || lab.value > 1) {
            while (field < le && (*field == ' ' || *field == '\t'))
                field++;
            char what[96];
            snprintf(what, sizeof what, "label must be 0 or 1, found '%.*s'",
                     (int)(p - field > 40 ? 40 : p - field), field);
            return fail_at(r, CCD_ERR_INPUT, r->path, r->line, column_of(ls, lab.start), what);
        }
        *label = (int)lab.value;
    }
    r->columns = cols; /* the first line decides for the whole file */
    return CCD_OK;
}

/* -------------------------------------------------------------- queries */

/* The reader fails with the error its piece carries (csv_piece.h). */
static ccd_status fail_deferred(ccd_reader *r)
{
    r->failed = 1;
    r->error = *r->piece->deferred;
    return r->error.status;
}

/* The label of the next query (number r->queries + 1, first_line its first
 * line) from the labels file into *label; else the reader fails: the file
 * failed, or it holds no label for the query. */
static ccd_status next_file_label(ccd_reader *r, int8_t *label, uint64_t first_line)
{
    int value = -1;
    int got = ccd_label_stream_next(r->labels, &r->error, &value);
    if (got < 0) {
        r->failed = 1;
        return r->error.status;
    }
    if (got == 0) {
        char what[256];
        snprintf(what, sizeof what,
                 "query %llu has no label: the labels file %s holds only %llu labels",
                 (unsigned long long)r->queries + 1, r->labels->path,
                 (unsigned long long)r->labels->count);
        return fail_at(r, CCD_ERR_INPUT, r->path, first_line, 1, what);
    }
    *label = (int8_t)value;
    return CCD_OK;
}

static ccd_status finish_query(ccd_reader *r, ccd_batch *b, ccd_query *q, uint64_t first_line)
{
    q->kind = r->kind;
    q->index = r->queries;
    /* every line is a row: the messages of other modules count on it */
    CCD_ASSERT(first_line == ccd_query_line(q, 0) &&
               r->line == ccd_query_line(q, CCD_QUERY_ROWS - 1));
    q->exact = NULL;
    if (q->inexact) {
        ccd_exact_coords *ex = ccd_batch_store_take(b->store);
        if (!ex)
            return fail_at(r, CCD_ERR_INTERNAL, r->path, first_line, 1, "out of memory");
        for (int row = 0; row < CCD_QUERY_ROWS; row++)
            for (int axis = 0; axis < 3; axis++) {
                if (q->inexact & (1u << (3 * row + axis)))
                    mpq_swap(ex->q[row][axis], r->pending[row][axis]);
                else
                    mpq_set_d(ex->q[row][axis], q->v[row][axis]); /* exact */
            }
        q->exact = ex;
    }
    if (r->labels) {
        if (next_file_label(r, &b->labels[b->count], first_line) != CCD_OK)
            return r->error.status;
    } else if (r->piece && r->piece->labels) {
        const uint64_t i = r->queries - r->piece->first_index;
        if (i == r->piece->label_error_at)
            return fail_deferred(r);
        CCD_ASSERT(i < r->piece->queries);
        b->labels[b->count] = r->piece->labels[i];
    }
    r->queries++;
    b->count++;
    return CCD_OK;
}

/* The input has ended at a query boundary (or inside a query). */
static ccd_status end_of_input(ccd_reader *r, int rows_in_query)
{
    if (r->piece && r->piece->end == CCD_PIECE_CUT_SHORT)
        return fail_deferred(r);
    if (r->piece && r->piece->end == CCD_PIECE_MORE) {
        CCD_ASSERT(rows_in_query == 0); /* cut after a whole query */
        r->finished = 1;
        return CCD_OK;
    }
    uint64_t line = r->last_newline ? r->line + 1 : r->line;
    unsigned long column = r->last_newline ? 1 : (unsigned long)r->last_len + 1;
    if (r->bytes == 0)
        return fail_at(r, CCD_ERR_INPUT, r->path, 1, 1, "empty file");
    if (rows_in_query != 0) {
        char what[160];
        unsigned long long rows = (unsigned long long)r->line;
        snprintf(what, sizeof what,
                 "the file ends inside a query: %llu row%s, not a multiple of %d", rows,
                 rows == 1 ? "" : "s", CCD_QUERY_ROWS);
        return fail_at(r, CCD_ERR_INPUT, r->path, line, column, what);
    }
    if (r->labels && ccd_label_stream_finish(r->labels, &r->error, r->queries) != CCD_OK) {
        r->failed = 1;
        return r->error.status;
    }
    if (r->piece && r->piece->labels && r->piece->label_error_at == r->piece->queries)
        return fail_deferred(r); /* the labels' end check, made when the file was cut */
    r->finished = 1;
    return CCD_OK;
}

ccd_status ccd_reader_read(ccd_batch *b, ccd_error *err, ccd_reader *r)
{
    b->count = 0;
    ccd_batch_store_reset(b->store);
    return ccd_reader_read_more(b, err, r);
}

ccd_status ccd_reader_read_more(ccd_batch *b, ccd_error *err, ccd_reader *r)
{
    const size_t held = b->count;
    ccd_status st = CCD_OK;
    while (!r->failed && !r->finished && b->count < b->capacity) {
        ccd_query *q = &b->queries[b->count];
        int8_t *q_label = &b->labels[b->count];
        q->inexact = 0;
        *q_label = -1;
        uint64_t first_line = r->line + 1;
        int row;
        for (row = 0; row < CCD_QUERY_ROWS; row++) {
            const char *ls, *le;
            int got = next_line(r, &ls, &le);
            if (got < 0)
                break;
            if (got == 0) {
                end_of_input(r, row);
                break;
            }
            int label;
            if (parse_row(r, ls, le, q, row, &label) != CCD_OK)
                break;
            if (row == 0) {
                *q_label = (int8_t)label;
            } else if (label != *q_label) {
                char what[160];
                snprintf(what, sizeof what,
                         "label %d disagrees with label %d on line %llu (the query's first row)",
                         label, *q_label, (unsigned long long)first_line);
                const char *lab = le;
                while (lab > ls && lab[-1] != ',')
                    lab--;
                while (lab < le && (*lab == ' ' || *lab == '\t'))
                    lab++;
                fail_at(r, CCD_ERR_INPUT, r->path, r->line, column_of(ls, lab), what);
                break;
            }
        }
        if (row < CCD_QUERY_ROWS)
            break;
        if (finish_query(r, b, q, first_line) != CCD_OK)
            break;
    }
    if (r->failed) {
        b->count = held;
        st = r->error.status;
        if (err)
            *err = r->error;
    }
    return st;
}

uint64_t ccd_reader_bytes_read(const ccd_reader *r)
{
    return r->bytes;
}

uint64_t ccd_reader_source_bytes(const ccd_reader *r)
{
    return ccd_byte_source_raw_consumed(&r->src);
}

void ccd_reader_set_max_digits(ccd_reader *r, size_t max_digits)
{
    r->max_digits = max_digits > 0 ? max_digits : CCD_MAX_DIGITS_DEFAULT;
}

/* -------------------------------------------------------------- open/close */

/* A reader of the file named path; with a read buffer of its own unless
 * `borrowed` (a piece's text is read in place). */
static ccd_status reader_new(ccd_reader **out, ccd_error *err, const char *path, ccd_kind kind,
                             int borrowed)
{
    *out = NULL;
    if (kind != CCD_VF && kind != CCD_EE)
        return ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "invalid query kind %d",
                             (int)kind);
    ccd_reader *r = calloc(1, sizeof *r);
    if (!r)
        return ccd_error_oom(err, path);
    r->src.fd = -1;
    r->path = strdup(path);
    r->buf_borrowed = borrowed;
    if (!borrowed) {
        r->cap = CCD_READ_BUFFER;
        r->buf = ccd_hidden_alloc(r->cap); /* the text holds the labels */
    }
    if (!r->path || (!borrowed && !r->buf)) {
        free(r->path);
        if (!borrowed)
            ccd_hidden_free(r->buf, r->cap);
        free(r);
        return ccd_error_oom(err, path);
    }
    r->kind = kind;
    r->cut_cap = CCD_READ_BUFFER;
    r->max_digits = CCD_MAX_DIGITS_DEFAULT;
    for (int row = 0; row < CCD_QUERY_ROWS; row++)
        for (int axis = 0; axis < 3; axis++)
            mpq_init(r->pending[row][axis]);
    ccd_rounding_scratch_init(&r->scratch);
    *out = r;
    return CCD_OK;
}

/* Opens the reader r, without a file, on csv_path and its labels file (if
 * any): ccd_reader_open's and ccd_reader_reopen's. */
static ccd_status open_files(ccd_reader *r, ccd_error *err, const char *csv_path,
                             const char *labels_path, ccd_read_ahead *ahead, size_t file)
{
    ccd_status st = ccd_byte_source_open_ahead(&r->src, err, csv_path, ahead, file);
    if (st == CCD_OK && labels_path) {
        st = ccd_label_stream_open_file(&r->labels, err, labels_path);
        r->columns = 6;
    }
    return st;
}

ccd_status ccd_reader_open(ccd_reader **out, ccd_error *err, const char *csv_path,
                           const char *labels_path, ccd_kind kind)
{
    return ccd_reader_open_ahead(out, err, csv_path, labels_path, kind, NULL, 0);
}

ccd_status ccd_reader_open_ahead(ccd_reader **out, ccd_error *err, const char *csv_path,
                                 const char *labels_path, ccd_kind kind, ccd_read_ahead *ahead,
                                 size_t file)
{
    ccd_reader *r;
    ccd_status st = reader_new(&r, err, csv_path, kind, 0);
    if (st != CCD_OK)
        return st;
    st = open_files(r, err, csv_path, labels_path, ahead, file);
    if (st != CCD_OK) {
        ccd_reader_close(r);
        return st;
    }
    *out = r;
    return CCD_OK;
}

ccd_status ccd_reader_reopen(ccd_reader *r, ccd_error *err, const char *csv_path,
                             const char *labels_path, ccd_kind kind)
{
    return ccd_reader_reopen_ahead(r, err, csv_path, labels_path, kind, NULL, 0);
}

ccd_status ccd_reader_reopen_ahead(ccd_reader *r, ccd_error *err, const char *csv_path,
                                   const char *labels_path, ccd_kind kind,
                                   ccd_read_ahead *ahead, size_t file)
{
    CCD_ASSERT(!r->buf_borrowed && !r->piece);
    if (kind != CCD_VF && kind != CCD_EE)
        return ccd_error_set(err, CCD_ERR_INTERNAL, csv_path, 0, 0, "invalid query kind %d",
                             (int)kind);
    char *path = strdup(csv_path);
    if (!path)
        return ccd_error_oom(err, csv_path);
    ccd_byte_source_close(&r->src); /* no file: fd -1 */
    ccd_label_stream_close(r->labels);
    r->labels = NULL;
    free(r->path);
    r->path = path;
    /* what reader_new leaves zero; the buffers (buf, pending, scratch, digits)
     * and max_digits stay; a cutting reader reads into its own buffer again
     * until it cuts (attach) */
    if (r->arena) {
        r->buf = r->own_buf;
        r->cap = r->own_cap;
        r->arena = NULL;
        r->own_buf = NULL;
    }
    r->cut_cap = CCD_READ_BUFFER;
    r->pos = r->end = 0;
    r->eof = 0;
    r->line = 0;
    r->last_len = 0;
    r->last_newline = 0;
    r->bytes = 0;
    r->columns = 0;
    r->kind = kind;
    r->queries = 0;
    r->finished = 0;
    r->failed = 0;
    memset(&r->error, 0, sizeof r->error);
    const ccd_status st = open_files(r, err, csv_path, labels_path, ahead, file);
    if (st != CCD_OK) {
        ccd_byte_source_close(&r->src);
        r->failed = 1;
    }
    return st;
}

ccd_status ccd_reader_open_memory(ccd_reader **out, ccd_error *err, const char *csv_name,
                                  const void *csv, size_t csv_len, const char *labels_name,
                                  const void *labels, size_t labels_len, ccd_kind kind)
{
    ccd_reader *r;
    ccd_status st = reader_new(&r, err, csv_name, kind, 0);
    if (st != CCD_OK)
        return st;
    st = ccd_byte_source_open_memory(&r->src, err, csv_name, csv, csv_len);
    if (st == CCD_OK && labels) {
        st = ccd_label_stream_open_memory(&r->labels, err, labels_name ? labels_name : "labels",
                                          labels, labels_len);
        r->columns = 6;
    }
    if (st != CCD_OK) {
        ccd_reader_close(r);
        return st;
    }
    *out = r;
    return CCD_OK;
}

void ccd_reader_close(ccd_reader *r)
{
    if (!r)
        return;
    ccd_byte_source_close(&r->src);
    ccd_label_stream_close(r->labels);
    for (int row = 0; row < CCD_QUERY_ROWS; row++)
        for (int axis = 0; axis < 3; axis++)
            mpq_clear(r->pending[row][axis]);
    ccd_rounding_scratch_clear(&r->scratch);
    free(r->digits);
    if (r->arena) /* the buffer is the arena's: the reader's own is aside */
        ccd_hidden_free(r->own_buf, r->own_cap);
    else if (!r->buf_borrowed)
        ccd_hidden_free(r->buf, r->cap);
    free(r->path);
    free(r);
}

/* -------------------------------------------------------------- pieces */

ccd_status ccd_reader_read_end(ccd_error *err, ccd_reader *r)
{
    CCD_ASSERT(r->piece);
    /* A query completed here would be one the cutting did not count. */
    ccd_query q;
    int8_t label;
    ccd_batch rest = {.queries = &q, .labels = &label, .capacity = 1, .store = NULL};
    const ccd_status st = ccd_reader_read_more(&rest, err, r);
    CCD_ASSERT(rest.count == 0 && (r->finished || r->failed));
    return st;
}

void ccd_text_arena_reset(ccd_text_arena *a)
{
    for (int k = 0; k < a->kept_count; k++)
        ccd_hidden_free(a->kept[k].data, a->kept[k].cap);
    a->kept_count = 0;
    a->used = 0;
}

void ccd_text_arena_free(ccd_text_arena *a)
{
    ccd_text_arena_reset(a);
    ccd_hidden_free(a->data, a->cap);
    memset(a, 0, sizeof *a);
}

int ccd_text_arena_reserve(ccd_text_arena *a, size_t bytes)
{
    if (bytes <= a->cap)
        return 0;
    if (a->used && bytes < 2 * a->cap) /* the block kept: at most half the next */
        bytes = 2 * a->cap;
    char *grown = ccd_hidden_alloc(bytes);
    if (!grown)
        return -1;
    if (a->used)
        memcpy(grown, a->data, a->used);
    arena_move(a, grown, bytes);
    return 0;
}

/* The cutting reader r's next n bytes, buf[pos, pos + n), are cut: its
 * arena's already (they were read into it). */
static void arena_take(ccd_text_arena *a, const ccd_reader *r, const char *text, size_t n)
{
    CCD_ASSERT(r->arena == a && r->buf == a->data && text == a->data + a->used &&
               a->used + n <= r->end);
    a->used += n;
}

/* Reads of r go to the end of the arena a from now on (refill_arena), the
 * text r has read and not cut moved there; -1 when memory ran out. */
static int attach(ccd_reader *r, ccd_text_arena *a)
{
    if (r->arena == a && r->buf == a->data && r->pos == a->used)
        return 0; /* as it was after the last cut */
    const size_t rest = r->end - r->pos;
    if (!a->data || a->cap - a->used < rest) { /* an arena never reserved has no data */
        size_t cap = a->cap ? a->cap : CCD_READ_BUFFER;
        while (cap - a->used < rest)
            cap *= 2;
        if (ccd_text_arena_reserve(a, cap) != 0)
            return -1;
    }
    /* the rest is in the reader's own buffer or in another arena: one that
     * is not a (the arenas of two batches), or a itself reset for another
     * batch since (memmove) */
    if (rest > 0)
        memmove(a->data + a->used, r->buf + r->pos, rest);
    if (!r->arena) {
        r->own_buf = r->buf;
        r->own_cap = r->cap;
    }
    r->arena = a;
    r->buf = a->data;
    r->cap = a->cap;
    r->pos = a->used;
    r->end = a->used + rest;
    return 0;
}

/* The whole queries the buffer holds from its position, up to max: cuts them
 * at once (arena_take) and moves the reader past them, and takes their labels
 * from the labels file, just as next_line, arena_take and the labels a line at
 * a time would (the cutting is serial: a line at a time, it spent as
 * long on the calls as on finding the line ends; query/line_groups.h).
 * Returns the number of queries cut, 0 when the buffer holds no whole one
 * (nothing done).  *label_failed: the last query cut has no label (r->error
 * says why; nothing after it is cut). */
static long cut_queries(int *label_failed, ccd_text_arena *arena, int8_t *labels, ccd_reader *r,
                        size_t max)
{
    const char *start = r->buf + r->pos, *end;
    size_t q = ccd_line_groups(&end, start, r->end - r->pos, CCD_QUERY_ROWS, max);
    *label_failed = 0;
    if (q == 0)
        return 0;
    if (r->labels) {
        for (size_t i = 0; i < q; i++) {
            const ccd_status st =
                next_file_label(r, &labels[i], r->line + (uint64_t)CCD_QUERY_ROWS * i + 1);
            r->queries++;
            if (st != CCD_OK) { /* the piece ends with this query, its rows' errors first */
                *label_failed = 1;
                q = ccd_line_groups(&end, start, r->end - r->pos, CCD_QUERY_ROWS, i + 1);
                CCD_ASSERT(q == i + 1);
                break;
            }
        }
    } else {
        r->queries += q;
    }
    const size_t n = (size_t)(end - start);
    arena_take(arena, r, start, n);
    r->pos += n;
    r->bytes += n;
    r->line += (uint64_t)CCD_QUERY_ROWS * q;
    const char *nl = end - 1, *line = nl; /* the last line: its '\n' and start */
    CCD_ASSERT(*nl == '\n');
    while (line > start && line[-1] != '\n')
        line--;
    r->last_len = (size_t)(nl - line) - (nl > line && nl[-1] == '\r');
    r->last_newline = 1;
    return (long)q;
}

ccd_status ccd_reader_cut(ccd_csv_piece *piece, ccd_error *err, ccd_text_arena *arena,
                          int8_t *labels, ccd_error *deferred, ccd_reader *r, size_t max_queries)
{
    CCD_ASSERT(!r->piece && !r->failed && !r->finished && max_queries >= 1);
    if (attach(r, arena) != 0)
        return ccd_error_oom(err, r->path);
    *piece = (ccd_csv_piece){.offset = arena->used, .first_line = r->line,
                             .first_index = r->queries, .first_byte = r->bytes,
                             .columns = r->columns, .end = CCD_PIECE_MORE,
                             .labels = r->labels ? labels : NULL,
                             .label_error_at = UINT64_MAX, .deferred = deferred};
    size_t lines = 0;
    while (lines < (size_t)CCD_QUERY_ROWS * max_queries) {
        long whole = 0; /* whole queries at once, when the buffer holds some */
        int label_failed = 0;
        if (lines % CCD_QUERY_ROWS == 0 && r->line > 0)
            whole = cut_queries(&label_failed, arena,
                                labels ? labels + lines / CCD_QUERY_ROWS : NULL, r,
                                max_queries - lines / CCD_QUERY_ROWS);
        if (whole) {
            lines += (size_t)CCD_QUERY_ROWS * (size_t)whole;
            if (label_failed) {
                *deferred = r->error;
                piece->label_error_at = lines / CCD_QUERY_ROWS - 1;
                piece->end = CCD_PIECE_LAST; /* nothing is read after it */
                break;
            }
            continue;
        }
        const char *ls, *le;
        const int got = next_line(r, &ls, &le);
        if (got < 0) { /* a line too long, a read error: after the lines before it */
            *deferred = r->error;
            piece->end = CCD_PIECE_CUT_SHORT;
            break;
        }
        if (got == 0) {
            piece->end = CCD_PIECE_LAST;
            r->finished = 1;
            /* the labels' end check, for when the file ends after a whole query */
            if (r->labels && lines % CCD_QUERY_ROWS == 0 &&
                ccd_label_stream_finish(r->labels, deferred, r->queries) != CCD_OK)
                piece->label_error_at = lines / CCD_QUERY_ROWS;
            break;
        }
        /* the line as it is in the file, with its end of line if it has one:
         * it was read into the arena, where it stays */
        arena_take(arena, r, ls, (size_t)(r->buf + r->pos - ls));
        lines++;
        if (r->line == 1 && r->columns == 0) { /* the first line decides (see parse_row) */
            const unsigned long cols = count_columns(ls, le);
            r->columns = cols == 6 || cols == 7 ? (int)cols : 0;
        }
        if (lines % CCD_QUERY_ROWS == 0) {
            const size_t i = lines / CCD_QUERY_ROWS - 1;
            if (r->labels && next_file_label(r, &labels[i], r->line - CCD_QUERY_ROWS + 1) != CCD_OK) {
                *deferred = r->error;
                piece->label_error_at = i;
                piece->end = CCD_PIECE_LAST; /* nothing is read after it; its rows, */
                r->queries++;                /* whose errors come first, are the piece's */
                break;
            }
            r->queries++;
        }
    }
    piece->queries = lines / CCD_QUERY_ROWS;
    piece->len = arena->used - piece->offset;
    piece->source_bytes = ccd_byte_source_raw_consumed(&r->src);
    return CCD_OK;
}

ccd_status ccd_reader_open_piece(ccd_reader **out, ccd_error *err, const char *csv_name,
                                 ccd_kind kind, const char *text, const ccd_csv_piece *piece)
{
    ccd_reader *r;
    const ccd_status st = reader_new(&r, err, csv_name, kind, 1);
    if (st != CCD_OK)
        return st;
    /* The text in place, as a source that has ended: next_line never refills
     * (nor moves) it, so it is only read. */
    r->buf = (char *)text;
    r->end = r->cap = piece->len;
    r->eof = 1;
    r->line = piece->first_line;
    r->bytes = piece->first_byte;
    r->queries = piece->first_index;
    r->columns = piece->columns;
    r->piece = piece;
    *out = r;
    return CCD_OK;
}
