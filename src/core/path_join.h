/* SPDX-License-Identifier: MIT */
/* DIR/NAME as a new string. */
#ifndef CCD_CORE_PATH_JOIN_H
#define CCD_CORE_PATH_JOIN_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* dir "/" name, malloc'd; NULL when out of memory. */
static inline char *ccd_path_join(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, name);
    return p;
}
#endif
