/* SPDX-License-Identifier: MIT */
/* The reader of Mathematica's roots files (src/scene: wxf, mma_value,
 * mma_root, mma_roots; src/core/tar_gz): WXF byte strings written here token by
 * token, well formed and malformed; interval enclosures of radicals and Root
 * objects checked exactly against the numbers they stand for; tar.gz archives
 * written here (with a pax header and a macOS "._" companion), well formed,
 * truncated and corrupted; and every error naming its place. */
#include <config.h>

#include <stdio.h> /* before mpfr.h */

#include "core/tar_gz.h"
#include "published/mma_roots.h"
#include "test_support.h"

#include <check.h>
#include <gmp.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ------------------------------------------------------------------ WXF bytes */

typedef struct wxf_bytes {
    unsigned char b[4096];
    size_t n;
} wxf_bytes;

static void put(wxf_bytes *w, const void *p, size_t n)
{
    ck_assert_uint_le(w->n + n, sizeof w->b);
    memcpy(w->b + w->n, p, n);
    w->n += n;
}
static void put_byte(wxf_bytes *w, unsigned c)
{
    unsigned char x = (unsigned char)c;
    put(w, &x, 1);
}
static void put_header(wxf_bytes *w)
{
    put(w, "8:", 2);
}
/* f n, then the head symbol */
static void put_fn(wxf_bytes *w, const char *head, unsigned nargs)
{
    put_byte(w, 'f');
    put_byte(w, nargs);
    put_byte(w, 's');
    put_byte(w, (unsigned)strlen(head));
    put(w, head, strlen(head));
}
static void put_sym(wxf_bytes *w, char token, const char *s)
{
    put_byte(w, (unsigned)token);
    put_byte(w, (unsigned)strlen(s));
    put(w, s, strlen(s));
}
static void put_int8(wxf_bytes *w, int v)
{
    put_byte(w, 'C');
    put_byte(w, (unsigned)(v & 0xff));
}
static void put_rational(wxf_bytes *w, int p, int q)
{
    put_fn(w, "Rational", 2);
    put_int8(w, p);
    put_int8(w, q);
}

static ccd_wxf *parse_ok(const wxf_bytes *w)
{
    ccd_wxf *e;
    ccd_error err;
    ck_assert_msg(ccd_wxf_parse(&e, &err, w->b, w->n, "x.wxf") == CCD_OK, "%s", err.message);
    return e;
}

/* The parse fails with a message starting "x.wxf:OFFSET: " and holding what. */
static void parse_fails(const unsigned char *b, size_t n, size_t offset, const char *what)
{
    ccd_wxf *e = (ccd_wxf *)1;
    ccd_error err;
    ck_assert_int_eq(ccd_wxf_parse(&e, &err, b, n, "x.wxf"), CCD_ERR_INPUT);
    ck_assert_ptr_null(e);
    char want[64];
    snprintf(want, sizeof want, "x.wxf:%zu: ", offset);
    ck_assert_msg(strncmp(err.message, want, strlen(want)) == 0, "%s (want %s)", err.message, want);
    ck_assert_msg(strstr(err.message, what), "%s (want %s)", err.message, what);
}

