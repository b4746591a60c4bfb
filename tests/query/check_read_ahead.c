/* SPDX-License-Identifier: MIT */
/* The input read ahead of the cutting (src/query/read_ahead.h): the cutter's
 * reads give the files' bytes whatever was read ahead, by how many threads and
 * in what sizes; at most CCD_AHEAD_BLOCKS blocks wait; a file replaced or grown
 * since is read as the cutter finds it; a pipe is never opened. */
#include <config.h>

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "ccdbench.h"
#include "query/byte_source.h"
#include "query/read_ahead.h"
#include "test_support.h"

/* Byte i of file f: no two blocks alike, and not compressible (a gzip file
 * of them is as long as they are). */
static unsigned char byte_of(size_t f, size_t i)
{
    uint64_t x = (uint64_t)i * 0x9E3779B97F4A7C15ull + (uint64_t)f * 0x632BE59BD9B4E019ull;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    return (unsigned char)(x >> 56);
}

/* A dataset of `count` files of the given sizes in dir (only their paths are
 * set: all the read-ahead uses); sizes[] is what discovery would have seen. */
typedef struct files {
    ccd_dataset ds;
    ccd_dataset_file *f;
    uint64_t *sizes;
} files;

static void make_files(files *fs, const char *dir, const size_t *sizes, size_t count)
{
    fs->f = calloc(count, sizeof *fs->f);
    fs->sizes = calloc(count, sizeof *fs->sizes);
    ck_assert_ptr_nonnull(fs->f);
    ck_assert_ptr_nonnull(fs->sizes);
    for (size_t k = 0; k < count; k++) {
        unsigned char *data = malloc(sizes[k] ? sizes[k] : 1);
        ck_assert_ptr_nonnull(data);
        for (size_t i = 0; i < sizes[k]; i++)
            data[i] = byte_of(k, i);
        char name[32];
        snprintf(name, sizeof name, "f%zu.csv", k);
        fs->f[k].csv_path = test_write_file(dir, name, data, sizes[k]);
        fs->sizes[k] = sizes[k];
        free(data);
    }
    fs->ds = (ccd_dataset){.files = fs->f, .count = count};
}

static void free_files(files *fs)
{
    for (size_t k = 0; k < fs->ds.count; k++)
        free(fs->f[k].csv_path);
    free(fs->f);
    free(fs->sizes);
}

/* The cutter: every file in order, through a byte source on the read-ahead,
 * in reads of `cap` bytes; each file's bytes checked against byte_of (its
 * first `expect[f]` bytes, and no more). */
static void cut_all(ccd_read_ahead *ra, const files *fs, const size_t *expect, size_t cap)
{
    unsigned char *buf = malloc(cap);
    ck_assert_ptr_nonnull(buf);
    for (size_t f = 0; f < fs->ds.count; f++) {
        ccd_byte_source s;
        ccd_error err;
        ck_assert_int_eq(ccd_byte_source_open_ahead(&s, &err, fs->f[f].csv_path, ra, f), CCD_OK);
        size_t at = 0;
        ptrdiff_t n;
        while ((n = ccd_byte_source_read(&s, buf, cap)) > 0) {
            ck_assert_uint_le(at + (size_t)n, expect[f]);
            for (ptrdiff_t i = 0; i < n; i++)
                if (buf[i] != byte_of(f, at + (size_t)i))
                    ck_abort_msg("file %zu byte %zu: %u, not %u", f, at + (size_t)i, buf[i],
                                 byte_of(f, at + (size_t)i));
            at += (size_t)n;
        }
        ck_assert_int_eq(n, 0);
        ck_assert_uint_eq(at, expect[f]);
        ccd_byte_source_close(&s);
    }
    free(buf);
}

/* Blocks read ahead before the cutter comes, at most CCD_AHEAD_BLOCKS; every
 * byte of every file then read once, whatever the cutter's read size (one
 * byte, a block's size less one, two blocks), with and without readers. */
