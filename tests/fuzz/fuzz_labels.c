/* SPDX-License-Identifier: MIT */
/* libFuzzer target of the label reader (src/query/label_stream.c: the
 * Scalable-CCD mma_bool JSON arrays, plain or gzip).
 *
 * Input: the bytes of a label file.  Labels are taken one at a time, as the
 * CSV reader does, and then the array must end (ccd_label_stream_finish, told
 * as many queries as labels were read).  Every label is 0 or 1, the count is
 * the number returned, the stream ends once (no label after the end), and a
 * refusal is CCD_ERR_INPUT with "name:line:column: "; never a crash, leak or
 * out-of-bounds read.  Then the file is read again as for a CSV of fewer
 * queries than it has labels: finishing there must be refused. */
#include <config.h>

#include <stdlib.h>

#include "fuzz_check.h"
#include "query/label_stream.h"

static const char *const name[] = {"fuzz_mma_bool.json"};

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    ccd_label_stream *ls = NULL;
    ccd_error err;
    if (ccd_label_stream_open_memory(&ls, &err, name[0], data, size) != CCD_OK)
        abort(); /* memory sources always open */
    uint64_t n = 0;
    int got, label = -1;
    while ((got = ccd_label_stream_next(ls, &err, &label)) == 1) {
        if (label != 0 && label != 1)
            abort();
        if (++n != ls->count)
            abort();
        label = -1;
    }
    if (got == 0) {
        /* the end was seen: asking again must not produce a label */
        if (ccd_label_stream_next(ls, &err, &label) == 1)
            abort();
        ccd_status st = ccd_label_stream_finish(ls, &err, n);
        if (st != CCD_OK) {
            if (st != CCD_ERR_INPUT)
                abort();
            ccd_fuzz_check_message(&err, name, 1);
        }
    } else {
        if (got != -1 || err.status != CCD_ERR_INPUT)
            abort();
        ccd_fuzz_check_message(&err, name, 1);
    }
    ccd_label_stream_close(ls);
    if (n == 0)
        return 0;
    /* a CSV of n / 2 queries: the labels file has more labels than that */
    if (ccd_label_stream_open_memory(&ls, &err, name[0], data, size) != CCD_OK)
        abort();
    for (uint64_t i = 0; i < n / 2; i++)
        if (ccd_label_stream_next(ls, &err, &label) != 1)
            abort(); /* the first pass read these */
    ccd_status st = ccd_label_stream_finish(ls, &err, n / 2);
    if (st != CCD_ERR_INPUT)
        abort();
    ccd_fuzz_check_message(&err, name, 1);
    ccd_label_stream_close(ls);
    return 0;
}
