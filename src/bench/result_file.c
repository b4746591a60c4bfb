/* SPDX-License-Identifier: MIT */
/* Writing result files and reading them back (result_file.h). */
#include <config.h>

#include "bench/result_file.h"
#include "core/error.h"
#include "bench/result_records.h"

#include <errno.h>
#include <math.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

/* ------------------------------------------------------------------ header */

static char *cpu_model(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    char *model = NULL;
    while (f && !model && fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0 && strncmp(line, "Model", 5) != 0)
            continue;
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        char *s = colon + 1 + strspn(colon + 1, " \t");
        s[strcspn(s, "\n")] = '\0';
        model = strdup(s);
    }
    if (f)
        fclose(f);
    return model ? model : strdup("unknown");
}

static char *utc_now(void)
{
    time_t now = time(NULL);
    struct tm tm;
    char buf[32];
    if (!gmtime_r(&now, &tm) || strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
        return strdup("unknown");
    return strdup(buf);
}

ccd_status ccd_result_header_init(ccd_result_header *h, ccd_error *err, char *const *data,
                                  size_t data_count, const ccd_dataset *ds,
                                  const ccd_method *const *methods, size_t method_count,
                                  ccd_truth_policy truth, unsigned shard_index,
                                  unsigned shard_count, const char *sweep)
{
    memset(h, 0, sizeof *h);
    h->tool = strdup(PACKAGE_STRING);
    h->date = utc_now();
    h->cpu = cpu_model();
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    h->cores = cores > 0 ? cores : 1;
#if defined(__VERSION__)
    h->compiler = strdup(
#if defined(__clang__)
        "clang "
#elif defined(__GNUC__)
        "gcc "
#endif
        __VERSION__);
#else
    h->compiler = strdup("unknown");
#endif
    h->gmp = strdup(gmp_version);
    h->mpfr = strdup(mpfr_get_version());
    h->zlib = strdup(zlibVersion());
    h->truth = strdup(truth == CCD_TRUTH_POLICY_EXACT ? "exact" : "labels");
    h->sweep = sweep ? strdup(sweep) : NULL;
    h->shard_index = shard_index;
    h->shard_count = shard_count ? shard_count : 1;
    h->methods = methods;
    h->method_count = method_count;
    h->data = calloc(data_count + 1, sizeof *h->data);
    h->files = calloc(ds->count + 1, sizeof *h->files);
    int ok = h->tool && h->date && h->cpu && h->compiler && h->gmp && h->mpfr && h->zlib &&
             h->truth && (h->sweep || !sweep) && h->data && h->files;
    for (size_t i = 0; ok && i < data_count; i++, h->data_count++)
        ok = (h->data[i] = strdup(data[i])) != NULL;
    for (size_t i = 0; ok && i < ds->count; i++, h->file_count++)
        ok = (h->files[i] = strdup(ds->files[i].csv_path)) != NULL;
    if (!ok) {
        ccd_result_header_free(h);
        return ccd_error_oom(err, "ccdbench");
    }
    return CCD_OK;
}

void ccd_result_header_free(ccd_result_header *h)
{
    free(h->tool);
    free(h->date);
    free(h->cpu);
    free(h->compiler);
    free(h->gmp);
    free(h->mpfr);
    free(h->zlib);
    free(h->truth);
    free(h->sweep);
    free(h->preset);
    for (size_t i = 0; h->data && i < h->data_count; i++)
        free(h->data[i]);
    for (size_t i = 0; h->files && i < h->file_count; i++)
        free(h->files[i]);
    free(h->data);
    free(h->files);
    memset(h, 0, sizeof *h);
}

/* ------------------------------------------------------------------ writing */

static void key(FILE *out, const char *indent, const char *name)
{
    fputs(indent, out);
    ccd_json_write_string(out, name);
    fputs(": ", out);
}

static void string_array(FILE *out, char *const *items, size_t n, const char *indent)
{
    fputc('[', out);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ",\n" : "\n", out);
        fputs(indent, out);
        fputs("  ", out);
        ccd_json_write_string(out, items[i]);
    }
    if (n) {
        fputc('\n', out);
        fputs(indent, out);
    }
    fputc(']', out);
}

void ccd_result_write_header(ccd_result_writer *w, FILE *out, const ccd_result_header *h,
                             int per_query)
{
    memset(w, 0, sizeof *w);
    w->out = out;
    w->per_query = per_query;
    w->method_count = h->method_count;
    fprintf(out, "{\n  \"format\": \"%s\",\n  \"version\": %d,\n", CCD_RESULT_FORMAT,
            CCD_RESULT_VERSION);
    key(out, "  ", "tool"), ccd_json_write_string(out, h->tool), fputs(",\n", out);
    key(out, "  ", "date"), ccd_json_write_string(out, h->date), fputs(",\n", out);
    key(out, "  ", "machine"), fputs("{\"cpu\": ", out), ccd_json_write_string(out, h->cpu);
    fprintf(out, ", \"cores\": %ld},\n", h->cores);
    key(out, "  ", "build"), fputs("{\"compiler\": ", out);
    ccd_json_write_string(out, h->compiler), fputs(", \"gmp\": ", out);
    ccd_json_write_string(out, h->gmp), fputs(", \"mpfr\": ", out);
    ccd_json_write_string(out, h->mpfr), fputs(", \"zlib\": ", out);
    ccd_json_write_string(out, h->zlib), fputs("},\n", out);
    key(out, "  ", "data"), string_array(out, h->data, h->data_count, "  "), fputs(",\n", out);
    key(out, "  ", "truth"), ccd_json_write_string(out, h->truth), fputs(",\n", out);
    fprintf(out, "  \"shard\": {\"index\": %u, \"count\": %u, \"rule\": ", h->shard_index,
            h->shard_count);
    ccd_json_write_string(out, CCD_RESULT_SHARD_RULE), fputs("},\n", out);
    key(out, "  ", "sweep");
    if (h->sweep)
        ccd_json_write_string(out, h->sweep);
    else
        fputs("null", out);
    if (h->preset)
        fputs(",\n  \"preset\": ", out), ccd_json_write_string(out, h->preset);
    fputs(",\n  \"methods\": [", out);
    for (size_t m = 0; m < h->method_count; m++) {
        fputs(m ? ", " : "", out);
        fputs("{\"name\": ", out);
        ccd_json_write_string(out, h->methods[m]->name);
        fprintf(out, ", \"caps\": %u}", h->methods[m]->caps);
    }
    fputs("],\n", out);
    key(out, "  ", "files"), string_array(out, h->files, h->file_count, "  "), fputs(",\n", out);
    fputs("  \"runs\": [", out);
}

