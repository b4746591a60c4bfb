/* SPDX-License-Identifier: MIT */
/* The expected costs of a pass (bench/expected_costs.h) and the cost cache
 * that keeps them between runs (bench/cost_cache.h). */
#include <config.h>

#include "bench/cost_cache.h"
#include "bench/expected_costs.h"
#include "bench/work_queue.h"

#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

/* Block 0: light queries of 1 µs but for a 50 ms one (heavy) and a 30 µs one (a
 * grain and more, but 30 µs of 54 ms is under 1/1024: not heavy); block 1:
 * 4096 queries of 30 µs (each 1/4096 of the block: none heavy); block 3 (block
 * 2 noted as nothing): 1024 queries of 1 ms (each 1/1024 exactly: all heavy). */
static void note_blocks(ccd_expected_costs *e)
{
    for (uint64_t i = 0; i < CCD_EXPECTED_BLOCK; i++)
        ck_assert_int_eq(ccd_expected_costs_note(e, i, i == 17 ? 50000000 : i == 40 ? 30000 : 1000),
                         0);
    for (uint64_t i = CCD_EXPECTED_BLOCK; i < 2 * CCD_EXPECTED_BLOCK; i++)
        ck_assert_int_eq(ccd_expected_costs_note(e, i, 30000), 0);
    for (uint64_t i = 3 * CCD_EXPECTED_BLOCK; i < 3 * CCD_EXPECTED_BLOCK + CCD_WORK_HEAVY_MAX; i++)
        ck_assert_int_eq(ccd_expected_costs_note(e, i, 1000000), 0);
    ck_assert_int_eq(ccd_expected_costs_finish(e), 0);
}

START_TEST(test_expected_costs_keep_the_heavy)
{
    ccd_expected_costs e = {0};
    note_blocks(&e);
    ck_assert(e.complete);
    ck_assert_uint_eq(e.count, 1 + CCD_WORK_HEAVY_MAX);
    ck_assert_uint_eq(e.heavy[0].index, 17);
    ck_assert_uint_eq(ccd_expected_costs_at(&e, 17), 50000000);
    ck_assert_uint_eq(ccd_expected_costs_at(&e, 40), 0);
    ck_assert_uint_eq(ccd_expected_costs_at(&e, CCD_EXPECTED_BLOCK + 5), 0);
    ck_assert_uint_eq(ccd_expected_costs_at(&e, 3 * CCD_EXPECTED_BLOCK + 5), 1000000);
    ck_assert_uint_eq(ccd_expected_costs_from(&e, 18), 1);
    ck_assert_uint_eq(e.heavy[1].index, 3 * CCD_EXPECTED_BLOCK);
    ck_assert_uint_eq(ccd_expected_costs_from(&e, UINT64_MAX), e.count);
    /* the same from every query's cost at once */
    uint64_t *dense = calloc(4 * CCD_EXPECTED_BLOCK, sizeof *dense);
    ck_assert_ptr_nonnull(dense);
    for (uint64_t i = 0; i < CCD_EXPECTED_BLOCK; i++)
        dense[i] = i == 17 ? 50000000 : i == 40 ? 30000 : 1000;
    for (uint64_t i = CCD_EXPECTED_BLOCK; i < 2 * CCD_EXPECTED_BLOCK; i++)
        dense[i] = 30000;
    for (uint64_t i = 3 * CCD_EXPECTED_BLOCK; i < 3 * CCD_EXPECTED_BLOCK + CCD_WORK_HEAVY_MAX; i++)
        dense[i] = 1000000;
    ccd_expected_costs d;
    ck_assert_int_eq(ccd_expected_costs_of(&d, dense, 4 * CCD_EXPECTED_BLOCK), 0);
    ck_assert_uint_eq(d.count, e.count);
    ck_assert_int_eq(memcmp(d.heavy, e.heavy, e.count * sizeof *e.heavy), 0);
    free(dense);
    ccd_expected_costs_free(&d);
    ccd_expected_costs_free(&e);
    ck_assert_uint_eq(e.count, 0);
}
END_TEST

static char dir[64];

/* A new temporary directory in dir. */
static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/check_cost_cache.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(command), 0);
}

static void make_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* A data set of one file in dir, and the cache in dir/cache. */
static void one_file(ccd_dataset *ds, ccd_dataset_file *file, char *path, size_t size)
{
    snprintf(path, size, "%s/q.csv", dir);
    make_file(path, "1,0,1,0,1,0,0\n");
    *file = (ccd_dataset_file){.csv_path = path};
    *ds = (ccd_dataset){.files = file, .count = 1};
    char cache[256];
    snprintf(cache, sizeof cache, "%s/cache", dir);
    setenv("CCDBENCH_CACHE_DIR", cache, 1);
}

