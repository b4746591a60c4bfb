/* SPDX-License-Identifier: MIT */
/* The one clock of the program: CLOCK_MONOTONIC, for every timing (method calls,
 * the exact oracle, the contact throughput, the progress bar); never the wall
 * clock, which can jump. */
#ifndef CCD_CORE_CLOCK_H
#define CCD_CORE_CLOCK_H
#include <stdint.h>

/* Nanoseconds since an arbitrary fixed point. */
uint64_t ccd_clock_ns(void);
/* The same in seconds. */
double ccd_clock_seconds(void);

#endif