/* "options": {"METHOD": {"KEY": value, ...}, ...} for the methods that declare any. */
static void write_options(FILE *out, const ccd_method *const *methods,
                          const ccd_option_value *const *values, size_t count)
{
    fputs("\"options\": {", out);
    int first = 1;
    for (size_t m = 0; m < count; m++) {
        const ccd_method *method = methods[m];
        if (method->option_count == 0)
            continue;
        fputs(first ? "" : ", ", out);
        first = 0;
        ccd_json_write_string(out, method->name);
        fputs(": {", out);
        for (size_t i = 0; i < method->option_count; i++) {
            const ccd_option *o = &method->options[i];
            ccd_option_value v = values && values[m] ? values[m][i] : o->def;
            fputs(i ? ", " : "", out);
            ccd_json_write_string(out, o->name);
            fputs(": ", out);
            if (o->type == CCD_OPTION_DOUBLE) {
                ccd_json_write_double(out, v.d);
            } else if (o->type == CCD_OPTION_INTEGER) {
                fprintf(out, "%ld", v.i);
            } else {
                char text[128];
                ccd_option_format(text, sizeof text, o, v);
                ccd_json_write_string(out, text);
            }
        }
        fputs("}", out);
    }
    fputs("}", out);
}

static void write_params_begin(ccd_result_writer *w, double sweep_value, const ccd_params *p)
{
    FILE *out = w->out;
    fputs(w->runs++ ? ",\n    {" : "\n    {", out);
    fputs("\"sweep_value\": ", out);
    ccd_json_write_double(out, sweep_value);
    fputs(",\n      \"params\": {\"ms\": ", out);
    ccd_json_write_double(out, p->ms);
    fputs(", \"t_max\": ", out);
    ccd_json_write_double(out, p->t_max);
    fprintf(out, ", \"no_zero_toi\": %d, \"ms_norm\": %d, ", p->no_zero_toi, (int)p->ms_norm);
}

static void write_params_end(ccd_result_writer *w)
{
    fputs("},\n", w->out);
    if (w->per_query)
        fputs("      \"queries\": [", w->out);
    w->queries = 0;
}

void ccd_result_write_run_begin(ccd_result_writer *w, double sweep_value, const ccd_params *p,
                                const ccd_method *const *methods,
                                const ccd_option_value *const *values, size_t count)
{
    write_params_begin(w, sweep_value, p);
    write_options(w->out, methods, values, count);
    write_params_end(w);
}

/* An options object read back: objects of numbers and strings. */
static void write_json(FILE *out, const ccd_json *v)
{
    if (v->type == CCD_JSON_OBJECT) {
        fputc('{', out);
        for (size_t i = 0; i < v->count; i++) {
            fputs(i ? ", " : "", out);
            ccd_json_write_string(out, v->keys[i]);
            fputs(": ", out);
            write_json(out, v->items[i]);
        }
        fputc('}', out);
    } else if (v->type == CCD_JSON_STRING) {
        ccd_json_write_string(out, v->text);
    } else if (v->type == CCD_JSON_NUMBER) {
        fputs(v->text, out);
    } else {
        fputs(v->type == CCD_JSON_TRUE ? "true" : v->type == CCD_JSON_FALSE ? "false" : "null", out);
    }
}

void ccd_result_write_run_begin_read(ccd_result_writer *w, const ccd_result_run *run)
{
    FILE *out = w->out;
    fputs(w->runs++ ? ",\n    {" : "\n    {", out);
    fputs("\"sweep_value\": ", out);
    ccd_json_write_double(out, run->sweep_value);
    fputs(",\n      \"params\": ", out);
    write_json(out, run->params_json); /* as read: older files have other members */
    fputs(",\n", out);
    if (w->per_query)
        fputs("      \"queries\": [", out);
    w->queries = 0;
}

void ccd_result_write_query(ccd_result_writer *w, size_t file, const ccd_query *q,
                            const ccd_query_truth *truth, const ccd_query_outcome *outcomes)
{
    FILE *out = w->out;
    fputs(w->queries++ ? ",\n        " : "\n        ", out);
    fprintf(out, "{\"file\": %zu, \"index\": %llu, \"kind\": \"%s\", \"truth\": %d, \"exact_toi\": ",
            file, (unsigned long long)q->index, q->kind == CCD_VF ? "VF" : "EE",
            truth->collides != 0);
    ccd_json_write_double(out, truth->toi);
    fprintf(out, ", \"truth_time_ns\": %llu, \"results\": [", (unsigned long long)truth->time_ns);
    for (size_t m = 0; m < w->method_count; m++) {
        const ccd_query_outcome *o = &outcomes[m];
        fprintf(out, "%s{\"collides\": %d, \"toi\": ", m ? ", " : "", o->result.collides != 0);
        ccd_json_write_double(out, o->result.toi);
        fputs(", \"tolerance\": ", out);
        ccd_json_write_double(out, o->result.tolerance);
        fprintf(out, ", \"checks\": %ld, \"hit_max_checks\": %d, \"time_ns\": %llu",
                o->result.checks, o->result.hit_max_checks != 0,
                (unsigned long long)o->time_ns);
        /* A failed answer is kept as given, marked: it is in no count. */
        fputs(o->failure != CCD_FAILURE_NONE ? ", \"failed\": 1}" : "}", out);
    }
    fputs("]}", out);
}

