/* SPDX-License-Identifier: MIT */
/* Exact labels decided in parts and handed on in order (exact_label_parts.h). */
#include <config.h>

#include "bench/exact_label_parts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"

static ccd_status write_line(void *ctx, ccd_error *err, size_t file, const ccd_query *q,
                             const ccd_exact_label *label)
{
    FILE *out = ctx;
    fprintf(out, "%zu %llu %d %d %a %s %s\n", file, (unsigned long long)q->index, label->given,
            label->collides, label->seconds, label->collides ? label->toi_lo : "-",
            label->collides ? label->toi_hi : "-");
    return ferror(out) ? ccd_error_oom(err, "ccdbench") : CCD_OK;
}

ccd_status ccd_exact_label_run_part(char **part, size_t *length, ccd_error *err,
                                    const ccd_dataset *ds, const ccd_exact_label_config *cfg)
{
    *part = NULL;
    *length = 0;
    FILE *out = open_memstream(part, length);
    if (!out)
        return ccd_error_oom(err, "ccdbench");
    ccd_exact_label_config mine = *cfg;
    mine.on_query = write_line;
    mine.ctx = out;
    /* progress still goes to the caller, with its own context (it was handed `out`,
     * a FILE *, as the caller's context: the truth bar read garbage from it) */
    mine.progress_ctx = cfg->progress_ctx ? cfg->progress_ctx : cfg->ctx;
    ccd_status st = ccd_exact_label_run(err, ds, &mine);
    if (fclose(out) != 0 && st == CCD_OK)
        st = ccd_error_oom(err, "ccdbench");
    if (st != CCD_OK) {
        free(*part);
        *part = NULL;
        *length = 0;
    }
    return st;
}

/* One line of a part, split in place. */
typedef struct label_line {
    size_t file;
    unsigned long long index;
    int label, collides;
    double seconds;
    const char *lo, *hi;
    size_t part;
} label_line;

static int compare_lines(const void *pa, const void *pb)
{
    const label_line *a = pa, *b = pb;
    if (a->file != b->file)
        return a->file < b->file ? -1 : 1;
    return a->index != b->index ? (a->index < b->index ? -1 : 1) : 0;
}

/* Cut the next space- or newline-ended field at *at (NUL-terminated in place). */
static char *field(char **at, char end)
{
    char *start = *at, *stop = strchr(start, end);
    if (!stop || stop == start)
        return NULL;
    *stop = '\0';
    *at = stop + 1;
    return start;
}

static int parse_line(label_line *l, char **at)
{
    char *f[7], *end;
    for (int i = 0; i < 7; i++)
        if (!(f[i] = field(at, i == 6 ? '\n' : ' ')))
            return -1;
    errno = 0;
    l->file = (size_t)strtoull(f[0], &end, 10);
    if (*end)
        return -1;
    l->index = strtoull(f[1], &end, 10);
    if (*end)
        return -1;
    l->label = (int)strtol(f[2], &end, 10);
    if (*end || l->label < -1 || l->label > 1)
        return -1;
    l->collides = (int)strtol(f[3], &end, 10);
    if (*end || (l->collides != 0 && l->collides != 1))
        return -1;
    l->seconds = strtod(f[4], &end);
    if (*end || errno)
        return -1;
    l->lo = l->collides ? f[5] : NULL;
    l->hi = l->collides ? f[6] : NULL;
    return 0;
}

ccd_status ccd_exact_label_replay(ccd_error *err, const ccd_dataset *ds,
                                  const ccd_exact_label_config *cfg, char *const *parts,
                                  const size_t *lengths, size_t n)
{
    size_t count = 0;
    for (size_t p = 0; p < n; p++)
        for (size_t i = 0; i < lengths[p]; i++)
            count += parts[p][i] == '\n';
    label_line *lines = malloc((count ? count : 1) * sizeof *lines);
    if (!lines)
        return ccd_error_oom(err, "ccdbench");
    ccd_status st = CCD_OK;
    size_t k = 0;
    for (size_t p = 0; st == CCD_OK && p < n; p++) {
        char *at = parts[p], *end = parts[p] + lengths[p];
        for (unsigned long line = 1; st == CCD_OK && at < end; line++) {
            /* the line ends at a newline inside the part: bound the search */
            char *nl = memchr(at, '\n', (size_t)(end - at));
            if (!nl || parse_line(&lines[k], &at) != 0 || at != nl + 1 ||
                lines[k].file >= ds->count)
                st = ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                                   "part %zu of the exact labels: line %lu is malformed", p,
                                   line);
            else
                lines[k++].part = p;
        }
    }
    if (st == CCD_OK)
        qsort(lines, k, sizeof *lines, compare_lines);
    for (size_t i = 0; st == CCD_OK && i < k; i++) {
        const label_line *l = &lines[i];
        if (i > 0 && compare_lines(&lines[i - 1], l) == 0) {
            st = ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                               "parts %zu and %zu of the exact labels both hold query %llu "
                               "of file %zu", lines[i - 1].part, l->part, l->index, l->file);
            break;
        }
        /* What on_query reads of a query: its index (its line). */
        ccd_query q = {.index = l->index};
        ccd_exact_label label = {l->collides, l->lo, l->hi, l->seconds, l->label};
        if (cfg->on_query)
            st = cfg->on_query(cfg->ctx, err, l->file, &q, &label);
    }
    free(lines);
    return st;
}
