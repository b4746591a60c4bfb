/* SPDX-License-Identifier: MIT */
/* Zeroed memory whose pages cost nothing until written: an anonymous mapping,
 * for large blocks that are mostly never written.  calloc gives no such
 * promise (memory from its heap is cleared by writing it), and a run's
 * statistics hold 120 KB of time histograms per group and method of which a
 * query writes one bucket: clearing them, 2.9 MB on the shared data, took a
 * millisecond at the start of every run. */
#ifndef CCD_CORE_ZEROED_PAGES_H
#define CCD_CORE_ZEROED_PAGES_H
#include <stddef.h>

/* size bytes (size > 0), zeroed; NULL when out of memory. */
void *ccd_zeroed_pages_alloc(size_t size);
/* Free p, of the size it was allocated with (p NULL: nothing). */
void ccd_zeroed_pages_free(void *p, size_t size);

#endif