void ccd_result_write_query_json(ccd_result_writer *w, const ccd_json *record)
{
    fputs(w->queries++ ? ",\n        " : "\n        ", w->out);
    ccd_json_write(w->out, record);
}

/* [[bucket, count], ...] of the non-empty buckets of h minus `minus` (or NULL). */
static void histogram(FILE *out, const ccd_time_histogram *h, const ccd_time_histogram *minus)
{
    fputc('[', out);
    int first = 1;
    for (unsigned b = 0; b < CCD_TIME_HISTOGRAM_BUCKETS; b++) {
        uint64_t n = h->bucket[b] - (minus ? minus->bucket[b] : 0);
        if (n == 0)
            continue;
        fprintf(out, "%s[%u, %llu]", first ? "" : ", ", b, (unsigned long long)n);
        first = 0;
    }
    fputc(']', out);
}

/* "failed": N, "first_failure": null or {"file", "query", "reason"}. */
static void failure_members(FILE *out, const ccd_method_stats *s, const ccd_first_failure *f)
{
    fprintf(out, ",\n             \"failed\": %llu, \"first_failure\": ",
            (unsigned long long)s->failed);
    if (!f || !f->reason) {
        fputs("null", out);
        return;
    }
    fprintf(out, "{\"file\": %llu, \"query\": %llu, \"reason\": ",
            (unsigned long long)f->file, (unsigned long long)f->query);
    ccd_json_write_string(out, f->reason);
    fputc('}', out);
}

static void method_entry(FILE *out, const ccd_method *m, const ccd_method_stats *s,
                         const ccd_method_detail *d, const ccd_first_failure *f)
{
    fputs("{\"method\": ", out);
    ccd_json_write_string(out, m->name);
    fprintf(out,
            ", \"queries\": %llu, \"positives\": %llu, \"reported\": %llu, \"fp\": %llu, "
            "\"fn\": %llu, \"hit_max_checks\": %llu, \"checks_total\": %llu,\n"
            "             \"time_total_ns\": %llu, \"time_min_ns\": %llu, \"time_max_ns\": %llu, "
            "\"toi_compared\": %llu, \"toi_violations\": %llu, \"zero_toi\": %llu, "
            "\"toi_gap_sum\": [%llu, %llu], \"toi_gap_max\": ",
            (unsigned long long)s->queries, (unsigned long long)s->positives,
            (unsigned long long)s->reported, (unsigned long long)s->false_positives,
            (unsigned long long)s->false_negatives, (unsigned long long)s->hit_max_checks,
            (unsigned long long)d->checks_total, (unsigned long long)s->time_total_ns,
            (unsigned long long)(s->queries ? d->time_min_ns : 0),
            (unsigned long long)s->time_max_ns, (unsigned long long)s->toi_compared,
            (unsigned long long)s->toi_violations, (unsigned long long)s->zero_toi,
            (unsigned long long)d->toi_gap_sum.whole,
            (unsigned long long)d->toi_gap_sum.frac);
    ccd_json_write_double(out, s->toi_gap_max);
    fprintf(out, ", \"tolerance_sum\": [%llu, %llu], \"tolerance_max\": ",
            (unsigned long long)d->tolerance_sum.whole, (unsigned long long)d->tolerance_sum.frac);
    ccd_json_write_double(out, d->tolerance_max);
    if (s->cpu_queries == s->queries) /* else (a sum with older files) unknown: left out */
        fprintf(out, ", \"cpu_total_ns\": %llu", (unsigned long long)s->cpu_total_ns);
    fputs(",\n             \"times_positive\": ", out);
    histogram(out, &d->times_positive, NULL);
    fputs(",\n             \"times_negative\": ", out);
    histogram(out, &s->times, &d->times_positive);
    failure_members(out, s, f);
    fputc('}', out);
}

void ccd_result_write_run_end(ccd_result_writer *w, const ccd_run_stats *s)
{
    FILE *out = w->out;
    if (w->per_query)
        fputs(w->queries ? "\n      ],\n" : "],\n", out);
    fprintf(out, "      \"wall_seconds\": %.6f, \"read_seconds\": %.6f, "
            "\"consume_seconds\": %.6f, \"parse_seconds\": %.6f, \"records_seconds\": %.6f,\n"
            "      \"load_seconds\": %.6f, \"load_bytes\": %llu,\n"
            "      \"exact_truth_queries\": %llu,\n"
            "      \"toi_compared\": %s,\n      \"groups\": [",
            s->wall_seconds, s->read_seconds, s->consume_seconds, s->parse_seconds,
            s->records_seconds, s->load_seconds, (unsigned long long)s->load_bytes,
            (unsigned long long)s->exact_truth,
            s->toi_compared ? "true" : "false");
    for (size_t g = 0; g < s->group_count; g++) {
        const ccd_run_group *grp = &s->groups[g];
        fputs(g ? ",\n        {\"set\": " : "\n        {\"set\": ", out);
        ccd_json_write_string(out, grp->set);
        fputs(", \"family\": ", out);
        ccd_json_write_string(out, grp->family);
        fprintf(out, ", \"kind\": \"%s\", \"methods\": [", grp->kind == CCD_VF ? "VF" : "EE");
        for (size_t m = 0; m < s->method_count; m++) {
            fputs(m ? ",\n            " : "\n            ", out);
            method_entry(out, s->methods[m], &grp->methods[m], &grp->details[m],
                         grp->failures ? &grp->failures[m] : NULL);
        }
        fputs("]}", out);
    }
    fputs(s->group_count ? "\n      ]}" : "]}", out);
}

