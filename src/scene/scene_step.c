/* SPDX-License-Identifier: MIT */
/* The narrow phase of a step (ccdbench/scene.h): the exact oracle and every
 * method on each candidate, OpenMP-parallel over the candidates; the answers
 * are kept per candidate and summed in candidate order afterwards, so that the
 * counts do not depend on the thread count.
 *
 * The step's exact earliest toi is min_i a_i over the colliding candidates, a_i
 * their exact earliest tois (algebraic numbers).  Rounding down and rounding up
 * to doubles are monotone, so the doubles around the minimum are the minima of
 * the doubles around each a_i: no algebraic number is ever compared with
 * another.  A method's earliest toi m (a double) is later than the exact one a
 * exactly when m > a, that is, m > lo when a is a double (lo = hi = a), and
 * m ≥ hi otherwise (lo < a < hi). */
#include <config.h>

#include "ccdbench/scene.h"
#include "bench/method_failure.h"
#include "bench/work_queue.h"
#include "core/clock.h"
#include "core/error.h"
#include "exact/exact_ccd.h"

#include <gmp.h>
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* What one thread needs: the oracle's scratch and each method's. */
typedef struct step_thread {
    ccd_exact_ctx *exact;
    ccd_algebraic *toi;
    void **scratch;
    int oom;
} step_thread;

static void thread_init(step_thread *t, const ccd_method *const *methods, size_t count)
{
    memset(t, 0, sizeof *t);
    t->exact = ccd_exact_ctx_new();
    t->toi = ccd_algebraic_new();
    t->scratch = calloc(count + 1, sizeof *t->scratch);
    t->oom = !t->exact || !t->toi || !t->scratch;
    for (size_t m = 0; m < count && !t->oom; m++)
        if (methods[m]->scratch_new && !(t->scratch[m] = methods[m]->scratch_new()))
            t->oom = 1;
}

static void thread_free(step_thread *t, const ccd_method *const *methods, size_t count)
{
    if (t->exact)
        ccd_exact_ctx_free(t->exact);
    if (t->toi)
        ccd_algebraic_free(t->toi);
    for (size_t m = 0; t->scratch && m < count; m++)
        if (t->scratch[m] && methods[m]->scratch_free)
            methods[m]->scratch_free(t->scratch[m]);
    free(t->scratch);
}

/* Per candidate: the oracle's answer and each method's. */
typedef struct step_answers {
    unsigned char *collides;   /* exact */
    unsigned char *exact_fail; /* the oracle returned an error status */
    double *toi_lo, *toi_hi;   /* exact toi rounded down and up (colliding only) */
    uint64_t *exact_ns;
    ccd_result *result; /* [query * method_count + m] */
    unsigned char *ok;  /* the method returned CCD_OK */
    uint64_t *ns;
} step_answers;

static void answers_free(step_answers *a)
{
    free(a->collides);
    free(a->exact_fail);
    free(a->toi_lo);
    free(a->toi_hi);
    free(a->exact_ns);
    free(a->result);
    free(a->ok);
    free(a->ns);
}

static int answers_alloc(step_answers *a, size_t nq, size_t nm)
{
    size_t n = nq + 1, k = nq * nm + 1;
    a->collides = malloc(n);
    a->exact_fail = malloc(n);
    a->toi_lo = malloc(n * sizeof *a->toi_lo);
    a->toi_hi = malloc(n * sizeof *a->toi_hi);
    a->exact_ns = malloc(n * sizeof *a->exact_ns);
    a->result = malloc(k * sizeof *a->result);
    a->ok = malloc(k);
    a->ns = malloc(k * sizeof *a->ns);
    return a->collides && a->exact_fail && a->toi_lo && a->toi_hi && a->exact_ns && a->result &&
           a->ok && a->ns;
}