START_TEST(test_wxf_tokens)
{
    /* {t -> -3, s -> "ab", n -> 2^40 (L), m -> -70000 (i), b -> -12345678901234567890 (I)} */
    wxf_bytes w = {0};
    put_header(&w);
    put_fn(&w, "List", 5);
    put_fn(&w, "Rule", 2), put_sym(&w, 's', "t"), put_int8(&w, -3);
    put_fn(&w, "Rule", 2), put_sym(&w, 'S', "s"), put_sym(&w, 'S', "ab");
    put_fn(&w, "Rule", 2), put_sym(&w, 's', "n");
    put_byte(&w, 'L');
    put(&w, "\0\0\0\0\1\0\0\0", 8);
    put_fn(&w, "Rule", 2), put_sym(&w, 's', "m");
    put_byte(&w, 'i');
    put(&w, "\x90\xee\xfe\xff", 4); /* -70000 */
    put_fn(&w, "Rule", 2), put_sym(&w, 's', "b"), put_sym(&w, 'I', "-12345678901234567890");
    ccd_wxf *e = parse_ok(&w);
    ck_assert(ccd_wxf_is(e, "List", 5));
    ck_assert(!ccd_wxf_is(e, "List", 4));
    ck_assert(ccd_wxf_is(e->args[0], "Rule", 2));
    ck_assert_int_eq(e->args[0]->args[0]->type, CCD_WXF_SYMBOL);
    ck_assert_str_eq(e->args[0]->args[0]->text, "t");
    ck_assert_int_eq(mpz_cmp_si(e->args[0]->args[1]->z, -3), 0);
    ck_assert_int_eq(e->args[1]->args[1]->type, CCD_WXF_STRING);
    ck_assert_str_eq(e->args[1]->args[1]->text, "ab");
    ck_assert_int_eq(mpz_cmp_ui(e->args[2]->args[1]->z, 1ul << 32), 0);
    ck_assert_int_eq(mpz_cmp_si(e->args[3]->args[1]->z, -70000), 0);
    mpz_t big;
    mpz_init_set_str(big, "-12345678901234567890", 10);
    ck_assert_int_eq(mpz_cmp(e->args[4]->args[1]->z, big), 0);
    mpz_clear(big);
    ck_assert_uint_eq(e->args[1]->offset, 2 + 8 + 13); /* header, f and List, Rule t -3 */
    ccd_wxf_free(e);
}
END_TEST

START_TEST(test_wxf_malformed)
{
    parse_fails((const unsigned char *)"", 0, 0, "not a WXF file");
    parse_fails((const unsigned char *)"7:C\1", 4, 0, "not a WXF file");
    parse_fails((const unsigned char *)"8C:x", 4, 0, "compressed WXF");
    parse_fails((const unsigned char *)"8:", 2, 2, "truncated");
    parse_fails((const unsigned char *)"8:C", 3, 2, "truncated");
    parse_fails((const unsigned char *)"8:i\1\2", 5, 2, "truncated");
    parse_fails((const unsigned char *)"8:s\5Lis", 7, 2, "truncated");
    parse_fails((const unsigned char *)"8:s\x80", 4, 4, "truncated (inside a length)");
    parse_fails((const unsigned char *)"8:f\x7fs\4List", 10, 2, "more arguments");
    parse_fails((const unsigned char *)"8:C\1C\2", 6, 4, "bytes after the expression");
    parse_fails((const unsigned char *)"8:Q", 3, 2, "unsupported WXF token 'Q'");
    parse_fails((const unsigned char *)"8:r\0\0\0\0\0\0\0\0", 11, 2, "real number");
    parse_fails((const unsigned char *)"8:I\3-1x", 7, 2, "not a digit");
    parse_fails((const unsigned char *)"8:I\1-", 5, 2, "without digits");
    parse_fails((const unsigned char *)"8:s\3a\0b", 7, 2, "NUL");
    /* an argument missing inside nested functions: offset of the missing token */
    parse_fails((const unsigned char *)"8:f\2s\4ListC\1", 12, 12, "truncated");
    /* nesting deeper than the limit */
    static unsigned char deep[2 + 2 * (CCD_WXF_MAX_DEPTH + 10) + 2];
    size_t n = 0;
    deep[n++] = '8', deep[n++] = ':';
    for (int i = 0; i < CCD_WXF_MAX_DEPTH + 10; i++)
        deep[n++] = 'f', deep[n++] = 0; /* f[] with head f[] … */
    deep[n++] = 'C', deep[n++] = 1;
    ccd_wxf *e;
    ccd_error err;
    ck_assert_int_eq(ccd_wxf_parse(&e, &err, deep, n, "x.wxf"), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "nested deeper"));
}
END_TEST

/* ------------------------------------------------------------------ enclosures */