void ccd_result_write_finish(ccd_result_writer *w)
{
    fputs(w->runs ? "\n  ]\n}\n" : "]\n}\n", w->out);
}

/* ------------------------------------------------------------------ reading */

typedef struct reader {
    const char *path;
    ccd_error *err;
} reader;

static ccd_status bad(const reader *r, const ccd_json *at, const char *fmt, const char *name)
{
    return ccd_error_set(r->err, CCD_ERR_INPUT, r->path, at->line, at->column, fmt, name);
}

static ccd_status member(const ccd_json **out, const reader *r, const ccd_json *obj,
                         const char *name, ccd_json_type type)
{
    const ccd_json *v = ccd_json_get(obj, name);
    if (!v)
        return bad(r, obj, "missing member \"%s\"", name);
    int ok = v->type == type || (type == CCD_JSON_TRUE && v->type == CCD_JSON_FALSE);
    if (!ok) {
        static const char *const what[] = {"null", "a boolean", "a boolean", "a number",
                                           "a string", "an array", "an object"};
        char fmt[96];
        snprintf(fmt, sizeof fmt, "\"%%s\": expected %s", what[type]);
        return bad(r, v, fmt, name);
    }
    *out = v;
    return CCD_OK;
}

static ccd_status get_string(char **out, const reader *r, const ccd_json *obj, const char *name)
{
    const ccd_json *v;
    ccd_status st = member(&v, r, obj, name, CCD_JSON_STRING);
    if (st != CCD_OK)
        return st;
    *out = strdup(v->text);
    return *out ? CCD_OK : ccd_error_oom(r->err, r->path);
}

static ccd_status as_u64(uint64_t *out, const reader *r, const ccd_json *v, const char *name)
{
    char *end;
    if (v->type != CCD_JSON_NUMBER || v->text[0] == '-' || strpbrk(v->text, ".eE"))
        return bad(r, v, "\"%s\": expected a non-negative integer", name);
    errno = 0;
    unsigned long long x = strtoull(v->text, &end, 10);
    if (errno || *end)
        return bad(r, v, "\"%s\": integer out of range", name);
    *out = x;
    return CCD_OK;
}

static ccd_status get_u64(uint64_t *out, const reader *r, const ccd_json *obj, const char *name)
{
    const ccd_json *v = ccd_json_get(obj, name);
    if (!v)
        return bad(r, obj, "missing member \"%s\"", name);
    return as_u64(out, r, v, name);
}

/* A number, or null for "not finite" (NAN). */
static ccd_status get_double(double *out, const reader *r, const ccd_json *obj, const char *name)
{
    const ccd_json *v = ccd_json_get(obj, name);
    if (!v)
        return bad(r, obj, "missing member \"%s\"", name);
    if (v->type == CCD_JSON_NULL) {
        *out = NAN;
        return CCD_OK;
    }
    if (v->type != CCD_JSON_NUMBER)
        return bad(r, v, "\"%s\": expected a number", name);
    *out = strtod(v->text, NULL);
    return CCD_OK;
}

static ccd_status get_fixed(ccd_fixed_sum *out, const reader *r, const ccd_json *obj,
                            const char *name)
{
    const ccd_json *v;
    ccd_status st = member(&v, r, obj, name, CCD_JSON_ARRAY);
    if (st != CCD_OK)
        return st;
    if (v->count != 2)
        return bad(r, v, "\"%s\": expected [whole, fraction]", name);
    uint64_t a, b;
    if ((st = as_u64(&a, r, v->items[0], name)) != CCD_OK ||
        (st = as_u64(&b, r, v->items[1], name)) != CCD_OK)
        return st;
    out->whole = a;
    out->frac = b;
    return CCD_OK;
}

static ccd_status get_histogram(ccd_time_histogram *h, const reader *r, const ccd_json *obj,
                                const char *name)
{
    const ccd_json *v;
    ccd_status st = member(&v, r, obj, name, CCD_JSON_ARRAY);
    if (st != CCD_OK)
        return st;
    /* as written: each bucket once, in increasing order (a repeated bucket was
     * counted twice), and counts whose sum fits */
    uint64_t next = 0; /* the smallest bucket the next pair may name */
    for (size_t i = 0; i < v->count; i++) {
        const ccd_json *pair = v->items[i];
        uint64_t b, n;
        if (pair->type != CCD_JSON_ARRAY || pair->count != 2)
            return bad(r, pair, "\"%s\": expected [bucket, count] pairs", name);
        if ((st = as_u64(&b, r, pair->items[0], name)) != CCD_OK ||
            (st = as_u64(&n, r, pair->items[1], name)) != CCD_OK)
            return st;
        if (b >= CCD_TIME_HISTOGRAM_BUCKETS)
            return bad(r, pair->items[0], "\"%s\": bucket out of range", name);
        if (b < next)
            return bad(r, pair->items[0], "\"%s\": a bucket repeated or out of order", name);
        next = b + 1;
        if (__builtin_add_overflow(h->count, n, &h->count))
            return bad(r, pair->items[1], "\"%s\": the counts pass 2^64 - 1", name);
        h->bucket[b] = n;
    }
    return CCD_OK;
}

