/* SPDX-License-Identifier: MIT */
/* A recursive-descent JSON reader with positions (json_doc.h). */
#include <config.h>

#include "bench/json_doc.h"
#include "core/error.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64, BLOCK_BYTES = 64 * 1024 };

/*
 * Memory: a document's values, strings and arrays all come from one arena of
 * 64 KiB blocks, freed at once, each sized exactly (arrays are gathered on a
 * stack while their container is open and copied when it closes), and member
 * names are stored once per document (a per-query result repeats the same ten
 * names for every record).  So a document costs a small multiple of the size
 * of its text, with no per-value malloc overhead.
 */
typedef struct block {
    struct block *next;
    size_t size, used;
    _Alignas(max_align_t) unsigned char data[];
} block;

typedef struct document {
    ccd_json root; /* first: the pointer ccd_json_parse returns */
    block *blocks;
} document;

typedef struct member {
    char *key; /* NULL in arrays */
    ccd_json *value;
} member;

typedef struct parser {
    const char *path;
    const char *p, *end;
    unsigned long line;
    const char *line_start;
    ccd_error *err;
    document *doc;
    member *stack; /* items of the open containers */
    size_t top, stack_cap;
    char *scratch; /* a string being decoded */
    size_t scratch_cap;
    char **names; /* member names of the document: a hash set, open addressing */
    size_t name_count, name_cap;
} parser;

static unsigned long column(const parser *ps)
{
    return (unsigned long)(ps->p - ps->line_start) + 1;
}

static ccd_status fail(parser *ps, const char *what)
{
    return ccd_error_set(ps->err, CCD_ERR_INPUT, ps->path, ps->line, column(ps), "%s", what);
}

static ccd_status oom(parser *ps)
{
    return ccd_error_oom(ps->err, ps->path);
}

static void *arena_alloc(parser *ps, size_t n)
{
    n = (n + 7) & ~(size_t)7; /* every value, pointer and count is 8-aligned */
    block *b = ps->doc->blocks;
    if (!b || b->size - b->used < n) {
        /* A large piece gets a block of its own behind the current one, so
         * the room left in the current block is not given up. */
        int own = n > BLOCK_BYTES / 4 && b;
        size_t size = n > BLOCK_BYTES ? n : BLOCK_BYTES;
        block *fresh = malloc(sizeof *fresh + (own ? n : size));
        if (!fresh)
            return NULL;
        fresh->size = own ? n : size;
        fresh->used = 0;
        if (own) {
            fresh->next = b->next;
            b->next = fresh;
        } else {
            fresh->next = b;
            ps->doc->blocks = fresh;
        }
        b = fresh;
    }
    void *p = b->data + b->used;
    b->used += n;
    return p;
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
    ccd_json *v = arena_alloc(ps, sizeof *v);
    if (v) {
        memset(v, 0, sizeof *v);
        v->type = type;
        v->line = ps->line;
        v->column = column(ps);
    }
    return v;
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

/* ps->p at the opening quote; the decoded string into ps->scratch, its length
 * into *length. */
static ccd_status decode_string(parser *ps, size_t *length)
{
    const char *s = ++ps->p, *close = s;
    /* Decoding never lengthens a string, so its raw span bounds the buffer (not
     * the rest of the file, which made every string cost O(file)). */
    while (close < ps->end && *close != '"')
        close += *close == '\\' && close + 1 < ps->end ? 2 : 1;
    size_t need = (size_t)(close - s) + 1;
    if (need > ps->scratch_cap) {
        char *bigger = realloc(ps->scratch, need);
        if (!bigger)
            return oom(ps);
        ps->scratch = bigger;
        ps->scratch_cap = need;
    }
    char *q = ps->scratch;
    while (ps->p < ps->end && *ps->p != '"') {
        unsigned char c = (unsigned char)*ps->p;
        if (c < 0x20)
            return fail(ps, "control character in a string");
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
            if (ps->end - ps->p < 6 || hex4(ps->p + 2, &cp) != 0)
                return fail(ps, "bad \\u escape in a string");
            ps->p += 6;
            if (cp >= 0xD800 && cp < 0xDC00 && ps->end - ps->p >= 6 && ps->p[0] == '\\' &&
                ps->p[1] == 'u') {
                unsigned long lo;
                if (hex4(ps->p + 2, &lo) == 0 && lo >= 0xDC00 && lo < 0xE000) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    ps->p += 6;
                }
            }
            if (cp >= 0xDC80 && cp <= 0xDCFF)
                *q++ = (char)(cp - 0xDC00); /* a byte that is not UTF-8 (core/json_out.h) */
            else
                put_utf8(&q, cp);
        } else if (map && ((map - "\"\"\\\\//b\bf\fn\nr\rt\t") % 2 == 0)) {
            *q++ = map[1];
            ps->p += 2;
        } else {
            return fail(ps, "bad escape in a string");
        }
    }
    if (ps->p >= ps->end)
        return fail(ps, "unterminated string");
    ps->p++;
    *q = '\0';
    *length = (size_t)(q - ps->scratch);
    return CCD_OK;
}

static char *arena_strdup(parser *ps, const char *s, size_t n)
{
    char *copy = arena_alloc(ps, n + 1);
    if (copy)
        memcpy(copy, s, n + 1);
    return copy;
}

static ccd_status parse_string(parser *ps, char **out)
{
    size_t n;
    ccd_status st = decode_string(ps, &n);
    if (st != CCD_OK)
        return st;
    return (*out = arena_strdup(ps, ps->scratch, n)) ? CCD_OK : oom(ps);
}

