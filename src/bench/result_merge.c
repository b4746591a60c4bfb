/* SPDX-License-Identifier: MIT */
/* Merging the result files of a run's shards (see result_merge.h). */
#include <config.h>

#include "bench/result_merge.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/atomic_file.h"
#include "core/error.h"

static int same_strings(char *const *a, size_t na, char *const *b, size_t nb)
{
    if (na != nb)
        return 0;
    for (size_t i = 0; i < na; i++)
        if (strcmp(a[i], b[i]) != 0)
            return 0;
    return 1;
}

/* The same JSON value: objects member by member in order, numbers by their literal
 * (both written by ccd_result_write_run_begin, so the same value has the same text). */
static int same_json(const ccd_json *a, const ccd_json *b)
{
    if (a->type != b->type || a->count != b->count)
        return 0;
    if ((a->type == CCD_JSON_NUMBER || a->type == CCD_JSON_STRING) && strcmp(a->text, b->text) != 0)
        return 0;
    for (size_t i = 0; i < a->count; i++)
        if ((a->type == CCD_JSON_OBJECT && strcmp(a->keys[i], b->keys[i]) != 0) ||
            !same_json(a->items[i], b->items[i]))
            return 0;
    return 1;
}

/* Every recorded parameter, common and per method (and those of older files). */
static int same_params(const ccd_result_run *a, const ccd_result_run *b)
{
    return same_json(a->params_json, b->params_json);
}

static int same_value(double a, double b)
{
    return a == b || (isnan(a) && isnan(b));
}

const char *ccd_result_mismatch(const ccd_result_doc *first, const ccd_result_doc *doc)
{
    const ccd_result_header *a = &first->header, *b = &doc->header;
    if (a->shard_count != b->shard_count)
        return "its shard count differs from the first file's";
    if (strcmp(a->truth, b->truth) != 0)
        return "its truth mode differs from the first file's";
    if ((a->sweep == NULL) != (b->sweep == NULL) || (a->sweep && strcmp(a->sweep, b->sweep)))
        return "its sweep differs from the first file's";
    if (!same_strings(a->files, a->file_count, b->files, b->file_count))
        return "its dataset files differ from the first file's";
    if (a->method_count != b->method_count)
        return "its methods differ from the first file's";
    for (size_t m = 0; m < a->method_count; m++)
        if (strcmp(a->methods[m]->name, b->methods[m]->name) != 0)
            return "its methods differ from the first file's";
    if (first->run_count != doc->run_count)
        return "its number of runs differs from the first file's";
    for (size_t r = 0; r < first->run_count; r++) {
        const ccd_result_run *x = &first->runs[r], *y = &doc->runs[r];
        if (!same_value(x->sweep_value, y->sweep_value) || !same_params(x, y))
            return "its parameters differ from the first file's";
        if ((x->queries == NULL) != (y->queries == NULL))
            return "it has per-query records and the first file has not, or the reverse";
        if (x->stats.group_count != y->stats.group_count)
            return "its groups differ from the first file's";
        for (size_t g = 0; g < x->stats.group_count; g++) {
            const ccd_run_group *p = &x->stats.groups[g], *q = &y->stats.groups[g];
            if (p->kind != q->kind || strcmp(p->set, q->set) || strcmp(p->family, q->family))
                return "its groups differ from the first file's";
        }
    }
    return NULL;
}

/* Per-query records sort by (file, index): the order of one run. */
static int record_key(const ccd_json *rec, uint64_t *file, uint64_t *index)
{
    const ccd_json *f = ccd_json_get(rec, "file"), *i = ccd_json_get(rec, "index");
    if (!f || !i || f->type != CCD_JSON_NUMBER || i->type != CCD_JSON_NUMBER)
        return -1;
    *file = strtoull(f->text, NULL, 10);
    *index = strtoull(i->text, NULL, 10);
    return 0;
}

static int compare_records(const void *pa, const void *pb)
{
    const ccd_json *a = *(const ccd_json *const *)pa, *b = *(const ccd_json *const *)pb;
    uint64_t fa = 0, ia = 0, fb = 0, ib = 0;
    record_key(a, &fa, &ia);
    record_key(b, &fb, &ib);
    return fa != fb ? (fa < fb ? -1 : 1) : ia != ib ? (ia < ib ? -1 : 1) : 0;
}

static int compare_shards(const void *pa, const void *pb)
{
    const ccd_result_doc *a = pa, *b = pb;
    if (a->header.shard_index != b->header.shard_index)
        return a->header.shard_index < b->header.shard_index ? -1 : 1;
    return strcmp(a->path, b->path);
}

