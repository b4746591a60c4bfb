/* SPDX-License-Identifier: MIT */
/*
 * Ground-truth files read back (the files of `ccdbench truth --output`, e.g. the
 * shipped ground_truth/): per query, whether it collides and its exact earliest
 * time of impact as an isolating interval [lo, hi] of rationals, kept here as the
 * doubles lo_down ≤ lo and hi_up ≥ hi (directed rounding), so that the runner can
 * order a method's double toi against the exact one without the oracle whenever
 * the double lies outside [lo_down, hi_up] — and fall back to the oracle inside.
 *
 * The file format is described once, in truth_file_writer.h (the writer).  24 bytes per
 * query in memory.
 */
#ifndef CCD_BENCH_TRUTH_FILE_READER_H
#define CCD_BENCH_TRUTH_FILE_READER_H
#include "ccdbench.h"

#include <gmp.h>

typedef struct ccd_truth_row {
    double lo_down, hi_up;     /* toi ∈ [lo, hi] ⊂ [lo_down, hi_up]; 0 when no collision */
    unsigned char collides;
    unsigned char rational;    /* lo = hi = lo_down = hi_up: the toi is exactly that double */
    unsigned char down_known;  /* no double in (lo, hi]: lo_down is the toi rounded down */
} ccd_truth_row;

typedef struct ccd_truth_file {
    char *path;
    ccd_truth_row *rows;       /* in hidden memory (core/hidden_memory.h): the truth */
    uint64_t count;
    uint64_t capacity;         /* rows allocated */
    unsigned long first_line; /* line number of row 0 (2, or 3 after "# ms=…") */
} ccd_truth_file;

typedef struct ccd_truth_file_set {
    ccd_truth_file *files; /* one per file of the dataset, in its order */
    size_t count;
} ccd_truth_file_set;

/*
 * Read paths[0 .. count) (one per dataset file).  Each must be truth for minimum
 * separation ms in norm (0: L∞, 2: L2) — ms NULL or 0: plain CCD, no "# ms" line —
 * or it is an error.  Errors (CCD_ERR_INPUT) are "path:line:column: what is wrong";
 * on error the table is empty.
 */
ccd_status ccd_truth_file_set_load(ccd_truth_file_set *t, ccd_error *err, char *const *paths,
                                size_t count, mpq_srcptr ms, int norm);
/* The truth files under dir of every file of ds (the paths `ccdbench truth
 * --output dir` gives them, relative to roots[0 .. root_count), the DATA of that
 * run), checked distinct and loaded as ccd_truth_file_set_load does. */
ccd_status ccd_truth_file_set_load_dir(ccd_truth_file_set *t, ccd_error *err, const char *dir,
                                       const ccd_dataset *ds, char *const *roots, int root_count,
                                       mpq_srcptr ms, int norm);
void ccd_truth_file_set_free(ccd_truth_file_set *t);

#endif
