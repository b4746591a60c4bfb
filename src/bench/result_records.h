/* SPDX-License-Identifier: MIT */
/*
 * The per-query records of a result file (`run --per-query`), checked as a
 * whole: a file whose records do not add up to its counts would make `merge`
 * write a result with a query lost or counted twice, so it is refused instead.
 */
#ifndef CCD_BENCH_RESULT_RECORDS_H
#define CCD_BENCH_RESULT_RECORDS_H
#include "bench/result_file.h"

/* The number of queries of a group: every method sees every query of it. */
uint64_t ccd_result_group_size(const ccd_run_group *g, size_t method_count);

/* For every run of doc with per-query records: each record well-formed
 * ({"file", "index", "kind", "truth", "exact_toi", "results": one
 * {"collides", "toi", "tolerance", "checks", "hit_max_checks", "time_ns"} per
 * method}, further members allowed), its file one of doc's, its query in doc's
 * shard, no query twice, and as many records of each kind as the groups have
 * queries.  CCD_ERR_INPUT "path:line:column: what" otherwise. */
ccd_status ccd_result_check_records(ccd_error *err, const ccd_result_doc *doc);

#endif
