/* SPDX-License-Identifier: MIT */
/* Checking the per-query records of a result file (result_records.h). */
#include <config.h>

#include "bench/result_records.h"
#include "core/error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

uint64_t ccd_result_group_size(const ccd_run_group *g, size_t method_count)
{
    uint64_t n = 0;
    for (size_t m = 0; m < method_count; m++) /* a method answered or failed on each */
        if (g->methods[m].queries + g->methods[m].failed > n)
            n = g->methods[m].queries + g->methods[m].failed;
    return n;
}

static ccd_status bad(ccd_error *err, const char *path, const ccd_json *at, const char *fmt,
                      const char *name)
{
    return ccd_error_set(err, CCD_ERR_INPUT, path, at->line, at->column, fmt, name);
}

/* Member `name` of record `rec` of type `type` (NULL: a number or null). */
static ccd_status field(const ccd_json **out, ccd_error *err, const char *path,
                        const ccd_json *rec, const char *name, int type)
{
    const ccd_json *v = ccd_json_get(rec, name);
    if (!v)
        return bad(err, path, rec, "per-query record: missing member \"%s\"", name);
    if (type < 0 ? v->type != CCD_JSON_NUMBER && v->type != CCD_JSON_NULL
                 : v->type != (ccd_json_type)type)
        return bad(err, path, v,
                   type < 0 ? "per-query record: \"%s\": expected a number or null"
                   : type == CCD_JSON_STRING ? "per-query record: \"%s\": expected a string"
                   : type == CCD_JSON_ARRAY  ? "per-query record: \"%s\": expected an array"
                                             : "per-query record: \"%s\": expected a number",
                   name);
    *out = v;
    return CCD_OK;
}

/* An integer member: signed when `sign`, at most `max` (0: no bound). */
static ccd_status integer(uint64_t *out, ccd_error *err, const char *path, const ccd_json *rec,
                          const char *name, int sign, uint64_t max)
{
    const ccd_json *v;
    ccd_status st = field(&v, err, path, rec, name, CCD_JSON_NUMBER);
    if (st != CCD_OK)
        return st;
    const char *digits = v->text + (sign && v->text[0] == '-');
    if (digits[0] == '-' || strpbrk(digits, ".eE"))
        return bad(err, path, v,
                   sign ? "per-query record: \"%s\": expected an integer"
                        : "per-query record: \"%s\": expected a non-negative integer",
                   name);
    errno = 0;
    char *end;
    unsigned long long x = strtoull(digits, &end, 10);
    if (errno || *end || (max && x > max))
        return bad(err, path, v,
                   max == 1 ? "per-query record: \"%s\": expected 0 or 1"
                            : "per-query record: \"%s\": out of range",
                   name);
    *out = x;
    return CCD_OK;
}

typedef struct record_key {
    uint64_t file, index;
    const ccd_json *at;
} record_key;

