/* SPDX-License-Identifier: MIT */
/* The reader's entry points for the library itself: reading from memory blocks
 * (unit tests and the fuzzer), appending to a batch, the bytes consumed. */
#ifndef CCD_QUERY_READER_MEMORY_H
#define CCD_QUERY_READER_MEMORY_H

#include "ccdbench.h"

/* Like ccd_reader_open, but the CSV (plain or gzip) is csv[0, csv_len) and the
 * label JSON, when labels is not NULL, labels[0, labels_len).  csv_name and
 * labels_name appear in the messages.  The blocks must outlive the reader. */
ccd_status ccd_reader_open_memory(ccd_reader **out, ccd_error *err, const char *csv_name,
                                  const void *csv, size_t csv_len, const char *labels_name,
                                  const void *labels, size_t labels_len, ccd_kind kind);

/* Like ccd_reader_read, but the queries are added after the b->count the batch
 * holds (from other readers too: the batch loop fills one batch from many small
 * files), its exact coordinates kept.  On error the batch holds what it held. */
ccd_status ccd_reader_read_more(ccd_batch *b, ccd_error *err, ccd_reader *r);

/* The bytes of the file (compressed on gzip input) the reader has consumed so
 * far, to set against the file's size; ccd_reader_bytes_read counts decoded
 * text.  The batch loop's progress uses this. */
uint64_t ccd_reader_source_bytes(const ccd_reader *r);

#endif
