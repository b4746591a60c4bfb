/* SPDX-License-Identifier: MIT */
/* Ground-truth files read back (truth_file_reader.h). */
#include <config.h>

#include "core/hidden_memory.h"

#include "bench/truth_file_reader.h"
#include "bench/truth_file_path.h"
#include "core/error.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char header_line[] = "index,collides,toi_lo,toi_hi";

typedef struct reader {
    const char *path;
    FILE *in;
    char *line;
    size_t cap;
    unsigned long number; /* of the line in `line` */
    mpq_t lo, hi, tmp;
} reader;

/* The next line without its end of line: 1, 0 at the end of the file, or -1
 * (err set) when it holds a NUL byte, which would silently cut the line short. */
static int next_line(reader *r, ccd_error *err)
{
    ssize_t n = getline(&r->line, &r->cap, r->in);
    if (n < 0)
        return 0;
    r->number++;
    const char *nul = memchr(r->line, '\0', (size_t)n);
    if (nul) {
        ccd_error_set(err, CCD_ERR_INPUT, r->path, r->number,
                      (unsigned long)(nul - r->line) + 1, "NUL byte (not a text file)");
        return -1;
    }
    while (n > 0 && (r->line[n - 1] == '\n' || r->line[n - 1] == '\r'))
        r->line[--n] = '\0';
    return 1;
}

/* A non-negative rational "n" or "n/d" (d > 0), the whole of [text, end). */
static int parse_rational(mpq_t out, const char *text, const char *end)
{
    size_t len = (size_t)(end - text);
    if (len == 0 || len > 4096)
        return -1;
    const char *slash = NULL;
    for (const char *p = text; p < end; p++) {
        if (*p == '/' && !slash && p > text && p + 1 < end)
            slash = p;
        else if (*p < '0' || *p > '9')
            return -1;
    }
    char buf[4097];
    memcpy(buf, text, len);
    buf[len] = '\0';
    if (mpq_set_str(out, buf, 10) != 0 || mpz_sgn(mpq_denref(out)) == 0)
        return -1;
    mpq_canonicalize(out);
    return 0;
}

static ccd_status bad(ccd_error *err, const reader *r, const char *at, const char *what)
{
    unsigned long column = at ? (unsigned long)(at - r->line) + 1 : 1;
    return ccd_error_set(err, CCD_ERR_INPUT, r->path, r->number, column, "%s", what);
}

/* "# ms=<d> norm=<inf|2>" must say ms and norm exactly. */
static ccd_status check_separation(ccd_error *err, reader *r, mpq_srcptr ms, int norm)
{
    const char *p = r->line + strlen("# ms=");
    if (strncmp(r->line, "# ms=", 5) != 0)
        return bad(err, r, r->line, "expected '# ms=<d> norm=<inf|2>' or the header line");
    const char *space = strchr(p, ' ');
    if (!space && parse_rational(r->lo, p, p + strlen(p)) == 0)
        return bad(err, r, p + strlen(p), "expected ' norm=inf' or ' norm=2'");
    if (!space || parse_rational(r->lo, p, space) != 0)
        return bad(err, r, p, "the minimum separation is not an exact rational n/d");
    int file_norm;
    if (strcmp(space, " norm=inf") == 0)
        file_norm = 0;
    else if (strcmp(space, " norm=2") == 0)
        file_norm = 2;
    else
        return bad(err, r, space, "expected ' norm=inf' or ' norm=2'");
    if (!ms || mpq_sgn(ms) == 0)
        return bad(err, r, r->line,
                   "this is minimum-separation truth, but the run is plain CCD (no --ms)");
    if (!mpq_equal(r->lo, ms) || file_norm != norm) {
        char *want = mpq_get_str(NULL, 10, ms);
        ccd_status st = ccd_error_set(err, CCD_ERR_INPUT, r->path, r->number, 1,
                                      "truth for a different separation: the run uses "
                                      "ms=%s norm=%s", want ? want : "?",
                                      norm == 2 ? "2" : "inf");
        free(want);
        return st;
    }
    return CCD_OK;
}

