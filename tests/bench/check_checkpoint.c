/* SPDX-License-Identifier: MIT */
/* Check suite of checkpoints (src/bench/checkpoint.c) and the combination of
 * the parts of a run (ccd_result_combine, src/bench/result_merge.c). */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench/checkpoint.h"
#include "bench/result_merge.h"

#include "test_support.h"

static const ccd_method m1 = {.name = "exact"};
static const ccd_method m2 = {.name = "tight-inclusion"};

static ccd_result_header header(const ccd_method *const *methods, size_t count)
{
    static char *data[] = {"d"};
    static char *files[] = {"/nonexistent/a.csv", "/nonexistent/b.csv"};
    return (ccd_result_header){.tool = "ccdbench 1", .date = "now", .cpu = "c", .truth = "exact",
                               .data = data, .data_count = 1, .files = files, .file_count = 2,
                               .shard_count = 1, .methods = methods, .method_count = count};
}

START_TEST(test_key)
{
    const ccd_method *both[] = {&m1, &m2}, *one[] = {&m1};
    ccd_result_header h = header(both, 2);
    char *a = ccd_checkpoint_key(&h, 1, "run 0: {delta 1}\n", "x: 1\n");
    h.date = "later"; /* the date and machine are no part of it */
    h.cpu = "other";
    char *same = ccd_checkpoint_key(&h, 1, "run 0: {delta 1}\n", "x: 1\n");
    ck_assert_str_eq(a, same);
    ck_assert_uint_eq(ccd_checkpoint_hash(a), ccd_checkpoint_hash(same));
    int oom;
    ck_assert_ptr_null(ccd_checkpoint_key_diff(a, same, &oom));
    ck_assert_int_eq(oom, 0);
    ck_assert_ptr_nonnull(strstr(a, "file 1: /nonexistent/b.csv (missing)\n"));
    ck_assert_ptr_nonnull(strstr(a, "methods: exact,tight-inclusion\n"));
    ck_assert_ptr_nonnull(strstr(a, "per-query records: yes\n"));

    ccd_result_header h1 = header(one, 1);
    char *b = ccd_checkpoint_key(&h1, 1, "run 0: {delta 1}\n", "x: 1\n");
    ck_assert_uint_ne(ccd_checkpoint_hash(a), ccd_checkpoint_hash(b));
    char *why = ccd_checkpoint_key_diff(b, a, &oom);
    ck_assert_str_eq(why, "methods: 'exact' here, 'exact,tight-inclusion' in the "
                          "checkpoint");
    free(why);
    /* each of: per-query records, the runs, the extra lines, the shard changes it */
    char *c[4];
    c[0] = ccd_checkpoint_key(&h, 0, "run 0: {delta 1}\n", "x: 1\n");
    c[1] = ccd_checkpoint_key(&h, 1, "run 0: {delta 2}\n", "x: 1\n");
    c[2] = ccd_checkpoint_key(&h, 1, "run 0: {delta 1}\n", "x: 2\n");
    h.shard_index = 1, h.shard_count = 2;
    c[3] = ccd_checkpoint_key(&h, 1, "run 0: {delta 1}\n", "x: 1\n");
    const char *names[] = {"per-query records: 'no' here", "run 0: '{delta 2}' here",
                           "x: '2' here", "shard: '1/2' here, '0/1' in"};
    for (int i = 0; i < 4; i++) {
        why = ccd_checkpoint_key_diff(c[i], a, &oom);
        ck_assert_msg(why && strncmp(why, names[i], strlen(names[i])) == 0, "%d: %s", i,
                      why ? why : "(same)");
        free(why);
        free(c[i]);
    }
    /* a key that is longer or shorter */
    why = ccd_checkpoint_key_diff("a: 1\n", "a: 1\nb: 2\n", &oom);
    ck_assert_str_eq(why, "b: '' here, '2' in the checkpoint");
    free(why);
    free(a);
    free(same);
    free(b);
}
END_TEST

