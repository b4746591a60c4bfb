/* SPDX-License-Identifier: MIT */
/* Each of a list of methods on one query (query_answers.h). */
#include <config.h>

#include "bench/query_answers.h"
#include "bench/method_failure.h"
#include "core/clock.h"
#include "core/error.h"

#include <math.h>
#include <string.h>

ccd_status ccd_query_answers(ccd_query_outcome *out, ccd_error *err,
                             const ccd_method *const *methods, size_t count,
                             const ccd_option_value *const *options, const ccd_query *q,
                             const ccd_params *p)
{
    for (size_t m = 0; m < count; m++) {
        const ccd_method *method = methods[m];
        ccd_params params = *p;
        params.options = options ? options[m] : NULL;
        void *scratch = NULL;
        if (method->scratch_new && !(scratch = method->scratch_new()))
            return ccd_error_set(err, CCD_ERR_INTERNAL, method->name, 0, 0,
                                 "cannot create the per-thread scratch of the method");
        ccd_query_outcome *o = &out[m];
        memset(o, 0, sizeof *o);
        o->result.toi = o->result.toi_upper = INFINITY;
        o->toi_order = CCD_TOI_NOT_COMPARED;
        uint64_t start = ccd_clock_ns();
        ccd_status st = ccd_method_run(&o->result, method, q, &params, scratch);
        o->time_ns = o->cpu_ns = ccd_clock_ns() - start;
        if (scratch && method->scratch_free)
            method->scratch_free(scratch);
        if (st != CCD_OK) {
            o->failure = CCD_FAILURE_STATUS;
            o->failure_detail = (int)st;
        } else if ((o->failure_detail = ccd_result_check(&o->result, method->caps, &params))) {
            o->failure = CCD_FAILURE_INVALID;
        }
    }
    return CCD_OK;
}
