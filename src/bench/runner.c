/* SPDX-License-Identifier: MIT */
/* The benchmark runner (runner.h) as a batch loop: compute = every method on a
 * chunk of queries under every run's values, then the truth of each query and
 * its answers judged, run by run; consume = add to each run's group statistics
 * in query order. */
#include <config.h>

#include "bench/runner.h"
#include "bench/shard.h"
#include "core/assert.h"
#include "core/error.h"
#include "core/query_line.h"
#include "core/clock.h"
#include "core/zeroed_pages.h"
#include "bench/batch_loop.h"
#include "bench/cpu_span.h"
#include "bench/isolate.h"
#include "bench/work_queue.h"
#include "exact/exact_ccd.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

typedef struct run_slot {
    int skipped; /* the query belongs to another shard */
    ccd_query_truth truth;
    const ccd_truth_row *row; /* its row of a truth file (source file), else NULL */
    ccd_query_outcome outcomes[]; /* one per method */
} run_slot;

/* A query's slot in the batch holds one run_slot per run, each run_size bytes. */

typedef struct run_thread {
    void **scratch; /* one per method, shared by the runs */
    ccd_exact_ctx *exact;
    ccd_algebraic *toi;
    int toi_of;  /* t->toi holds the oracle's toi of the current query (current d) */
    mpq_t *ms;   /* per run: its d, exactly */
} run_thread;

/* What the runner knows of one run of the pass. */
typedef struct run_part {
    ccd_params params;         /* the run's */
    ccd_params *method_params; /* per method: params with its option values and d */
    int use_ms;      /* minimum separation: truth by the exact oracle with d = ms */
    int limit_t_max; /* t_max < 1: a collision counts when its exact toi ≤ t_max */
    int shares_truth; /* its truth is the run before's (the same truth parameters) */
    ccd_run_stats *stats;
} run_part;

typedef struct run_ctx {
    const ccd_run_config *cfg;
    const ccd_dataset *ds;
    run_part *runs;
    size_t run_count;
    size_t *group_of_file;
    uint64_t *queries_of_file; /* with truth files: queries read per file */
    ccd_isolate *isolate;       /* the isolated methods' processes, or NULL (one run) */
    const ccd_query *batch;     /* the batch being computed (for isolated outcomes) */
    unsigned char *in_shard;    /* per query of the batch: to be run here */
    size_t run_size;            /* bytes of a run_slot with its outcomes */
    uint64_t records_ns;        /* spent in on_query (the per-query records) */
    uint64_t consumed;          /* queries of the pass consumed so far */
    int measure;                /* note each query's cost in cfg->measured */
} run_ctx;

static void thread_free(void *tls, void *ctx)
{
    const run_ctx *c = ctx;
    run_thread *t = tls;
    for (size_t m = 0; m < c->cfg->method_count; m++)
        if (t->scratch[m] && c->cfg->methods[m]->scratch_free)
            c->cfg->methods[m]->scratch_free(t->scratch[m]);
    free(t->scratch);
    if (t->exact)
        ccd_exact_ctx_free(t->exact);
    if (t->toi)
        ccd_algebraic_free(t->toi);
    if (t->ms)
        for (size_t r = 0; r < c->run_count; r++)
            mpq_clear(t->ms[r]);
    free(t->ms);
    free(t);
}

static ccd_status thread_new(void **tls, ccd_error *err, void *ctx)
{
    const run_ctx *c = ctx;
    run_thread *t = calloc(1, sizeof *t);
    if (!t)
        return ccd_error_oom(err, "ccdbench");
    if ((t->ms = malloc(c->run_count * sizeof *t->ms)))
        for (size_t r = 0; r < c->run_count; r++) {
            mpq_init(t->ms[r]);
            if (c->cfg->ms_exact)
                mpq_set(t->ms[r], c->cfg->ms_exact);
            else
                mpq_set_d(t->ms[r], c->runs[r].params.ms);
        }
    t->scratch = calloc(c->cfg->method_count + 1, sizeof *t->scratch);
    t->exact = ccd_exact_ctx_new();
    t->toi = ccd_algebraic_new();
    if (!t->ms || !t->scratch || !t->exact || !t->toi) {
        thread_free(t, ctx);
        return ccd_error_oom(err, "ccdbench");
    }
    for (size_t m = 0; m < c->cfg->method_count; m++) {
        const ccd_method *method = c->cfg->methods[m];
        if (c->cfg->isolate && c->cfg->isolate[m])
            continue; /* its scratch lives in its processes */
        if (method->scratch_new && !(t->scratch[m] = method->scratch_new())) {
            thread_free(t, ctx);
            return ccd_error_set(err, CCD_ERR_INTERNAL, method->name, 0, 0,
                                 "cannot create the per-thread scratch of the method");
        }
    }
    *tls = t;
    return CCD_OK;
}

