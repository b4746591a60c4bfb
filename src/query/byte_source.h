/* SPDX-License-Identifier: MIT */
/* A byte source: a file or a memory block, plain or gzip (detected by the gzip
 * magic bytes 1f 8b, never by the file name), read in fixed-size chunks. */
#ifndef CCD_QUERY_BYTE_SOURCE_H
#define CCD_QUERY_BYTE_SOURCE_H

#include "ccdbench.h"

#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

enum { CCD_SOURCE_CHUNK = 1 << 16 }; /* compressed-input buffer */

typedef struct ccd_byte_source {
    int fd;                     /* -1: memory source                              */
    const unsigned char *mem;   /* memory source and its length                   */
    size_t mem_len;
    size_t mem_pos;
    int gzip;                   /* input starts with the gzip magic               */
    int inflate_ready;          /* zs initialised                                 */
    int stream_done;            /* all gzip members decoded, input exhausted      */
    z_stream zs;
    unsigned char *in;          /* raw input buffer (files), CCD_SOURCE_CHUNK      */
    size_t in_pos, in_len;      /* unread raw bytes are in[in_pos, in_len)         */
    int raw_eof;
    uint64_t raw_consumed;      /* raw (for gzip: compressed) bytes taken in      */
    int failed;                 /* a read failed: later reads fail too            */
    ccd_status err_status;      /* set when a read fails                          */
    char err_message[256];
    struct ccd_read_ahead *ahead; /* a regular file read through it (NULL: none) */
    size_t ahead_file;            /* the file's number there */
} ccd_byte_source;

/* Open path; on failure fill err ("path: cannot open …") and return its status. */
ccd_status ccd_byte_source_open_file(ccd_byte_source *s, ccd_error *err, const char *path);
/* The same, a regular file's bytes taken from the blocks read ahead of it
 * where they were (query/read_ahead.h: file `file` of the read-ahead, which
 * the cutting of a pass reads in order). */
struct ccd_read_ahead;
ccd_status ccd_byte_source_open_ahead(ccd_byte_source *s, ccd_error *err, const char *path,
                                      struct ccd_read_ahead *ahead, size_t file);
/* A source over a caller-owned memory block (for tests and the fuzzer). */
ccd_status ccd_byte_source_open_memory(ccd_byte_source *s, ccd_error *err, const char *name,
                                       const void *data, size_t len);
/* Up to cap decompressed bytes into buf: the count, 0 at the end, or -1 on error
 * (s->err_status and s->err_message say what went wrong). */
ptrdiff_t ccd_byte_source_read(ccd_byte_source *s, void *buf, size_t cap);
/* The raw bytes taken from the file or memory block so far: compressed bytes on
 * gzip input, so progress over a file compares like with like (its size). */
uint64_t ccd_byte_source_raw_consumed(const ccd_byte_source *s);
void ccd_byte_source_close(ccd_byte_source *s);

#endif
