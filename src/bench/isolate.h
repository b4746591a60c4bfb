/* SPDX-License-Identifier: MIT */
/*
 * Methods run in child processes (`ccdbench run --isolate`, the default for plugin
 * methods): a plugin that crashes, aborts, loops or calls exit costs that method
 * that query, not the run.
 *
 * Per batch, after it is read, child processes are forked: each inherits the batch
 * (exact rationals included, copy-on-write; its labels read as zeros, and the child
 * can open no file nor read another process: bench/confine.h), runs its share of
 * the (query, method) tasks in order and writes each result into memory shared
 * with the parent.  The
 * parent watches them: a child killed by a signal or exiting in the middle of a
 * task, or taking longer than the time limit on one (then it is killed), fails
 * that task; a new child takes over from the next one.  Results go into fixed
 * slots, so they are the same whatever the number of children.
 */
#ifndef CCD_BENCH_ISOLATE_H
#define CCD_BENCH_ISOLATE_H
#include "bench/outcome.h"

typedef struct ccd_isolate ccd_isolate;

/* For methods[0..method_count) where isolated[m] is set; up to `capacity` queries
 * per batch; `children` processes at a time (≥ 1); timeout_s per task (0: none). */
ccd_status ccd_isolate_new(ccd_isolate **out, ccd_error *err, const ccd_method *const *methods,
                           size_t method_count, const unsigned char *isolated,
                           size_t capacity, int children, double timeout_s);
void ccd_isolate_free(ccd_isolate *iso);

/* Run the isolated methods on queries[i] for every i < count with run[i] set, with
 * parameters p[m] for method m.  The outcome of query i and method m is then ccd_isolate_outcome
 * (result, time, failure; toi_order left to the caller). */
ccd_status ccd_isolate_run(ccd_isolate *iso, ccd_error *err, const ccd_query *queries,
                           size_t count, const unsigned char *run,
                           const ccd_params *p);
const ccd_query_outcome *ccd_isolate_outcome(const ccd_isolate *iso, size_t i, size_t m);

#endif
