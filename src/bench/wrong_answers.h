/* SPDX-License-Identifier: MIT */
/*
 * The wrong answers of a method (`ccdbench wrong`): the runner over a dataset
 * with one method, or two compared, and every query it answers against the
 * truth (a false negative or positive), or where the two disagree, kept with
 * where it is.  The truth is the runner's (labels, exact oracle, truth files):
 * the methods never see it.  Public types and entry point: ccdbench.h.
 */
#ifndef CCD_BENCH_WRONG_ANSWERS_H
#define CCD_BENCH_WRONG_ANSWERS_H
#include "bench/runner.h"
#include "ccdbench.h"

/* ccd_wrong_answers_find with the runner's whole configuration: cfg has one
 * method (its wrong answers) or two (where they disagree); its on_query and ctx
 * are the function's own, its progress is called with them.  Every other
 * setting (truth files, options, isolation, threads) is the run's. */
ccd_status ccd_wrong_answers_run(ccd_wrong_answers *out, ccd_error *err, const ccd_dataset *ds,
                                 const ccd_run_config *cfg);

/* a is a false negative of the (first) method. */
static inline int ccd_wrong_answer_is_fn(const ccd_wrong_answer *a)
{
    return a->truth && !a->says[0];
}

/* "fn" or "fp": which wrong answer a is (one method). */
static inline const char *ccd_wrong_answer_kind(const ccd_wrong_answer *a)
{
    return ccd_wrong_answer_is_fn(a) ? "fn" : "fp";
}

#endif
