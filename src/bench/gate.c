/* SPDX-License-Identifier: MIT */
/* The verdict of `ccdbench gate` (see gate.h). */
#include <config.h>

#include "bench/gate.h"

#include <math.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "bench/result_file.h"
#include "core/assert.h"
#include "core/error.h"
#include "core/xml_text.h"

/* Index of method `name` in s, or s->method_count. */
static size_t method_index(const ccd_run_stats *s, const char *name)
{
    size_t m = 0;
    while (name && m < s->method_count && strcmp(s->methods[m]->name, name) != 0)
        m++;
    return name ? m : s->method_count;
}

double ccd_gate_time_us(const ccd_run_stats *s, size_t m, ccd_gate_clock clock)
{
    if (clock == CCD_GATE_CPU) {
        uint64_t ns = 0, queries = 0;
        for (size_t g = 0; g < s->group_count; g++) {
            const ccd_method_stats *ms = &s->groups[g].methods[m];
            if (ms->cpu_queries != ms->queries)
                return NAN;
            ns += ms->cpu_total_ns;
            queries += ms->queries;
        }
        return queries ? (double)ns / (double)queries / 1e3 : NAN;
    }
    ccd_time_histogram *all = calloc(1, sizeof *all);
    if (!all)
        return NAN; /* (no verdict on time then: the check fails on NAN) */
    for (size_t g = 0; g < s->group_count; g++)
        ccd_time_histogram_merge(all, &s->groups[g].methods[m].times);
    double us = all->count ? ccd_time_histogram_trimmed_mean(all, 0.99) / 1e3 : NAN;
    free(all);
    return us;
}

ccd_status ccd_gate_baseline_read(ccd_gate_baseline *b, ccd_error *err, const char *path,
                                  const char *method, const char *reference)
{
    ccd_result_doc doc;
    ccd_status st = ccd_result_read(&doc, err, path);
    if (st != CCD_OK)
        return st;
    const ccd_run_stats *s = &doc.runs[0].stats;
    size_t m = method_index(s, method), r = method_index(s, reference);
    b->queries = 0;
    if (m == s->method_count) {
        st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "the baseline has no method '%s'",
                           method);
    } else {
        for (size_t g = 0; g < s->group_count; g++)
            b->queries += s->groups[g].methods[m].queries;
        /* CPU times when the file has them for both, else elapsed for both */
        b->clock = CCD_GATE_CPU;
        b->method_us = ccd_gate_time_us(s, m, b->clock);
        b->reference_us = r < s->method_count ? ccd_gate_time_us(s, r, b->clock) : NAN;
        if (isnan(b->method_us) || (r < s->method_count && isnan(b->reference_us))) {
            b->clock = CCD_GATE_ELAPSED;
            b->method_us = ccd_gate_time_us(s, m, b->clock);
            b->reference_us = r < s->method_count ? ccd_gate_time_us(s, r, b->clock) : NAN;
        }
        if (isnan(b->method_us))
            st = ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                               "the baseline has no queries for '%s'", method);
    }
    ccd_result_doc_free(&doc);
    return st;
}

void ccd_gate_timing_of(ccd_gate_timing *t, const ccd_gate_times *times, size_t m_method,
                        size_t m_reference)
{
    CCD_ASSERT(times->runs >= 1);
    t->clock = times->cpu ? CCD_GATE_CPU : CCD_GATE_ELAPSED;
    t->repeats = times->runs;
    t->noise = 0;
    double *us[2] = {&t->method_us, &t->reference_us};
    size_t m[2] = {m_method, m_reference};
    t->reference_us = NAN;
    for (int i = 0; i < 2 && m[i] != SIZE_MAX; i++) {
        uint64_t queries, best = ccd_gate_times_sum_ns(times, &queries, m[i], 0, NULL, NULL);
        uint64_t next = ccd_gate_times_sum_ns(times, &queries, m[i], 1, NULL, NULL);
        *us[i] = queries ? (double)best / (double)queries / 1e3 : NAN;
        if (best > 0)
            t->noise += (double)(next - best) / (double)best;
    }
}

typedef struct group_files {
    const ccd_dataset *ds;
    const ccd_run_group *group;
} group_files;

static int in_group(size_t file, const void *ctx)
{
    const group_files *gf = ctx;
    const ccd_dataset_file *f = &gf->ds->files[file];
    return f->kind == gf->group->kind && strcmp(f->set, gf->group->set) == 0 &&
           strcmp(f->family, gf->group->family) == 0;
}