static ccd_status check_record(record_key *key, int *kind, ccd_error *err,
                               const ccd_result_doc *doc, const ccd_json *rec)
{
    const char *path = doc->path;
    const ccd_json *kind_v, *v, *results;
    uint64_t x;
    ccd_status st;
    if (rec->type != CCD_JSON_OBJECT)
        return bad(err, path, rec, "per-query record: expected an object%s", "");
    if ((st = integer(&key->file, err, path, rec, "file", 0, 0)) != CCD_OK ||
        (st = integer(&key->index, err, path, rec, "index", 0, 0)) != CCD_OK ||
        (st = field(&kind_v, err, path, rec, "kind", CCD_JSON_STRING)) != CCD_OK ||
        (st = integer(&x, err, path, rec, "truth", 0, 1)) != CCD_OK ||
        (st = field(&v, err, path, rec, "exact_toi", -1)) != CCD_OK ||
        (st = field(&results, err, path, rec, "results", CCD_JSON_ARRAY)) != CCD_OK)
        return st;
    key->at = rec;
    if (key->file >= doc->header.file_count)
        return bad(err, path, ccd_json_get(rec, "file"),
                   "per-query record: \"%s\": no such entry in \"files\"", "file");
    if (strcmp(kind_v->text, "VF") != 0 && strcmp(kind_v->text, "EE") != 0)
        return bad(err, path, kind_v, "per-query record: kind \"%s\" is not VF or EE",
                   kind_v->text);
    *kind = kind_v->text[0] == 'V' ? CCD_VF : CCD_EE;
    unsigned count = doc->header.shard_count, index = doc->header.shard_index;
    if ((key->file % count + key->index % count) % count != index)
        return bad(err, path, rec,
                   "per-query record: its query is not in this file's shard%s", "");
    if (results->count != doc->header.method_count)
        return bad(err, path, results,
                   "per-query record: \"%s\": expected one entry per method of \"methods\"",
                   "results");
    for (size_t m = 0; m < results->count; m++) {
        const ccd_json *r = results->items[m];
        if (r->type != CCD_JSON_OBJECT)
            return bad(err, path, r, "per-query record: \"%s\": expected objects", "results");
        if ((st = integer(&x, err, path, r, "collides", 0, 1)) != CCD_OK ||
            (st = field(&v, err, path, r, "toi", -1)) != CCD_OK ||
            (st = field(&v, err, path, r, "tolerance", -1)) != CCD_OK ||
            (st = integer(&x, err, path, r, "checks", 1, 0)) != CCD_OK ||
            (st = integer(&x, err, path, r, "hit_max_checks", 0, 1)) != CCD_OK ||
            (st = integer(&x, err, path, r, "time_ns", 0, 0)) != CCD_OK)
            return st;
    }
    return CCD_OK;
}

static int compare_keys(const void *pa, const void *pb)
{
    const record_key *a = pa, *b = pb;
    if (a->file != b->file)
        return a->file < b->file ? -1 : 1;
    if (a->index != b->index)
        return a->index < b->index ? -1 : 1;
    /* The same query twice: the later one in the file is the one reported. */
    return a->at->line != b->at->line ? (a->at->line < b->at->line ? -1 : 1)
           : a->at->column < b->at->column ? -1 : a->at->column > b->at->column;
}

static ccd_status check_run(ccd_error *err, const ccd_result_doc *doc, const ccd_result_run *run)
{
    const ccd_json *records = run->queries;
    uint64_t want[2] = {0, 0}, have[2] = {0, 0};
    for (size_t g = 0; g < run->stats.group_count; g++)
        want[run->stats.groups[g].kind == CCD_EE] +=
            ccd_result_group_size(&run->stats.groups[g], run->stats.method_count);
    record_key *keys = malloc((records->count + 1) * sizeof *keys);
    if (!keys)
        return ccd_error_oom(err, doc->path);
    ccd_status st = CCD_OK;
    for (size_t i = 0; st == CCD_OK && i < records->count; i++) {
        int kind = CCD_VF;
        st = check_record(&keys[i], &kind, err, doc, records->items[i]);
        have[kind == CCD_EE]++;
    }
    if (st == CCD_OK) {
        qsort(keys, records->count, sizeof *keys, compare_keys);
        for (size_t i = 1; st == CCD_OK && i < records->count; i++)
            if (keys[i].file == keys[i - 1].file && keys[i].index == keys[i - 1].index)
                st = ccd_error_set(err, CCD_ERR_INPUT, doc->path, keys[i].at->line,
                                   keys[i].at->column,
                                   "per-query record: query %llu of file %llu is already "
                                   "recorded at line %lu",
                                   (unsigned long long)keys[i].index,
                                   (unsigned long long)keys[i].file, keys[i - 1].at->line);
    }
    free(keys);
    for (int k = 0; st == CCD_OK && k < 2; k++)
        if (have[k] != want[k])
            st = ccd_error_set(err, CCD_ERR_INPUT, doc->path, records->line, records->column,
                               "\"queries\": %llu %s records for the %llu %s queries the "
                               "groups count",
                               (unsigned long long)have[k], k ? "EE" : "VF",
                               (unsigned long long)want[k], k ? "EE" : "VF");
    return st;
}

ccd_status ccd_result_check_records(ccd_error *err, const ccd_result_doc *doc)
{
    for (size_t r = 0; r < doc->run_count; r++) {
        if (!doc->runs[r].queries)
            continue;
        ccd_status st = check_run(err, doc, &doc->runs[r]);
        if (st != CCD_OK)
            return st;
    }
    return CCD_OK;
}