/* [lo, hi] of the expression in w at prec bits, or the error's message. */
static ccd_status enclose(mpfr_t lo, mpfr_t hi, ccd_error *err, const wxf_bytes *w)
{
    ccd_wxf *e = parse_ok(w);
    ccd_status st = ccd_mma_enclose(lo, hi, err, e, "x.wxf");
    ccd_wxf_free(e);
    return st;
}

/* lo <= x <= hi for x the root of a x^2 + b x + c = 0 of sign s (exact: the
 * signs of the quadratic at lo and hi differ or vanish), and hi - lo tiny. */
static void assert_encloses_sqrt(const mpfr_t lo, const mpfr_t hi, long sq, int sign)
{
    /* x = sign sqrt(sq): lo^2 vs sq and hi^2 vs sq, exactly in mpq */
    mpq_t l, h, s;
    mpq_inits(l, h, s, NULL);
    mpfr_get_q(l, lo);
    mpfr_get_q(h, hi);
    ck_assert(mpq_cmp(l, h) <= 0);
    ck_assert_int_eq(mpq_sgn(l), sign);
    ck_assert_int_eq(mpq_sgn(h), sign);
    mpq_mul(l, l, l);
    mpq_mul(h, h, h);
    mpq_set_si(s, sq, 1);
    if (sign > 0)
        ck_assert(mpq_cmp(l, s) <= 0 && mpq_cmp(s, h) <= 0);
    else
        ck_assert(mpq_cmp(h, s) <= 0 && mpq_cmp(s, l) <= 0);
    mpq_clears(l, h, s, NULL);
    mpfr_t w;
    mpfr_init2(w, 64);
    mpfr_sub(w, hi, lo, MPFR_RNDU);
    ck_assert(mpfr_cmp_ui_2exp(w, 1, -(long)mpfr_get_prec(lo) + 8) <= 0);
    mpfr_clear(w);
}

START_TEST(test_enclose_radicals)
{
    mpfr_t lo, hi;
    mpfr_inits2(300, lo, hi, (mpfr_ptr)0);
    ccd_error err;
    /* Power[2, 1/2] */
    wxf_bytes w = {0};
    put_header(&w);
    put_fn(&w, "Power", 2), put_int8(&w, 2), put_rational(&w, 1, 2);
    ck_assert_int_eq(enclose(lo, hi, &err, &w), CCD_OK);
    assert_encloses_sqrt(lo, hi, 2, 1);
    /* Times[-1, Plus[1, Power[3, -1]], Power[Plus[Rational[1, 4], 2], 2]] = -4/3 · 81/16 = -27/4 */
    w = (wxf_bytes){0};
    put_header(&w);
    put_fn(&w, "Times", 3), put_int8(&w, -1);
    put_fn(&w, "Plus", 2), put_int8(&w, 1), put_fn(&w, "Power", 2), put_int8(&w, 3),
        put_int8(&w, -1);
    put_fn(&w, "Power", 2), put_fn(&w, "Plus", 2), put_rational(&w, 1, 4), put_int8(&w, 2),
        put_int8(&w, 2);
    ck_assert_int_eq(enclose(lo, hi, &err, &w), CCD_OK);
    ck_assert(mpfr_cmp_d(lo, -6.75) <= 0 && mpfr_cmp_d(hi, -6.75) >= 0);
    /* Power[-8, 1/3] is complex in Mathematica: refused, at the Power */
    w = (wxf_bytes){0};
    put_header(&w);
    put_fn(&w, "Power", 2), put_int8(&w, -8), put_rational(&w, 1, 3);
    ck_assert_int_eq(enclose(lo, hi, &err, &w), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message, "x.wxf:2: fractional power of a number that may be negative "
                                  "(complex in Mathematica)");
    /* Power[0, -1] */
    w = (wxf_bytes){0};
    put_header(&w);
    put_fn(&w, "Power", 2), put_int8(&w, 0), put_int8(&w, -1);
    ck_assert_int_eq(enclose(lo, hi, &err, &w), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "may be 0"));
    /* a symbol, Sin[1], Complex[0, 1] */
    const char *heads[] = {"Sin", "Complex"};
    for (int i = 0; i < 2; i++) {
        w = (wxf_bytes){0};
        put_header(&w);
        put_fn(&w, heads[i], 2), put_int8(&w, 0), put_int8(&w, 1);
        ck_assert_int_eq(enclose(lo, hi, &err, &w), CCD_ERR_INPUT);
        ck_assert_ptr_nonnull(strstr(err.message, heads[i]));
    }
    w = (wxf_bytes){0};
    put_header(&w);
    put_sym(&w, 's', "Pi");
    ck_assert_int_eq(enclose(lo, hi, &err, &w), CCD_ERR_INPUT);
    ck_assert_str_eq(err.message, "x.wxf:2: a symbol is not a number");
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}
END_TEST

