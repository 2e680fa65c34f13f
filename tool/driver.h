/* The pipeline behind the command line (PRAGMAS.md section 6), split from
 * main() so that the fuzz target (tests/fuzz/) runs it in-process. */
#ifndef PARGRAD_DRIVER_H
#define PARGRAD_DRIVER_H

#include "diag.h"

#include <stdbool.h>
#include <stdio.h>

/* Exit statuses. */
enum {
    PARGRAD_EXIT_OK = 0,
    PARGRAD_EXIT_FAILED = 1, /* input rejected, output not writable, out of memory */
    PARGRAD_EXIT_USAGE = 2,
};

typedef struct Options {
    const char *input, *output, *backend, *emit_ir, *build_dir, *depfile;
    const char *reverse, *wrt, *out, *name;
    bool md, line_directives;
    bool report;      /* --report: what each sequential loop keeps on the tape */
    bool primal;      /* --primal (cuda): the differentiated functions themselves too, f_cuda */
    FILE *report_out; /* where the report goes until every job has succeeded */
    int nclang;
    const char **clang;
    FILE *ir_out; /* where --emit-ir prints; stdout when NULL */
} Options;

/* Reads the command line into o (which the caller zeroes). 0, or
 * PARGRAD_EXIT_USAGE with the message printed. */
int driver_parse_args(int argc, char **argv, Options *o);

/* Parses o->input, lifts, differentiates, and writes the generated C to
 * `code` and, when `deps` is not NULL, the make rule `o->output: input
 * headers...` to `deps`. Nothing is written to them unless every job
 * succeeds. Returns a PARGRAD_EXIT_ status; diagnostics go to d. */
int driver_translate(Options *o, Arena *a, Diags *d, FILE *code, FILE *deps);

/* Writes `s` as a make dependency word (spaces, '#' and '$' escaped). */
void driver_write_make_word(FILE *out, const char *s);

/* The whole command: options, translation, output files. */
int driver_main(int argc, char **argv);

#endif