unsigned ccd_run_shard_of(const ccd_run_config *cfg, size_t file, const ccd_query *q)
{
    if (cfg->shard_count <= 1)
        return cfg->shard_index;
    return ccd_shard_of(file, q->index, cfg->shard_count);
}

static int needs_exact_truth(const run_ctx *c, const run_part *r, int label)
{
    return c->cfg->truth == CCD_TRUTH_POLICY_EXACT || label < 0 || r->use_ms || r->limit_t_max;
}

/* The oracle on q under run r's d: collides, and its toi in t->toi. */
static ccd_status run_oracle(int *collides, ccd_error *err, const run_ctx *c, size_t r,
                             const ccd_dataset_file *f, const ccd_query *q, run_thread *t)
{
    ccd_status st = ccd_exact_decide(collides, t->toi, q, c->runs[r].use_ms ? t->ms[r] : NULL,
                                     c->runs[r].params.ms_norm, t->exact);
    if (st != CCD_OK)
        return ccd_error_set(err, st, f->csv_path, ccd_query_line(q, 0), 0,
                             "the exact oracle failed on query %llu", (unsigned long long)q->index);
    t->toi_of = 1;
    return CCD_OK;
}

/* The oracle on q (toi in t->toi), which must agree with its row of a truth file:
 * the same answer, and the toi within [lo_down, hi_up]. */
static ccd_status run_oracle_on_row(ccd_error *err, const run_ctx *c, size_t r,
                                    const ccd_dataset_file *f, const ccd_query *q, run_thread *t,
                                    const ccd_truth_row *row)
{
    const ccd_truth_file *tf = &c->cfg->truth_files->files[f - c->ds->files];
    int collides;
    ccd_status st = run_oracle(&collides, err, c, r, f, q, t);
    if (st != CCD_OK)
        return st;
    if (collides != row->collides ||
        (collides && (ccd_algebraic_cmp_d(t->toi, row->lo_down) < 0 ||
                      ccd_algebraic_cmp_d(t->toi, row->hi_up) > 0)))
        return ccd_error_set(err, CCD_ERR_INPUT,
                             tf->path, tf->first_line + q->index, 1,
                             "the exact oracle disagrees with this row on query %llu of %s: "
                             "the truth file is not that data's",
                             (unsigned long long)q->index, f->csv_path);
    return CCD_OK;
}

/* The truth of q from its row of a truth file; the oracle only when t_max falls
 * inside the row's toi interval. */
static ccd_status truth_from_file(ccd_query_truth *truth, const ccd_truth_row **row_out,
                                  ccd_error *err, const run_ctx *c, size_t r,
                                  const ccd_dataset_file *f, const ccd_query *q, run_thread *t)
{
    const ccd_truth_file *tf = &c->cfg->truth_files->files[f - c->ds->files];
    if (q->index >= tf->count)
        return ccd_error_set(err, CCD_ERR_INPUT, tf->path, tf->first_line + tf->count, 1,
                             "the truth file has %llu rows, but %s has more queries",
                             (unsigned long long)tf->count, f->csv_path);
    const ccd_truth_row *row = &tf->rows[q->index];
    *row_out = row;
    truth->source = CCD_TRUTH_FROM_FILE;
    truth->collides = row->collides;
    if (row->collides && c->runs[r].limit_t_max) {
        double t_max = c->runs[r].params.t_max;
        if (row->lo_down > t_max) {
            truth->collides = 0;
        } else if (!(row->hi_up <= t_max)) { /* t_max inside [lo_down, hi_up]: exactly */
            ccd_status st = run_oracle_on_row(err, c, r, f, q, t, row);
            if (st != CCD_OK)
                return st;
            truth->collides = ccd_algebraic_cmp_d(t->toi, t_max) <= 0;
        }
    }
    if (truth->collides && !row->down_known && !t->toi_of) { /* a double inside (lo, hi] */
        ccd_status st = run_oracle_on_row(err, c, r, f, q, t, row);
        if (st != CCD_OK)
            return st;
    }
    if (truth->collides)
        truth->toi = row->down_known ? row->lo_down : ccd_algebraic_round_down(t->toi);
    return CCD_OK;
}

