/* SPDX-License-Identifier: MIT */
/* mkdir -p (make_dirs.h). */
#include <config.h>

#include "core/make_dirs.h"

#include "core/cleanup.h"
#include "core/error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void ccd_made_dirs_keep(ccd_made_dirs *made)
{
    for (size_t i = 0; i < made->count; i++) {
        ccd_cleanup_remove(made->slot[i]); /* before the path it names is freed */
        free(made->path[i]);
    }
    free(made->path);
    free(made->slot);
    made->path = NULL;
    made->slot = NULL;
    made->count = 0;
}

void ccd_made_dirs_remove(ccd_made_dirs *made)
{
    for (size_t i = made->count; i-- > 0;)
        rmdir(made->path[i]); /* fails, as it should, where something was written */
    ccd_made_dirs_keep(made);
}

static int note(ccd_made_dirs *made, const char *dir)
{
    char **grown = realloc(made->path, (made->count + 1) * sizeof *grown);
    if (!grown)
        return -1;
    made->path = grown;
    int *slots = realloc(made->slot, (made->count + 1) * sizeof *slots);
    if (!slots)
        return -1;
    made->slot = slots;
    if (!(made->path[made->count] = strdup(dir)))
        return -1;
    made->slot[made->count] = ccd_cleanup_add(made->path[made->count], 1);
    made->count++;
    return 0;
}

ccd_status ccd_make_dirs(ccd_error *err, const char *path)
{
    return ccd_make_dirs_noted(NULL, err, path);
}

ccd_status ccd_make_dirs_noted(ccd_made_dirs *made, ccd_error *err, const char *path)
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
        const int created = mkdir(p, 0777) == 0;
        if (!created && errno != EEXIST) {
            st = ccd_error_set(err, CCD_ERR_INPUT, p, 0, 0, "cannot create directory: %s",
                               strerror(errno));
            break;
        }
        if (created && made && note(made, p) != 0) {
            st = ccd_error_oom(err, path);
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
