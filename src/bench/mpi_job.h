/* SPDX-License-Identifier: MIT */
/*
 * An MPI job: `ccdbench run` and `truth` started by mpirun or srun split their
 * queries over the ranks (the shard rule of result_file.h: query i of file f goes
 * to rank (f + i) mod size), and rank 0 alone reduces, prints and writes.  The
 * MPI calls are in a module loaded only in a job (bench/mpi_backend.h); without
 * MPI (configure --without-mpi) or outside a launcher every process is a job of
 * one rank, rank 0.
 *
 * Failures: every rank calls ccd_mpi_job_agree exactly once, with its exit
 * status, before anything is exchanged.  What ranks other than 0 write to stderr
 * is held back until then, so that a failure every rank meets (bad arguments, a
 * malformed file all of them read) is said once, by rank 0, and one only a rank
 * meets is said by the lowest such rank; every rank then ends with that rank's
 * status, and nobody waits for a rank that has given up.
 */
#ifndef CCD_BENCH_MPI_JOB_H
#define CCD_BENCH_MPI_JOB_H
#include <stddef.h>

#include "ccdbench.h"

struct ccd_mpi_backend;
typedef struct ccd_mpi_job {
    const struct ccd_mpi_backend *mpi; /* the MPI module (bench/mpi_backend.h) */
    int rank, size;   /* 0 and 1 outside a job                              */
    int active;       /* MPI_Init was called (finalised by ccd_mpi_job_end) */
    int agreed;       /* ccd_mpi_job_agree was called                       */
    int real_stderr;  /* ranks > 0: the launcher's stderr while ours is held; -1 */
    int held_stderr;  /* ranks > 0: the file stderr is written to; -1       */
} ccd_mpi_job;

/* Whether this ccdbench was built with MPI. */
int ccd_mpi_built(void);
/* Is this process one of an mpirun/srun job (the launcher's environment)? */
int ccd_mpi_launched(void);
/* Join the job when launched by mpirun or srun (MPI_Init), else a job of one.
 * CCD_ERR_INTERNAL when MPI cannot start or stderr cannot be held. */
ccd_status ccd_mpi_job_start(ccd_mpi_job *job, ccd_error *err);
/* Collective: the job's exit status from every rank's status (0 ok).  When some
 * rank failed, the lowest failing rank's held stderr is written out and its
 * status returned on every rank; stderr is no longer held afterwards. */
int ccd_mpi_job_agree(ccd_mpi_job *job, int status);
/* Collective, after ccd_mpi_job_agree: rank 0 gets every rank's bytes
 * (parts[r], lengths[r] for rank r, malloc'd: free each with free() and the
 * arrays too); other ranks send theirs and get NULL.  Rank 0's own bytes are
 * copied too. */
ccd_status ccd_mpi_job_gather(char ***parts, size_t **lengths, ccd_error *err,
                              const ccd_mpi_job *job, const char *mine, size_t length);
/* Leave the job: agree on `status` if not done yet, then MPI_Finalize.
 * Returns the job's exit status. */
int ccd_mpi_job_end(ccd_mpi_job *job, int status);

#endif
