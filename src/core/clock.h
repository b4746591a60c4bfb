/* SPDX-License-Identifier: MIT */
/* The clocks of the program: CLOCK_MONOTONIC, for every elapsed-time
 * measurement (method calls, the exact oracle, the contact throughput, the
 * progress bar), never the wall clock, which can jump; and the calling thread's
 * CPU time, for single-threaded benchmarks of seconds or more that must not
 * count the time the thread waited for a core on a loaded machine. */
#ifndef CCD_CORE_CLOCK_H
#define CCD_CORE_CLOCK_H
#include <stdint.h>

/* Nanoseconds since an arbitrary fixed point. */
uint64_t ccd_clock_ns(void);
/* The same in seconds. */
double ccd_clock_seconds(void);
/* CPU seconds used by the calling thread (CLOCK_THREAD_CPUTIME_ID). */
double ccd_clock_thread_seconds(void);
/* The same in nanoseconds.  A system call, not a vDSO read like ccd_clock_ns:
 * about 1.2–2 µs of CPU on a virtual machine with page-table isolation, so time
 * runs of calls with it, not calls of a microsecond (see bench/cpu_span.h). */
uint64_t ccd_clock_thread_ns(void);

#endif
