/* SPDX-License-Identifier: MIT */
/* Helpers shared by the Check suites. */
#ifndef CCD_TEST_SUPPORT_H
#define CCD_TEST_SUPPORT_H
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>

#include "test_tier.h"

/* main() of a Check suite: runs it, exit status of the result. */
static inline int test_run_suite(Suite *suite)
{
    SRunner *sr = srunner_create(suite);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

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
#if defined(CCDBENCH_H) && defined(ck_assert)
/* m's option table is well formed: each name found at its index, a help line,
 * and every default formats to a text that parses back to itself (so it is
 * inside the declared range).  Needs check.h. */
static inline void ccd_check_option_table(const ccd_method *m)
{
    ck_assert(m->option_count == 0 || m->options != NULL);
    for (size_t i = 0; i < m->option_count; i++) {
        const ccd_option *o = &m->options[i];
        ck_assert_int_eq(ccd_option_find(m, o->name), (long)i);
        ck_assert_ptr_nonnull(o->help);
        char text[128];
        ccd_option_value back;
        ccd_error err;
        ccd_option_format(text, sizeof text, o, o->def);
        ck_assert_msg(ccd_option_parse(&back, &err, o, text, "test") == CCD_OK, "%s.%s: %s",
                      m->name, o->name, err.message);
        if (o->type == CCD_OPTION_DOUBLE)
            ck_assert(back.d == o->def.d);
        else
            ck_assert_int_eq(back.i, o->def.i);
    }
    ck_assert_int_eq(ccd_option_find(m, "no-such-option"), -1);
}
#endif

/* A stream that writes into memory (test_text_open), and the text written
 * (test_text_close). */
typedef struct test_text {
    char *text;
    size_t size;
    FILE *stream;
} test_text;

static inline FILE *test_text_open(test_text *t)
{
    t->text = NULL;
    t->size = 0;
    t->stream = open_memstream(&t->text, &t->size);
    ck_assert_ptr_nonnull(t->stream);
    return t->stream;
}

/* Closes the stream: what was written, NUL-terminated and holding no NUL (free()). */
static inline char *test_text_close(test_text *t)
{
    ck_assert_int_eq(fclose(t->stream), 0);
    ck_assert_uint_eq(strlen(t->text), t->size);
    return t->text;
}

/* nftw callback of test_remove_tmpdir. */
static inline int test_remove_entry(const char *path, const struct stat *sb, int flag,
                                    struct FTW *ftw)
{
    (void)sb;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* A fresh temporary directory /tmp/ccd-TAG-XXXXXX (free with test_remove_tmpdir). */
static inline char *test_make_tmpdir(const char *tag)
{
    char *dir = NULL;
    ck_assert_int_ge(asprintf(&dir, "/tmp/ccd-%s-XXXXXX", tag), 0);
    ck_assert_ptr_nonnull(mkdtemp(dir));
    return dir;
}

/* Removes dir and everything under it, and frees the name. */
static inline void test_remove_tmpdir(char *dir)
{
    nftw(dir, test_remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(dir);
}

/* dir/name (malloc'd). */
static inline char *test_path_in(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    ck_assert_ptr_nonnull(p);
    snprintf(p, n, "%s/%s", dir, name);
    return p;
}

/* dir/name holding data[0, len), its folders made as needed; the path
 * (malloc'd). */
static inline char *test_write_file(const char *dir, const char *name, const void *data,
                                    size_t len)
{
    char *path = test_path_in(dir, name);
    char *slash = strrchr(path, '/');
    for (char *p = path + strlen(dir) + 1; p <= slash; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(path, 0777);
            *p = '/';
        }
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
    return path;
}

#if defined(CCDBENCH_H)
/* The shipped default dataset (malloc'd path). */
static inline char *test_default_dataset(void)
{
    char *p = NULL;
    ck_assert_int_ge(asprintf(&p, "%s/datasets/default", test_srcdir()), 0);
    return p;
}

/* The built test plugin NAME (tests/plugin/NAME.c; malloc'd path). */
static inline char *test_plugin_path(const char *name)
{
    char *p = NULL;
    ck_assert_int_ge(asprintf(&p, "%s/tests/plugin/.libs/%s.so", test_builddir(), name), 0);
    return p;
}

/* A deterministic generator for the randomized tests (Knuth's MMIX linear
 * congruential step): the next 53 bits of *state, and a double in [0, 1). */
static inline uint64_t test_rng_next(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return *state >> 11;
}

static inline double test_rng_unit(uint64_t *state)
{
    return (double)test_rng_next(state) * 0x1p-53;
}

/* A query from 8 points given as doubles (rows as in ccdbench.h), unlabelled. */
static inline ccd_query test_query_from_rows(ccd_kind kind, const double rows[8][3])
{
    ccd_query q;
    memset(&q, 0, sizeof q);
    q.kind = kind;
    memcpy(q.v, rows, sizeof q.v);
    return q;
}

/* A query from the primitives' 4 points at t = 0 (x0) and at t = 1 (x1). */
static inline ccd_query test_query_from_frames(ccd_kind kind, const double x0[4][3],
                                               const double x1[4][3])
{
    double rows[8][3];
    memcpy(rows, x0, 4 * sizeof rows[0]);
    memcpy(rows + 4, x1, 4 * sizeof rows[0]);
    return test_query_from_rows(kind, (const double(*)[3])rows);
}

/* A point of a hand-built query. */
typedef struct test_point {
    double x, y, z;
} test_point;

/* The query whose four points move from at0[i] to at1[i] (rows 0-3 at t = 0,
 * 4-7 at t = 1), unlabelled. */
static inline ccd_query test_query_from_points(ccd_kind kind, const test_point at0[4],
                                               const test_point at1[4])
{
    double rows[8][3];
    for (int i = 0; i < 4; i++) {
        const test_point *p0 = &at0[i], *p1 = &at1[i];
        rows[i][0] = p0->x, rows[i][1] = p0->y, rows[i][2] = p0->z;
        rows[i + 4][0] = p1->x, rows[i + 4][1] = p1->y, rows[i + 4][2] = p1->z;
    }
    return test_query_from_rows(kind, (const double(*)[3])rows);
}

static inline ccd_status test_never_query(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                          void *s)
{
    (void)q, (void)p, (void)s;
    memset(r, 0, sizeof *r);
    r->toi = r->toi_upper = INFINITY;
    return CCD_OK;
}
/* A method that never reports a collision. */
static const ccd_method test_method_never = {"test-never", "never collides", 0, test_never_query,
                                             test_never_query, NULL, NULL, NULL, 0};

static inline ccd_status test_at_zero_query(ccd_result *r, const ccd_query *q,
                                            const ccd_params *p, void *s)
{
    (void)q, (void)p, (void)s;
    memset(r, 0, sizeof *r);
    r->collides = 1;
    r->toi = r->toi_upper = 0;
    return CCD_OK;
}
/* A method that reports a collision at toi 0 for every query (zero toi). */
static const ccd_method test_method_at_zero = {"test-at-zero", "a collision at toi 0, always",
                                               CCD_CAP_TOI, test_at_zero_query,
                                               test_at_zero_query, NULL, NULL, NULL, 0};
#endif

#endif
