/* SPDX-License-Identifier: MIT */
/* json_valid FILE: exit 0 when FILE holds exactly one JSON value, 1 otherwise. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "../json_check.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: json_valid FILE\n", stderr);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap + 1);
    size_t got;
    while (text && (got = fread(text + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *grown = realloc(text, 2 * cap + 1);
            if (!grown) {
                free(text);
                text = NULL;
                break;
            }
            text = grown;
            cap *= 2;
        }
    }
    fclose(f);
    if (!text)
        return 2;
    text[n] = '\0';
    int ok = json_valid(text);
    if (!ok)
        fprintf(stderr, "%s: not valid JSON\n", argv[1]);
    free(text);
    return ok ? 0 : 1;
}
