/* SPDX-License-Identifier: MIT */
/*
 * Reading a convex polyhedron from an OFF or OBJ file.  Only the vertices make the
 * body (its faces are rebuilt as the exact convex hull); the file's faces are
 * checked for syntax and index range.  A vertex that is not a corner of the hull
 * means the file does not describe a strictly convex body and is refused at its
 * own line, rather than silently replaced by its hull.
 */
#include <config.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contact/polyhedra/polyhedron_internal.h"
#include "core/text_line.h"

typedef struct reader {
    const char *path;
    ccd_error *err;
    double (*v)[3];
    unsigned long *vline;
    size_t nv, cap;
    int line_failed; /* a line could not be read: err says why */
} reader;

static ccd_status bad(reader *r, unsigned long line, unsigned long col, const char *what)
{
    return ccd_error_set(r->err, CCD_ERR_INPUT, r->path, line, col, "%s", what);
}

/* Why line `line` could not be read (tl is not CCD_TEXT_LINE or CCD_TEXT_END). */
static ccd_status line_problem(reader *r, unsigned long line, ccd_text_line tl, size_t column,
                               size_t size)
{
    r->line_failed = 1;
    if (tl == CCD_TEXT_NUL) /* a file of NUL bytes was read as blank lines, forever */
        return bad(r, line, (unsigned long)column, "a NUL byte (not a text file)");
    if (tl == CCD_TEXT_TOO_LONG)
        return bad(r, line, (unsigned long)size - 1, "line too long");
    return ccd_error_set(r->err, CCD_ERR_INPUT, r->path, 0, 0, "cannot read: %s",
                         strerror(errno));
}

static int push_vertex(reader *r, const double x[3], unsigned long line)
{
    if (r->nv == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 64;
        double (*v)[3] = realloc(r->v, cap * sizeof *v);
        if (!v)
            return -1;
        r->v = v;
        unsigned long *l = realloc(r->vline, cap * sizeof *l);
        if (!l)
            return -1;
        r->vline = l, r->cap = cap;
    }
    memcpy(r->v[r->nv], x, sizeof r->v[0]);
    r->vline[r->nv++] = line;
    return 0;
}

/* Skips blanks; returns the column (1-based) of the next token. */
static const char *skip(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    return s;
}

/* Parses a finite double at *s; 0 on success. */
static int number(double *x, const char **s)
{
    char *end;
    errno = 0;
    *x = strtod(*s, &end);
    if (end == *s || errno == ERANGE || !isfinite(*x) ||
        (*end && *end != ' ' && *end != '\t' && *end != '\r' && *end != '\n'))
        return -1;
    *s = end;
    return 0;
}

static int integer(long *x, const char **s)
{
    char *end;
    errno = 0;
    *x = strtol(*s, &end, 10);
    if (end == *s || errno == ERANGE)
        return -1;
    *s = end;
    return 0;
}

/* Line 1 past a UTF-8 byte order mark, as the query and mesh readers skip it
 * (it hid the first `v` or the OFF header); columns still count its bytes. */
static const char *after_bom(const char *buf, unsigned long line)
{
    return line == 1 && !strncmp(buf, "\xEF\xBB\xBF", 3) ? buf + 3 : buf;
}

static int is_obj(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && (!strcmp(path + n - 4, ".obj") || !strcmp(path + n - 4, ".OBJ"));
}