static ccd_status decide_truth(ccd_query_truth *truth, const ccd_truth_row **row,
                               ccd_error *err, const run_ctx *c, size_t r,
                               const ccd_dataset_file *f, const ccd_query *q, int label,
                               run_thread *t)
{
    truth->toi = NAN;
    *row = NULL;
    t->toi_of = 0;
    if (c->cfg->truth_files)
        return truth_from_file(truth, row, err, c, r, f, q, t);
    const run_part *run = &c->runs[r];
    if (!needs_exact_truth(c, run, label)) {
        truth->collides = label != 0;
        truth->source = CCD_TRUTH_FROM_LABEL;
        return CCD_OK;
    }
    truth->source = CCD_TRUTH_FROM_EXACT;
    ccd_status st = run_oracle(&truth->collides, err, c, r, f, q, t);
    if (st != CCD_OK)
        return st;
    if (truth->collides && run->limit_t_max && ccd_algebraic_cmp_d(t->toi, run->params.t_max) > 0)
        truth->collides = 0;
    if (truth->collides)
        truth->toi = ccd_algebraic_round_down(t->toi);
    return CCD_OK;
}

/* sign(exact toi - x) from a truth-file row when x lies outside [lo_down, hi_up], or
 * the toi is that one double; 2 when only the oracle can tell. */
static int row_order(const ccd_truth_row *row, double x)
{
    if (x < row->lo_down)
        return 1;
    if (x > row->hi_up)
        return -1;
    return row->rational ? 0 : 2; /* rational: x = lo_down = hi_up = toi */
}

/* Compare a reported toi with the exact one: the order exactly, the gap to within
 * an ulp (difference of the method's double and the exact toi's rounding). */
static ccd_status compare_toi(ccd_query_outcome *o, ccd_error *err, const run_ctx *c, size_t r,
                              const ccd_method *m, const run_slot *slot,
                              const ccd_dataset_file *f, const ccd_query *q, run_thread *t)
{
    const ccd_query_truth *truth = &slot->truth;
    o->toi_order = CCD_TOI_NOT_COMPARED;
    o->toi_gap = 0;
    o->zero_toi = 0;
    if (!(m->caps & CCD_CAP_TOI) || truth->source == CCD_TRUTH_FROM_LABEL ||
        !o->result.collides || !isfinite(o->result.toi))
        return CCD_OK;
    if (!truth->collides) { /* a false positive; at toi 0 it stops a simulator */
        o->zero_toi = o->result.toi == 0;
        return CCD_OK;
    }
    int sign = slot->row ? row_order(slot->row, o->result.toi) : 2;
    if (sign == 2) { /* sign(exact - method) by the oracle */
        ccd_status st = t->toi_of ? CCD_OK : run_oracle_on_row(err, c, r, f, q, t, slot->row);
        if (st != CCD_OK)
            return st;
        sign = ccd_algebraic_cmp_d(t->toi, o->result.toi);
    }
    o->toi_order = sign > 0 ? CCD_TOI_EARLIER : sign < 0 ? CCD_TOI_LATER : CCD_TOI_EQUAL;
    o->toi_gap = sign == 0 ? 0 : fabs(o->result.toi - truth->toi);
    o->zero_toi = o->result.toi == 0 && sign > 0; /* the exact toi is > 0 */
    return CCD_OK;
}

/* Run r's slot of query i of a chunk's slots. */
static run_slot *slot_at(void *slots, const run_ctx *c, size_t i, size_t r)
{
    CCD_ASSERT(r < c->run_count);
    return (run_slot *)((unsigned char *)slots + (i * c->run_count + r) * c->run_size);
}

/* Method m under run r's values on the chunk's queries of this shard, one after
 * another: each call timed (time_ns), and the run of them as a span of on-CPU
 * time (cpu_ns, bench/cpu_span.h).  A method that cannot answer a query loses
 * it, not the run. */
