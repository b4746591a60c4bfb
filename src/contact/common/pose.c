/* SPDX-License-Identifier: MIT */
/* Rigid poses (see ccdbench/pose.h). */
#include <config.h>

#include "ccdbench/pose.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

ccd_status ccd_pose_parse(ccd_pose *pose, ccd_error *err, const char *name, const char *text)
{
    double x[7];
    size_t k = 0;
    const char *s = text;
    while (k < 7) {
        char *end;
        x[k] = strtod(s, &end);
        if (end == s)
            break;
        const size_t at = (size_t)(s - text) + 1;
        if (!isfinite(x[k]))
            return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0,
                                 "at character %zu: '%.*s' (number %zu of W,X,Y,Z,PX,PY,PZ) "
                                 "is not finite",
                                 at, (int)(end - s), s, k + 1);
        if (k >= 4 && !(fabs(x[k]) <= CCD_POSE_MAX_POSITION))
            return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0,
                                 "at character %zu: '%.*s' (number %zu of W,X,Y,Z,PX,PY,PZ) "
                                 "is beyond %g in magnitude (the range of the contact "
                                 "routines' arithmetic)",
                                 at, (int)(end - s), s, k + 1, CCD_POSE_MAX_POSITION);
        k++;
        s = end;
        if (*s != ',')
            break;
        s++;
    }
    if (k != 7 || *s)
        return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0,
                             "expected W,X,Y,Z,PX,PY,PZ (7 numbers), got '%s'", text);
    if (x[0] == 0 && x[1] == 0 && x[2] == 0 && x[3] == 0)
        return ccd_error_set(err, CCD_ERR_INPUT, name, 0, 0, "the quaternion is zero");
    ccd_pose_from_quaternion(pose, x, x + 4);
    return CCD_OK;
}

void ccd_pose_translation(ccd_pose *pose, const double pos[3])
{
    memset(pose, 0, sizeof *pose);
    for (int i = 0; i < 3; i++) {
        pose->rot[i][i] = 1;
        pose->pos[i] = pos ? pos[i] : 0;
    }
}

void ccd_pose_from_quaternion(ccd_pose *pose, const double q[4], const double pos[3])
{
    /* scaled by the largest component first, so that the squares neither underflow
     * (a component of 1e-320 gave a norm of 0, then inf and NaN) nor overflow */
    const double m = fmax(fmax(fabs(q[0]), fabs(q[1])), fmax(fabs(q[2]), fabs(q[3])));
    const double s[4] = {q[0] / m, q[1] / m, q[2] / m, q[3] / m};
    const double n = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2] + s[3] * s[3]);
    const double w = s[0] / n, x = s[1] / n, y = s[2] / n, z = s[3] / n;
    double (*r)[3] = pose->rot;
    r[0][0] = 1 - 2 * (y * y + z * z), r[0][1] = 2 * (x * y - w * z), r[0][2] = 2 * (x * z + w * y);
    r[1][0] = 2 * (x * y + w * z), r[1][1] = 1 - 2 * (x * x + z * z), r[1][2] = 2 * (y * z - w * x);
    r[2][0] = 2 * (x * z - w * y), r[2][1] = 2 * (y * z + w * x), r[2][2] = 1 - 2 * (x * x + y * y);
    for (int i = 0; i < 3; i++)
        pose->pos[i] = pos ? pos[i] : 0;
}

/* E = exp([w]×) = I + A [w]× + B [w]×², A = sin θ/θ, B = (1 − cos θ)/θ²
 * (Rodrigues), by their series below θ = 1e-6, where the truncation (θ⁴/120 and
 * θ⁴/720) is below 1e-25. */
static void rotation(double E[3][3], const double w[3])
{
    double th2 = w[0] * w[0] + w[1] * w[1] + w[2] * w[2], th = sqrt(th2);
    double A = th < 1e-6 ? 1 - th2 / 6 : sin(th) / th;
    double B = th < 1e-6 ? 0.5 - th2 / 24 : (1 - cos(th)) / th2;
    const double K[3][3] = {{0, -w[2], w[1]}, {w[2], 0, -w[0]}, {-w[1], w[0], 0}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double kk = 0;
            for (int l = 0; l < 3; l++)
                kk += K[i][l] * K[l][j];
            E[i][j] = (i == j) + A * K[i][j] + B * kk;
        }
}

void ccd_pose_from_vector(ccd_pose *pose, const double v[6])
{
    rotation(pose->rot, v + 3);
    memcpy(pose->pos, v, 3 * sizeof *v);
}

void ccd_pose_perturb(ccd_pose *out, const ccd_pose *p, const double d[6])
{
    double E[3][3], R[3][3];
    rotation(E, d + 3);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R[i][j] = E[i][0] * p->rot[0][j] + E[i][1] * p->rot[1][j] + E[i][2] * p->rot[2][j];
    memcpy(out->rot, R, sizeof R);
    for (int c = 0; c < 3; c++)
        out->pos[c] = p->pos[c] + d[c];
}
