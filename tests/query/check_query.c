/* SPDX-License-Identifier: MIT */
/* Check suite of src/query: the CSV reader (every class of bad input with its
 * exact path:line:column), correct rounding to doubles, gzip, streaming, the
 * writer, dataset discovery, and the counts of the shared benchmark data. */
#include <config.h>

#include <check.h>
#include <dirent.h>
#include <ftw.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "ccdbench.h"
#include "query/csv_piece.h"
#include "query/decimal_digits.h"
#include "query/line_groups.h"
#include "query/reader_memory.h"
#include "reader_pieces.h"
#include "test_support.h"

/* ------------------------------------------------------------------ helpers */

static char *write_text(const char *dir, const char *name, const char *text)
{
    return test_write_file(dir, name, text, strlen(text));
}

/* gzip of data (one member), malloc'd */
static unsigned char *gzip_bytes(const void *data, size_t len, size_t *out_len)
{
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    ck_assert_int_eq(deflateInit2(&zs, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY),
                     Z_OK);
    size_t cap = deflateBound(&zs, (uLong)len) + 64;
    unsigned char *out = malloc(cap);
    zs.next_in = (unsigned char *)data;
    zs.avail_in = (uInt)len;
    zs.next_out = out;
    zs.avail_out = (uInt)cap;
    ck_assert_int_eq(deflate(&zs, Z_FINISH), Z_STREAM_END);
    *out_len = cap - zs.avail_out;
    deflateEnd(&zs);
    return out;
}

/* One query as plain data, to compare reads. */
typedef struct record {
    double v[CCD_QUERY_ROWS][3];
    uint32_t inexact;
    int label;
    uint64_t index;
    ccd_kind kind;
    char *exact[CCD_QUERY_ROWS][3]; /* mpq text of every coordinate when q->exact */
} record;

typedef struct records {
    record *r;
    size_t n, capacity;
} records;

static void records_free(records *rs)
{
    for (size_t i = 0; i < rs->n; i++)
        for (int row = 0; row < CCD_QUERY_ROWS; row++)
            for (int a = 0; a < 3; a++)
                free(rs->r[i].exact[row][a]);
    free(rs->r);
    rs->r = NULL;
    rs->n = rs->capacity = 0;
}

static void records_add(records *rs, const ccd_query *q, int label)
{
    /* doubling: a realloc per record copies the whole array each time under ASan
     * (O(n²): half a minute on the shared data) */
    if (rs->n == rs->capacity) {
        rs->capacity = rs->capacity ? 2 * rs->capacity : 64;
        rs->r = realloc(rs->r, rs->capacity * sizeof *rs->r);
        ck_assert_ptr_nonnull(rs->r);
    }
    record *r = &rs->r[rs->n++];
    memset(r, 0, sizeof *r);
    memcpy(r->v, q->v, sizeof r->v);
    r->inexact = q->inexact;
    r->label = label;
    r->index = q->index;
    r->kind = q->kind;
    ck_assert((q->inexact != 0) == (q->exact != NULL));
    if (q->exact)
        for (int row = 0; row < CCD_QUERY_ROWS; row++)
            for (int a = 0; a < 3; a++)
                r->exact[row][a] = mpq_get_str(NULL, 10, q->exact->q[row][a]);
}

/* Read a whole reader into rs with batches of `capacity`. */
static ccd_status drain(ccd_reader *rd, size_t capacity, records *rs, ccd_error *err)
{
    ccd_batch b;
    ck_assert_int_eq(ccd_batch_init(&b, capacity), CCD_OK);
    ccd_status st;
    for (;;) {
        st = ccd_reader_read(&b, err, rd);
        if (st != CCD_OK || b.count == 0)
            break;
        ck_assert_uint_le(b.count, capacity);
        for (size_t i = 0; i < b.count; i++)
            records_add(rs, &b.queries[i], b.labels[i]);
    }
    ccd_batch_free(&b);
    return st;
}

static ccd_status read_path(records *rs, ccd_error *err, const char *csv, const char *labels,
                            ccd_kind kind, size_t capacity)
{
    ccd_reader *rd;
    ccd_status st = ccd_reader_open(&rd, err, csv, labels, kind);
    if (st != CCD_OK)
        return st;
    st = drain(rd, capacity, rs, err);
    ccd_reader_close(rd);
    return st;
}

static ccd_status read_memory(records *rs, ccd_error *err, const char *text, size_t len)
{
    ccd_reader *rd;
    ccd_status st = ccd_reader_open_memory(&rd, err, "mem.csv", text, len, NULL, NULL, 0, CCD_VF);
    if (st != CCD_OK)
        return st;
    st = drain(rd, 7, rs, err);
    ccd_reader_close(rd);
    return st;
}

static void assert_same_records(const records *a, const records *b)
{
    ck_assert_uint_eq(a->n, b->n);
    for (size_t i = 0; i < a->n; i++) {
        const record *x = &a->r[i], *y = &b->r[i];
        ck_assert(memcmp(x->v, y->v, sizeof x->v) == 0);
        ck_assert_uint_eq(x->inexact, y->inexact);
        ck_assert_int_eq(x->label, y->label);
        ck_assert_uint_eq(x->index, y->index);
        ck_assert_int_eq(x->kind, y->kind);
        for (int row = 0; row < CCD_QUERY_ROWS; row++)
            for (int c = 0; c < 3; c++) {
                ck_assert((x->exact[row][c] == NULL) == (y->exact[row][c] == NULL));
                if (x->exact[row][c])
                    ck_assert_str_eq(x->exact[row][c], y->exact[row][c]);
            }
    }
}

/* A CSV of n queries: row r of query i holds small dyadic rationals. */
static char *make_csv(size_t n, int labels, const char *sep, const char *eol)
{
    size_t cap = n * 8 * 128 + 1, len = 0;
    char *s = malloc(cap);
    for (size_t i = 0; i < n; i++)
        for (int row = 0; row < 8; row++) {
            long a = (long)(i * 8 + (size_t)row) * 37 - 1000;
            len += (size_t)snprintf(s + len, cap - len, "%ld%s%d%s%ld%s%d%s%ld%s%d", a, sep,
                                    1 << (row % 5), sep, -a * 3 + 1, sep, 1024, sep, a % 17,
                                    sep, 1);
            if (labels)
                len += (size_t)snprintf(s + len, cap - len, "%s%d", sep, (int)(i % 3 == 0));
            len += (size_t)snprintf(s + len, cap - len, "%s", eol);
        }
    return s;
}

static const char ROW6[] = "1,2,3,4,5,8\n";
static const char ROW7[] = "1,2,3,4,5,8,1\n";

/* text of k copies of a row */
static char *repeat(const char *row, int k)
{
    size_t n = strlen(row);
    char *s = malloc(n * (size_t)k + 1);
    for (int i = 0; i < k; i++)
        memcpy(s + n * (size_t)i, row, n);
    s[n * (size_t)k] = '\0';
    return s;
}

/* Expect reading csv (and labels JSON, if not NULL) to fail with CCD_ERR_INPUT
 * and a message starting "<path of which>:<line>:<column>: " and containing what. */
static void expect_error_files(const char *csv, size_t csv_len, const char *json,
                               int error_in_json, unsigned long line, unsigned long column,
                               const char *what)
{
    char *dir = test_make_tmpdir("query-test");
    char *csv_path = test_write_file(dir, "input.csv", csv, csv_len);
    char *json_path = json ? write_text(dir, "labels.json", json) : NULL;
    records rs = {0};
    ccd_error err = {0};
    ccd_status st = read_path(&rs, &err, csv_path, json_path, CCD_VF, 4);
    ck_assert_msg(st == CCD_ERR_INPUT, "status %d for %s", (int)st, what);
    char prefix[512];
    snprintf(prefix, sizeof prefix, "%s:%lu:%lu: ", error_in_json ? json_path : csv_path, line,
             column);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "expected '%s…%s', got '%s'",
                  prefix, what, err.message);
    ck_assert_msg(strstr(err.message, what) != NULL, "expected '%s' in '%s'", what, err.message);
    /* read in pieces, as the batch loop does: the same error (and queries) */
    for (size_t piece = 1; piece <= 3; piece++) {
        const char *differs = reader_pieces_compare(csv, csv_len, json, json ? strlen(json) : 0,
                                                    CCD_VF, CCD_MAX_DIGITS_DEFAULT, piece);
        ck_assert_msg(differs == NULL, "%s: %s", what, differs);
    }
    records_free(&rs);
    free(csv_path);
    free(json_path);
    test_remove_tmpdir(dir);
}

static void expect_error(const char *csv, unsigned long line, unsigned long column,
                         const char *what)
{
    expect_error_files(csv, strlen(csv), NULL, 0, line, column, what);
}

/* ------------------------------------------------------------------ bad input */

START_TEST(test_bad_not_a_number)
{
    expect_error("1,1,x,1,1,1\n", 1, 5, "expected an integer numerator, found 'x'");
    expect_error("1,1,2,1,1,1,0\n1,1,2.5,1,1,1,0\n", 2, 6, "expected ',' after a number, found '.'");
    expect_error("1,1,2,1,1,\n", 1, 11, "expected an integer denominator, found the end");
    expect_error("1,1,2,1,\n", 1, 9, "expected an integer numerator, found the end");
    expect_error("1,1,2,1,,1\n", 1, 9, "expected an integer numerator, found ','");
    expect_error("1,,2,1,1,1\n", 1, 3, "expected an integer denominator, found ','");
    expect_error("1, 1,2,1, -,1\n", 1, 12, "expected an integer numerator, found ','");
    /* columns count characters, not bytes */
    expect_error("1,1,\xc3\xa9,1,1,1\n", 1, 5, "found byte 0xc3");
    expect_error("1,1,2,1,1,1\xc3\xa9,1,\xc3\xa9\n", 1, 12, "after a number");
    /* a long number (GMP path) followed by junk */
    expect_error("1,1,123456789012345678901234567890123456789012345z,1,1,1\n", 1, 50,
                 "expected ',' after a number, found 'z'");
}
END_TEST

START_TEST(test_bad_denominator)
{
    expect_error("1,0,1,1,1,1\n", 1, 3, "zero denominator");
    expect_error("1,1,1, 0 ,1,1\n", 1, 8, "zero denominator");
    expect_error("1,1,1,1,1,-4\n", 1, 11, "negative denominator");
    expect_error("1,1,1,1,1,000000000000000000000000000000000000000000000000000\n", 1, 11,
                 "zero denominator");
    expect_error("1,3,1,1,1,-12345678901234567890123456789012345678901234567\n", 1, 11,
                 "negative denominator");
    expect_error("1,1,1,-0,1,1\n", 1, 7, "negative denominator");
}
END_TEST

