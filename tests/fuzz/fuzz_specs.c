/* SPDX-License-Identifier: MIT */
/* libFuzzer target of the parsers of shapes and poses written on the command
 * line: ccd_pose_parse (<ccdbench/pose.h>: `--pose-a W,X,Y,Z,PX,PY,PZ`) and
 * ccd_shape_parse (src/contact/scaling: `contact scaling pair KIND,KEY=VALUE...`).
 *
 * Input: a selector byte (even: a pose, odd: a shape), then the text.  A refused
 * text fails with CCD_ERR_INPUT and one "name: what" message; an accepted pose
 * has a rotation whose rows are unit vectors to 1e-12 and a position within
 * CCD_POSE_MAX_POSITION, an accepted shape passes ccd_shape_check. */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ccdbench/pose.h"
#include "ccdbench/scaling.h"
#include "ccdbench/scaling.h"
#include "fuzz_check.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size == 0)
        return 0;
    char *text = malloc(size);
    if (!text)
        abort();
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    static const char *const name[] = {"spec"};
    ccd_error err;
    if (data[0] % 2 == 0) {
        ccd_pose pose;
        if (ccd_pose_parse(&pose, &err, name[0], text) != CCD_OK) {
            if (err.status != CCD_ERR_INPUT)
                abort();
            ccd_fuzz_check_message(&err, name, 1);
        } else {
            for (int i = 0; i < 3; i++) {
                double n = 0;
                for (int j = 0; j < 3; j++)
                    n += pose.rot[i][j] * pose.rot[i][j];
                if (!(fabs(n - 1) <= 1e-12) || !(fabs(pose.pos[i]) <= CCD_POSE_MAX_POSITION))
                    abort();
            }
        }
    } else {
        ccd_shape s;
        if (ccd_shape_parse(&s, &err, name[0], text) != CCD_OK) {
            if (err.status != CCD_ERR_INPUT)
                abort();
            ccd_fuzz_check_message(&err, name, 1);
        } else if (ccd_shape_check(&s) != CCD_SCALING_OK) {
            abort();
        }
    }
    free(text);
    return 0;
}