/* "failed" and "first_failure" (absent from files of older versions: none). */
static ccd_status read_failures(ccd_method_stats *s, ccd_first_failure *f, const reader *r,
                                const ccd_json *e)
{
    ccd_status st;
    if (ccd_json_get(e, "failed") && (st = get_u64(&s->failed, r, e, "failed")) != CCD_OK)
        return st;
    const ccd_json *first = ccd_json_get(e, "first_failure"), *reason;
    if (!first || first->type == CCD_JSON_NULL)
        return CCD_OK;
    if (first->type != CCD_JSON_OBJECT)
        return bad(r, first, "\"%s\": expected an object or null", "first_failure");
    uint64_t file, query;
    if ((st = get_u64(&file, r, first, "file")) != CCD_OK ||
        (st = get_u64(&query, r, first, "query")) != CCD_OK ||
        (st = member(&reason, r, first, "reason", CCD_JSON_STRING)) != CCD_OK)
        return st;
    if (ccd_first_failure_offer(f, file, query, reason->text) != 0)
        return ccd_error_oom(r->err, r->path);
    return CCD_OK;
}

static ccd_status read_method_entry(ccd_method_stats *s, ccd_method_detail *d,
                                    ccd_first_failure *f, const reader *r, const ccd_json *e,
                                    const char *expected_name)
{
    const ccd_json *name;
    ccd_status st = member(&name, r, e, "method", CCD_JSON_STRING);
    if (st != CCD_OK)
        return st;
    if (strcmp(name->text, expected_name) != 0)
        return bad(r, name, "method \"%s\" is not the one the \"methods\" list has here",
                   name->text);
    ccd_method_stats_init(s);
    ccd_method_detail_init(d);
    ccd_time_histogram negative = {0};
    if ((st = get_u64(&s->queries, r, e, "queries")) != CCD_OK ||
        (st = get_u64(&s->positives, r, e, "positives")) != CCD_OK ||
        (st = get_u64(&s->reported, r, e, "reported")) != CCD_OK ||
        (st = get_u64(&s->false_positives, r, e, "fp")) != CCD_OK ||
        (st = get_u64(&s->false_negatives, r, e, "fn")) != CCD_OK ||
        (st = get_u64(&s->hit_max_checks, r, e, "hit_max_checks")) != CCD_OK ||
        (st = get_u64(&d->checks_total, r, e, "checks_total")) != CCD_OK ||
        (st = get_u64(&s->time_total_ns, r, e, "time_total_ns")) != CCD_OK ||
        (st = get_u64(&d->time_min_ns, r, e, "time_min_ns")) != CCD_OK ||
        (st = get_u64(&s->time_max_ns, r, e, "time_max_ns")) != CCD_OK ||
        (st = get_u64(&s->toi_compared, r, e, "toi_compared")) != CCD_OK ||
        (st = get_u64(&s->toi_violations, r, e, "toi_violations")) != CCD_OK ||
        (st = get_fixed(&d->toi_gap_sum, r, e, "toi_gap_sum")) != CCD_OK ||
        (st = get_double(&s->toi_gap_max, r, e, "toi_gap_max")) != CCD_OK ||
        (st = get_fixed(&d->tolerance_sum, r, e, "tolerance_sum")) != CCD_OK ||
        (st = get_double(&d->tolerance_max, r, e, "tolerance_max")) != CCD_OK ||
        (st = get_histogram(&d->times_positive, r, e, "times_positive")) != CCD_OK ||
        (st = get_histogram(&negative, r, e, "times_negative")) != CCD_OK ||
        (st = read_failures(s, f, r, e)) != CCD_OK)
        return st;
    /* absent from the files of a ccdbench that did not count it: 0 */
    if (ccd_json_get(e, "zero_toi") && (st = get_u64(&s->zero_toi, r, e, "zero_toi")) != CCD_OK)
        return st;
    /* absent from the files of a ccdbench that did not measure it */
    if (ccd_json_get(e, "cpu_total_ns")) {
        if ((st = get_u64(&s->cpu_total_ns, r, e, "cpu_total_ns")) != CCD_OK)
            return st;
        s->cpu_queries = s->queries;
    }
    if (s->queries == 0)
        d->time_min_ns = UINT64_MAX;
    s->toi_gap_sum = ccd_fixed_sum_value(&d->toi_gap_sum);
    s->times = d->times_positive;
    ccd_time_histogram_merge(&s->times, &negative);
    if (s->times.count != s->queries || d->times_positive.count != s->positives)
        return bad(r, e, "%s: the time histograms do not add up to the query counts",
                   expected_name);
    if (s->positives > s->queries || s->false_positives > s->reported ||
        s->false_negatives > s->positives || s->reported > s->queries)
        return bad(r, e, "%s: inconsistent counts", expected_name);
    if ((s->failed > 0) != (f->reason != NULL))
        return bad(r, e,
                   s->failed ? "%s: failed queries but \"first_failure\" is null"
                             : "%s: a \"first_failure\" but no failed query",
                   expected_name);
    if (s->queries > 0 && d->time_min_ns > s->time_max_ns)
        return bad(r, e, "%s: \"time_min_ns\" is above \"time_max_ns\"", expected_name);
    if (!(d->tolerance_max >= 0) || !(s->toi_gap_max >= 0))
        return bad(r, e, "%s: \"tolerance_max\" and \"toi_gap_max\" are never negative",
                   expected_name);
    return CCD_OK;
}