static void run_method(void *slots, const run_ctx *c, size_t r, size_t m,
                       const ccd_query *queries, size_t count, run_thread *t)
{
    const ccd_method *method = c->cfg->methods[m];
    ccd_cpu_span span;
    ccd_cpu_span_begin(&span);
    for (size_t i = 0; i < count; i++) {
        run_slot *slot = slot_at(slots, c, i, r);
        if (slot->skipped)
            continue;
        ccd_query_outcome *o = &slot->outcomes[m];
        memset(&o->result, 0, sizeof o->result);
        o->result.toi = o->result.toi_upper = INFINITY;
        o->failure = CCD_FAILURE_NONE;
        o->toi_order = CCD_TOI_NOT_COMPARED;
        o->toi_gap = 0;
        o->zero_toi = 0;
        uint64_t start = ccd_clock_ns();
        ccd_status mst = ccd_method_run(&o->result, method, &queries[i],
                                        &c->runs[r].method_params[m], t->scratch[m]);
        o->time_ns = ccd_clock_ns() - start;
        ccd_cpu_span_add(&span, o->time_ns);
        if (mst != CCD_OK) {
            o->failure = CCD_FAILURE_STATUS;
            o->failure_detail = (int)mst;
        }
    }
    ccd_cpu_span_end(&span);
    size_t seen = 0; /* calls sharing the lost time so far (ccd_cpu_span_share) */
    for (size_t i = 0; i < count; i++) {
        run_slot *slot = slot_at(slots, c, i, r);
        if (!slot->skipped) {
            ccd_query_outcome *o = &slot->outcomes[m];
            o->cpu_ns = ccd_cpu_span_share(&span, &seen, o->time_ns);
        }
    }
}

/* Judge the answers of q (truth decided, methods run): invalid results, the toi
 * against the exact one, and the oracle's word on what counts against a method. */
static ccd_status check_outcomes(run_slot *slot, ccd_error *err, const run_ctx *c, size_t r,
                                 const ccd_dataset_file *f, const ccd_query *q, run_thread *t)
{
    ccd_status st;
    for (size_t m = 0; m < c->cfg->method_count; m++) {
        const ccd_method *method = c->cfg->methods[m];
        ccd_query_outcome *o = &slot->outcomes[m];
        if (c->cfg->isolate && c->cfg->isolate[m]) /* run by prepare_batch */
            *o = *ccd_isolate_outcome(c->isolate, (size_t)(q - c->batch), m);
        if (o->failure != CCD_FAILURE_NONE)
            continue;
        if ((o->failure_detail =
                 ccd_result_check(&o->result, method->caps, &c->runs[r].params))) {
            o->failure = CCD_FAILURE_INVALID;
            continue;
        }
        if ((st = compare_toi(o, err, c, r, method, slot, f, q, t)) != CCD_OK)
            return st;
        /* What the report counts against a method (a false positive or negative, a
         * toi after the exact one) never rests on a truth file alone. */
        if (slot->row && !t->toi_of &&
            (!o->result.collides != !slot->truth.collides || o->toi_order == CCD_TOI_LATER) &&
            (st = run_oracle_on_row(err, c, r, f, q, t, slot->row)) != CCD_OK)
            return st;
    }
    return CCD_OK;
}

/* A chunk of consecutive queries: under each run's values, each method on all
 * of them (a run of calls of one method is what can be timed in CPU time); then
 * query by query and run by run the truth and the answers judged (the oracle's
 * toi of the query at hand is the thread's: a run that shares the truth of the
 * run before finds it there), stopping at the first error: the earliest failing
 * query's. */