START_TEST(test_bad_columns)
{
    expect_error("1,2,3,4,5\n", 1, 10, "expected 6 or 7 columns, found 5");
    expect_error("1,2,3,4,5,6,1,8\n", 1, 14, "expected 6 or 7 columns, found 8");
    expect_error("1,2,3,4,5,8,1\n1,2,3,4,5,8\n", 2, 12, "expected 7 columns, found 6");
    expect_error("1,2,3,4,5,8\n1,2,3,4,5,8,1\n", 2, 12, "expected 6 columns, found 7");
    expect_error("1,2,3,4,5,8\n\n", 2, 1, "empty line");
    expect_error("1,2\n", 1, 4, "found 2");
}
END_TEST

START_TEST(test_bad_row_count)
{
    char *nine = repeat(ROW7, 9);
    expect_error(nine, 10, 1, "9 rows, not a multiple of 8");
    /* no final newline: the end is after the last character of line 9 */
    nine[strlen(nine) - 1] = '\0';
    expect_error(nine, 9, 14, "9 rows, not a multiple of 8");
    free(nine);
    char *three = repeat(ROW6, 3);
    expect_error(three, 4, 1, "3 rows, not a multiple of 8");
    free(three);
    char *one = repeat(ROW6, 1);
    expect_error(one, 2, 1, "ends inside a query: 1 row, not a multiple of 8");
    free(one);
}
END_TEST

START_TEST(test_bad_label_value)
{
    expect_error("1,2,3,4,5,8,2\n", 1, 13, "label must be 0 or 1, found '2'");
    expect_error("1,2,3,4,5,8, -1\n", 1, 14, "label must be 0 or 1, found '-1'");
    expect_error("1,2,3,4,5,8,true\n", 1, 13, "expected a label 0 or 1, found 't'");
    expect_error("1,2,3,4,5,8,1 1\n", 1, 15, "the end of the line after the label");
}
END_TEST

START_TEST(test_bad_label_disagrees)
{
    char *rows = repeat(ROW7, 8);
    rows[strlen(ROW7) * 3 + 12] = '0'; /* the label of line 4 */
    expect_error(rows, 4, 13, "label 0 disagrees with label 1 on line 1");
    free(rows);
    /* in the second query, with spaces after the commas */
    char *spaced = repeat("1, 2, 3, 4, 5, 8, 0\n", 16);
    spaced[strlen("1, 2, 3, 4, 5, 8, 0\n") * 15 + 18] = '1';
    expect_error(spaced, 16, 19, "label 1 disagrees with label 0 on line 9");
    free(spaced);
}
END_TEST

START_TEST(test_bad_label_count)
{
    char *two = repeat(ROW6, 16);
    /* fewer labels than queries: reported at the first line of the unlabelled query */
    expect_error_files(two, strlen(two), "[true]", 0, 9, 1,
                       "query 2 has no label: the labels file");
    /* more labels than queries: reported at the extra label */
    expect_error_files(two, strlen(two), "[true, false,\n 1]", 1, 2, 2,
                       "more labels than queries: the CSV holds 2 queries");
    /* labels given by JSON and a label column at the same time */
    char *seven = repeat(ROW7, 8);
    expect_error_files(seven, strlen(seven), "[true]", 0, 1, 12,
                       "expected 6 columns, found 7 (labels come from the JSON file)");
    free(seven);
    free(two);
}
END_TEST

/* A labels file that runs out inside a run of whole queries the cutter takes
 * at once: that piece ends with the unlabelled query, as a line at a time. */
START_TEST(test_bad_label_count_in_a_run)
{
    char *six = repeat(ROW6, 6 * 8);
    const char *three = "[true, false, true]";
    expect_error_files(six, strlen(six), three, 0, 25, 1, "query 4 has no label: the labels file");
    for (size_t piece = 4; piece <= 8; piece++) { /* the 4th query inside a piece */
        const char *differs = reader_pieces_compare(six, strlen(six), three, strlen(three), CCD_VF,
                                                    CCD_MAX_DIGITS_DEFAULT, piece);
        ck_assert_msg(differs == NULL, "pieces of %zu: %s", piece, differs);
    }
    /* cut in one piece: it ends with the 4th query's text, read and no more */
    ccd_reader *cutter;
    ccd_error err = {0}, deferred = {0};
    ck_assert_int_eq(ccd_reader_open_memory(&cutter, &err, "t.csv", six, strlen(six), "t.json",
                                            three, strlen(three), CCD_VF),
                     CCD_OK);
    ccd_text_arena text = {0};
    int8_t labels[8];
    ccd_csv_piece piece;
    ck_assert_int_eq(ccd_reader_cut(&piece, &err, &text, labels, &deferred, cutter, 8), CCD_OK);
    ck_assert_uint_eq(piece.queries, 4);
    ck_assert_uint_eq(piece.label_error_at, 3);
    ck_assert_uint_eq(piece.len, 4 * 8 * strlen(ROW6));
    ck_assert_uint_eq(ccd_reader_bytes_read(cutter), 4 * 8 * strlen(ROW6));
    ck_assert_ptr_nonnull(strstr(deferred.message, "query 4 has no label"));
    ccd_reader_close(cutter);
    ccd_text_arena_free(&text);
    free(six);
}
END_TEST

/* A reader opened again on another file (ccd_reader_reopen, the batch loop's
 * cutter) reads it as a new reader would: its queries, labels, indices, the
 * columns its first line decides, its errors at their line — nothing of the
 * file before (7 columns then 6 with a labels file, an inexact value, an error
 * on the second file's line 9). */
START_TEST(test_reader_reopen)
{
    char *dir = test_make_tmpdir("reopen");
    char *seven = repeat(ROW7, 16);
    char *a = test_write_file(dir, "a.csv", seven, strlen(seven));
    char *six = repeat(ROW6, 24);
    six[strlen(ROW6) * 8 + 2] = 'x'; /* line 9, column 3 */
    char *b = test_write_file(dir, "b.csv", six, strlen(six));
    char *labels = write_text(dir, "b.json", "[true, false, true]");
    const char *inexact = "1,3,3,4,5,8,1\n"; /* 1/3: inexact; 7 columns again */
    char *c_text = repeat(inexact, 8);
    char *c = test_write_file(dir, "c.csv", c_text, strlen(c_text));
    const char *paths[3] = {a, b, c}, *label_paths[3] = {NULL, labels, NULL};
    ccd_reader *again;
    ccd_error e1 = {0}, e2 = {0};
    for (int k = 0; k < 3; k++) {
        ccd_status s1, s2;
        if (k == 0)
            ck_assert_int_eq(ccd_reader_open(&again, &e1, paths[0], NULL, CCD_EE), CCD_OK);
        else
            ck_assert_int_eq(ccd_reader_reopen(again, &e1, paths[k], label_paths[k], CCD_VF),
                             CCD_OK);
        records ra = {0}, rb = {0};
        s1 = drain(again, 2, &ra, &e1);
        s2 = read_path(&rb, &e2, paths[k], label_paths[k], k == 0 ? CCD_EE : CCD_VF, 2);
        ck_assert_int_eq(s1, s2);
        if (s1 != CCD_OK)
            ck_assert_str_eq(e1.message, e2.message);
        assert_same_records(&ra, &rb);
        if (k == 1) /* the error, at its line and column of b.csv */
            ck_assert_msg(s1 != CCD_OK && strstr(e1.message, "b.csv:9:3: ") != NULL, "%s",
                          e1.message);
        else
            ck_assert_int_eq(s1, CCD_OK);
        records_free(&ra);
        records_free(&rb);
    }
    ccd_reader_close(again);
    free(seven), free(six), free(c_text);
    free(a), free(b), free(c), free(labels);
    test_remove_tmpdir(dir);
}
END_TEST

/* The two twins of ccd_line_groups (query/line_groups.h) against a count a
 * byte at a time: random texts, every alignment of a 64-byte block, groups of
 * 1, 3 and 8 lines, lines ending in blocks' first and last bytes. */
START_TEST(test_line_groups_twins)
{
    enum { MAX_LEN = 700 };
    static char buf[MAX_LEN + 64];
    unsigned seed = 12345;
    for (int trial = 0; trial < 4000; trial++) {
        seed = seed * 1103515245u + 12345u;
        const size_t len = (seed >> 8) % MAX_LEN, shift = (seed >> 20) % 64;
        const unsigned density = 2 + (seed >> 4) % 40; /* a '\n' in `density` bytes */
        char *text = buf + shift;
        for (size_t i = 0; i < len; i++) {
            seed = seed * 1103515245u + 12345u;
            text[i] = (seed >> 16) % density == 0 ? '\n' : (char)('0' + (seed >> 8) % 10);
        }
        if (trial % 7 == 0 && len > 0)
            text[len - 1] = '\n';
        if (trial % 11 == 0 && len > 64)
            text[63] = '\n', text[64] = '\n';
        static const size_t lines_of[] = {1, 3, 8};
        static const size_t max_of[] = {0, 1, 2, 5, 1000};
        for (size_t a = 0; a < 3; a++)
            for (size_t b = 0; b < 5; b++) {
                const size_t lines = lines_of[a], max = max_of[b];
                size_t groups = 0, seen = 0, at = 0;
                for (size_t i = 0; i < len && groups < max; i++)
                    if (text[i] == '\n' && ++seen % lines == 0)
                        groups++, at = i + 1;
                const char *end;
                ck_assert_uint_eq(ccd_line_groups_scalar(&end, text, len, lines, max), groups);
                ck_assert_ptr_eq(end, text + at);
#ifdef CCD_HAVE_LINE_GROUPS_SSE2
                ck_assert_uint_eq(ccd_line_groups_sse2(&end, text, len, lines, max), groups);
                ck_assert_ptr_eq(end, text + at);
#endif
                ck_assert_uint_eq(ccd_line_groups(&end, text, len, lines, max), groups);
                ck_assert_ptr_eq(end, text + at);
            }
    }
}
END_TEST

START_TEST(test_bad_json)
{
    char *two = repeat(ROW6, 16);
    expect_error_files(two, strlen(two), "[true,,false]", 1, 1, 7,
                       "malformed JSON: unexpected ',', expected true, false, 0 or 1");
    expect_error_files(two, strlen(two), "[true false]", 1, 1, 7,
                       "malformed JSON: unexpected 'f', expected ',' or ']'");
    expect_error_files(two, strlen(two), "{\"a\": 1}", 1, 1, 1, "expected '['");
    expect_error_files(two, strlen(two), "[tru, false]", 1, 1, 2, "label 'tru' is not");
    expect_error_files(two, strlen(two), "[2, 1]", 1, 1, 2, "label '2' is not");
    expect_error_files(two, strlen(two), "[true, false", 1, 1, 13, "unexpected end of file");
    expect_error_files(two, strlen(two), "[true, false] x", 1, 1, 15, "nothing after the array");
    expect_error_files(two, strlen(two), "", 1, 1, 1, "unexpected end of file");
    free(two);
}
END_TEST

/* A line of 16 MiB (2^24 bytes before its end) is too long, one byte less is
 * not: read in one stream, whose buffer doubles up to 16 MiB, and cut in
 * pieces, whose reads go into the arena (query/reader.c: refill_arena). */
