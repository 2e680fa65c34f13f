/* pargrad benchmark harness main: see harness.h and bench/README.md.
 *
 * usage: harness N REPS WARMUP
 * Runs bench_setup(N), one correctness check (generated vs manual gradient),
 * WARMUP untimed rounds, then REPS timed rounds; each round times the primal,
 * the gradient under test and the manual gradient, alternately, each after an
 * untimed bench_prep (adjoints zeroed, seeds reset, caches evicted).  Prints
 * the medians as one machine-readable line:
 *   RESULT name=... n=... threads=... floor=... primal_s=... gradient_s=...
 *          manual_s=... check=ok|MISMATCH|none
 * (gradient_s=NA when the gradient under test is not linked in). */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <emmintrin.h>
#define PGB_HAVE_CLFLUSH 1
#endif

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#ifdef PGB_GPU
/* bench/cuda/run_gpu.sh: the data in managed memory, on the GPU before
 * each timed run (the gradient and the primal run there; the CPU only
 * prepares and checks) */
#include <cuda_runtime.h>
static struct {
    void *p;
    size_t bytes;
} gpu_allocs[256];
static int ngpu_allocs;

static void *gpu_alloc(size_t sz) {
    void *p = NULL;
    if (cudaMallocManaged(&p, sz, cudaMemAttachGlobal) != cudaSuccess || ngpu_allocs == 256) {
        fprintf(stderr, "harness: cudaMallocManaged failed (%zu bytes)\n", sz);
        exit(3);
    }
    gpu_allocs[ngpu_allocs].p = p;
    gpu_allocs[ngpu_allocs++].bytes = sz;
    return p;
}

static void gpu_prefetch(void) {
    int dev = 0;
    cudaGetDevice(&dev);
    for (int i = 0; i < ngpu_allocs; i++) {
#if CUDART_VERSION >= 13000
        struct cudaMemLocation at = {.type = cudaMemLocationTypeDevice, .id = dev};
        cudaMemPrefetchAsync(gpu_allocs[i].p, gpu_allocs[i].bytes, at, 0, 0);
#else
        cudaMemPrefetchAsync(gpu_allocs[i].p, gpu_allocs[i].bytes, dev, 0);
#endif
    }
    cudaDeviceSynchronize();
}
#endif

void *pgb_alloc(size_t bytes) {
    size_t sz = (bytes + 63) / 64 * 64;
    if (sz == 0)
        sz = 64;
#ifdef PGB_GPU
    unsigned char *p = gpu_alloc(sz);
#else
    unsigned char *p = aligned_alloc(64, sz);
#endif
    if (!p) {
        fprintf(stderr, "harness: out of memory (%zu bytes)\n", sz);
        exit(3);
    }
    long nl = (long)(sz / 64);
#pragma omp parallel for schedule(static)
    for (long i = 0; i < nl; i++)
        memset(p + 64 * i, 0, 64);
    return p;
}

void pgb_free(void *p) {
#ifdef PGB_GPU
    for (int i = 0; i < ngpu_allocs; i++)
        if (gpu_allocs[i].p == p) {
            cudaFree(p);
            gpu_allocs[i] = gpu_allocs[--ngpu_allocs];
            return;
        }
#endif
    free(p);
}

double *pgb_alloc_doubles(long n) {
    return pgb_alloc((size_t)n * sizeof(double));
}

static uint64_t splitmix64(uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void pgb_fill_uniform(double *a, long n, double lo, double hi, uint64_t seed) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
        double u = (double)(splitmix64(seed * 0x100000001b3ULL + (uint64_t)i) >> 11) * 0x1.0p-53;
        a[i] = lo + (hi - lo) * u;
    }
}

void pgb_fill_index(int *a, long n, long m, uint64_t seed) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
        a[i] = (int)(splitmix64(seed * 0x100000001b3ULL + (uint64_t)i) % (uint64_t)m);
}

void pgb_zero(double *a, long n) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
        a[i] = 0.0;
}

static int flush_enabled = 1;
static unsigned char *flush_buf; /* fallback without clflush */
static size_t flush_len;

void pgb_evict(const void *p, size_t bytes) {
    if (!flush_enabled)
        return;
#ifdef PGB_HAVE_CLFLUSH
    const char *c = (const char *)((uintptr_t)p & ~(uintptr_t)63);
    const char *e = (const char *)p + bytes;
    _mm_mfence();
    for (; c < e; c += 64)
        _mm_clflush(c);
    _mm_mfence();
    (void)flush_buf;
    (void)flush_len;
#else
    (void)p;
    (void)bytes;
    if (!flush_buf) {
        flush_len = (size_t)256 << 20;
        flush_buf = pgb_alloc(flush_len);
    }
    volatile unsigned char sink = 0;
    for (size_t i = 0; i < flush_len; i += 64)
        sink ^= flush_buf[i]++;
#endif
}

