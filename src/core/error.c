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
    int n = snprintf(err->message, sizeof err->message, "%s:%lu:%lu: ", path ? path : "-",
                     line, column);
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
