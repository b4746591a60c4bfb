/* SPDX-License-Identifier: MIT */
/* The method-parameter and thread options shared by `run` and `gate`, and the
 * reader limit of every command that reads queries, checked once. */
#include <config.h>

#include "cli/cli.h"
#include "gen/gen.h"
#include "query/nearest_double.h"

#include <math.h>
#include <string.h>

int ccd_cli_parse_threads(long *out, const char *text)
{
    if (ccd_cli_parse_long(out, "--threads", text) != 0)
        return CCD_EXIT_USAGE;
    if (*out < 1 || *out > 4096)
        return ccd_cli_usage_error("--threads: %ld is not between 1 and 4096", *out);
    return 0;
}

int ccd_cli_parse_max_digits(size_t *out, const char *text)
{
    long n;
    if (ccd_cli_parse_long(&n, "--max-digits", text) != 0)
        return CCD_EXIT_USAGE;
    /* above 10^9 the limit would be the line length (16 MiB) anyway */
    if (n < 1 || n > 1000000000L)
        return ccd_cli_usage_error("--max-digits: %ld is not between 1 and 1000000000", n);
    *out = (size_t)n;
    return 0;
}

int ccd_cli_parse_ms(mpq_t d, const char *text)
{
    mpq_init(d);
    if (ccd_gen_parse_rational(d, text) != 0 || mpq_sgn(d) < 0) {
        mpq_clear(d);
        return ccd_cli_usage_error("--ms: '%s' is not an exact number >= 0 (e.g. 1e-8 or 1/3)",
                                   text);
    }
    return 0;
}

double ccd_cli_ms_double(const mpq_t d)
{
    ccd_rounding_scratch s;
    ccd_rounding_scratch_init(&s);
    int exact;
    double x = ccd_nearest_double_mpq(d, &exact, &s);
    ccd_rounding_scratch_clear(&s);
    return x;
}

int ccd_cli_parse_param(ccd_params *p, ccd_cli_option_set *s, const char *option,
                        const char *text)
{
    /* The shorthands of method options: the option of that name of every method. */
    static const char *const flags[][2] = {{"delta", "--delta"}, {"max-checks", "--max-checks"},
                                           {"filter", "--filter"}, {"eta", "--eta"}};
    static const char *const keys[] = {"delta", "max_checks", "filter", "eta"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(option, flags[i][0]) == 0)
            return ccd_cli_option_add(s, NULL, keys[i], text, flags[i][1]);
    if (strcmp(option, "ms") == 0) {
        mpq_t d;
        if (ccd_cli_parse_ms(d, text) != 0)
            return CCD_EXIT_USAGE;
        p->ms = ccd_cli_ms_double(d);
        mpq_clear(d);
        return isfinite(p->ms) ? 0 : ccd_cli_usage_error("--ms: '%s' is beyond the doubles", text);
    }
    if (strcmp(option, "t-max") == 0) {
        if (ccd_cli_parse_double(&p->t_max, "--t-max", text) != 0)
            return CCD_EXIT_USAGE;
        return p->t_max > 0 && p->t_max <= 1 ? 0 : ccd_cli_usage_error("--t-max: must be in (0, 1]");
    }
    if (strcmp(option, "norm") == 0) {
        if (strcmp(text, "inf") == 0)
            p->ms_norm = CCD_NORM_LINF;
        else if (strcmp(text, "2") == 0)
            p->ms_norm = CCD_NORM_L2;
        else
            return ccd_cli_usage_error("--norm: '%s' is not inf or 2", text);
        return 0;
    }
    return ccd_cli_usage_error("--%s: not a method parameter", option);
}
