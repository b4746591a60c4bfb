/* SPDX-License-Identifier: MIT */
/* A recursive-descent JSON reader with positions (json_doc.h). */
#include <config.h>

#include "bench/json_doc.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64 };

typedef struct parser {
    const char *path;
    const char *p, *end;
    unsigned long line;
    const char *line_start;
    ccd_error *err;
} parser;

static unsigned long column(const parser *ps)
{
    return (unsigned long)(ps->p - ps->line_start) + 1;
}

static ccd_status fail(parser *ps, const char *what)
{
    return ccd_error_set(ps->err, CCD_ERR_INPUT, ps->path, ps->line, column(ps), "%s", what);
}

static void skip_space(parser *ps)
{
    for (; ps->p < ps->end; ps->p++) {
        if (*ps->p == '\n') {
            ps->line++;
            ps->line_start = ps->p + 1;
        } else if (*ps->p != ' ' && *ps->p != '\t' && *ps->p != '\r') {
            return;
        }
    }
}

static ccd_json *node(parser *ps, ccd_json_type type)
{
    ccd_json *v = calloc(1, sizeof *v);
    if (v) {
        v->type = type;
        v->line = ps->line;
        v->column = column(ps);
    }
    return v;
}

static ccd_status oom(parser *ps)
{
    return ccd_error_set(ps->err, CCD_ERR_INTERNAL, ps->path, 0, 0, "out of memory");
}

static void put_utf8(char **q, unsigned long cp)
{
    unsigned char *o = (unsigned char *)*q;
    if (cp < 0x80) {
        *o++ = (unsigned char)cp;
    } else if (cp < 0x800) {
        *o++ = (unsigned char)(0xC0 | cp >> 6);
        *o++ = (unsigned char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *o++ = (unsigned char)(0xE0 | cp >> 12);
        *o++ = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        *o++ = (unsigned char)(0x80 | (cp & 0x3F));
    } else {
        *o++ = (unsigned char)(0xF0 | cp >> 18);
        *o++ = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
        *o++ = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        *o++ = (unsigned char)(0x80 | (cp & 0x3F));
    }
    *q = (char *)o;
}

static int hex4(const char *s, unsigned long *out)
{
    *out = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        *out = *out * 16 + (unsigned long)d;
    }
    return 0;
}

/* ps->p at the opening quote; decoded string into *out. */
static ccd_status parse_string(parser *ps, char **out)
{
    const char *s = ++ps->p, *close = s;
    /* Decoding never lengthens a string, so its raw span bounds the buffer: the
     * rest of the file would make every string cost O(file) (O(file^2) in all). */
    while (close < ps->end && *close != '"')
        close += *close == '\\' && close + 1 < ps->end ? 2 : 1;
    char *buf = malloc((size_t)(close - s) + 1), *q = buf;
    if (!buf)
        return oom(ps);
    while (ps->p < ps->end && *ps->p != '"') {
        unsigned char c = (unsigned char)*ps->p;
        if (c < 0x20) {
            free(buf);
            return fail(ps, "control character in a string");
        }
        if (c != '\\') {
            *q++ = (char)c;
            ps->p++;
            continue;
        }
        if (ps->end - ps->p < 2) {
            ps->p = ps->end;
            break;
        }
        char e = ps->p[1];
        const char *map = e == '\0' ? NULL : strchr("\"\"\\\\//b\bf\fn\nr\rt\t", e);
        if (e == 'u') {
            unsigned long cp;
            if (ps->end - ps->p < 6 || hex4(ps->p + 2, &cp) != 0) {
                free(buf);
                return fail(ps, "bad \\u escape in a string");
            }
            ps->p += 6;
            if (cp >= 0xD800 && cp < 0xDC00 && ps->end - ps->p >= 6 && ps->p[0] == '\\' &&
                ps->p[1] == 'u') {
                unsigned long lo;
                if (hex4(ps->p + 2, &lo) == 0 && lo >= 0xDC00 && lo < 0xE000) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    ps->p += 6;
                }
            }
            put_utf8(&q, cp);
        } else if (map && ((map - "\"\"\\\\//b\bf\fn\nr\rt\t") % 2 == 0)) {
            *q++ = map[1];
            ps->p += 2;
        } else {
            free(buf);
            return fail(ps, "bad escape in a string");
        }
    }
    if (ps->p >= ps->end) {
        free(buf);
        return fail(ps, "unterminated string");
    }
    ps->p++;
    *q = '\0';
    *out = buf;
    return CCD_OK;
}