/* Row `index`: "index,collides,toi_lo,toi_hi". */
static ccd_status parse_row(ccd_truth_row *row, ccd_error *err, reader *r, uint64_t index)
{
    char *fields[4], *p = r->line;
    for (int k = 0; k < 4; k++) {
        fields[k] = p;
        char *comma = strchr(p, ',');
        if ((k < 3) != (comma != NULL))
            return bad(err, r, comma ? comma : p + strlen(p),
                       k < 3 ? "expected 4 comma-separated fields" : "more than 4 fields");
        p = comma ? comma + 1 : p;
    }
    char *end;
    errno = 0;
    unsigned long long got = strtoull(fields[0], &end, 10);
    if (end == fields[0] || *end != ',' || errno || fields[0][0] < '0' || fields[0][0] > '9')
        return bad(err, r, fields[0], "the index is not a number");
    if (got != index)
        return bad(err, r, fields[0], "rows must be in query order: wrong index");
    if ((fields[1][0] != '0' && fields[1][0] != '1') || fields[1][1] != ',')
        return bad(err, r, fields[1], "collides must be 0 or 1");
    memset(row, 0, sizeof *row);
    row->collides = fields[1][0] == '1';
    char *lo_end = fields[3] - 1, *hi_end = fields[3] + strlen(fields[3]);
    if (!row->collides) {
        if (lo_end != fields[2] || hi_end != fields[3])
            return bad(err, r, fields[2],
                       "toi_lo and toi_hi must be empty when it does not collide");
        return CCD_OK;
    }
    if (parse_rational(r->lo, fields[2], lo_end) != 0)
        return bad(err, r, fields[2], "toi_lo is not a rational n/d");
    if (parse_rational(r->hi, fields[3], hi_end) != 0)
        return bad(err, r, fields[3], "toi_hi is not a rational n/d");
    if (mpq_cmp(r->lo, r->hi) > 0 || mpq_cmp_ui(r->hi, 1, 1) > 0)
        return bad(err, r, fields[2], "expected 0 <= toi_lo <= toi_hi <= 1");
    /* mpq_get_d truncates: towards zero, i.e. down for these non-negative values. */
    row->lo_down = mpq_get_d(r->lo);
    row->hi_up = mpq_get_d(r->hi);
    mpq_set_d(r->tmp, row->hi_up);
    if (mpq_cmp(r->tmp, r->hi) < 0)
        row->hi_up = nextafter(row->hi_up, INFINITY);
    mpq_set_d(r->tmp, row->lo_down);
    row->rational = mpq_equal(r->lo, r->hi) && mpq_equal(r->tmp, r->lo);
    row->down_known = mpq_get_d(r->hi) == row->lo_down;
    return CCD_OK;
}

static ccd_status load_file(ccd_truth_file *f, ccd_error *err, reader *r, mpq_srcptr ms,
                            int norm)
{
    int got = next_line(r, err);
    if (got < 0)
        return CCD_ERR_INPUT;
    if (!got)
        return ccd_error_set(err, CCD_ERR_INPUT, r->path, 1, 1,
                             ferror(r->in) ? "cannot read" : "empty truth file");
    ccd_status st = CCD_OK;
    if (r->line[0] == '#') {
        if ((st = check_separation(err, r, ms, norm)) != CCD_OK)
            return st;
        if ((got = next_line(r, err)) < 0)
            return CCD_ERR_INPUT;
        if (!got)
            return ccd_error_set(err, CCD_ERR_INPUT, r->path, r->number + 1, 1,
                                 "missing the header line '%s'", header_line);
    } else if (ms && mpq_sgn(ms) > 0) {
        return bad(err, r, r->line, "this is plain CCD truth, but the run uses --ms "
                                    "(expected a first line '# ms=<d> norm=<inf|2>')");
    }
    if (strcmp(r->line, header_line) != 0)
        return bad(err, r, r->line, "expected the header line 'index,collides,toi_lo,toi_hi'");
    f->first_line = r->number + 1;
    while ((got = next_line(r, err)) > 0) {
        if (f->count == f->capacity) { /* hidden from the methods' child processes */
            uint64_t cap = f->capacity ? 2 * f->capacity : 1024;
            ccd_truth_row *grown = ccd_hidden_alloc(cap * sizeof *grown);
            if (!grown)
                return ccd_error_oom(err, r->path);
            if (f->count)
                memcpy(grown, f->rows, f->count * sizeof *grown);
            ccd_hidden_free(f->rows, f->capacity * sizeof *grown);
            f->rows = grown;
            f->capacity = cap;
        }
        if ((st = parse_row(&f->rows[f->count], err, r, f->count)) != CCD_OK)
            return st;
        f->count++;
    }
    if (got < 0)
        return CCD_ERR_INPUT;
    if (ferror(r->in))
        return ccd_error_set(err, CCD_ERR_INPUT, r->path, r->number + 1, 1, "cannot read: %s",
                             strerror(errno));
    return CCD_OK;
}

