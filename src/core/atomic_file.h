/* SPDX-License-Identifier: MIT */
/*
 * Output files.  A regular file, or a path where nothing is yet, appears whole
 * or not at all: it is written to a temporary in the same directory, flushed,
 * synced and renamed over the target on commit; abort (or any failure, or
 * a fatal signal, see cleanup.h) removes the temporary.  Anything else is
 * written straight through, since replacing it would destroy it: a device such
 * as /dev/null, a FIFO, a terminal.  A symbolic link is followed: its target is
 * what is written (renamed over when it is a regular file), the link stays.
 * A new file gets 0666 less the umask, as any file the user creates; a regular
 * file that is replaced keeps its permission bits.
 *
 * Every output file of the program goes through here (report tables, result
 * files, truth files, generated query files, figures).
 */
#ifndef CCD_CORE_ATOMIC_FILE_H
#define CCD_CORE_ATOMIC_FILE_H
#include <stdio.h>

#include "ccdbench.h"

typedef struct ccd_atomic_file {
    FILE *stream;    /* write here */
    char *path;      /* as named (for messages) */
    char *target;    /* renamed over: path with its links followed; NULL when written through */
    char *temp_path; /* renamed over target on commit; NULL when written through */
    int cleanup_slot; /* 1 + its slot in cleanup.h; 0: none */
} ccd_atomic_file;

/* Open for writing.  CCD_ERR_INPUT "path: cannot create: why" when the
 * file cannot be created (no such directory, no permission, a directory). */
ccd_status ccd_atomic_file_open(ccd_atomic_file *f, ccd_error *err, const char *path);
/* Flush, close and rename; on failure (CCD_ERR_INTERNAL "cannot write: why",
 * e.g. the disk is full) the temporary is removed and err filled. */
ccd_status ccd_atomic_file_commit(ccd_atomic_file *f, ccd_error *err);
/* The same without the sync: after a crash the new name may hold a partial
 * file, and a reader may find no file while the old one is replaced (it is
 * removed before the rename).  Only for files whose reader checks them whole
 * and can do without them (a cache); the sync was half a millisecond of a
 * 50 ms run, the rename over the old file 0.3 ms on ext4. */
ccd_status ccd_atomic_file_commit_unsynced(ccd_atomic_file *f, ccd_error *err);
/* Close and remove the temporary (a no-op on a zeroed or finished f). */
void ccd_atomic_file_abort(ccd_atomic_file *f);
/* Whether ccd_atomic_file_open(path) would succeed, without leaving anything
 * behind or opening a FIFO (which would wake its reader): for commands that
 * write many files one after another, to fail before any work.  The same
 * errors as ccd_atomic_file_open. */
ccd_status ccd_atomic_file_check(ccd_error *err, const char *path);

#endif