START_TEST(test_read_ahead_gives_the_files)
{
    char *dir = test_make_tmpdir("ahead");
    const size_t sizes[] = {CCD_AHEAD_BLOCK * 3 + 17, 0, 5, CCD_AHEAD_BLOCK,
                            CCD_AHEAD_BLOCK * 20 + 1, 100};
    const size_t count = sizeof sizes / sizeof sizes[0];
    files fs;
    make_files(&fs, dir, sizes, count);
    uint64_t total = 0;
    for (size_t k = 0; k < count; k++)
        total += sizes[k];
    const size_t caps[] = {1 << 18, CCD_AHEAD_BLOCK - 1, 2 * CCD_AHEAD_BLOCK, 4093};
    for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++)
        for (int readers = 0; readers <= 1; readers++) {
            ccd_read_ahead *ra = ccd_read_ahead_new(&fs.ds, 0, count, fs.sizes, readers);
            ck_assert_ptr_nonnull(ra);
            int read = 0;
            while (ccd_read_ahead_some(ra))
                read++;
            ck_assert_int_eq(read, readers ? CCD_AHEAD_BLOCKS : 0);
            ccd_read_ahead_stats st;
            ccd_read_ahead_stats_get(&st, ra);
            /* the first 16 blocks: 4 of f0, f2's, f3's, 10 of f4 */
            ck_assert_uint_eq(st.ahead_bytes,
                              readers ? sizes[0] + 5 + CCD_AHEAD_BLOCK + 10 * CCD_AHEAD_BLOCK : 0);
            cut_all(ra, &fs, sizes, caps[c]);
            ccd_read_ahead_stats_get(&st, ra);
            ck_assert_uint_eq(st.read_bytes, total);
            ck_assert(readers || st.own_ns == st.read_ns);
            ccd_read_ahead_free(ra);
        }
    free_files(&fs);
    test_remove_tmpdir(dir);
}
END_TEST

/* Blocks wait for the cutter: none is read while 16 wait, one more once the
 * cutter took one; none once it is done (ccd_read_ahead_release). */
START_TEST(test_read_ahead_waits_for_the_cutter)
{
    char *dir = test_make_tmpdir("ahead");
    const size_t sizes[] = {CCD_AHEAD_BLOCK * 40};
    files fs;
    make_files(&fs, dir, sizes, 1);
    ccd_read_ahead *ra = ccd_read_ahead_new(&fs.ds, 0, 1, fs.sizes, 1);
    for (int k = 0; k < CCD_AHEAD_BLOCKS; k++)
        ck_assert_int_eq(ccd_read_ahead_some(ra), 1);
    ck_assert_int_eq(ccd_read_ahead_some(ra), 0);
    ccd_byte_source s;
    ccd_error err;
    ck_assert_int_eq(ccd_byte_source_open_ahead(&s, &err, fs.f[0].csv_path, ra, 0), CCD_OK);
    unsigned char *buf = malloc(CCD_AHEAD_BLOCK);
    ck_assert_int_eq(ccd_byte_source_read(&s, buf, CCD_AHEAD_BLOCK / 2), CCD_AHEAD_BLOCK / 2);
    ck_assert_int_eq(ccd_read_ahead_some(ra), 0); /* half a block taken: still 16 */
    ck_assert_int_eq(ccd_byte_source_read(&s, buf, CCD_AHEAD_BLOCK / 2), CCD_AHEAD_BLOCK / 2);
    ck_assert_int_eq(ccd_read_ahead_some(ra), 1);
    ck_assert_int_eq(ccd_read_ahead_some(ra), 0);
    for (size_t i = 0; i < CCD_AHEAD_BLOCK / 2; i++)
        ck_assert_uint_eq(buf[i], byte_of(0, CCD_AHEAD_BLOCK / 2 + i));
    ccd_byte_source_close(&s);
    /* the cutter done early (an error): its blocks let go, nothing more read */
    ccd_read_ahead_release(ra);
    ck_assert_int_eq(ccd_read_ahead_some(ra), 0);
    free(buf);
    ccd_read_ahead_free(ra);
    free_files(&fs);
    test_remove_tmpdir(dir);
}
END_TEST

/* Readers on three threads while the cutter reads: the same bytes. */
typedef struct readers_arg {
    ccd_read_ahead *ra;
    atomic_int *stop;
} readers_arg;

static void *read_ahead_until_stopped(void *p)
{
    readers_arg *a = p;
    while (!atomic_load(a->stop))
        if (!ccd_read_ahead_some(a->ra))
            sched_yield();
    return NULL;
}

START_TEST(test_read_ahead_on_threads)
{
    char *dir = test_make_tmpdir("ahead");
    size_t sizes[12];
    for (size_t k = 0; k < 12; k++)
        sizes[k] = (k * 7919 * 37) % (3 * CCD_AHEAD_BLOCK) + k;
    files fs;
    make_files(&fs, dir, sizes, 12);
    for (int rep = 0; rep < 20; rep++) {
        ccd_read_ahead *ra = ccd_read_ahead_new(&fs.ds, 0, 12, fs.sizes, 3);
        atomic_int stop = 0;
        readers_arg a = {ra, &stop};
        pthread_t th[3];
        for (int t = 0; t < 3; t++)
            ck_assert_int_eq(pthread_create(&th[t], NULL, read_ahead_until_stopped, &a), 0);
        cut_all(ra, &fs, sizes, 65536 + (size_t)rep * 1000);
        atomic_store(&stop, 1);
        for (int t = 0; t < 3; t++)
            pthread_join(th[t], NULL);
        ccd_read_ahead_free(ra);
    }
    free_files(&fs);
    test_remove_tmpdir(dir);
}
END_TEST