/* Candidate i of the step: VF first, then EE. */
static void candidate_query(ccd_query *q, const ccd_scene *s, const ccd_scene_candidates *c,
                            size_t i)
{
    if (i < c->vf_count) {
        ccd_scene_query(q, s, CCD_VF, c->vf[i]);
        q->index = i;
    } else {
        ccd_scene_query(q, s, CCD_EE, c->ee[i - c->vf_count]);
        q->index = i - c->vf_count;
    }
}

static void run_one(step_answers *a, step_thread *t, const ccd_query *q, size_t i,
                    const ccd_method *const *methods, const ccd_option_value *const *options,
                    size_t nm, const ccd_params *p, mpq_srcptr ms)
{
    int collides = 0;
    uint64_t t0 = ccd_clock_ns();
    ccd_status st = ccd_exact_decide(&collides, t->toi, q, ms, (int)p->ms_norm, t->exact);
    a->exact_ns[i] = ccd_clock_ns() - t0;
    a->exact_fail[i] = st != CCD_OK;
    a->collides[i] = st == CCD_OK && collides;
    a->toi_lo[i] = a->toi_hi[i] = INFINITY;
    if (a->collides[i]) {
        a->toi_lo[i] = ccd_algebraic_round_down(t->toi);
        a->toi_hi[i] = ccd_algebraic_round_up(t->toi);
    }
    for (size_t m = 0; m < nm; m++) {
        ccd_result r = {.collides = 0, .toi = INFINITY, .toi_upper = INFINITY};
        ccd_params pm = *p;
        pm.options = options ? options[m] : NULL;
        t0 = ccd_clock_ns();
        st = ccd_method_run(&r, methods[m], q, &pm, t->scratch[m]);
        a->ns[i * nm + m] = ccd_clock_ns() - t0;
        /* the validation of `run` (one code path): a result its capabilities rule
         * out (toi NaN, outside the window, ...) cannot be scored, so it is a
         * failure, not an answer (it was counted as reported, and its toi as the
         * step's) */
        a->ok[i * nm + m] =
            st == CCD_OK && ccd_result_check(&r, methods[m]->caps, &pm) == CCD_INVALID_NONE;
        a->result[i * nm + m] = r;
    }
}

void ccd_scene_step_free(ccd_scene_step *st)
{
    free(st->methods);
    memset(st, 0, sizeof *st);
}

/* Sums the answers into out, in candidate order. */
static ccd_status summarise(ccd_scene_step *out, ccd_error *err, const step_answers *a,
                            const ccd_scene_candidates *c, const ccd_method *const *methods,
                            size_t nm, double t_max)
{
    size_t nq = c->vf_count + c->ee_count;
    uint64_t exact_ns = 0;
    for (size_t i = 0; i < nq; i++) {
        if (a->exact_fail[i])
            return ccd_error_set(err, CCD_ERR_INTERNAL, "exact oracle", 0, 0,
                                 "failed on %s candidate %zu", i < c->vf_count ? "VF" : "EE",
                                 i < c->vf_count ? i : i - c->vf_count);
        exact_ns += a->exact_ns[i];
        if (!a->collides[i])
            continue;
        if (i < c->vf_count)
            out->vf_positives++;
        else
            out->ee_positives++;
        if (a->toi_lo[i] < out->exact_toi_lo ||
            (a->toi_lo[i] == out->exact_toi_lo && a->toi_hi[i] < out->exact_toi_hi)) {
            out->exact_toi_lo = a->toi_lo[i];
            out->exact_toi_hi = a->toi_hi[i];
            out->exact_toi_kind = i < c->vf_count ? CCD_VF : CCD_EE;
            out->exact_toi_index = i < c->vf_count ? i : i - c->vf_count;
        }
    }
    out->exact_seconds = (double)exact_ns * 1e-9;
    for (size_t m = 0; m < nm; m++) {
        ccd_scene_method_step *ms = &out->methods[m];
        uint64_t ns = 0;
        ms->toi = INFINITY;
        for (size_t i = 0; i < nq; i++) {
            const ccd_result *r = &a->result[i * nm + m];
            ns += a->ns[i * nm + m];
            if (!a->ok[i * nm + m]) {
                ms->failed++;
                continue;
            }
            ms->reported += r->collides != 0;
            ms->false_positives += r->collides && !a->collides[i];
            ms->false_negatives += !r->collides && a->collides[i];
            if (r->collides && (methods[m]->caps & CCD_CAP_TOI) && r->toi < ms->toi)
                ms->toi = r->toi;
            /* the exact toi is > 0 exactly when its upper double is */
            ms->zero_toi += r->collides && (methods[m]->caps & CCD_CAP_TOI) && r->toi == 0 &&
                            (!a->collides[i] || a->toi_hi[i] > 0);
        }
        ms->seconds = (double)ns * 1e-9;
        const double exact_step = out->exact_toi_hi < t_max ? out->exact_toi_hi : t_max;
        const double step = ms->toi < t_max ? ms->toi : t_max;
        ms->toi_ratio = step == exact_step ? 1 : step / exact_step; /* 0/0: both at 0 */
        if (!(methods[m]->caps & CCD_CAP_TOI))
            ms->toi = ms->toi_ratio = NAN;
        else if (out->exact_toi_lo != INFINITY)
            ms->toi_later = out->exact_toi_lo == out->exact_toi_hi ? ms->toi > out->exact_toi_lo
                                                                   : ms->toi >= out->exact_toi_hi;
    }
    return CCD_OK;
}

