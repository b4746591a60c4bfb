/* SPDX-License-Identifier: MIT */
/* Memory that a forked child does not inherit: what a method must not read (the
 * labels of the queries, the truth) lives in it, so the child processes that run
 * isolated methods (bench/isolate.h) see zeros there instead.  Linux gives this
 * with madvise(MADV_WIPEONFORK) on an anonymous private mapping. */
#ifndef CCD_CORE_HIDDEN_MEMORY_H
#define CCD_CORE_HIDDEN_MEMORY_H
#include <stddef.h>

/* size bytes, zeroed, that a child forked later sees as zeros; NULL when out of
 * memory or when the system cannot hide memory from a child.  Thread-safe; a
 * few freed blocks of up to 256 KiB are kept for reuse (a process-wide cache
 * under a mutex: a forked child must not allocate hidden memory, as the child
 * processes of bench/isolate.h do not). */
void *ccd_hidden_alloc(size_t size);
/* Free p, of the size it was allocated with (p NULL: nothing). */
void ccd_hidden_free(void *p, size_t size);

#endif
