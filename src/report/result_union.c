/* SPDX-License-Identifier: MIT */
/* Several result files as one source of report tables (result_union.h). */
#include <config.h>

#include "report/result_union.h"
#include "core/error.h"

#include "bench/result_records.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* "path: what": these concern whole files, no line of them. */
static ccd_status refuse(ccd_error *err, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err->status = CCD_ERR_INPUT;
    int n = snprintf(err->message, sizeof err->message, "%s: ", path);
    if (n < 0 || (size_t)n >= sizeof err->message)
        n = 0;
    vsnprintf(err->message + n, sizeof err->message - (size_t)n, fmt, ap);
    va_end(ap);
    return CCD_ERR_INPUT;
}

static ccd_status oom(ccd_error *err)
{
    return ccd_error_oom(err, "ccdbench report");
}

static int same_sweep(const char *a, const char *b)
{
    return (a == NULL) == (b == NULL) && (!a || strcmp(a, b) == 0);
}

static int same_value(double a, double b)
{
    return a == b || (isnan(a) && isnan(b));
}

static int same_group(const ccd_run_group *a, const ccd_run_group *b)
{
    return a->kind == b->kind && strcmp(a->set, b->set) == 0 && strcmp(a->family, b->family) == 0;
}

static const char *kind_name(ccd_kind kind)
{
    return kind == CCD_VF ? "VF" : "EE";
}

/* Index of the group like g in u (u->stats.group_count when none). */
static size_t find_group(const ccd_result_union *u, const ccd_run_group *g)
{
    size_t i = 0;
    while (i < u->stats.group_count && !same_group(&u->stats.groups[i], g))
        i++;
    return i;
}

static size_t find_method(const ccd_result_union *u, const char *name)
{
    size_t i = 0;
    while (i < u->stats.method_count && strcmp(u->method_table[i].name, name) != 0)
        i++;
    return i;
}

/* The run of doc that belongs to the union of (sweep, value), or NULL. */
static const ccd_result_run *matching_run(const ccd_result_doc *doc, const char *sweep,
                                          double value)
{
    if (!same_sweep(doc->header.sweep, sweep))
        return NULL;
    for (size_t r = 0; r < doc->run_count; r++)
        if (same_value(doc->runs[r].sweep_value, value))
            return &doc->runs[r];
    return NULL;
}

/* Pass 1: the groups and method names, in order of first appearance. */
static ccd_status collect_shape(ccd_result_union *u, ccd_error *err, const ccd_result_doc *docs,
                                size_t n, const char *sweep, double value)
{
    size_t max_groups = 0, max_methods = 0;
    for (size_t d = 0; d < n; d++) {
        const ccd_result_run *run = matching_run(&docs[d], sweep, value);
        if (run) {
            max_groups += run->stats.group_count;
            max_methods += run->stats.method_count;
        }
    }
    u->stats.groups = calloc(max_groups + 1, sizeof *u->stats.groups);
    u->method_table = calloc(max_methods + 1, sizeof *u->method_table);
    u->method_ptrs = calloc(max_methods + 1, sizeof *u->method_ptrs);
    if (!u->stats.groups || !u->method_table || !u->method_ptrs)
        return oom(err);
    for (size_t d = 0; d < n; d++) {
        const ccd_result_run *run = matching_run(&docs[d], sweep, value);
        if (!run)
            continue;
        for (size_t g = 0; g < run->stats.group_count; g++) {
            const ccd_run_group *grp = &run->stats.groups[g];
            if (find_group(u, grp) == u->stats.group_count)
                u->stats.groups[u->stats.group_count++] =
                    (ccd_run_group){.set = grp->set, .family = grp->family, .kind = grp->kind};
        }
        for (size_t m = 0; m < run->stats.method_count; m++) {
            const ccd_method *method = run->stats.methods[m];
            if (find_method(u, method->name) == u->stats.method_count) {
                u->method_table[u->stats.method_count] = *method;
                u->method_ptrs[u->stats.method_count] = &u->method_table[u->stats.method_count];
                u->stats.method_count++;
            }
        }
    }
    u->stats.methods = u->method_ptrs;
    return CCD_OK;
}

/* Every method covers all groups of a dataset row (set label and kind) or none. */
static ccd_status check_rows(ccd_error *err, const ccd_result_union *u, const char *const *owner,
                             const char *const *group_source)
{
    size_t mc = u->stats.method_count;
    for (size_t g = 0; g < u->stats.group_count; g++) {
        const ccd_run_group *a = &u->stats.groups[g];
        for (size_t h = 0; h < u->stats.group_count; h++) {
            const ccd_run_group *b = &u->stats.groups[h];
            if (a->kind != b->kind ||
                strcmp(ccd_result_set_label(a->set), ccd_result_set_label(b->set)) != 0)
                continue;
            for (size_t m = 0; m < mc; m++)
                if (u->present[g * mc + m] && !u->present[h * mc + m])
                    return refuse(err, owner[g * mc + m],
                                  "%s has %s %s %s rows but none of %s %s %s, which %s has: "
                                  "the %s %s row would compare different queries",
                                  u->method_table[m].name, a->set, a->family, kind_name(a->kind),
                                  b->set, b->family, kind_name(b->kind), group_source[h],
                                  ccd_result_set_label(a->set), kind_name(a->kind));
        }
    }
    return CCD_OK;
}