ccd_status ccd_gate_fastest(ccd_run_stats *fastest, ccd_error *err, const ccd_run_stats *run,
                            const ccd_gate_times *times, const ccd_dataset *ds)
{
    CCD_ASSERT(times->method_count == run->method_count);
    *fastest = *run;
    fastest->groups = calloc(run->group_count + 1, sizeof *fastest->groups);
    if (!fastest->groups)
        return ccd_error_oom(err, "ccdbench");
    for (size_t g = 0; g < run->group_count; g++) {
        ccd_run_group *grp = &fastest->groups[g];
        *grp = run->groups[g];
        grp->methods = malloc((run->method_count + 1) * sizeof *grp->methods);
        if (!grp->methods) {
            fastest->group_count = g;
            ccd_gate_fastest_free(fastest);
            return ccd_error_oom(err, "ccdbench");
        }
        group_files gf = {.ds = ds, .group = &run->groups[g]};
        for (size_t m = 0; m < run->method_count; m++) {
            ccd_method_stats *ms = &grp->methods[m];
            *ms = run->groups[g].methods[m];
            if (!times->cpu)
                continue; /* elapsed times: the run's CPU times stand */
            uint64_t queries;
            ms->cpu_total_ns = ccd_gate_times_sum_ns(times, &queries, m, 0, in_group, &gf);
            /* the queries answered in the run are those answered in some run: the
             * same, unless a call failed in some runs only (which fails the gate) */
            ms->cpu_queries = queries == ms->queries ? queries : 0;
        }
    }
    return CCD_OK;
}

void ccd_gate_fastest_free(ccd_run_stats *fastest)
{
    for (size_t g = 0; fastest->groups && g < fastest->group_count; g++)
        free(fastest->groups[g].methods);
    free(fastest->groups);
    fastest->groups = NULL;
    fastest->group_count = 0;
}

/* 100 · n / of (0 without queries). */
static double percent(uint64_t n, uint64_t of)
{
    return of ? 100.0 * (double)n / (double)of : 0.0;
}

void ccd_gate_fp_of(uint64_t *fp, uint64_t *queries, const ccd_run_stats *s, size_t m)
{
    CCD_ASSERT(m < s->method_count);
    *fp = *queries = 0;
    for (size_t g = 0; g < s->group_count; g++) {
        *fp += s->groups[g].methods[m].false_positives;
        *queries += s->groups[g].methods[m].queries;
    }
}

ccd_status ccd_gate_fp_bound_run(ccd_gate_fp_bound *b, ccd_error *err, const ccd_dataset *ds,
                                 const ccd_run_config *cfg, const ccd_method *const *methods,
                                 size_t count)
{
    CCD_ASSERT(count > 0);
    for (size_t k = 0; k < count; k++)
        CCD_ASSERT(methods[k]->caps & CCD_CAP_CONSERVATIVE); /* a bound must not miss */
    ccd_run_config bounds = {.methods = methods, .method_count = count, .params = cfg->params,
                             .truth = cfg->truth, .threads = cfg->threads,
                             .batch_size = cfg->batch_size};
    bounds.params.options = NULL;
    ccd_run_stats s;
    ccd_status st = ccd_run(&s, err, ds, &bounds);
    if (st != CCD_OK)
        return st;
    *b = (ccd_gate_fp_bound){.slack = CCD_GATE_FP_SLACK};
    for (size_t k = 0; k < count; k++) {
        uint64_t fp, queries;
        ccd_gate_fp_of(&fp, &queries, &s, k);
        /* the higher rate: fp / queries > b->fp / b->queries, exactly */
        if (!b->method || (double)fp * (double)b->queries > (double)b->fp * (double)queries)
            *b = (ccd_gate_fp_bound){.method = methods[k]->name, .fp = fp, .queries = queries,
                                     .slack = CCD_GATE_FP_SLACK};
    }
    ccd_run_stats_free(&s);
    return CCD_OK;
}

