/* SPDX-License-Identifier: MIT */
/* Check suite of src/bench/truth_file_reader.c: ground-truth files read back with the
 * time of impact rounded outwards, and every malformed file rejected with its
 * path, line and column. */
#include <config.h>

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/truth_file_writer.h"
#include "bench/truth_file_reader.h"

static char *write_temp(const char *text)
{
    char *path = strdup("/tmp/ccd-truth-file-XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
    return path;
}

/* Load one file for (ms, norm); returns the status, err filled. */
static ccd_status load_text(ccd_truth_file_set *t, ccd_error *err, char **path, const char *text,
                            mpq_srcptr ms, int norm)
{
    *path = write_temp(text);
    return ccd_truth_file_set_load(t, err, path, 1, ms, norm);
}

/* The message must be "<path>:<where>: <...what...>". */
static void expect_error(const char *text, const char *where, const char *what)
{
    ccd_truth_file_set t;
    ccd_error err;
    char *path;
    ck_assert_int_eq(load_text(&t, &err, &path, text, NULL, 0), CCD_ERR_INPUT);
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%s:%s: ", path, where);
    ck_assert_msg(strncmp(err.message, prefix, strlen(prefix)) == 0, "'%s' does not start with '%s'",
                  err.message, prefix);
    ck_assert_msg(strstr(err.message, what), "'%s' does not say '%s'", err.message, what);
    ck_assert_ptr_null(t.files);
    unlink(path);
    free(path);
}

START_TEST(test_rows_and_outward_rounding)
{
    ccd_truth_file_set t;
    ccd_error err;
    char *path;
    ck_assert_int_eq(load_text(&t, &err, &path,
                               "index,collides,toi_lo,toi_hi\n"
                               "0,1,19/32,19/32\n"     /* a dyadic: exactly a double */
                               "1,0,,\n"
                               "2,1,1/3,1/3\n"         /* rational, not a double */
                               "3,1,0,1/1208925819614629174706176\n" /* [0, 2^-80] */
                               "4,1,1,1\n"
                               "5,1,6148914691236517205/18446744073709551616,"
                               "3074457345618258603/9223372036854775808\n", /* around 1/3 */
                               NULL, 0),
                     CCD_OK);
    ck_assert_uint_eq(t.count, 1);
    const ccd_truth_file *f = &t.files[0];
    ck_assert_uint_eq(f->count, 6);
    ck_assert_uint_eq(f->first_line, 2);
    const ccd_truth_row *r = f->rows;
    ck_assert(r[0].collides && r[0].rational && r[0].down_known);
    ck_assert(r[0].lo_down == 19.0 / 32 && r[0].hi_up == 19.0 / 32);
    ck_assert(!r[1].collides && r[1].lo_down == 0 && r[1].hi_up == 0);
    /* 1/3 lies strictly between two adjacent doubles */
    ck_assert(r[2].collides && !r[2].rational && r[2].down_known);
    ck_assert(r[2].lo_down < 1.0 / 3 || r[2].hi_up > 1.0 / 3);
    ck_assert(nextafter(r[2].lo_down, 1) == r[2].hi_up);
    mpq_t x, third;
    mpq_inits(x, third, NULL);
    mpq_set_ui(third, 1, 3);
    mpq_set_d(x, r[2].lo_down);
    ck_assert_int_lt(mpq_cmp(x, third), 0);
    mpq_set_d(x, r[2].hi_up);
    ck_assert_int_gt(mpq_cmp(x, third), 0);
    /* [0, 2^-80]: many doubles inside, so the rounding down of the toi is unknown */
    ck_assert(r[3].lo_down == 0 && r[3].hi_up == ldexp(1, -80) && !r[3].down_known);
    ck_assert(r[4].rational && r[4].lo_down == 1 && r[4].hi_up == 1);
    ck_assert(!r[5].rational && r[5].lo_down <= 1.0 / 3 && r[5].hi_up >= 1.0 / 3);
    mpq_clears(x, third, NULL);
    ccd_truth_file_set_free(&t);
    unlink(path);
    free(path);
}
END_TEST

START_TEST(test_separation_header)
{
    const char *text = "# ms=1/100 norm=inf\nindex,collides,toi_lo,toi_hi\n0,0,,\n";
    mpq_t ms;
    mpq_init(ms);
    mpq_set_ui(ms, 1, 100);
    ccd_truth_file_set t;
    ccd_error err;
    char *path;
    ck_assert_int_eq(load_text(&t, &err, &path, text, ms, 0), CCD_OK);
    ck_assert_uint_eq(t.files[0].first_line, 3);
    ck_assert_uint_eq(t.files[0].count, 1);
    ccd_truth_file_set_free(&t);
    /* the other norm, another d, plain CCD: all refused */
    ck_assert_int_eq(ccd_truth_file_set_load(&t, &err, &path, 1, ms, 2), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, ":1:1: truth for a different separation"));
    mpq_set_ui(ms, 1, 1000);
    ck_assert_int_eq(ccd_truth_file_set_load(&t, &err, &path, 1, ms, 0), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "ms=1/1000 norm=inf"));
    ck_assert_int_eq(ccd_truth_file_set_load(&t, &err, &path, 1, NULL, 0), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "minimum-separation truth"));
    unlink(path);
    free(path);
    /* the header line is still required */
    mpq_set_ui(ms, 1, 100);
    ck_assert_int_eq(load_text(&t, &err, &path, "# ms=1/100 norm=inf\n", ms, 0), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, ":2:1: missing the header line"));
    unlink(path);
    free(path);
    /* plain truth for a run with --ms */
    ck_assert_int_eq(load_text(&t, &err, &path, "index,collides,toi_lo,toi_hi\n", ms, 0),
                     CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, ":1:1: this is plain CCD truth"));
    unlink(path);
    free(path);
    mpq_clear(ms);
}
END_TEST

