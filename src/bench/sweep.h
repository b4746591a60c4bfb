/* SPDX-License-Identifier: MIT */
/*
 * Parameter sweeps of `ccdbench run --sweep PARAM=SPEC` (Wang et al. 2021 Figures 8, 9,
 * 11 and 15): PARAM is delta, max-checks or ms; SPEC is either LO:HI:N, N values
 * log-spaced from LO to HI inclusive (LO, HI > 0), or a comma-separated list.
 */
#ifndef CCD_BENCH_SWEEP_H
#define CCD_BENCH_SWEEP_H
#include "ccdbench.h"

enum { CCD_SWEEP_MAX_VALUES = 1000 };

typedef struct ccd_sweep {
    const char *param; /* "delta", "max-checks" or "ms" (static) */
    double *values;
    size_t count;
} ccd_sweep;

/* Parse "PARAM=SPEC"; errors name the option ("--sweep:0:COLUMN: ..."). */
ccd_status ccd_sweep_parse(ccd_sweep *s, ccd_error *err, const char *text);
void ccd_sweep_free(ccd_sweep *s);
/* params with the swept parameter set to value when it is a common parameter (ms);
 * delta and max-checks are method options, set by the caller. */
void ccd_sweep_apply(ccd_params *p, const char *param, double value);

#endif
