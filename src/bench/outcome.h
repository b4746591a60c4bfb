/* SPDX-License-Identifier: MIT */
/* What the runner learns about one query: the truth and each method's answer. */
#ifndef CCD_BENCH_OUTCOME_H
#define CCD_BENCH_OUTCOME_H
#include "ccdbench.h"

typedef enum ccd_truth_source {
    CCD_TRUTH_FROM_LABEL = 0, /* the label in the input file */
    CCD_TRUTH_FROM_EXACT = 1, /* the exact oracle (ccd_exact_decide) */
    CCD_TRUTH_FROM_FILE = 2   /* a ground-truth file of the oracle (ccd_run_config.truth_files) */
} ccd_truth_source;

typedef struct ccd_query_truth {
    int collides;
    ccd_truth_source source;
    double toi; /* exact earliest time of impact rounded down (source exact or file,
                 * collides), else NAN */
} ccd_query_truth;

/* toi_order values. */
enum {
    CCD_TOI_NOT_COMPARED = 2, /* no exact toi, method without CCD_CAP_TOI, or not both collide */
    CCD_TOI_EARLIER = -1,     /* method toi < exact toi */
    CCD_TOI_EQUAL = 0,
    CCD_TOI_LATER = 1         /* method toi > exact toi: a conservativeness violation */
};

typedef struct ccd_query_outcome {
    ccd_result result;
    uint64_t time_ns; /* wall time of the method call (CLOCK_MONOTONIC) */
    int toi_order;    /* CCD_TOI_* */
    double toi_gap;   /* |method toi - exact toi| when compared (to within one ulp), else 0 */
} ccd_query_outcome;

#endif