/* Root[Function[Plus[-2, Power[Slot[1], 2]]], k, 0] (#^2 - 2) and the same
 * times 3/7 with a cube root free factor: k = 1 is -√2, k = 2 is √2. */
static void put_root_sqrt2(wxf_bytes *w, int k, int scaled)
{
    put_fn(w, "Root", 3);
    put_fn(w, "Function", 1);
    if (scaled)
        put_fn(w, "Times", 2), put_rational(w, 3, 7);
    put_fn(w, "Plus", 2), put_int8(w, -2);
    put_fn(w, "Power", 2), put_fn(w, "Slot", 1), put_int8(w, 1), put_int8(w, 2);
    put_int8(w, k);
    put_int8(w, 0);
}

START_TEST(test_enclose_root_objects)
{
    mpfr_t lo, hi;
    mpfr_inits2(256, lo, hi, (mpfr_ptr)0);
    ccd_error err;
    for (int scaled = 0; scaled < 2; scaled++)
        for (int k = 1; k <= 3; k++) {
            wxf_bytes w = {0};
            put_header(&w);
            put_root_sqrt2(&w, k, scaled);
            ccd_status st = enclose(lo, hi, &err, &w);
            if (k == 3) {
                ck_assert_int_eq(st, CCD_ERR_INPUT);
                ck_assert_str_eq(err.message,
                                 "x.wxf:2: Root[…, 3]: the polynomial has only 2 real roots");
                continue;
            }
            ck_assert_msg(st == CCD_OK, "%s", err.message);
            assert_encloses_sqrt(lo, hi, 2, k == 1 ? -1 : 1);
        }
    /* a rational root, 1/2 (2# - 1), is met exactly */
    wxf_bytes w = {0};
    put_header(&w);
    put_fn(&w, "Root", 2), put_fn(&w, "Function", 1);
    put_fn(&w, "Plus", 2), put_int8(&w, -1), put_fn(&w, "Times", 2), put_int8(&w, 2);
    put_fn(&w, "Slot", 1), put_int8(&w, 1);
    put_int8(&w, 1);
    ck_assert_int_eq(enclose(lo, hi, &err, &w), CCD_OK);
    ck_assert(mpfr_cmp_d(lo, 0.5) <= 0 && mpfr_cmp_d(hi, 0.5) >= 0);
    /* not a polynomial: Power[#, 1/2] */
    w = (wxf_bytes){0};
    put_header(&w);
    put_fn(&w, "Root", 2), put_fn(&w, "Function", 1);
    put_fn(&w, "Power", 2), put_fn(&w, "Slot", 1), put_int8(&w, 1), put_rational(&w, 1, 2);
    put_int8(&w, 1);
    ck_assert_int_eq(enclose(lo, hi, &err, &w), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "power that is not"));
    mpfr_clears(lo, hi, (mpfr_ptr)0);
}
END_TEST

/* ------------------------------------------------------------------ archives */