/* A file replaced after its blocks were read ahead is read as the cutter
 * opens it (the new file), and one grown since is read to its new end. */
START_TEST(test_read_ahead_replaced_and_grown)
{
    char *dir = test_make_tmpdir("ahead");
    const size_t sizes[] = {CCD_AHEAD_BLOCK + 3, CCD_AHEAD_BLOCK + 9};
    files fs;
    make_files(&fs, dir, sizes, 2);
    ccd_read_ahead *ra = ccd_read_ahead_new(&fs.ds, 0, 2, fs.sizes, 1);
    while (ccd_read_ahead_some(ra))
        ;
    /* file 0 replaced by other bytes (a new inode), file 1 grown in place */
    char *tmp = test_path_in(dir, "new");
    FILE *f = fopen(tmp, "wb");
    for (size_t i = 0; i < 1000; i++)
        fputc(byte_of(0, i) ^ 0x55, f);
    fclose(f);
    ck_assert_int_eq(rename(tmp, fs.f[0].csv_path), 0);
    f = fopen(fs.f[1].csv_path, "ab");
    for (size_t i = sizes[1]; i < sizes[1] + 5000; i++)
        fputc(byte_of(1, i), f);
    fclose(f);
    ccd_byte_source s;
    ccd_error err;
    unsigned char buf[4096];
    ck_assert_int_eq(ccd_byte_source_open_ahead(&s, &err, fs.f[0].csv_path, ra, 0), CCD_OK);
    size_t at = 0;
    ptrdiff_t n;
    while ((n = ccd_byte_source_read(&s, buf, sizeof buf)) > 0)
        for (ptrdiff_t i = 0; i < n; i++, at++)
            ck_assert_uint_eq(buf[i], byte_of(0, at) ^ 0x55);
    ck_assert_uint_eq(at, 1000);
    ccd_byte_source_close(&s);
    ck_assert_int_eq(ccd_byte_source_open_ahead(&s, &err, fs.f[1].csv_path, ra, 1), CCD_OK);
    at = 0;
    while ((n = ccd_byte_source_read(&s, buf, sizeof buf)) > 0)
        for (ptrdiff_t i = 0; i < n; i++, at++)
            ck_assert_uint_eq(buf[i], byte_of(1, at));
    ck_assert_uint_eq(at, sizes[1] + 5000);
    ccd_byte_source_close(&s);
    ccd_read_ahead_free(ra);
    free(tmp);
    free_files(&fs);
    test_remove_tmpdir(dir);
}
END_TEST

/* A file out of the page cache (evicted with POSIX_FADV_DONTNEED, where the
 * file system lets it go): the readers ahead read what is in memory and leave
 * the rest to the cutter, which reads every byte once. */
START_TEST(test_read_ahead_not_in_memory)
{
    char *dir = test_make_tmpdir("ahead");
    const size_t sizes[] = {CCD_AHEAD_BLOCK * 6 + 5, CCD_AHEAD_BLOCK + 1};
    files fs;
    make_files(&fs, dir, sizes, 2);
    for (int rep = 0; rep < 3; rep++) {
        for (size_t k = 0; k < 2; k++) {
            const int fd = open(fs.f[k].csv_path, O_RDONLY);
            ck_assert_int_ge(fd, 0);
            ck_assert_int_eq(fdatasync(fd), 0);
            posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
            close(fd);
        }
        /* whether file 0's first page left memory (not on tmpfs, say) */
        int evicted = 0;
        {
            const int fd = open(fs.f[0].csv_path, O_RDONLY);
            void *m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
            unsigned char in = 1;
            if (m != MAP_FAILED && mincore(m, 4096, &in) == 0)
                evicted = !(in & 1);
            if (m != MAP_FAILED)
                munmap(m, 4096);
            close(fd);
        }
        ccd_read_ahead *ra = ccd_read_ahead_new(&fs.ds, 0, 2, fs.sizes, 1);
        int read = 0;
        while (ccd_read_ahead_some(ra))
            read++;
        ck_assert_int_eq(read, 9); /* every block was taken on, read or not */
        cut_all(ra, &fs, sizes, 100000 + (size_t)rep);
        ccd_read_ahead_stats st;
        ccd_read_ahead_stats_get(&st, ra);
        ck_assert_uint_eq(st.read_bytes, sizes[0] + sizes[1]);
        ck_assert_uint_le(st.ahead_bytes, sizes[0] + sizes[1]);
        /* file 0's first block was not waited for (RWF_NOWAIT): the cutter read it */
        if (evicted)
            ck_assert_uint_le(st.ahead_bytes, sizes[0] + sizes[1] - CCD_AHEAD_BLOCK);
        ccd_read_ahead_free(ra);
    }
    free_files(&fs);
    test_remove_tmpdir(dir);
}
END_TEST

