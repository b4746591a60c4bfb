/* SPDX-License-Identifier: MIT */
/* Triangle meshes for the long-range contact potential: OBJ and OFF files (PLY
 * files in mesh_ply.c), a gridded box and a UV sphere (see
 * ccdbench/potential.h). */
#include <config.h>

#include "ccdbench/potential.h"
#include "mesh/mesh_source.h"
#include "mesh/mesh_ply.h"
#include "core/text_line.h"
#include "core/grow.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ccd_mesh_free(ccd_mesh *m)
{
    free(m->vertices);
    free(m->triangles);
    memset(m, 0, sizeof *m);
}

static ccd_status mesh_alloc(ccd_mesh *m, ccd_error *err, size_t nv, size_t nt)
{
    memset(m, 0, sizeof *m);
    m->vertices = malloc((nv ? nv : 1) * 3 * sizeof *m->vertices);
    m->triangles = malloc((nt ? nt : 1) * 3 * sizeof *m->triangles);
    if (!m->vertices || !m->triangles) {
        ccd_mesh_free(m);
        return ccd_error_set(err, CCD_ERR_INTERNAL, "mesh", 0, 0, "out of memory");
    }
    m->nvertices = nv;
    m->ntriangles = nt;
    return CCD_OK;
}

ccd_status ccd_mesh_box(ccd_mesh *m, ccd_error *err, const double half[3], unsigned n)
{
    if (n < 1 || n > 4096)
        return ccd_error_set(err, CCD_ERR_INPUT, "box", 0, 0, "grid %u is not in 1..4096", n);
    size_t per = (size_t)(n + 1) * (n + 1);
    ccd_status st = mesh_alloc(m, err, 6 * per, 12 * (size_t)n * n);
    if (st != CCD_OK)
        return st;
    /* Face f: axis f/2, side ±; (u, v) span the other two axes, ordered so that
     * the triangles face outwards.  Corner vertices are repeated per face, which
     * the potential does not mind (it never needs a closed surface). */
    size_t v = 0, t = 0;
    for (int f = 0; f < 6; f++) {
        int axis = f / 2, sgn = f % 2 ? -1 : 1;
        int ua = (axis + 1) % 3, va = (axis + 2) % 3;
        size_t base = v;
        for (unsigned i = 0; i <= n; i++)
            for (unsigned j = 0; j <= n; j++) {
                double *x = m->vertices + 3 * v++;
                x[axis] = sgn * half[axis];
                x[ua] = half[ua] * (2.0 * i / n - 1);
                x[va] = half[va] * (2.0 * j / n - 1);
            }
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = 0; j < n; j++) {
                uint32_t q00 = (uint32_t)(base + i * (n + 1) + j), q10 = q00 + n + 1;
                uint32_t quad[2][3] = {{q00, q10, q10 + 1}, {q00, q10 + 1, q00 + 1}};
                for (int k = 0; k < 2; k++) {
                    uint32_t *tri = m->triangles + 3 * t++;
                    tri[0] = quad[k][0];
                    tri[1] = sgn > 0 ? quad[k][1] : quad[k][2];
                    tri[2] = sgn > 0 ? quad[k][2] : quad[k][1];
                }
            }
    }
    return CCD_OK;
}

ccd_status ccd_mesh_sphere(ccd_mesh *m, ccd_error *err, double radius, unsigned segments)
{
    unsigned rings = segments / 2;
    if (segments < 3 || rings < 2 || segments > 65536)
        return ccd_error_set(err, CCD_ERR_INPUT, "sphere", 0, 0,
                             "%u segments is not in 4..65536", segments);
    if (!(radius > 0) || !isfinite(radius))
        return ccd_error_set(err, CCD_ERR_INPUT, "sphere", 0, 0, "radius %g is not > 0", radius);
    size_t nv = 2 + (size_t)(rings - 1) * segments;
    ccd_status st = mesh_alloc(m, err, nv, 2 * (size_t)segments * (rings - 1));
    if (st != CCD_OK)
        return st;
    const double pi = acos(-1.0);
    double *x = m->vertices;
    x[0] = 0, x[1] = 0, x[2] = radius;     /* north pole: vertex 0 */
    x[3] = 0, x[4] = 0, x[5] = -radius;    /* south pole: vertex 1 */
    for (unsigned r = 1; r < rings; r++)
        for (unsigned s = 0; s < segments; s++) {
            double th = pi * r / rings, ph = 2 * pi * s / segments;
            double *y = x + 3 * (2 + (size_t)(r - 1) * segments + s);
            y[0] = radius * sin(th) * cos(ph);
            y[1] = radius * sin(th) * sin(ph);
            y[2] = radius * cos(th);
        }
#define RV(r, s) ((uint32_t)(2 + (size_t)((r) - 1) * segments + (s) % segments))
    size_t t = 0;
    uint32_t *tr = m->triangles;
    for (unsigned s = 0; s < segments; s++) {
        uint32_t *a = tr + 3 * t++, *b = tr + 3 * t++;
        a[0] = 0, a[1] = RV(1, s), a[2] = RV(1, s + 1);
        b[0] = 1, b[1] = RV(rings - 1, s + 1), b[2] = RV(rings - 1, s);
        for (unsigned r = 1; r + 1 < rings; r++) {
            uint32_t *c = tr + 3 * t++, *d = tr + 3 * t++;
            c[0] = RV(r, s), c[1] = RV(r + 1, s), c[2] = RV(r + 1, s + 1);
            d[0] = RV(r, s), d[1] = RV(r + 1, s + 1), d[2] = RV(r, s + 1);
        }
    }
#undef RV
    return CCD_OK;
}

