/* SPDX-License-Identifier: MIT */
/* WXF (Wolfram Research, "WXF Format Description", the reference page
 * tutorial/WXFFormatDescription): a header "8:", then one expression in prefix
 * form.  Tokens: 'f' varint(n) head arg1 … argn (a function); 's' / 'S'
 * varint(len) bytes (symbol / string, UTF-8); 'I' varint(len) decimal digits
 * (a big integer); 'C', 'j', 'i', 'L' little-endian two's complement integers
 * of 1, 2, 4, 8 bytes.  Lengths are checked against the bytes left before
 * anything is allocated, so no input makes the parser allocate more than a
 * small multiple of its size. */
#include <config.h>

#include "core/error.h"
#include "published/wxf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct wxf_reader {
    const unsigned char *b;
    size_t len, i;
    const char *where;
    ccd_error *err;
} wxf_reader;

static ccd_status wxf_error(wxf_reader *r, size_t offset, const char *fmt, const char *arg)
{
    char where[4096], what[256];
    snprintf(where, sizeof where, "%s:%zu", r->where, offset);
    snprintf(what, sizeof what, fmt, arg);
    return ccd_error_set(r->err, CCD_ERR_INPUT, where, 0, 0, "%s", what);
}

/* An unsigned LEB128 length (the callers check it against the bytes left). */
static ccd_status read_length(size_t *out, wxf_reader *r)
{
    size_t at = r->i, v = 0;
    for (int shift = 0;; shift += 7) {
        if (r->i >= r->len)
            return wxf_error(r, r->i, "truncated (%s)", "inside a length");
        unsigned c = r->b[r->i++];
        if (shift > 56)
            return wxf_error(r, at, "length %s", "too large");
        v |= (size_t)(c & 0x7f) << shift;
        if (c < 0x80)
            break;
    }
    *out = v;
    return CCD_OK;
}

void ccd_wxf_free(ccd_wxf *n)
{
    if (!n)
        return;
    if (n->type == CCD_WXF_INTEGER)
        mpz_clear(n->z);
    free(n->text);
    ccd_wxf_free(n->head);
    for (size_t i = 0; n->args && i < n->nargs; i++)
        ccd_wxf_free(n->args[i]);
    free(n->args);
    free(n);
}

static ccd_status parse(ccd_wxf **out, wxf_reader *r, int depth);

static ccd_status parse_function(ccd_wxf *n, wxf_reader *r, int depth)
{
    size_t at = n->offset, count;
    ccd_status st = read_length(&count, r);
    if (st != CCD_OK)
        return st;
    /* every argument takes at least two bytes */
    if (count > (r->len - r->i) / 2)
        return wxf_error(r, at, "function of more arguments than the file has (%s)",
                         "truncated");
    if (depth >= CCD_WXF_MAX_DEPTH)
        return wxf_error(r, at, "expression nested deeper than %s levels", "512");
    n->type = CCD_WXF_FUNCTION;
    if ((st = parse(&n->head, r, depth + 1)) != CCD_OK)
        return st;
    n->args = calloc(count + 1, sizeof *n->args);
    if (!n->args)
        return ccd_error_oom(r->err, r->where);
    n->nargs = count; /* unparsed ones stay NULL */
    for (size_t k = 0; k < count; k++)
        if ((st = parse(&n->args[k], r, depth + 1)) != CCD_OK)
            return st;
    return CCD_OK;
}

static ccd_status parse_text(ccd_wxf *n, wxf_reader *r, char token)
{
    size_t m;
    ccd_status st = read_length(&m, r);
    if (st != CCD_OK)
        return st;
    if (m > r->len - r->i)
        return wxf_error(r, n->offset, "truncated (%s longer than the file)",
                         token == 'I' ? "an integer" : token == 's' ? "a symbol" : "a string");
    const char *s = (const char *)r->b + r->i;
    r->i += m;
    if (token != 'I') {
        n->type = token == 's' ? CCD_WXF_SYMBOL : CCD_WXF_STRING;
        if (memchr(s, '\0', m))
            return wxf_error(r, n->offset, "%s with a NUL byte",
                             token == 's' ? "symbol" : "string");
        if (!(n->text = strndup(s, m)))
            return ccd_error_oom(r->err, r->where);
        return CCD_OK;
    }
    /* a big integer: an optional '-' and decimal digits */
    size_t k = m > 0 && s[0] == '-';
    if (k == m)
        return wxf_error(r, n->offset, "big integer %s", "without digits");
    for (size_t j = k; j < m; j++)
        if (s[j] < '0' || s[j] > '9')
            return wxf_error(r, n->offset, "big integer with a character that is not a %s",
                             "digit");
    char *digits = strndup(s, m);
    if (!digits)
        return ccd_error_oom(r->err, r->where);
    n->type = CCD_WXF_INTEGER;
    mpz_init(n->z);
    mpz_set_str(n->z, digits, 10);
    free(digits);
    return CCD_OK;
}

