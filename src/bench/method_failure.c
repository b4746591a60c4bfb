/* SPDX-License-Identifier: MIT */
/* Checking a method's result and saying why a method failed (method_failure.h). */
#include <config.h>

#include "bench/method_failure.h"
#include "core/assert.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ccd_first_failure_offer(ccd_first_failure *f, uint64_t file, uint64_t query,
                            const char *reason)
{
    if (f->reason && (f->file < file || (f->file == file && f->query <= query)))
        return 0;
    char *copy = strdup(reason);
    if (!copy)
        return -1;
    free(f->reason);
    f->file = file;
    f->query = query;
    f->reason = copy;
    return 0;
}

int ccd_result_check(const ccd_result *r, unsigned caps, const ccd_params *p)
{
    /* the window was validated where the parameters were read */
    CCD_ASSERT(r && p && p->t_max > 0 && p->t_max <= 1);
    if (r->collides != 0 && r->collides != 1)
        return CCD_INVALID_COLLIDES;
    if (r->hit_max_checks != 0 && r->hit_max_checks != 1)
        return CCD_INVALID_HIT_MAX_CHECKS;
    if (r->checks < 0)
        return CCD_INVALID_CHECKS;
    if (!(r->tolerance >= 0))
        return CCD_INVALID_TOLERANCE;
    if (!(caps & CCD_CAP_TOI))
        return CCD_INVALID_NONE; /* its toi is not read */
    if (!r->collides)
        return r->toi == INFINITY ? CCD_INVALID_NONE : CCD_INVALID_NO_TOI;
    if (!(r->toi >= 0 && r->toi <= p->t_max))
        return CCD_INVALID_TOI;
    if (!(r->toi_upper >= r->toi))
        return CCD_INVALID_TOI_UPPER;
    return CCD_INVALID_NONE;
}

/* "nan", "inf", "-inf" or the shortest %g that reads back. */
static void number(char *out, size_t size, double x)
{
    if (isnan(x))
        snprintf(out, size, "nan");
    else
        snprintf(out, size, "%.17g", x);
}

static void invalid_what(char *out, size_t size, const ccd_query_outcome *o, const ccd_params *p)
{
    const ccd_result *r = &o->result;
    char a[32], b[32];
    switch (o->failure_detail) {
    case CCD_INVALID_COLLIDES:
        snprintf(out, size, "collides = %d, not 0 or 1", r->collides);
        break;
    case CCD_INVALID_HIT_MAX_CHECKS:
        snprintf(out, size, "hit_max_checks = %d, not 0 or 1", r->hit_max_checks);
        break;
    case CCD_INVALID_CHECKS:
        snprintf(out, size, "checks = %ld, negative", r->checks);
        break;
    case CCD_INVALID_TOLERANCE:
        number(a, sizeof a, r->tolerance);
        snprintf(out, size, "tolerance = %s, not >= 0", a);
        break;
    case CCD_INVALID_TOI:
        number(a, sizeof a, r->toi);
        number(b, sizeof b, p->t_max);
        snprintf(out, size, "toi = %s, not in [0, %s] for a collision", a, b);
        break;
    case CCD_INVALID_TOI_UPPER:
        number(a, sizeof a, r->toi_upper);
        number(b, sizeof b, r->toi);
        snprintf(out, size, "toi_upper = %s, not >= toi = %s", a, b);
        break;
    case CCD_INVALID_NO_TOI:
        number(a, sizeof a, r->toi);
        snprintf(out, size, "toi = %s, not inf for no collision", a);
        break;
    default:
        snprintf(out, size, "unknown problem %d", o->failure_detail);
        break;
    }
}

void ccd_failure_reason(char *out, size_t size, const char *method, const ccd_query_outcome *o,
                        const ccd_params *p, const char *file, uint64_t query, const char *limit)
{
    unsigned long long n = (unsigned long long)query;
    char what[160];
    switch (o->failure) {
    case CCD_FAILURE_STATUS:
        if (o->failure_detail == CCD_ERR_INPUT)
            snprintf(out, size, "%s cannot take query %llu of %s (status 2: %s%s)", method, n,
                     file, limit ? "outside its documented range: " : "the query is outside its range",
                     limit ? limit : "");
        else
            snprintf(out, size, "%s failed on query %llu of %s (status %d%s)", method, n, file,
                     o->failure_detail,
                     o->failure_detail == CCD_ERR_INTERNAL ? ": internal error" : "");
        break;
    case CCD_FAILURE_INVALID:
        invalid_what(what, sizeof what, o, p);
        snprintf(out, size, "%s gave an invalid result on query %llu of %s: %s", method, n, file,
                 what);
        break;
    case CCD_FAILURE_SIGNAL:
        snprintf(out, size, "plugin %s crashed on query %llu of %s (signal %d: %s)", method, n,
                 file, o->failure_detail, strsignal(o->failure_detail));
        break;
    case CCD_FAILURE_TIMEOUT:
        snprintf(out, size, "plugin %s timed out on query %llu of %s (limit %g s)", method, n,
                 file, o->failure_detail / 1000.0);
        break;
    case CCD_FAILURE_EXIT:
        snprintf(out, size, "plugin %s exited with status %d on query %llu of %s", method,
                 o->failure_detail, n, file);
        break;
    default:
        snprintf(out, size, "%s: no failure on query %llu of %s", method, n, file);
        break;
    }
}
