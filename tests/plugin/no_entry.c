/* SPDX-License-Identifier: MIT */
/* TEST FIXTURE: a shared object that is not a ccdbench plugin (no CCD_PLUGIN_ENTRY);
 * loading it must fail with "symbol ... not found". */
int ccd_test_not_a_plugin(int x);

int ccd_test_not_a_plugin(int x)
{
    return x + 1;
}
