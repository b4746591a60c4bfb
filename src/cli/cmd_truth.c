/* SPDX-License-Identifier: MIT */
/* `ccdbench truth`: exact labels and times of impact; verify labels, write them. */
#include <config.h>

#include "bench/exact_label_parts.h"
#include "bench/exact_labels.h"
#include "bench/mpi_job.h"
#include "core/error.h"
#include "core/query_line.h"
#include "cli/cli.h"
#include "bench/truth_file_writer.h"
#include "gen/gen.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench truth [OPTION]... [DATA]...\n"
    "Decide every query under DATA (default: the shipped dataset) with the exact\n"
    "oracle.\n"
    "\n"
    "  --ms D          minimum-separation truth: a collision is a time t in [0,1] at\n"
    "                  which the primitives come within distance D >= 0, read exactly\n"
    "                  (a decimal such as 1e-8 is exactly 10^-8, or a fraction n/d)\n"
    "  --norm N        distance of --ms: inf (L-infinity, default) or 2 (Euclidean)\n"
    "  --verify        compare with the labels in the files; list every disagreement\n"
    "                  as 'path:line: query N: label L, exact E'; exit status 1 if\n"
    "                  any, or if no query has a label (labels are for d = 0: not\n"
    "                  with --ms D > 0)\n"
    "  --output DIR    write DIR/<relative path>/<stem>.truth.csv per input file:\n"
    "                  index,collides,toi_lo,toi_hi, exact toi in [toi_lo, toi_hi]\n"
    "                  (rationals n/d, interval width <= 2^-64; empty: no collision)\n"
    "                  (with --ms the first line is '# ms=D norm=N', D exact)\n"
    "  --threads N     OpenMP threads (default: all cores)\n"
    "  --stats         print the oracle's time per query (mean, median, p99, max)\n"
    "  --max-digits N  longest integer accepted in DATA (default 1000, as for run)\n"
    "  --help          show this help\n"
    "\n"
    "Exit status: 0 ok, 1 verification found disagreements or had no label to\n"
    "compare (or an internal failure), 2 bad input or usage.\n";

typedef struct truth_cli {
    const ccd_dataset *ds;
    int verify;
    uint64_t queries, positives, labelled, disagreements;
    uint64_t *unlabelled; /* --verify: per input file, its queries without a label */
    ccd_truth_file_writer *files; /* NULL: no --output */
    ccd_cli_progress bar;
    double *seconds; /* --stats: the oracle's time per query (NULL: not kept) */
    size_t seconds_cap;
    int stats_oom;
} truth_cli;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* --stats: mean, median, p99 (nearest rank) and max of the oracle's time per query. */
static void print_stats(truth_cli *t)
{
    size_t n = (size_t)t->queries;
    if (t->stats_oom || n == 0) {
        fprintf(stderr, "truth: no timing (%s)\n", n ? "out of memory" : "no queries");
        return;
    }
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += t->seconds[i];
    qsort(t->seconds, n, sizeof *t->seconds, cmp_double);
    size_t p99 = (size_t)ceil(0.99 * (double)n);
    fprintf(stderr, "truth: time per query: mean %.3f us, median %.3f us, p99 %.3f us, "
                    "max %.3f us\n",
            1e6 * sum / (double)n, 1e6 * t->seconds[(n - 1) / 2], 1e6 * t->seconds[p99 - 1],
            1e6 * t->seconds[n - 1]);
}

static void progress(void *ctx, const ccd_dataset_file *at, uint64_t done, uint64_t total)
{
    truth_cli *t = ctx;
    ccd_cli_progress_dataset(&t->bar, at, done, total);
}

static ccd_status on_query(void *ctx, ccd_error *err, size_t file, const ccd_query *q,
                           const ccd_exact_label *label)
{
    truth_cli *t = ctx;
    if (t->seconds_cap && !t->stats_oom) {
        if (t->queries == t->seconds_cap) {
            double *grown = realloc(t->seconds, 2 * t->seconds_cap * sizeof *grown);
            if (grown) {
                t->seconds = grown;
                t->seconds_cap *= 2;
            } else {
                t->stats_oom = 1;
            }
        }
        if (!t->stats_oom)
            t->seconds[t->queries] = label->seconds;
    }
    t->queries++;
    t->positives += label->collides != 0;
    if (t->verify && label->given < 0)
        t->unlabelled[file]++;
    if (t->verify && label->given >= 0) {
        t->labelled++;
        if ((label->given != 0) != (label->collides != 0)) {
            t->disagreements++;
            printf("%s:%llu: query %llu: label %d, exact %d\n", t->ds->files[file].csv_path,
                   (unsigned long long)ccd_query_line(q, 0),
                   (unsigned long long)q->index, label->given, label->collides);
        }
    }
    return t->files ? ccd_truth_file_writer_put(t->files, err, file, q, label) : CCD_OK;
}

