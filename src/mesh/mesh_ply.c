/* SPDX-License-Identifier: MIT */
/* PLY triangle meshes for ccd_mesh_read (see mesh_ply.h).  The whole
 * file is read into memory; every count of the header is checked against the
 * bytes that follow it before anything is allocated for it. */
#include <config.h>

#include "mesh/mesh_ply.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/assert.h"
#include "core/error.h"
#include "core/grow.h"

/* ------------------------------------------------------------------ types */

enum { T_NONE, T_I8, T_U8, T_I16, T_U16, T_I32, T_U32, T_F32, T_F64 };

static const struct {
    const char *name;
    int type;
} type_names[] = {{"char", T_I8},     {"int8", T_I8},     {"uchar", T_U8},     {"uint8", T_U8},
                  {"short", T_I16},   {"int16", T_I16},   {"ushort", T_U16},   {"uint16", T_U16},
                  {"int", T_I32},     {"int32", T_I32},   {"uint", T_U32},     {"uint32", T_U32},
                  {"float", T_F32},   {"float32", T_F32}, {"double", T_F64},   {"float64", T_F64}};

static const size_t type_size[] = {0, 1, 1, 2, 2, 4, 4, 4, 8};
static const char *const type_name[] = {"", "char", "uchar", "short", "ushort",
                                        "int", "uint", "float", "double"};
static const long long type_min[] = {0, -128, 0, -32768, 0, -2147483647LL - 1, 0, 0, 0};
static const long long type_max[] = {0, 127, 255, 32767, 65535, 2147483647LL, 4294967295LL, 0, 0};

static int type_lookup(const char *name)
{
    for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
        if (!strcmp(name, type_names[i].name))
            return type_names[i].type;
    return T_NONE;
}

static int type_is_integer(int t)
{
    return t >= T_I8 && t <= T_U32;
}

/* ------------------------------------------------------------------ state */

typedef struct ply_prop {
    const char *name;
    int type;       /* a scalar's type, or a list's item type */
    int count_type; /* a list's count type; T_NONE for a scalar */
    size_t line;
    unsigned long column; /* of the name */
} ply_prop;

typedef struct ply_elem {
    const char *name;
    size_t count;
    size_t line;
    unsigned long column; /* of the name */
    size_t first, nprops; /* its properties: props[first .. first + nprops) */
} ply_elem;

typedef struct ply {
    const char *path;
    ccd_error *err;
    char *buf; /* the whole file, with a NUL after it */
    size_t len;
    int format; /* 0 ascii, 1 binary little endian, 2 binary big endian */
    ply_elem *elems;
    size_t nelems, elcap;
    ply_prop *props;
    size_t nprops, prcap;
    /* roles: the vertex element and its x, y, z; the face element and its list */
    size_t vertex, face, xyz[3], indices;
    /* data */
    const char *p, *end;    /* the cursor and the end of the file */
    size_t line;            /* the current line (header; ascii data) */
    const char *line_start; /* ascii data: the current line */
    const char *rec_name;   /* binary data: the element and record being read */
    size_t rec;
    ccd_mesh m;
    size_t tcap;
    ccd_mesh_source *src; /* NULL: not kept */
    int points;           /* ccd_mesh_read_points: vertex lines kept, faces optional */
} ply;

enum { NONE = (size_t)-1 };

/* ------------------------------------------------------------------ errors */