static size_t name_hash(const char *s)
{
    size_t h = 14695981039346656037u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* A member name, stored once per document: equal names are equal pointers. */
static ccd_status parse_name(parser *ps, char **out)
{
    size_t n;
    ccd_status st = decode_string(ps, &n);
    if (st != CCD_OK)
        return st;
    if (2 * (ps->name_count + 1) > ps->name_cap) {
        size_t cap = ps->name_cap ? 2 * ps->name_cap : 64;
        char **names = calloc(cap, sizeof *names);
        if (!names)
            return oom(ps);
        for (size_t i = 0; i < ps->name_cap; i++)
            if (ps->names[i]) {
                size_t j = name_hash(ps->names[i]) & (cap - 1);
                while (names[j])
                    j = (j + 1) & (cap - 1);
                names[j] = ps->names[i];
            }
        free(ps->names);
        ps->names = names;
        ps->name_cap = cap;
    }
    size_t j = name_hash(ps->scratch) & (ps->name_cap - 1);
    while (ps->names[j] && strcmp(ps->names[j], ps->scratch) != 0)
        j = (j + 1) & (ps->name_cap - 1);
    if (!ps->names[j]) {
        if (!(ps->names[j] = arena_strdup(ps, ps->scratch, n)))
            return oom(ps);
        ps->name_count++;
    }
    *out = ps->names[j];
    return CCD_OK;
}

static ccd_status parse_value(parser *ps, ccd_json **out, int depth);

static ccd_status push(parser *ps, char *key, ccd_json *item)
{
    if (ps->top == ps->stack_cap) {
        size_t cap = ps->stack_cap ? 2 * ps->stack_cap : 256;
        member *bigger = realloc(ps->stack, cap * sizeof *bigger);
        if (!bigger)
            return oom(ps);
        ps->stack = bigger;
        ps->stack_cap = cap;
    }
    ps->stack[ps->top++] = (member){key, item};
    return CCD_OK;
}

/* The items pushed since `base`, as v's exactly sized arrays. */
static ccd_status pop_items(parser *ps, ccd_json *v, size_t base)
{
    size_t n = ps->top - base;
    int object = v->type == CCD_JSON_OBJECT;
    v->count = n;
    v->items = arena_alloc(ps, (n ? n : 1) * sizeof *v->items);
    v->keys = object ? arena_alloc(ps, (n ? n : 1) * sizeof *v->keys) : NULL;
    if (!v->items || (object && !v->keys))
        return oom(ps);
    for (size_t i = 0; i < n; i++) {
        v->items[i] = ps->stack[base + i].value;
        if (object)
            v->keys[i] = ps->stack[base + i].key;
    }
    ps->top = base;
    return CCD_OK;
}

static ccd_status parse_container(parser *ps, ccd_json *v, int depth)
{
    int object = v->type == CCD_JSON_OBJECT;
    char close = object ? '}' : ']';
    size_t base = ps->top;
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
            ccd_status st = parse_name(ps, &key);
            if (st != CCD_OK)
                return st;
            for (size_t i = base; i < ps->top; i++)
                if (ps->stack[i].key == key)
                    return fail(ps, "duplicate member name");
            skip_space(ps);
            if (ps->p >= ps->end || *ps->p != ':')
                return fail(ps, "expected ':' after a member name");
            ps->p++;
        }
        ccd_json *item = NULL;
        ccd_status st = parse_value(ps, &item, depth + 1);
        if (st != CCD_OK || (st = push(ps, key, item)) != CCD_OK)
            return st;
        skip_space(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            continue;
        }
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            return pop_items(ps, v, base);
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
    char *text = arena_alloc(ps, (size_t)(ps->p - s) + 1);
    if (!text)
        return oom(ps);
    memcpy(text, s, (size_t)(ps->p - s));
    text[ps->p - s] = '\0';
    v->text = text;
    return CCD_OK;
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
    if (st != CCD_OK)
        return st;
    *out = v;
    return CCD_OK;
}

ccd_status ccd_json_parse(ccd_json **out, ccd_error *err, const char *path, const char *text,
                          size_t length)
{
    parser ps = {.path = path, .p = text, .end = text + length, .line = 1,
                 .line_start = text, .err = err};
    *out = NULL;
    if (!(ps.doc = calloc(1, sizeof *ps.doc)))
        return oom(&ps);
    ccd_json *v = NULL;
    ccd_status st = parse_value(&ps, &v, 0);
    if (st == CCD_OK) {
        skip_space(&ps);
        if (ps.p < ps.end)
            st = fail(&ps, "unexpected text after the JSON value");
    }
    free(ps.stack);
    free(ps.scratch);
    free(ps.names);
    if (st != CCD_OK) {
        ccd_json_free(&ps.doc->root);
        return st;
    }
    ps.doc->root = *v; /* nothing points to a value but its container */
    *out = &ps.doc->root;
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
    int read_error = ferror(f) ? errno : 0;
    fclose(f);
    if (!buf)
        return ccd_error_oom(err, path);
    if (read_error) { /* e.g. a directory: "Is a directory" (it said "cannot read" alone) */
        free(buf);
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot read: %s",
                             strerror(read_error));
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
    document *doc = (document *)v; /* v is a document's root (json_doc.h) */
    for (block *b = doc->blocks, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    free(doc);
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
