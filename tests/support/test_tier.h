/* SPDX-License-Identifier: MIT */
/*
 * Test tiers (docs/testing.md).  `make check` runs the fast tier, `make check-full`
 * the full tier: it sets CCD_TEST_TIER=full, runs the suites of FULL_TESTS as well,
 * and the data-driven suites read of ../shared/data what they read before the tiers
 * existed.  In the fast tier they read a fixed subsample of it:
 *
 *   - of each file, every TEST_FAST_FACTOR-th of the queries the full tier reads,
 *     counted from query 0 of the file, so that every file (hence every family and
 *     kind) is in it, and
 *   - every query listed in tests/data-regressions.txt: the queries that once
 *     exposed a bug (of ccdbench or of an original implementation), whatever their
 *     index.
 *
 * A suite asserts the published counts of a family only in the full tier
 * (test_full_tier()); in the fast tier it asserts what holds query by query (no
 * false negative, no disagreement with the labels, SIMD = scalar, ...).
 */
#ifndef CCD_TEST_TIER_H
#define CCD_TEST_TIER_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fast tier reads one query in TEST_FAST_FACTOR of those the full tier reads. */
enum { TEST_FAST_FACTOR = 8 };

/* 1 in the full tier (CCD_TEST_TIER=full), 0 in the fast tier (the default). */
static inline int test_full_tier(void)
{
    const char *t = getenv("CCD_TEST_TIER");
    return t && strcmp(t, "full") == 0;
}

/* The stride of the tier: full_stride in the full tier, TEST_FAST_FACTOR times it in
 * the fast tier. */
static inline size_t test_tier_stride(size_t full_stride)
{
    return test_full_tier() ? full_stride : TEST_FAST_FACTOR * full_stride;
}

/* ------------------------------------------------------------ the regression list */

typedef struct test_regression {
    char path[256]; /* under ../shared/data, e.g. sample-queries/…/data_0_1.csv */
    uint64_t index; /* 0-based query index in that file */
} test_regression;

typedef struct test_regression_list {
    test_regression *items;
    size_t count;
    int loaded;
} test_regression_list;

/* Reads tests/data-regressions.txt of the source tree ($CCD_SRCDIR) into *list:
 * lines `PATH INDEX  why…`, `#` comments and blank lines skipped.  A line that does
 * not parse aborts the suite: a silently ignored entry would drop its query. */
static inline void test_regression_list_load(test_regression_list *list)
{
    const char *src = getenv("CCD_SRCDIR");
    char name[4096];
    snprintf(name, sizeof name, "%s/tests/data-regressions.txt", src ? src : ".");
    FILE *f = fopen(name, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open (set CCD_SRCDIR)\n", name);
        abort();
    }
    char line[1024];
    unsigned long lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        const char *s = line + strspn(line, " \t");
        if (*s == '#' || *s == '\n' || *s == '\0')
            continue;
        test_regression r;
        unsigned long long index;
        if (sscanf(s, "%255s %llu", r.path, &index) != 2) {
            fprintf(stderr, "%s:%lu:1: expected PATH INDEX\n", name, lineno);
            abort();
        }
        r.index = index;
        test_regression *grown = realloc(list->items, (list->count + 1) * sizeof *grown);
        if (!grown)
            abort();
        list->items = grown;
        list->items[list->count++] = r;
    }
    fclose(f);
    list->loaded = 1;
}

/* 1 when query `index` of the file csv_path is on the regression list (the list's
 * path is a suffix of csv_path, at a '/'). */
static inline int test_regression_listed(const char *csv_path, uint64_t index)
{
    static test_regression_list list;
    if (!list.loaded)
        test_regression_list_load(&list);
    const size_t n = strlen(csv_path);
    for (size_t i = 0; i < list.count; i++) {
        const test_regression *r = &list.items[i];
        const size_t m = strlen(r->path);
        if (r->index == index && m < n && csv_path[n - m - 1] == '/' &&
            strcmp(csv_path + n - m, r->path) == 0)
            return 1;
    }
    return 0;
}

/* Whether a data-driven suite that reads every full_stride-th query of a file in the
 * full tier reads query `index` of csv_path in the present tier. */
static inline int test_sample_keep(const char *csv_path, uint64_t index, size_t full_stride)
{
    if (index % test_tier_stride(full_stride) == 0)
        return 1;
    return !test_full_tier() && test_regression_listed(csv_path, index);
}

#endif