static ccd_status read_groups(ccd_run_stats *s, const reader *r, const ccd_json *groups)
{
    s->groups = calloc(groups->count + 1, sizeof *s->groups);
    if (!s->groups)
        return ccd_error_oom(r->err, r->path);
    for (size_t g = 0; g < groups->count; g++) {
        const ccd_json *gj = groups->items[g], *kind, *methods;
        ccd_run_group *grp = &s->groups[s->group_count++];
        ccd_status st;
        if (gj->type != CCD_JSON_OBJECT)
            return bad(r, gj, "%s: expected an object", "groups");
        if ((st = get_string(&grp->set, r, gj, "set")) != CCD_OK ||
            (st = get_string(&grp->family, r, gj, "family")) != CCD_OK ||
            (st = member(&kind, r, gj, "kind", CCD_JSON_STRING)) != CCD_OK ||
            (st = member(&methods, r, gj, "methods", CCD_JSON_ARRAY)) != CCD_OK)
            return st;
        if (strcmp(kind->text, "VF") != 0 && strcmp(kind->text, "EE") != 0)
            return bad(r, kind, "kind \"%s\" is not VF or EE", kind->text);
        grp->kind = kind->text[0] == 'V' ? CCD_VF : CCD_EE;
        if (methods->count != s->method_count)
            return bad(r, methods, "%s: expected one entry per method of \"methods\"", "methods");
        grp->methods = calloc(s->method_count + 1, sizeof *grp->methods);
        grp->details = calloc(s->method_count + 1, sizeof *grp->details);
        grp->failures = calloc(s->method_count + 1, sizeof *grp->failures);
        if (!grp->methods || !grp->details || !grp->failures)
            return ccd_error_oom(r->err, r->path);
        for (size_t m = 0; m < s->method_count; m++) {
            if (methods->items[m]->type != CCD_JSON_OBJECT)
                return bad(r, methods->items[m], "%s: expected an object", "methods");
            st = read_method_entry(&grp->methods[m], &grp->details[m], &grp->failures[m], r,
                                   methods->items[m], s->methods[m]->name);
            if (st != CCD_OK)
                return st;
        }
    }
    /* one run's totals fit in 64 bits, so every sum a report forms over some of
     * its groups does too (report summed them, saturating without a word) */
    for (size_t m = 0; m < s->method_count; m++) {
        ccd_method_stats total;
        ccd_method_detail detail;
        memset(&total, 0, sizeof total);
        ccd_method_detail_init(&detail);
        for (size_t g = 0; g < s->group_count; g++)
            if (ccd_result_stats_add(&total, &detail, &s->groups[g].methods[m],
                                     &s->groups[g].details[m]) != 0)
                return bad(r, groups, "%s: the counts or times over the groups pass 2^64 - 1",
                           s->methods[m]->name);
    }
    return CCD_OK;
}

static ccd_status read_run(ccd_result_run *run, const reader *r, const ccd_json *rj,
                           const ccd_result_doc *doc)
{
    const ccd_json *params, *groups, *toi_compared;
    ccd_status st;
    uint64_t exact, no_zero, norm;
    if (rj->type != CCD_JSON_OBJECT)
        return bad(r, rj, "%s: expected an object", "runs");
    ccd_params_default(&run->params);
    run->stats.methods = doc->method_ptrs;
    run->stats.method_count = doc->header.method_count;
    if ((st = get_double(&run->sweep_value, r, rj, "sweep_value")) != CCD_OK ||
        (st = member(&params, r, rj, "params", CCD_JSON_OBJECT)) != CCD_OK ||
        (st = get_double(&run->params.ms, r, params, "ms")) != CCD_OK ||
        (st = get_double(&run->params.t_max, r, params, "t_max")) != CCD_OK ||
        (st = get_u64(&no_zero, r, params, "no_zero_toi")) != CCD_OK ||
        (st = get_u64(&norm, r, params, "ms_norm")) != CCD_OK ||
        (st = get_double(&run->stats.wall_seconds, r, rj, "wall_seconds")) != CCD_OK ||
        (ccd_json_get(rj, "read_seconds") && /* written since the schedule's replay */
         (st = get_double(&run->stats.read_seconds, r, rj, "read_seconds")) != CCD_OK) ||
        (ccd_json_get(rj, "consume_seconds") &&
         (st = get_double(&run->stats.consume_seconds, r, rj, "consume_seconds")) != CCD_OK) ||
        (ccd_json_get(rj, "parse_seconds") && /* written since the files are read in pieces */
         (st = get_double(&run->stats.parse_seconds, r, rj, "parse_seconds")) != CCD_OK) ||
        (ccd_json_get(rj, "records_seconds") &&
         (st = get_double(&run->stats.records_seconds, r, rj, "records_seconds")) != CCD_OK) ||
        (ccd_json_get(rj, "load_seconds") && /* written since the input is read ahead */
         (st = get_double(&run->stats.load_seconds, r, rj, "load_seconds")) != CCD_OK) ||
        (ccd_json_get(rj, "load_bytes") &&
         (st = get_u64(&run->stats.load_bytes, r, rj, "load_bytes")) != CCD_OK) ||
        (st = get_u64(&exact, r, rj, "exact_truth_queries")) != CCD_OK ||
        (st = member(&toi_compared, r, rj, "toi_compared", CCD_JSON_TRUE)) != CCD_OK ||
        (st = member(&groups, r, rj, "groups", CCD_JSON_ARRAY)) != CCD_OK)
        return st;
    /* times of a pass: what a clock measured is never negative */
    static const char *const times[] = {"wall_seconds", "read_seconds", "consume_seconds",
                                        "parse_seconds", "records_seconds", "load_seconds"};
    const double values[] = {run->stats.wall_seconds, run->stats.read_seconds,
                             run->stats.consume_seconds, run->stats.parse_seconds,
                             run->stats.records_seconds, run->stats.load_seconds};
    for (size_t k = 0; k < sizeof times / sizeof times[0]; k++)
        if (!(values[k] >= 0))
            return bad(r, ccd_json_get(rj, times[k]), "\"%s\" is never negative", times[k]);
    /* Result files written before methods declared options have none: they never
     * compare equal to newer ones (merge), whatever the values were. */
    run->params_json = params;
    run->options = ccd_json_get(params, "options");
    if (run->options && run->options->type != CCD_JSON_OBJECT)
        return bad(r, run->options, "\"%s\": expected an object", "options");
    run->params.no_zero_toi = (int)no_zero;
    run->params.ms_norm = norm == 2 ? CCD_NORM_L2 : CCD_NORM_LINF;
    run->stats.exact_truth = exact;
    run->stats.toi_compared = toi_compared->type == CCD_JSON_TRUE;
    run->queries = ccd_json_get(rj, "queries");
    if (run->queries && run->queries->type != CCD_JSON_ARRAY)
        return bad(r, run->queries, "\"%s\": expected an array", "queries");
    return read_groups(&run->stats, r, groups);
}