START_TEST(test_bad_line_length_boundary)
{
    const size_t max = (size_t)1 << 24, head = strlen(ROW7);
    char *csv = malloc(head + max + 2);
    ck_assert_ptr_nonnull(csv);
    memcpy(csv, ROW7, head);
    for (size_t len = max - 1; len <= max; len++) {
        memset(csv + head, 'x', len);
        csv[head + len] = '\n';
        if (len == max)
            expect_error_files(csv, head + len + 1, NULL, 0, 2, 1,
                               "line longer than 16777216 bytes");
        else
            expect_error_files(csv, head + len + 1, NULL, 0, 2, 1,
                               "expected an integer numerator, found 'x'");
    }
    /* at the end of the file, without its end of line */
    expect_error_files(csv, head + max, NULL, 0, 2, 1, "line longer than 16777216 bytes");
    free(csv);
}
END_TEST

START_TEST(test_bad_gzip)
{
    char *two = repeat(ROW7, 16);
    size_t gz_len;
    unsigned char *gz = gzip_bytes(two, strlen(two), &gz_len);
    /* the trailer (CRC-32, size) is missing: all text is read, then the end is early */
    expect_error_files((const char *)gz, gz_len - 8, NULL, 0, 17, 1, "truncated gzip data");
    /* only the 10-byte gzip header */
    expect_error_files((const char *)gz, 10, NULL, 0, 1, 1, "truncated gzip data");
    /* a wrong CRC-32 */
    gz[gz_len - 8] ^= 0x55;
    expect_error_files((const char *)gz, gz_len, NULL, 0, 17, 1, "corrupt gzip data");
    gz[gz_len - 8] ^= 0x55;
    /* garbage after the member */
    unsigned char *tail = malloc(gz_len + 3);
    memcpy(tail, gz, gz_len);
    memcpy(tail + gz_len, "abc", 3);
    expect_error_files((const char *)tail, gz_len + 3, NULL, 0, 17, 1, "garbage after the stream");
    free(tail);
    /* an invalid deflate block type right after the header */
    gz[10] = 0xff;
    expect_error_files((const char *)gz, gz_len, NULL, 0, 1, 1, "corrupt gzip data");
    free(gz);
    free(two);
}
END_TEST

START_TEST(test_bad_paths)
{
    char *dir = test_make_tmpdir("query-test");
    char *missing = test_path_in(dir, "missing.csv");
    records rs = {0};
    ccd_error err = {0};
    ck_assert_int_eq(read_path(&rs, &err, missing, NULL, CCD_VF, 4), CCD_ERR_INPUT);
    char prefix[512];
    snprintf(prefix, sizeof prefix, "%s: cannot open: ", missing);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    /* a directory is not a CSV */
    ck_assert_int_eq(read_path(&rs, &err, dir, NULL, CCD_VF, 4), CCD_ERR_INPUT);
    snprintf(prefix, sizeof prefix, "%s: cannot read: ", dir);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    /* missing label file */
    char *csv = write_text(dir, "a.csv", ROW6);
    ck_assert_int_eq(read_path(&rs, &err, csv, missing, CCD_VF, 4), CCD_ERR_INPUT);
    snprintf(prefix, sizeof prefix, "%s: cannot open: ", missing);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    /* unreadable file (unless we are root) */
    if (geteuid() != 0) {
        chmod(csv, 0);
        ck_assert_int_eq(read_path(&rs, &err, csv, NULL, CCD_VF, 4), CCD_ERR_INPUT);
        snprintf(prefix, sizeof prefix, "%s: cannot open: ", csv);
        ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    }
    records_free(&rs);
    free(csv);
    free(missing);
    test_remove_tmpdir(dir);
}
END_TEST

START_TEST(test_bad_empty)
{
    expect_error("", 1, 1, "empty file");
    size_t gz_len;
    unsigned char *gz = gzip_bytes("", 0, &gz_len);
    expect_error_files((const char *)gz, gz_len, NULL, 0, 1, 1, "empty file");
    free(gz);
    expect_error("\n", 1, 1, "empty line");
}
END_TEST

START_TEST(test_bad_too_large)
{
    mpz_t z;
    mpz_init(z);
    /* 2^1024 - 2^970 is halfway between DBL_MAX and 2^1024: ties to even → infinity */
    mpz_setbit(z, 1024);
    mpz_t t;
    mpz_init(t);
    mpz_setbit(t, 970);
    mpz_sub(z, z, t);
    char *s = mpz_get_str(NULL, 10, z);
    char line[1024];
    snprintf(line, sizeof line, "1,1,-%s,1,1,1\n", s);
    expect_error(line, 1, 5, "number too large for a double");
    /* one less is DBL_MAX (inexact) */
    mpz_sub_ui(z, z, 1);
    free(s);
    s = mpz_get_str(NULL, 10, z);
    char *text = malloc(8 * 1024);
    text[0] = '\0';
    for (int i = 0; i < 8; i++) {
        snprintf(line, sizeof line, "%s,1,1,1,1,1\n", i == 0 ? s : "0");
        strcat(text, line);
    }
    records rs = {0};
    ccd_error err;
    ck_assert_int_eq(read_memory(&rs, &err, text, strlen(text)), CCD_OK);
    ck_assert_uint_eq(rs.n, 1);
    ck_assert(rs.r[0].v[0][0] == 0x1.fffffffffffffp+1023);
    ck_assert_uint_eq(rs.r[0].inexact, 1);
    ck_assert_str_eq(rs.r[0].exact[0][0], s);
    records_free(&rs);
    /* a huge numerator over a huge denominator is fine; a tiny denominator is not */
    expect_error("1,1,1,1,1000000000000000000000000000000000000000000000000000000000000000000"
                 "000000000000000000000000000000000000000000000000000000000000000000000000000"
                 "000000000000000000000000000000000000000000000000000000000000000000000000000"
                 "000000000000000000000000000000000000000000000000000000000000000000000000000"
                 "000000000000000000000000000000000000000000000,3\n",
                 1, 9, "number too large");
    free(text);
    free(s);
    mpz_clears(z, t, (mpz_ptr)0);
}
END_TEST

/* A query of 8 rows "1,2,1,2,1,2" (all 1/2) where, in row `row`, field `field`
 * (0-5) is sign followed by `digits` digits: a numerator 11…1 over the
 * denominator 22…2 (still 1/2), or a denominator 20…0 under the numerator 1.
 * Malloc'd. */
static char *query_with_long_field(int row, int field, size_t digits, const char *sign)
{
    char *text = malloc(8 * 32 + 2 * digits + 16), *p = text;
    for (int r = 0; r < CCD_QUERY_ROWS; r++)
        for (int f = 0; f < 6; f++) {
            if (r == row && f == field) {
                p += sprintf(p, "%s", sign);
                memset(p, f % 2 ? '0' : '1', digits);
                if (f % 2)
                    *p = '2';
                p += digits;
            } else if (r == row && f == field + 1 && field % 2 == 0) {
                memset(p, '2', digits);
                p += digits;
            } else {
                *p++ = f % 2 ? '2' : '1';
            }
            *p++ = f == 5 ? '\n' : ',';
        }
    *p = '\0';
    return text;
}

/* Read text with the reader's limit set to max_digits (0: the default). */
static ccd_status read_memory_limited(records *rs, ccd_error *err, const char *text,
                                      size_t len, size_t max_digits, ccd_kind kind)
{
    ccd_reader *rd;
    ccd_status st = ccd_reader_open_memory(&rd, err, "mem.csv", text, len, NULL, NULL, 0, kind);
    if (st != CCD_OK)
        return st;
    if (max_digits)
        ccd_reader_set_max_digits(rd, max_digits);
    st = drain(rd, 3, rs, err);
    ccd_reader_close(rd);
    return st;
}

START_TEST(test_bad_too_many_digits)
{
    /* the default limit: exactly CCD_MAX_DIGITS_DEFAULT digits pass, one more fails,
     * for a numerator and for a denominator, with the field named */
    size_t n = CCD_MAX_DIGITS_DEFAULT;
    char *text = query_with_long_field(1, 2, n, "");
    records rs = {0};
    ccd_error err;
    ck_assert_int_eq(read_memory_limited(&rs, &err, text, strlen(text), 0, CCD_VF), CCD_OK);
    ck_assert_uint_eq(rs.n, 1);
    ck_assert(rs.r[0].v[1][1] == 0.5);
    records_free(&rs);
    free(text);
    text = query_with_long_field(1, 2, n + 1, "");
    expect_error(text, 2, 5, "numerator of f0.y at t0 has more than 1000 digits (--max-digits)");
    free(text);
    text = query_with_long_field(6, 5, n + 1, " -");
    expect_error(text, 7, 12, "denominator of f1.z at t1 has more than 1000 digits "
                              "(--max-digits)");
    free(text);
    /* every double is within the default: 2^-1074 (a 324-digit denominator) */
    mpz_t d;
    mpz_init(d);
    mpz_setbit(d, 1074);
    char *den = mpz_get_str(NULL, 10, d);
    ck_assert_uint_eq(strlen(den), 324);
    text = malloc(8 * (2 * 324 + 16) + 1);
    text[0] = '\0';
    for (int row = 0; row < CCD_QUERY_ROWS; row++)
        sprintf(text + strlen(text), "1,%s,-3,%s,0,1\n", den, den);
    ck_assert_int_eq(read_memory_limited(&rs, &err, text, strlen(text), 0, CCD_VF), CCD_OK);
    ck_assert(rs.r[0].v[0][0] == 0x1p-1074);
    ck_assert(rs.r[0].v[7][1] == -0x3p-1074);
    records_free(&rs);
    free(text);
    free(den);
    mpz_clear(d);
    /* a limit set on the reader (--max-digits 50): 50 digits pass, 51 fail, also
     * below the 38 digits of the fast path and for edge-edge names */
    static const size_t limits[] = {50, 38, 20, 3, 1};
    for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
        size_t max = limits[i];
        text = query_with_long_field(0, 0, max, "+");
        ck_assert_int_eq(read_memory_limited(&rs, &err, text, strlen(text), max, CCD_EE), CCD_OK);
        ck_assert_uint_eq(rs.n, 1);
        ck_assert(rs.r[0].v[0][0] == 0.5);
        records_free(&rs);
        free(text);
        text = query_with_long_field(5, 0, max + 1, "+");
        ck_assert_int_eq(read_memory_limited(&rs, &err, text, strlen(text), max, CCD_EE), CCD_ERR_INPUT);
        ck_assert_uint_eq(rs.n, 0);
        char what[128];
        snprintf(what, sizeof what,
                 "mem.csv:6:1: numerator of ea1.x at t1 has more than %zu digits (--max-digits)",
                 max);
        ck_assert_str_eq(err.message, what);
        records_free(&rs);
        free(text);
    }
}
END_TEST

