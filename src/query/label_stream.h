/* SPDX-License-Identifier: MIT */
/* Streaming reader of a label file: a JSON array of true/false (or 0/1), read
 * one label at a time with a fixed-size buffer. */
#ifndef CCD_QUERY_LABEL_STREAM_H
#define CCD_QUERY_LABEL_STREAM_H

#include "query/byte_source.h"

enum { CCD_LABEL_BUFFER = 1 << 14 };

typedef struct ccd_label_stream {
    char *path;
    ccd_byte_source src;
    unsigned char buf[CCD_LABEL_BUFFER];
    size_t pos, len;
    int eof;
    unsigned long line, column; /* position of buf[pos] */
    int state;                  /* 0 before '[', 1 inside, 2 after ']' */
    int need_comma;             /* a value was read: ',' or ']' comes next */
    uint64_t count;             /* labels returned */
    unsigned long value_line, value_column; /* where the last label started */
} ccd_label_stream;

ccd_status ccd_label_stream_open_file(ccd_label_stream **out, ccd_error *err, const char *path);
ccd_status ccd_label_stream_open_memory(ccd_label_stream **out, ccd_error *err, const char *name,
                                        const void *data, size_t len);
/* Next label: 1 (label in *label), 0 (the array has ended), -1 (error in err). */
int ccd_label_stream_next(ccd_label_stream *ls, ccd_error *err, int *label);
/* After the last query: the array must end here, with only white space after it.
 * queries is the number of queries the CSV held (for the message). */
ccd_status ccd_label_stream_finish(ccd_label_stream *ls, ccd_error *err, uint64_t queries);
void ccd_label_stream_close(ccd_label_stream *ls);

#endif
