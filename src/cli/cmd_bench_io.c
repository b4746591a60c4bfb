/* SPDX-License-Identifier: MIT */
/* `ccdbench bench io`: how fast the query reader is, and that its memory stays
 * flat.  Writes N random queries (plain and gzip, 7 columns, through
 * ccd_writer), reads each back on one thread and reports throughput and the
 * peak resident set size, for N/10 and then N queries: if the reader's memory
 * grew with the file, the second peak would be larger. */
#include <config.h>

#include "cli/cli.h"
#include "core/error.h"
#include "core/cleanup.h"
#include "core/clock.h"
#include "core/path_join.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

static const char usage[] =
    "Usage: ccdbench bench io [--queries N] [--dir DIR]\n"
    "Measure the query reader: write N random queries (7 columns, plain and gzip),\n"
    "read them back on one thread, and report MB/s, queries/s and the peak resident\n"
    "memory, first for N/10 and then for N queries (memory should not grow).\n"
    "Progress on stderr: a bar on a terminal, else a line per file written.\n"
    "\n"
    "  --queries N   queries in the larger file (default 1000000)\n"
    "  --dir DIR     write the files in DIR and keep them; DIR is created if missing\n"
    "                (default: a temporary directory, removed afterwards)\n"
    "  --help        show this help\n"
    "\n"
    "Exit status: 0 ok, 1 I/O failure, 2 bad usage.\n";

enum { BENCH_BATCH = 4096 };
/* Bytes on disk per query allowed for, plain and gzip together (measured: about
 * 845 and 250). */
static const double BYTES_PER_QUERY = 1100;

/* splitmix64: a small, seedable generator kept in a local variable */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A double in (-1, 1) with a full 53-bit significand, times 2^[-3, 4]: the
 * magnitudes and digit counts of simulation coordinates. */
static double random_coordinate(uint64_t *state)
{
    uint64_t r = next_random(state);
    double unit = (double)(int64_t)((r >> 11) - (1ull << 52)) * 0x1p-52;
    return unit * (double)(1u << (r & 7)) * 0.125;
}

static void random_query(ccd_query *q, int *label, uint64_t *state, uint64_t index)
{
    memset(q, 0, sizeof *q);
    double base[3];
    for (int a = 0; a < 3; a++)
        base[a] = random_coordinate(state);
    for (int row = 0; row < CCD_QUERY_ROWS; row++)
        for (int a = 0; a < 3; a++)
            q->v[row][a] = base[a] + random_coordinate(state) * 0x1p-6;
    *label = (int)(next_random(state) & 1);
    q->index = index;
}

/* Writing the files takes most of the time (about 160 s for the default 1000000
 * queries): a bar on a terminal over the 2n queries of both files, counting from
 * done; otherwise bench_size names each file as it starts. */
static ccd_status write_file(ccd_error *err, const char *path, unsigned flags, uint64_t n,
                             ccd_cli_progress *bar, uint64_t done)
{
    ccd_writer *w;
    ccd_status st = ccd_writer_open(&w, err, path, flags | CCD_WRITE_LABELS);
    if (st != CCD_OK)
        return st;
    uint64_t state = 20240601;
    ccd_query q;
    int label;
    for (uint64_t i = 0; i < n && st == CCD_OK; i++) {
        random_query(&q, &label, &state, i);
        st = ccd_writer_put(w, err, &q, label);
        if ((i & 4095) == 0)
            ccd_cli_progress_update(bar, done + i, 2 * n);
    }
    if (st != CCD_OK) {
        ccd_writer_abort(w);
        return st;
    }
    return ccd_writer_close(w, err);
}

typedef struct read_figures {
    uint64_t queries, text_bytes, file_bytes, positives;
    double seconds;
    long peak_rss_kib;
} read_figures;

