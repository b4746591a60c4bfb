/* SPDX-License-Identifier: MIT */
/* Per-method details of a result file (method_detail.h). */
#include <config.h>

#include "bench/method_detail.h"

#include <math.h>
#include <string.h>

void ccd_fixed_sum_add(ccd_fixed_sum *s, double x)
{
    if (!(x > 0))
        return; /* negative, zero and NaN terms add nothing */
    double whole = x < 0x1p63 ? floor(x) : 0x1p63;
    /* x - whole is exact (Sterbenz) and < 1, so the scaled fraction is < 2^64. */
    double frac = x < 0x1p63 ? ldexp(x - whole, 64) : 0;
    ccd_fixed_sum t = {(uint64_t)whole, frac < 0x1p64 ? (uint64_t)frac : UINT64_MAX};
    ccd_fixed_sum_merge(s, &t);
}

void ccd_fixed_sum_merge(ccd_fixed_sum *into, const ccd_fixed_sum *from)
{
    uint64_t frac = into->frac + from->frac;
    into->whole += from->whole + (frac < into->frac); /* carry */
    into->frac = frac;
}

double ccd_fixed_sum_value(const ccd_fixed_sum *s)
{
    return (double)s->whole + ldexp((double)s->frac, -64);
}

void ccd_method_detail_init(ccd_method_detail *d)
{
    memset(d, 0, sizeof *d);
    ccd_method_detail_init_zeroed(d);
}

void ccd_method_detail_init_zeroed(ccd_method_detail *d)
{
    d->time_min_ns = UINT64_MAX;
}

void ccd_method_detail_add(ccd_method_detail *d, const ccd_query_truth *truth,
                           const ccd_query_outcome *o)
{
    if (o->failure != CCD_FAILURE_NONE)
        return; /* counted in ccd_method_stats.failed only */
    if (truth->collides)
        ccd_time_histogram_add(&d->times_positive, o->time_ns);
    if (o->time_ns < d->time_min_ns)
        d->time_min_ns = o->time_ns;
    ccd_fixed_sum_add(&d->tolerance_sum, o->result.tolerance);
    if (o->result.tolerance > d->tolerance_max)
        d->tolerance_max = o->result.tolerance;
    if (o->toi_order != CCD_TOI_NOT_COMPARED)
        ccd_fixed_sum_add(&d->toi_gap_sum, o->toi_gap);
    if (o->result.checks > 0)
        d->checks_total += (uint64_t)o->result.checks;
}

void ccd_method_detail_merge(ccd_method_detail *into, const ccd_method_detail *from)
{
    ccd_time_histogram_merge(&into->times_positive, &from->times_positive);
    if (from->time_min_ns < into->time_min_ns)
        into->time_min_ns = from->time_min_ns;
    ccd_fixed_sum_merge(&into->tolerance_sum, &from->tolerance_sum);
    if (from->tolerance_max > into->tolerance_max)
        into->tolerance_max = from->tolerance_max;
    ccd_fixed_sum_merge(&into->toi_gap_sum, &from->toi_gap_sum);
    into->checks_total += from->checks_total;
}
