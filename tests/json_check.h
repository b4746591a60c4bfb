/* SPDX-License-Identifier: MIT */
/* A tiny JSON syntax checker (RFC 8259 grammar, no semantics) for the tests of
 * `--format json`: json_valid(text) is 1 when text is exactly one JSON value. */
#ifndef CCD_TEST_JSON_CHECK_H
#define CCD_TEST_JSON_CHECK_H
#include <string.h>

static const char *json_value(const char *p, int depth);

static const char *json_space(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    return p;
}

static const char *json_string(const char *p)
{
    if (*p++ != '"')
        return NULL;
    for (; *p != '"'; p++) {
        if ((unsigned char)*p < 0x20)
            return NULL;
        if (*p == '\\') {
            p++;
            if (*p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
                        return NULL;
                p += 4;
            } else if (!*p || !strchr("\"\\/bfnrt", *p)) {
                return NULL;
            }
        }
    }
    return p + 1;
}

static const char *json_digits(const char *p)
{
    if (*p < '0' || *p > '9')
        return NULL;
    while (*p >= '0' && *p <= '9')
        p++;
    return p;
}

static const char *json_number(const char *p)
{
    if (*p == '-')
        p++;
    if (*p == '0')
        p++;
    else if (!(p = json_digits(p)))
        return NULL;
    if (*p == '.' && !(p = json_digits(p + 1)))
        return NULL;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(p = json_digits(p)))
            return NULL;
    }
    return p;
}

static const char *json_members(const char *p, int depth, char close, int keyed)
{
    p = json_space(p + 1);
    if (*p == close)
        return p + 1;
    for (;;) {
        if (keyed) {
            if (!(p = json_string(p)))
                return NULL;
            p = json_space(p);
            if (*p++ != ':')
                return NULL;
        }
        if (!(p = json_value(p, depth + 1)))
            return NULL;
        if (*p == close)
            return p + 1;
        if (*p++ != ',')
            return NULL;
        p = json_space(p);
    }
}

/* One value with the white space around it; NULL when malformed. */
static const char *json_value(const char *p, int depth)
{
    if (depth > 64)
        return NULL;
    p = json_space(p);
    if (*p == '{')
        p = json_members(p, depth, '}', 1);
    else if (*p == '[')
        p = json_members(p, depth, ']', 0);
    else if (*p == '"')
        p = json_string(p);
    else if (strncmp(p, "true", 4) == 0)
        p += 4;
    else if (strncmp(p, "false", 5) == 0)
        p += 5;
    else if (strncmp(p, "null", 4) == 0)
        p += 4;
    else
        p = json_number(p);
    return p ? json_space(p) : NULL;
}

static inline int json_valid(const char *text)
{
    const char *end = json_value(text, 0);
    return end && *end == '\0';
}
#endif