static ccd_status read_string_list(char ***out, size_t *count, const reader *r,
                                   const ccd_json *obj, const char *name)
{
    const ccd_json *v;
    ccd_status st = member(&v, r, obj, name, CCD_JSON_ARRAY);
    if (st != CCD_OK)
        return st;
    *out = calloc(v->count + 1, sizeof **out);
    if (!*out)
        return ccd_error_oom(r->err, r->path);
    for (size_t i = 0; i < v->count; i++) {
        if (v->items[i]->type != CCD_JSON_STRING)
            return bad(r, v->items[i], "\"%s\": expected strings", name);
        if (!((*out)[i] = strdup(v->items[i]->text)))
            return ccd_error_oom(r->err, r->path);
        (*count)++;
    }
    return CCD_OK;
}

static ccd_status read_header(ccd_result_doc *doc, const reader *r, const ccd_json *root)
{
    ccd_result_header *h = &doc->header;
    const ccd_json *v, *machine, *build, *shard, *methods;
    ccd_status st;
    if ((st = member(&v, r, root, "format", CCD_JSON_STRING)) != CCD_OK)
        return st;
    if (strcmp(v->text, CCD_RESULT_FORMAT) != 0)
        return bad(r, v, "format \"%s\" is not \"" CCD_RESULT_FORMAT "\"", v->text);
    uint64_t version, cores, index, count;
    if ((st = get_u64(&version, r, root, "version")) != CCD_OK)
        return st;
    if (version != CCD_RESULT_VERSION)
        return bad(r, ccd_json_get(root, "version"), "%s: unsupported version (this ccdbench reads 1)",
                   "version");
    if ((st = get_string(&h->tool, r, root, "tool")) != CCD_OK ||
        (st = get_string(&h->date, r, root, "date")) != CCD_OK ||
        (st = member(&machine, r, root, "machine", CCD_JSON_OBJECT)) != CCD_OK ||
        (st = get_string(&h->cpu, r, machine, "cpu")) != CCD_OK ||
        (st = get_u64(&cores, r, machine, "cores")) != CCD_OK ||
        (st = member(&build, r, root, "build", CCD_JSON_OBJECT)) != CCD_OK ||
        (st = get_string(&h->compiler, r, build, "compiler")) != CCD_OK ||
        (st = get_string(&h->gmp, r, build, "gmp")) != CCD_OK ||
        (st = get_string(&h->mpfr, r, build, "mpfr")) != CCD_OK ||
        (st = get_string(&h->zlib, r, build, "zlib")) != CCD_OK ||
        (st = read_string_list(&h->data, &h->data_count, r, root, "data")) != CCD_OK ||
        (st = get_string(&h->truth, r, root, "truth")) != CCD_OK ||
        (st = member(&shard, r, root, "shard", CCD_JSON_OBJECT)) != CCD_OK ||
        (st = get_u64(&index, r, shard, "index")) != CCD_OK ||
        (st = get_u64(&count, r, shard, "count")) != CCD_OK ||
        (st = read_string_list(&h->files, &h->file_count, r, root, "files")) != CCD_OK ||
        (st = member(&methods, r, root, "methods", CCD_JSON_ARRAY)) != CCD_OK)
        return st;
    if (count < 1 || index >= count || count > 1000000)
        return bad(r, shard, "%s: need 0 <= index < count", "shard");
    h->cores = (long)cores;
    h->shard_index = (unsigned)index;
    h->shard_count = (unsigned)count;
    v = ccd_json_get(root, "sweep");
    if (!v)
        return bad(r, root, "missing member \"%s\"", "sweep");
    if (v->type == CCD_JSON_STRING) {
        if (!(h->sweep = strdup(v->text)))
            return ccd_error_oom(r->err, r->path);
    } else if (v->type != CCD_JSON_NULL) {
        return bad(r, v, "\"%s\": expected a string or null", "sweep");
    }
    v = ccd_json_get(root, "preset"); /* optional: runs of --preset only */
    if (v && v->type != CCD_JSON_STRING)
        return bad(r, v, "\"%s\": expected a string", "preset");
    if (v && !(h->preset = strdup(v->text)))
        return ccd_error_oom(r->err, r->path);
    doc->method_table = calloc(methods->count + 1, sizeof *doc->method_table);
    doc->method_ptrs = calloc(methods->count + 1, sizeof *doc->method_ptrs);
    if (!doc->method_table || !doc->method_ptrs)
        return ccd_error_oom(r->err, r->path);
    for (size_t m = 0; m < methods->count; m++) {
        const ccd_json *mj = methods->items[m], *name;
        uint64_t caps;
        if (mj->type != CCD_JSON_OBJECT)
            return bad(r, mj, "%s: expected an object", "methods");
        if ((st = member(&name, r, mj, "name", CCD_JSON_STRING)) != CCD_OK ||
            (st = get_u64(&caps, r, mj, "caps")) != CCD_OK)
            return st;
        doc->method_table[m].name = name->text; /* owned by doc->json */
        doc->method_table[m].summary = "";
        doc->method_table[m].caps = (unsigned)caps;
        doc->method_ptrs[m] = &doc->method_table[m];
    }
    h->methods = doc->method_ptrs;
    h->method_count = methods->count;
    return CCD_OK;
}