START_TEST(test_malformed)
{
    const char *h = "index,collides,toi_lo,toi_hi\n";
    char text[512];
    expect_error("", "1:1", "empty truth file");
    expect_error("index,collides\n", "1:1", "expected the header line");
    expect_error("# ms=1/100\n", "1:11", "expected ' norm=inf' or ' norm=2'");
    expect_error("# ms=x norm=inf\n", "1:6", "not an exact rational");
    snprintf(text, sizeof text, "%s0,1,1/2\n", h);
    expect_error(text, "2:8", "expected 4 comma-separated fields");
    snprintf(text, sizeof text, "%s0,1,1/2,1/2,\n", h);
    expect_error(text, "2:12", "more than 4 fields");
    snprintf(text, sizeof text, "%s1,0,,\n", h);
    expect_error(text, "2:1", "wrong index");
    snprintf(text, sizeof text, "%s-0,0,,\n", h);
    expect_error(text, "2:1", "the index is not a number");
    snprintf(text, sizeof text, "%s0,yes,,\n", h);
    expect_error(text, "2:3", "collides must be 0 or 1");
    snprintf(text, sizeof text, "%s0,0,1/2,1/2\n", h);
    expect_error(text, "2:5", "must be empty");
    snprintf(text, sizeof text, "%s0,1,,1/2\n", h);
    expect_error(text, "2:5", "toi_lo is not a rational");
    snprintf(text, sizeof text, "%s0,1,1/2,0.5\n", h);
    expect_error(text, "2:9", "toi_hi is not a rational");
    snprintf(text, sizeof text, "%s0,1,1/0,1/2\n", h);
    expect_error(text, "2:5", "toi_lo is not a rational");
    snprintf(text, sizeof text, "%s0,1,-1/2,1/2\n", h);
    expect_error(text, "2:5", "toi_lo is not a rational");
    snprintf(text, sizeof text, "%s0,1,2/3,1/2\n", h);
    expect_error(text, "2:5", "expected 0 <= toi_lo <= toi_hi <= 1");
    snprintf(text, sizeof text, "%s0,1,1/2,3/2\n", h);
    expect_error(text, "2:5", "expected 0 <= toi_lo <= toi_hi <= 1");
    snprintf(text, sizeof text, "%s0,1,1/ 2,1/2\n", h);
    expect_error(text, "2:5", "toi_lo is not a rational");
}
END_TEST

/* A NUL byte would cut a line short (strchr, strcmp stop there): "0,1,4/5,4/5"
 * followed by NUL and anything was read as that row.  It is refused where it is. */
