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

#include <stdio.h>
#include <string.h>

typedef struct score {
    unsigned long queries, positives, fp, fn;
} score;

static const ccd_method *find_method(const char *name)
{
    for (const ccd_method *const *m = ccd_builtin_methods(); *m; m++)
        if (strcmp((*m)->name, name) == 0)
            return *m;
    return NULL;
}

/* Run m on every query of one file; returns CCD_OK or the status to exit with. */
static ccd_status score_file(score *s, ccd_error *err, const ccd_method *m,
                             const ccd_params *p, const ccd_dataset *d, size_t file,
                             void *scratch)
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
    while ((st = ccd_reader_read(&b, err, r)) == CCD_OK && b.count > 0) {
        for (size_t i = 0; i < b.count; i++) {
            const ccd_query *q = &b.queries[i];
            ccd_result res;
            if (ccd_method_run(m, &res, q, p, scratch) != CCD_OK) {
                st = ccd_error_set(err, CCD_ERR_INTERNAL, f->csv_path, 0, 0,
                                   "%s fails on query %llu", m->name,
                                   (unsigned long long)q->index);
                break;
            }
            s->queries++;
            if (q->label < 0)
                continue;
            s->positives += q->label == 1;
            s->fp += res.collides && q->label == 0;
            s->fn += !res.collides && q->label == 1;
        }
        if (st != CCD_OK)
            break;
    }
    ccd_reader_close(r);
    ccd_batch_free(&b);
    return st;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s METHOD DATA...\n", argv[0]);
        return 2;
    }
    const ccd_method *m = find_method(argv[1]);
    if (!m) {
        fprintf(stderr, "%s: no built-in method of that name\n", argv[1]);
        return 2;
    }
    ccd_params p;
    ccd_params_default(&p);

    ccd_error err;
    ccd_dataset d;
    ccd_status st = ccd_dataset_discover(&d, &err, (const char *const *)argv + 2,
                                         (size_t)argc - 2);
    if (st != CCD_OK) {
        fprintf(stderr, "%s\n", err.message);
        return (int)st;
    }
    for (size_t i = 0; i < d.note_count; i++)
        fprintf(stderr, "%s\n", d.notes[i]);

    void *scratch = NULL;
    if (m->scratch_new && !(scratch = m->scratch_new())) {
        fprintf(stderr, "%s: out of memory\n", m->name);
        ccd_dataset_free(&d);
        return 1;
    }
    printf("set,family,kind,method,queries,positives,fp,fn\n");
    for (size_t i = 0; i < d.count && st == CCD_OK; i++) {
        const ccd_dataset_file *f = &d.files[i];
        score s = {0, 0, 0, 0};
        st = score_file(&s, &err, m, &p, &d, i, scratch);
        if (st == CCD_OK)
            printf("%s,%s,%s,%s,%lu,%lu,%lu,%lu\n", f->set, f->family,
                   f->kind == CCD_VF ? "VF" : "EE", m->name, s.queries, s.positives, s.fp, s.fn);
        else
            fprintf(stderr, "%s\n", err.message);
    }
    if (m->scratch_free)
        m->scratch_free(scratch);
    ccd_dataset_free(&d);
    return (int)st;
}