START_TEST(test_cost_cache_round_trip)
{
    make_dir();
    char path[256];
    ccd_dataset_file file;
    ccd_dataset ds;
    one_file(&ds, &file, path, sizeof path);
    ccd_expected_costs e = {0}, got = {0};
    note_blocks(&e);
    char *key = ccd_cost_cache_key(&ds, "run\n--methods=x\n");
    ck_assert_ptr_nonnull(key);
    ck_assert_int_eq(ccd_cost_cache_load(&got, key), 0); /* nothing yet */
    ck_assert_int_eq(ccd_cost_cache_store(key, &e), 0);  /* the directory made */
    ck_assert_int_eq(ccd_cost_cache_load(&got, key), 1);
    ck_assert_uint_eq(got.count, e.count);
    ck_assert_int_eq(memcmp(got.heavy, e.heavy, e.count * sizeof *e.heavy), 0);
    ccd_expected_costs_free(&got);
    /* other settings, or the file changed since: another key, nothing found */
    char *other = ccd_cost_cache_key(&ds, "run\n--methods=y\n");
    ck_assert_int_eq(ccd_cost_cache_load(&got, other), 0);
    free(other);
    struct timeval later[2] = {{.tv_sec = 1000000000}, {.tv_sec = 1000000000}};
    ck_assert_int_eq(utimes(path, later), 0);
    other = ccd_cost_cache_key(&ds, "run\n--methods=x\n");
    ck_assert_str_ne(other, key);
    ck_assert_int_eq(ccd_cost_cache_load(&got, other), 0);
    free(other);
    /* a file that cannot be looked at: no key */
    char gone[256];
    snprintf(gone, sizeof gone, "%s/gone.csv", dir);
    file.csv_path = gone;
    ck_assert_ptr_null(ccd_cost_cache_key(&ds, "run\n"));
    file.csv_path = path;
    /* the same file by another name (a symbolic link, a path with "./"): the
     * same key; another file with the same text, size and time: another */
    char *now = ccd_cost_cache_key(&ds, "run\n"), link[256], dotted[256], twin[256];
    snprintf(link, sizeof link, "%s/link.csv", dir);
    snprintf(dotted, sizeof dotted, "%s/./q.csv", dir);
    snprintf(twin, sizeof twin, "%s/twin.csv", dir);
    ck_assert_int_eq(symlink(path, link), 0);
    make_file(twin, "1,0,1,0,1,0,0\n");
    ck_assert_int_eq(utimes(twin, later), 0);
    const char *names[3] = {link, dotted, twin};
    for (int k = 0; k < 3; k++) {
        file.csv_path = (char *)names[k];
        char *by = ccd_cost_cache_key(&ds, "run\n");
        ck_assert_ptr_nonnull(by);
        if (k < 2)
            ck_assert_str_eq(by, now);
        else
            ck_assert_str_ne(by, now);
        free(by);
    }
    file.csv_path = path;
    free(now);
    ck_assert_int_eq(unlink(link), 0);
    ck_assert_int_eq(unlink(twin), 0);
    /* a file of more than 64 KB (a reader that stopped at its first buffer's end
     * lost the rest): 16 blocks of 1024 heavy queries, 16,384 lines */
    ccd_expected_costs big = {0};
    for (uint64_t b = 0; b < 16; b++)
        for (uint64_t i = 0; i < CCD_WORK_HEAVY_MAX; i++)
            ck_assert_int_eq(ccd_expected_costs_note(&big, b * CCD_EXPECTED_BLOCK + i, 1000000),
                             0);
    ck_assert_int_eq(ccd_expected_costs_finish(&big), 0);
    ck_assert_uint_eq(big.count, 16 * CCD_WORK_HEAVY_MAX);
    ck_assert_int_eq(ccd_cost_cache_store(key, &big), 0);
    ck_assert_int_eq(ccd_cost_cache_load(&got, key), 1);
    ck_assert_uint_eq(got.count, big.count);
    ck_assert_int_eq(memcmp(got.heavy, big.heavy, big.count * sizeof *big.heavy), 0);
    ccd_expected_costs_free(&got);
    ccd_expected_costs_free(&big);
    /* off: no cache at all */
    setenv("CCDBENCH_CACHE_DIR", "off", 1);
    ck_assert_ptr_null(ccd_cost_cache_path(key));
    ck_assert_int_eq(ccd_cost_cache_store(key, &e), -1);
    ck_assert_int_eq(ccd_cost_cache_load(&got, key), 0);
    free(key);
    ccd_expected_costs_free(&e);
    remove_dir();
}
END_TEST

/* A corrupt, cut or foreign cache file is no cache; a FIFO or a directory at
 * its path is neither read nor replaced. */
