/* SPDX-License-Identifier: MIT */
/*
 * The fastest time of every query over the repeats of `ccdbench gate`: per
 * (query, method), the smallest and the second smallest of its times in the K
 * runs.  Other work on the machine only ever adds time, and it seldom hits the
 * same query in every run, so the sum of the per-query fastest times is a
 * method's time with the disturbances of the K runs left out one query at a
 * time, where taking the fastest of K whole runs keeps every disturbance of
 * that run (a loaded machine disturbs every run of a method of millisecond
 * queries).  The second smallest says how far the smallest may be from an
 * undisturbed time (ccd_gate_timing.noise).
 */
#ifndef CCD_BENCH_GATE_TIMES_H
#define CCD_BENCH_GATE_TIMES_H
#include "bench/outcome.h"

#include <stddef.h>
#include <stdint.h>

typedef struct ccd_gate_times {
    int cpu;               /* times are cpu_ns (else time_ns, elapsed) */
    size_t method_count;
    size_t queries;        /* queries of a run (known after the first) */
    size_t capacity;       /* queries allocated */
    uint64_t *best, *next; /* [query · method_count + m]; UINT64_MAX: none (a failed call) */
    size_t *file;          /* per query: its dataset file */
    size_t cursor;         /* the next query of the current run */
    unsigned runs;         /* runs begun */
} ccd_gate_times;

/* Empty times of method_count methods, in CPU time (cpu) or elapsed time. */
void ccd_gate_times_init(ccd_gate_times *t, size_t method_count, int cpu);
void ccd_gate_times_free(ccd_gate_times *t);

/* A run begins: its queries come in the same order as the first run's. */
void ccd_gate_times_begin_run(ccd_gate_times *t);

/* The outcomes (one per method) of the next query of the run, of dataset file
 * `file`.  Returns 0, or -1 when out of memory. */
int ccd_gate_times_add(ccd_gate_times *t, size_t file, const ccd_query_outcome *outcomes);

/* Method m's sum of its queries' fastest times (second: of their second
 * fastest), in ns, over the queries of dataset files for which in_file(file,
 * ctx) says yes (NULL: all); *queries is how many were summed (its answered
 * queries: a failed call has no time). */
uint64_t ccd_gate_times_sum_ns(const ccd_gate_times *t, uint64_t *queries, size_t m, int second,
                               int (*in_file)(size_t file, const void *ctx), const void *ctx);

#endif