/* Pass 2: every method's numbers from the one file that has them. */
static ccd_status fill(ccd_result_union *u, ccd_error *err, const ccd_result_doc *docs, size_t n,
                       const char *sweep, double value, int rows)
{
    size_t gc = u->stats.group_count, mc = u->stats.method_count;
    const char **owner = calloc(gc * mc + 1, sizeof *owner);
    const char **group_source = calloc(gc + 1, sizeof *group_source);
    uint64_t *size = calloc(gc + 1, sizeof *size);
    u->present = calloc(gc * mc + 1, 1);
    ccd_status st = owner && group_source && size && u->present ? CCD_OK : oom(err);
    for (size_t g = 0; st == CCD_OK && g < gc; g++) {
        ccd_run_group *grp = &u->stats.groups[g];
        grp->methods = calloc(mc + 1, sizeof *grp->methods);
        grp->details = calloc(mc + 1, sizeof *grp->details);
        if (!grp->methods || !grp->details) {
            st = oom(err);
            break;
        }
        for (size_t m = 0; m < mc; m++) {
            ccd_method_stats_init(&grp->methods[m]);
            ccd_method_detail_init(&grp->details[m]);
        }
    }
    for (size_t d = 0; st == CCD_OK && d < n; d++) {
        const ccd_result_run *run = matching_run(&docs[d], sweep, value);
        if (!run)
            continue;
        const ccd_run_stats *s = &run->stats;
        for (size_t g = 0; st == CCD_OK && g < s->group_count; g++) {
            const ccd_run_group *grp = &s->groups[g];
            size_t ug = find_group(u, grp);
            uint64_t queries = ccd_result_group_size(grp, s->method_count);
            if (group_source[ug] && size[ug] != queries) {
                st = refuse(err, docs[d].path,
                            "its %s %s %s rows are %llu queries, those of %s %llu: "
                            "not the same data",
                            grp->set, grp->family, kind_name(grp->kind),
                            (unsigned long long)queries, group_source[ug],
                            (unsigned long long)size[ug]);
                break;
            }
            group_source[ug] = docs[d].path;
            size[ug] = queries;
            for (size_t m = 0; m < s->method_count; m++) {
                size_t um = find_method(u, s->methods[m]->name), cell = ug * mc + um;
                if (u->present[cell]) {
                    st = refuse(err, docs[d].path,
                                "overlaps %s: both have %s %s %s rows of %s; give each "
                                "result once (join the shards of one run with ccdbench merge)",
                                owner[cell], grp->set, grp->family, kind_name(grp->kind),
                                s->methods[m]->name);
                    break;
                }
                u->present[cell] = 1;
                owner[cell] = docs[d].path;
                u->stats.groups[ug].methods[um] = grp->methods[m];
                u->stats.groups[ug].details[um] = grp->details[m];
            }
        }
    }
    if (st == CCD_OK && rows)
        st = check_rows(err, u, owner, group_source);
    free(owner);
    free(group_source);
    free(size);
    return st;
}

ccd_status ccd_result_union_build(ccd_result_union *u, ccd_error *err, const ccd_result_doc *docs,
                                  size_t n, const char *sweep, double value)
{
    memset(u, 0, sizeof *u);
    ccd_status st = collect_shape(u, err, docs, n, sweep, value);
    /* Table 1 (no sweep) and Table 2 (ms) put the files side by side in rows;
     * the other sweeps have one table per file. */
    int rows = !sweep || strcmp(sweep, "ms") == 0;
    if (st == CCD_OK)
        st = fill(u, err, docs, n, sweep, value, rows);
    if (st != CCD_OK)
        ccd_result_union_free(u);
    return st;
}

void ccd_result_union_free(ccd_result_union *u)
{
    for (size_t g = 0; u->stats.groups && g < u->stats.group_count; g++) {
        free(u->stats.groups[g].methods);
        free(u->stats.groups[g].details);
    }
    free(u->stats.groups);
    free(u->method_table);
    free(u->method_ptrs);
    free(u->present);
    memset(u, 0, sizeof *u);
}

ccd_status ccd_result_union_check(ccd_error *err, const ccd_result_doc *docs, size_t n)
{
    for (size_t d = 0; d < n; d++)
        if (docs[d].header.shard_count > 1)
            return refuse(err, docs[d].path,
                          "shard %u/%u of a run: merge the shards first (ccdbench merge)",
                          docs[d].header.shard_index, docs[d].header.shard_count);
    for (size_t d = 0; d < n; d++)
        for (size_t r = 0; r < docs[d].run_count; r++) {
            ccd_result_union u;
            ccd_status st = ccd_result_union_build(&u, err, docs, n, docs[d].header.sweep,
                                                   docs[d].runs[r].sweep_value);
            if (st != CCD_OK)
                return st;
            ccd_result_union_free(&u);
        }
    return CCD_OK;
}
