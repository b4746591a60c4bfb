/* SPDX-License-Identifier: MIT */
/* Errors are values: a status plus one "path:line:column: what is wrong" line. */
#include <config.h>

#include "ccdbench.h"
#include "core/assert.h"
#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A message is one line: the control characters that a quoted input or a path
 * brings (a newline in a shape string split the message in two) are written as
 * C escapes, \n, \r, \t or \xHH, cut at the buffer's end. */
static void escape_controls(char *message, size_t size)
{
    char out[sizeof ((ccd_error *)0)->message];
    CCD_ASSERT(size <= sizeof out);
    size_t o = 0;
    int escaped = 0;
    for (const unsigned char *p = (const unsigned char *)message; *p && o + 1 < size; p++) {
        if (*p >= 0x20 && *p != 0x7f) {
            out[o++] = (char)*p;
            continue;
        }
        char e[5];
        if (*p == '\n' || *p == '\r' || *p == '\t')
            snprintf(e, sizeof e, "\\%c", *p == '\n' ? 'n' : *p == '\r' ? 'r' : 't');
        else
            snprintf(e, sizeof e, "\\x%02x", *p);
        const size_t k = strlen(e);
        if (o + k + 1 > size)
            break;
        memcpy(out + o, e, k);
        o += k;
        escaped = 1;
    }
    if (escaped) {
        out[o] = '\0';
        memcpy(message, out, o + 1);
    }
}

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
    escape_controls(err->message, sizeof err->message);
    return status;
}

ccd_status ccd_error_oom(ccd_error *err, const char *what)
{
    return ccd_error_set(err, CCD_ERR_INTERNAL, what, 0, 0, "out of memory");
}
