/* SPDX-License-Identifier: MIT */
/* Counting false positives/negatives and timing of one method on one group. */
#include <config.h>

#include "bench/method_stats.h"

#include <string.h>

void ccd_method_stats_init(ccd_method_stats *s)
{
    memset(s, 0, sizeof *s);
}

void ccd_method_stats_add(ccd_method_stats *s, const ccd_query_truth *truth,
                          const ccd_query_outcome *o)
{
    if (o->failure != CCD_FAILURE_NONE) {
        s->failed++;
        return;
    }
    int said = o->result.collides != 0;
    s->queries++;
    s->positives += truth->collides != 0;
    s->reported += said;
    s->false_positives += said && !truth->collides;
    s->false_negatives += !said && truth->collides;
    s->hit_max_checks += o->result.hit_max_checks != 0;
    s->time_total_ns += o->time_ns;
    if (o->time_ns > s->time_max_ns)
        s->time_max_ns = o->time_ns;
    ccd_time_histogram_add(&s->times, o->time_ns);
    s->cpu_total_ns += o->cpu_ns;
    s->cpu_queries++;
    s->zero_toi += o->zero_toi != 0;
    if (o->toi_order != CCD_TOI_NOT_COMPARED) {
        s->toi_compared++;
        s->toi_violations += o->toi_order == CCD_TOI_LATER;
        s->toi_gap_sum += o->toi_gap;
        if (o->toi_gap > s->toi_gap_max)
            s->toi_gap_max = o->toi_gap;
    }
}

double ccd_method_stats_mean_us(const ccd_method_stats *s)
{
    return s->queries ? (double)s->time_total_ns / (double)s->queries / 1e3 : 0;
}

double ccd_method_stats_quantile_us(const ccd_method_stats *s, double p)
{
    /* A bucket's middle may lie above the largest time recorded in it. */
    double ns = ccd_time_histogram_quantile(&s->times, p);
    return (ns < (double)s->time_max_ns ? ns : (double)s->time_max_ns) / 1e3;
}

double ccd_method_stats_max_us(const ccd_method_stats *s)
{
    return (double)s->time_max_ns / 1e3;
}

double ccd_method_stats_throughput(const ccd_method_stats *s)
{
    if (s->time_total_ns == 0)
        return 0;
    return (double)s->queries / ((double)s->time_total_ns * 1e-9);
}

double ccd_method_stats_toi_gap_mean(const ccd_method_stats *s)
{
    return s->toi_compared ? s->toi_gap_sum / (double)s->toi_compared : 0;
}
