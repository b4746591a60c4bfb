/* SPDX-License-Identifier: MIT */
/*
 * Method options: the defaults, lookup by name, parsing with type and range
 * checks, and formatting of a value.  Names are resolved here once per run; the
 * methods read values by index (ccd_option_double / ccd_option_int, inline in
 * ccdbench.h) on the hot path.
 */
#include <config.h>

#include "ccdbench.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ccd_options_default(ccd_option_value *out, const ccd_method *m)
{
    for (size_t i = 0; i < m->option_count; i++)
        out[i] = m->options[i].def;
}

long ccd_option_find(const ccd_method *m, const char *key)
{
    for (size_t i = 0; i < m->option_count; i++)
        if (strcmp(m->options[i].name, key) == 0)
            return (long)i;
    return -1;
}

static int parse_double(double *out, const char *text)
{
    char *end;
    errno = 0;
    *out = strtod(text, &end);
    return *text != '\0' && *end == '\0' && !isnan(*out) && errno != ERANGE ? 0 : -1;
}

static int parse_long(long *out, const char *text)
{
    char *end;
    errno = 0;
    *out = strtol(text, &end, 10);
    return *text != '\0' && *end == '\0' && errno != ERANGE ? 0 : -1;
}

static int parse_boolean(long *out, const char *text)
{
    static const char *const yes[] = {"true", "1", "yes"}, *const no[] = {"false", "0", "no"};
    for (int i = 0; i < 3; i++) {
        if (strcmp(text, yes[i]) == 0)
            return *out = 1, 0;
        if (strcmp(text, no[i]) == 0)
            return *out = 0, 0;
    }
    return -1;
}

/* "linear, paper or clamped" */
static void enum_list(char *buf, size_t size, const char *const *names)
{
    size_t n = 0, used = 0;
    while (names[n])
        n++;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ",
                                 names[i]);
}

void ccd_option_range(char *buf, size_t size, const ccd_option *o)
{
    switch (o->type) {
    case CCD_OPTION_DOUBLE:
        /* the smallest positive double stands for "> 0", the largest for "no bound" */
        snprintf(buf, size, "%s%.6g, %s", o->min.d == DBL_TRUE_MIN ? "(" : "[",
                 o->min.d == DBL_TRUE_MIN ? 0.0 : o->min.d, "");
        if (o->max.d > DBL_MAX) /* infinity itself is valid */
            snprintf(buf + strlen(buf), size - strlen(buf), "inf]");
        else if (o->max.d == DBL_MAX)
            snprintf(buf + strlen(buf), size - strlen(buf), "inf)");
        else
            snprintf(buf + strlen(buf), size - strlen(buf), "%.6g]", o->max.d);
        return;
    case CCD_OPTION_INTEGER:
        if (o->min.i == LONG_MIN && o->max.i == LONG_MAX)
            snprintf(buf, size, "any integer");
        else
            snprintf(buf, size, "[%ld, %ld]", o->min.i, o->max.i);
        return;
    case CCD_OPTION_BOOLEAN:
        snprintf(buf, size, "true|false");
        return;
    case CCD_OPTION_ENUM: {
        size_t used = 0;
        buf[0] = '\0';
        for (size_t k = 0; o->enum_names[k] && used < size; k++)
            used += (size_t)snprintf(buf + used, size - used, "%s%s", k ? "|" : "", o->enum_names[k]);
        return;
    }
    }
    snprintf(buf, size, "?");
}

ccd_status ccd_option_parse(ccd_option_value *out, ccd_error *err, const ccd_option *o,
                            const char *text, const char *what)
{
    char range[256];
    switch (o->type) {
    case CCD_OPTION_DOUBLE:
        if (parse_double(&out->d, text) != 0)
            return ccd_error_set(err, CCD_ERR_INPUT, what, 0, 0, "%s: '%s' is not a number",
                                 o->name, text);
        if (!(out->d >= o->min.d && out->d <= o->max.d)) {
            ccd_option_range(range, sizeof range, o);
            return ccd_error_set(err, CCD_ERR_INPUT, what, 0, 0, "%s: %s is not in %s", o->name,
                                 text, range);
        }
        return CCD_OK;
    case CCD_OPTION_INTEGER:
        if (parse_long(&out->i, text) != 0)
            return ccd_error_set(err, CCD_ERR_INPUT, what, 0, 0, "%s: '%s' is not an integer",
                                 o->name, text);
        if (out->i < o->min.i || out->i > o->max.i)
            return ccd_error_set(err, CCD_ERR_INPUT, what, 0, 0, "%s: %ld is not in [%ld, %ld]",
                                 o->name, out->i, o->min.i, o->max.i);
        return CCD_OK;
    case CCD_OPTION_BOOLEAN:
        if (parse_boolean(&out->i, text) != 0)
            return ccd_error_set(err, CCD_ERR_INPUT, what, 0, 0,
                                 "%s: '%s' is not true or false", o->name, text);
        return CCD_OK;
    case CCD_OPTION_ENUM:
        for (long i = 0; o->enum_names[i]; i++)
            if (strcmp(text, o->enum_names[i]) == 0)
                return out->i = i, CCD_OK;
        enum_list(range, sizeof range, o->enum_names);
        return ccd_error_set(err, CCD_ERR_INPUT, what, 0, 0, "%s: '%s' is not %s", o->name, text,
                             range);
    }
    return ccd_error_set(err, CCD_ERR_INTERNAL, what, 0, 0, "%s: unknown option type %d", o->name,
                         (int)o->type);
}

void ccd_option_format(char *buf, size_t size, const ccd_option *o, ccd_option_value v)
{
    switch (o->type) {
    case CCD_OPTION_DOUBLE:
        /* %.17g round-trips; try the shorter %g first, as the user would write it */
        snprintf(buf, size, "%g", v.d);
        if (strtod(buf, NULL) != v.d)
            snprintf(buf, size, "%.17g", v.d);
        return;
    case CCD_OPTION_INTEGER:
        snprintf(buf, size, "%ld", v.i);
        return;
    case CCD_OPTION_BOOLEAN:
        snprintf(buf, size, "%s", v.i ? "true" : "false");
        return;
    case CCD_OPTION_ENUM:
        snprintf(buf, size, "%s", o->enum_names[v.i]);
        return;
    }
    snprintf(buf, size, "?");
}
