/* SPDX-License-Identifier: MIT */
/* mkdir -p (make_dirs.h). */
#include <config.h>

#include "core/make_dirs.h"

#include "core/error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

ccd_status ccd_make_dirs(ccd_error *err, const char *path)
{
    char *p = strdup(path);
    if (!p)
        return ccd_error_oom(err, path);
    ccd_status st = CCD_OK;
    for (char *s = p + 1;; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char saved = *s;
        *s = '\0';
        struct stat sb;
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            st = ccd_error_set(err, CCD_ERR_INPUT, p, 0, 0, "cannot create directory: %s",
                               strerror(errno));
            break;
        }
        if (stat(p, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
            st = ccd_error_set(err, CCD_ERR_INPUT, p, 0, 0, "exists and is not a directory");
            break;
        }
        *s = saved;
        if (saved == '\0')
            break;
    }
    free(p);
    return st;
}
