/* SPDX-License-Identifier: MIT */
/*
 * A method's failure on one query.  A method fails when it returns an error
 * status, when its result breaks what it declares (ccd_result in ccdbench.h and
 * the CCD_CAP_* bits: such a result cannot be scored, so it is not), or, for an
 * isolated plugin, when its process crashes, exits or runs out of time.  A failure
 * costs that method that query only: the run goes on and reports it.
 */
#ifndef CCD_BENCH_METHOD_FAILURE_H
#define CCD_BENCH_METHOD_FAILURE_H
#include "bench/outcome.h"

#include <stddef.h>

/* The first failure of a method in a group of queries: the earliest in (file,
 * query) order, so that merged shards keep the one a whole run keeps. */
typedef struct ccd_first_failure {
    uint64_t file;  /* index of the file among the run's files */
    uint64_t query; /* index of the query in that file */
    char *reason;   /* malloc'd; NULL: no failure */
} ccd_first_failure;

/* Keep (file, query, reason) in f when it comes before what f holds; returns -1
 * when out of memory. */
int ccd_first_failure_offer(ccd_first_failure *f, uint64_t file, uint64_t query,
                            const char *reason);

/* What is wrong with a result (ccd_query_outcome.failure_detail of CCD_FAILURE_INVALID). */
enum {
    CCD_INVALID_NONE = 0,
    CCD_INVALID_COLLIDES,       /* collides is neither 0 nor 1                       */
    CCD_INVALID_HIT_MAX_CHECKS, /* hit_max_checks is neither 0 nor 1                 */
    CCD_INVALID_CHECKS,         /* checks < 0                                        */
    CCD_INVALID_TOLERANCE,      /* tolerance NaN or < 0                              */
    CCD_INVALID_TOI,            /* CCD_CAP_TOI and a collision: toi not in [0, t_max] */
    CCD_INVALID_TOI_UPPER,      /* CCD_CAP_TOI and a collision: toi_upper NaN or < toi */
    CCD_INVALID_NO_TOI          /* CCD_CAP_TOI and no collision: toi not +infinity   */
};

/* The first thing wrong with r for a method with capabilities caps run with p
 * (CCD_INVALID_*; CCD_INVALID_NONE for a valid result). */
int ccd_result_check(const ccd_result *r, unsigned caps, const ccd_params *p);

/* One line saying why method m has no answer for query `query` of `file`
 * (o->failure != CCD_FAILURE_NONE), e.g. "fprf gave an invalid result on query 3
 * of a.csv: toi = nan, not in [0, 1]".  limit: the method's documented range of
 * inputs (named when it rejects a query), or NULL.  Writes at most size bytes. */
void ccd_failure_reason(char *out, size_t size, const char *method, const ccd_query_outcome *o,
                        const ccd_params *p, const char *file, uint64_t query, const char *limit);

#endif
