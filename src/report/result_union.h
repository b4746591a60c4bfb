/* SPDX-License-Identifier: MIT */
/*
 * Several result files as one source of report tables.  `ccdbench report a b`
 * must give what one run over the data of a and b gives, whatever the order
 * of a and b, so:
 *  - the caller reads the files in the order of their paths, not of the
 *    arguments (docs below are in that order);
 *  - a shard (`run --shard I/N`) is refused: only `merge` can join shards;
 *  - two files with rows of the same set, family, kind and method for the same
 *    sweep value overlap: one measurement would count twice, so they are refused;
 *  - a dataset row (set and kind, or set, family and kind) must be the same
 *    queries in every column: files with a group of different sizes, or a method
 *    covering only part of a row another method covers whole, are refused.
 * What is left is one union per sweep value: every group and every method of
 * the files, each method's numbers taken from the one file that has them.
 */
#ifndef CCD_REPORT_RESULT_UNION_H
#define CCD_REPORT_RESULT_UNION_H
#include "bench/result_file.h"

typedef struct ccd_result_union {
    ccd_run_stats stats; /* set/family strings point into the documents */
    ccd_method *method_table;
    const ccd_method **method_ptrs;
    unsigned char *present; /* [group * method_count + method]: some file has it */
} ccd_result_union;

/* Refuse shards, overlaps and rows of different queries (all sweep values of
 * all sweeps); CCD_ERR_INPUT "path: what" naming the files. */
ccd_status ccd_result_union_check(ccd_error *err, const ccd_result_doc *docs, size_t n);

/* The union of the runs with this sweep (NULL: none) and sweep value (NAN: none)
 * of docs (checked).  An empty union when no run matches. */
ccd_status ccd_result_union_build(ccd_result_union *u, ccd_error *err, const ccd_result_doc *docs,
                                  size_t n, const char *sweep, double value);
void ccd_result_union_free(ccd_result_union *u);

#endif
