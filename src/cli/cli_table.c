/* SPDX-License-Identifier: MIT */
/* Printing one table of a command, and the options every table-printing
 * command shares (see cli.h): one copy for `contact` and its subcommands. */
#include <config.h>

#include "cli/cli.h"
#include "report/paper.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int ccd_cli_parse_format(ccd_report_format *out, const char *command, const char *text)
{
    if (ccd_report_format_parse(out, text) != 0)
        return ccd_cli_usage_error("%s: --format: '%s' is not text, markdown, csv, json or latex",
                                   command, text);
    return 0;
}

int ccd_cli_readable(ccd_report_format format)
{
    return format == CCD_FORMAT_TEXT || format == CCD_FORMAT_MARKDOWN;
}

int ccd_cli_precise(ccd_report_format format)
{
    return format == CCD_FORMAT_CSV || format == CCD_FORMAT_JSON;
}

void ccd_cli_note(ccd_report_format format, int before_table, const char *fmt, ...)
{
    if (!ccd_cli_readable(format))
        return;
    if (!before_table && format == CCD_FORMAT_MARKDOWN)
        putchar('\n');
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    if (before_table && format == CCD_FORMAT_MARKDOWN)
        putchar('\n');
}

int ccd_cli_print_table(ccd_report_format format, ccd_report_table *t)
{
    int r = ccd_report_write_table(stdout, t, format);
    ccd_report_table_free(t);
    return r == 0 ? CCD_EXIT_OK : ccd_cli_out_of_memory();
}

int ccd_cli_parse_number_list(double *out, size_t *n, size_t max, const char *command,
                              const char *option, const char *text, int allow_zero)
{
    *n = 0;
    const char *p = text;
    while (*p) {
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno || !isfinite(v) || v < 0 || (v == 0 && !allow_zero) ||
            (*end && *end != ','))
            return ccd_cli_usage_error("%s: %s: bad number list '%s'", command, option, text);
        if (*n == max)
            return ccd_cli_usage_error("%s: %s: at most %zu values", command, option, max);
        out[(*n)++] = v;
        p = *end ? end + 1 : end;
    }
    if (*n == 0)
        return ccd_cli_usage_error("%s: %s: empty list", command, option);
    return 0;
}

int ccd_cli_parse_count(size_t *out, const char *command, const char *option, const char *text,
                        long lo, long hi)
{
    long v;
    if (ccd_cli_parse_long(&v, option, text))
        return CCD_EXIT_USAGE;
    if (v < lo || v > hi)
        return ccd_cli_usage_error("%s: %s must be in [%ld, %ld]", command, option, lo, hi);
    *out = (size_t)v;
    return 0;
}

int ccd_cli_parse_seed(uint64_t *out, const char *command, const char *text)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (end == text || *end || errno || text[0] == '-')
        return ccd_cli_usage_error("%s: --seed: '%s' is not a non-negative integer", command,
                                   text);
    *out = (uint64_t)v;
    return 0;
}

int ccd_cli_parse_pose(ccd_pose *pose, const char *command, const char *option, const char *text)
{
    ccd_error err;
    if (ccd_pose_parse(pose, &err, option, text) != CCD_OK)
        return ccd_cli_usage_error("%s: %s", command, err.message);
    return 0;
}
