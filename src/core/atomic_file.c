/* SPDX-License-Identifier: MIT */
/* Output files: temporary + rename for regular files, straight through otherwise
 * (atomic_file.h). */
#include <config.h>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/cleanup.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

enum { CCD_MAX_LINKS = 40 }; /* as the kernel's ELOOP limit */

static void release(ccd_atomic_file *f)
{
    ccd_cleanup_remove(f->cleanup_slot - 1);
    free(f->path);
    free(f->target);
    free(f->temp_path);
    memset(f, 0, sizeof *f);
}

/* path with its symbolic links followed as far as they go (malloc'd); a link to
 * a file that does not exist yet gives that file's path.  NULL with errno set
 * (ENOMEM, ELOOP). */
static char *follow_links(const char *path)
{
    char *cur = strdup(path);
    for (int hops = 0; cur; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur; /* not a link (or nothing there): open says what is wrong */
        if (hops == CCD_MAX_LINKS) {
            free(cur);
            errno = ELOOP;
            return NULL;
        }
        size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096;
        char *link = malloc(cap);
        ssize_t n = link ? readlink(cur, link, cap) : -1;
        if (n < 0 || (size_t)n >= cap) { /* changed under us: stop following */
            free(link);
            return cur;
        }
        link[n] = '\0';
        const char *slash = strrchr(cur, '/');
        char *next;
        if (link[0] == '/' || !slash) {
            next = link;
        } else { /* relative to the link's directory */
            size_t dir = (size_t)(slash - cur) + 1;
            next = malloc(dir + (size_t)n + 1);
            if (next) {
                memcpy(next, cur, dir);
                memcpy(next + dir, link, (size_t)n + 1);
            }
            free(link);
        }
        free(cur);
        cur = next;
    }
    errno = ENOMEM;
    return NULL;
}

/* A new file beside target, exclusively created (so the umask applies) under a
 * random name target.tmp.XXXXXX.  Returns its descriptor, or -1 with errno. */
static int create_temporary(char *temp_path, size_t size, const char *target)
{
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
        uint32_t nonce = 0;
        if (getrandom(&nonce, sizeof nonce, GRND_NONBLOCK) != (ssize_t)sizeof nonce)
            nonce = (uint32_t)getpid() * 2654435761u + (uint32_t)attempt * 40503u;
        snprintf(temp_path, size, "%s.tmp.%06x", target, (unsigned)(nonce & 0xffffffu));
        do
            fd = open(temp_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0666);
        while (fd < 0 && errno == EINTR);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    return fd;
}

ccd_status ccd_atomic_file_open(ccd_atomic_file *f, ccd_error *err, const char *path)
{
    memset(f, 0, sizeof *f);
    if (!path[0]) /* names no file; it used to fail only at the rename, after the work */
        return ccd_error_set(err, CCD_ERR_INPUT, "''", 0, 0, "cannot create: an empty path");
    f->path = strdup(path);
    if (!f->path) {
        release(f);
        return ccd_error_oom(err, path);
    }
    /* What path names, links followed by the kernel (which also resolves the
     * links of /proc, such as /dev/stdout, that name no file: "pipe:[N]"). */
    struct stat st;
    int exists = stat(path, &st) == 0;
    int fd;
    if (exists && !S_ISREG(st.st_mode)) {
        /* A device, FIFO or terminal: write into it (a FIFO waits for its reader). */
        if (S_ISDIR(st.st_mode)) {
            release(f);
            return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot create: %s",
                                 strerror(EISDIR));
        }
        do
            fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
        while (fd < 0 && errno == EINTR);
    } else if (!(f->target = follow_links(path))) {
        fd = -1;
    } else {
        size_t size = strlen(f->target) + sizeof ".tmp.XXXXXX";
        if (!(f->temp_path = malloc(size))) {
            release(f);
            return ccd_error_oom(err, path);
        }
        /* registered before it exists: a signal right after the file appears
         * must find it (unlinking a name not yet created does no harm) */
        f->temp_path[0] = '\0';
        f->cleanup_slot = ccd_cleanup_add(f->temp_path, 0) + 1;
        fd = create_temporary(f->temp_path, size, f->target);
        if (fd >= 0 && exists) /* replacing a file: it keeps its permissions */
            fchmod(fd, st.st_mode & 07777);
    }
    if (fd < 0) {
        int e = errno;
        const int beside = exists && f->temp_path; /* the temporary failed, not the file */
        release(f);
        if (e == ENOMEM)
            return ccd_error_oom(err, path);
        if (beside) /* /proc/self/status: "No such file or directory", of a file that is */
            return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                                 "cannot replace: no new file can be made in its directory "
                                 "(%s), and the output is written beside it, then renamed "
                                 "over it",
                                 strerror(e));
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot create: %s", strerror(e));
    }
    f->stream = fdopen(fd, "w");
    if (!f->stream) {
        int e = errno;
        close(fd);
        if (f->temp_path)
            unlink(f->temp_path);
        release(f);
        return ccd_error_set(err, CCD_ERR_INTERNAL, path, 0, 0, "cannot open: %s", strerror(e));
    }
    return CCD_OK;
}