/* A tar header of a member (type, name, size) into h, checksum filled in. */
static void tar_header(unsigned char h[512], char type, const char *name, size_t size)
{
    memset(h, 0, 512);
    snprintf((char *)h, 100, "%s", name);
    memcpy(h + 100, "0000644", 8);
    memcpy(h + 108, "0000000", 8);
    memcpy(h + 116, "0000000", 8);
    snprintf((char *)h + 124, 12, "%011zo", size);
    memcpy(h + 136, "00000000000", 12);
    h[156] = (unsigned char)type;
    memcpy(h + 257, "ustar", 6);
    memcpy(h + 263, "00", 2);
    unsigned long sum = 0;
    memset(h + 148, ' ', 8);
    for (int i = 0; i < 512; i++)
        sum += h[i];
    snprintf((char *)h + 148, 8, "%06lo", sum);
}

typedef struct tar_bytes {
    unsigned char b[1 << 15];
    size_t n;
} tar_bytes;

static void tar_add(tar_bytes *t, char type, const char *name, const void *data, size_t size)
{
    ck_assert_uint_le(t->n + 512 + (size + 511) / 512 * 512, sizeof t->b);
    tar_header(t->b + t->n, type, name, size);
    t->n += 512;
    memset(t->b + t->n, 0, (size + 511) / 512 * 512);
    memcpy(t->b + t->n, data, size);
    t->n += (size + 511) / 512 * 512;
}

static void tar_end(tar_bytes *t)
{
    memset(t->b + t->n, 0, 1024);
    t->n += 1024;
}

/* b[0, n) gzip-compressed into dir/name; returns the path (free it). */
static char *write_gz(const char *dir, const char *name, const void *b, size_t n)
{
    char *path;
    ck_assert_int_ge(asprintf(&path, "%s/%s", dir, name), 0);
    gzFile gz = gzopen(path, "wb");
    ck_assert_ptr_nonnull(gz);
    ck_assert_int_eq(gzwrite(gz, b, (unsigned)n), (int)n);
    ck_assert_int_eq(gzclose(gz), Z_OK);
    return path;
}

/* {{t -> 1/3, a -> x}, {t -> Power[2, -1]}}: "x" is not a number, but only t is read */
static void roots_file(wxf_bytes *w, int p, int q)
{
    put_header(w);
    put_fn(w, "List", 2);
    put_fn(w, "List", 2);
    put_fn(w, "Rule", 2), put_sym(w, 's', "t"), put_rational(w, p, q);
    put_fn(w, "Rule", 2), put_sym(w, 's', "a"), put_sym(w, 's', "x");
    put_fn(w, "List", 1);
    put_fn(w, "Rule", 2), put_sym(w, 's', "t"), put_fn(w, "Power", 2), put_int8(w, 2),
        put_int8(w, -1);
}

