/* SPDX-License-Identifier: MIT */
/*
 * The cost cache: the heavy queries of the last run of a data set under given
 * settings (bench/expected_costs.h), kept between runs, so that a run knows
 * without being told which of its queries take longest and starts them first
 * (bench/work_queue.h: longest expected first).  Without it the first run of
 * Table 1 on 64 threads would start IRF's and UIRF's 5.5 s queries at 80 % of
 * its pass; with it they start first (docs/performance.md#threads).
 *
 * One file for each (data, settings) in the cache directory: $CCDBENCH_CACHE_DIR,
 * else $XDG_CACHE_HOME/ccdbench, else $HOME/.cache/ccdbench; CCDBENCH_CACHE_DIR=off
 * keeps none.  The key is the settings (what the caller says decides the costs:
 * for `run`, its options but those of output and threads) and, for every file of
 * the data, its device and inode (the file, whatever path names it), size and
 * modification time: a file changed since makes another key.  The file is named by a hash of the key and holds the key,
 * so that two keys of one hash are told apart.
 *
 * Only the order in which queries are computed depends on it: a stale, missing,
 * corrupt, unreadable or unwritable cache costs time, never an answer, and is
 * never an error.  It is written whole or not at all (core/atomic_file.h), so
 * that runs of the same data at once leave one of their lists, never a mix.
 */
#ifndef CCD_BENCH_COST_CACHE_H
#define CCD_BENCH_COST_CACHE_H
#include "bench/expected_costs.h"
#include "ccdbench.h"

/* The key of ds under `settings` (malloc'd), or NULL: no cache (a file that
 * cannot be looked at, out of memory). */
char *ccd_cost_cache_key(const ccd_dataset *ds, const char *settings);

/* The cache file of key (malloc'd), or NULL: no cache directory (unset, off,
 * out of memory). */
char *ccd_cost_cache_path(const char *key);

/* The heavy queries cached for key into *e (empty before): 1 when found, else 0
 * (e stays empty). */
int ccd_cost_cache_load(ccd_expected_costs *e, const char *key);

/* Keeps e for key (the directory made when missing): 0, or -1 when it could
 * not be written (nothing is left half-written). */
int ccd_cost_cache_store(const char *key, const ccd_expected_costs *e);

#endif