static ccd_status compute_chunk(void *slots, size_t *failed, ccd_error *err,
                                const ccd_dataset_file *f, const ccd_query *queries,
                                const int8_t *labels, size_t count, void *tls, void *ctx)
{
    const run_ctx *c = ctx;
    run_thread *t = tls;
    size_t file = (size_t)(f - c->ds->files);
    for (size_t i = 0; i < count; i++) {
        const int skipped = ccd_run_shard_of(c->cfg, file, &queries[i]) != c->cfg->shard_index;
        for (size_t r = 0; r < c->run_count; r++)
            slot_at(slots, c, i, r)->skipped = skipped;
    }
    for (size_t r = 0; r < c->run_count; r++)
        for (size_t m = 0; m < c->cfg->method_count; m++)
            if (!(c->cfg->isolate && c->cfg->isolate[m]))
                run_method(slots, c, r, m, queries, count, t);
    for (size_t i = 0; i < count; i++) {
        if (slot_at(slots, c, i, 0)->skipped)
            continue;
        for (size_t r = 0; r < c->run_count; r++) {
            run_slot *slot = slot_at(slots, c, i, r);
            const uint64_t start = ccd_clock_ns();
            ccd_status st = CCD_OK;
            if (c->runs[r].shares_truth) { /* t->toi and toi_of are still this query's */
                const run_slot *before = slot_at(slots, c, i, r - 1);
                slot->truth = before->truth;
                slot->row = before->row;
            } else {
                st = decide_truth(&slot->truth, &slot->row, err, c, r, f, &queries[i], labels[i],
                                  t);
            }
            if (st == CCD_OK)
                st = check_outcomes(slot, err, c, r, f, &queries[i], t);
            slot->truth.time_ns = ccd_clock_ns() - start;
            if (st != CCD_OK) {
                *failed = i;
                return st;
            }
        }
    }
    return CCD_OK;
}

/* Before a batch is computed: run the isolated methods on its queries of this shard. */
static ccd_status prepare_batch(void *ctx, ccd_error *err, const ccd_dataset_file *f,
                                const ccd_batch *b)
{
    run_ctx *c = ctx;
    c->batch = b->queries;
    for (size_t i = 0; i < b->count; i++)
        c->in_shard[i] = ccd_run_shard_of(c->cfg, (size_t)(f - c->ds->files), &b->queries[i]) ==
                         c->cfg->shard_index;
    CCD_ASSERT(c->run_count == 1);
    return ccd_isolate_run(c->isolate, err, b->queries, b->count, c->in_shard,
                           c->runs[0].method_params);
}

/* Keep the reason of o's failure when it is the group's first for method m. */
static ccd_status note_failure(ccd_error *err, const run_ctx *c, size_t r, ccd_run_group *g,
                               size_t m, size_t file, const ccd_query *q,
                               const ccd_query_outcome *o)
{
    ccd_first_failure *first = &g->failures[m];
    if (first->reason)
        return CCD_OK; /* queries come in (file, query) order: the first stays first */
    char reason[1024];
    const ccd_run_config *cfg = c->cfg;
    ccd_failure_reason(reason, sizeof reason, cfg->methods[m]->name, o, &c->runs[r].params,
                       c->ds->files[file].csv_path, q->index,
                       cfg->method_limits ? cfg->method_limits[m] : NULL);
    if (ccd_first_failure_offer(first, file, q->index, reason) != 0)
        return ccd_error_oom(err, "ccdbench");
    return CCD_OK;
}

static ccd_status consume(void *ctx, ccd_error *err, size_t file, const ccd_query *q,
                          int label, const void *slots)
{
    run_ctx *c = ctx; /* the service's: records_ns */
    if (c->queries_of_file)
        c->queries_of_file[file] = q->index + 1;
    const uint64_t index = c->consumed++;
    if (c->measure) {
        uint64_t cost = 0; /* as ccd_schedule_costs counts it from the records */
        for (size_t r = 0; r < c->run_count; r++) {
            const run_slot *slot = slot_at((void *)slots, c, 0, r);
            if (slot->skipped)
                break;
            for (size_t m = 0; m < c->cfg->method_count; m++)
                cost += slot->outcomes[m].time_ns;
            cost += slot->truth.time_ns;
        }
        if (ccd_expected_costs_note(c->cfg->measured, index, cost) != 0)
            return ccd_error_oom(err, "ccdbench");
    }
    for (size_t r = 0; r < c->run_count; r++) {
        const run_slot *slot = slot_at((void *)slots, c, 0, r);
        if (slot->skipped)
            return CCD_OK;
        ccd_run_stats *stats = c->runs[r].stats;
        ccd_run_group *g = &stats->groups[c->group_of_file[file]];
        for (size_t m = 0; m < c->cfg->method_count; m++) {
            ccd_method_stats_add(&g->methods[m], &slot->truth, &slot->outcomes[m]);
            ccd_method_detail_add(&g->details[m], &slot->truth, &slot->outcomes[m]);
            ccd_status st;
            if (slot->outcomes[m].failure != CCD_FAILURE_NONE &&
                (st = note_failure(err, c, r, g, m, file, q, &slot->outcomes[m])) != CCD_OK)
                return st;
        }
        stats->exact_truth += slot->truth.source != CCD_TRUTH_FROM_LABEL;
        g->unlabelled += label < 0;
        if (c->cfg->on_query) {
            const uint64_t start = ccd_clock_ns();
            c->cfg->on_query(c->cfg->ctx, r, &c->ds->files[file], q, label, &slot->truth,
                             slot->outcomes);
            c->records_ns += ccd_clock_ns() - start;
        }
    }
    return CCD_OK;
}

