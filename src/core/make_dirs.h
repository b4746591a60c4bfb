/* SPDX-License-Identifier: MIT */
/* mkdir -p. */
#ifndef CCD_CORE_MAKE_DIRS_H
#define CCD_CORE_MAKE_DIRS_H
#include "ccdbench.h"

/* path and every missing parent created (0777 less the umask); an input error
 * "p: cannot create directory: why" or "p: exists and is not a directory". */
ccd_status ccd_make_dirs(ccd_error *err, const char *path);
#endif
