/* SPDX-License-Identifier: MIT */
/* The MPI calls of an MPI job, the module ccdbench-mpi.so (mpi_backend.h). */
#include <config.h>

#include "bench/mpi_backend.h"

#include <mpi.h>

static int init(int *rank, int *size)
{
    int provided = 0;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return -1;
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    return 0;
}

static int min_int(int mine)
{
    int least = mine;
    MPI_Allreduce(&mine, &least, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return least;
}

static void bcast_u64(uint64_t *v)
{
    MPI_Bcast(v, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
}

static void gather_u64(uint64_t mine, uint64_t *all)
{
    MPI_Gather(&mine, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
}

static void send_bytes(const char *p, int n)
{
    MPI_Send(p, n, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
}

static void recv_bytes(char *p, int n, int from)
{
    MPI_Recv(p, n, MPI_CHAR, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void abort_job(void)
{
    MPI_Abort(MPI_COMM_WORLD, 1);
}

static void finalize(void)
{
    MPI_Finalize();
}

__attribute__((visibility("default"))) const ccd_mpi_backend *ccd_mpi_backend_get(void)
{
    static const ccd_mpi_backend backend = {
        .api = CCD_MPI_BACKEND_API,
        .init = init,
        .min_int = min_int,
        .bcast_u64 = bcast_u64,
        .gather_u64 = gather_u64,
        .send_bytes = send_bytes,
        .recv_bytes = recv_bytes,
        .abort_job = abort_job,
        .finalize = finalize,
    };
    return &backend;
}
