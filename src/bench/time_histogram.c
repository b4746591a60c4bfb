/* SPDX-License-Identifier: MIT */
/* Log-linear histogram of query times (see time_histogram.h). */
#include <config.h>

#include "bench/time_histogram.h"

#include <math.h>

static int floor_log2(uint64_t v)
{
    return 63 - __builtin_clzll(v);
}

/* Bucket of v: v itself below SUB; else exponent e = ⌊log2 v⌋ ≥ 7 and the 7 bits
 * after the leading one, i.e. [ (SUB + m) 2^(e-7), (SUB + m + 1) 2^(e-7) ). */
static unsigned bucket_of(uint64_t v)
{
    if (v < CCD_TIME_HISTOGRAM_SUB)
        return (unsigned)v;
    int shift = floor_log2(v) - 7;
    unsigned m = (unsigned)(v >> shift) - CCD_TIME_HISTOGRAM_SUB;
    return CCD_TIME_HISTOGRAM_SUB * (unsigned)(shift + 1) + m;
}

static double bucket_middle(unsigned b)
{
    if (b < CCD_TIME_HISTOGRAM_SUB)
        return b;
    int shift = (int)(b / CCD_TIME_HISTOGRAM_SUB) - 1;
    double lower = ldexp(CCD_TIME_HISTOGRAM_SUB + b % CCD_TIME_HISTOGRAM_SUB, shift);
    return lower + ldexp(1, shift) / 2;
}

void ccd_time_histogram_add(ccd_time_histogram *h, uint64_t ns)
{
    h->count++;
    h->bucket[bucket_of(ns)]++;
}

void ccd_time_histogram_merge(ccd_time_histogram *into, const ccd_time_histogram *from)
{
    into->count += from->count;
    for (unsigned i = 0; i < CCD_TIME_HISTOGRAM_BUCKETS; i++)
        into->bucket[i] += from->bucket[i];
}

double ccd_time_histogram_quantile(const ccd_time_histogram *h, double p)
{
    if (h->count == 0)
        return 0;
    double r = ceil(p * (double)h->count);
    uint64_t rank = r < 1 ? 1 : r > (double)h->count ? h->count : (uint64_t)r;
    uint64_t seen = 0;
    for (unsigned i = 0; i < CCD_TIME_HISTOGRAM_BUCKETS; i++) {
        seen += h->bucket[i];
        if (seen >= rank)
            return bucket_middle(i);
    }
    return 0; /* unreachable: the buckets sum to count */
}

double ccd_time_histogram_trimmed_mean(const ccd_time_histogram *h, double p)
{
    if (h->count == 0)
        return 0;
    double r = ceil(p * (double)h->count);
    uint64_t keep = r < 1 ? 1 : r > (double)h->count ? h->count : (uint64_t)r, seen = 0;
    double sum = 0;
    for (unsigned i = 0; i < CCD_TIME_HISTOGRAM_BUCKETS && seen < keep; i++) {
        uint64_t take = h->bucket[i] < keep - seen ? h->bucket[i] : keep - seen;
        sum += (double)take * bucket_middle(i);
        seen += take;
    }
    return sum / (double)keep;
}
