/* SPDX-License-Identifier: MIT */
/*
 * `ccdbench merge`: the result files of all N shards of one run (`run --shard I/N
 * --json`) combined into the file one unsharded run writes — counts, time
 * histograms and per-query records those of the single run, the date and machine
 * shard 0's, wall_seconds the sum over the shards.
 */
#ifndef CCD_BENCH_RESULT_MERGE_H
#define CCD_BENCH_RESULT_MERGE_H
#include "bench/result_file.h"

/* Merge paths[0 .. n) into out_path (written atomically).  CCD_ERR_INPUT for
 * files that are not all the shards of one run (each message names the file and
 * why), a missing or repeated shard, a malformed file, or an out_path that is one
 * of the inputs; nothing is written then. */
ccd_status ccd_result_merge(ccd_error *err, const char *out_path, char *const *paths, size_t n);
#endif