/* --verify: the sets with queries that had no label to verify. */
static void note_unlabelled(const truth_cli *t)
{
    ccd_cli_set_count *counts = calloc(t->ds->count ? t->ds->count : 1, sizeof *counts);
    if (!counts)
        return; /* only a note */
    for (size_t i = 0; i < t->ds->count; i++)
        counts[i] = (ccd_cli_set_count){t->ds->files[i].set, t->unlabelled[i]};
    ccd_cli_note_unlabelled(counts, t->ds->count, "not verified");
    free(counts);
}

/* Every query decided and handed to on_query in order: by this process, or in
 * an MPI job by every rank on its shard, the labels then handed on by rank 0 in
 * the order one process gives.  Returns -1 to go on (*st says how it went),
 * or the job's exit status, already said (0: a rank > 0 that has done its part). */
static int label_all(ccd_status *st, ccd_error *err, const ccd_dataset *ds,
                     ccd_exact_label_config *cfg, ccd_mpi_job *job)
{
    if (job->size <= 1) {
        *st = ccd_exact_label_run(err, ds, cfg);
        return -1;
    }
    cfg->shard_index = (unsigned)job->rank;
    cfg->shard_count = (unsigned)job->size;
    char *part = NULL, **parts = NULL;
    size_t length = 0, *lengths = NULL;
    *st = ccd_exact_label_run_part(&part, &length, err, ds, cfg);
    int status = ccd_mpi_job_agree(job, *st == CCD_OK ? CCD_EXIT_OK : ccd_cli_fail(err));
    if (status != CCD_EXIT_OK) {
        free(part);
        return status;
    }
    *st = ccd_mpi_job_gather(&parts, &lengths, err, job, part, length);
    free(part);
    if (*st != CCD_OK || job->rank != 0)
        return *st != CCD_OK ? ccd_cli_fail(err) : CCD_EXIT_OK;
    *st = ccd_exact_label_replay(err, ds, cfg, parts, lengths, (size_t)job->size);
    for (int r = 0; r < job->size; r++)
        free(parts[r]);
    free(parts);
    free(lengths);
    return -1;
}

static int truth_main(int argc, char **argv, ccd_mpi_job *job);

int ccd_cmd_truth(int argc, char **argv)
{
    ccd_error err;
    ccd_mpi_job job;
    int status = ccd_mpi_job_start(&job, &err) == CCD_OK ? truth_main(argc, argv, &job)
                                                          : ccd_cli_fail(&err);
    return ccd_mpi_job_end(&job, status);
}

