/* SPDX-License-Identifier: MIT */
/* A growable sample of doubles and its summary (sample_stats.h): count, max,
 * mean and the 99th percentile (nearest rank), sorting the sample in place. */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "contact/common/sample_stats.h"

void ccd_sample_init(ccd_sample *s)
{
    s->v = NULL;
    s->n = s->cap = 0;
}

void ccd_sample_free(ccd_sample *s)
{
    free(s->v);
    ccd_sample_init(s);
}

ccd_status ccd_sample_add(ccd_sample *s, double x)
{
    if (isnan(x))
        return CCD_OK;
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        double *v = realloc(s->v, cap * sizeof *v);
        if (!v)
            return CCD_ERR_INTERNAL;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = x;
    return CCD_OK;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

ccd_sample_summary ccd_sample_summarize(ccd_sample *s)
{
    ccd_sample_summary r = {s->n, NAN, NAN, NAN};
    if (s->n == 0)
        return r;
    qsort(s->v, s->n, sizeof *s->v, cmp_double);
    double sum = 0;
    for (size_t i = 0; i < s->n; i++)
        sum += s->v[i];
    r.max = s->v[s->n - 1];
    r.mean = sum / (double)s->n;
    size_t rank = (size_t)ceil(0.99 * (double)s->n); /* 1-based nearest rank */
    r.p99 = s->v[rank ? rank - 1 : 0];
    return r;
}