START_TEST(test_roots_archive)
{
    char *dir = test_make_tmpdir("mma-roots");
    tar_bytes t = {0};
    wxf_bytes a = {0}, b = {0};
    roots_file(&a, 1, 3);
    roots_file(&b, 3, 4);
    static const char pax[] = "30 path=dir/long_q2_roots.wxf\n";
    tar_add(&t, '5', "dir/", "", 0);
    tar_add(&t, '0', "dir/S_q0_roots.wxf", a.b, a.n);
    tar_add(&t, '0', "dir/._S_q0_roots.wxf", "\0\5\26\7junk", 8);
    tar_add(&t, '0', "dir/notes.txt", "hello", 5);
    tar_add(&t, 'x', "dir/PaxHeader", pax, strlen(pax));
    tar_add(&t, '0', "dir/short", b.b, b.n);
    tar_end(&t);
    char *path = write_gz(dir, "r.tar.gz", t.b, t.n);
    ccd_mma_roots r;
    ccd_error err;
    ccd_mma_roots_init(&r, 128);
    ck_assert_msg(ccd_mma_roots_read(&r, &err, path) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(r.files, 2); /* the pax name makes "short" a .wxf */
    ck_assert_uint_eq(r.roots, 4);
    mpq_t third, x;
    mpq_inits(third, x, NULL);
    mpq_set_ui(third, 1, 3);
    mpfr_get_q(x, r.least_lo);
    ck_assert(mpq_cmp(x, third) <= 0);
    mpfr_get_q(x, r.least_hi);
    ck_assert(mpq_cmp(x, third) >= 0);
    mpq_clears(third, x, NULL);
    ck_assert_str_eq(r.least_member, "S_q0_roots.wxf");
    ccd_mma_roots_clear(&r);
    free(path);

    /* truncated: the archive cut inside the second member, then the gzip
     * stream itself cut (no trailer) */
    path = write_gz(dir, "cut.tar.gz", t.b, 512 + 512 + 512);
    ccd_mma_roots_init(&r, 128);
    ck_assert_int_eq(ccd_mma_roots_read(&r, &err, path), CCD_ERR_INPUT);
    char want[4200];
    snprintf(want, sizeof want, "%s:1536: truncated archive (no end-of-archive block)", path);
    ck_assert_str_eq(err.message, want);
    ccd_mma_roots_clear(&r);
    free(path);
    path = write_gz(dir, "half.tar.gz", t.b, 512 + 256);
    ccd_mma_roots_init(&r, 128);
    ck_assert_int_eq(ccd_mma_roots_read(&r, &err, path), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "truncated archive"));
    ccd_mma_roots_clear(&r);
    free(path);
    {
        /* a gzip file cut short: zlib's "unexpected end of file" */
        FILE *f;
        char *full = write_gz(dir, "full.tar.gz", t.b, t.n), *cut;
        ck_assert_int_ge(asprintf(&cut, "%s/gzcut.tar.gz", dir), 0);
        f = fopen(full, "rb");
        static unsigned char z[1 << 15];
        size_t zn = fread(z, 1, sizeof z, f);
        fclose(f);
        f = fopen(cut, "wb");
        fwrite(z, 1, zn - 12, f);
        fclose(f);
        ccd_mma_roots_init(&r, 128);
        ck_assert_int_eq(ccd_mma_roots_read(&r, &err, cut), CCD_ERR_INPUT);
        ck_assert_msg(strncmp(err.message, cut, strlen(cut)) == 0 && strstr(err.message, "truncated"),
                      "%s", err.message);
        ccd_mma_roots_clear(&r);
        /* cut inside the first deflate block: zlib's error, not "empty file"
         * (a bug: nothing decompressed was taken for an empty archive) */
        f = fopen(cut, "wb");
        fwrite(z, 1, 40, f);
        fclose(f);
        ccd_mma_roots_init(&r, 128);
        ck_assert_int_eq(ccd_mma_roots_read(&r, &err, cut), CCD_ERR_INPUT);
        ck_assert_msg(strstr(err.message, ":0: corrupt or truncated gzip data"), "%s", err.message);
        ccd_mma_roots_clear(&r);
        free(full);
        free(cut);
    }

    /* a bad checksum in the second header (at 1024: after a directory entry) */
    tar_bytes bad = t;
    bad.b[512 + 10] ^= 1;
    path = write_gz(dir, "sum.tar.gz", bad.b, bad.n);
    ccd_mma_roots_init(&r, 128);
    ck_assert_int_eq(ccd_mma_roots_read(&r, &err, path), CCD_ERR_INPUT);
    snprintf(want, sizeof want, "%s:512: bad header checksum", path);
    ck_assert_str_eq(err.message, want);
    ccd_mma_roots_clear(&r);
    free(path);

    /* not a tar at all, an empty file */
    path = write_gz(dir, "text.tar.gz", "hello\n", 6);
    ccd_mma_roots_init(&r, 128);
    ck_assert_int_eq(ccd_mma_roots_read(&r, &err, path), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, ":0: not a tar archive (shorter than a header)"));
    ccd_mma_roots_clear(&r);
    free(path);
    path = write_gz(dir, "empty.tar.gz", "", 0);
    ccd_mma_roots_init(&r, 128);
    ck_assert_int_eq(ccd_mma_roots_read(&r, &err, path), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, ":0: empty file"));
    ccd_mma_roots_clear(&r);
    free(path);

    /* a WXF member that is not a list of solutions, one with a bad token:
     * "archive:member:offset: what" */
    tar_bytes t2 = {0};
    wxf_bytes c = {0};
    put_header(&c);
    put_fn(&c, "List", 1);
    put_fn(&c, "List", 1);
    put_fn(&c, "Rule", 2), put_sym(&c, 's', "t"), put_byte(&c, 'Q');
    tar_add(&t2, '0', "q7_roots.wxf", c.b, c.n);
    tar_end(&t2);
    path = write_gz(dir, "token.tar.gz", t2.b, t2.n);
    ccd_mma_roots_init(&r, 128);
    ck_assert_int_eq(ccd_mma_roots_read(&r, &err, path), CCD_ERR_INPUT);
    snprintf(want, sizeof want, "%s:q7_roots.wxf:%zu: unknown or unsupported WXF token 'Q'",
             path, c.n - 1);
    ck_assert_str_eq(err.message, want);
    ccd_mma_roots_clear(&r);
    free(path);
    t2 = (tar_bytes){0};
    c = (wxf_bytes){0};
    put_header(&c);
    put_fn(&c, "List", 1);
    put_fn(&c, "Rule", 2), put_sym(&c, 's', "t"), put_int8(&c, 1);
    tar_add(&t2, '0', "q8_roots.wxf", c.b, c.n);
    tar_end(&t2);
    path = write_gz(dir, "shape.tar.gz", t2.b, t2.n);
    ccd_mma_roots_init(&r, 128);
    ck_assert_int_eq(ccd_mma_roots_read(&r, &err, path), CCD_ERR_INPUT);
    snprintf(want, sizeof want, "%s:q8_roots.wxf:10: solution not a List of rules", path);
    ck_assert_str_eq(err.message, want);
    ccd_mma_roots_clear(&r);
    free(path);
    test_remove_tmpdir(dir);
}
END_TEST