START_TEST(test_bad_line_too_long_in_small_pieces)
{
    /* a line across many buffer refills is still one line (not an error) */
    size_t n = 700000;
    char *text = malloc(8 * (2 * n + 40));
    size_t len = 0;
    for (int row = 0; row < 8; row++) {
        text[len++] = '1';
        memset(text + len, '0', n);
        len += n;
        len += (size_t)sprintf(text + len, ",1");
        text[len++] = ',';
        text[len++] = '1';
        memset(text + len, '0', n);
        len += n;
        len += (size_t)sprintf(text + len, ",1,1,1\n");
    }
    records rs = {0};
    ccd_error err;
    /* with the digit limit raised, GMP reads the whole 700001-digit numerator */
    ck_assert_int_eq(read_memory_limited(&rs, &err, text, len, n + 1, CCD_VF), CCD_ERR_INPUT);
    ck_assert_msg(strncmp(err.message, "mem.csv:1:1: number too large", 29) == 0, "%s",
                  err.message);
    records_free(&rs);
    /* with the default limit, the scan stops after 1001 digits */
    ck_assert_int_eq(read_memory(&rs, &err, text, len), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message,
                     "mem.csv:1:1: numerator of v.x at t0 has more than 1000 digits (--max-digits)");
    records_free(&rs);
    free(text);
}
END_TEST

/* A line longer than the reader takes (16 MiB) after a whole query: the
 * query is read, then the line is refused at its start, read in one stream or
 * cut in pieces (the cutting stops there, the error comes after the query). */
START_TEST(test_bad_line_too_long)
{
    const size_t longest = (size_t)1 << 24;
    char *rows = repeat(ROW6, 8);
    const size_t head = strlen(rows), len = head + longest + 16;
    char *text = malloc(len);
    memcpy(text, rows, head);
    memset(text + head, '1', len - head); /* no end of line */
    records rs = {0};
    ccd_error err;
    ck_assert_int_eq(read_memory(&rs, &err, text, len), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message, "mem.csv:9:1: line longer than 16777216 bytes");
    records_free(&rs);
    for (size_t piece = 1; piece <= 2; piece++) {
        const char *differs = reader_pieces_compare(text, len, NULL, 0, CCD_VF,
                                                    CCD_MAX_DIGITS_DEFAULT, piece);
        ck_assert_msg(differs == NULL, "%s", differs);
    }
    free(text);
    free(rows);
}
END_TEST

/* ------------------------------------------------------------------ formats */

START_TEST(test_format_variants_agree)
{
    char *plain = make_csv(5, 1, ",", "\n");
    char *crlf = make_csv(5, 1, ",", "\r\n");
    char *spaces = make_csv(5, 1, ", ", "\n");
    char *spaces_crlf = make_csv(5, 1, ", ", "\r\n");
    records a = {0}, b = {0}, c = {0}, d = {0}, e = {0};
    ccd_error err;
    ck_assert_int_eq(read_memory(&a, &err, plain, strlen(plain)), CCD_OK);
    ck_assert_uint_eq(a.n, 5);
    ck_assert_int_eq(read_memory(&b, &err, crlf, strlen(crlf)), CCD_OK);
    ck_assert_int_eq(read_memory(&c, &err, spaces, strlen(spaces)), CCD_OK);
    ck_assert_int_eq(read_memory(&d, &err, spaces_crlf, strlen(spaces_crlf) - 2), CCD_OK);
    ck_assert_int_eq(read_memory(&e, &err, plain, strlen(plain) - 1), CCD_OK); /* no final \n */
    assert_same_records(&a, &b);
    assert_same_records(&a, &c);
    assert_same_records(&a, &d);
    assert_same_records(&a, &e);
    /* the values are what make_csv wrote */
    ck_assert(a.r[1].v[2][0] == ((8 + 2) * 37 - 1000) / 4.0);
    ck_assert(a.r[1].v[2][1] == (-((8 + 2) * 37 - 1000) * 3 + 1) / 1024.0);
    ck_assert_int_eq(a.r[0].label, 1);
    ck_assert_int_eq(a.r[1].label, 0);
    ck_assert_uint_eq(a.r[4].index, 4);
    /* cut in pieces (runs of whole queries at once past the first line, cut_queries):
     * the same queries, with \r\n, without the last \n, cut inside a query */
    const char *texts[] = {plain, crlf, spaces, spaces_crlf};
    for (int k = 0; k < 4; k++)
        for (size_t piece = 1; piece <= 3; piece++) {
            const size_t len = strlen(texts[k]);
            const size_t cuts[] = {len, len - 1, len - 2, len - 40};
            for (int cut = 0; cut < 4; cut++) {
                const char *differs = reader_pieces_compare(texts[k], cuts[cut], NULL, 0, CCD_VF,
                                                            CCD_MAX_DIGITS_DEFAULT, piece);
                ck_assert_msg(differs == NULL, "format %d, %zu bytes: %s", k, cuts[cut], differs);
            }
        }
    records_free(&a);
    records_free(&b);
    records_free(&c);
    records_free(&d);
    records_free(&e);
    free(plain);
    free(crlf);
    free(spaces);
    free(spaces_crlf);
}
END_TEST

START_TEST(test_gzip_matches_plain)
{
    char *text = make_csv(300, 1, ", ", "\n");
    size_t len = strlen(text), gz_len;
    unsigned char *gz = gzip_bytes(text, len, &gz_len);
    char *dir = test_make_tmpdir("query-test");
    /* the names lie on purpose: gzip is detected by content */
    char *plain_path = test_write_file(dir, "plain.csv.gz", text, len);
    char *gz_path = test_write_file(dir, "packed.csv", gz, gz_len);
    /* two gzip members one after the other are one stream */
    size_t half = len / 2;
    while (text[half - 1] != '\n')
        half++;
    size_t l1, l2;
    unsigned char *m1 = gzip_bytes(text, half, &l1), *m2 = gzip_bytes(text + half, len - half, &l2);
    unsigned char *both = malloc(l1 + l2);
    memcpy(both, m1, l1);
    memcpy(both + l1, m2, l2);
    char *multi_path = test_write_file(dir, "multi.csv.gz", both, l1 + l2);
    records a = {0}, b = {0}, c = {0};
    ccd_error err;
    ck_assert_int_eq(read_path(&a, &err, plain_path, NULL, CCD_EE, 64), CCD_OK);
    ck_assert_int_eq(read_path(&b, &err, gz_path, NULL, CCD_EE, 64), CCD_OK);
    ck_assert_int_eq(read_path(&c, &err, multi_path, NULL, CCD_EE, 64), CCD_OK);
    ck_assert_uint_eq(a.n, 300);
    ck_assert_int_eq(a.r[0].kind, CCD_EE);
    assert_same_records(&a, &b);
    assert_same_records(&a, &c);
    /* cut in pieces (the batch loop's reading), gzip and its members too */
    for (size_t piece = 1; piece <= 300; piece *= 7) {
        const char *differs = reader_pieces_compare(gz, gz_len, NULL, 0, CCD_EE,
                                                    CCD_MAX_DIGITS_DEFAULT, piece);
        ck_assert_msg(differs == NULL, "gzip: %s", differs);
        differs = reader_pieces_compare(both, l1 + l2, NULL, 0, CCD_EE, CCD_MAX_DIGITS_DEFAULT,
                                        piece);
        ck_assert_msg(differs == NULL, "two gzip members: %s", differs);
    }
    /* bytes_read counts uncompressed bytes */
    ccd_reader *rd;
    ck_assert_int_eq(ccd_reader_open(&rd, &err, gz_path, NULL, CCD_EE), CCD_OK);
    records d = {0};
    ck_assert_int_eq(drain(rd, 1000, &d, &err), CCD_OK);
    ck_assert_uint_eq(ccd_reader_bytes_read(rd), len);
    /* progress sets the consumed file bytes against the file size: on gzip
     * input those are the compressed bytes, so a drained file is at 100% */
    ck_assert_uint_lt(gz_len, len);
    ck_assert_uint_eq(ccd_reader_source_bytes(rd), gz_len);
    ccd_reader_close(rd);
    ck_assert_int_eq(ccd_reader_open(&rd, &err, plain_path, NULL, CCD_EE), CCD_OK);
    records e = {0};
    ck_assert_int_eq(drain(rd, 1000, &e, &err), CCD_OK);
    ck_assert_uint_eq(ccd_reader_source_bytes(rd), len);
    ccd_reader_close(rd);
    records_free(&e);
    records_free(&a);
    records_free(&b);
    records_free(&c);
    records_free(&d);
    free(m1);
    free(m2);
    free(both);
    free(plain_path);
    free(gz_path);
    free(multi_path);
    free(gz);
    free(text);
    test_remove_tmpdir(dir);
}
END_TEST

START_TEST(test_labels_from_json)
{
    char *dir = test_make_tmpdir("query-test");
    char *text = make_csv(4, 0, ",", "\n");
    char *csv = write_text(dir, "x.csv", text);
    char *json = write_text(dir, "x.json", " [ true,\n false , 1,0 ]\n");
    records rs = {0};
    ccd_error err;
    ck_assert_int_eq(read_path(&rs, &err, csv, json, CCD_VF, 3), CCD_OK);
    ck_assert_uint_eq(rs.n, 4);
    ck_assert_int_eq(rs.r[0].label, 1);
    ck_assert_int_eq(rs.r[1].label, 0);
    ck_assert_int_eq(rs.r[2].label, 1);
    ck_assert_int_eq(rs.r[3].label, 0);
    records_free(&rs);
    /* without labels: -1 */
    ck_assert_int_eq(read_path(&rs, &err, csv, NULL, CCD_VF, 3), CCD_OK);
    ck_assert_int_eq(rs.r[2].label, -1);
    records_free(&rs);
    free(csv);
    free(json);
    free(text);
    test_remove_tmpdir(dir);
}
END_TEST

START_TEST(test_streaming_batches_agree)
{
    char *text = make_csv(50, 1, ",", "\n");
    /* make some queries inexact so that the batch store is exercised */
    char *p = text;
    for (int i = 0; i < 10; i++) {
        p = strstr(p + 1, ",1024,");
        p[1] = '3';
    }
    char *dir = test_make_tmpdir("query-test");
    char *csv = write_text(dir, "s.csv", text);
    records whole = {0};
    ccd_error err;
    ck_assert_int_eq(read_path(&whole, &err, csv, NULL, CCD_VF, 1000), CCD_OK);
    ck_assert_uint_eq(whole.n, 50);
    int inexact = 0;
    for (size_t i = 0; i < whole.n; i++)
        inexact += whole.r[i].inexact != 0;
    ck_assert_int_gt(inexact, 0);
    static const size_t sizes[] = {1, 2, 3, 7, 49, 50, 51};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        records part = {0};
        ck_assert_int_eq(read_path(&part, &err, csv, NULL, CCD_VF, sizes[s]), CCD_OK);
        assert_same_records(&whole, &part);
        records_free(&part);
    }
    /* after the end, reads return 0 queries */
    ccd_reader *rd;
    ccd_batch b;
    ck_assert_int_eq(ccd_reader_open(&rd, &err, csv, NULL, CCD_VF), CCD_OK);
    ck_assert_int_eq(ccd_batch_init(&b, 100), CCD_OK);
    ck_assert_int_eq(ccd_reader_read(&b, &err, rd), CCD_OK);
    ck_assert_uint_eq(b.count, 50);
    ck_assert_int_eq(ccd_reader_read(&b, &err, rd), CCD_OK);
    ck_assert_uint_eq(b.count, 0);
    ck_assert_int_eq(ccd_reader_read(&b, &err, rd), CCD_OK);
    ck_assert_uint_eq(b.count, 0);
    ccd_batch_free(&b);
    ccd_reader_close(rd);
    records_free(&whole);
    free(csv);
    free(text);
    test_remove_tmpdir(dir);
}
END_TEST