int pgb_close(double a, double b, double rtol) {
    if (a == b)
        return 1;
    if (isnan(a) || isnan(b))
        return 0;
    double m = fmax(fabs(a), fabs(b));
    if (m < 1e-300)
        return 1;
    return fabs(a - b) <= rtol * m;
}

double pgb_floor_with_lines(double primal_bytes, double grad_bytes, const double *x_b, long n) {
    long lines = 0;
    uintptr_t last = UINTPTR_MAX;
    for (long i = 0; i < n; i++) {
        uintptr_t line = (uintptr_t)&x_b[i] / 64;
        if (x_b[i] != 0.0 && line != last) {
            lines++;
            last = line;
        }
    }
    return (grad_bytes + 128.0 * (double)lines) / primal_bytes;
}

long pgb_compare(const char *what, const double *got, const double *want, long n, double rtol) {
    long bad = 0;
    for (long i = 0; i < n; i++) {
        if (!pgb_close(got[i], want[i], rtol)) {
            if (bad < 3)
                fprintf(stderr, "  %s[%ld]: gradient %.17g, manual %.17g\n", what, i, got[i],
                        want[i]);
            bad++;
        }
    }
    if (bad > 3)
        fprintf(stderr, "  %s: %ld mismatching elements\n", what, bad);
    return bad;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int k) {
    qsort(v, (size_t)k, sizeof *v, cmp_double);
    return k % 2 ? v[k / 2] : 0.5 * (v[k / 2 - 1] + v[k / 2]);
}

static FILE *dump_open(const char *dir, const char *file, const char *mode) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, mode);
    if (!f) {
        fprintf(stderr, "%s: PGB_DUMP: cannot write %s\n", bench_name, path);
        exit(1);
    }
    return f;
}

void pgb_dump_doubles(const char *dir, const char *file, const double *a, long n) {
    FILE *f = dump_open(dir, file, "wb");
    if (fwrite(a, sizeof(double), (size_t)n, f) != (size_t)n || fclose(f) != 0) {
        fprintf(stderr, "%s: PGB_DUMP: cannot write %s/%s\n", bench_name, dir, file);
        exit(1);
    }
}

FILE *pgb_dump_meta(const char *dir) {
    return dump_open(dir, "meta.txt", "w");
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s N REPS WARMUP\n", argv[0]);
        return 2;
    }
    long n = atol(argv[1]);
    int reps = atoi(argv[2]), warm = atoi(argv[3]);
    if (n <= 0 || reps < 1 || warm < 0) {
        fprintf(stderr, "harness: bad arguments\n");
        return 2;
    }
    const char *nf = getenv("PGB_NOFLUSH");
    if (nf && *nf && strcmp(nf, "0") != 0)
        flush_enabled = 0;

#ifdef PGB_GPU
    /* the one-thread kernels' tape is in the device heap (8 MB unless
     * raised before the first kernel that allocates) */
    cudaDeviceSetLimit(cudaLimitMallocHeapSize, (size_t)8 << 30);
#endif
    bench_setup(n);
    int kinds[3] = {PGB_PRIMAL, PGB_GRADIENT, PGB_MANUAL};
    int have[3];
    for (int k = 0; k < 3; k++)
        have[k] = bench_has(kinds[k]);

    const char *check = "none";
    if (have[PGB_GRADIENT] && have[PGB_MANUAL]) {
        long bad = bench_verify();
        check = bad ? "MISMATCH" : "ok";
        if (bad)
            fprintf(stderr,
                    "WARNING: %s n=%ld threads=%d: gradient and manual "
                    "gradient disagree (%ld mismatches, rtol %g)\n",
                    bench_name, n, omp_get_max_threads(), bad, PGB_RTOL);
    }

#ifdef PGB_GPU
    have[PGB_MANUAL] = 0; /* (checked above; on the CPU it would move the data back) */
    flush_enabled = 0;
#endif
    double *t[3];
    for (int k = 0; k < 3; k++)
        t[k] = calloc((size_t)reps, sizeof(double));
    for (int r = -warm; r < reps; r++) {
        for (int k = 0; k < 3; k++) {
            if (!have[k])
                continue;
            bench_prep(kinds[k]);
#ifdef PGB_GPU
            gpu_prefetch();
#endif
            double t0 = now();
            bench_run(kinds[k]);
            double t1 = now();
            if (r >= 0)
                t[k][r] = t1 - t0;
        }
    }
    double med[3];
    for (int k = 0; k < 3; k++)
        med[k] = have[k] ? median(t[k], reps) : NAN;

    printf("RESULT name=%s n=%ld threads=%d floor=%.4f", bench_name, n, omp_get_max_threads(),
           bench_floor(n));
    const char *label[3] = {"primal_s", "gradient_s", "manual_s"};
    for (int k = 0; k < 3; k++) {
        if (have[k])
            printf(" %s=%.6e", label[k], med[k]);
        else
            printf(" %s=NA", label[k]);
    }
    printf(" check=%s\n", check);
    return 0;
}
