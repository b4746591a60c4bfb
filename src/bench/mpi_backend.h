/* SPDX-License-Identifier: MIT */
/*
 * The MPI calls of an MPI job (mpi_job.c), in a module of their own,
 * ccdbench-mpi.so, built with Open MPI and loaded (dlopen) only by a process
 * that mpirun or srun started.  Linked into the library, libmpi (with hwloc,
 * udev and libevent) was loaded by every program that uses libccdbench, the
 * Python package's extension too, and took 0.6 of the 1.6 ms of every
 * `ccdbench` start.
 */
#ifndef CCD_BENCH_MPI_BACKEND_H
#define CCD_BENCH_MPI_BACKEND_H
#include <stdint.h>

#define CCD_MPI_BACKEND_API 1
#define CCD_MPI_MODULE "ccdbench-mpi.so"

typedef struct ccd_mpi_backend {
    int api; /* CCD_MPI_BACKEND_API */
    /* MPI_Init_thread (funnelled: only the main thread calls MPI), this
     * rank's number and the job's size; 0 when it succeeded. */
    int (*init)(int *rank, int *size);
    /* The least of every rank's `mine` (collective). */
    int (*min_int)(int mine);
    /* *v of rank 0 on every rank (collective). */
    void (*bcast_u64)(uint64_t *v);
    /* Every rank's `mine` into all[rank] on rank 0 (collective; all: rank 0). */
    void (*gather_u64)(uint64_t mine, uint64_t *all);
    /* n bytes (n < 2^31) to rank 0, or on rank 0 from rank `from`. */
    void (*send_bytes)(const char *p, int n);
    void (*recv_bytes)(char *p, int n, int from);
    /* Ends every rank of the job (the others are committed to an exchange). */
    void (*abort_job)(void);
    void (*finalize)(void);
} ccd_mpi_backend;

/* The module's one entry point. */
typedef const ccd_mpi_backend *ccd_mpi_backend_fn(void);
const ccd_mpi_backend *ccd_mpi_backend_get(void);

#endif
