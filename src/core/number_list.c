/* SPDX-License-Identifier: MIT */
/* Comma-separated numbers of a specification (see number_list.h). */
#include <config.h>

#include "core/number_list.h"

#include <math.h>
#include <stdlib.h>

int ccd_number_list_parse(double *x, size_t count, size_t optional, const char *text)
{
    size_t k = 0;
    const char *s = text;
    while (*s && k < count) {
        char *end;
        x[k] = strtod(s, &end);
        if (end == s || !isfinite(x[k]))
            return -1;
        k++;
        s = end;
        if (*s == ',')
            s++;
        else if (*s)
            return -1;
    }
    return *s || k + optional < count ? -1 : (int)k;
}
