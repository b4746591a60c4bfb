/* SPDX-License-Identifier: MIT */
/* Error messages and exit statuses of the command line. */
#include <config.h>

#include "cli/cli.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ccd_cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("ccdbench: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return CCD_EXIT_USAGE;
}

int ccd_cli_out_of_memory(void)
{
    fputs("ccdbench: out of memory\n", stderr);
    return CCD_EXIT_FAILURE;
}

int ccd_cli_fail(const ccd_error *err)
{
    /* an error located in an option ("--sweep: at character 7: ...") is the
     * program's, as usage errors are; one in a file keeps its bare path:line:column */
    fprintf(stderr, "%s%s\n", strncmp(err->message, "--", 2) == 0 ? "ccdbench: " : "",
            err->message);
    return err->status == CCD_ERR_INPUT ? CCD_EXIT_USAGE : CCD_EXIT_FAILURE;
}

int ccd_cli_fail_in(const char *command, const ccd_error *err)
{
    fprintf(stderr, "ccdbench: %s: %s\n", command, err->message);
    return err->status == CCD_ERR_INPUT ? CCD_EXIT_USAGE : CCD_EXIT_FAILURE;
}

int ccd_cli_bad_option(const char *command, char **argv, int optopt_value)
{
    extern int optind;
    const char *arg = optind > 0 ? argv[optind - 1] : "?";
    if (optopt_value > 0 && optopt_value < 128 && optopt_value != '?')
        return ccd_cli_usage_error("%s: option '-%c' is unknown or lacks its value "
                                   "(see ccdbench %s --help)", command, optopt_value, command);
    return ccd_cli_usage_error("%s: option '%s' is unknown, ambiguous or lacks its value "
                               "(see ccdbench %s --help)", command, arg, command);
}

int ccd_cli_parse_double(double *out, const char *option, const char *text)
{
    char *end;
    errno = 0;
    double x = strtod(text, &end);
    /* ERANGE on underflow too: a subnormal (1e-320) is a number, the nearest double;
     * only an overflow (inf) is not finite */
    if (end == text || *end != '\0' || !isfinite(x) || (errno == ERANGE && fabs(x) > DBL_MIN)) {
        ccd_cli_usage_error("%s: '%s' is not a finite number", option, text);
        return -1;
    }
    *out = x;
    return 0;
}

int ccd_cli_parse_long(long *out, const char *option, const char *text)
{
    char *end;
    errno = 0;
    long x = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno == ERANGE) {
        ccd_cli_usage_error("%s: '%s' is not an integer", option, text);
        return -1;
    }
    *out = x;
    return 0;
}