static ccd_status time_read(read_figures *f, ccd_error *err, const char *path)
{
    memset(f, 0, sizeof *f);
    struct stat sb;
    if (stat(path, &sb) == 0)
        f->file_bytes = (uint64_t)sb.st_size;
    ccd_batch b;
    if (ccd_batch_init(&b, BENCH_BATCH) != CCD_OK)
        return ccd_error_oom(err, path);
    uint64_t t0 = ccd_clock_ns();
    ccd_reader *r;
    ccd_status st = ccd_reader_open(&r, err, path, NULL, CCD_VF);
    while (st == CCD_OK) {
        st = ccd_reader_read(&b, err, r);
        if (st != CCD_OK || b.count == 0)
            break;
        f->queries += b.count;
        for (size_t i = 0; i < b.count; i++)
            f->positives += (uint64_t)(b.labels[i] == 1);
    }
    if (r) {
        f->text_bytes = ccd_reader_bytes_read(r);
        ccd_reader_close(r);
    }
    f->seconds = (double)(ccd_clock_ns() - t0) * 1e-9;
    ccd_batch_free(&b);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    f->peak_rss_kib = ru.ru_maxrss;
    return st;
}

static void print_row(uint64_t n, const char *format, const read_figures *f)
{
    double mb = 1e6;
    printf("%10llu  %-5s  %9.1f  %9.1f  %8.3f  %10.1f  %10.1f  %11.0f  %12.1f\n",
           (unsigned long long)n, format, (double)f->file_bytes / mb, (double)f->text_bytes / mb,
           f->seconds, (double)f->text_bytes / mb / f->seconds,
           (double)f->file_bytes / mb / f->seconds, (double)f->queries / f->seconds,
           (double)f->peak_rss_kib / 1024.0);
}