START_TEST(test_nul_byte)
{
    static const struct {
        const char *text;
        size_t len;
        const char *where;
    } cases[] = {
#define TEXT(t) t, sizeof t - 1 /* with its NUL bytes */
        {TEXT("index,collides,toi_lo,toi_hi\n0,1,4/5,4/5\0garbage\n"), "2:12"},
        {TEXT("index,collides,toi_lo,toi_hi\0junk\n0,1,4/5,4/5\n"), "1:29"},
        {TEXT("# ms=1/100 norm=inf\n\0"), "2:1"},
#undef TEXT
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *path = strdup("/tmp/ccd-truth-file-XXXXXX");
        int fd = mkstemp(path);
        ck_assert_int_ge(fd, 0);
        ck_assert_int_eq(write(fd, cases[i].text, cases[i].len), (ssize_t)cases[i].len);
        ck_assert_int_eq(close(fd), 0);
        mpq_t ms;
        mpq_init(ms);
        mpq_set_ui(ms, 1, 100);
        ccd_truth_file_set t;
        ccd_error err;
        ck_assert_int_eq(ccd_truth_file_set_load(&t, &err, &path, 1, i == 2 ? ms : NULL, 0),
                         CCD_ERR_INPUT);
        char want[256];
        snprintf(want, sizeof want, "%s:%s: NUL byte (not a text file)", path, cases[i].where);
        ck_assert_str_eq(err.message, want);
        ck_assert_ptr_null(t.files);
        mpq_clear(ms);
        unlink(path);
        free(path);
    }
}
END_TEST

/* What the writer (truth_files.c) puts down, the reader loads back: one format. */
START_TEST(test_write_read_round_trip)
{
    char root[] = "/tmp/ccd-truth-rt-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(root));
    char csv[64], out[64];
    snprintf(csv, sizeof csv, "%s/in/xvf.csv", root);
    snprintf(out, sizeof out, "%s/out", root);
    char *roots[] = {root};
    ccd_dataset_file file = {.csv_path = csv, .kind = CCD_VF};
    ccd_dataset ds = {.files = &file, .count = 1};
    ccd_truth_file_writer w;
    ccd_error err;
    ccd_truth_file_writer_init(&w, out, &ds, roots, 1);
    mpq_t ms;
    mpq_init(ms);
    mpq_set_ui(ms, 1, 1000);
    ck_assert_int_eq(ccd_truth_file_writer_set_separation(&w, &err, ms, 2), CCD_OK);
    ck_assert_int_eq(ccd_truth_file_writer_prepare(&w, &err), CCD_OK);
    ccd_query q = {0};
    ccd_exact_label hit = {.collides = 1, .toi_lo = "1/3", .toi_hi = "1/3"};
    ccd_exact_label miss = {.collides = 0};
    q.index = 0;
    ck_assert_int_eq(ccd_truth_file_writer_put(&w, &err, 0, &q, &hit), CCD_OK);
    q.index = 1;
    ck_assert_int_eq(ccd_truth_file_writer_put(&w, &err, 0, &q, &miss), CCD_OK);
    ck_assert_int_eq(ccd_truth_file_writer_finish(&w, &err), CCD_OK);
    ccd_truth_file_writer_free(&w);

    char *path = ccd_truth_file_path(out, csv, roots, 1);
    ck_assert_ptr_nonnull(path);
    ck_assert_ptr_nonnull(strstr(path, "in/xvf.truth.csv"));
    ccd_truth_file_set t;
    ck_assert_int_eq(ccd_truth_file_set_load(&t, &err, &path, 1, ms, 2), CCD_OK);
    ck_assert_uint_eq(t.files[0].count, 2);
    const ccd_truth_row *r = t.files[0].rows;
    ck_assert(r[0].collides && !r[0].rational);
    ck_assert(r[0].lo_down < 1.0 / 3 || r[0].hi_up > 1.0 / 3);
    ck_assert(!r[1].collides);
    ccd_truth_file_set_free(&t);
    /* the separation is part of the file: other truth is refused */
    mpq_set_ui(ms, 1, 100);
    ck_assert_int_eq(ccd_truth_file_set_load(&t, &err, &path, 1, ms, 2), CCD_ERR_INPUT);
    mpq_clear(ms);
    unlink(path);
    free(path);
    char dir[96];
    snprintf(dir, sizeof dir, "%s/in", out);
    rmdir(dir);
    rmdir(out);
    rmdir(root);
}
END_TEST

START_TEST(test_missing_file)
{
    ccd_truth_file_set t;
    ccd_error err;
    char *paths[1] = {"/nonexistent/x.truth.csv"};
    ck_assert_int_eq(ccd_truth_file_set_load(&t, &err, paths, 1, NULL, 0), CCD_ERR_INPUT);
    ck_assert_ptr_nonnull(strstr(err.message, "/nonexistent/x.truth.csv: cannot open"));
    ck_assert_ptr_null(t.files);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("truth_table");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_rows_and_outward_rounding);
    tcase_add_test(tc, test_separation_header);
    tcase_add_test(tc, test_malformed);
    tcase_add_test(tc, test_nul_byte);
    tcase_add_test(tc, test_missing_file);
    tcase_add_test(tc, test_write_read_round_trip);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
