/* SPDX-License-Identifier: MIT */
/* The on-CPU time of a run of consecutive calls (cpu_span.h). */
#include <config.h>

#include "bench/cpu_span.h"
#include "core/assert.h"
#include "core/clock.h"

#include <stdlib.h>

void ccd_cpu_span_begin(ccd_cpu_span *s)
{
    s->elapsed_ns = 0;
    s->calls = 0;
    s->total_ns = 0;
    s->by_cpu = 0;
    s->cpu_start_ns = ccd_clock_thread_ns();
}

static int descending(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x < y) - (x > y);
}

/* The level m of ccd_cpu_span_share: with the elapsed times e_(1) ≥ … ≥ e_(n), the
 * first k with R_k = T − Σ_{i>k} e_(i) ≥ k·e_(k+1) (e_(n+1) = 0) gives m = R_k / k,
 * where Σ min(e_i, m) = T; level = ⌊m⌋, and the calls with e > level (those with
 * e·k > R_k) share T − Σ_{e ≤ level} e, which is their count times m: each gets ⌊m⌋ or
 * ⌈m⌉ ≤ its elapsed time.  T < E (by_cpu), so k exists. */
static void set_level(ccd_cpu_span *s)
{
    const size_t n = s->calls;
    uint64_t *e = s->elapsed; /* sorted in place: only the multiset is needed */
    qsort(e, n, sizeof *e, descending);
    uint64_t rest = s->elapsed_ns; /* Σ_{i>k} e_(i) */
    size_t k = 0;
    uint64_t r = 0;
    while (k < n) {
        rest -= e[k++];
        if (s->total_ns < rest)
            continue;
        r = s->total_ns - rest;
        const uint64_t next = k < n ? e[k] : 0;
        if (r / k >= next) /* ⌊R/k⌋ ≥ e_(k+1) ⟺ R ≥ k·e_(k+1), e integer */
            break;
    }
    CCD_ASSERT(k >= 1 && k <= n && s->total_ns >= rest);
    s->level = r / k;
    s->clipped = 0;
    s->clipped_ns = s->total_ns;
    for (size_t i = 0; i < n; i++) {
        if (e[i] > s->level)
            s->clipped++;
        else
            s->clipped_ns -= e[i];
    }
    CCD_ASSERT(s->clipped >= 1 && s->clipped_ns >= s->level * s->clipped);
}

void ccd_cpu_span_end(ccd_cpu_span *s)
{
    uint64_t now = ccd_clock_thread_ns();
    ccd_cpu_span_end_at(s, now > s->cpu_start_ns ? now - s->cpu_start_ns : 0);
}

void ccd_cpu_span_end_at(ccd_cpu_span *s, uint64_t cpu_ns)
{
    /* more calls than elapsed times kept: their elapsed sum, whatever was lost */
    s->by_cpu = cpu_ns < s->elapsed_ns && s->calls <= CCD_CPU_SPAN_MAX_CALLS;
    s->total_ns = s->by_cpu ? cpu_ns : s->elapsed_ns;
    if (s->by_cpu)
        set_level(s);
}

uint64_t ccd_cpu_span_share(const ccd_cpu_span *s, size_t *seen, uint64_t elapsed_ns)
{
    if (!s->by_cpu || elapsed_ns <= s->level)
        return elapsed_ns;
    /* the remainder one ns each to the first clipped calls: the shares add up exactly */
    const size_t i = (*seen)++;
    CCD_ASSERT(i < s->clipped);
    return s->clipped_ns / s->clipped + (i < s->clipped_ns % s->clipped);
}
