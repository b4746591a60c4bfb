/* SPDX-License-Identifier: MIT */
/*
 * What a method run in isolation (bench/isolate.h) may reach besides its query.
 * The child is a fork of ccdbench, so it holds a copy of everything the run knows;
 * the labels are in memory the child sees as zeros (core/hidden_memory.h), and
 * ccd_confine_child, called in the child before any method runs, takes away the
 * other ways to the answers: the descriptors it inherited (the data files the run
 * is reading among them) are closed, stdin reads /dev/null, and (Linux, seccomp)
 * no file can be opened (the data named on the command line, /proc/self/mem, the
 * labels JSON), no program run, no other process read (the parent's memory, its
 * descriptors), no socket made.  Such calls fail with EACCES.
 */
#ifndef CCD_BENCH_CONFINE_H
#define CCD_BENCH_CONFINE_H

/* 0 when every confinement is in place; -1 when the system cannot forbid the
 * system calls (the descriptors are closed all the same). */
int ccd_confine_child(void);

#endif
