/* SPDX-License-Identifier: MIT */
/* Errors every module reports the same way (ccd_error_set is in ccdbench.h). */
#ifndef CCD_CORE_ERROR_H
#define CCD_CORE_ERROR_H
#include "ccdbench.h"

/* The one out-of-memory path: CCD_ERR_INTERNAL, "what: out of memory",
 * where what names the file or command that was being worked on. */
ccd_status ccd_error_oom(ccd_error *err, const char *what);

#endif
