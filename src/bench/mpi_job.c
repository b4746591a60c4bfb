/* SPDX-License-Identifier: MIT */
/* An MPI job of ccdbench ranks (see mpi_job.h). */
#include <config.h>

#include "bench/mpi_job.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/mpi_backend.h"
#include "core/assert.h"
#include "core/error.h"

#include <dlfcn.h>

int ccd_mpi_built(void)
{
#ifdef CCD_HAVE_MPI
    return 1;
#else
    return 0;
#endif
}

/* The job size a launcher announces: Open MPI's mpirun, PMI-2 (srun
 * --mpi=pmi2, MPICH's hydra) or Slurm's task count under srun --mpi=pmix;
 * 0 when none is set. */
static long launcher_size(void)
{
    static const char *const names[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = getenv(names[i]);
        if (v && *v)
            return strtol(v, NULL, 10);
    }
    if (getenv("PMIX_RANK")) {
        const char *v = getenv("SLURM_NTASKS");
        return v && *v ? strtol(v, NULL, 10) : 1;
    }
    return 0;
}

int ccd_mpi_launched(void)
{
    return launcher_size() > 0;
}

#ifdef CCD_HAVE_MPI
/* Loads the MPI module (mpi_backend.h): $CCDBENCH_MPI_MODULE when set, else
 * the one of the build tree beside the running program (src/cli/ccdbench:
 * src/bench/.libs), else the installed one.  Global symbols: Open MPI's own
 * components, which it loads, link against libmpi's. */
static const ccd_mpi_backend *load_backend(ccd_error *err, long ranks)
{
    char tree[4096] = "", why[512] = "not found";
    const char *env = getenv("CCDBENCH_MPI_MODULE");
    ssize_t n = readlink("/proc/self/exe", tree, sizeof tree - 1);
    if (n > 0) {
        tree[n] = '\0';
        char *slash = strrchr(tree, '/');
        const char *rel = "/../bench/.libs/" CCD_MPI_MODULE;
        if (slash && (size_t)(slash - tree) + strlen(rel) < sizeof tree)
            strcpy(slash, rel);
        else
            tree[0] = '\0';
    }
    const char *paths[2];
    int count = 0;
    if (env && *env) { /* named: that one only */
        paths[count++] = env;
    } else {
        if (tree[0] && access(tree, F_OK) == 0)
            paths[count++] = tree;
        paths[count++] = CCD_PKGLIBDIR "/" CCD_MPI_MODULE;
    }
    for (int i = 0; i < count; i++) {
        void *h = dlopen(paths[i], RTLD_NOW | RTLD_GLOBAL);
        if (!h) {
            snprintf(why, sizeof why, "%s", dlerror());
            continue;
        }
        ccd_mpi_backend_fn *get;
        *(void **)&get = dlsym(h, "ccd_mpi_backend_get");
        const ccd_mpi_backend *b = get ? get() : NULL;
        if (b && b->api == CCD_MPI_BACKEND_API)
            return b; /* kept loaded to the end: MPI_Finalize is in it */
        snprintf(why, sizeof why, "%s: not a ccdbench MPI module of this version", paths[i]);
        dlclose(h);
    }
    ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                  "started as one of %ld MPI ranks, but its MPI module (%s) cannot be "
                  "loaded: %s (CCDBENCH_MPI_MODULE names it)",
                  ranks, CCD_MPI_MODULE, why);
    return NULL;
}

/* Ranks > 0: stderr goes to an unlinked temporary file until the job agrees. */
static ccd_status hold_stderr(ccd_mpi_job *job, ccd_error *err)
{
    char path[] = "/tmp/ccdbench-stderr.XXXXXX";
    const char *dir = getenv("TMPDIR");
    char *name = NULL;
    if (dir && *dir && (name = malloc(strlen(dir) + sizeof path)))
        sprintf(name, "%s/%s", dir, path + 5);
    int fd = mkstemp(name ? name : path);
    if (fd >= 0)
        unlink(name ? name : path);
    free(name);
    if (fd < 0)
        return ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                             "rank %d: cannot hold its stderr back: %s", job->rank,
                             strerror(errno));
    fflush(stderr);
    job->real_stderr = dup(STDERR_FILENO);
    if (job->real_stderr < 0 || dup2(fd, STDERR_FILENO) < 0) {
        int e = errno;
        close(fd);
        if (job->real_stderr >= 0)
            close(job->real_stderr);
        job->real_stderr = -1;
        return ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0,
                             "rank %d: cannot hold its stderr back: %s", job->rank, strerror(e));
    }
    job->held_stderr = fd;
    return CCD_OK;
}
#endif

/* Give stderr back; with `show`, write out what was held first. */
static void release_stderr(ccd_mpi_job *job, int show)
{
    if (job->held_stderr < 0)
        return;
    fflush(stderr);
    dup2(job->real_stderr, STDERR_FILENO);
    close(job->real_stderr);
    if (show && lseek(job->held_stderr, 0, SEEK_SET) == 0) {
        char buf[4096];
        ssize_t n;
        while ((n = read(job->held_stderr, buf, sizeof buf)) > 0)
            if (write(STDERR_FILENO, buf, (size_t)n) != n)
                break;
    }
    close(job->held_stderr);
    job->held_stderr = job->real_stderr = -1;
}

