/* SPDX-License-Identifier: MIT */
/*
 * The on-CPU time of a span: a run of consecutive calls of one method on one
 * thread, timed as a whole so that a method's time is not what other processes
 * took of its core.
 *
 * Each call is timed with the monotonic clock (ccd_query_outcome.time_ns): a
 * vDSO read of some 30–70 ns, but elapsed time, so a call that loses its core to
 * another process for a time slice (milliseconds) counts the slice.  The thread's
 * CPU time (CLOCK_THREAD_CPUTIME_ID) does not count it, but reading it is a
 * system call: measured on the 2-core Firecracker VM this was written on (kernel
 * 6.18, page-table isolation), 1.2 µs of CPU between two back-to-back reads at
 * best and 1.9 µs on average under load, against calls of 0.1–1 µs for the
 * fastest methods.  Read around each call it would be most of the figure, and
 * subtracting a calibrated cost would leave an error of the cost's spread
 * (±0.7 µs per call).  So it is read once at each end of a span, and the span's
 * time is the smaller of two upper bounds of its calls' own CPU time:
 *   - the sum of the calls' elapsed times (too large by the time slices lost
 *     to other processes, if any, plus about one clock read per call);
 *   - the thread CPU time over the span (too large by the span's bookkeeping:
 *     two monotonic reads per call and one CPU-clock read, ≤ 2 µs + 0.15 µs per
 *     call).
 * A span that kept its core gets the first (as precise as the per-call times),
 * one that lost it the second.  The error is at most the smaller of the two
 * excesses; spans of hundreds of calls or of long calls make the second a small
 * fraction (see ccd_batch_loop.chunk_size).
 */
#ifndef CCD_BENCH_CPU_SPAN_H
#define CCD_BENCH_CPU_SPAN_H
#include <stddef.h>
#include <stdint.h>

typedef struct ccd_cpu_span {
    uint64_t cpu_start_ns; /* the thread CPU clock when the span began */
    uint64_t elapsed_ns;   /* sum of the calls' elapsed times */
    size_t calls;
    uint64_t total_ns;     /* when ended: the span's on-CPU time */
    int by_cpu;            /* when ended: total_ns is the thread CPU time */
} ccd_cpu_span;

/* Start a span on the calling thread. */
void ccd_cpu_span_begin(ccd_cpu_span *s);

/* Count a call of elapsed_ns in the span. */
static inline void ccd_cpu_span_add(ccd_cpu_span *s, uint64_t elapsed_ns)
{
    s->elapsed_ns += elapsed_ns;
    s->calls++;
}

/* End the span (on the thread that began it): set total_ns and by_cpu. */
void ccd_cpu_span_end(ccd_cpu_span *s);

/* The share of the next call of the ended span, whose elapsed time was elapsed_ns;
 * *before_ns is the elapsed time of the calls before it (0 for the first; advanced
 * here, so a caller walks the calls in order with one counter).  That time when the
 * span kept its core, else the span's CPU time shared in proportion to elapsed time:
 * ⌊T·(B + e)/E⌋ − ⌊T·B/E⌋ (T = total_ns, E = elapsed_ns, B = *before_ns), so the
 * shares are ≥ 0 and those of all calls add up to T exactly.  Proportional, not even:
 * a span of a 10 ms call and a 1 µs call that lost its core gave each 5 ms, and the
 * gate's per-query fastest times over repeats then mixed even and real shares into
 * sums below any one run's time. */
uint64_t ccd_cpu_span_share(const ccd_cpu_span *s, uint64_t *before_ns, uint64_t elapsed_ns);

#endif
