/* SPDX-License-Identifier: MIT */
/* Exact labels decided in parts (the ranks of an MPI job) and replayed: the
 * sequence on_query sees is one process's, whatever the number of parts
 * (src/bench/exact_label_parts.c). */
#include <config.h>

#include "ccdbench.h"
#include "test_support.h"

#include "bench/exact_label_parts.h"

/* on_query writing every query's line (file, index, label, truth) to a stream. */
static ccd_status record(void *ctx, ccd_error *err, size_t file, const ccd_query *q,
                         const ccd_exact_label *label)
{
    (void)err;
    fprintf(ctx, "%zu %llu %d %d %s %s\n", file, (unsigned long long)q->index, label->given,
            label->collides, label->collides ? label->toi_lo : "-",
            label->collides ? label->toi_hi : "-");
    return CCD_OK;
}

static void load(ccd_dataset *ds)
{
    char *root = test_default_dataset();
    ccd_error err;
    ck_assert_msg(ccd_dataset_discover(ds, &err, (const char *const *)&root, 1) == CCD_OK, "%s",
                  err.message);
    free(root);
}

START_TEST(test_parts_replay_as_one_run)
{
    ccd_dataset ds;
    ccd_error err;
    load(&ds);
    char *one = NULL, *replayed = NULL;
    size_t one_len = 0, replayed_len = 0;
    FILE *out = open_memstream(&one, &one_len);
    ccd_exact_label_config cfg = {.threads = 2, .on_query = record, .ctx = out};
    ck_assert_int_eq(ccd_exact_label_run(&err, &ds, &cfg), CCD_OK);
    fclose(out);
    ck_assert_uint_gt(one_len, 0);

    enum { PARTS = 3 };
    char *parts[PARTS];
    size_t lengths[PARTS];
    for (unsigned p = 0; p < PARTS; p++) {
        ccd_exact_label_config shard = cfg;
        shard.shard_index = p;
        shard.shard_count = PARTS;
        ck_assert_int_eq(ccd_exact_label_run_part(&parts[p], &lengths[p], &err, &ds, &shard),
                         CCD_OK);
        ck_assert_uint_gt(lengths[p], 0); /* every shard has queries of these data */
    }
    out = open_memstream(&replayed, &replayed_len);
    cfg.ctx = out;
    ck_assert_int_eq(ccd_exact_label_replay(&err, &ds, &cfg, parts, lengths, PARTS), CCD_OK);
    fclose(out);
    ck_assert_str_eq(one, replayed);
    for (unsigned p = 0; p < PARTS; p++)
        free(parts[p]);
    free(one);
    free(replayed);
    ccd_dataset_free(&ds);
}
END_TEST

START_TEST(test_replay_refuses_bad_parts)
{
    ccd_dataset ds;
    ccd_error err;
    load(&ds);
    ccd_exact_label_config cfg = {.threads = 1, .shard_index = 0, .shard_count = 2};
    char *part, *twice[2];
    size_t length, lengths[2];
    ck_assert_int_eq(ccd_exact_label_run_part(&part, &length, &err, &ds, &cfg), CCD_OK);
    /* the same part twice: a query repeated */
    twice[0] = strdup(part), twice[1] = strdup(part);
    lengths[0] = lengths[1] = length;
    ck_assert_int_eq(ccd_exact_label_replay(&err, &ds, &cfg, twice, lengths, 2), CCD_ERR_INTERNAL);
    ck_assert_ptr_nonnull(strstr(err.message, "both hold query"));
    free(twice[0]), free(twice[1]);
    /* a file number past the dataset, and a line cut short */
    char bad[64], *one[1] = {bad};
    size_t bad_len;
    snprintf(bad, sizeof bad, "%zu 0 -1 0 0x0p+0 - -\n", ds.count);
    bad_len = strlen(bad);
    ck_assert_int_eq(ccd_exact_label_replay(&err, &ds, &cfg, one, &bad_len, 1), CCD_ERR_INTERNAL);
    ck_assert_ptr_nonnull(strstr(err.message, "line 1 is malformed"));
    snprintf(bad, sizeof bad, "0 0 -1 0 0x0p+0 -");
    bad_len = strlen(bad);
    ck_assert_int_eq(ccd_exact_label_replay(&err, &ds, &cfg, one, &bad_len, 1), CCD_ERR_INTERNAL);
    free(part);
    ccd_dataset_free(&ds);
}
END_TEST

/* A part's progress reaches the caller's callback with the caller's context (it was
 * handed the part's FILE *, which the truth command read as its progress bar). */
static int progress_calls, progress_wrong_ctx;
static int caller_ctx;

static void count_progress(void *ctx, const ccd_dataset_file *at, uint64_t done, uint64_t total)
{
    (void)at, (void)done, (void)total;
    progress_calls++;
    progress_wrong_ctx += ctx != &caller_ctx;
}

START_TEST(test_part_progress_context)
{
    ccd_dataset ds;
    ccd_error err;
    load(&ds);
    ccd_exact_label_config cfg = {.threads = 1, .shard_index = 0, .shard_count = 2,
                                  .progress = count_progress, .ctx = &caller_ctx};
    char *part;
    size_t length;
    ck_assert_int_eq(ccd_exact_label_run_part(&part, &length, &err, &ds, &cfg), CCD_OK);
    ck_assert_int_gt(progress_calls, 0);
    ck_assert_int_eq(progress_wrong_ctx, 0);
    free(part);
    ccd_dataset_free(&ds);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("exact_label_parts");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_parts_replay_as_one_run);
    tcase_add_test(tc, test_replay_refuses_bad_parts);
    tcase_add_test(tc, test_part_progress_context);
    suite_add_tcase(s, tc);
    return test_run_suite(s);
}