ccd_status ccd_scene_step_run(ccd_scene_step *out, ccd_error *err, const ccd_scene *s,
                              const ccd_scene_candidates *c, const ccd_method *const *methods,
                              const ccd_option_value *const *method_options, size_t method_count,
                              const ccd_params *p, int threads)
{
    memset(out, 0, sizeof *out);
    out->vf_candidates = c->vf_count;
    out->ee_candidates = c->ee_count;
    out->exact_toi_lo = out->exact_toi_hi = INFINITY;
    out->method_count = method_count;
    out->methods = calloc(method_count + 1, sizeof *out->methods);
    size_t nq = c->vf_count + c->ee_count;
    step_answers a = {0};
    if (!out->methods || !answers_alloc(&a, nq, method_count)) {
        answers_free(&a);
        ccd_scene_step_free(out);
        return ccd_error_oom(err, "narrow phase");
    }
    /* The oracle's d: the double p->ms, exactly. */
    mpq_t ms;
    mpq_init(ms);
    mpq_set_d(ms, p->ms);
    int nt = threads > 0 ? threads : omp_get_max_threads(), oom = 0;
    double t0 = ccd_clock_seconds();
    /* chunks by measured cost (bench/work_queue.h): a cluster of slow
     * candidates is spread over the threads */
    ccd_work_list list;
    ccd_work_list_init(&list, nq, 0);
#pragma omp parallel num_threads(nt) reduction(| : oom)
    {
        step_thread t;
        thread_init(&t, methods, method_count);
        oom = t.oom;
        for (size_t first, k; !t.oom && (k = ccd_work_list_take(&list, &first)) > 0;) {
            const uint64_t start = ccd_clock_ns();
            for (size_t i = first; i < first + k; i++) {
                ccd_query q;
                candidate_query(&q, s, c, i);
                run_one(&a, &t, &q, i, methods, method_options, method_count, p,
                        p->ms > 0 ? ms : NULL);
            }
            ccd_work_cost_add(&list.cost, ccd_clock_ns() - start, k);
        }
        thread_free(&t, methods, method_count);
    }
    out->narrow_seconds = ccd_clock_seconds() - t0;
    mpq_clear(ms);
    ccd_status st = oom ? ccd_error_oom(err, "narrow phase")
                        : summarise(out, err, &a, c, methods, method_count, p->t_max);
    answers_free(&a);
    if (st != CCD_OK)
        ccd_scene_step_free(out);
    return st;
}
