/* SPDX-License-Identifier: MIT */
/* Temporary file + rename, so no half-written output is left behind. */
#include <config.h>

#include "report/atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void release(ccd_atomic_file *f)
{
    free(f->path);
    free(f->temp_path);
    f->path = f->temp_path = NULL;
    f->stream = NULL;
}

ccd_status ccd_atomic_file_open(ccd_atomic_file *f, ccd_error *err, const char *path)
{
    memset(f, 0, sizeof *f);
    size_t n = strlen(path);
    f->path = strdup(path);
    f->temp_path = malloc(n + sizeof ".tmp.XXXXXX");
    if (!f->path || !f->temp_path) {
        release(f);
        return ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "out of memory");
    }
    memcpy(f->temp_path, path, n);
    memcpy(f->temp_path + n, ".tmp.XXXXXX", sizeof ".tmp.XXXXXX");
    int fd = mkstemp(f->temp_path);
    if (fd < 0) {
        int e = errno;
        release(f);
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot create: %s", strerror(e));
    }
    /* mkstemp makes 0600; outputs are for sharing: rw-r--r--. */
    fchmod(fd, 0644);
    f->stream = fdopen(fd, "w");
    if (!f->stream) {
        int e = errno;
        close(fd);
        unlink(f->temp_path);
        release(f);
        return ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "cannot open: %s", strerror(e));
    }
    return CCD_OK;
}

ccd_status ccd_atomic_file_commit(ccd_atomic_file *f, ccd_error *err)
{
    int failed = ferror(f->stream);
    int e = failed ? EIO : 0;
    if (fflush(f->stream) != 0 && !failed) {
        failed = 1;
        e = errno;
    }
    if (fclose(f->stream) != 0 && !failed) {
        failed = 1;
        e = errno;
    }
    f->stream = NULL;
    if (!failed && rename(f->temp_path, f->path) != 0) {
        failed = 1;
        e = errno;
    }
    ccd_status st = CCD_OK;
    if (failed) {
        unlink(f->temp_path);
        st = ccd_error_set(err, CCD_ERR_INPUT, f->path, 0, 0, "cannot write: %s", strerror(e));
    }
    release(f);
    return st;
}

void ccd_atomic_file_abort(ccd_atomic_file *f)
{
    if (f->stream)
        fclose(f->stream);
    if (f->temp_path)
        unlink(f->temp_path);
    release(f);
}
