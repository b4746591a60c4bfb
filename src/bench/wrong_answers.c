/* SPDX-License-Identifier: MIT */
/* The wrong answers of a method (wrong_answers.h): the runner's per-query
 * outcomes, judged against its truth, kept when wrong (or, for two methods,
 * when they differ). */
#include <config.h>

#include "bench/wrong_answers.h"
#include "core/assert.h"
#include "core/error.h"
#include "core/query_line.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct collect {
    ccd_wrong_answers *out;
    const ccd_dataset *ds;
    const ccd_run_config *cfg; /* the caller's: its progress and ctx */
    size_t capacity;
    int out_of_memory;
} collect;

static double reported_toi(const ccd_method *m, const ccd_query_outcome *o)
{
    return o->result.collides && (m->caps & CCD_CAP_TOI) ? o->result.toi : NAN;
}

static void on_query(void *ctx, size_t run, const ccd_dataset_file *file, const ccd_query *q,
                     int label, const ccd_query_truth *truth, const ccd_query_outcome *outcomes)
{
    (void)run; /* ccd_run: one */
    (void)label; /* the truth holds what the scorer decided from it */
    collect *c = ctx;
    ccd_wrong_answers *w = c->out;
    size_t n = c->cfg->method_count;
    w->queries++;
    w->exact_truth += truth->source != CCD_TRUTH_FROM_LABEL;
    int answered = 1;
    for (size_t m = 0; m < n; m++)
        if (outcomes[m].failure != CCD_FAILURE_NONE) {
            w->failed[m]++;
            answered = 0;
        }
    if (!answered)
        return;
    int says0 = outcomes[0].result.collides != 0;
    int wrong = n == 1 ? says0 != truth->collides
                       : says0 != (outcomes[1].result.collides != 0);
    if (!wrong || c->out_of_memory)
        return;
    if (w->count == c->capacity) {
        size_t capacity = c->capacity ? 2 * c->capacity : 64;
        ccd_wrong_answer *items = realloc(w->items, capacity * sizeof *items);
        if (!items) {
            c->out_of_memory = 1;
            return;
        }
        w->items = items;
        c->capacity = capacity;
    }
    ccd_wrong_answer *a = &w->items[w->count++];
    a->file = (size_t)(file - c->ds->files);
    a->query = q->index;
    a->line = ccd_query_line(q, 0);
    a->kind = q->kind;
    a->truth = truth->collides != 0;
    a->truth_toi = truth->collides ? truth->toi : NAN;
    a->says[1] = 0;
    a->toi[1] = NAN;
    for (size_t m = 0; m < n; m++) {
        a->says[m] = outcomes[m].result.collides != 0;
        a->toi[m] = reported_toi(c->cfg->methods[m], &outcomes[m]);
    }
    if (a->says[0] != a->truth) {
        w->fn += a->truth;
        w->fp += !a->truth;
    }
}

static void on_progress(void *ctx, const ccd_dataset_file *at, uint64_t done, uint64_t total)
{
    const collect *c = ctx;
    c->cfg->progress(c->cfg->ctx, at, done, total);
}

/* One method: its false negatives first, each kind in the order found. */
static ccd_status fn_first(ccd_wrong_answers *w, ccd_error *err)
{
    if (w->count == 0)
        return CCD_OK;
    ccd_wrong_answer *sorted = malloc(w->count * sizeof *sorted);
    if (!sorted)
        return ccd_error_oom(err, "ccdbench");
    size_t k = 0;
    for (int fn = 1; fn >= 0; fn--)
        for (size_t i = 0; i < w->count; i++)
            if (ccd_wrong_answer_is_fn(&w->items[i]) == fn)
                sorted[k++] = w->items[i];
    CCD_ASSERT(k == w->count && w->fn + w->fp == w->count);
    free(w->items);
    w->items = sorted;
    return CCD_OK;
}

ccd_status ccd_wrong_answers_run(ccd_wrong_answers *out, ccd_error *err, const ccd_dataset *ds,
                                 const ccd_run_config *cfg)
{
    CCD_ASSERT(cfg->method_count == 1 || cfg->method_count == 2);
    memset(out, 0, sizeof *out);
    collect c = {.out = out, .ds = ds, .cfg = cfg};
    ccd_run_config run = *cfg;
    run.on_query = on_query;
    run.progress = cfg->progress ? on_progress : NULL;
    run.ctx = &c;
    ccd_run_stats stats;
    ccd_status st = ccd_run(&stats, err, ds, &run);
    if (st == CCD_OK) {
        ccd_run_stats_free(&stats);
        if (c.out_of_memory)
            st = ccd_error_oom(err, "ccdbench");
        else if (cfg->method_count == 1)
            st = fn_first(out, err);
    }
    if (st != CCD_OK)
        ccd_wrong_answers_free(out);
    return st;
}

ccd_status ccd_wrong_answers_find(ccd_wrong_answers *out, ccd_error *err, const ccd_dataset *ds,
                                  const ccd_method *method, const ccd_method *other,
                                  const ccd_params *p, int exact)
{
    const ccd_method *methods[2] = {method, other};
    ccd_run_config cfg = {
        .methods = methods,
        .method_count = other ? 2 : 1,
        .truth = exact ? CCD_TRUTH_POLICY_EXACT : CCD_TRUTH_POLICY_LABELS,
    };
    if (p)
        cfg.params = *p;
    else
        ccd_params_default(&cfg.params);
    return ccd_wrong_answers_run(out, err, ds, &cfg);
}

void ccd_wrong_answers_free(ccd_wrong_answers *w)
{
    free(w->items);
    memset(w, 0, sizeof *w);
}