/* ------------------------------------------------------------------ files */

typedef struct reader {
    const char *path;
    ccd_error *err;
    size_t line;
    ccd_mesh m;
    size_t vcap, tcap;
    ccd_mesh_source *src; /* NULL: not kept */
} reader;

void ccd_mesh_source_free(ccd_mesh_source *src)
{
    free(src->triangle_line);
    memset(src, 0, sizeof *src);
}

int ccd_mesh_source_push(ccd_mesh_source *src, size_t index, size_t line)
{
    size_t *grown = ccd_grow(src->triangle_line, &src->cap, index, sizeof *grown, 256);
    if (!grown)
        return -1;
    src->triangle_line = grown;
    grown[index] = line;
    return 0;
}

static ccd_status bad(reader *r, const char *at, const char *text, const char *what)
{
    return ccd_error_set(r->err, CCD_ERR_INPUT, r->path, r->line,
                         at ? (unsigned long)(at - text) + 1 : 0, "%s", what);
}

static int push_vertex(reader *r, const double x[3])
{
    void *grown = ccd_grow(r->m.vertices, &r->vcap, r->m.nvertices, 3 * sizeof *x, 256);
    if (!grown)
        return -1;
    r->m.vertices = grown;
    memcpy(r->m.vertices + 3 * r->m.nvertices++, x, 3 * sizeof *x);
    return 0;
}

static int push_triangle(reader *r, uint32_t i, uint32_t j, uint32_t k)
{
    void *grown = ccd_grow(r->m.triangles, &r->tcap, r->m.ntriangles, 3 * sizeof(uint32_t), 256);
    if (!grown || (r->src && ccd_mesh_source_push(r->src, r->m.ntriangles, r->line) != 0))
        return -1;
    r->m.triangles = grown;
    uint32_t *t = r->m.triangles + 3 * r->m.ntriangles++;
    t[0] = i, t[1] = j, t[2] = k;
    return 0;
}

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    return s;
}

/* A finite number at *s, ended by a space, the line's end or a comment; advances *s.
 * -1 when there is none ("-1abc" is none: it was read as -1).  Subnormal numbers
 * are numbers (strtod flags their underflow with ERANGE); an overflow is not. */
static int read_number(double *out, const char **s)
{
    const char *p = skip_space(*s);
    char *end;
    double x = strtod(p, &end);
    if (end == p || !isfinite(x) || !strchr(" \t\r\n#", *end))
        return -1;
    *out = x;
    *s = end;
    return 0;
}

/* A polygon's vertex indices (fanned into triangles); obj: 1-based, negative
 * relative, "i/t/n" accepted.  `n_expected` is the OFF count, 0 for OBJ. */
static ccd_status read_polygon(reader *r, const char *text, const char *s, int obj,
                               long n_expected)
{
    uint32_t first = 0, prev = 0;
    long count = 0;
    for (;;) {
        s = skip_space(s);
        if (!*s || *s == '\n' || *s == '#')
            break;
        if (!obj && count == n_expected)
            return bad(r, s, text, "more vertex indices than the face's count");
        char *end;
        errno = 0;
        long idx = strtol(s, &end, 10);
        if (end == s || errno == ERANGE)
            return bad(r, s, text, "expected a vertex index");
        long resolved = obj ? (idx < 0 ? (long)r->m.nvertices + idx : idx - 1) : idx;
        if (resolved < 0 || (size_t)resolved >= r->m.nvertices || (obj && idx == 0))
            return bad(r, s, text, "vertex index out of range");
        if (obj)
            while (*end && *end != ' ' && *end != '\t' && *end != '\r' && *end != '\n')
                end++; /* texture and normal indices */
        uint32_t v = (uint32_t)resolved;
        if (count == 0)
            first = v;
        else if (count >= 2 && push_triangle(r, first, prev, v) != 0)
            return ccd_error_set(r->err, CCD_ERR_INTERNAL, r->path, 0, 0, "out of memory");
        prev = v;
        count++;
        s = end;
    }
    if (count < 3 || (!obj && count != n_expected))
        return bad(r, s, text, count < 3 ? "a face needs at least 3 vertices"
                                         : "fewer vertex indices than the face's count");
    return CCD_OK;
}

