/* SPDX-License-Identifier: MIT */
/* Reading a triangle mesh (<ccdbench/mesh.h>), or a mesh file for its vertices
 * (ccd_mesh_read_points, mesh_source.h): OBJ and OFF files here, PLY files in
 * mesh_ply.c, told apart by their contents. */
#include <config.h>

#include "ccdbench/mesh.h"
#include "mesh/mesh_source.h"
#include "mesh/mesh_ply.h"
#include "core/text_line.h"
#include "core/grow.h"
#include "core/assert.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct reader {
    const char *path;
    ccd_error *err;
    size_t line;
    ccd_mesh m;
    size_t vcap, tcap;
    ccd_mesh_source *src; /* NULL: not kept */
    int points;           /* ccd_mesh_read_points: vertex lines kept, faces optional */
} reader;

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
    if (r->points && ccd_mesh_source_push_vertex(r->src, r->m.nvertices, r->line) != 0)
        return -1;
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

/* The three coordinates of a vertex, from s (after OBJ's "v", or an OFF vertex
 * line), added to the mesh. */
static ccd_status read_vertex(reader *r, const char *text, const char *s)
{
    double x[3];
    for (int c = 0; c < 3; c++)
        if (read_number(&x[c], &s) != 0)
            return bad(r, skip_space(s), text, "expected a finite coordinate");
    if (push_vertex(r, x) != 0)
        return ccd_error_set(r->err, CCD_ERR_INTERNAL, r->path, 0, 0, "out of memory");
    return CCD_OK;
}

/* A polygon's vertex indices (fanned into triangles); obj: 1-based, negative
 * relative, "i/t/n" accepted.  `n_expected` is the OFF count, 0 for OBJ; in OFF
 * what follows the count's indices is the face's colour, which is skipped. */
static ccd_status read_polygon(reader *r, const char *text, const char *s, int obj,
                               long n_expected)
{
    uint32_t first = 0, prev = 0;
    long count = 0;
    for (;;) {
        s = skip_space(s);
        if (!*s || *s == '\n' || *s == '#' || (!obj && count == n_expected))
            break;
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

/* The OFF keyword that opens s, if any: 1 for OFF and the variants whose extra
 * numbers are skipped (COFF: a colour after each vertex, NOFF: a normal, CNOFF:
 * both; any OFF face may end in a colour), with its length in *len; -1 for the
 * variants that are not read (texture coordinates, 4D, nD, homogeneous); 0 when
 * s does not open with an OFF keyword (OBJ). */
static int off_keyword(size_t *len, const char *s)
{
    size_t k = strspn(s, "STCN4n");
    if (strncmp(s + k, "OFF", 3) != 0 || (s[k + 3] && !strchr(" \t\r\n#", s[k + 3])))
        return 0;
    *len = k + 3;
    static const char *const read[] = {"OFF", "COFF", "NOFF", "CNOFF"};
    for (size_t i = 0; i < sizeof read / sizeof read[0]; i++)
        if (strlen(read[i]) == k + 3 && !strncmp(s, read[i], k + 3))
            return 1;
    return -1;
}

/* The message for an OFF variant that is not read. */
static const char *off_refusal(const char *s, size_t len)
{
    if (strpbrk(s, "4n") && strpbrk(s, "4n") < s + len)
        return "a 4D or nD OFF file is not read (OFF, COFF, NOFF and CNOFF are)";
    if (s[0] == 'S')
        return "an STOFF file (texture coordinates) is not read (OFF, COFF, NOFF and CNOFF are)";
    return "this OFF variant is not read (OFF, COFF, NOFF and CNOFF are)";
}

/* ccd_mesh_read_source, and with `points` ccd_mesh_read_points (src not NULL). */
static ccd_status read_file(ccd_mesh *out, ccd_mesh_source *src, ccd_error *err,
                            const char *path, int points)
{
    CCD_ASSERT(src || !points);
    if (src)
        memset(src, 0, sizeof *src);
    FILE *f = fopen(path, "rb");
    if (!f)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot open: %s", strerror(errno));
    if (ccd_mesh_is_ply(f)) {
        ccd_status st = ccd_mesh_read_ply(out, src, err, path, f, points);
        fclose(f);
        if (st != CCD_OK && src)
            ccd_mesh_source_free(src);
        return st;
    }
    reader r = {.path = path, .err = err, .src = src, .points = points};
    /* a file named .off is read as OFF whatever its contents (text that is not
     * OFF is refused at its first line, not read as OBJ with no triangle) */
    const size_t n = strlen(path);
    const int named_off = n >= 4 && !strcasecmp(path + n - 4, ".off");
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
            size_t kw = 0;
            off = off_keyword(&kw, s);
            if (off < 0) {
                st = bad(&r, s, text, off_refusal(s, kw));
                break;
            }
            if (!off && named_off) {
                st = bad(&r, s, text, "expected an OFF header (OFF, COFF, NOFF or CNOFF)");
                break;
            }
            if (off) {
                s = skip_space(s + kw);
                if (!*s || *s == '\n')
                    continue;
            }
        }
        if (!off) {
            if (s[0] == 'v' && (s[1] == ' ' || s[1] == '\t')) {
                st = read_vertex(&r, text, s + 1);
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
            for (int c = 0; c < 3; c++) {
                const char *at = skip_space(p); /* the count's first character */
                if (c == 2 && strchr("\n#", *at)) { /* no edge count: it is not used */
                    cnt[2] = 0;
                    break;
                }
                if (read_number(&cnt[c], &p) != 0 || cnt[c] < 0 || cnt[c] != floor(cnt[c]) ||
                    cnt[c] > 1e9) {
                    st = bad(&r, at, text, "expected the counts: vertices faces edges");
                    break;
                }
            }
            if (st != CCD_OK) /* a count out of range converts to no long */
                break;
            nv = (long)cnt[0], nf = (long)cnt[1], header_done = 1;
            if (src)
                src->count_line = r.line, src->count_column = (unsigned long)(s - text) + 1;
            continue;
        }
        if ((long)r.m.nvertices < nv) {
            st = read_vertex(&r, text, s);
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
    if (st == CCD_OK && named_off && off != 1) /* blank lines and comments only */
        st = ccd_error_set(err, CCD_ERR_INPUT, path, r.line + 1, 0,
                           "end of file before the OFF header (OFF, COFF, NOFF or CNOFF)");
    if (st == CCD_OK && r.m.ntriangles == 0 && !points)
        st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                           off == 1 ? "no triangle"
                                    : "no triangle (read as OBJ: no `f` line; OFF files start "
                                      "with OFF, PLY files with ply)");
    if (st != CCD_OK) {
        ccd_mesh_free(&r.m);
        if (src)
            ccd_mesh_source_free(src);
        return st;
    }
    *out = r.m;
    return CCD_OK;
}

ccd_status ccd_mesh_read(ccd_mesh *out, ccd_error *err, const char *path)
{
    return read_file(out, NULL, err, path, 0);
}

ccd_status ccd_mesh_read_source(ccd_mesh *out, ccd_mesh_source *src, ccd_error *err,
                                const char *path)
{
    return read_file(out, src, err, path, 0);
}

ccd_status ccd_mesh_read_points(ccd_mesh *out, ccd_mesh_source *src, ccd_error *err,
                                const char *path)
{
    return read_file(out, src, err, path, 1);
}
