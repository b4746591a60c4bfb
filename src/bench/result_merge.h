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

/* The two steps of a merge, also for the parts of a run that checkpoints
 * (bench/checkpoint.h) combine.  Does doc belong with first: the same
 * header (but the shard index), runs, parameters and groups?  NULL, or what
 * differs ("its methods differ from the first file's"). */
const char *ccd_result_mismatch(const ccd_result_doc *first, const ccd_result_doc *doc);
/* Write docs[0 .. n) (n >= 1), parts of one run over disjoint queries that
 * belong together (ccd_result_mismatch), combined into out_path (atomically):
 * counts and histograms summed, wall_seconds too, per-query records in (file,
 * index) order, the header docs[0]'s with shard index/count as given;
 * out_path NULL: nothing is written.  docs[0]'s runs hold the sums afterwards. */
ccd_status ccd_result_combine(ccd_error *err, const char *out_path, ccd_result_doc *docs,
                              size_t n, unsigned shard_index, unsigned shard_count);
#endif
