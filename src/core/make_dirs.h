/* SPDX-License-Identifier: MIT */
/* mkdir -p, and the directories it made, to take back when the work fails. */
#ifndef CCD_CORE_MAKE_DIRS_H
#define CCD_CORE_MAKE_DIRS_H
#include "ccdbench.h"

/* The directories a command created (in the order made), removed again when it
 * fails, or when a signal ends it (each is registered with core/cleanup.h until
 * kept or removed): deepest first, and only when empty (rmdir), so nothing else
 * goes. */
typedef struct ccd_made_dirs {
    char **path;
    int *slot; /* each one's cleanup slot */
    size_t count;
} ccd_made_dirs;

/* path and every missing parent created (0777 less the umask); an input error
 * "p: cannot create directory: why" or "p: exists and is not a directory". */
ccd_status ccd_make_dirs(ccd_error *err, const char *path);
/* The same, noting in made (may be NULL) every directory this call created. */
ccd_status ccd_make_dirs_noted(ccd_made_dirs *made, ccd_error *err, const char *path);
/* rmdir of made's directories, deepest first, then made emptied. */
void ccd_made_dirs_remove(ccd_made_dirs *made);
/* made emptied, its directories kept. */
void ccd_made_dirs_keep(ccd_made_dirs *made);
#endif
