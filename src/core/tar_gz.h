/* SPDX-License-Identifier: MIT */
/* The regular files of a tar archive, gzip-compressed or not (POSIX ustar, with
 * pax 'x' and GNU 'L' long names), one at a time in archive order.  Errors are
 * input errors "path:offset: what", offset the byte of the uncompressed archive
 * where the problem is (a binary file has no lines). */
#ifndef CCD_CORE_TAR_GZ_H
#define CCD_CORE_TAR_GZ_H
#include "ccdbench.h"

#include <stddef.h>
#include <stdint.h>

typedef struct ccd_tar_gz ccd_tar_gz;

/* A member: its name (as stored: may contain directories), its contents, and
 * the offset of its first byte in the uncompressed archive.  Valid until the
 * next call on the archive. */
typedef struct ccd_tar_member {
    const char *name;
    const unsigned char *data;
    size_t size;
    uint64_t offset;
} ccd_tar_member;

/* The largest member read (larger ones are bad input: the roots files are a
 * few kilobytes). */
enum { CCD_TAR_MEMBER_MAX = 64u << 20 };

ccd_status ccd_tar_gz_open(ccd_tar_gz **out, ccd_error *err, const char *path);
/* The next regular file into *m; *m->name NULL (m->name == NULL) at the
 * end-of-archive block.  Directories, links and other entries are skipped. */
ccd_status ccd_tar_gz_next(ccd_tar_member *m, ccd_error *err, ccd_tar_gz *t);
void ccd_tar_gz_close(ccd_tar_gz *t);

#endif