/* A header error at `at` in `text` (the current line); at = NULL: column 0. */
static ccd_status header_bad(ply *P, const char *text, const char *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static ccd_status header_bad(ply *P, const char *text, const char *at, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return ccd_error_set(P->err, CCD_ERR_INPUT, P->path, P->line,
                         at ? (unsigned long)(at - text) + 1 : 0, "%s", what);
}

/* An error at a header line recorded earlier (an element's or a property's). */
static ccd_status header_bad_at(ply *P, size_t line, unsigned long column, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static ccd_status header_bad_at(ply *P, size_t line, unsigned long column, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return ccd_error_set(P->err, CCD_ERR_INPUT, P->path, line, column, "%s", what);
}

/* A data error: ascii "path:line:column: what" (at = NULL: column 0), binary
 * "path: what (element record)". */
static ccd_status data_bad(ply *P, const char *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static ccd_status data_bad(ply *P, const char *at, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (P->format == 0)
        return ccd_error_set(P->err, CCD_ERR_INPUT, P->path, P->line,
                             at ? (unsigned long)(at - P->line_start) + 1 : 0, "%s", what);
    return ccd_error_set(P->err, CCD_ERR_INPUT, P->path, 0, 0, "%s (%s %zu)", what, P->rec_name,
                         P->rec);
}

/* The file ends inside the current record. */
static ccd_status end_of_file(ply *P)
{
    if (P->format == 0)
        return ccd_error_set(P->err, CCD_ERR_INPUT, P->path, P->line + 1, 0,
                             "end of file (%s %zu)", P->rec_name, P->rec);
    return data_bad(P, NULL, "end of file");
}

/* ------------------------------------------------------------------ header */

/* The next blank-separated token of *s, NUL-terminated in place; NULL at the end. */
static char *token(char **s)
{
    char *p = *s;
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    if (!*p) {
        *s = p;
        return NULL;
    }
    char *t = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\r')
        p++;
    if (*p)
        *p++ = '\0';
    *s = p;
    return t;
}

static int push_elem(ply *P, const ply_elem *e)
{
    void *grown = ccd_grow(P->elems, &P->elcap, P->nelems, sizeof *e, 8);
    if (!grown)
        return -1;
    P->elems = grown;
    P->elems[P->nelems++] = *e;
    return 0;
}

static int push_prop(ply *P, const ply_prop *q)
{
    void *grown = ccd_grow(P->props, &P->prcap, P->nprops, sizeof *q, 16);
    if (!grown)
        return -1;
    P->props = grown;
    P->props[P->nprops++] = *q;
    return 0;
}

/* A type token of line `text`; T_NONE after reporting the error. */
/* The type named t (a token of line `text`, NULL when missing: `s` is where it
 * should be); T_NONE after reporting the error. */
static int header_type(ply *P, ccd_status *st, const char *text, const char *t, const char *s,
                       const char *what)
{
    if (!t) {
        *st = header_bad(P, text, s, "expected %s", what);
        return T_NONE;
    }
    int type = type_lookup(t);
    if (type == T_NONE)
        *st = header_bad(P, text, t, "unknown type '%s'", t);
    return type;
}

static ccd_status header_element(ply *P, const char *text, char *s)
{
    char *name = token(&s);
    if (!name)
        return header_bad(P, text, s, "expected the element's name");
    char *count = token(&s);
    if (!count)
        return header_bad(P, text, s, "expected the element's count");
    char *end;
    errno = 0;
    unsigned long long n = strtoull(count, &end, 10);
    if (count[0] < '0' || count[0] > '9' || *end || errno == ERANGE || n > SIZE_MAX)
        return header_bad(P, text, count, "expected the element's count, not '%s'", count);
    char *extra = token(&s);
    if (extra)
        return header_bad(P, text, extra, "unexpected '%s'", extra);
    for (size_t i = 0; i < P->nelems; i++)
        if (!strcmp(P->elems[i].name, name))
            return header_bad(P, text, name, "second element '%s'", name);
    ply_elem e = {name, (size_t)n, P->line, (unsigned long)(name - text) + 1, P->nprops, 0};
    if (push_elem(P, &e) != 0)
        return ccd_error_oom(P->err, P->path);
    return CCD_OK;
}

static ccd_status header_property(ply *P, const char *text, const char *kw, char *s)
{
    if (P->nelems == 0)
        return header_bad(P, text, kw, "property before any element");
    ply_elem *e = &P->elems[P->nelems - 1];
    ccd_status st = CCD_OK;
    ply_prop q = {NULL, T_NONE, T_NONE, P->line, 0};
    char *t = token(&s);
    if (t && !strcmp(t, "list")) {
        char *ct = token(&s);
        q.count_type = header_type(P, &st, text, ct, s, "the list's count type");
        if (st != CCD_OK)
            return st;
        if (!type_is_integer(q.count_type))
            return header_bad(P, text, ct, "a list's count type must be an integer type");
        char *it = token(&s);
        q.type = header_type(P, &st, text, it, s, "the list's item type");
    } else {
        q.type = header_type(P, &st, text, t, s, "the property's type");
    }
    if (st != CCD_OK)
        return st;
    char *name = token(&s);
    if (!name)
        return header_bad(P, text, s, "expected the property's name");
    char *extra = token(&s);
    if (extra)
        return header_bad(P, text, extra, "unexpected '%s'", extra);
    for (size_t i = e->first; i < e->first + e->nprops; i++)
        if (!strcmp(P->props[i].name, name))
            return header_bad(P, text, name, "second property '%s' in element '%s'", name, e->name);
    q.name = name;
    q.column = (unsigned long)(name - text) + 1;
    if (push_prop(P, &q) != 0)
        return ccd_error_oom(P->err, P->path);
    P->elems[P->nelems - 1].nprops++;
    return CCD_OK;
}

/* The roles of the elements and properties; errors at the header lines that
 * declare (or should declare) them. */
static ccd_status header_roles(ply *P, size_t end_line)
{
    P->vertex = P->face = P->indices = NONE;
    for (size_t i = 0; i < P->nelems; i++) {
        if (!strcmp(P->elems[i].name, "vertex"))
            P->vertex = i;
        else if (!strcmp(P->elems[i].name, "face"))
            P->face = i;
    }
    if (P->vertex == NONE)
        return header_bad_at(P, end_line, 1, "no vertex element");
    if (P->face == NONE && !P->points)
        return header_bad_at(P, end_line, 1, "no face element");
    const ply_elem *v = &P->elems[P->vertex];
    if ((uint64_t)v->count > (uint64_t)UINT32_MAX + 1)
        return header_bad_at(P, v->line, v->column, "more than 4294967296 vertices");
    static const char *const axis[3] = {"x", "y", "z"};
    for (int c = 0; c < 3; c++) {
        P->xyz[c] = NONE;
        for (size_t i = v->first; i < v->first + v->nprops; i++)
            if (!strcmp(P->props[i].name, axis[c]))
                P->xyz[c] = i;
        if (P->xyz[c] == NONE)
            return header_bad_at(P, v->line, v->column, "element vertex has no property %s",
                                 axis[c]);
        const ply_prop *q = &P->props[P->xyz[c]];
        if (q->count_type != T_NONE)
            return header_bad_at(P, q->line, q->column, "property %s of element vertex is a list",
                                 axis[c]);
    }
    if (P->face == NONE) /* a cloud of points (ccd_mesh_read_points) */
        return CCD_OK;
    const ply_elem *f = &P->elems[P->face];
    for (size_t i = f->first; i < f->first + f->nprops && P->indices == NONE; i++)
        if (!strcmp(P->props[i].name, "vertex_indices") || !strcmp(P->props[i].name, "vertex_index"))
            P->indices = i;
    if (P->indices == NONE)
        return header_bad_at(P, f->line, f->column,
                             "element face has no list property vertex_indices");
    const ply_prop *q = &P->props[P->indices];
    if (q->count_type == T_NONE)
        return header_bad_at(P, q->line, q->column, "property %s of element face is not a list",
                             q->name);
    if (!type_is_integer(q->type))
        return header_bad_at(P, q->line, q->column, "property %s has the non-integer type %s",
                             q->name, type_name[q->type]);
    return CCD_OK;
}

/* Parses the header in place; the data start at P->p. */
static ccd_status parse_header(ply *P)
{
    char *pos = P->buf, *end = P->buf + P->len;
    int have_format = 0;
    for (;;) {
        char *nl = memchr(pos, '\n', (size_t)(end - pos));
        P->line++;
        if (!nl)
            return ccd_error_set(P->err, CCD_ERR_INPUT, P->path, P->line, 0,
                                 "end of file in the header (no end_header line)");
        *nl = '\0';
        char *text = pos, *s = text;
        pos = nl + 1;
        char *kw = token(&s);
        ccd_status st = CCD_OK;
        if (P->line == 1) {
            if (!kw || strcmp(kw, "ply") != 0 || token(&s))
                return header_bad(P, text, kw, "not a PLY file (no 'ply' line)");
            continue;
        }
        if (!kw || !strcmp(kw, "comment") || !strcmp(kw, "obj_info"))
            continue;
        if (!strcmp(kw, "format")) {
            if (have_format)
                return header_bad(P, text, kw, "second format line");
            char *fmt = token(&s);
            if (!fmt)
                return header_bad(P, text, s, "expected the format");
            if (!strcmp(fmt, "ascii"))
                P->format = 0;
            else if (!strcmp(fmt, "binary_little_endian"))
                P->format = 1;
            else if (!strcmp(fmt, "binary_big_endian"))
                P->format = 2;
            else
                return header_bad(P, text, fmt,
                                  "unknown format '%s' (ascii, binary_little_endian or "
                                  "binary_big_endian)", fmt);
            char *ver = token(&s);
            if (!ver)
                return header_bad(P, text, s, "expected the version 1.0");
            if (strcmp(ver, "1.0") != 0 && strcmp(ver, "1") != 0)
                return header_bad(P, text, ver, "unsupported version '%s' (1.0 is read)", ver);
            char *extra = token(&s);
            if (extra)
                return header_bad(P, text, extra, "unexpected '%s'", extra);
            have_format = 1;
        } else if (!strcmp(kw, "element")) {
            st = header_element(P, text, s);
        } else if (!strcmp(kw, "property")) {
            st = header_property(P, text, kw, s);
        } else if (!strcmp(kw, "end_header")) {
            char *extra = token(&s);
            if (extra)
                return header_bad(P, text, extra, "unexpected '%s'", extra);
            if (!have_format)
                return header_bad(P, text, kw, "no format line before end_header");
            P->p = pos;
            return header_roles(P, P->line);
        } else {
            return header_bad(P, text, kw, "unknown header keyword '%s'", kw);
        }
        if (st != CCD_OK)
            return st;
    }
}

/* ------------------------------------------------------------------ data */

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* One value of the given type at the cursor into *out; *at: where it starts.
 * `prop` names it in errors. */
static ccd_status value(ply *P, int type, double *out, const char **at, const char *prop)
{
    if (P->format != 0) {
        size_t n = type_size[type];
        *at = NULL;
        if ((size_t)(P->end - P->p) < n)
            return end_of_file(P);
        const unsigned char *b = (const unsigned char *)P->p;
        uint64_t u = 0; /* the bytes, most significant first */
        for (size_t i = 0; i < n; i++)
            u = (u << 8) | b[P->format == 1 ? n - 1 - i : i];
        P->p += n;
        if (type == T_F32) {
            uint32_t w = (uint32_t)u;
            float x;
            memcpy(&x, &w, sizeof x);
            *out = x;
        } else if (type == T_F64) {
            double x;
            memcpy(&x, &u, sizeof x);
            *out = x;
        } else {
            double x = (double)u;
            if ((type == T_I8 || type == T_I16 || type == T_I32) && (u >> (8 * n - 1)))
                x -= ldexp(1.0, (int)(8 * n)); /* two's complement */
            *out = x;
        }
        return CCD_OK;
    }
    const char *s = P->p;
    while (s < P->end && is_blank(*s))
        s++;
    *at = s;
    P->p = s;
    if (s == P->end || *s == '\n')
        return data_bad(P, s, "expected a value of property '%s'", prop);
    /* The buffer ends in a NUL, so strtod and strtoll stop inside it; s is not
     * a space, so they do not skip to the next line. */
    char *e;
    errno = 0;
    double x;
    if (type_is_integer(type)) {
        long long i = strtoll(s, &e, 10);
        if (e == s || errno == ERANGE || i < type_min[type] || i > type_max[type])
            e = (char *)s;
        x = (double)i;
    } else {
        x = strtod(s, &e);
    }
    if (e == s || (e < P->end && !is_blank(*e) && *e != '\n'))
        return data_bad(P, s, "expected a %s value of property '%s'", type_name[type], prop);
    P->p = e;
    *out = x;
    return CCD_OK;
}

/* ascii: moves to the next line that is not blank, the start of a record. */
static ccd_status record_start(ply *P)
{
    for (;;) {
        if (P->p >= P->end)
            return end_of_file(P);
        P->line++;
        P->line_start = P->p;
        const char *s = P->p;
        while (s < P->end && is_blank(*s))
            s++;
        if (s < P->end && *s != '\n')
            return CCD_OK;
        P->p = s < P->end ? s + 1 : s;
    }
}

/* ascii: the rest of the record's line is blank. */
static ccd_status record_end(ply *P)
{
    const char *s = P->p;
    while (s < P->end && is_blank(*s))
        s++;
    if (s < P->end && *s != '\n')
        return data_bad(P, s, "more values than the properties of element '%s'", P->rec_name);
    P->p = s < P->end ? s + 1 : s;
    return CCD_OK;
}

static int push_triangle(ply *P, uint32_t i, uint32_t j, uint32_t k)
{
    void *grown = ccd_grow(P->m.triangles, &P->tcap, P->m.ntriangles, 3 * sizeof(uint32_t), 256);
    if (!grown || (P->src && ccd_mesh_source_push(P->src, P->m.ntriangles,
                                                  P->format == 0 ? P->line : 0) != 0))
        return -1;
    P->m.triangles = grown;
    uint32_t *t = P->m.triangles + 3 * P->m.ntriangles++;
    t[0] = i, t[1] = j, t[2] = k;
    return 0;
}

/* The face list of the current record: n vertex indices, fanned. */
static ccd_status face_list(ply *P, const ply_prop *q, double n, const char *count_at)
{
    size_t nv = P->elems[P->vertex].count;
    if (n < 3)
        return data_bad(P, count_at, "a face needs at least 3 vertices");
    if (P->format != 0 && n > (double)((size_t)(P->end - P->p) / type_size[q->type]))
        return end_of_file(P);
    uint32_t first = 0, prev = 0;
    for (double k = 0; k < n; k++) {
        double x;
        const char *at;
        ccd_status st = value(P, q->type, &x, &at, q->name);
        if (st != CCD_OK)
            return st;
        if (x < 0 || x >= (double)nv)
            return data_bad(P, at, "vertex index out of range");
        uint32_t v = (uint32_t)x;
        if (k == 0)
            first = v;
        else if (k >= 2 && push_triangle(P, first, prev, v) != 0)
            return ccd_error_oom(P->err, P->path);
        prev = v;
    }
    return CCD_OK;
}

/* Skips n items of a list property that is not read. */
static ccd_status skip_list(ply *P, const ply_prop *q, double n)
{
    if (P->format != 0) {
        size_t size = type_size[q->type];
        if (n > (double)((size_t)(P->end - P->p) / size))
            return end_of_file(P);
        P->p += (size_t)n * size;
        return CCD_OK;
    }
    for (double k = 0; k < n; k++) {
        double x;
        const char *at;
        ccd_status st = value(P, q->type, &x, &at, q->name);
        if (st != CCD_OK)
            return st;
    }
    return CCD_OK;
}

static ccd_status read_element(ply *P, size_t ei)
{
    const ply_elem *e = &P->elems[ei];
    P->rec_name = e->name;
    if (e->nprops == 0)
        return CCD_OK; /* nothing stored for its records */
    /* The least number of bytes of a record: binary, its scalars and its lists'
     * counts; ascii, one character a value. */
    size_t minsize = 0;
    for (size_t i = e->first; i < e->first + e->nprops; i++) {
        const ply_prop *q = &P->props[i];
        minsize += P->format == 0 ? 1 : type_size[q->count_type != T_NONE ? q->count_type : q->type];
    }
    int fits = e->count <= (size_t)(P->end - P->p) / minsize;
    if (ei == P->vertex && fits) {
        /* else the records are read without storing them, up to the error */
        P->m.vertices = malloc((e->count ? e->count : 1) * 3 * sizeof *P->m.vertices);
        if (!P->m.vertices)
            return ccd_error_oom(P->err, P->path);
        P->m.nvertices = e->count;
    }
    for (size_t r = 0; r < e->count; r++) {
        P->rec = r;
        ccd_status st = P->format == 0 ? record_start(P) : CCD_OK;
        /* the vertex's line; binary data have none: 0, as the triangles' */
        if (st == CCD_OK && ei == P->vertex && P->m.vertices && P->points &&
            ccd_mesh_source_push_vertex(P->src, r, P->format == 0 ? P->line : 0) != 0)
            return ccd_error_oom(P->err, P->path);
        for (size_t i = e->first; i < e->first + e->nprops && st == CCD_OK; i++) {
            const ply_prop *q = &P->props[i];
            double x;
            const char *at;
            if (q->count_type != T_NONE) {
                st = value(P, q->count_type, &x, &at, q->name);
                if (st == CCD_OK && x < 0)
                    st = data_bad(P, at, "negative list count");
                if (st == CCD_OK)
                    st = i == P->indices ? face_list(P, q, x, at) : skip_list(P, q, x);
                continue;
            }
            st = value(P, q->type, &x, &at, q->name);
            if (st != CCD_OK || ei != P->vertex)
                continue;
            for (int c = 0; c < 3; c++)
                if (i == P->xyz[c]) {
                    if (!isfinite(x))
                        st = data_bad(P, at, "non-finite coordinate");
                    else if (P->m.vertices)
                        P->m.vertices[3 * r + (size_t)c] = x;
                }
        }
        if (st == CCD_OK && P->format == 0)
            st = record_end(P);
        if (st != CCD_OK)
            return st;
    }
    if (!fits) /* cannot happen: the records need more bytes than there are */
        return ccd_error_set(P->err, CCD_ERR_INTERNAL, P->path, 0, 0,
                             "element %s read past the end of file", e->name);
    return CCD_OK;
}

static ccd_status read_data(ply *P)
{
    P->end = P->buf + P->len;
    P->line_start = P->p;
    for (size_t i = 0; i < P->nelems; i++) {
        ccd_status st = read_element(P, i);
        if (st != CCD_OK)
            return st;
    }
    if (P->format != 0) {
        size_t extra = (size_t)(P->end - P->p);
        if (extra)
            return ccd_error_set(P->err, CCD_ERR_INPUT, P->path, 0, 0,
                                 "%zu byte%s after the last element", extra,
                                 extra == 1 ? "" : "s");
    } else {
        while (P->p < P->end) {
            P->line++;
            P->line_start = P->p;
            const char *s = P->p;
            while (s < P->end && is_blank(*s))
                s++;
            if (s < P->end && *s != '\n')
                return data_bad(P, s, "data after the last element");
            P->p = s < P->end ? s + 1 : s;
        }
    }
    if (P->m.ntriangles == 0 && !P->points)
        return ccd_error_set(P->err, CCD_ERR_INPUT, P->path, 0, 0, "no triangle");
    return CCD_OK;
}

/* ------------------------------------------------------------------ entry */

int ccd_mesh_is_ply(FILE *f)
{
    char head[8];
    int yes = fgets(head, sizeof head, f) && (!strcmp(head, "ply\n") || !strcmp(head, "ply\r\n"));
    rewind(f);
    return yes;
}

/* The rest of f into a malloc'd buffer with a NUL after it: 0, -1 out of
 * memory, -2 read error. */
static int read_all(FILE *f, char **out, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    if (!b)
        return -1;
    for (;;) {
        if (n + 1 >= cap) {
            char *nb = cap <= SIZE_MAX / 2 ? realloc(b, 2 * cap) : NULL;
            if (!nb) {
                free(b);
                return -1;
            }
            b = nb, cap *= 2;
        }
        size_t k = fread(b + n, 1, cap - 1 - n, f);
        n += k;
        if (k == 0)
            break;
    }
    if (ferror(f)) {
        free(b);
        return -2;
    }
    b[n] = '\0';
    *out = b;
    *len = n;
    return 0;
}

ccd_status ccd_mesh_read_ply(ccd_mesh *out, ccd_mesh_source *src, ccd_error *err, const char *path,
                             FILE *f, int points)
{
    CCD_ASSERT(src || !points);
    ply P;
    memset(&P, 0, sizeof P);
    P.path = path;
    P.err = err;
    P.src = src;
    P.points = points;
    int rc = read_all(f, &P.buf, &P.len);
    if (rc == -1)
        return ccd_error_oom(err, path);
    if (rc == -2)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "read error");
    ccd_status st = parse_header(&P);
    if (st == CCD_OK && src) {
        src->count_line = P.elems[P.vertex].line;
        src->count_column = P.elems[P.vertex].column;
    }
    if (st == CCD_OK)
        st = read_data(&P);
    free(P.buf);
    free(P.elems);
    free(P.props);
    if (st != CCD_OK) {
        ccd_mesh_free(&P.m);
        return st;
    }
    *out = P.m;
    return CCD_OK;
}
