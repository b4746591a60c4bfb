/* SPDX-License-Identifier: MIT */
/* `ccdbench merge OUT.json SHARD.json...`: combine the result files of the shards
 * of one run (`ccdbench run --shard I/N --json ...`) into the file one run writes:
 * the same counts and histograms; timing-independent fields byte-identical. */
#include <config.h>

#include "bench/result_file.h"
#include "core/error.h"
#include "cli/cli.h"
#include "core/atomic_file.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench merge OUT.json SHARD.json...\n"
    "Merge the result files of all N shards of one run (ccdbench run --shard I/N\n"
    "--json) into OUT.json, the result file one unsharded run writes: counts, time\n"
    "histograms (hence medians and p99) and per-query records are those of the\n"
    "single run; the date and machine are shard 0's, wall_seconds the sum\n"
    "over the shards.\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input or usage (shards that do not\n"
    "belong together, missing or repeated shards, malformed files, per-query records\n"
    "missing, repeated, ill-formed or outside their shard: path:line:column: what).\n";

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

/* Does doc belong with first?  Returns NULL or what differs. */
static const char *mismatch(const ccd_result_doc *first, const ccd_result_doc *doc)
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

static ccd_status write_merged(ccd_error *err, const char *out_path, ccd_result_doc *docs,
                               size_t n)
{
    ccd_result_doc *first = &docs[0];
    ccd_result_header h = first->header;
    h.shard_index = 0;
    h.shard_count = 1;
    ccd_atomic_file f;
    ccd_status st = ccd_atomic_file_open(&f, err, out_path);
    if (st != CCD_OK)
        return st;
    ccd_result_writer w;
    ccd_result_write_header(&w, f.stream, &h, first->runs[0].queries != NULL);
    for (size_t r = 0; r < first->run_count; r++) {
        ccd_run_stats *sum = &first->runs[r].stats;
        for (size_t d = 1; d < n; d++) {
            const ccd_run_stats *part = &docs[d].runs[r].stats;
            for (size_t g = 0; g < sum->group_count; g++)
                if (ccd_result_group_add(&sum->groups[g], &part->groups[g],
                                         sum->method_count) != 0) {
                    ccd_atomic_file_abort(&f);
                    return ccd_error_oom(err, out_path);
                }
            sum->wall_seconds += part->wall_seconds;
            sum->exact_truth += part->exact_truth;
            sum->toi_compared |= part->toi_compared;
        }
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
    ccd_result_write_finish(&w);
    return ccd_atomic_file_commit(&f, err);
}

int ccd_cmd_merge(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        fputs(usage, stdout);
        return CCD_EXIT_OK;
    }
    if (argc < 3)
        return ccd_cli_usage_error("merge: expected OUT.json SHARD.json... (see --help)");
    if (argv[1][0] == '-')
        return ccd_cli_usage_error("merge: unknown option '%s'", argv[1]);
    size_t n = (size_t)argc - 2;
    ccd_result_doc *docs = calloc(n, sizeof *docs);
    unsigned char *seen = NULL;
    ccd_error err;
    int status = CCD_EXIT_OK;
    size_t loaded = 0;
    if (!docs)
        return ccd_cli_out_of_memory();
    if (ccd_atomic_file_check(&err, argv[1]) != CCD_OK) { /* before any work */
        free(docs);
        return ccd_cli_fail(&err);
    }
    for (; loaded < n; loaded++)
        if (ccd_result_read(&docs[loaded], &err, argv[2 + loaded]) != CCD_OK) {
            status = ccd_cli_fail(&err);
            goto done;
        }
    /* Shard 0 first: its date and machine are the merged file's, and nothing
     * (sums of wall times included) depends on the order of the arguments. */
    qsort(docs, n, sizeof *docs, compare_shards);
    unsigned count = docs[0].header.shard_count;
    seen = calloc(count, 1);
    if (!seen) {
        status = ccd_cli_out_of_memory();
        goto done;
    }
    for (size_t d = 0; d < n; d++) {
        const char *why = mismatch(&docs[0], &docs[d]);
        if (!why && seen[docs[d].header.shard_index])
            why = "it repeats a shard index of another file";
        if (why) {
            ccd_error_set(&err, CCD_ERR_INPUT, docs[d].path, 0, 0, "not a shard of the same run as %s: %s",
                          docs[0].path, why);
            status = ccd_cli_fail(&err);
            goto done;
        }
        seen[docs[d].header.shard_index] = 1;
    }
    for (unsigned i = 0; i < count; i++)
        if (!seen[i]) {
            status = ccd_cli_usage_error("merge: shard %u of %u is missing", i, count);
            goto done;
        }
    if (write_merged(&err, argv[1], docs, n) != CCD_OK)
        status = ccd_cli_fail(&err);
done:
    for (size_t d = 0; d < loaded; d++)
        ccd_result_doc_free(&docs[d]);
    free(docs);
    free(seen);
    return status;
}
