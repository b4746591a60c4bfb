/* SPDX-License-Identifier: MIT */
/*
 * Paths to remove when SIGINT, SIGTERM, SIGHUP or SIGPIPE (stdout closed by its
 * reader, as in `| head`) ends the program: the temporaries of output files
 * being written and the directories created for them.  The handler (installed on the first registration, unless the signal is
 * ignored) removes the files, then the directories (newest first, only when
 * empty), and re-raises the signal with its default action, so the exit status
 * still says which signal ended the program.
 */
#ifndef CCD_CORE_CLEANUP_H
#define CCD_CORE_CLEANUP_H

/* Register path (not copied: it must stay valid until ccd_cleanup_remove) as a
 * file (is_dir 0) or an empty directory (is_dir 1).  Returns the slot to pass to
 * ccd_cleanup_remove, or -1 when the table is full (then nothing is removed on a
 * signal, the program works as before). */
int ccd_cleanup_add(const char *path, int is_dir);
/* Forget slot (-1: nothing); after this, the path may be freed. */
void ccd_cleanup_remove(int slot);

#endif