/* A gzip file is read ahead as its compressed bytes and decoded by the
 * cutter's source: the same text. */
START_TEST(test_read_ahead_gzip)
{
    char *dir = test_make_tmpdir("ahead");
    char *path = test_path_in(dir, "f0.csv.gz");
    const size_t text = 4 * CCD_AHEAD_BLOCK + 11;
    gzFile g = gzopen(path, "wb1");
    ck_assert_ptr_nonnull(g);
    for (size_t i = 0; i < text; i++)
        ck_assert_int_eq(gzputc(g, byte_of(0, i)), byte_of(0, i));
    ck_assert_int_eq(gzclose(g), Z_OK);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_gt(st.st_size, CCD_AHEAD_BLOCK); /* more than a block read ahead */
    ccd_dataset_file file = {.csv_path = path};
    ccd_dataset ds = {.files = &file, .count = 1};
    uint64_t size = (uint64_t)st.st_size;
    ccd_read_ahead *ra = ccd_read_ahead_new(&ds, 0, 1, &size, 1);
    int read = 0;
    while (ccd_read_ahead_some(ra))
        read++;
    ck_assert_int_ge(read, 2);
    files fs = {.ds = ds, .f = &file, .sizes = &size};
    const size_t expect[] = {text};
    cut_all(ra, &fs, expect, 100000);
    ccd_read_ahead_stats stats;
    ccd_read_ahead_stats_get(&stats, ra);
    ck_assert_uint_eq(stats.read_bytes, size);
    ck_assert_uint_eq(stats.ahead_bytes, size);
    ccd_read_ahead_free(ra);
    free(path);
    test_remove_tmpdir(dir);
}
END_TEST

/* A writer of the pipe, blocked in its open until a reader opens it. */
static atomic_int writer_opened;

static void *write_pipe(void *path)
{
    const int fd = open(path, O_WRONLY);
    atomic_store(&writer_opened, 1);
    if (fd >= 0)
        close(fd);
    return NULL;
}

/* A pipe among the files is never opened by a reader ahead: its writer stays
 * blocked in its open, a writer opening it without blocking finds no reader
 * (ENXIO), and the readers go on to the file after it. */
START_TEST(test_read_ahead_never_opens_a_pipe)
{
    char *dir = test_make_tmpdir("ahead");
    const size_t sizes[] = {10, 0, 20};
    files fs;
    make_files(&fs, dir, sizes, 3);
    ck_assert_int_eq(unlink(fs.f[1].csv_path), 0);
    ck_assert_int_eq(mkfifo(fs.f[1].csv_path, 0600), 0);
    fs.sizes[1] = 1 << 20; /* as if discovery had seen bytes there */
    pthread_t writer;
    ck_assert_int_eq(pthread_create(&writer, NULL, write_pipe, fs.f[1].csv_path), 0);
    usleep(20000); /* the writer in its open (if not yet, what follows checks less) */
    ccd_read_ahead *ra = ccd_read_ahead_new(&fs.ds, 0, 3, fs.sizes, 1);
    int read = 0;
    while (ccd_read_ahead_some(ra))
        read++;
    ck_assert_int_eq(read, 2); /* f0's and f2's */
    usleep(20000);
    ck_assert_int_eq(atomic_load(&writer_opened), 0);
    const int r = open(fs.f[1].csv_path, O_RDONLY | O_NONBLOCK); /* lets the writer go */
    ck_assert_int_ge(r, 0);
    pthread_join(writer, NULL);
    close(r);
    const int w = open(fs.f[1].csv_path, O_WRONLY | O_NONBLOCK);
    ck_assert_int_eq(w, -1);
    ck_assert_int_eq(errno, ENXIO);
    ccd_read_ahead_stats st;
    ccd_read_ahead_stats_get(&st, ra);
    ck_assert_uint_eq(st.ahead_bytes, 30);
    ccd_read_ahead_free(ra);
    free_files(&fs);
    test_remove_tmpdir(dir);
}
END_TEST

static Suite *read_ahead_suite(void)
{
    Suite *s = suite_create("read_ahead");
    TCase *tc = tcase_create("read ahead");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_read_ahead_gives_the_files);
    tcase_add_test(tc, test_read_ahead_waits_for_the_cutter);
    tcase_add_test(tc, test_read_ahead_on_threads);
    tcase_add_test(tc, test_read_ahead_replaced_and_grown);
    tcase_add_test(tc, test_read_ahead_gzip);
    tcase_add_test(tc, test_read_ahead_not_in_memory);
    tcase_add_test(tc, test_read_ahead_never_opens_a_pipe);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(read_ahead_suite());
}