static ccd_status commit(ccd_atomic_file *f, ccd_error *err, int sync);

ccd_status ccd_atomic_file_commit(ccd_atomic_file *f, ccd_error *err)
{
    return commit(f, err, 1);
}

ccd_status ccd_atomic_file_commit_unsynced(ccd_atomic_file *f, ccd_error *err)
{
    return commit(f, err, 0);
}

static ccd_status commit(ccd_atomic_file *f, ccd_error *err, int sync)
{
    int failed = ferror(f->stream), e = EIO;
    if (fflush(f->stream) != 0) { /* after a failed write, usually fails again: its errno */
        failed = 1;
        e = errno;
    }
    /* the data on disk before the name: a crash leaves the old file or the new one */
    if (!failed && sync && f->temp_path && fsync(fileno(f->stream)) != 0) {
        failed = 1;
        e = errno;
    }
    if (fclose(f->stream) != 0 && !failed) {
        failed = 1;
        e = errno;
    }
    f->stream = NULL;
    /* Unsynced, the old file is removed first: ext4 (auto_da_alloc) writes a
     * new file's data out when it is renamed over an old one, so that a crash
     * leaves one of the two whole, and that rename took 0.3 ms where the
     * unlink and rename take 0.06 (the cost cache at the end of every run;
     * atomic_file.h: a reader may find no file meanwhile).  Renamed over a
     * file that appeared since, as when synced. */
    if (!failed && !sync && f->temp_path)
        unlink(f->target);
    if (!failed && f->temp_path && rename(f->temp_path, f->target) != 0) {
        failed = 1;
        e = errno;
    }
    ccd_status st = CCD_OK;
    if (failed) {
        if (f->temp_path)
            unlink(f->temp_path);
        st = ccd_error_set(err, CCD_ERR_INTERNAL, f->path, 0, 0, "cannot write: %s",
                           strerror(e));
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

ccd_status ccd_atomic_file_check(ccd_error *err, const char *path)
{
    if (!path[0])
        return ccd_error_set(err, CCD_ERR_INPUT, "''", 0, 0, "cannot create: an empty path");
    struct stat st;
    int e = 0;
    char *target = NULL;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode))
            e = EISDIR;
        else if (access(path, W_OK) != 0)
            e = errno;
    } else if (!(target = follow_links(path))) {
        e = errno;
        if (e == ENOMEM)
            return ccd_error_oom(err, path);
    } else {
        size_t size = strlen(target) + sizeof ".tmp.XXXXXX";
        char *temp = malloc(size);
        if (!temp) {
            free(target);
            return ccd_error_oom(err, path);
        }
        temp[0] = '\0';
        int slot = ccd_cleanup_add(temp, 0);
        int fd = create_temporary(temp, size, target);
        if (fd < 0) {
            e = errno;
        } else {
            close(fd);
            unlink(temp);
        }
        ccd_cleanup_remove(slot);
        free(temp);
    }
    free(target);
    if (e)
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot create: %s", strerror(e));
    return CCD_OK;
}
