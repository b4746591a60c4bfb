/* SPDX-License-Identifier: MIT */
/* A progress bar on stderr for long runs (only on a terminal). */
#include <config.h>

#include "cli/cli.h"
#include "core/clock.h"

#include <stdio.h>
#include <unistd.h>

enum { BAR_WIDTH = 40 };
static const uint64_t SHOW_AFTER_NS = 500000000u; /* runs shorter than this stay quiet */
static const uint64_t REDRAW_NS = 100000000u;

void ccd_cli_progress_init(ccd_cli_progress *p, const char *label)
{
    p->label = label;
    p->enabled = isatty(STDERR_FILENO);
    p->drawn = 0;
    p->start_ns = p->last_ns = ccd_clock_ns();
}

void ccd_cli_progress_update(void *progress, uint64_t done, uint64_t total)
{
    ccd_cli_progress *p = progress;
    if (!p->enabled || total == 0)
        return;
    uint64_t t = ccd_clock_ns();
    if (t - p->start_ns < SHOW_AFTER_NS || (p->drawn && t - p->last_ns < REDRAW_NS))
        return;
    p->last_ns = t;
    p->drawn = 1;
    double f = done >= total ? 1.0 : (double)done / (double)total;
    int filled = (int)(f * BAR_WIDTH);
    fprintf(stderr, "\r%s [", p->label);
    for (int i = 0; i < BAR_WIDTH; i++)
        fputc(i < filled ? '#' : ' ', stderr);
    fprintf(stderr, "] %3d%%  %.0f s", (int)(f * 100), (double)(t - p->start_ns) * 1e-9);
    fflush(stderr);
}

void ccd_cli_progress_finish(ccd_cli_progress *p)
{
    if (p->drawn) {
        fputs("\r\033[K", stderr); /* erase the bar */
        fflush(stderr);
    }
    p->drawn = 0;
}