static int truth_main(int argc, char **argv, ccd_mpi_job *job)
{
    static const struct option longopts[] = {
        {"verify", no_argument, NULL, 'v'},
        {"output", required_argument, NULL, 'o'},
        {"threads", required_argument, NULL, 't'},
        {"ms", required_argument, NULL, 'm'},
        {"norm", required_argument, NULL, 'n'},
        {"stats", no_argument, NULL, 's'},
        {"max-digits", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *output = NULL;
    long threads = 0;
    truth_cli t = {0};
    const char *ms_text = NULL;
    int norm = 0, stats = 0;
    size_t max_digits = 0;
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'v': t.verify = 1; break;
        case 'o':
            if (!optarg[0]) /* it wrote under the file-system root */
                return ccd_cli_usage_error("--output: an empty directory name");
            output = optarg;
            break;
        case 't':
            if (ccd_cli_parse_long(&threads, "--threads", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (threads < 1 || threads > 4096)
                return ccd_cli_usage_error("--threads: %ld is not between 1 and 4096", threads);
            break;
        case 'm': ms_text = optarg; break;
        case 'n':
            if (strcmp(optarg, "inf") == 0 || strcmp(optarg, "Inf") == 0)
                norm = 0;
            else if (strcmp(optarg, "2") == 0)
                norm = 2;
            else
                return ccd_cli_usage_error("--norm: '%s' is not inf or 2", optarg);
            break;
        case 's': stats = 1; break;
        case 'd':
            if (ccd_cli_parse_max_digits(&max_digits, optarg) != 0)
                return CCD_EXIT_USAGE;
            break;
        case 'h': fputs(usage, stdout); return CCD_EXIT_OK;
        default: return ccd_cli_bad_option("truth", argv, optopt);
        }
    }
    mpq_t ms;
    mpq_init(ms);
    if (ms_text && (ccd_gen_parse_rational(ms, ms_text) != 0 || mpq_sgn(ms) < 0)) {
        mpq_clear(ms);
        return ccd_cli_usage_error("--ms: '%s' is not an exact number >= 0", ms_text);
    }
    int separation = mpq_sgn(ms) > 0;
    if (separation && t.verify) {
        /* the files' labels say whether the primitives touch (d = 0) */
        mpq_clear(ms);
        return ccd_cli_usage_error("truth: --verify compares the files' labels, which are for "
                                   "d = 0; not with --ms %s > 0", ms_text);
    }
    char *default_root = NULL;
    char **roots = argv + optind;
    int root_count = argc - optind;
    if (root_count == 0) {
        if (!(default_root = ccd_cli_default_dataset())) {
            mpq_clear(ms);
            return ccd_cli_out_of_memory();
        }
        roots = &default_root;
        root_count = 1;
    }
    ccd_error err;
    ccd_dataset ds;
    if (ccd_cli_discover(&ds, &err, roots, root_count) != CCD_OK) {
        free(default_root);
        mpq_clear(ms);
        return ccd_cli_fail(&err);
    }
    ds.max_digits = max_digits;
    t.ds = &ds;
    ccd_status st = CCD_OK;
    if (t.verify && !(t.unlabelled = calloc(ds.count ? ds.count : 1, sizeof *t.unlabelled)))
        st = ccd_error_oom(&err, "ccdbench");
    ccd_truth_file_writer files;
    if (output && job->rank == 0) { /* in an MPI job, rank 0 writes them */
        ccd_truth_file_writer_init(&files, output, &ds, roots, root_count);
        t.files = &files;
        if (st == CCD_OK)
            st = ccd_truth_file_writer_check(&files, &err);
        if (st == CCD_OK && separation)
            st = ccd_truth_file_writer_set_separation(&files, &err, ms, norm);
        if (st == CCD_OK) /* every file can be written: fail before any work */
            st = ccd_truth_file_writer_prepare(&files, &err);
    }
    if (stats) {
        t.seconds_cap = 1024;
        if (!(t.seconds = malloc(t.seconds_cap * sizeof *t.seconds)))
            t.stats_oom = 1;
    }
    ccd_cli_progress_init(&t.bar, "truth");
    ccd_exact_label_config cfg = {
        .threads = (int)threads,
        .ms = separation ? ms : NULL,
        .ms_norm = norm,
        .on_query = on_query,
        .progress = progress,
        .ctx = &t,
    };
    int said = -1; /* the job's exit status, when said already */
    if (st == CCD_OK)
        said = label_all(&st, &err, &ds, &cfg, job);
    if (st == CCD_OK && said < 0 && t.files)
        st = ccd_truth_file_writer_finish(t.files, &err);
    ccd_cli_progress_finish(&t.bar);
    int status;
    if (said >= 0) {
        if (t.files)
            ccd_truth_file_writer_abort(t.files);
        status = said;
    } else if (st != CCD_OK) {
        if (t.files)
            ccd_truth_file_writer_abort(t.files);
        status = ccd_cli_fail(&err);
    } else {
        fprintf(stderr, "truth: %llu queries, %llu collide",
                (unsigned long long)t.queries, (unsigned long long)t.positives);
        if (separation) {
            char *d = mpq_get_str(NULL, 10, ms);
            fprintf(stderr, " within d = %s (%s)", d ? d : "?", norm == 0 ? "L-inf" : "L2");
            if (d) {
                void (*gmp_free)(void *, size_t);
                mp_get_memory_functions(NULL, NULL, &gmp_free);
                gmp_free(d, strlen(d) + 1);
            }
        }
        if (t.verify)
            fprintf(stderr, "; %llu labelled, %llu disagree", (unsigned long long)t.labelled,
                    (unsigned long long)t.disagreements);
        fputc('\n', stderr);
        if (stats)
            print_stats(&t);
        status = t.disagreements ? CCD_EXIT_FAILURE : CCD_EXIT_OK;
        if (t.verify) {
            note_unlabelled(&t);
            if (t.labelled == 0) { /* a pass must mean that something was compared */
                fprintf(stderr, "truth: --verify: no query has a label, nothing was "
                                "compared\n");
                status = CCD_EXIT_FAILURE;
            }
        }
    }
    if (t.files)
        ccd_truth_file_writer_free(t.files);
    free(t.seconds);
    free(t.unlabelled);
    ccd_dataset_free(&ds);
    free(default_root);
    mpq_clear(ms);
    return status;
}