/* ------------------------------------------------------------------ rounding */

/* The nearest double of num/den read through a one-query CSV; *status the read status. */
static double read_one(const char *num, const char *den, int *inexact, char **exact,
                       ccd_status *status)
{
    size_t cap = strlen(num) + strlen(den) + 64;
    char *line = malloc(cap);
    snprintf(line, cap, "%s,%s,0,1,0,1\n", num, den);
    char *text = malloc(cap + 8 * 12);
    strcpy(text, line);
    for (int i = 0; i < 7; i++)
        strcat(text, "0,1,0,1,0,1\n");
    records rs = {0};
    ccd_error err;
    *status = read_memory(&rs, &err, text, strlen(text));
    double v = NAN;
    if (*status == CCD_OK) {
        ck_assert_uint_eq(rs.n, 1);
        v = rs.r[0].v[0][0];
        *inexact = (int)(rs.r[0].inexact & 1);
        ck_assert_uint_eq(rs.r[0].inexact & ~1u, 0);
        if (exact)
            *exact = rs.r[0].exact[0][0] ? strdup(rs.r[0].exact[0][0]) : NULL;
    }
    records_free(&rs);
    free(text);
    free(line);
    return v;
}

static char *pow2_text(int k)
{
    mpz_t z;
    mpz_init(z);
    mpz_setbit(z, (mp_bitcnt_t)k);
    char *s = mpz_get_str(NULL, 10, z);
    mpz_clear(z);
    return s;
}

static void expect_value(const char *num, const char *den, double want, int want_inexact)
{
    int inexact = -1;
    ccd_status st;
    char *exact = NULL;
    double got = read_one(num, den, &inexact, &exact, &st);
    ck_assert_msg(st == CCD_OK, "%s/%s: status %d", num, den, (int)st);
    ck_assert_msg(memcmp(&got, &want, sizeof got) == 0, "%s/%s: got %a, want %a", num, den, got,
                  want);
    ck_assert_msg(inexact == want_inexact, "%s/%s: inexact %d", num, den, inexact);
    if (want_inexact) {
        /* the exact rational is kept, reduced */
        mpq_t q, r;
        mpq_inits(q, r, (mpq_ptr)0);
        mpz_set_str(mpq_numref(q), num, 10);
        mpz_set_str(mpq_denref(q), den, 10);
        mpq_canonicalize(q);
        ck_assert_int_eq(mpq_set_str(r, exact, 10), 0);
        ck_assert(mpq_equal(q, r));
        char *canon = mpq_get_str(NULL, 10, q);
        ck_assert_str_eq(canon, exact);
        free(canon);
        mpq_clears(q, r, (mpq_ptr)0);
    } else {
        ck_assert_ptr_null(exact);
    }
    free(exact);
}

START_TEST(test_rounding_halfway)
{
    /* 2^53 + 1 is halfway between 2^53 and 2^53 + 2: ties to even (down) */
    expect_value("9007199254740993", "1", 0x1p53, 1);
    /* 2^53 + 3 is halfway between 2^53 + 2 and 2^53 + 4: ties to even (up) */
    expect_value("9007199254740995", "1", 0x1p53 + 4, 1);
    expect_value("-9007199254740995", "1", -0x1p53 - 4, 1);
    /* the same through GMP (denominator 3 is not a power of two) */
    expect_value("27021597764222979", "3", 0x1p53, 1);
    expect_value("27021597764222985", "3", 0x1p53 + 4, 1);
    /* just above and below a tie */
    expect_value("18014398509481987", "2", 0x1p53 + 2, 1);  /* (2^54+3)/2 = 2^53+1.5 */
    expect_value("36028797018963969", "4", 0x1p53, 1);      /* 2^53 + 0.25 */
    expect_value("36028797018963971", "4", 0x1p53, 1);      /* 2^53 + 0.75 */
    expect_value("36028797018963973", "4", 0x1p53 + 2, 1);  /* 2^53 + 1.25 */
    /* 1/3, 2/3, -1/10: nearest doubles */
    expect_value("1", "3", 1.0 / 3.0, 1);
    expect_value("2", "3", 2.0 / 3.0, 1);
    expect_value("-1", "10", -0.1, 1);
    /* reduced: 6/4 = 3/2 is exact */
    expect_value("6", "4", 1.5, 0);
    expect_value("-0", "8", 0.0, 0);
    expect_value("+5", "1", 5.0, 0);
    /* 128-bit numerators and denominators (fast path without GMP) */
    expect_value("170141183460469231731687303715884105727", "1", 0x1p127, 1);
    expect_value("85070591730234615865843651857942052864", "85070591730234615865843651857942052864",
                 1.0, 0);
    expect_value("12345678901234567890123456789", "1267650600228229401496703205376",
                 12345678901234567890123456789.0 / 0x1p100, 1);
}
END_TEST

START_TEST(test_rounding_subnormal)
{
    char *p1074 = pow2_text(1074), *p1075 = pow2_text(1075), *p1076 = pow2_text(1076);
    char *p1022 = pow2_text(1022);
    expect_value("1", p1074, 0x1p-1074, 0);                 /* smallest subnormal */
    expect_value("-1", p1074, -0x1p-1074, 0);
    expect_value("1", p1075, 0.0, 1);                       /* tie with 0: even is 0 */
    expect_value("3", p1075, 0x1p-1073, 1);                 /* 1.5 ulp: tie → 2 ulp (even) */
    expect_value("3", p1076, 0x1p-1074, 1);                 /* 0.75 ulp → 1 ulp */
    expect_value("1", p1022, 0x1p-1022, 0);                 /* smallest normal */
    /* (2^52 + 1) / 2^1075 = 2^51.5 ulp-ish: 2^51 + 0.5 subnormal ulps → even 2^51 */
    expect_value("4503599627370497", p1075, 0x1p-1023, 1);
    /* (2^52 + 3) / 2^1075 = 2^51 + 1.5 ulps → 2^51 + 2 */
    expect_value("4503599627370499", p1075, 0x1p-1023 + 0x1p-1073, 1);
    /* 1 - 2^-1074 rounds to 1 */
    mpz_t z;
    mpz_init(z);
    mpz_setbit(z, 1074);
    mpz_sub_ui(z, z, 1);
    char *almost = mpz_get_str(NULL, 10, z);
    expect_value(almost, p1074, 1.0, 1);
    /* a subnormal with 52 significant bits is exact */
    mpz_set_ui(z, 0);
    mpz_setbit(z, 52);
    mpz_sub_ui(z, z, 1);
    char *sub = mpz_get_str(NULL, 10, z);
    expect_value(sub, p1074, 0x0.fffffffffffffp-1022, 0);
    /* an unreduced 2^1074-style fraction: 2^1000 / 2^1074 = 2^-74 */
    char *p1000 = pow2_text(1000);
    expect_value(p1000, p1074, 0x1p-74, 0);
    /* hundreds of digits over 2^1074 and over 3^600 */
    mpz_ui_pow_ui(z, 10, 400);
    mpz_add_ui(z, z, 7);
    char *big = mpz_get_str(NULL, 10, z);
    mpz_ui_pow_ui(z, 3, 600);
    char *p3 = mpz_get_str(NULL, 10, z);
    mpfr_t x;
    mpfr_init2(x, 53);
    mpq_t q;
    mpq_init(q);
    mpq_set_str(q, big, 10);
    mpz_set_str(mpq_denref(q), p3, 10);
    mpq_canonicalize(q);
    mpfr_set_q(x, q, MPFR_RNDN);
    expect_value(big, p3, mpfr_get_d(x, MPFR_RNDN), 1);
    mpq_clear(q);
    mpfr_clear(x);
    free(big);
    free(p3);
    free(p1000);
    free(sub);
    free(almost);
    mpz_clear(z);
    free(p1074);
    free(p1075);
    free(p1076);
    free(p1022);
}
END_TEST

/* Random rationals of all sizes against MPFR (precision 53, subnormalised). */
START_TEST(test_rounding_matches_mpfr)
{
    mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    gmp_randstate_t rnd;
    gmp_randinit_mt(rnd);
    gmp_randseed_ui(rnd, 20240601);
    mpz_t num, den;
    mpz_inits(num, den, (mpz_ptr)0);
    mpq_t q;
    mpq_init(q);
    mpfr_t x;
    mpfr_init2(x, 53);
    int cases = 3000, inexact_seen = 0, overflow_seen = 0, subnormal_seen = 0;
    for (int i = 0; i < cases; i++) {
        unsigned long nbits = 1 + gmp_urandomm_ui(rnd, i % 3 == 0 ? 1200 : 130);
        mpz_urandomb(num, rnd, nbits);
        if (i % 7 == 0)
            mpz_setbit(num, nbits); /* sometimes a power of two plus low bits */
        unsigned long k = gmp_urandomm_ui(rnd, i % 3 == 1 ? 1200 : 128);
        if (i % 2 == 0) {
            mpz_set_ui(den, 0);
            mpz_setbit(den, k);
        } else {
            mpz_urandomb(den, rnd, 1 + gmp_urandomm_ui(rnd, 120));
            mpz_setbit(den, 0);
            mpz_mul_2exp(den, den, k);
        }
        if (i % 5 == 0)
            mpz_neg(num, num);
        char *ns = mpz_get_str(NULL, 10, num), *ds = mpz_get_str(NULL, 10, den);
        mpq_set_num(q, num);
        mpq_set_den(q, den);
        mpq_canonicalize(q);
        int t = mpfr_set_q(x, q, MPFR_RNDN);
        t = mpfr_subnormalize(x, t, MPFR_RNDN);
        double want = mpfr_get_d(x, MPFR_RNDN);
        int inexact;
        ccd_status st;
        double got = read_one(ns, ds, &inexact, NULL, &st);
        if (isinf(want)) {
            ck_assert_msg(st == CCD_ERR_INPUT, "%s/%s should overflow", ns, ds);
            overflow_seen++;
        } else {
            ck_assert_msg(st == CCD_OK, "%s/%s: status %d", ns, ds, (int)st);
            ck_assert_msg(memcmp(&got, &want, sizeof got) == 0 || (got == 0 && want == 0),
                          "%s/%s: got %a, want %a", ns, ds, got, want);
            ck_assert_msg(inexact == (t != 0), "%s/%s: inexact %d, mpfr %d", ns, ds, inexact, t);
            inexact_seen += inexact;
            subnormal_seen += got != 0 && fabs(got) < 0x1p-1022;
        }
        free(ns);
        free(ds);
    }
    /* the random cases covered the interesting ranges */
    ck_assert_int_gt(inexact_seen, 100);
    ck_assert_int_gt(overflow_seen, 10);
    ck_assert_int_gt(subnormal_seen, 10);
    mpfr_clear(x);
    mpq_clear(q);
    mpz_clears(num, den, (mpz_ptr)0);
    gmp_randclear(rnd);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
}
END_TEST