/* The document of a result file: from the file path, or (text != NULL) from
 * text[0 .. length) named path in messages. */
static ccd_status read_doc(ccd_result_doc *doc, ccd_error *err, const char *path,
                           const char *text, size_t length)
{
    memset(doc, 0, sizeof *doc);
    reader r = {.path = path, .err = err};
    if (!(doc->path = strdup(path)))
        return ccd_error_oom(err, path);
    ccd_status st = text ? ccd_json_parse(&doc->json, err, path, text, length)
                         : ccd_json_read_file(&doc->json, err, path);
    if (st == CCD_OK && doc->json->type != CCD_JSON_OBJECT)
        st = bad(&r, doc->json, "%s", "expected a ccdbench result object");
    if (st == CCD_OK)
        st = read_header(doc, &r, doc->json);
    const ccd_json *runs = NULL;
    if (st == CCD_OK)
        st = member(&runs, &r, doc->json, "runs", CCD_JSON_ARRAY);
    if (st == CCD_OK) {
        doc->runs_line = runs->line;
        doc->runs_column = runs->column;
        if (runs->count == 0)
            st = bad(&r, runs, "%s: no runs", "runs");
        else if (!doc->header.sweep && runs->count != 1)
            st = bad(&r, runs, "%s: several runs but no \"sweep\"", "runs");
    }
    if (st == CCD_OK && !(doc->runs = calloc(runs->count + 1, sizeof *doc->runs)))
        st = ccd_error_oom(err, path);
    for (size_t i = 0; st == CCD_OK && i < runs->count; i++, doc->run_count++)
        st = read_run(&doc->runs[i], &r, runs->items[i], doc);
    if (st == CCD_OK)
        st = ccd_result_check_records(err, doc);
    if (st != CCD_OK)
        ccd_result_doc_free(doc);
    return st;
}

ccd_status ccd_result_read(ccd_result_doc *doc, ccd_error *err, const char *path)
{
    return read_doc(doc, err, path, NULL, 0);
}

ccd_status ccd_result_read_text(ccd_result_doc *doc, ccd_error *err, const char *name,
                                const char *text, size_t length)
{
    return read_doc(doc, err, name, text, length);
}

void ccd_result_doc_free(ccd_result_doc *doc)
{
    for (size_t i = 0; doc->runs && i <= doc->run_count; i++) {
        ccd_run_stats *s = &doc->runs[i].stats;
        if (i == doc->run_count && !s->groups)
            break;
        ccd_run_stats_free(s);
    }
    free(doc->runs);
    doc->header.methods = NULL;
    ccd_result_header_free(&doc->header);
    free(doc->method_table);
    free(doc->method_ptrs);
    ccd_json_free(doc->json);
    free(doc->path);
    memset(doc, 0, sizeof *doc);
}

/* ------------------------------------------------------------------ sums */

/* *into += v, saturating; 1 when it saturated (two shards with time_total_ns =
 * 2^63 + 5 merged to 10). */
static int add_u64(uint64_t *into, uint64_t v)
{
    if (__builtin_add_overflow(*into, v, into)) {
        *into = UINT64_MAX;
        return 1;
    }
    return 0;
}

int ccd_result_stats_add(ccd_method_stats *into, ccd_method_detail *into_detail,
                         const ccd_method_stats *from, const ccd_method_detail *from_detail)
{
    int over = 0;
    over |= add_u64(&into->failed, from->failed);
    over |= add_u64(&into->queries, from->queries);
    over |= add_u64(&into->positives, from->positives);
    over |= add_u64(&into->reported, from->reported);
    over |= add_u64(&into->false_positives, from->false_positives);
    over |= add_u64(&into->false_negatives, from->false_negatives);
    over |= add_u64(&into->hit_max_checks, from->hit_max_checks);
    over |= add_u64(&into->time_total_ns, from->time_total_ns);
    over |= add_u64(&into->cpu_total_ns, from->cpu_total_ns);
    over |= add_u64(&into->cpu_queries, from->cpu_queries);
    if (from->time_max_ns > into->time_max_ns)
        into->time_max_ns = from->time_max_ns;
    ccd_time_histogram_merge(&into->times, &from->times);
    over |= add_u64(&into->toi_compared, from->toi_compared);
    over |= add_u64(&into->toi_violations, from->toi_violations);
    over |= add_u64(&into->zero_toi, from->zero_toi);
    if (from->toi_gap_max > into->toi_gap_max)
        into->toi_gap_max = from->toi_gap_max;
    ccd_method_detail_merge(into_detail, from_detail);
    into->toi_gap_sum = ccd_fixed_sum_value(&into_detail->toi_gap_sum);
    return over;
}

int ccd_result_group_add(ccd_run_group *into, const ccd_run_group *from, size_t method_count)
{
    int over = 0;
    for (size_t m = 0; m < method_count; m++) {
        over |= ccd_result_stats_add(&into->methods[m], &into->details[m], &from->methods[m],
                                     &from->details[m]);
        const ccd_first_failure *f = from->failures ? &from->failures[m] : NULL;
        if (f && f->reason &&
            (!into->failures || ccd_first_failure_offer(&into->failures[m], f->file, f->query,
                                                        f->reason) != 0))
            return -1;
    }
    return over;
}

const char *ccd_result_set_label(const char *set)
{
    if (strcmp(set, "sample-queries") == 0)
        return "handcrafted";
    if (strcmp(set, "scalable-ccd") == 0)
        return "simulation";
    return set;
}

ccd_status ccd_result_file_check(ccd_error *err, const char *path)
{
    ccd_result_doc doc;
    ccd_status st = ccd_result_read(&doc, err, path);
    if (st == CCD_OK)
        ccd_result_doc_free(&doc);
    return st;
}