/* Write, read and report one size; the files are removed unless keep. */
static int bench_size(const char *dir, uint64_t n, int keep)
{
    char plain_name[64], gzip_name[64];
    snprintf(plain_name, sizeof plain_name, "bench-io-%llu.csv", (unsigned long long)n);
    snprintf(gzip_name, sizeof gzip_name, "bench-io-%llu.csv.gz", (unsigned long long)n);
    char *plain = ccd_path_join(dir, plain_name), *gzip = ccd_path_join(dir, gzip_name);
    int status = CCD_EXIT_OK, slots[2] = {-1, -1};
    ccd_error err;
    if (!plain || !gzip) {
        status = ccd_cli_out_of_memory();
        goto done;
    }
    if (!keep) { /* files of a temporary directory go with it on SIGINT or SIGTERM */
        slots[0] = ccd_cleanup_add(plain, 0);
        slots[1] = ccd_cleanup_add(gzip, 0);
    }
    uint64_t t0 = ccd_clock_ns();
    ccd_cli_progress bar;
    ccd_cli_progress_init(&bar, "bench io: writing");
    const char *paths[2] = {plain, gzip};
    for (int k = 0; k < 2; k++) {
        if (!bar.enabled)
            fprintf(stderr, "bench io: writing %s (%llu queries)\n", paths[k],
                    (unsigned long long)n);
        if (write_file(&err, paths[k], k ? CCD_WRITE_GZIP : 0, n, &bar, k * n) != CCD_OK) {
            ccd_cli_progress_finish(&bar);
            status = ccd_cli_fail(&err);
            goto done;
        }
    }
    ccd_cli_progress_finish(&bar);
    fprintf(stderr, "bench io: wrote %llu queries (plain and gzip) in %.1f s\n",
            (unsigned long long)n, (double)(ccd_clock_ns() - t0) * 1e-9);
    read_figures f;
    if (time_read(&f, &err, plain) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    if (f.queries != n) {
        fprintf(stderr, "ccdbench: bench io: read %llu queries of %llu\n",
                (unsigned long long)f.queries, (unsigned long long)n);
        status = CCD_EXIT_FAILURE;
        goto done;
    }
    print_row(n, "plain", &f);
    read_figures g;
    if (time_read(&g, &err, gzip) != CCD_OK) {
        status = ccd_cli_fail(&err);
        goto done;
    }
    if (g.queries != n || g.positives != f.positives) {
        fprintf(stderr, "ccdbench: bench io: the gzip file disagrees with the plain one\n");
        status = CCD_EXIT_FAILURE;
        goto done;
    }
    print_row(n, "gzip", &g);
done:
    if (!keep) {
        if (plain)
            unlink(plain);
        if (gzip)
            unlink(gzip);
        ccd_cleanup_remove(slots[0]);
        ccd_cleanup_remove(slots[1]);
    } else if (status == CCD_EXIT_OK) {
        fprintf(stderr, "bench io: kept %s and %s\n", plain, gzip);
    }
    free(plain);
    free(gzip);
    return status;
}

int ccd_cmd_bench_io(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"queries", required_argument, NULL, 'n'},
        {"dir", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    long queries = 1000000;
    const char *dir = NULL;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == 'n') {
            if (ccd_cli_parse_long(&queries, "--queries", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (queries < 10)
                return ccd_cli_usage_error("--queries: %ld is less than 10", queries);
        } else if (c == 'd') {
            dir = optarg;
        } else if (c == 'h') {
            fputs(usage, stdout);
            return CCD_EXIT_OK;
        } else {
            return ccd_cli_bad_option("bench io", argv, optopt);
        }
    }
    if (optind < argc)
        return ccd_cli_usage_error("bench io: unexpected argument '%s'", argv[optind]);

    char tmp[4096];
    int keep = dir != NULL, created = 0; /* created: --dir made here */
    if (!dir) {
        const char *base = getenv("TMPDIR");
        snprintf(tmp, sizeof tmp, "%s/ccdbench-io-XXXXXX", base && *base ? base : "/tmp");
        if (!mkdtemp(tmp))
            return ccd_cli_usage_error("bench io: cannot create a directory in %s: %s",
                                       base && *base ? base : "/tmp", strerror(errno));
        dir = tmp;
    } else {
        /* a missing DIR is created (one level), anything else must be a directory */
        struct stat sb;
        if (stat(dir, &sb) != 0) {
            if (errno != ENOENT || mkdir(dir, 0777) != 0)
                return ccd_cli_usage_error("--dir: cannot create '%s': %s", dir, strerror(errno));
            fprintf(stderr, "bench io: created %s\n", dir);
            created = 1;
        } else if (!S_ISDIR(sb.st_mode)) {
            return ccd_cli_usage_error("--dir: '%s' exists and is not a directory", dir);
        }
    }
    uint64_t n = (uint64_t)queries;
    /* Room for the files before any is written: --queries 99999999999999 started
     * on petabytes.  A query takes about 845 bytes plain and 250 gzip (1100 per
     * query allowed); the N/10 files are removed before the N ones are written,
     * unless --dir keeps them. */
    struct statvfs fs;
    const double need = BYTES_PER_QUERY * (double)n * (keep ? 1.1 : 1.0);
    if (statvfs(dir, &fs) == 0 && need > (double)fs.f_bavail * (double)fs.f_frsize) {
        if (!keep || created)
            rmdir(dir);
        return ccd_cli_usage_error("bench io: --queries %ld needs about %.3g GB in %s, which "
                                   "has %.3g GB free",
                                   queries, need * 1e-9, keep ? dir : "the temporary directory",
                                   (double)fs.f_bavail * (double)fs.f_frsize * 1e-9);
    }
    const int dir_slot = keep ? -1 : ccd_cleanup_add(dir, 1);
    printf("bench io: random queries, 7 columns, batches of %d, one thread; MB = 10^6 bytes\n",
           BENCH_BATCH);
    printf("%10s  %-5s  %9s  %9s  %8s  %10s  %10s  %11s  %12s\n", "queries", "file", "file MB",
           "text MB", "seconds", "text MB/s", "file MB/s", "queries/s", "peak RSS MB");
    int status = bench_size(dir, n / 10, keep);
    if (status == CCD_EXIT_OK)
        status = bench_size(dir, n, keep);
    if (!keep)
        rmdir(dir);
    ccd_cleanup_remove(dir_slot);
    return status;
}