static void progress(void *ctx, const ccd_dataset_file *at, uint64_t done, uint64_t total)
{
    const run_ctx *c = ctx;
    if (c->cfg->progress)
        c->cfg->progress(c->cfg->ctx, at, done, total);
}

static int same_group(const ccd_run_group *g, const ccd_dataset_file *f)
{
    return g->kind == f->kind && strcmp(g->set, f->set) == 0 && strcmp(g->family, f->family) == 0;
}

/* One group per distinct (set, family, kind), in order of first appearance.
 * Their statistics are one block of zeroed pages: a query writes a bucket of
 * each histogram, and the pages it never writes are never cleared. */
static ccd_status make_groups(ccd_run_stats *s, size_t *group_of_file, ccd_error *err,
                              const ccd_dataset *ds, size_t method_count)
{
    s->groups = calloc(ds->count ? ds->count : 1, sizeof *s->groups);
    if (!s->groups)
        return ccd_error_oom(err, "ccdbench");
    for (size_t i = 0; i < ds->count; i++) {
        const ccd_dataset_file *f = &ds->files[i];
        size_t g = 0;
        while (g < s->group_count && !same_group(&s->groups[g], f))
            g++;
        if (g == s->group_count) {
            ccd_run_group *grp = &s->groups[s->group_count++];
            grp->set = strdup(f->set);
            grp->family = strdup(f->family);
            grp->kind = f->kind;
            grp->failures = calloc(method_count + 1, sizeof *grp->failures);
            if (!grp->failures || !grp->set || !grp->family)
                return ccd_error_oom(err, "ccdbench");
        }
        group_of_file[i] = g;
    }
    const size_t per_group =
        method_count * (sizeof(ccd_method_stats) + sizeof(ccd_method_detail));
    if (per_group == 0 || s->group_count == 0)
        return CCD_OK;
    unsigned char *block = ccd_zeroed_pages_alloc(s->group_count * per_group);
    if (!block)
        return ccd_error_oom(err, "ccdbench");
    s->group_block_size = s->group_count * per_group;
    for (size_t g = 0; g < s->group_count; g++) {
        ccd_run_group *grp = &s->groups[g];
        /* zeroed statistics are empty ones (method_stats.h) */
        grp->methods = (ccd_method_stats *)(block + g * per_group);
        grp->details = (ccd_method_detail *)(block + g * per_group +
                                             method_count * sizeof(ccd_method_stats));
        for (size_t m = 0; m < method_count; m++)
            ccd_method_detail_init_zeroed(&grp->details[m]);
    }
    return CCD_OK;
}

int ccd_run_isolates(const ccd_run_config *cfg)
{
    for (size_t m = 0; cfg->isolate && m < cfg->method_count; m++)
        if (cfg->isolate[m])
            return 1;
    return 0;
}

/* The runner's part of run r: its parameters, each method's, and whether it
 * shares the truth of the run before (the same t_max, d and norm: the truth
 * policy, truth files and plain_truth are the pass's). */
static ccd_status part_init(run_part *part, ccd_error *err, const ccd_run_config *cfg,
                           const ccd_run_values *values, const run_part *before)
{
    part->params = values->params;
    part->use_ms = !cfg->plain_truth &&
                   (cfg->ms_exact ? mpq_sgn(cfg->ms_exact) > 0 : values->params.ms > 0);
    part->limit_t_max = values->params.t_max < 1;
    part->shares_truth = before && before->params.t_max == part->params.t_max &&
                         before->use_ms == part->use_ms &&
                         (!part->use_ms || (before->params.ms == part->params.ms &&
                                            before->params.ms_norm == part->params.ms_norm));
    part->method_params =
        calloc(cfg->method_count ? cfg->method_count : 1, sizeof *part->method_params);
    if (!part->method_params)
        return ccd_error_oom(err, "ccdbench");
    for (size_t m = 0; m < cfg->method_count; m++) {
        part->method_params[m] = values->params;
        part->method_params[m].options = values->method_options ? values->method_options[m] : NULL;
        if (cfg->method_ms && !isnan(cfg->method_ms[m]))
            part->method_params[m].ms = cfg->method_ms[m];
    }
    return CCD_OK;
}

