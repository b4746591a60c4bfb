/* SPDX-License-Identifier: MIT */
/* Errors are values: a status plus one "path:line:column: what is wrong" line. */
#include "ccdbench.h"
#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>

ccd_status ccd_error_set(ccd_error *err, ccd_status status, const char *path,
                         unsigned long line, unsigned long column, const char *fmt, ...)
{
    if (!err)
        return status;
    err->status = status;
    /* "path:line:column: what" at a place in a file; "path: what" for the whole
     * file (line 0); "path: at character N: what" in a one-line text (an option's
     * value: line 0, column N) */
    const char *name = path ? path : "-";
    int n;
    if (line > 0)
        n = snprintf(err->message, sizeof err->message, "%s:%lu:%lu: ", name, line, column);
    else if (column > 0)
        n = snprintf(err->message, sizeof err->message, "%s: at character %lu: ", name, column);
    else
        n = snprintf(err->message, sizeof err->message, "%s: ", name);
    if (n < 0 || (size_t)n >= sizeof err->message)
        n = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message + n, sizeof err->message - (size_t)n, fmt, ap);
    va_end(ap);
    return status;
}

ccd_status ccd_error_oom(ccd_error *err, const char *what)
{
    return ccd_error_set(err, CCD_ERR_INTERNAL, what, 0, 0, "out of memory");
}