/* The eight-at-a-time digit scan (query/decimal_digits.h) against its scalar
 * twin: every byte value at every one of the eight places (the neighbours of
 * '0' and '9', '/' and ':', and the bytes that carry, 0xFA and up, among
 * them), and random digit strings. */
START_TEST(test_digits_swar_matches_scalar)
{
    if (!CCD_DIGITS_SWAR) /* a big-endian machine scans one digit at a time */
        return;
    for (int at = 0; at < 8; at++)
        for (int c = 0; c < 256; c++) {
            char eight[8];
            memcpy(eight, "12345678", 8);
            eight[at] = (char)c;
            const int digit = c >= '0' && c <= '9';
            ck_assert_msg(ccd_digits_all8(ccd_digits_load8(eight)) == digit,
                          "byte %#x at %d", c, at);
            if (digit)
                ck_assert_uint_eq(ccd_digits_value8(ccd_digits_load8(eight)),
                                  ccd_digits_value_scalar(eight, 8));
        }
    ck_assert_uint_eq(ccd_digits_value8(ccd_digits_load8("00000000")), 0);
    ck_assert_uint_eq(ccd_digits_value8(ccd_digits_load8("99999999")), 99999999u);
    ck_assert_uint_eq(ccd_digits_value8(ccd_digits_load8("10000001")), 10000001u);
    uint64_t seed = 88172645463325252u;
    for (int i = 0; i < 100000; i++) {
        char eight[8];
        for (int k = 0; k < 8; k++) {
            seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
            eight[k] = (char)('0' + seed % 10);
        }
        ck_assert(ccd_digits_all8(ccd_digits_load8(eight)));
        ck_assert_uint_eq(ccd_digits_value8(ccd_digits_load8(eight)),
                          ccd_digits_value_scalar(eight, 8));
    }
}
END_TEST

/* Integers of every length from 1 to 45 digits (the scan's eights end at 8,
 * 16, 27 and 35 digits, its 64-bit part at 19, its 128-bit part at 38), over
 * 1 and over a power of two, read as MPFR rounds them; a byte next to the
 * digits ('/', ':') after each length ends the number there and is refused. */
START_TEST(test_integers_of_every_length)
{
    mpfr_t x;
    mpfr_init2(x, 53);
    mpq_t q;
    mpq_init(q);
    char num[64], text[160];
    uint64_t seed = 2463534242u;
    for (int n = 1; n <= 45; n++)
        for (int trial = 0; trial < 20; trial++) {
            for (int k = 0; k < n; k++) {
                seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
                num[k] = (char)('0' + (k == 0 ? 1 + seed % 9 : seed % 10));
            }
            if (trial == 1)
                memset(num + 1, '9', (size_t)n - 1);
            num[n] = '\0';
            const char *den = trial % 2 ? "1" : "2305843009213693952"; /* 2^61 */
            snprintf(text, sizeof text, "%s/%s", num, den);
            ck_assert_int_eq(mpq_set_str(q, text, 10), 0);
            mpq_canonicalize(q);
            mpfr_set_q(x, q, MPFR_RNDN);
            const double want = mpfr_get_d(x, MPFR_RNDN);
            int inexact;
            ccd_status st;
            const double got = read_one(num, den, &inexact, NULL, &st);
            ck_assert_msg(st == CCD_OK, "%s/%s: status %d", num, den, (int)st);
            ck_assert_msg(memcmp(&got, &want, sizeof got) == 0, "%s/%s: got %a, want %a", num,
                          den, got, want);
            /* the same number as a denominator */
            const double over = read_one("1", num, &inexact, NULL, &st);
            snprintf(text, sizeof text, "1/%s", num);
            ck_assert_int_eq(mpq_set_str(q, text, 10), 0);
            mpq_canonicalize(q);
            mpfr_set_q(x, q, MPFR_RNDN);
            const double want_over = mpfr_get_d(x, MPFR_RNDN);
            ck_assert_msg(st == CCD_OK && memcmp(&over, &want_over, sizeof over) == 0,
                          "1/%s: got %a, want %a", num, over, want_over);
        }
    for (int n = 1; n <= 45; n++)
        for (int k = 0; k < 2; k++) {
            memset(num, '7', (size_t)n);
            num[n] = k ? ':' : '/';
            memcpy(num + n + 1, "12345678", 9);
            int inexact;
            ccd_status st;
            (void)read_one(num, "1", &inexact, NULL, &st);
            ck_assert_msg(st == CCD_ERR_INPUT, "%s read as a number", num);
        }
    mpq_clear(q);
    mpfr_clear(x);
}
END_TEST

/* ------------------------------------------------------------------ writer */

static void fill_query(ccd_query *q, unsigned seed)
{
    memset(q, 0, sizeof *q);
    for (int row = 0; row < 8; row++)
        for (int a = 0; a < 3; a++) {
            unsigned s = seed * 31 + (unsigned)(row * 3 + a) * 7919;
            double v = ldexp((double)(s % 1000003) - 500000.0, -(int)(s % 60));
            if (s % 11 == 0)
                v = ldexp(1.0 + (double)(s % 97) / 128.0, (int)(s % 2000) - 1070); /* tiny/huge */
            q->v[row][a] = v;
        }
    q->v[0][0] = 0x1p-1074;
    q->v[0][1] = -0x1.fffffffffffffp+1023;
    q->v[0][2] = -0.0;
    q->kind = CCD_EE;
}

START_TEST(test_writer_round_trip)
{
    char *dir = test_make_tmpdir("query-test");
    enum { N = 40 };
    ccd_query qs[N];
    ccd_exact_coords ex;
    for (int row = 0; row < 8; row++)
        for (int a = 0; a < 3; a++)
            mpq_init(ex.q[row][a]);
    for (int i = 0; i < N; i++) {
        fill_query(&qs[i], (unsigned)i + 1);
        qs[i].index = (uint64_t)i;
    }
    /* query 3 holds rationals that are not doubles: 1/3, 10^200/7, -(2^1100+1)/2^1074 */
    for (int row = 0; row < 8; row++)
        for (int a = 0; a < 3; a++)
            mpq_set_d(ex.q[row][a], qs[3].v[row][a]);
    mpq_set_ui(ex.q[2][1], 1, 3);
    mpz_ui_pow_ui(mpq_numref(ex.q[5][0]), 10, 200);
    mpz_set_ui(mpq_denref(ex.q[5][0]), 7);
    mpz_set_ui(mpq_numref(ex.q[7][2]), 0);
    mpz_setbit(mpq_numref(ex.q[7][2]), 1100);
    mpz_add_ui(mpq_numref(ex.q[7][2]), mpq_numref(ex.q[7][2]), 1);
    mpz_neg(mpq_numref(ex.q[7][2]), mpq_numref(ex.q[7][2]));
    mpz_set_ui(mpq_denref(ex.q[7][2]), 0);
    mpz_setbit(mpq_denref(ex.q[7][2]), 1074);
    mpq_canonicalize(ex.q[5][0]);
    qs[3].v[2][1] = 1.0 / 3.0;
    qs[3].v[5][0] = mpq_get_d(ex.q[5][0]); /* not needed to be nearest for the writer */
    qs[3].v[7][2] = -0x1p26;
    qs[3].inexact = 1u << (3 * 2 + 1) | 1u << (3 * 5 + 0) | 1u << (3 * 7 + 2);
    qs[3].exact = &ex;

    static const unsigned flag_sets[] = {CCD_WRITE_LABELS, CCD_WRITE_GZIP,
                                         CCD_WRITE_LABELS | CCD_WRITE_GZIP, 0};
    for (size_t f = 0; f < sizeof flag_sets / sizeof flag_sets[0]; f++) {
        unsigned flags = flag_sets[f];
        char *path = test_path_in(dir, (flags & CCD_WRITE_GZIP) ? "out.csv.gz" : "out.csv");
        ccd_writer *w;
        ccd_error err;
        ck_assert_int_eq(ccd_writer_open(&w, &err, path, flags), CCD_OK);
        for (int i = 0; i < N; i++)
            ck_assert_int_eq(ccd_writer_put(w, &err, &qs[i], i % 2), CCD_OK);
        /* nothing at the target before the close */
        ck_assert_int_ne(access(path, F_OK), 0);
        ck_assert_int_eq(ccd_writer_close(w, &err), CCD_OK);
        records rs = {0};
        ck_assert_int_eq(read_path(&rs, &err, path, NULL, CCD_EE, 16), CCD_OK);
        ck_assert_uint_eq(rs.n, N);
        for (int i = 0; i < N; i++) {
            const record *r = &rs.r[i];
            ck_assert_int_eq(r->label, (flags & CCD_WRITE_LABELS) ? i % 2 : -1);
            for (int row = 0; row < 8; row++)
                for (int a = 0; a < 3; a++) {
                    double want = qs[i].v[row][a];
                    if (i == 3 && (qs[3].inexact & (1u << (3 * row + a)))) {
                        char *s = mpq_get_str(NULL, 10, ex.q[row][a]);
                        ck_assert_str_eq(r->exact[row][a], s);
                        free(s);
                        continue;
                    }
                    ck_assert_msg(r->v[row][a] == want, "query %d %d %d: %a vs %a", i, row, a,
                                  r->v[row][a], want);
                }
            ck_assert_uint_eq(r->inexact, i == 3 ? qs[3].inexact : 0);
        }
        /* the rounding of the written 10^200/7 and -(2^1100+1)/2^1074 is correct */
        ck_assert(rs.r[3].v[5][0] == mpq_get_d(ex.q[5][0]) ||
                  rs.r[3].v[5][0] == nextafter(mpq_get_d(ex.q[5][0]), INFINITY));
        ck_assert(rs.r[3].v[7][2] == -0x1p26);
        ck_assert(rs.r[3].v[2][1] == 1.0 / 3.0);
        records_free(&rs);
        /* only the target is left in the directory */
        DIR *d = opendir(dir);
        int files = 0;
        struct dirent *e;
        while ((e = readdir(d)))
            files += e->d_name[0] != '.';
        closedir(d);
        ck_assert_int_eq(files, 1);
        unlink(path);
        free(path);
    }
    /* the text is exact reduced rationals */
    char *path = test_path_in(dir, "text.csv");
    ccd_writer *w;
    ccd_error err;
    ccd_query q;
    memset(&q, 0, sizeof q);
    q.v[0][0] = 0.75;
    q.v[0][1] = -3.0;
    q.v[0][2] = 0x1p60;
    q.v[1][0] = 0x1p-64;
    ck_assert_int_eq(ccd_writer_open(&w, &err, path, CCD_WRITE_LABELS), CCD_OK);
    ck_assert_int_eq(ccd_writer_put(w, &err, &q, 1), CCD_OK);
    ck_assert_int_eq(ccd_writer_close(w, &err), CCD_OK);
    FILE *f = fopen(path, "r");
    char line[256];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "3,4,-3,1,1152921504606846976,1,1\n");
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "1,18446744073709551616,0,1,0,1,1\n");
    fclose(f);
    free(path);
    for (int row = 0; row < 8; row++)
        for (int a = 0; a < 3; a++)
            mpq_clear(ex.q[row][a]);
    test_remove_tmpdir(dir);
}
END_TEST