/* The published archives read whole, when the shared data is there: one file
 * per colliding query (mma_bool counts 27 VF and 107 EE for cloth-funnel 227). */
START_TEST(test_published_archives)
{
    TEST_REQUIRE_SHARED_DATA(data);
    static const struct {
        const char *path;
        size_t files;
    } archives[] = {{"cloth-funnel/roots/227vf_roots.tar.gz", 27},
                    {"cloth-funnel/roots/227ee_roots.tar.gz", 107}};
    for (size_t i = 0; i < 2; i++) {
        char *path;
        ck_assert_int_ge(asprintf(&path, "%s/scalable-ccd/%s", data, archives[i].path), 0);
        ccd_mma_roots r;
        ccd_error err;
        ccd_mma_roots_init(&r, 512);
        ck_assert_msg(ccd_mma_roots_read(&r, &err, path) == CCD_OK, "%s", err.message);
        ck_assert_uint_eq(r.files, archives[i].files);
        /* every enclosure narrow: the least root's within 2^-500 */
        mpfr_t w;
        mpfr_init2(w, 64);
        mpfr_sub(w, r.least_hi, r.least_lo, MPFR_RNDU);
        ck_assert(mpfr_cmp_ui_2exp(w, 1, -500) <= 0);
        mpfr_clear(w);
        ccd_mma_roots_clear(&r);
        free(path);
    }
}
END_TEST

static Suite *mma_roots_suite(void)
{
    Suite *s = suite_create("mma_roots");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_wxf_tokens);
    tcase_add_test(tc, test_wxf_malformed);
    tcase_add_test(tc, test_enclose_radicals);
    tcase_add_test(tc, test_enclose_root_objects);
    tcase_add_test(tc, test_roots_archive);
    tcase_add_test(tc, test_published_archives);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(mma_roots_suite());
}
