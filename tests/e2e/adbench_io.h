/* Reading ADBench's instance and reference files for the e2e checks of
 * its objectives (gmm_check.c, lstm_check.c): a failure to read stops the
 * check with SETUP FAILED, never a pass. Include after gradcheck.h. */
#ifndef ADBENCH_IO_H
#define ADBENCH_IO_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void read_fail(const char *path, const char *what) {
    printf("SETUP FAILED: %s: cannot read %s\n", path, what);
    exit(1);
}

static void read_doubles(FILE *f, const char *path, const char *what, double *a, int n) {
    for (int i = 0; i < n; i++)
        if (fscanf(f, "%lf", &a[i]) != 1)
            read_fail(path, what);
}

/* file of values, lines starting with '#' ignored */
static void read_ref(const char *path, double *a, int n) {
    FILE *f = fopen(path, "r");
    if (!f)
        read_fail(path, "the file");
    char line[256];
    int i = 0;
    while (i < n && fgets(line, sizeof line, f))
        if (line[0] != '#' && sscanf(line, "%lf", &a[i]) == 1)
            i++;
    fclose(f);
    if (i != n)
        read_fail(path, "enough values");
}

static void data_path(char *out, size_t size, const char *dir, const char *name) {
    int len = snprintf(out, size, "%s/%s", dir, name);
    if (len < 0 || (size_t)len >= size)
        read_fail(dir, "a path this long");
}

/* The data directory: `given` (a -D macro) when not NULL, else argv[1],
 * else dirname(src)/../data/adbench/NAME (src: the check's __FILE__, an
 * absolute path where CMake compiles it). */
static void adbench_dir(char *dir, size_t size, const char *given, int argc, char **argv,
                        const char *src, const char *name) {
    if (given)
        snprintf(dir, size, "%s", given);
    else if (argc > 1)
        snprintf(dir, size, "%s", argv[1]);
    else {
        const char *slash = strrchr(src, '/');
        int len = slash ? (int)(slash - src) : 1;
        snprintf(dir, size, "%.*s/../data/adbench/%s", len, slash ? src : ".", name);
    }
}

#endif
