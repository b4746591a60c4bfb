/* SPDX-License-Identifier: MIT */
/* `ccdbench truth`: exact labels and times of impact; verify labels, write them. */
#include <config.h>

#include "bench/truth.h"
#include "cli/cli.h"
#include "cli/truth_files.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench truth [OPTION]... [DATA]...\n"
    "Decide every query under DATA (default: the shipped dataset) with the exact\n"
    "oracle.\n"
    "\n"
    "  --verify        compare with the labels in the files; list every disagreement\n"
    "                  as 'path:line: query N: label L, exact E' (exit status 1 if any)\n"
    "  --output DIR    write DIR/<relative path>/<stem>.truth.csv per input file:\n"
    "                  index,collides,toi_lo,toi_hi with the exact toi in [toi_lo, toi_hi]\n"
    "                  (rationals n/d, interval width <= 2^-64; empty: no collision)\n"
    "  --threads N     OpenMP threads (default: all cores)\n"
    "  --help          show this help\n"
    "\n"
    "Exit status: 0 ok, 1 verification found disagreements (or an internal failure),\n"
    "2 bad input or usage.\n";

typedef struct truth_cli {
    const ccd_dataset *ds;
    int verify;
    uint64_t queries, positives, labelled, disagreements;
    ccd_truth_files *files; /* NULL: no --output */
    ccd_cli_progress bar;
} truth_cli;

static void progress(void *ctx, uint64_t done, uint64_t total)
{
    truth_cli *t = ctx;
    ccd_cli_progress_update(&t->bar, done, total);
}

static ccd_status on_query(void *ctx, ccd_error *err, size_t file, const ccd_query *q,
                           const ccd_exact_label *label)
{
    truth_cli *t = ctx;
    t->queries++;
    t->positives += label->collides != 0;
    if (t->verify && q->label >= 0) {
        t->labelled++;
        if ((q->label != 0) != (label->collides != 0)) {
            t->disagreements++;
            printf("%s:%llu: query %llu: label %d, exact %d\n", t->ds->files[file].csv_path,
                   (unsigned long long)(q->index * CCD_QUERY_ROWS + 1),
                   (unsigned long long)q->index, q->label, label->collides);
        }
    }
    return t->files ? ccd_truth_files_put(t->files, err, file, q, label) : CCD_OK;
}

int ccd_cmd_truth(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"verify", no_argument, NULL, 'v'},
        {"output", required_argument, NULL, 'o'},
        {"threads", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *output = NULL;
    long threads = 0;
    truth_cli t = {0};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'v': t.verify = 1; break;
        case 'o': output = optarg; break;
        case 't':
            if (ccd_cli_parse_long(&threads, "--threads", optarg) != 0)
                return CCD_EXIT_USAGE;
            if (threads < 1 || threads > 4096)
                return ccd_cli_usage_error("--threads: %ld is not between 1 and 4096", threads);
            break;
        case 'h': fputs(usage, stdout); return CCD_EXIT_OK;
        default: return ccd_cli_bad_option("truth", argv, optopt);
        }
    }
    char *default_root = NULL;
    char **roots = argv + optind;
    int root_count = argc - optind;
    if (root_count == 0) {
        if (!(default_root = ccd_cli_default_dataset()))
            return ccd_cli_usage_error("out of memory");
        roots = &default_root;
        root_count = 1;
    }
    ccd_error err;
    ccd_dataset ds;
    if (ccd_cli_discover(&ds, &err, roots, root_count) != CCD_OK) {
        free(default_root);
        return ccd_cli_fail(&err);
    }
    t.ds = &ds;
    ccd_truth_files files;
    if (output) {
        ccd_truth_files_init(&files, output, &ds, roots, root_count);
        t.files = &files;
    }
    ccd_cli_progress_init(&t.bar, "truth");
    ccd_truth_config cfg = {
        .threads = (int)threads,
        .on_query = on_query,
        .progress = progress,
        .ctx = &t,
    };
    ccd_status st = ccd_truth_run(&err, &ds, &cfg);
    if (st == CCD_OK && t.files)
        st = ccd_truth_files_finish(t.files, &err);
    ccd_cli_progress_finish(&t.bar);
    int status;
    if (st != CCD_OK) {
        if (t.files)
            ccd_truth_files_abort(t.files);
        status = ccd_cli_fail(&err);
    } else {
        fprintf(stderr, "truth: %llu queries, %llu collide",
                (unsigned long long)t.queries, (unsigned long long)t.positives);
        if (t.verify)
            fprintf(stderr, "; %llu labelled, %llu disagree", (unsigned long long)t.labelled,
                    (unsigned long long)t.disagreements);
        fputc('\n', stderr);
        status = t.disagreements ? CCD_EXIT_FAILURE : CCD_EXIT_OK;
        if (fflush(stdout) != 0)
            status = CCD_EXIT_FAILURE;
    }
    ccd_dataset_free(&ds);
    free(default_root);
    return status;
}
