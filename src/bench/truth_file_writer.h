/* SPDX-License-Identifier: MIT */
/*
 * Ground-truth files: written here (`ccdbench truth --output DIR`), read back by
 * truth_file_reader.h.  This comment is the one description of the format.
 *
 * One file per input CSV, at the input's path relative to the DATA argument it
 * was found under, named <stem>.truth.csv.  Contents: an optional first line
 * "# ms=<d> norm=<inf|2>" (minimum-separation truth, d the exact rational "n/d"
 * or "n" the labels were computed for), the header "index,collides,toi_lo,toi_hi",
 * then one row per query in order: index, 0 or 1, and when it collides the toi
 * bounds as exact rationals "n" or "n/d" with 0 <= lo <= hi <= 1 (both empty
 * otherwise).
 */
#ifndef CCD_BENCH_TRUTH_FILE_WRITER_H
#define CCD_BENCH_TRUTH_FILE_WRITER_H
#include "bench/truth_file_path.h"
#include "bench/exact_labels.h"
#include "core/atomic_file.h"
#include "core/make_dirs.h"

typedef struct ccd_truth_file_writer {
    const char *dir;
    const ccd_dataset *ds;
    char *const *roots; /* the DATA arguments */
    int root_count;
    size_t finished;    /* files [0, finished) are written */
    int open;           /* file `finished` is open in out */
    char *ms;           /* NULL: plain CCD; else d as an exact rational (malloc'd) */
    int ms_norm;        /* 0: L∞, 2: Euclidean */
    ccd_atomic_file out;
    ccd_made_dirs made; /* the directories created for the files */
} ccd_truth_file_writer;

void ccd_truth_file_writer_init(ccd_truth_file_writer *t, const char *dir, const ccd_dataset *ds,
                          char *const *roots, int root_count);
/* Record minimum separation d > 0 in norm (0: L∞, 2: L2) in every header.
 * CCD_ERR_INTERNAL when out of memory. */
ccd_status ccd_truth_file_writer_set_separation(ccd_truth_file_writer *t, ccd_error *err, mpq_srcptr ms,
                                          int norm);
/* Before any work: create the directories of every file and check that each
 * file can be written (an input error naming it otherwise). */
ccd_status ccd_truth_file_writer_prepare(ccd_truth_file_writer *t, ccd_error *err);
/* Write the row of q (from ds->files[file]); files come in order. */
ccd_status ccd_truth_file_writer_put(ccd_truth_file_writer *t, ccd_error *err, size_t file,
                               const ccd_query *q, const ccd_exact_label *label);
/* Finish every file (header-only for inputs without queries). */
ccd_status ccd_truth_file_writer_finish(ccd_truth_file_writer *t, ccd_error *err);
/* On error: remove the temporary of the file being written, and the directories
 * created that are still empty. */
void ccd_truth_file_writer_abort(ccd_truth_file_writer *t);
/* Release what init and set_separation allocated (after finish or abort). */
void ccd_truth_file_writer_free(ccd_truth_file_writer *t);

/* ccd_truth_paths_distinct for the files t will write: called before any work, so
 * that no output is lost to another. */
ccd_status ccd_truth_file_writer_check(const ccd_truth_file_writer *t, ccd_error *err);

#endif
