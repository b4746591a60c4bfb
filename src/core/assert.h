/* SPDX-License-Identifier: MIT */
/*
 * Invariants.  CCD_ASSERT(cond) states something the code relies on and that
 * no input can break (an array bound the search keeps by construction, the
 * order the batch loop hands results back in, a nonzero denominator): when it
 * is false, the program is wrong, not the data.  Bad input is reported with
 * ccd_error_set, never asserted.
 *
 * With assertions on (configure --enable-assertions, default with
 * --enable-sanitizers; the test builds) a false invariant prints
 * "file:line: function: invariant failed: cond" on stderr and aborts.  Off (a
 * release build) the macro compiles to nothing: cond is not evaluated, so it
 * may be as expensive as it needs to be, and must have no side effect.
 */
#ifndef CCD_CORE_ASSERT_H
#define CCD_CORE_ASSERT_H
#include <config.h>

#ifdef CCD_ASSERTIONS
#define CCD_ASSERT(cond) \
    ((cond) ? (void)0 : ccd_assert_fail(#cond, __FILE__, __LINE__, __func__))
#else
/* sizeof does not evaluate its operand, but the names in cond stay "used". */
#define CCD_ASSERT(cond) ((void)sizeof(!(cond)))
#endif

/* Report the failed invariant and abort (never returns). */
_Noreturn void ccd_assert_fail(const char *cond, const char *file, int line, const char *func);

#endif
