/* SPDX-License-Identifier: MIT */
/* `ccdbench info`: what a dataset holds (files, queries, labels, coordinate ranges). */
#include <config.h>

#include "cli/cli.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench info [OPTION]... [DATA]...\n"
    "Summarise the queries under DATA (files or directories; default: the shipped\n"
    "dataset): files, queries per kind, labels and positives, coordinate ranges, and\n"
    "the number of coordinates that are not exactly doubles.\n"
    "\n"
    "  --max-digits N  longest integer accepted in DATA (default 1000, as for run)\n"
    "  --help          show this help\n"
    "\n"
    "Exit status: 0 ok, 2 bad input or usage.\n";

typedef struct info_group {
    const char *set, *family;
    ccd_kind kind;
    uint64_t files, queries, labelled, positives;
} info_group;

typedef struct info_totals {
    uint64_t files[2], queries[2], labelled, positives, inexact;
    double lo[3], hi[3];
} info_totals;

static size_t group_of(info_group *groups, size_t *count, const ccd_dataset_file *f)
{
    for (size_t g = 0; g < *count; g++)
        if (groups[g].kind == f->kind && strcmp(groups[g].set, f->set) == 0 &&
            strcmp(groups[g].family, f->family) == 0)
            return g;
    groups[*count] = (info_group){.set = f->set, .family = f->family, .kind = f->kind};
    return (*count)++;
}

static void add_query(info_totals *t, info_group *g, const ccd_query *q, int label)
{
    g->queries++;
    t->queries[q->kind]++;
    if (label >= 0) {
        g->labelled++;
        t->labelled++;
        g->positives += label == 1;
        t->positives += label == 1;
    }
    t->inexact += (uint64_t)__builtin_popcount(q->inexact);
    for (int r = 0; r < CCD_QUERY_ROWS; r++)
        for (int a = 0; a < 3; a++) {
            t->lo[a] = fmin(t->lo[a], q->v[r][a]);
            t->hi[a] = fmax(t->hi[a], q->v[r][a]);
        }
}

static ccd_status scan_file(info_totals *t, info_group *g, ccd_error *err,
                            const ccd_dataset *ds, size_t file, ccd_batch *b)
{
    const ccd_dataset_file *f = &ds->files[file];
    ccd_reader *r;
    ccd_status st = ccd_reader_open(&r, err, f->csv_path, f->labels_path, f->kind);
    if (st != CCD_OK)
        return st;
    ccd_reader_set_max_digits(r, ds->max_digits);
    while ((st = ccd_reader_read(b, err, r)) == CCD_OK && b->count > 0)
        for (size_t i = 0; i < b->count; i++)
            add_query(t, g, &b->queries[i], b->labels[i]);
    ccd_reader_close(r);
    return st;
}

static void print_info(const info_totals *t, const info_group *groups, size_t count)
{
    printf("files                   %llu (vertex-face %llu, edge-edge %llu)\n",
           (unsigned long long)(t->files[0] + t->files[1]), (unsigned long long)t->files[0],
           (unsigned long long)t->files[1]);
    printf("queries                 %llu (vertex-face %llu, edge-edge %llu)\n",
           (unsigned long long)(t->queries[0] + t->queries[1]),
           (unsigned long long)t->queries[0], (unsigned long long)t->queries[1]);
    printf("labelled                %llu (positives %llu)\n", (unsigned long long)t->labelled,
           (unsigned long long)t->positives);
    static const char axis[3] = {'x', 'y', 'z'};
    for (int a = 0; a < 3; a++)
        if (t->queries[0] + t->queries[1] > 0)
            printf("%c range                 [%.17g, %.17g]\n", axis[a], t->lo[a], t->hi[a]);
    printf("non-double coordinates  %llu\n\n", (unsigned long long)t->inexact);
    printf("%-16s %-28s %-4s %6s %9s %9s %9s\n", "set", "family", "kind", "files", "queries",
           "labelled", "positives");
    for (size_t g = 0; g < count; g++)
        printf("%-16s %-28s %-4s %6llu %9llu %9llu %9llu\n", groups[g].set, groups[g].family,
               groups[g].kind == CCD_VF ? "VF" : "EE", (unsigned long long)groups[g].files,
               (unsigned long long)groups[g].queries, (unsigned long long)groups[g].labelled,
               (unsigned long long)groups[g].positives);
}

int ccd_cmd_info(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"max-digits", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    size_t max_digits = 0;
    int c, status;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case 'd':
            if ((status = ccd_cli_parse_max_digits(&max_digits, optarg)) != 0)
                return status;
            break;
        case 'h': fputs(usage, stdout); return CCD_EXIT_OK;
        default: return ccd_cli_bad_option("info", argv, optopt);
        }
    }
    ccd_error err;
    ccd_dataset ds;
    if (ccd_cli_discover(&ds, &err, argv + optind, argc - optind) != CCD_OK)
        return ccd_cli_fail(&err);
    ds.max_digits = max_digits;
    status = CCD_EXIT_OK;
    info_group *groups = calloc(ds.count + 1, sizeof *groups);
    ccd_batch b;
    if (!groups || ccd_batch_init(&b, 4096) != CCD_OK) {
        free(groups);
        ccd_dataset_free(&ds);
        return ccd_cli_out_of_memory();
    }
    info_totals t = {.lo = {INFINITY, INFINITY, INFINITY}, .hi = {-INFINITY, -INFINITY, -INFINITY}};
    size_t count = 0;
    for (size_t i = 0; i < ds.count; i++) {
        info_group *g = &groups[group_of(groups, &count, &ds.files[i])];
        g->files++;
        t.files[ds.files[i].kind]++;
        if (scan_file(&t, g, &err, &ds, i, &b) != CCD_OK) {
            status = ccd_cli_fail(&err);
            break;
        }
    }
    if (status == CCD_EXIT_OK) {
        print_info(&t, groups, count);
    }
    ccd_batch_free(&b);
    free(groups);
    ccd_dataset_free(&ds);
    return status;
}
