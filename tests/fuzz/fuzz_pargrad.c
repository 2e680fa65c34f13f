/* libFuzzer target: the whole pipeline of pargrad (libclang front end,
 * directives, lifting, activity, reversal, simplification, C emission and the
 * depfile) on one input file, in-process. See tests/fuzz/README.md.
 *
 * Besides crashes and sanitizer reports it checks the exit-status contract:
 * a rejected input (status 1) comes with at least one diagnostic, and the
 * source's directives never give a usage error (status 2). */
#define _DEFAULT_SOURCE /* mkstemps */
#define _XOPEN_SOURCE 700
#include "driver.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef FUZZ_INCLUDE_DIR
#define FUZZ_INCLUDE_DIR "."
#endif

static char input_path[4096];
static int input_fd = -1;
static FILE *devnull;

static void remove_input(void) {
    unlink(input_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    /* Crashes inside libclang surface instead of being turned into a parse
     * failure on another thread. */
    setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
    const char *tmp = getenv("TMPDIR");
    snprintf(input_path, sizeof input_path, "%s/pargrad_fuzz_XXXXXX.c", tmp && *tmp ? tmp : "/tmp");
    input_fd = mkstemps(input_path, 2);
    if (input_fd < 0) {
        perror("pargrad_fuzz: mkstemps");
        abort();
    }
    atexit(remove_input);
    devnull = fopen("/dev/null", "w");
    if (!devnull)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (ftruncate(input_fd, 0) != 0 || pwrite(input_fd, data, size, 0) != (ssize_t)size)
        abort();
    /* The options vary with the input's size, so that each input is
     * translated the same way every time. */
    static const char *const stages[] = {NULL, "lifted", "rev", "opt"};
    static const char *clang_args[] = {"-I", FUZZ_INCLUDE_DIR};
    Options o = {.input = input_path,
                 .output = "fuzz_b.c",
                 .backend = size & 1 ? "serial" : "openmp",
                 .line_directives = (size & 2) != 0,
                 .emit_ir = stages[(size >> 2) & 3],
                 .nclang = 2,
                 .clang = clang_args,
                 .ir_out = devnull};
    Arena a = {0};
    Diags d = {.out = devnull};
    int rc = driver_translate(&o, &a, &d, devnull, devnull);
    if (rc == PARGRAD_EXIT_FAILED && d.errors == 0) {
        fprintf(stderr, "pargrad_fuzz: input rejected without a diagnostic\n");
        abort();
    }
    if (rc != PARGRAD_EXIT_OK && rc != PARGRAD_EXIT_FAILED) {
        fprintf(stderr, "pargrad_fuzz: exit status %d for the source's directives\n", rc);
        abort();
    }
    diag_free(&d);
    arena_free(&a);
    return 0;
}