START_TEST(test_writer_abort_and_errors)
{
    char *dir = test_make_tmpdir("query-test");
    char *path = test_path_in(dir, "never.csv");
    ccd_writer *w;
    ccd_error err;
    ccd_query q;
    fill_query(&q, 5);
    ck_assert_int_eq(ccd_writer_open(&w, &err, path, CCD_WRITE_GZIP), CCD_OK);
    ck_assert_int_eq(ccd_writer_put(w, &err, &q, -1), CCD_OK);
    ccd_writer_abort(w);
    DIR *d = opendir(dir);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d)))
        files += e->d_name[0] != '.';
    closedir(d);
    ck_assert_int_eq(files, 0);
    /* a label column needs labels */
    ck_assert_int_eq(ccd_writer_open(&w, &err, path, CCD_WRITE_LABELS), CCD_OK);
    ck_assert_int_eq(ccd_writer_put(w, &err, &q, -1), CCD_ERR_INPUT);
    q.v[1][1] = INFINITY;
    ck_assert_int_eq(ccd_writer_put(w, &err, &q, 0), CCD_ERR_INPUT);
    ccd_writer_abort(w);
    ck_assert_int_ne(access(path, F_OK), 0);
    /* a directory that does not exist */
    char *bad = test_path_in(dir, "no/such/dir.csv");
    ck_assert_int_eq(ccd_writer_open(&w, &err, bad, 0), CCD_ERR_INPUT);
    char prefix[512];
    snprintf(prefix, sizeof prefix, "%s: cannot create", bad);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    free(bad);
    free(path);
    test_remove_tmpdir(dir);
}
END_TEST

/* ------------------------------------------------------------------ discovery */

/* A stamp that is known and is path's stat now (nothing changed it since). */
static void check_stamp(const ccd_file_stamp *stamp, const char *path)
{
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(stamp->known, 1);
    ck_assert_uint_eq(stamp->device, (uint64_t)st.st_dev);
    ck_assert_uint_eq(stamp->inode, (uint64_t)st.st_ino);
    ck_assert_uint_eq(stamp->bytes, (uint64_t)st.st_size);
    ck_assert_int_eq(stamp->mtime_sec, (int64_t)st.st_mtim.tv_sec);
    ck_assert_int_eq(stamp->mtime_nsec, st.st_mtim.tv_nsec);
}

START_TEST(test_discover_layouts)
{
    char *dir = test_make_tmpdir("query-test");
    char *six = repeat(ROW6, 8), *seven = repeat(ROW7, 8);
    free(write_text(dir, "nyu/scene-a/vertex-face/data_0_1.csv", seven));
    free(write_text(dir, "nyu/scene-a/edge-edge/data_0_0.csv", seven));
    free(write_text(dir, "nyu/scene-a/edge-edge/notes.txt", "not a csv"));
    free(write_text(dir, "sc/scene-b/queries/12vf.csv", six));
    free(write_text(dir, "sc/scene-b/queries/12ee.csv", six));
    free(write_text(dir, "sc/scene-b/mma_bool/12vf_mma_bool.json", "[true]"));
    free(write_text(dir, "sc/scene-b/boxes/12vf.json", "[[1,2]]"));
    free(write_text(dir, "sc/scene-b/frames/12.ply", "ply"));
    free(write_text(dir, "loose/mine_ee.csv.gz", seven));
    ccd_dataset ds;
    ccd_error err;
    const char *paths[] = {dir};
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, paths, 1), CCD_OK);
    ck_assert_uint_eq(ds.count, 5);
    /* sorted by path */
    for (size_t i = 1; i < ds.count; i++)
        ck_assert_int_lt(strcmp(ds.files[i - 1].csv_path, ds.files[i].csv_path), 0);
    const ccd_dataset_file *f = &ds.files[0]; /* loose/mine_ee.csv.gz */
    ck_assert(strstr(f->csv_path, "loose/mine_ee.csv.gz"));
    ck_assert_int_eq(f->kind, CCD_EE);
    ck_assert_str_eq(f->family, "default");
    ck_assert_str_eq(f->step, "mine_ee");
    ck_assert_str_eq(f->set, strrchr(dir, '/') + 1);
    ck_assert_ptr_null(f->labels_path);
    f = &ds.files[1]; /* nyu/scene-a/edge-edge/data_0_0.csv */
    ck_assert_int_eq(f->kind, CCD_EE);
    ck_assert_str_eq(f->set, "nyu");
    ck_assert_str_eq(f->family, "scene-a");
    ck_assert_str_eq(f->step, "data_0_0");
    f = &ds.files[2];
    ck_assert_int_eq(f->kind, CCD_VF);
    ck_assert_str_eq(f->step, "data_0_1");
    f = &ds.files[3]; /* sc/scene-b/queries/12ee.csv: no labels file */
    ck_assert_int_eq(f->kind, CCD_EE);
    ck_assert_str_eq(f->set, "sc");
    ck_assert_str_eq(f->family, "scene-b");
    ck_assert_str_eq(f->step, "12ee");
    ck_assert_ptr_null(f->labels_path);
    f = &ds.files[4];
    ck_assert_int_eq(f->kind, CCD_VF);
    ck_assert_ptr_nonnull(f->labels_path);
    ck_assert(strstr(f->labels_path, "sc/scene-b/mma_bool/12vf_mma_bool.json"));
    /* each file's stamp is its stat at discovery, the labels' too where they are */
    for (size_t i = 0; i < ds.count; i++) {
        check_stamp(&ds.files[i].csv_stamp, ds.files[i].csv_path);
        if (ds.files[i].labels_path)
            check_stamp(&ds.files[i].labels_stamp, ds.files[i].labels_path);
        else
            ck_assert_int_eq(ds.files[i].labels_stamp.known, 0);
    }
    ccd_dataset_free(&ds);
    /* a file and the directory holding it: listed once */
    char *one = test_path_in(dir, "sc/scene-b/queries/12vf.csv");
    const char *both[] = {one, dir};
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, both, 2), CCD_OK);
    ck_assert_uint_eq(ds.count, 5);
    ccd_dataset_free(&ds);
    const char *single[] = {one};
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, single, 1), CCD_OK);
    ck_assert_uint_eq(ds.count, 1);
    ck_assert_ptr_nonnull(ds.files[0].labels_path);
    check_stamp(&ds.files[0].csv_stamp, one); /* a file named itself: stamped too */
    check_stamp(&ds.files[0].labels_stamp, ds.files[0].labels_path);
    ccd_dataset_free(&ds);
    free(one);
    free(six);
    free(seven);
    test_remove_tmpdir(dir);
}
END_TEST

START_TEST(test_discover_errors)
{
    char *dir = test_make_tmpdir("query-test");
    ccd_dataset ds;
    ccd_error err;
    char prefix[512];
    /* a directory without CSV files */
    free(write_text(dir, "empty/readme.txt", "x"));
    char *empty = test_path_in(dir, "empty");
    const char *p1[] = {empty};
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, p1, 1), CCD_ERR_INPUT);
    snprintf(prefix, sizeof prefix, "%s: no CSV files", empty);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    ck_assert_uint_eq(ds.count, 0);
    /* a missing path */
    char *missing = test_path_in(dir, "nothing");
    const char *p2[] = {missing};
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, p2, 1), CCD_ERR_INPUT);
    snprintf(prefix, sizeof prefix, "%s: cannot open: ", missing);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    /* a CSV whose kind cannot be told */
    char *unknown = write_text(dir, "other/points.csv", "1,1,1,1,1,1\n");
    char *other = test_path_in(dir, "other");
    const char *p3[] = {other};
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, p3, 1), CCD_ERR_INPUT);
    snprintf(prefix, sizeof prefix, "%s: cannot tell whether", unknown);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "%s", err.message);
    /* a file that is not a CSV, named explicitly */
    char *txt = test_path_in(dir, "empty/readme.txt");
    const char *p4[] = {txt};
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, p4, 1), CCD_ERR_INPUT);
    ck_assert(strstr(err.message, "not a CSV file"));
    free(txt);
    free(other);
    free(unknown);
    free(missing);
    free(empty);
    test_remove_tmpdir(dir);
}
END_TEST

/* Data reached twice is taken once, where first reached, and noted; an empty
 * directory is no error; a FIFO with a CSV name inside a directory is skipped
 * with a note, and an error when named. */
START_TEST(test_discover_same_data_once)
{
    char *dir = test_make_tmpdir("query-test");
    const char *row = "0,1,0,1,0,1,1\n";
    char eight[128] = "";
    for (int i = 0; i < 8; i++)
        strcat(eight, row);
    char *csv = write_text(dir, "d/xvf.csv", eight);
    char *sub = test_path_in(dir, "d/empty");
    ck_assert_int_eq(mkdir(sub, 0777), 0);
    char *hard = test_path_in(dir, "hard-xvf.csv");
    ck_assert_int_eq(link(csv, hard), 0);
    char *d = test_path_in(dir, "d");
    char *sym = test_path_in(dir, "sym");
    ck_assert_int_eq(symlink(d, sym), 0);
    char *fifo = test_path_in(dir, "d/yvf.csv");
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    ccd_dataset ds;
    ccd_error err;
    const char *paths[] = {d, sym, hard, csv};
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 4) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(ds.count, 1);
    ck_assert_str_eq(ds.files[0].csv_path, csv);
    char want[4][1024];
    snprintf(want[0], sizeof want[0], "%s: skipped (not a regular file: a FIFO)", fifo);
    snprintf(want[1], sizeof want[1], "%s: same directory as %s, counted once", sym, d);
    snprintf(want[2], sizeof want[2], "%s: same file as %s, counted once", hard, csv);
    snprintf(want[3], sizeof want[3], "%s: named twice, counted once", csv);
    ck_assert_uint_eq(ds.note_count, 4);
    for (size_t i = 0; i < 4; i++)
        ck_assert_str_eq(ds.notes[i], want[i]);
    ccd_dataset_free(&ds);
    ck_assert_ptr_null(ds.notes);
    ck_assert_uint_eq(ds.note_count, 0);
    const char *named[] = {fifo};
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, named, 1), CCD_ERR_INPUT);
    ck_assert(strstr(err.message, "not a regular file or directory (a FIFO)"));
    free(fifo);
    free(sym);
    free(d);
    free(hard);
    free(sub);
    free(csv);
    test_remove_tmpdir(dir);
}
END_TEST

/* ------------------------------------------------------------------ shared data */

