/* pargrad benchmark harness: timing, data, cache eviction and comparison
 * helpers (harness.c), plus the interface each benchmark driver implements
 * (micro/NAME_driver.c).  See bench/README.md. */
#ifndef PGB_HARNESS_H
#define PGB_HARNESS_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

/* ---- provided by harness.c -------------------------------------------- */

/* 64-byte aligned, first-touched in parallel (static schedule, like the
 * benchmark loops) so pages are mapped by the threads that use them. */
void *pgb_alloc(size_t bytes);
double *pgb_alloc_doubles(long n);
/* frees what pgb_alloc gave (managed memory under PGB_GPU) */
void pgb_free(void *p);

/* Deterministic uniform doubles in [lo, hi) and ints in [0, m). */
void pgb_fill_uniform(double *a, long n, double lo, double hi, uint64_t seed);
void pgb_fill_index(int *a, long n, long m, uint64_t seed);
/* Zero an array in parallel. */
void pgb_zero(double *a, long n);

/* Evict [p, p+bytes) from every cache level (clflush), so that each timed
 * run starts from memory, as the traffic floor assumes.  A no-op when the
 * environment sets PGB_NOFLUSH=1. */
void pgb_evict(const void *p, size_t bytes);

/* Relative comparison: |a-b| <= rtol * max(|a|,|b|) (or both tiny).
 * pgb_compare prints the first few mismatches to stderr, labelled `what`,
 * and returns the number of mismatching elements. */
int pgb_close(double a, double b, double rtol);
long pgb_compare(const char *what, const double *got, const double *want, long n, double rtol);

#define PGB_RTOL 1e-8

/* A floor whose gradient also updates scattered elements of x_b[0..n):
 * (grad_bytes + 128 bytes, a line in and out, for each 64-byte line of
 * x_b holding a non-zero value, however few of its elements changed) /
 * primal_bytes. x_b: the increments of one gradient from zero. */
double pgb_floor_with_lines(double primal_bytes, double grad_bytes, const double *x_b, long n);

/* For the PyTorch peers (PGB_DUMP=DIR): n doubles to DIR/FILE, raw; and
 * DIR/meta.txt opened for writing. Both exit with a message on failure. */
void pgb_dump_doubles(const char *dir, const char *file, const double *a, long n);
FILE *pgb_dump_meta(const char *dir);

/* ---- provided by the driver ------------------------------------------- */

enum { PGB_PRIMAL = 0, PGB_GRADIENT = 1, PGB_MANUAL = 2 };

extern const char *const bench_name;
/* Traffic floor (BENCH.md "The floor") at size n: gradient bytes / primal
 * bytes. Called once, after the timed runs. */
double bench_floor(long n);

/* Allocate and initialise inputs of size n (random, never zero). */
void bench_setup(long n);
/* 1 if `which` is linked in (the generated gradient may be missing). */
int bench_has(int which);
/* Untimed preparation before a timed run of `which`: zero the adjoints,
 * reset seeds, then evict the working set. */
void bench_prep(int which);
/* The timed call. */
void bench_run(int which);
/* Runs the gradient under test and the manual gradient once on identical
 * random adjoint/seed buffers and compares every output (return value,
 * primal outputs, adjoints, consumed seeds) with PGB_RTOL.  Returns the
 * number of mismatches (0: agree). */
long bench_verify(void);

/* Token pasting helpers for drivers. */
#define PGB_CAT_(a, b) a##b
#define PGB_CAT(a, b) PGB_CAT_(a, b)

#endif