/* Queries per batch: the configured size (default CCD_WORK_BATCH), fewer when
 * the slots of the pass's runs would pass 64 MB in the ring's batches. */
static size_t batch_size_of(const ccd_run_config *cfg, size_t slot_size)
{
    const size_t want = cfg->batch_size ? cfg->batch_size : CCD_WORK_BATCH;
    const size_t most = ((size_t)64 << 20) / CCD_WORK_RING / slot_size;
    if (cfg->batch_size || want <= most)
        return want;
    return most < 64 ? 64 : most;
}

ccd_status ccd_run_many(ccd_run_stats *stats, ccd_error *err, const ccd_dataset *ds,
                        const ccd_run_config *cfg, const ccd_run_values *runs, size_t count)
{
    CCD_ASSERT(count >= 1 && (count == 1 || !ccd_run_isolates(cfg)));
    for (size_t r = 0; r < count; r++) {
        memset(&stats[r], 0, sizeof stats[r]);
        stats[r].methods = cfg->methods;
        stats[r].method_count = cfg->method_count;
    }
    run_ctx c = {.cfg = cfg, .ds = ds, .run_count = count,
                 .run_size = sizeof(run_slot) + cfg->method_count * sizeof(ccd_query_outcome),
                 .measure = cfg->measured && cfg->file_begin == 0};
    if (c.measure) /* a later pass of the same data replaces an earlier one's */
        ccd_expected_costs_free(cfg->measured);
    if (cfg->truth_files && cfg->truth_files->count != ds->count)
        return ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                             "%zu truth files for %zu query files", cfg->truth_files->count,
                             ds->count);
    ccd_status st = CCD_OK;
    if (!(c.runs = calloc(count, sizeof *c.runs)))
        return ccd_error_oom(err, "ccdbench");
    for (size_t r = 0; r < count && st == CCD_OK; r++) {
        c.runs[r].stats = &stats[r];
        st = part_init(&c.runs[r], err, cfg, &runs[r], r ? &c.runs[r - 1] : NULL);
    }
    c.group_of_file = calloc(ds->count ? ds->count : 1, sizeof *c.group_of_file);
    if (cfg->truth_files)
        c.queries_of_file = calloc(ds->count ? ds->count : 1, sizeof *c.queries_of_file);
    if (st == CCD_OK && (!c.group_of_file || (cfg->truth_files && !c.queries_of_file)))
        st = ccd_error_oom(err, "ccdbench");
    for (size_t r = 0; r < count && st == CCD_OK; r++)
        st = make_groups(&stats[r], c.group_of_file, err, ds, cfg->method_count);
    const size_t batch_size = batch_size_of(cfg, count * c.run_size);
    if (st == CCD_OK && ccd_run_isolates(cfg)) {
        int children = cfg->threads > 0 ? cfg->threads : omp_get_max_threads();
        st = ccd_isolate_new(&c.isolate, err, cfg->methods, cfg->method_count, cfg->isolate,
                             batch_size, children, cfg->query_timeout);
        if (st == CCD_OK && !(c.in_shard = calloc(batch_size, 1)))
            st = ccd_error_oom(err, "ccdbench");
    }
    if (st == CCD_OK) {
        ccd_batch_loop loop = {
            .threads = cfg->threads,
            .batch_size = batch_size,
            .slot_size = count * c.run_size,
            .ctx = &c,
            .thread_new = thread_new,
            .thread_free = thread_free,
            .prepare = c.isolate ? prepare_batch : NULL,
            .compute_chunk = compute_chunk,
            .consume = consume,
            .file_begin = cfg->file_begin,
            .file_end = cfg->file_end,
            .progress = progress,
            .expected = cfg->file_begin == 0 ? cfg->expected : NULL,
        };
        uint64_t read_ns = 0, consume_ns = 0, parse_ns = 0, load_ns = 0, load_bytes = 0;
        loop.read_ns = &read_ns, loop.consume_ns = &consume_ns, loop.parse_ns = &parse_ns;
        loop.load_ns = &load_ns, loop.load_bytes = &load_bytes;
        uint64_t start = ccd_clock_ns();
        st = ccd_batch_loop_run(&loop, err, ds);
        if (st == CCD_OK && c.measure && ccd_expected_costs_finish(cfg->measured) != 0)
            st = ccd_error_oom(err, "ccdbench");
        const double wall = (double)(ccd_clock_ns() - start) * 1e-9;
        for (size_t r = 0; r < count; r++) {
            stats[r].wall_seconds = wall;
            stats[r].read_seconds = (double)read_ns * 1e-9;
            stats[r].consume_seconds = (double)consume_ns * 1e-9;
            stats[r].parse_seconds = (double)parse_ns * 1e-9;
            stats[r].records_seconds = (double)c.records_ns * 1e-9;
            stats[r].load_seconds = (double)load_ns * 1e-9;
            stats[r].load_bytes = load_bytes;
            stats[r].toi_compared =
                cfg->truth == CCD_TRUTH_POLICY_EXACT || stats[r].exact_truth > 0;
        }
    }
    size_t file_end = cfg->file_end ? cfg->file_end : ds->count;
    for (size_t i = cfg->file_begin; st == CCD_OK && cfg->truth_files && i < file_end; i++) {
        const ccd_truth_file *tf = &cfg->truth_files->files[i];
        if (c.queries_of_file[i] != tf->count)
            st = ccd_error_set(err, CCD_ERR_INPUT, tf->path, tf->first_line + c.queries_of_file[i],
                               1, "the truth file has %llu rows, but %s has %llu queries",
                               (unsigned long long)tf->count, ds->files[i].csv_path,
                               (unsigned long long)c.queries_of_file[i]);
    }
    for (size_t r = 0; r < count; r++) {
        free(c.runs[r].method_params);
        if (st != CCD_OK)
            ccd_run_stats_free(&stats[r]);
    }
    free(c.runs);
    free(c.group_of_file);
    free(c.queries_of_file);
    free(c.in_shard);
    ccd_isolate_free(c.isolate);
    return st;
}

