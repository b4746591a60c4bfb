/* SPDX-License-Identifier: MIT */
/*
 * The size of a dataset before it is read: its files' bytes and its queries, for
 * what a run says before it starts (how much work, and later an estimate of time).
 */
#ifndef CCD_QUERY_DATASET_SIZE_H
#define CCD_QUERY_DATASET_SIZE_H
#include "ccdbench.h"

#include <stdint.h>

typedef struct ccd_dataset_size {
    uint64_t bytes;   /* of the files as stored (compressed ones compressed)      */
    uint64_t queries; /* counted, or estimated where exact is 0                   */
    int exact;        /* 1: every file's rows were counted                        */
} ccd_dataset_size;

/* The size of files [begin, end) of ds (end 0: all).  A plain CSV file's queries
 * are counted (its newlines / 8, a last row without one counted too) while the
 * plain files read so far total at most count_limit bytes; the others' are
 * estimated from the bytes per query of the files counted (or 8 rows of 40 bytes
 * when none was), and a gzip file's from its compressed bytes times 4.  Files that
 * cannot be read count 0 (the run reports them). */
void ccd_dataset_size_of(ccd_dataset_size *out, const ccd_dataset *ds, size_t begin, size_t end,
                         uint64_t count_limit);

#endif