ccd_status ccd_result_combine(ccd_error *err, const char *out_path, ccd_result_doc *docs,
                              size_t n, unsigned shard_index, unsigned shard_count)
{
    ccd_result_doc *first = &docs[0];
    ccd_result_header h = first->header;
    h.shard_index = shard_index;
    h.shard_count = shard_count;
    ccd_atomic_file f = {0};
    ccd_result_writer w;
    if (out_path) {
        ccd_status st = ccd_atomic_file_open(&f, err, out_path);
        if (st != CCD_OK)
            return st;
        ccd_result_write_header(&w, f.stream, &h, first->runs[0].queries != NULL);
    }
    const char *where = out_path ? out_path : first->path;
    for (size_t r = 0; r < first->run_count; r++) {
        ccd_run_stats *sum = &first->runs[r].stats;
        for (size_t d = 1; d < n; d++) {
            const ccd_run_stats *part = &docs[d].runs[r].stats;
            for (size_t g = 0; g < sum->group_count; g++) {
                const int added = ccd_result_group_add(&sum->groups[g], &part->groups[g],
                                                       sum->method_count);
                if (added == 0)
                    continue;
                if (out_path)
                    ccd_atomic_file_abort(&f);
                if (added < 0)
                    return ccd_error_oom(err, where);
                return ccd_error_set(err, CCD_ERR_INPUT, docs[d].path, 0, 0,
                                     "with the shards before it, a count or time of %s/%s "
                                     "passes 2^64 - 1",
                                     sum->groups[g].set, sum->groups[g].family);
            }
            sum->wall_seconds += part->wall_seconds;
            sum->read_seconds += part->read_seconds;
            sum->consume_seconds += part->consume_seconds;
            sum->parse_seconds += part->parse_seconds;
            sum->records_seconds += part->records_seconds;
            sum->load_seconds += part->load_seconds;
            sum->load_bytes += part->load_bytes;
            sum->exact_truth += part->exact_truth;
            sum->toi_compared |= part->toi_compared;
        }
        if (!out_path)
            continue; /* the sums only */
        ccd_result_write_run_begin_read(&w, &first->runs[r]);
        if (first->runs[r].queries) {
            size_t total = 0;
            for (size_t d = 0; d < n; d++)
                total += docs[d].runs[r].queries->count;
            const ccd_json **all = malloc((total + 1) * sizeof *all);
            if (!all) {
                ccd_atomic_file_abort(&f);
                return ccd_error_oom(err, out_path);
            }
            size_t k = 0;
            for (size_t d = 0; d < n; d++)
                for (size_t i = 0; i < docs[d].runs[r].queries->count; i++)
                    all[k++] = docs[d].runs[r].queries->items[i];
            qsort(all, total, sizeof *all, compare_records);
            for (size_t i = 0; i < total; i++)
                ccd_result_write_query_json(&w, all[i]);
            free(all);
        }
        ccd_result_write_run_end(&w, sum);
    }
    if (!out_path)
        return CCD_OK;
    ccd_result_write_finish(&w);
    return ccd_atomic_file_commit(&f, err);
}

/* out_path names one of the inputs (the same file, by device and inode): merging
 * would replace a shard before it is read in full, so it is refused. */
static ccd_status out_is_input(ccd_error *err, const char *out_path, char *const *paths, size_t n)
{
    struct stat o, s;
    if (stat(out_path, &o) != 0)
        return CCD_OK; /* not there yet: no input can be it */
    for (size_t i = 0; i < n; i++)
        if (stat(paths[i], &s) == 0 && s.st_dev == o.st_dev && s.st_ino == o.st_ino)
            return ccd_error_set(err, CCD_ERR_INPUT, out_path, 0, 0,
                                 "is also an input (%s): the merged file must be a new one",
                                 paths[i]);
    return CCD_OK;
}

ccd_status ccd_result_merge(ccd_error *err, const char *out_path, char *const *paths, size_t n)
{
    ccd_status st = out_is_input(err, out_path, paths, n);
    if (st != CCD_OK)
        return st;
    if ((st = ccd_atomic_file_check(err, out_path)) != CCD_OK) /* before any work */
        return st;
    ccd_result_doc *docs = calloc(n ? n : 1, sizeof *docs);
    unsigned char *seen = NULL;
    size_t loaded = 0;
    if (!docs)
        return ccd_error_oom(err, out_path);
    for (; st == CCD_OK && loaded < n; loaded++)
        if ((st = ccd_result_read(&docs[loaded], err, paths[loaded])) != CCD_OK)
            break;
    if (st != CCD_OK)
        goto done;
    /* Shard 0 first: its date and machine are the merged file's, and nothing
     * (sums of wall times included) depends on the order of the arguments. */
    qsort(docs, n, sizeof *docs, compare_shards);
    unsigned count = docs[0].header.shard_count;
    if (!(seen = calloc(count, 1))) {
        st = ccd_error_oom(err, out_path);
        goto done;
    }
    for (size_t d = 0; d < n && st == CCD_OK; d++) {
        const char *why = ccd_result_mismatch(&docs[0], &docs[d]);
        if (!why && seen[docs[d].header.shard_index])
            why = "it repeats a shard index of another file";
        if (why)
            st = ccd_error_set(err, CCD_ERR_INPUT, docs[d].path, 0, 0,
                               "not a shard of the same run as %s: %s", docs[0].path, why);
        else
            seen[docs[d].header.shard_index] = 1;
    }
    for (unsigned i = 0; st == CCD_OK && i < count; i++)
        if (!seen[i])
            st = ccd_error_set(err, CCD_ERR_INPUT, "merge", 0, 0, "shard %u of %u is missing", i,
                               count);
    if (st == CCD_OK)
        st = ccd_result_combine(err, out_path, docs, n, 0, 1);
done:
    for (size_t d = 0; d < loaded; d++)
        ccd_result_doc_free(&docs[d]);
    free(docs);
    free(seen);
    return st;
}
