/* SPDX-License-Identifier: MIT */
/* A file's stamp (ccd_file_stamp, ccdbench.h): its device, inode, size and
 * modification time, from the stat discovery made or, for a dataset built by
 * hand, from one made when it is needed. */
#ifndef CCD_CORE_FILE_STAMP_H
#define CCD_CORE_FILE_STAMP_H
#include "ccdbench.h"

#include <sys/stat.h>

/* The stamp of the file whose status is st (known). */
void ccd_file_stamp_of(ccd_file_stamp *out, const struct stat *st);

/* *stamp when known, else path's now (following links): 0, or -1 when path
 * cannot be looked at (*out then unknown). */
int ccd_file_stamp_get(ccd_file_stamp *out, const ccd_file_stamp *stamp, const char *path);

#endif
