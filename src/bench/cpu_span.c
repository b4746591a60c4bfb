/* SPDX-License-Identifier: MIT */
/* The on-CPU time of a run of consecutive calls (cpu_span.h). */
#include <config.h>

#include "bench/cpu_span.h"
#include "core/assert.h"
#include "core/clock.h"

void ccd_cpu_span_begin(ccd_cpu_span *s)
{
    s->elapsed_ns = 0;
    s->calls = 0;
    s->total_ns = 0;
    s->by_cpu = 0;
    s->cpu_start_ns = ccd_clock_thread_ns();
}

void ccd_cpu_span_end(ccd_cpu_span *s)
{
    uint64_t now = ccd_clock_thread_ns();
    uint64_t cpu = now > s->cpu_start_ns ? now - s->cpu_start_ns : 0;
    s->by_cpu = cpu < s->elapsed_ns;
    s->total_ns = s->by_cpu ? cpu : s->elapsed_ns;
}

uint64_t ccd_cpu_span_share(const ccd_cpu_span *s, size_t i, uint64_t elapsed_ns)
{
    CCD_ASSERT(i < s->calls);
    if (!s->by_cpu)
        return elapsed_ns;
    /* the remainder one ns each to the first calls: the shares add up exactly */
    uint64_t n = s->calls;
    return s->total_ns / n + (i < s->total_ns % n);
}