static ccd_status parse_value(parser *ps, ccd_json **out, int depth);

static ccd_status add_item(parser *ps, ccd_json *v, char *key, ccd_json *item)
{
    if ((v->count & (v->count - 1)) == 0) { /* grow at powers of two */
        size_t cap = v->count ? 2 * v->count : 1;
        ccd_json **items = realloc(v->items, cap * sizeof *items);
        if (items)
            v->items = items;
        char **keys = v->type == CCD_JSON_OBJECT ? realloc(v->keys, cap * sizeof *keys) : NULL;
        if (keys)
            v->keys = keys;
        if (!items || (v->type == CCD_JSON_OBJECT && !keys)) {
            free(key);
            ccd_json_free(item);
            return oom(ps);
        }
    }
    if (v->type == CCD_JSON_OBJECT)
        v->keys[v->count] = key;
    v->items[v->count++] = item;
    return CCD_OK;
}

static ccd_status parse_container(parser *ps, ccd_json *v, int depth)
{
    int object = v->type == CCD_JSON_OBJECT;
    char close = object ? '}' : ']';
    ps->p++;
    skip_space(ps);
    if (ps->p < ps->end && *ps->p == close) {
        ps->p++;
        return CCD_OK;
    }
    for (;;) {
        char *key = NULL;
        skip_space(ps);
        if (object) {
            if (ps->p >= ps->end || *ps->p != '"')
                return fail(ps, "expected a member name in double quotes");
            ccd_status st = parse_string(ps, &key);
            if (st != CCD_OK)
                return st;
            for (size_t i = 0; i < v->count; i++)
                if (strcmp(v->keys[i], key) == 0) {
                    free(key);
                    return fail(ps, "duplicate member name");
                }
            skip_space(ps);
            if (ps->p >= ps->end || *ps->p != ':') {
                free(key);
                return fail(ps, "expected ':' after a member name");
            }
            ps->p++;
        }
        ccd_json *item = NULL;
        ccd_status st = parse_value(ps, &item, depth + 1);
        if (st != CCD_OK) {
            free(key);
            return st;
        }
        if ((st = add_item(ps, v, key, item)) != CCD_OK)
            return st;
        skip_space(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            continue;
        }
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            return CCD_OK;
        }
        return fail(ps, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static ccd_status parse_number(parser *ps, ccd_json *v)
{
    const char *s = ps->p;
    if (ps->p < ps->end && *ps->p == '-')
        ps->p++;
    const char *digits = ps->p;
    while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
        ps->p++;
    int ok = ps->p > digits && !(*digits == '0' && ps->p - digits > 1);
    if (ok && ps->p < ps->end && *ps->p == '.') {
        const char *f = ++ps->p;
        while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
            ps->p++;
        ok = ps->p > f;
    }
    if (ok && ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E')) {
        ps->p++;
        if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-'))
            ps->p++;
        const char *e = ps->p;
        while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9')
            ps->p++;
        ok = ps->p > e;
    }
    if (!ok) {
        ps->p = s;
        return fail(ps, "malformed number");
    }
    v->text = strndup(s, (size_t)(ps->p - s));
    return v->text ? CCD_OK : oom(ps);
}

static ccd_status parse_value(parser *ps, ccd_json **out, int depth)
{
    skip_space(ps);
    if (ps->p >= ps->end)
        return fail(ps, "unexpected end of file, expected a value");
    if (depth > MAX_DEPTH)
        return fail(ps, "values nested too deeply");
    static const struct {
        const char *word;
        ccd_json_type type;
    } words[] = {{"null", CCD_JSON_NULL}, {"false", CCD_JSON_FALSE}, {"true", CCD_JSON_TRUE}};
    for (size_t i = 0; i < 3; i++) {
        size_t n = strlen(words[i].word);
        if ((size_t)(ps->end - ps->p) >= n && memcmp(ps->p, words[i].word, n) == 0) {
            if (!(*out = node(ps, words[i].type)))
                return oom(ps);
            ps->p += n;
            return CCD_OK;
        }
    }
    char c = *ps->p;
    ccd_json_type type = c == '{' ? CCD_JSON_OBJECT : c == '[' ? CCD_JSON_ARRAY
                       : c == '"' ? CCD_JSON_STRING : CCD_JSON_NUMBER;
    if (type == CCD_JSON_NUMBER && c != '-' && (c < '0' || c > '9'))
        return fail(ps, "expected a value");
    ccd_json *v = node(ps, type);
    if (!v)
        return oom(ps);
    ccd_status st = type == CCD_JSON_STRING   ? parse_string(ps, &v->text)
                    : type == CCD_JSON_NUMBER ? parse_number(ps, v)
                                              : parse_container(ps, v, depth);
    if (st != CCD_OK) {
        ccd_json_free(v);
        return st;
    }
    *out = v;
    return CCD_OK;
}

ccd_status ccd_json_parse(ccd_json **out, ccd_error *err, const char *path, const char *text,
                          size_t length)
{
    parser ps = {.path = path, .p = text, .end = text + length, .line = 1,
                 .line_start = text, .err = err};
    *out = NULL;
    ccd_json *v = NULL;
    ccd_status st = parse_value(&ps, &v, 0);
    if (st != CCD_OK)
        return st;
    skip_space(&ps);
    if (ps.p < ps.end) {
        ccd_json_free(v);
        return fail(&ps, "unexpected text after the JSON value");
    }
    *out = v;
    return CCD_OK;
}

ccd_status ccd_json_read_file(ccd_json **out, ccd_error *err, const char *path)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot open: %s", strerror(errno));
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    int read_error = ferror(f);
    fclose(f);
    if (!buf)
        return ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
    if (read_error) {
        free(buf);
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot read");
    }
    if (memchr(buf, '\0', len)) {
        free(buf);
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "not a text file (NUL byte)");
    }
    ccd_status st = ccd_json_parse(out, err, path, buf, len);
    free(buf);
    return st;
}