ccd_status ccd_truth_file_set_load(ccd_truth_file_set *t, ccd_error *err, char *const *paths,
                                size_t count, mpq_srcptr ms, int norm)
{
    t->count = 0;
    t->files = calloc(count ? count : 1, sizeof *t->files);
    if (!t->files)
        return ccd_error_oom(err, "ccdbench");
    reader r = {0};
    /* the text of the truth, in memory the methods' child processes do not see */
    enum { STDIO_BUFFER = 1 << 16 };
    char *stdio_buffer = ccd_hidden_alloc(STDIO_BUFFER);
    mpq_inits(r.lo, r.hi, r.tmp, NULL);
    ccd_status st = CCD_OK;
    for (size_t i = 0; i < count && st == CCD_OK; i++) {
        ccd_truth_file *f = &t->files[t->count++];
        if (!(f->path = strdup(paths[i]))) {
            st = ccd_error_oom(err, "ccdbench");
            break;
        }
        r.path = paths[i];
        r.number = 0;
        if (!(r.in = fopen(paths[i], "r"))) {
            st = ccd_error_set(err, CCD_ERR_INPUT, paths[i], 0, 0,
                               "cannot open the truth file: %s", strerror(errno));
            break;
        }
        if (stdio_buffer)
            setvbuf(r.in, stdio_buffer, _IOFBF, STDIO_BUFFER);
        st = load_file(f, err, &r, ms, norm);
        fclose(r.in);
    }
    if (r.line) /* the text of the last row, before its memory goes back to malloc */
        memset(r.line, 0, r.cap);
    free(r.line);
    ccd_hidden_free(stdio_buffer, STDIO_BUFFER);
    mpq_clears(r.lo, r.hi, r.tmp, NULL);
    if (st != CCD_OK)
        ccd_truth_file_set_free(t);
    return st;
}

void ccd_truth_file_set_free(ccd_truth_file_set *t)
{
    for (size_t i = 0; i < t->count; i++) {
        free(t->files[i].path);
        ccd_hidden_free(t->files[i].rows, t->files[i].capacity * sizeof *t->files[i].rows);
    }
    free(t->files);
    t->files = NULL;
    t->count = 0;
}

ccd_status ccd_truth_file_set_load_dir(ccd_truth_file_set *t, ccd_error *err, const char *dir,
                                       const ccd_dataset *ds, char *const *roots, int root_count,
                                       mpq_srcptr ms, int norm)
{
    memset(t, 0, sizeof *t);
    char **paths = calloc(ds->count ? ds->count : 1, sizeof *paths);
    ccd_status st = paths ? CCD_OK : ccd_error_oom(err, dir);
    for (size_t i = 0; st == CCD_OK && i < ds->count; i++)
        if (!(paths[i] = ccd_truth_file_path(dir, ds->files[i].csv_path, roots, root_count)))
            st = ccd_error_oom(err, dir);
    if (st == CCD_OK)
        st = ccd_truth_paths_distinct(err, paths, ds);
    if (st == CCD_OK)
        st = ccd_truth_file_set_load(t, err, paths, ds->count, ms, norm);
    for (size_t i = 0; paths && i < ds->count; i++)
        free(paths[i]);
    free(paths);
    return st;
}
