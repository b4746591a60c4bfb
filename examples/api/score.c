/* SPDX-License-Identifier: MIT */
/*
 * score: a program that uses libccdbench through its installed header only.
 * It finds the CSV files of a dataset, runs one built-in method on every query,
 * and scores the answers against the files' labels:
 *
 *   score METHOD DATA...
 *   set,family,kind,method,queries,positives,fp,fn      (one line per file)
 *
 * the first eight columns of `ccdbench run --methods METHOD --format csv DATA`
 * (queries without a label are counted but not scored).  Exit status 2 for bad
 * input (the message reads path:line:column: what), 1 when the method fails.
 */
#include <ccdbench/ccdbench.h>

#include "example.h"

#include <stdio.h>

typedef struct score {
    unsigned long queries, positives, fp, fn;
} score;

/* The counts of one query and its answer. */
static void count(void *acc, const ccd_query *q, int label, const ccd_result *res)
{
    (void)q;
    score *s = acc;
    s->queries++;
    if (label < 0)
        return;
    s->positives += label == 1;
    s->fp += res->collides && label == 0;
    s->fn += !res->collides && label == 1;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s METHOD DATA...\n", argv[0]);
        return 2;
    }
    const ccd_method *m = example_find_method(argv[1]);
    if (!m) {
        fprintf(stderr, "%s: no built-in method of that name\n", argv[1]);
        return 2;
    }
    ccd_params p;
    ccd_params_default(&p);

    ccd_dataset d;
    void *scratch;
    int status = example_open(&d, &scratch, m, argv + 2, (size_t)argc - 2);
    if (status != 0)
        return status;
    ccd_error err;
    ccd_status st = CCD_OK;
    printf("set,family,kind,method,queries,positives,fp,fn\n");
    for (size_t i = 0; i < d.count && st == CCD_OK; i++) {
        const ccd_dataset_file *f = &d.files[i];
        score s = {0, 0, 0, 0};
        st = example_run_file(&s, &err, m, &p, &d, i, scratch, count);
        if (st == CCD_OK)
            printf("%s,%s,%s,%s,%lu,%lu,%lu,%lu\n", f->set, f->family,
                   f->kind == CCD_VF ? "VF" : "EE", m->name, s.queries, s.positives, s.fp, s.fn);
        else
            fprintf(stderr, "%s\n", err.message);
    }
    example_close(&d, m, scratch);
    return (int)st;
}
