/* SPDX-License-Identifier: MIT */
/* The one place a broken invariant ends the program (see assert.h). */
#include <config.h>

#include "core/assert.h"

#include <stdio.h>
#include <stdlib.h>

void ccd_assert_fail(const char *cond, const char *file, int line, const char *func)
{
    fprintf(stderr, "%s:%d: %s: invariant failed: %s\n", file, line, func, cond);
    fflush(stderr);
    abort();
}
