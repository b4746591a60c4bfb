/* SPDX-License-Identifier: MIT */
/*
 * The listing of `ccdbench wrong`: one line (text), row (CSV) or object (JSON)
 * per wrong answer of bench/wrong_answers.h, and the summary line.  Numbers in
 * every format are %.17g (they read back to the same double).
 */
#ifndef CCD_REPORT_WRONG_LISTING_H
#define CCD_REPORT_WRONG_LISTING_H
#include "ccdbench.h"
#include "report/report.h"

#include <stdio.h>

/* The listing of w found on ds by names[0] (and names[1] when w compares two
 * methods: other 1) in format (text, csv or json). */
void ccd_wrong_listing_write(FILE *out, const ccd_wrong_answers *w, const ccd_dataset *ds,
                             const char *const names[2], int other, ccd_report_format format);

/* One line, no newline: "fprf: 2 false negatives, 1 false positive in 276
 * queries (truth: 276 labels, 0 exact)"; comparing: "fprf and bsc disagree on 9
 * of 276 queries: fprf right on 1, bsc on 8 (…)"; then any failures. */
void ccd_wrong_listing_summary(char *buf, size_t size, const ccd_wrong_answers *w,
                               const char *const names[2], int other);

#endif
