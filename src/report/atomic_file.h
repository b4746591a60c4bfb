/* SPDX-License-Identifier: MIT */
/*
 * Output files that appear whole or not at all: written to a temporary file in
 * the same directory, flushed and renamed over the target on commit; abort (or
 * any failure) removes the temporary.
 */
#ifndef CCD_REPORT_ATOMIC_FILE_H
#define CCD_REPORT_ATOMIC_FILE_H
#include <stdio.h>

#include "ccdbench.h"

typedef struct ccd_atomic_file {
    FILE *stream; /* write here */
    char *path;
    char *temp_path;
} ccd_atomic_file;

ccd_status ccd_atomic_file_open(ccd_atomic_file *f, ccd_error *err, const char *path);
/* Flush, close and rename; on failure the temporary is removed and err filled. */
ccd_status ccd_atomic_file_commit(ccd_atomic_file *f, ccd_error *err);
void ccd_atomic_file_abort(ccd_atomic_file *f);

#endif
