/* SPDX-License-Identifier: MIT */
/* Which dataset to read: the paths given, or the default dataset. */
#include <config.h>

#include "cli/cli.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#ifndef CCD_PKGDATADIR
#error "CCD_PKGDATADIR must be defined (src/cli/local.mk)"
#endif
#ifndef CCD_SOURCE_DATADIR
#error "CCD_SOURCE_DATADIR must be defined (src/cli/local.mk)"
#endif

static int is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *ccd_cli_default_datadir(void)
{
    const char *env = getenv("CCD_DATADIR");
    if (env && *env)
        return env;
    if (is_directory(CCD_PKGDATADIR "/datasets/default"))
        return CCD_PKGDATADIR "/datasets";
    return CCD_SOURCE_DATADIR;
}

char *ccd_cli_default_dataset(void)
{
    char *path = NULL;
    if (asprintf(&path, "%s/default", ccd_cli_default_datadir()) < 0)
        return NULL;
    return path;
}

ccd_status ccd_cli_discover(ccd_dataset *ds, ccd_error *err, char *const *paths, int count)
{
    if (count > 0)
        return ccd_dataset_discover(ds, err, (const char *const *)paths, (size_t)count);
    char *path = ccd_cli_default_dataset();
    if (!path)
        return ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0, "out of memory");
    const char *one[1] = {path};
    ccd_status st = ccd_dataset_discover(ds, err, one, 1);
    free(path);
    return st;
}
