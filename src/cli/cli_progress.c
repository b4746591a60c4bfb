/* SPDX-License-Identifier: MIT */
/* A progress bar on stderr for long runs (only on a terminal), with the time left
 * and, once a run is seen to take more than 10 s, one line saying what runs and
 * about how long it will take. */
#include <config.h>

#include "cli/cli.h"
#include "core/clock.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

enum { BAR_WIDTH = 30, MIN_BAR = 10 };
static const uint64_t SHOW_AFTER_NS = 500000000u; /* runs shorter than this stay quiet */
static const uint64_t REDRAW_NS = 100000000u;
/* The estimate: printed when the whole is expected to take more than `above`
 * seconds (CCD_ESTIMATE_ABOVE, default 10; 0: always), projected from the first
 * above/5 seconds of the work, at least half a second and at most two. */
static double estimate_above_seconds(void)
{
    const char *s = getenv("CCD_ESTIMATE_ABOVE");
    char *end;
    double v = s && *s ? strtod(s, &end) : 10;
    return s && *s && (*end || !(v >= 0) || v > 1e9) ? 10 : v;
}

void ccd_cli_progress_init(ccd_cli_progress *p, const char *label)
{
    p->base = label;
    snprintf(p->label, sizeof p->label, "%s", label);
    p->what = NULL;
    p->at[0] = '\0';
    p->run = 0, p->runs = 1;
    p->estimated = 0;
    p->estimate_above_ns = estimate_above_seconds() * 1e9;
    p->estimate_after_ns = p->estimate_above_ns / 5;
    if (p->estimate_after_ns < (double)SHOW_AFTER_NS)
        p->estimate_after_ns = (double)SHOW_AFTER_NS;
    if (p->estimate_after_ns > 2e9)
        p->estimate_after_ns = 2e9;
    p->enabled = isatty(STDERR_FILENO);
    p->drawn = 0;
    p->start_ns = p->last_ns = ccd_clock_ns();
}

void ccd_cli_progress_run(ccd_cli_progress *p, size_t run, size_t runs)
{
    const int estimated = p->estimated;
    const char *what = p->what;
    ccd_cli_progress_init(p, p->base);
    p->what = what;
    p->estimated = estimated; /* one estimate for the whole series */
    p->run = run, p->runs = runs;
    if (runs > 1) {
        size_t used = strlen(p->label);
        snprintf(p->label + used, sizeof p->label - used, " %zu/%zu", run + 1, runs);
    }
}

/* "42 s", "3 min 5 s", "2 h 10 min" (whole seconds, then whole minutes) */
static void format_duration(char *out, size_t size, double seconds)
{
    const double s = seconds < 1e9 ? floor(seconds + 0.5) : 1e9;
    const long whole = (long)s;
    if (whole < 60)
        snprintf(out, size, "%ld s", whole);
    else if (whole < 3600)
        snprintf(out, size, "%ld min %ld s", whole / 60, whole % 60);
    else
        snprintf(out, size, "%ld h %ld min", whole / 3600, (whole % 3600) / 60);
}

/* The terminal's width in columns (0: unknown). */
static size_t terminal_columns(void)
{
    struct winsize ws;
    return ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 ? ws.ws_col : 0;
}

/* Columns of a UTF-8 string (one per character: family names may be UTF-8). */
static size_t text_columns(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Cut line to `columns` characters. */
static void clip_columns(char *line, size_t columns)
{
    size_t seen = 0, i = 0;
    for (; line[i]; i++)
        if (((unsigned char)line[i] & 0xC0) != 0x80 && ++seen > columns)
            break;
    line[i] = '\0';
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
    const double f = done >= total ? 1.0 : (double)done / (double)total;
    const double elapsed_ns = (double)(t - p->start_ns);
    /* this run's remaining time, and that of the runs of the series after it,
     * each taken to be as long as this one */
    const double left_ns = f > 0 ? elapsed_ns * (1 - f) / f +
                                       (double)(p->runs - p->run - 1) * elapsed_ns / f
                                 : -1;
    if (!p->estimated && f > 0 && elapsed_ns >= p->estimate_after_ns) {
        p->estimated = 1;
        if (elapsed_ns + left_ns > p->estimate_above_ns) {
            char all[32];
            format_duration(all, sizeof all, (elapsed_ns + left_ns) * 1e-9);
            const int what = p->what && p->what[0];
            fprintf(stderr, "\r\033[Kccdbench: %s%s%s: about %s in all\n", p->label,
                    what ? ": " : "", what ? p->what : "", all);
        }
    }
    p->drawn = 1;
    char spent[32], left[48] = "";
    format_duration(spent, sizeof spent, elapsed_ns * 1e-9);
    if (left_ns >= 0 && elapsed_ns >= p->estimate_after_ns) {
        char d[32];
        format_duration(d, sizeof d, left_ns * 1e-9);
        snprintf(left, sizeof left, ", %s left", d);
    }
    char tail[192];
    snprintf(tail, sizeof tail, "] %3d%%  %s%s%s%s", (int)(f * 100), spent, left,
             p->at[0] ? "  " : "", p->at);
    /* On a narrow terminal the bar gives way first (down to MIN_BAR), then the
     * line is cut: a full last column would wrap it. */
    int width = BAR_WIDTH;
    const size_t columns = terminal_columns();
    if (columns > 1) {
        const size_t fixed = text_columns(p->label) + 2 + text_columns(tail);
        const size_t room = columns - 1 > fixed ? columns - 1 - fixed : 0;
        width = room < (size_t)BAR_WIDTH ? (room > MIN_BAR ? (int)room : MIN_BAR) : BAR_WIDTH;
    }
    char bar[BAR_WIDTH + 1];
    const int filled = (int)(f * width);
    for (int i = 0; i < width; i++)
        bar[i] = i < filled ? '#' : ' ';
    bar[width] = '\0';
    char line[320];
    snprintf(line, sizeof line, "%s [%s%s", p->label, bar, tail);
    if (columns > 1)
        clip_columns(line, columns - 1);
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
}

void ccd_cli_progress_dataset(void *progress, const ccd_dataset_file *at, uint64_t done,
                              uint64_t total)
{
    ccd_cli_progress *p = progress;
    if (at)
        snprintf(p->at, sizeof p->at, "%s/%s %s", at->set, at->family,
                 at->kind == CCD_VF ? "VF" : "EE");
    ccd_cli_progress_update(p, done, total);
}

void ccd_cli_progress_finish(ccd_cli_progress *p)
{
    if (p->drawn) {
        fputs("\r\033[K", stderr); /* erase the bar */
        fflush(stderr);
    }
    p->drawn = 0;
}
