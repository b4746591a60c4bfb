/* SPDX-License-Identifier: MIT */
/* A growable sample of doubles and its summary (count, max, mean, p99). */
#ifndef CCD_CONTACT_SAMPLE_STATS_H
#define CCD_CONTACT_SAMPLE_STATS_H
#include <stddef.h>

#include "ccdbench.h"

typedef struct ccd_sample {
    double *v;
    size_t n, cap;
} ccd_sample;

typedef struct ccd_sample_summary {
    size_t n;
    double max, mean, p99; /* NaN when n = 0 */
} ccd_sample_summary;

void ccd_sample_init(ccd_sample *s);
void ccd_sample_free(ccd_sample *s);
/* Appends x (NaN values are skipped: "not applicable"). */
ccd_status ccd_sample_add(ccd_sample *s, double x);
/* Sorts the sample in place; p99 is the nearest-rank 99th percentile. */
ccd_sample_summary ccd_sample_summarize(ccd_sample *s);
#endif
