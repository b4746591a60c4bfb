/* SPDX-License-Identifier: MIT */
/* libFuzzer target of the CSV reader (and the label JSON reader).
 *
 * Input: the CSV bytes (plain or gzip).  When the input starts with "J", the
 * bytes up to the first NUL are a label JSON file and the rest is the CSV.
 * The reader must return CCD_OK or CCD_ERR_INPUT with a "name:line:column: "
 * message, never crash, leak or read out of bounds.  Inputs whose length is a
 * multiple of 3 are read with --max-digits 40.  Every query it returns
 * must be consistent: inexact bits exactly where the double differs from the
 * exact rational, labels in {-1, 0, 1}, indices consecutive.  Read again in
 * pieces of 1 + size % 4 queries (as the batch loop reads), it must give the
 * same queries and the same first error (reader_pieces.h). */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench.h"
#include "fuzz_check.h"
#include "query/reader_memory.h"
#include "reader_pieces.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const unsigned char *csv = data, *json = NULL;
    size_t csv_len = size, json_len = 0;
    if (size > 0 && data[0] == 'J') {
        const unsigned char *nul = memchr(data, '\0', size);
        if (nul) {
            json = data + 1;
            json_len = (size_t)(nul - json);
            csv = nul + 1;
            csv_len = size - (size_t)(csv - data);
        }
    }
    ccd_reader *r;
    ccd_error err;
    ccd_status st = ccd_reader_open_memory(&r, &err, "fuzz.csv", csv, csv_len, "fuzz.json", json,
                                           json_len, (size & 1) ? CCD_EE : CCD_VF);
    if (st != CCD_OK)
        abort(); /* memory sources always open */
    if (size % 3 == 0)
        ccd_reader_set_max_digits(r, 40); /* --max-digits 40: refused while scanned */
    ccd_batch b;
    if (ccd_batch_init(&b, 1 + size % 5) != CCD_OK)
        abort();
    mpq_t q, d;
    mpq_init(q);
    mpq_init(d);
    uint64_t expected_index = 0;
    for (;;) {
        st = ccd_reader_read(&b, &err, r);
        if (st != CCD_OK) {
            if (st != CCD_ERR_INPUT || b.count != 0)
                abort();
            static const char *const names[] = {"fuzz.csv", "fuzz.json"};
            ccd_fuzz_check_message(&err, names, 2);
            break;
        }
        if (b.count == 0)
            break;
        for (size_t i = 0; i < b.count; i++) {
            const ccd_query *query = &b.queries[i];
            if (query->index != expected_index++ || b.labels[i] < -1 || b.labels[i] > 1)
                abort();
            if ((query->inexact != 0) != (query->exact != NULL))
                abort();
            for (int row = 0; row < CCD_QUERY_ROWS; row++)
                for (int axis = 0; axis < 3; axis++) {
                    ccd_query_coord_mpq(q, query, row, axis);
                    mpq_set_d(d, query->v[row][axis]);
                    int differs = !mpq_equal(q, d);
                    if (differs != !!(query->inexact & (1u << (3 * row + axis))))
                        abort();
                }
        }
    }
    if (ccd_reader_bytes_read(r) > csv_len * 1100 + 1024 * 1024 * 64)
        abort();
    mpq_clear(q);
    mpq_clear(d);
    ccd_batch_free(&b);
    ccd_reader_close(r);
    const char *differs =
        reader_pieces_compare(csv, csv_len, json, json_len, (size & 1) ? CCD_EE : CCD_VF,
                              size % 3 == 0 ? 40 : CCD_MAX_DIGITS_DEFAULT, 1 + size % 4);
    if (differs) {
        fprintf(stderr, "pieces differ: %s\n", differs);
        abort();
    }
    return 0;
}