ccd_status ccd_mesh_read(ccd_mesh *out, ccd_error *err, const char *path)
{
    return ccd_mesh_read_source(out, NULL, err, path);
}

ccd_status ccd_mesh_read_source(ccd_mesh *out, ccd_mesh_source *src, ccd_error *err,
                                const char *path)
{
    if (src)
        memset(src, 0, sizeof *src);
    FILE *f = fopen(path, "rb");
    if (!f)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "%s", strerror(errno));
    if (ccd_mesh_is_ply(f)) {
        ccd_status st = ccd_mesh_read_ply(out, src, err, path, f);
        fclose(f);
        if (st != CCD_OK && src)
            ccd_mesh_source_free(src);
        return st;
    }
    reader r = {.path = path, .err = err, .src = src};
    char text[4096];
    ccd_status st = CCD_OK;
    int off = -1; /* unknown until the first meaningful line */
    long nv = 0, nf = 0, header_done = 0;
    size_t column;
    ccd_text_line tl = CCD_TEXT_LINE;
    while (st == CCD_OK &&
           (tl = ccd_text_line_read(text, sizeof text, &column, f)) == CCD_TEXT_LINE) {
        r.line++;
        /* a UTF-8 byte order mark, as the query reader skips it (it hid the first
         * line's `v`, shifting every index) */
        const int bom = r.line == 1 && !strncmp(text, "\xEF\xBB\xBF", 3);
        const char *s = skip_space(bom ? text + 3 : text);
        if (!*s || *s == '\n' || *s == '#')
            continue;
        if (off < 0) {
            off = !strncmp(s, "OFF", 3);
            if (off) {
                s = skip_space(s + 3);
                if (!*s || *s == '\n')
                    continue;
            }
        }
        if (!off) {
            if (s[0] == 'v' && (s[1] == ' ' || s[1] == '\t')) {
                double x[3];
                const char *p = s + 1;
                for (int c = 0; c < 3; c++)
                    if (read_number(&x[c], &p) != 0) {
                        st = bad(&r, skip_space(p), text, "expected a finite coordinate");
                        break;
                    }
                if (st == CCD_OK && push_vertex(&r, x) != 0)
                    st = ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
                if (src)
                    src->count_line = r.line, src->count_column = 1;
            } else if (s[0] == 'f' && (s[1] == ' ' || s[1] == '\t')) {
                st = read_polygon(&r, text, s + 1, 1, 0);
            } /* other OBJ statements (vn, vt, o, g, s, usemtl, …) carry no geometry */
            continue;
        }
        if (!header_done) {
            double cnt[3];
            const char *p = s;
            for (int c = 0; c < 3; c++)
                if (read_number(&cnt[c], &p) != 0 || cnt[c] < 0 || cnt[c] != floor(cnt[c]) ||
                    cnt[c] > 1e9) {
                    st = bad(&r, skip_space(p), text, "expected the counts: vertices faces edges");
                    break;
                }
            nv = (long)cnt[0], nf = (long)cnt[1], header_done = 1;
            if (src)
                src->count_line = r.line, src->count_column = (unsigned long)(s - text) + 1;
            continue;
        }
        if ((long)r.m.nvertices < nv) {
            double x[3];
            const char *p = s;
            for (int c = 0; c < 3; c++)
                if (read_number(&x[c], &p) != 0) {
                    st = bad(&r, skip_space(p), text, "expected a finite coordinate");
                    break;
                }
            if (st == CCD_OK && push_vertex(&r, x) != 0)
                st = ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
        } else if (nf > 0) {
            char *end;
            long k = strtol(s, &end, 10);
            if (end == s || k < 3)
                st = bad(&r, s, text, "expected a face's vertex count ≥ 3");
            else
                st = read_polygon(&r, text, end, 0, k);
            nf--;
        } else {
            st = bad(&r, s, text, "data after the last face");
        }
    }
    if (st == CCD_OK && tl == CCD_TEXT_NUL) /* /dev/zero was blank lines, forever */
        st = ccd_error_set(err, CCD_ERR_INPUT, path, r.line + 1, column,
                           "a NUL byte (not a text file)");
    else if (st == CCD_OK && tl == CCD_TEXT_TOO_LONG)
        st = ccd_error_set(err, CCD_ERR_INPUT, path, r.line + 1, 0,
                           "line longer than %zu characters", sizeof text - 2);
    else if (st == CCD_OK && (tl == CCD_TEXT_ERROR || ferror(f)))
        st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "read error");
    fclose(f);
    if (st == CCD_OK && off == 1 && (!header_done || (long)r.m.nvertices < nv || nf > 0))
        st = ccd_error_set(err, CCD_ERR_INPUT, path, r.line + 1, 0,
                           "end of file before the counted vertices and faces");
    if (st == CCD_OK && r.m.ntriangles == 0)
        st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "no triangle");
    if (st != CCD_OK) {
        ccd_mesh_free(&r.m);
        if (src)
            ccd_mesh_source_free(src);
        return st;
    }
    *out = r.m;
    return CCD_OK;
}