void ccd_gate_judge(ccd_gate_verdict *v, const ccd_run_stats *stats, const ccd_gate_limits *lim)
{
    CCD_ASSERT(stats->method_count >= 1);
    memset(v, 0, sizeof *v);
    ccd_method_stats sum;
    ccd_method_detail detail;
    ccd_method_stats_init(&sum);
    ccd_method_detail_init(&detail);
    for (size_t g = 0; g < stats->group_count; g++)
        ccd_result_stats_add(&sum, &detail, &stats->groups[g].methods[0],
                             &stats->groups[g].details[0]);
    v->mean_us = ccd_method_stats_mean_us(&sum);
    v->queries = sum.queries + sum.failed;
    const ccd_first_failure *first;
    v->failed = ccd_run_stats_failed(stats, 0, &first);

    ccd_gate_check *fn = &v->checks[v->count++];
    fn->name = "false-negatives";
    fn->failed = sum.false_negatives > (uint64_t)lim->max_fn;
    snprintf(fn->message, sizeof fn->message, "FN %llu %s %ld",
             (unsigned long long)sum.false_negatives, fn->failed ? ">" : "<=", lim->max_fn);

    ccd_gate_check *fp = &v->checks[v->count++];
    fp->name = "false-positives";
    const ccd_gate_fp_bound *fpb = &lim->fp_bound;
    double rate = percent(sum.false_positives, sum.queries);
    if (!isnan(lim->max_fp)) {
        double fp_limit =
            lim->max_fp_percent ? lim->max_fp / 100 * (double)sum.queries : lim->max_fp;
        fp->failed = (double)sum.false_positives > fp_limit;
        snprintf(fp->message, sizeof fp->message, "FP %llu (%.2f%%) %s %g%s",
                 (unsigned long long)sum.false_positives, rate, fp->failed ? ">" : "<=",
                 lim->max_fp, lim->max_fp_percent ? "% of the queries" : "");
    } else if (fpb->method) {
        /* rates, exactly: fp / queries > slack · bound_fp / bound_queries */
        double bound_rate = percent(fpb->fp, fpb->queries);
        fp->failed = (double)sum.false_positives * (double)fpb->queries >
                     fpb->slack * (double)fpb->fp * (double)sum.queries;
        snprintf(fp->message, sizeof fp->message, "FP %llu (%.2f%%) %s %.2f%% (%g x %s's %.2f%%)",
                 (unsigned long long)sum.false_positives, rate, fp->failed ? ">" : "<=",
                 fpb->slack * bound_rate, fpb->slack, fpb->method, bound_rate);
    } else {
        snprintf(fp->message, sizeof fp->message, "FP %llu (%.2f%%) (no limit)",
                 (unsigned long long)sum.false_positives, rate);
    }

    v->slowdown = NAN;
    if (lim->baseline) {
        CCD_ASSERT(lim->timing);
        const ccd_gate_baseline *b = lim->baseline;
        const ccd_gate_timing *t = lim->timing;
        CCD_ASSERT(t->clock == b->clock); /* the same kind of time, now and then */
        ccd_gate_check *slow = &v->checks[v->count++];
        slow->name = "slowdown";
        v->relative = isfinite(b->reference_us) && isfinite(t->reference_us) &&
                      b->reference_us > 0 && t->reference_us > 0;
        double now = v->relative ? t->method_us / t->reference_us : t->method_us;
        double then = v->relative ? b->method_us / b->reference_us : b->method_us;
        v->slowdown = then > 0 ? now / then : INFINITY;
        double limit = lim->max_slowdown * (1 + t->noise);
        slow->failed = !isnan(lim->max_slowdown) && v->slowdown > limit;
        char bound[64];
        if (isnan(lim->max_slowdown))
            snprintf(bound, sizeof bound, "(no limit)");
        else
            snprintf(bound, sizeof bound, "%s %gx", slow->failed ? ">" : "<=", lim->max_slowdown);
        const char *clock = t->clock == CCD_GATE_CPU ? "CPU" : "elapsed";
        if (v->relative)
            snprintf(slow->message, sizeof slow->message,
                     "slowdown %.2fx %s (%s time / %s's: %.3g now, %.3g in the baseline; "
                     "noise %.0f%% over %u runs)",
                     v->slowdown, bound, clock, lim->reference, now, then, 100 * t->noise,
                     t->repeats);
        else
            snprintf(slow->message, sizeof slow->message,
                     "slowdown %.2fx %s (mean %s time %.3f us, %.3f us in the baseline; "
                     "noise %.0f%% over %u runs)",
                     v->slowdown, bound, clock, now, then, 100 * t->noise, t->repeats);
    }

    /* a failed query has no answer to score: it cannot pass, whatever FN and FP say */
    ccd_gate_check *failures = &v->checks[v->count++];
    failures->name = "method-failures";
    failures->failed = v->failed > 0;
    if (v->failed)
        snprintf(failures->message, sizeof failures->message, "failed on %llu queries (first: %s)",
                 (unsigned long long)v->failed, first ? first->reason : "?");
    else
        snprintf(failures->message, sizeof failures->message, "failed on 0 queries");
    for (size_t i = 0; i < v->count; i++)
        v->failing |= v->checks[i].failed;
}

void ccd_gate_print(FILE *out, const ccd_gate_verdict *v, const char *method)
{
    int slowdown = v->count == 4;
    fprintf(out, "gate %s: %s on %llu queries: %s; %s", v->failing ? "FAIL" : "PASS", method,
            (unsigned long long)v->queries, v->checks[0].message, v->checks[1].message);
    if (slowdown)
        fprintf(out, "; %s", v->checks[2].message);
    else
        fprintf(out, "; mean %.3f us", v->mean_us);
    if (v->failed)
        fprintf(out, "; %s", v->checks[v->count - 1].message);
    fputc('\n', out);
}

void ccd_gate_write_junit(FILE *out, const ccd_gate_verdict *v, const char *method,
                          double seconds)
{
    size_t failures = 0;
    for (size_t i = 0; i < v->count; i++)
        failures += v->checks[i].failed != 0;
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
                 "  <testsuite name=\"ccdbench gate ");
    ccd_xml_text(out, method);
    fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" time=\"%.3f\">\n", v->count,
            failures, seconds);
    for (size_t i = 0; i < v->count; i++) {
        const ccd_gate_check *c = &v->checks[i];
        fputs("    <testcase classname=\"ccdbench.gate.", out);
        ccd_xml_text(out, method);
        fprintf(out, "\" name=\"%s\">", c->name);
        if (c->failed) {
            fputs("\n      <failure message=\"", out);
            ccd_xml_text(out, c->message);
            fputs("\"/>\n    ", out);
        } else {
            fputs("<system-out>", out);
            ccd_xml_text(out, c->message);
            fputs("</system-out>", out);
        }
        fputs("</testcase>\n", out);
    }
    fputs("  </testsuite>\n</testsuites>\n", out);
}