void ccd_json_free(ccd_json *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->count; i++) {
        ccd_json_free(v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->text);
    free(v);
}

const ccd_json *ccd_json_get(const ccd_json *v, const char *key)
{
    if (!v || v->type != CCD_JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < v->count; i++)
        if (strcmp(v->keys[i], key) == 0)
            return v->items[i];
    return NULL;
}

void ccd_json_write_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(out, "\\u%04x", ch);
        else
            fputc(ch, out);
    }
    fputc('"', out);
}

void ccd_json_write_double(FILE *out, double x)
{
    if (isfinite(x))
        fprintf(out, "%.17g", x);
    else
        fputs("null", out);
}

void ccd_json_write(FILE *out, const ccd_json *v)
{
    switch (v->type) {
    case CCD_JSON_NULL: fputs("null", out); break;
    case CCD_JSON_FALSE: fputs("false", out); break;
    case CCD_JSON_TRUE: fputs("true", out); break;
    case CCD_JSON_NUMBER: fputs(v->text, out); break;
    case CCD_JSON_STRING: ccd_json_write_string(out, v->text); break;
    case CCD_JSON_ARRAY:
    case CCD_JSON_OBJECT:
        fputc(v->type == CCD_JSON_ARRAY ? '[' : '{', out);
        for (size_t i = 0; i < v->count; i++) {
            if (i)
                fputs(", ", out);
            if (v->type == CCD_JSON_OBJECT) {
                ccd_json_write_string(out, v->keys[i]);
                fputs(": ", out);
            }
            ccd_json_write(out, v->items[i]);
        }
        fputc(v->type == CCD_JSON_ARRAY ? ']' : '}', out);
        break;
    }
}
