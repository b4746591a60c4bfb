/* SPDX-License-Identifier: MIT */
/* A small text file read whole (checkpoint keys, the cost cache). */
#ifndef CCD_CORE_READ_TEXT_H
#define CCD_CORE_READ_TEXT_H

/* The whole of path, NUL-terminated (malloc'd), or NULL with errno set (ENOMEM
 * when out of memory, EIO on a read error, fopen's otherwise).  A NUL inside the
 * file ends the text early for string functions: callers check what they parse. */
char *ccd_read_text(const char *path);

#endif