ccd_status ccd_mpi_job_start(ccd_mpi_job *job, ccd_error *err)
{
    *job = (ccd_mpi_job){.rank = 0, .size = 1, .real_stderr = -1, .held_stderr = -1};
    long announced = launcher_size();
    if (announced <= 0)
        return CCD_OK;
#ifdef CCD_HAVE_MPI
    /* The team's threads do the work; only the main thread calls MPI. */
    if (!(job->mpi = load_backend(err, announced)))
        return err->status;
    if (job->mpi->init(&job->rank, &job->size) != 0)
        return ccd_error_set(err, CCD_ERR_INTERNAL, "ccdbench", 0, 0, "MPI_Init failed");
    job->active = 1;
    if (job->rank > 0)
        return hold_stderr(job, err);
    return CCD_OK;
#else
    if (announced > 1)
        return ccd_error_set(err, CCD_ERR_INPUT, "ccdbench", 0, 0,
                             "started as one of %ld MPI ranks, but built without MPI "
                             "(configure --with-mpi): each would run everything",
                             announced);
    return CCD_OK;
#endif
}

int ccd_mpi_job_agree(ccd_mpi_job *job, int status)
{
    CCD_ASSERT(!job->agreed);
    CCD_ASSERT(status >= 0 && status < 256);
    job->agreed = 1;
    if (!job->active)
        return status;
#ifdef CCD_HAVE_MPI
    /* The lowest failing rank and its status in one number: rank * 256 + status
     * (INT_MAX for a rank that did not fail), reduced by MPI_MIN. */
    const int mine = status ? job->rank * 256 + status : INT_MAX;
    const int first = job->mpi->min_int(mine);
    release_stderr(job, first != INT_MAX && first / 256 == job->rank);
    return first == INT_MAX ? 0 : first % 256;
#else
    return status;
#endif
}

ccd_status ccd_mpi_job_gather(char ***parts, size_t **lengths, ccd_error *err,
                              const ccd_mpi_job *job, const char *mine, size_t length)
{
    CCD_ASSERT(job->agreed);
    *parts = NULL;
    *lengths = NULL;
    int n = job->size;
    if (job->rank == 0) {
        *parts = calloc((size_t)n, sizeof **parts);
        *lengths = calloc((size_t)n, sizeof **lengths);
        if (!*parts || !*lengths) {
            free(*parts), free(*lengths);
            *parts = NULL, *lengths = NULL;
        }
    }
#ifdef CCD_HAVE_MPI
    if (job->active) {
        /* Sizes first (0 from rank 0 when it is out of memory: the others then
         * send nothing), then each rank's bytes in pieces below INT_MAX. */
        const ccd_mpi_backend *mpi = job->mpi;
        uint64_t ok = job->rank != 0 || *parts;
        mpi->bcast_u64(&ok);
        if (!ok)
            return job->rank == 0 ? ccd_error_oom(err, "ccdbench") : CCD_OK;
        uint64_t *all = NULL;
        if (job->rank == 0 && !(all = calloc((size_t)n, sizeof *all)))
            mpi->abort_job(); /* the others are committed to sending */
        mpi->gather_u64(length, all);
        const size_t piece = (size_t)1 << 30;
        if (job->rank != 0) {
            for (size_t at = 0; at < length; at += piece) {
                size_t k = length - at < piece ? length - at : piece;
                mpi->send_bytes(mine + at, (int)k);
            }
            return CCD_OK;
        }
        ccd_status st = CCD_OK;
        for (int r = 0; r < n; r++) {
            (*lengths)[r] = (size_t)all[r];
            (*parts)[r] = malloc((size_t)all[r] + 1);
            if (!(*parts)[r])
                mpi->abort_job(); /* rank r is sending */
            if (r == 0) {
                memcpy((*parts)[0], mine, length);
            } else {
                for (size_t at = 0; at < (size_t)all[r]; at += piece) {
                    size_t k = (size_t)all[r] - at < piece ? (size_t)all[r] - at : piece;
                    mpi->recv_bytes((*parts)[r] + at, (int)k, r);
                }
            }
            (*parts)[r][all[r]] = '\0';
        }
        free(all);
        return st;
    }
#endif
    if (!*parts)
        return ccd_error_oom(err, "ccdbench");
    (*lengths)[0] = length;
    if (!((*parts)[0] = malloc(length + 1))) {
        free(*parts), free(*lengths);
        *parts = NULL, *lengths = NULL;
        return ccd_error_oom(err, "ccdbench");
    }
    memcpy((*parts)[0], mine, length);
    (*parts)[0][length] = '\0';
    return CCD_OK;
}

int ccd_mpi_job_end(ccd_mpi_job *job, int status)
{
    if (!job->agreed)
        status = ccd_mpi_job_agree(job, status);
    release_stderr(job, 0);
#ifdef CCD_HAVE_MPI
    if (job->active) {
        fflush(stdout);
        job->mpi->finalize();
        job->active = 0;
    }
#endif
    return status;
}
