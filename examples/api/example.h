/* SPDX-License-Identifier: MIT */
/*
 * What both example programs do around their own work, through the installed
 * header only: find a method, find the files of a dataset, and run the method on
 * every query of one file, handing each query and its answer to a callback.
 * Each function returns CCD_OK or the status to exit with (2 for bad input, with
 * a path:line:column: what message in *err, 1 when the method fails).
 */
#ifndef CCD_EXAMPLE_H
#define CCD_EXAMPLE_H
#include <ccdbench/ccdbench.h>

#include <stdio.h>
#include <string.h>

/* The built-in method called name, or NULL. */
static const ccd_method *example_find_method(const char *name)
{
    for (const ccd_method *const *m = ccd_builtin_methods(); *m; m++)
        if (strcmp((*m)->name, name) == 0)
            return *m;
    return NULL;
}

/* The files of the datasets or CSV files paths[0..n) into *d (its notes on
 * stderr) and m's scratch space into *scratch; 0, or the status to exit with
 * after saying why on stderr (nothing to free then). */
static int example_open(ccd_dataset *d, void **scratch, const ccd_method *m, char **paths,
                        size_t n)
{
    ccd_error err;
    ccd_status st = ccd_dataset_discover(d, &err, (const char *const *)paths, n);
    if (st != CCD_OK) {
        fprintf(stderr, "%s\n", err.message);
        return (int)st;
    }
    for (size_t i = 0; i < d->note_count; i++)
        fprintf(stderr, "%s\n", d->notes[i]);
    *scratch = NULL;
    if (m->scratch_new && !(*scratch = m->scratch_new())) {
        fprintf(stderr, "%s: out of memory\n", m->name);
        ccd_dataset_free(d);
        return 1;
    }
    return 0;
}

/* What example_open gave back. */
static void example_close(ccd_dataset *d, const ccd_method *m, void *scratch)
{
    if (m->scratch_free)
        m->scratch_free(scratch);
    ccd_dataset_free(d);
}

/* What a program does with one query, its label (b.labels: 1, 0, -1 none) and
 * the method's answer. */
typedef void (*example_visit)(void *acc, const ccd_query *q, int label, const ccd_result *res);

/* Run m on every query of file `file` of d, in order, calling
 * visit(acc, q, label, answer).  The method is given the query, never its label. */
static ccd_status example_run_file(void *acc, ccd_error *err, const ccd_method *m,
                                   const ccd_params *p, const ccd_dataset *d, size_t file,
                                   void *scratch, example_visit visit)
{
    const ccd_dataset_file *f = &d->files[file];
    ccd_reader *r;
    ccd_batch b;
    ccd_status st = ccd_batch_init(&b, 4096);
    if (st != CCD_OK)
        return ccd_error_set(err, st, f->csv_path, 0, 0, "out of memory");
    st = ccd_reader_open(&r, err, f->csv_path, f->labels_path, f->kind);
    if (st != CCD_OK) {
        ccd_batch_free(&b);
        return st;
    }
    ccd_reader_set_max_digits(r, d->max_digits);
    while (st == CCD_OK && (st = ccd_reader_read(&b, err, r)) == CCD_OK && b.count > 0)
        for (size_t i = 0; i < b.count; i++) {
            const ccd_query *q = &b.queries[i];
            ccd_result res;
            if (ccd_method_run(&res, m, q, p, scratch) != CCD_OK) {
                st = ccd_error_set(err, CCD_ERR_INTERNAL, f->csv_path, 0, 0,
                                   "%s fails on query %llu", m->name,
                                   (unsigned long long)q->index);
                break;
            }
            visit(acc, q, b.labels[i], &res);
        }
    ccd_reader_close(r);
    ccd_batch_free(&b);
    return st;
}

#endif
