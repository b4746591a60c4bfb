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
 * fraction.  The batch loop's span is a chunk: about 50 µs of work at the
 * pass's mean cost, 1 to 1024 queries (bench/work_queue.h: chunks), so the two
 * CPU-clock reads of a span are a few percent of it: measured on the same
 * kind of VM later (0.52 µs a read in a tight loop), Tight Inclusion's
 * one-thread pass over the shared data read it 6,470 times at d = 0 (about
 * 3 ms of 107) and 33,796 times at d = 1e-2, where a query is about 30 µs and
 * most chunks are one query (about 17 ms of 640).
 */
#ifndef CCD_BENCH_CPU_SPAN_H
#define CCD_BENCH_CPU_SPAN_H
#include <stddef.h>
#include <stdint.h>

/* The calls whose elapsed times a span keeps to share its CPU time (a runner's chunk
 * holds 1 to CCD_WORK_GRAIN_MAX = 1024 queries, an isolated plugin's span at most
 * 1024 calls). */
enum { CCD_CPU_SPAN_MAX_CALLS = 1024 };

typedef struct ccd_cpu_span {
    uint64_t cpu_start_ns; /* the thread CPU clock when the span began */
    uint64_t elapsed_ns;   /* sum of the calls' elapsed times */
    size_t calls;
    uint64_t total_ns;     /* when ended: the span's on-CPU time */
    int by_cpu;            /* when ended: total_ns is the thread CPU time */
    /* when ended by_cpu: calls with elapsed > level share clipped_ns, the others keep
     * their elapsed time (ccd_cpu_span_share) */
    uint64_t level, clipped_ns;
    size_t clipped;
    uint64_t elapsed[CCD_CPU_SPAN_MAX_CALLS]; /* the first calls' elapsed times */
} ccd_cpu_span;

/* Start a span on the calling thread. */
void ccd_cpu_span_begin(ccd_cpu_span *s);

/* Count a call of elapsed_ns in the span. */
static inline void ccd_cpu_span_add(ccd_cpu_span *s, uint64_t elapsed_ns)
{
    if (s->calls < CCD_CPU_SPAN_MAX_CALLS)
        s->elapsed[s->calls] = elapsed_ns;
    s->elapsed_ns += elapsed_ns;
    s->calls++;
}

/* End the span (on the thread that began it): set total_ns and by_cpu. */
void ccd_cpu_span_end(ccd_cpu_span *s);

/* The same with the span's thread CPU time given (ccd_cpu_span_end reads it). */
void ccd_cpu_span_end_at(ccd_cpu_span *s, uint64_t cpu_ns);

/* The share of the next call of the ended span, whose elapsed time was elapsed_ns,
 * the calls taken in order with one counter *seen (0 before the first).  That time
 * when the span kept its core.  When it lost it, the time lost (elapsed − CPU) is
 * taken from the longest calls, as water from the top: the calls longer than a level
 * m share what is left, the others keep their elapsed time, and m is such that the
 * shares add up to the CPU time exactly.  A time slice lost to another process is
 * milliseconds, and falls on a call in proportion to its length, so it is most
 * likely in the longest ones.  An even share gave a span's 10 ms and 1 µs calls the
 * same time; a share in proportion to elapsed time gave a call that lost a 4 ms slice
 * that slice, and the others less than they took.  Either way the gate's per-query
 * fastest of K runs then mixed such shares with real times, and their sum was off
 * by an amount that depended on which runs lost the core. */
uint64_t ccd_cpu_span_share(const ccd_cpu_span *s, size_t *seen, uint64_t elapsed_ns);

#endif