/* OBJ: `v x y z [w]` and `f i[/t[/n]] ...` (negative indices count back). */
static ccd_status read_obj(reader *r, FILE *f)
{
    char buf[4096];
    unsigned long line = 0;
    size_t column;
    ccd_text_line tl;
    while ((tl = ccd_text_line_read(buf, sizeof buf, &column, f)) == CCD_TEXT_LINE) {
        line++;
        const char *s = skip(after_bom(buf, line));
        if (s[0] == 'v' && (s[1] == ' ' || s[1] == '\t')) {
            s = skip(s + 1);
            double x[3];
            for (int k = 0; k < 3; k++) {
                if (number(&x[k], &s))
                    return bad(r, line, (unsigned long)(s - buf) + 1,
                               "expected a finite number (vertex coordinate)");
                s = skip(s);
            }
            if (push_vertex(r, x, line))
                return ccd_error_set(r->err, CCD_ERR_INTERNAL, r->path, 0, 0, "out of memory");
        } else if (s[0] == 'f' && (s[1] == ' ' || s[1] == '\t')) {
            s = skip(s + 1);
            int count = 0;
            while (*s && *s != '\n' && *s != '#') {
                long i;
                const char *at = s;
                if (integer(&i, &s) || i == 0 || (i > 0 && (size_t)i > r->nv) ||
                    (i < 0 && (size_t)(-i) > r->nv))
                    return bad(r, line, (unsigned long)(at - buf) + 1,
                               "expected the index of a vertex read before");
                while (*s && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\n')
                    s++; /* texture / normal indices */
                s = skip(s);
                count++;
            }
            if (count < 3)
                return bad(r, line, (unsigned long)(s - buf) + 1, "a face needs 3 vertices");
        }
        /* other statements (vn, vt, o, g, s, usemtl, comments) do not shape the body */
    }
    return tl == CCD_TEXT_END ? CCD_OK : line_problem(r, line + 1, tl, column, sizeof buf);
}

/* Next non-empty, non-comment line of an OFF file; NULL at the end, or when a line
 * cannot be read (then r->line_failed is set and err says why). */
static const char *off_line(reader *r, char *buf, size_t size, FILE *f, unsigned long *line)
{
    size_t column;
    ccd_text_line tl;
    while ((tl = ccd_text_line_read(buf, size, &column, f)) == CCD_TEXT_LINE) {
        ++*line;
        char *h = strchr(buf, '#');
        if (h)
            *h = '\0';
        const char *s = skip(after_bom(buf, *line));
        if (*s && *s != '\n')
            return s;
    }
    if (tl != CCD_TEXT_END)
        line_problem(r, *line + 1, tl, column, size);
    return NULL;
}

static ccd_status read_off(reader *r, FILE *f)
{
    char buf[4096];
    unsigned long line = 0;
    const char *s = off_line(r, buf, sizeof buf, f, &line);
    if (r->line_failed)
        return CCD_ERR_INPUT;
    if (!s || strncmp(s, "OFF", 3) != 0)
        return bad(r, line ? line : 1, 1, "expected the OFF header");
    s = skip(s + 3);
    if (*s == '\n' || !*s)
        s = off_line(r, buf, sizeof buf, f, &line);
    if (r->line_failed)
        return CCD_ERR_INPUT;
    long nv, nf, ne;
    const char *at = s;
    if (!s || integer(&nv, &s) || nv < 0 || (s = skip(s), integer(&nf, &s)) || nf < 0)
        return bad(r, line, s ? (unsigned long)(at - buf) + 1 : 1,
                   "expected the vertex and face counts");
    s = skip(s);
    if (*s && *s != '\n' && integer(&ne, &s))
        return bad(r, line, (unsigned long)(s - buf) + 1, "expected the edge count");
    for (long i = 0; i < nv; i++) {
        s = off_line(r, buf, sizeof buf, f, &line);
        if (!s)
            return r->line_failed ? CCD_ERR_INPUT
                                  : bad(r, line + 1, 1, "file ends before all vertices were read");
        double x[3];
        for (int k = 0; k < 3; k++) {
            if (number(&x[k], &s))
                return bad(r, line, (unsigned long)(s - buf) + 1,
                           "expected a finite number (vertex coordinate)");
            s = skip(s);
        }
        if (push_vertex(r, x, line))
            return ccd_error_set(r->err, CCD_ERR_INTERNAL, r->path, 0, 0, "out of memory");
    }
    for (long i = 0; i < nf; i++) {
        s = off_line(r, buf, sizeof buf, f, &line);
        if (!s)
            return r->line_failed ? CCD_ERR_INPUT
                                  : bad(r, line + 1, 1, "file ends before all faces were read");
        long k;
        at = s;
        if (integer(&k, &s) || k < 3)
            return bad(r, line, (unsigned long)(at - buf) + 1,
                       "expected the vertex count of a face (at least 3)");
        for (long j = 0; j < k; j++) {
            s = skip(s);
            long idx;
            at = s;
            if (integer(&idx, &s) || idx < 0 || idx >= nv)
                return bad(r, line, (unsigned long)(at - buf) + 1,
                           "expected a vertex index in [0, vertex count)");
        }
    }
    return CCD_OK;
}

static int point_bytes_cmp(const void *x, const void *y)
{
    return memcmp(x, y, 3 * sizeof(double));
}

ccd_status ccd_polyhedron_read(ccd_polyhedron *p, ccd_error *err, const char *path)
{
    memset(p, 0, sizeof *p);
    FILE *f = fopen(path, "r");
    if (!f)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot open: %s", strerror(errno));
    reader r = {.path = path, .err = err};
    ccd_status st = is_obj(path) ? read_obj(&r, f) : read_off(&r, f);
    fclose(f);
    if (st == CCD_OK)
        st = ccd_polyh_hull_path(p, err, (const double (*)[3])r.v, r.nv, path);
    /* every distinct input vertex must be a corner of the hull: looked up in the
     * corners sorted by their bytes (equal doubles, bit for bit) */
    double (*corner)[3] = NULL;
    if (st == CCD_OK) {
        corner = malloc((p->vertex_count ? p->vertex_count : 1) * sizeof *corner);
        if (!corner) {
            ccd_polyhedron_free(p);
            st = ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
        } else {
            memcpy(corner, p->vertex, p->vertex_count * sizeof *corner);
            qsort(corner, p->vertex_count, sizeof *corner, point_bytes_cmp);
        }
    }
    for (size_t i = 0; st == CCD_OK && i < r.nv; i++)
        if (!bsearch(r.v[i], corner, p->vertex_count, sizeof *corner, point_bytes_cmp)) {
            ccd_polyhedron_free(p);
            st = ccd_error_set(err, CCD_ERR_INPUT, path, r.vline[i], 1,
                               "vertex %zu is not a corner of the convex hull: the polyhedron "
                               "is not convex (or the vertex lies on a face or an edge)",
                               i + 1);
        }
    free(corner);
    free(r.v), free(r.vline);
    return st;
}