static ccd_status parse_machine_integer(ccd_wxf *n, wxf_reader *r, int bytes)
{
    if ((size_t)bytes > r->len - r->i)
        return wxf_error(r, n->offset, "truncated (%s)", "inside an integer");
    uint64_t u = 0;
    for (int k = bytes - 1; k >= 0; k--)
        u = u << 8 | r->b[r->i + (size_t)k];
    r->i += (size_t)bytes;
    int negative = (u >> (8 * bytes - 1)) & 1;
    /* two's complement: the value is u - 2^(8 bytes) when negative */
    n->type = CCD_WXF_INTEGER;
    mpz_init(n->z);
    mpz_import(n->z, 1, 1, sizeof u, 0, 0, &u);
    if (negative) {
        mpz_t m;
        mpz_init(m);
        mpz_ui_pow_ui(m, 2, (unsigned long)(8 * bytes));
        mpz_sub(n->z, n->z, m);
        mpz_clear(m);
    }
    return CCD_OK;
}

static ccd_status parse(ccd_wxf **out, wxf_reader *r, int depth)
{
    *out = NULL;
    if (r->i >= r->len)
        return wxf_error(r, r->i, "truncated (%s)", "an expression expected");
    ccd_wxf *n = calloc(1, sizeof *n);
    if (!n)
        return ccd_error_oom(r->err, r->where);
    *out = n;
    n->type = CCD_WXF_SYMBOL; /* nothing to clear until set otherwise */
    n->offset = r->i;
    char token = (char)r->b[r->i++];
    switch (token) {
    case 'f': return parse_function(n, r, depth);
    case 's':
    case 'S':
    case 'I': return parse_text(n, r, token);
    case 'C': return parse_machine_integer(n, r, 1);
    case 'j': return parse_machine_integer(n, r, 2);
    case 'i': return parse_machine_integer(n, r, 4);
    case 'L': return parse_machine_integer(n, r, 8);
    case 'r':
    case 'R': return wxf_error(r, n->offset, "a real number (token '%s') is not read",
                               token == 'r' ? "r" : "R");
    default: {
        char t[8];
        snprintf(t, sizeof t, token >= 0x20 && token < 0x7f ? "'%c'" : "0x%02x",
                 (unsigned char)token);
        return wxf_error(r, n->offset, "unknown or unsupported WXF token %s", t);
    }
    }
}

ccd_status ccd_wxf_parse(ccd_wxf **out, ccd_error *err, const unsigned char *b, size_t len,
                         const char *where)
{
    *out = NULL;
    wxf_reader r = {b, len, 0, where, err};
    if (len >= 3 && b[0] == '8' && b[1] == 'C' && b[2] == ':')
        return wxf_error(&r, 0, "compressed WXF (%s) is not read", "8C:");
    if (len < 2 || b[0] != '8' || b[1] != ':')
        return wxf_error(&r, 0, "not a WXF file (no %s header)", "8:");
    r.i = 2;
    ccd_wxf *n;
    ccd_status st = parse(&n, &r, 0);
    if (st == CCD_OK && r.i != len)
        st = wxf_error(&r, r.i, "%s after the expression", "bytes");
    if (st != CCD_OK) {
        ccd_wxf_free(n);
        return st;
    }
    *out = n;
    return CCD_OK;
}

int ccd_wxf_is(const ccd_wxf *n, const char *head, size_t nargs)
{
    return n->type == CCD_WXF_FUNCTION && n->head->type == CCD_WXF_SYMBOL &&
           !strcmp(n->head->text, head) && (nargs == (size_t)-1 || n->nargs == nargs);
}

ccd_status ccd_wxf_error(ccd_error *err, const char *where, const ccd_wxf *e, const char *what)
{
    char place[4096];
    snprintf(place, sizeof place, "%s:%zu", where, e->offset);
    return ccd_error_set(err, CCD_ERR_INPUT, place, 0, 0, "%s", what);
}
