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

/* ⌊T·x/E⌋ for 0 ≤ x ≤ E, exactly T at x = E.  In long double the product and the
 * quotient are rounded once each, so the result is within a unit of the exact
 * floor for T < 2^53 (a span of 104 days); rounding is monotone, so the value
 * never decreases as x grows: shares are ≥ 0 and telescope to T. */
static uint64_t scaled(uint64_t t, uint64_t x, uint64_t e)
{
    CCD_ASSERT(x <= e);
    if (x == e)
        return t;
    long double v = (long double)t * (long double)x / (long double)e;
    uint64_t f = (uint64_t)v;
    return f < t ? f : t;
}

uint64_t ccd_cpu_span_share(const ccd_cpu_span *s, uint64_t *before_ns, uint64_t elapsed_ns)
{
    const uint64_t before = *before_ns;
    CCD_ASSERT(elapsed_ns <= s->elapsed_ns && before <= s->elapsed_ns - elapsed_ns);
    *before_ns = before + elapsed_ns;
    if (!s->by_cpu)
        return elapsed_ns;
    return scaled(s->total_ns, before + elapsed_ns, s->elapsed_ns) -
           scaled(s->total_ns, before, s->elapsed_ns);
}
