/* SPDX-License-Identifier: MIT */
/* Queries of the shared benchmark data held in memory, for the data-driven suites. */
#ifndef CCD_TEST_QUERY_SET_H
#define CCD_TEST_QUERY_SET_H
#include "ccdbench.h"
#include "test_support.h"

#include <check.h>
#include <stdlib.h>

typedef struct test_query_set {
    ccd_batch *batches;
    size_t nbatches;
    size_t count;
} test_query_set;

/* Every step-th query (0, step, 2 step, … counted across the files in discovery
 * order) of the shared data in the full tier; in the fast tier, the subsample of
 * test_sample_keep(step) (counted in each file, with the regression list); kept in
 * their batches so that their exact coordinates stay valid.  Returns 0 when the shared data is absent. */
static inline int test_query_set_load(test_query_set *s, size_t step)
{
    const char *root = test_shared_data();
    if (!root)
        return 0;
    ccd_dataset ds;
    ccd_error err;
    const char *paths[1] = {root};
    ck_assert_msg(ccd_dataset_discover(&ds, &err, paths, 1) == CCD_OK, "%s", err.message);
    size_t k = 0;
    for (size_t i = 0; i < ds.count; i++) {
        ccd_reader *r;
        const ccd_dataset_file *f = &ds.files[i];
        ck_assert_msg(ccd_reader_open(&r, &err, f->csv_path, f->labels_path, f->kind) == CCD_OK,
                      "%s", err.message);
        for (;;) {
            s->batches = realloc(s->batches, (s->nbatches + 1) * sizeof *s->batches);
            ck_assert_ptr_nonnull(s->batches);
            ccd_batch *b = &s->batches[s->nbatches];
            ck_assert_int_eq(ccd_batch_init(b, 512), CCD_OK);
            ck_assert_msg(ccd_reader_read(b, &err, r) == CCD_OK, "%s", err.message);
            if (b->count == 0) {
                ccd_batch_free(b);
                break;
            }
            size_t kept = 0; /* compact to every step-th query (exact pointers stay valid) */
            for (size_t j = 0; j < b->count; j++, k++)
                if (test_full_tier() ? k % step == 0
                                     : test_sample_keep(f->csv_path, b->queries[j].index, step)) {
                    b->labels[kept] = b->labels[j];
                    b->queries[kept++] = b->queries[j];
                }
            b->count = kept;
            s->count += kept;
            s->nbatches++;
        }
        ccd_reader_close(r);
    }
    ccd_dataset_free(&ds);
    return 1;
}

/* The minimum-separation suites' subsample step: $CCD_MS_STRIDE, default 16. */
static inline size_t test_query_set_ms_stride(void)
{
    const char *e = getenv("CCD_MS_STRIDE");
    long step = e ? strtol(e, NULL, 10) : 16;
    return step >= 1 ? (size_t)step : 16;
}

/* s loaded once (later calls keep it) with the minimum-separation step; 0 when the
 * shared data is absent. */
static inline int test_query_set_load_ms(test_query_set *s)
{
    return s->batches || test_query_set_load(s, test_query_set_ms_stride());
}

static inline void test_query_set_free(test_query_set *s)
{
    for (size_t i = 0; i < s->nbatches; i++)
        ccd_batch_free(&s->batches[i]);
    free(s->batches);
    s->batches = NULL;
    s->nbatches = s->count = 0;
}

#define TEST_QUERY_SET_FOR_EACH(q, set)                                                  \
    for (size_t bi_ = 0; bi_ < (set)->nbatches; bi_++)                                   \
        for (const ccd_query *q = (set)->batches[bi_].queries;                           \
             q < (set)->batches[bi_].queries + (set)->batches[bi_].count; q++)

/* Inside TEST_QUERY_SET_FOR_EACH(q, set): the label of q (-1: none). */
#define TEST_QUERY_SET_LABEL(q, set) ((set)->batches[bi_].labels[(q) - (set)->batches[bi_].queries])

#endif
