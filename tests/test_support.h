/* SPDX-License-Identifier: MIT */
/* Helpers shared by the Check suites. */
#ifndef CCD_TEST_SUPPORT_H
#define CCD_TEST_SUPPORT_H
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* Root of the shared benchmark data ($CCD_SHARED_DATA, set by `make check` to
 * ../shared/data beside the source tree), or NULL when it is absent. */
static inline const char *test_shared_data(void)
{
    const char *p = getenv("CCD_SHARED_DATA");
    struct stat st;
    if (!p || stat(p, &st) != 0 || !S_ISDIR(st.st_mode))
        return NULL;
    return p;
}

/* Use at the top of a data-driven test: returns from it with a visible message. */
#define TEST_REQUIRE_SHARED_DATA(var)                                                      \
    const char *var = test_shared_data();                                                  \
    if (!var) {                                                                            \
        fprintf(stderr, "SKIP %s: shared benchmark data not found (set CCD_SHARED_DATA or " \
                        "place it at ../shared/data)\n", __func__);                        \
        return;                                                                            \
    }

/* Source and build directories (set by `make check`). */
static inline const char *test_srcdir(void)
{
    const char *p = getenv("CCD_SRCDIR");
    return p ? p : ".";
}
static inline const char *test_builddir(void)
{
    const char *p = getenv("CCD_BUILDDIR");
    return p ? p : ".";
}
#endif
