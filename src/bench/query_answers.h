/* SPDX-License-Identifier: MIT */
/*
 * Each of a list of methods on one query (`ccdbench show --methods`): the answer
 * judged as the runner judges it (an error status or a result that breaks the
 * method's capabilities is a failure, bench/method_failure.h), and timed.  The
 * methods see the query only, never a truth.
 */
#ifndef CCD_BENCH_QUERY_ANSWERS_H
#define CCD_BENCH_QUERY_ANSWERS_H
#include "bench/outcome.h"
#include "ccdbench.h"

/* out[m] = the answer of methods[m] to q with params p (option values:
 * options[m], or the defaults when options or options[m] is NULL); the toi
 * fields of out are not compared (CCD_TOI_NOT_COMPARED).  Fails only when a
 * method's scratch cannot be made. */
ccd_status ccd_query_answers(ccd_query_outcome *out, ccd_error *err,
                             const ccd_method *const *methods, size_t count,
                             const ccd_option_value *const *options, const ccd_query *q,
                             const ccd_params *p);

#endif
