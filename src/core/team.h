/* SPDX-License-Identifier: MIT */
/*
 * A team of threads for one parallel pass: body(ctx, t) on threads t = 0 ..
 * n - 1, the caller as thread 0, returning when all have returned.
 *
 * The batch loop (bench/batch_loop.c) ran its pass as an OpenMP parallel
 * region.  libgomp's threads spin before they sleep (OMP_WAIT_POLICY unset),
 * and at the start of a region the spinning one often shared its core with
 * the one it waited for until the scheduler's next tick: measured on the
 * 2-core VM this was written on, the region's first thread began 4 to 6 ms
 * late in half of the runs of a 0.2 s pass (GOMP_SPINCOUNT=0 removed it, and
 * a program cannot set that for itself: libgomp reads it when it is loaded).
 * The loop's threads never wait in the runtime (they sleep on a condition
 * variable when idle), so plain threads, which do not spin, serve it.
 *
 * A thread that cannot be created is not an error: the team is smaller
 * (the loop hands out its work to whichever threads exist).
 */
#ifndef CCD_CORE_TEAM_H
#define CCD_CORE_TEAM_H

/* Runs body(ctx, t) for t = 0 .. threads - 1 (threads ≥ 1), t = 0 on the
 * calling thread, the others on threads of their own (a stack of the
 * process's default size); returns when all are done.  Returns the number of
 * threads that ran: less than `threads` when a thread could not be created
 * (those t were skipped, never run twice). */
int ccd_team_run(int threads, void (*body)(void *ctx, int t), void *ctx);

#endif