START_TEST(test_cost_cache_bad_files)
{
    make_dir();
    char path[256];
    ccd_dataset_file file;
    ccd_dataset ds;
    one_file(&ds, &file, path, sizeof path);
    char *key = ccd_cost_cache_key(&ds, "run\n");
    ck_assert_ptr_nonnull(key);
    ccd_expected_costs e = {0}, got = {0};
    note_blocks(&e);
    ck_assert_int_eq(ccd_cost_cache_store(key, &e), 0);
    char *cache = ccd_cost_cache_path(key);
    ck_assert_ptr_nonnull(cache);
    FILE *f = fopen(cache, "r");
    ck_assert_ptr_nonnull(f);
    static char good[1 << 16];
    const size_t n = fread(good, 1, sizeof good - 1, f);
    fclose(f);
    ck_assert_uint_lt(n, sizeof good - 1);
    good[n] = '\0';
    char *bad = malloc(n + 64);
    ck_assert_ptr_nonnull(bad);
    const char *heavy = strstr(good, "\n17 50000000\n");
    ck_assert_ptr_nonnull(heavy);
    const size_t at = (size_t)(heavy - good) + 1;
    const char *second = strchr(good + at, '\n') + 1; /* "12288 1000000" */
    for (int kind = 0; kind < 5; kind++) {
        memcpy(bad, good, n + 1);
        switch (kind) {
        case 0: bad[n - 3] = '\0'; break;                          /* cut short */
        case 1: bad[at] = 'x'; break;                               /* not a number */
        case 2: memcpy(bad + (second - good), "00001", 5); break;   /* 1 after 17 */
        case 3: bad[strlen("ccdbench-costs 1\n") + 6] ^= 1; break; /* another key */
        case 4: bad[0] = 'C'; break;                                /* another format */
        }
        make_file(cache, bad);
        ck_assert_msg(ccd_cost_cache_load(&got, key) == 0, "a bad file of kind %d was read",
                      kind);
        ck_assert_uint_eq(got.count, 0);
    }
    make_file(cache, good);
    ck_assert_int_eq(ccd_cost_cache_load(&got, key), 1);
    ccd_expected_costs_free(&got);
    /* a FIFO at its path: not opened (it would wait), not replaced */
    ck_assert_int_eq(unlink(cache), 0);
    ck_assert_int_eq(mkfifo(cache, 0600), 0);
    ck_assert_int_eq(ccd_cost_cache_load(&got, key), 0);
    ck_assert_int_eq(ccd_cost_cache_store(key, &e), -1);
    struct stat st;
    ck_assert_int_eq(stat(cache, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
    ck_assert_int_eq(unlink(cache), 0);
    free(bad);
    free(cache);
    free(key);
    ccd_expected_costs_free(&e);
    remove_dir();
}
END_TEST

/* A discovered dataset's key is made of its files' stamps, with no further
 * look at them: the same key as a fresh look while nothing changed, and still
 * that key when a file changes after discovery (the next discovery sees the
 * change); a dataset built by hand is looked at when its key is made. */
START_TEST(test_cost_cache_key_of_stamps)
{
    make_dir();
    char sub[128], path[256];
    snprintf(sub, sizeof sub, "%s/vertex-face", dir);
    ck_assert_int_eq(mkdir(sub, 0700), 0);
    snprintf(path, sizeof path, "%s/q.csv", sub);
    make_file(path, "1,0,1,0,1,0,0\n");
    ccd_dataset ds;
    ccd_error err;
    const char *paths[] = {dir};
    ck_assert_int_eq(ccd_dataset_discover(&ds, &err, paths, 1), CCD_OK);
    ck_assert_uint_eq(ds.count, 1);
    ck_assert_int_eq(ds.files[0].csv_stamp.known, 1);
    char *stamped = ccd_cost_cache_key(&ds, "run\n");
    ck_assert_ptr_nonnull(stamped);
    ccd_file_stamp seen = ds.files[0].csv_stamp;
    ds.files[0].csv_stamp.known = 0; /* as if built by hand: looked at now */
    char *looked = ccd_cost_cache_key(&ds, "run\n");
    ck_assert_str_eq(looked, stamped);
    free(looked);
    struct timeval later[2] = {{.tv_sec = 1000000000}, {.tv_sec = 1000000000}};
    ck_assert_int_eq(utimes(path, later), 0);
    looked = ccd_cost_cache_key(&ds, "run\n");
    ck_assert_str_ne(looked, stamped);
    free(looked);
    ds.files[0].csv_stamp = seen;
    char *again = ccd_cost_cache_key(&ds, "run\n");
    ck_assert_str_eq(again, stamped);
    free(again);
    free(stamped);
    ccd_dataset_free(&ds);
    remove_dir();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cost_cache");
    TCase *tc = tcase_create("cost_cache");
    tcase_add_test(tc, test_expected_costs_keep_the_heavy);
    tcase_add_test(tc, test_cost_cache_round_trip);
    tcase_add_test(tc, test_cost_cache_bad_files);
    tcase_add_test(tc, test_cost_cache_key_of_stamps);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    const int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