ccd_status ccd_run(ccd_run_stats *stats, ccd_error *err, const ccd_dataset *ds,
                   const ccd_run_config *cfg)
{
    const ccd_run_values values = {.params = cfg->params, .method_options = cfg->method_options};
    return ccd_run_many(stats, err, ds, cfg, &values, 1);
}

ccd_status ccd_run_stats_init(ccd_run_stats *stats, ccd_error *err, const ccd_dataset *ds,
                              const ccd_method *const *methods, size_t method_count)
{
    memset(stats, 0, sizeof *stats);
    stats->methods = methods;
    stats->method_count = method_count;
    size_t *group_of_file = calloc(ds->count ? ds->count : 1, sizeof *group_of_file);
    ccd_status st = group_of_file ? make_groups(stats, group_of_file, err, ds, method_count)
                                  : ccd_error_oom(err, "ccdbench");
    free(group_of_file);
    if (st != CCD_OK)
        ccd_run_stats_free(stats);
    return st;
}

void ccd_run_stats_free(ccd_run_stats *stats)
{
    for (size_t g = 0; g < stats->group_count; g++) {
        for (size_t m = 0; stats->groups[g].failures && m < stats->method_count; m++)
            free(stats->groups[g].failures[m].reason);
        free(stats->groups[g].failures);
        if (!stats->group_block_size) {
            free(stats->groups[g].methods);
            free(stats->groups[g].details);
        }
        free(stats->groups[g].set);
        free(stats->groups[g].family);
    }
    if (stats->group_block_size && stats->group_count)
        ccd_zeroed_pages_free(stats->groups[0].methods, stats->group_block_size);
    free(stats->groups);
    memset(stats, 0, sizeof *stats);
}

uint64_t ccd_run_stats_failed(const ccd_run_stats *stats, size_t m,
                              const ccd_first_failure **first)
{
    uint64_t failed = 0;
    const ccd_first_failure *earliest = NULL;
    for (size_t g = 0; g < stats->group_count; g++) {
        const ccd_run_group *grp = &stats->groups[g];
        failed += grp->methods[m].failed;
        const ccd_first_failure *f = grp->failures ? &grp->failures[m] : NULL;
        if (f && f->reason &&
            (!earliest || f->file < earliest->file ||
             (f->file == earliest->file && f->query < earliest->query)))
            earliest = f;
    }
    if (first)
        *first = earliest;
    return failed;
}