typedef struct counts {
    uint64_t queries, positives, inexact;
} counts;

static counts count_file(const ccd_dataset_file *f, size_t capacity)
{
    records rs = {0};
    ccd_error err;
    counts c = {0, 0, 0};
    ccd_status st = read_path(&rs, &err, f->csv_path, f->labels_path, f->kind, capacity);
    ck_assert_msg(st == CCD_OK, "%s", err.message);
    for (size_t i = 0; i < rs.n; i++) {
        ck_assert_int_ge(rs.r[i].label, 0);
        ck_assert_int_eq(rs.r[i].kind, f->kind);
        c.positives += (uint64_t)rs.r[i].label;
        c.inexact += rs.r[i].inexact != 0;
    }
    c.queries = rs.n;
    records_free(&rs);
    return c;
}

START_TEST(test_shared_data_counts)
{
    TEST_REQUIRE_SHARED_DATA(root);
    ccd_dataset ds;
    ccd_error err;
    const char *paths[] = {root};
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    /* 38 NYU sample files (9 scenes × 4, erleben-spike-hole × 2) + 4 Scalable-CCD files */
    ck_assert_uint_eq(ds.count, 42);
    counts vf = {0, 0, 0}, ee = {0, 0, 0};
    int scalable_seen = 0;
    for (size_t i = 0; i < ds.count; i++) {
        const ccd_dataset_file *f = &ds.files[i];
        counts c = count_file(f, 997);
        if (strcmp(f->set, "sample-queries") == 0) {
            ck_assert_ptr_null(f->labels_path);
            counts *sum = f->kind == CCD_VF ? &vf : &ee;
            sum->queries += c.queries;
            sum->positives += c.positives;
            if (strcmp(f->family, "erleben-spikes") == 0 && strcmp(f->step, "data_0_0") == 0 &&
                f->kind == CCD_VF)
                ck_assert(strstr(f->csv_path, "sample-queries/erleben-spikes/vertex-face/"
                                              "data_0_0.csv"));
            continue;
        }
        ck_assert_str_eq(f->set, "scalable-ccd");
        ck_assert_ptr_nonnull(f->labels_path);
        /* every coordinate of the public data is a double */
        ck_assert_uint_eq(c.inexact, 0);
        static const struct {
            const char *family, *step;
            ccd_kind kind;
            uint64_t queries, positives;
        } expected[] = {{"armadillo-rollers", "326vf", CCD_VF, 4652, 4650},
                        {"cloth-funnel", "227vf", CCD_VF, 92, 27},
                        {"cloth-funnel", "227ee", CCD_EE, 263, 107},
                        {"n-body-simulation", "18vf", CCD_VF, 9460, 9459}};
        int matched = 0;
        for (size_t k = 0; k < sizeof expected / sizeof expected[0]; k++)
            if (strcmp(f->family, expected[k].family) == 0 &&
                strcmp(f->step, expected[k].step) == 0) {
                ck_assert_int_eq(f->kind, expected[k].kind);
                ck_assert_uint_eq(c.queries, expected[k].queries);
                ck_assert_uint_eq(c.positives, expected[k].positives);
                matched = 1;
            }
        ck_assert_msg(matched, "unexpected file %s", f->csv_path);
        scalable_seen++;
    }
    ck_assert_int_eq(scalable_seen, 4);
    ck_assert_uint_eq(vf.queries, 2835);
    ck_assert_uint_eq(vf.positives, 237);
    ck_assert_uint_eq(ee.queries, 3944);
    ck_assert_uint_eq(ee.positives, 181);
    ccd_dataset_free(&ds);
}
END_TEST

/* The whole file at path in memory (*len bytes); NULL when path is NULL. */
static char *slurp(const char *path, size_t *len)
{
    *len = 0;
    if (!path)
        return NULL;
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    const long size = ftell(f);
    ck_assert_int_ge(size, 0);
    rewind(f);
    char *data = malloc((size_t)size + 1);
    ck_assert_uint_eq(fread(data, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    *len = (size_t)size;
    return data;
}

/* Every shared file read in pieces of 1, 7 and 256 queries (as the batch
 * loop reads them) gives the queries of the stream, labels files included. */
START_TEST(test_shared_data_pieces)
{
    TEST_REQUIRE_SHARED_DATA(root);
    ccd_dataset ds;
    ccd_error err;
    const char *paths[] = {root};
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    for (size_t i = 0; i < ds.count; i++) {
        const ccd_dataset_file *f = &ds.files[i];
        size_t csv_len, json_len;
        char *csv = slurp(f->csv_path, &csv_len), *json = slurp(f->labels_path, &json_len);
        static const size_t pieces[] = {1, 7, 256};
        for (size_t k = 0; k < 3; k++) {
            const char *differs = reader_pieces_compare(csv, csv_len, json, json_len, f->kind,
                                                        CCD_MAX_DIGITS_DEFAULT, pieces[k]);
            ck_assert_msg(differs == NULL, "%s: %s", f->csv_path, differs);
        }
        free(csv);
        free(json);
    }
    ccd_dataset_free(&ds);
}
END_TEST

START_TEST(test_shared_data_names)
{
    TEST_REQUIRE_SHARED_DATA(root);
    char path[4096];
    ccd_dataset ds;
    ccd_error err;
    snprintf(path, sizeof path, "%s/sample-queries/erleben-spikes/vertex-face/data_0_0.csv", root);
    const char *p1[] = {path};
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, p1, 1), CCD_OK);
    ck_assert_uint_eq(ds.count, 1);
    ck_assert_str_eq(ds.files[0].set, "sample-queries");
    ck_assert_str_eq(ds.files[0].family, "erleben-spikes");
    ck_assert_str_eq(ds.files[0].step, "data_0_0");
    ck_assert_int_eq(ds.files[0].kind, CCD_VF);
    ccd_dataset_free(&ds);
    snprintf(path, sizeof path, "%s/scalable-ccd/cloth-funnel/queries/227vf.csv", root);
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, p1, 1), CCD_OK);
    ck_assert_uint_eq(ds.count, 1);
    ck_assert_str_eq(ds.files[0].set, "scalable-ccd");
    ck_assert_str_eq(ds.files[0].family, "cloth-funnel");
    ck_assert_str_eq(ds.files[0].step, "227vf");
    ck_assert_int_eq(ds.files[0].kind, CCD_VF);
    char want[4200];
    snprintf(want, sizeof want, "%s/scalable-ccd/cloth-funnel/mma_bool/227vf_mma_bool.json", root);
    ck_assert_str_eq(ds.files[0].labels_path, want);
    ccd_dataset_free(&ds);
}
END_TEST

/* Streaming a real file in batches of 1 gives what one big batch gives; its gzip too. */
START_TEST(test_shared_data_streaming_and_gzip)
{
    TEST_REQUIRE_SHARED_DATA(root);
    char path[4096];
    snprintf(path, sizeof path, "%s/sample-queries/unit-tests/edge-edge/data_0_0.csv", root);
    records whole = {0}, ones = {0}, packed = {0};
    ccd_error err;
    ck_assert_int_eq(read_path(&whole, &err, path, NULL, CCD_EE, 1 << 20), CCD_OK);
    ck_assert_int_eq(read_path(&ones, &err, path, NULL, CCD_EE, 1), CCD_OK);
    assert_same_records(&whole, &ones);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    size_t len = (size_t)ftell(f);
    rewind(f);
    char *text = malloc(len);
    ck_assert_uint_eq(fread(text, 1, len, f), len);
    fclose(f);
    size_t gz_len;
    unsigned char *gz = gzip_bytes(text, len, &gz_len);
    char *dir = test_make_tmpdir("query-test");
    char *gz_path = test_write_file(dir, "data.csv.gz", gz, gz_len);
    ck_assert_int_eq(read_path(&packed, &err, gz_path, NULL, CCD_EE, 5), CCD_OK);
    assert_same_records(&whole, &packed);
    ck_assert_uint_gt(whole.n, 0);
    free(gz_path);
    test_remove_tmpdir(dir);
    free(gz);
    free(text);
    records_free(&whole);
    records_free(&ones);
    records_free(&packed);
}
END_TEST

static Suite *query_suite(void)
{
    Suite *s = suite_create("query");
    TCase *bad = tcase_create("bad input");
    tcase_add_test(bad, test_bad_not_a_number);
    tcase_add_test(bad, test_bad_denominator);
    tcase_add_test(bad, test_bad_columns);
    tcase_add_test(bad, test_bad_row_count);
    tcase_add_test(bad, test_bad_label_value);
    tcase_add_test(bad, test_bad_label_disagrees);
    tcase_add_test(bad, test_bad_label_count);
    tcase_add_test(bad, test_bad_label_count_in_a_run);
    tcase_add_test(bad, test_bad_json);
    tcase_add_test(bad, test_bad_gzip);
    tcase_add_test(bad, test_bad_line_length_boundary);
    tcase_add_test(bad, test_bad_paths);
    tcase_add_test(bad, test_bad_empty);
    tcase_add_test(bad, test_bad_too_large);
    tcase_add_test(bad, test_bad_too_many_digits);
    tcase_add_test(bad, test_bad_line_too_long_in_small_pieces);
    tcase_add_test(bad, test_bad_line_too_long);
    suite_add_tcase(s, bad);
    TCase *fmt = tcase_create("formats");
    tcase_add_test(fmt, test_line_groups_twins);
    tcase_add_test(fmt, test_reader_reopen);
    tcase_add_test(fmt, test_format_variants_agree);
    tcase_add_test(fmt, test_gzip_matches_plain);
    tcase_add_test(fmt, test_labels_from_json);
    tcase_add_test(fmt, test_streaming_batches_agree);
    suite_add_tcase(s, fmt);
    TCase *rnd = tcase_create("rounding");
    tcase_add_test(rnd, test_rounding_halfway);
    tcase_add_test(rnd, test_rounding_subnormal);
    tcase_add_test(rnd, test_rounding_matches_mpfr);
    tcase_add_test(rnd, test_digits_swar_matches_scalar);
    tcase_add_test(rnd, test_integers_of_every_length);
    tcase_set_timeout(rnd, 600);
    suite_add_tcase(s, rnd);
    TCase *wr = tcase_create("writer");
    tcase_add_test(wr, test_writer_round_trip);
    tcase_add_test(wr, test_writer_abort_and_errors);
    suite_add_tcase(s, wr);
    TCase *ds = tcase_create("discovery");
    tcase_add_test(ds, test_discover_layouts);
    tcase_add_test(ds, test_discover_errors);
    tcase_add_test(ds, test_discover_same_data_once);
    suite_add_tcase(s, ds);
    TCase *data = tcase_create("shared data");
    tcase_add_test(data, test_shared_data_counts);
    tcase_add_test(data, test_shared_data_names);
    tcase_add_test(data, test_shared_data_pieces);
    tcase_add_test(data, test_shared_data_streaming_and_gzip);
    tcase_set_timeout(data, 600);
    suite_add_tcase(s, data);
    return s;
}

int main(void)
{
    return test_run_suite(query_suite());
}