START_TEST(test_open)
{
    char *dir = test_make_tmpdir("check-checkpoint");
    char sub[128];
    snprintf(sub, sizeof sub, "%s/ck", dir);
    ccd_checkpoint cp;
    ccd_error err;
    ck_assert_msg(ccd_checkpoint_open(&cp, &err, sub, "a: 1\nb: 2\n") == CCD_OK, "%s",
                  err.message);
    char *path = ccd_checkpoint_unit_path(&cp, 3);
    char want[320];
    snprintf(want, sizeof want, "%s/unit-%016llx-000003.json", sub,
             (unsigned long long)ccd_checkpoint_hash("a: 1\nb: 2\n"));
    ck_assert_str_eq(path, want);
    ck_assert_int_eq(ccd_checkpoint_unit_done(&cp, 3), 0);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    ck_assert_int_eq(ccd_checkpoint_unit_done(&cp, 3), 1);
    ck_assert_int_eq(ccd_checkpoint_unit_done(&cp, 2), 0);
    ccd_checkpoint_close(&cp);
    /* the same key again: fine; another: refused, saying what differs */
    ck_assert(ccd_checkpoint_open(&cp, &err, sub, "a: 1\nb: 2\n") == CCD_OK);
    ccd_checkpoint_close(&cp);
    ck_assert(ccd_checkpoint_open(&cp, &err, sub, "a: 1\nb: 3\n") == CCD_ERR_INPUT);
    char msg[512];
    snprintf(msg, sizeof msg, "%s: checkpoint made by another run (b: '3' here, "
                              "'2' in the checkpoint)", sub);
    ck_assert_msg(strncmp(err.message, msg, strlen(msg)) == 0, "%s", err.message);
    ck_assert_ptr_null(cp.dir);
    free(path);
    test_remove_tmpdir(dir);
}
END_TEST

/* The parts of a run combine as shards do: counts summed, the shard kept. */
START_TEST(test_combine)
{
    const char *src = getenv("CCD_SRCDIR");
    char in[1024], out[] = "/tmp/ccd-check-combine-XXXXXX";
    snprintf(in, sizeof in, "%s/tests/report/synthetic.json", src ? src : ".");
    int fd = mkstemp(out);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ccd_result_doc docs[2], back;
    ccd_error err;
    for (int d = 0; d < 2; d++)
        ck_assert_msg(ccd_result_read(&docs[d], &err, in) == CCD_OK, "%s", err.message);
    ck_assert_ptr_null(ccd_result_mismatch(&docs[0], &docs[1]));
    uint64_t queries = docs[0].runs[0].stats.groups[0].methods[0].queries;
    uint64_t fp = docs[0].runs[0].stats.groups[0].methods[1].false_positives;
    ck_assert_uint_gt(queries, 0);
    ck_assert(ccd_result_combine(&err, out, docs, 2, 2, 5) == CCD_OK);
    ck_assert_msg(ccd_result_read(&back, &err, out) == CCD_OK, "%s", err.message);
    ck_assert_uint_eq(back.header.shard_index, 2);
    ck_assert_uint_eq(back.header.shard_count, 5);
    ck_assert_uint_eq(back.run_count, docs[0].run_count);
    ck_assert_uint_eq(back.runs[0].stats.groups[0].methods[0].queries, 2 * queries);
    ck_assert_uint_eq(back.runs[0].stats.groups[0].methods[1].false_positives, 2 * fp);
    ccd_result_doc_free(&back);
    for (int d = 0; d < 2; d++)
        ccd_result_doc_free(&docs[d]);
    unlink(out);
}
END_TEST

static Suite *checkpoint_suite(void)
{
    Suite *s = suite_create("checkpoint");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_key);
    tcase_add_test(tc, test_open);
    tcase_add_test(tc, test_combine);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(checkpoint_suite());
}
