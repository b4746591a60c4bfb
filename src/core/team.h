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
 * The threads are bound, one to each CPU of the caller's affinity mask, when
 * the team has one thread a CPU of it (the default of `--threads`): the caller
 * to the CPU it runs on, the others to the next ones of the mask (created
 * there), for the time of the pass; the caller's mask is given back when the
 * team is done.  Several such teams at once (processes, MPI ranks) then put
 * one thread of each on every CPU.  Unbound, the scheduler put a thread
 * created or woken by a busy one on that one's CPU and moved it only at its
 * next tick: measured on the 2-core VM of docs/performance.md, a thread
 * created by a busy one began after 3.87 ms in 20 of 24 tries (0.06 to
 * 0.14 ms created on the other CPU), and in Tight Inclusion's d = 0 pass
 * over the shared data (55 ms on two threads) the second thread began 0.6 to
 * 3.8 ms late (0.2 to 0.3 ms bound) and once ran 3.7 ms after it was woken.
 *
 * Not bound: with OMP_PROC_BIND=false; a team smaller or larger than the mask
 * (fewer threads than CPUs: teams of several processes would all take the
 * first CPUs of their masks); a mask the calls cannot read or set.  With
 * OMP_PROC_BIND set otherwise (true, close, spread, ...), the OpenMP runtime
 * binds the program's first thread to the first of its places (OMP_PLACES,
 * by default one a core or hardware thread) before main: the team's threads
 * then take the places in turn from the caller's (before, they all shared
 * the caller's one place, and a run on two threads took as long as on one).
 *
 * A thread that cannot be created is not an error: the team is smaller
 * (the loop hands out its work to whichever threads exist).
 */
#ifndef CCD_CORE_TEAM_H
#define CCD_CORE_TEAM_H
#include <sched.h> /* cpu_set_t (with _GNU_SOURCE, config.h) */

/* Runs body(ctx, t) for t = 0 .. threads - 1 (threads ≥ 1), t = 0 on the
 * calling thread, the others on threads of their own (a stack of the
 * process's default size); returns when all are done.  Returns the number of
 * threads that ran: less than `threads` when a thread could not be created
 * (those t were skipped, never run twice). */
int ccd_team_run(int threads, void (*body)(void *ctx, int t), void *ctx);

/* Whether teams are bound (above): unless OMP_PROC_BIND is "false". */
int ccd_team_binds(void);

/* The CPUs a team of `threads` would be bound to, masks[t] thread t's (masks
 * holds `threads`): 1, or 0 when it would not be bound. */
int ccd_team_masks(cpu_set_t *masks, int threads);

#endif
