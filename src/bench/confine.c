/* SPDX-License-Identifier: MIT */
/* A child that runs methods reaches nothing but its queries (confine.h). */
#include <config.h>

#include "bench/confine.h"
#include "core/assert.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <unistd.h>

#if defined(__linux__) && defined(__has_include)
#if __has_include(<linux/seccomp.h>) && __has_include(<linux/filter.h>) && \
    __has_include(<linux/audit.h>)
#define CCD_HAVE_SECCOMP 1
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif
#endif

/* Every descriptor above stderr closed; stdin from /dev/null. */
static void close_inherited(void)
{
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0) {
        dup2(null, 0);
        if (null != 0)
            close(null);
    } else {
        close(0);
    }
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536)
        max = 65536;
    for (int fd = 3; fd < max; fd++)
        close(fd);
}

#ifdef CCD_HAVE_SECCOMP
#if defined(__x86_64__)
#define CCD_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define CCD_AUDIT_ARCH AUDIT_ARCH_AARCH64
#elif defined(__i386__)
#define CCD_AUDIT_ARCH AUDIT_ARCH_I386
#endif
#endif

#if defined(CCD_HAVE_SECCOMP) && defined(CCD_AUDIT_ARCH)
/* The system calls a method must not make: whatever opens a file, runs a program,
 * reads another process or its descriptors, or talks to the outside. */
static const long forbidden[] = {
#ifdef SYS_open
    SYS_open,
#endif
#ifdef SYS_creat
    SYS_creat,
#endif
    SYS_openat,
#ifdef SYS_openat2
    SYS_openat2,
#endif
    SYS_open_by_handle_at, SYS_name_to_handle_at, SYS_execve,
#ifdef SYS_execveat
    SYS_execveat,
#endif
    SYS_ptrace, SYS_process_vm_readv, SYS_process_vm_writev,
#ifdef SYS_pidfd_open
    SYS_pidfd_open,
#endif
#ifdef SYS_pidfd_getfd
    SYS_pidfd_getfd,
#endif
#ifdef SYS_io_uring_setup
    SYS_io_uring_setup,
#endif
    SYS_socket, SYS_socketpair,
};

enum { FORBIDDEN = sizeof forbidden / sizeof forbidden[0] };

static int forbid_calls(void)
{
    /* Another architecture's calls: kill; x32 numbers (bit 30): deny; each
     * forbidden number: deny; anything else: allow. */
    struct sock_filter f[7 + 2 * FORBIDDEN];
    size_t n = 0;
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                                          offsetof(struct seccomp_data, arch));
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CCD_AUDIT_ARCH, 1, 0);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
                                          offsetof(struct seccomp_data, nr));
    f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES);
    for (size_t i = 0; i < FORBIDDEN; i++) {
        f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)forbidden[i],
                                              0, 1);
        f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES);
    }
    f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    CCD_ASSERT(n == sizeof f / sizeof f[0]);
    struct sock_fprog prog = {.len = (unsigned short)n, .filter = f};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0 ? 0 : -1;
}
#else
static int forbid_calls(void)
{
    return -1;
}
#endif

int ccd_confine_child(void)
{
    close_inherited();
    return forbid_calls();
}
