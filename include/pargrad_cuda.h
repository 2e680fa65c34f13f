/* pargrad CUDA runtime: what code generated with --backend=cuda includes.
 * Header only: device helpers (the tape and heap arrays of code running on
 * one GPU thread, atomics, checks), the host side's error checks and kernel
 * launches; pargrad_cuda_cub.h adds the CUB calls of reductions (included
 * only by outputs that reduce: CUB's headers take most of nvcc's time).
 *
 * Compiled by nvcc. With PG_CUDA_EMULATE defined, a C++ compiler with
 * OpenMP builds the same generated file for the CPU instead (the test suite
 * does, to check CUDA gradients where no GPU is present): kernels run as
 * loops over their threads, spread over OpenMP threads, so that an update
 * missing its atomic shows up as a race, and device memory is host memory. */
#ifndef PARGRAD_CUDA_H
#define PARGRAD_CUDA_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* C's _Bool (a bool of the input, spelled as clang names it) is C++'s
 * bool, as GCC's <stdbool.h> defines it for C++ */
#ifndef _Bool
#define _Bool bool
#endif

#ifdef PG_CUDA_EMULATE
#include <omp.h>
#define __global__
#define __device__
#define __host__
struct dim3 {
    unsigned x, y, z;
};
/* the emulated thread's coordinates (thread_local: kernels' threads run
 * on OpenMP threads at once) */
static thread_local dim3 threadIdx, blockIdx, blockDim, gridDim;
static thread_local bool pg_emu_in_kernel; /* (pg_threads: device code's, or the host's) */
typedef struct pg_emu_stream *cudaStream_t;
typedef int cudaError_t;
#define cudaSuccess 0
static inline const char *cudaGetErrorString(cudaError_t e) {
    return e ? "out of memory" : "no error";
}
static inline cudaError_t cudaGetLastError(void) {
    return cudaSuccess;
}
template <class T> static inline cudaError_t cudaMallocAsync(T **p, size_t bytes, cudaStream_t) {
    *p = (T *)malloc(bytes ? bytes : 1);
    return *p ? cudaSuccess : 2;
}
static inline cudaError_t cudaFreeAsync(void *p, cudaStream_t) {
    free(p);
    return cudaSuccess;
}
static inline cudaError_t cudaMemsetAsync(void *p, int v, size_t bytes, cudaStream_t) {
    memset(p, v, bytes);
    return cudaSuccess;
}
#define cudaMemcpyDeviceToHost 0
static inline cudaError_t cudaMemcpyAsync(void *to, const void *from, size_t bytes, int,
                                          cudaStream_t) {
    memcpy(to, from, bytes);
    return cudaSuccess;
}
static inline cudaError_t cudaStreamSynchronize(cudaStream_t) {
    return cudaSuccess;
}
static inline double atomicAdd(double *p, double v) {
    double old;
#pragma omp atomic capture
    {
        old = *p;
        *p += v;
    }
    return old;
}
static inline float atomicAdd(float *p, float v) {
    float old;
#pragma omp atomic capture
    {
        old = *p;
        *p += v;
    }
    return old;
}
#define __trap() abort()
/* what device code says before it stops: stderr, as the host runtime's */
#define PG_DEVICE_SAY(...) fprintf(stderr, __VA_ARGS__)
/* Every thread of the grid runs the kernel, blocks spread over the OpenMP
 * threads; a kernel's threads never wait for each other (pargrad's kernels
 * have no barriers), so any order is one the GPU could take. */
template <class... A> struct pg_emu_launch {
    unsigned grid, block;
    void (*kernel)(A...);
    void operator()(A... args) const {
        unsigned g = grid, b = block;
#pragma omp parallel for schedule(dynamic, 1)
        for (long k = 0; k < (long)g; k++) {
            pg_emu_in_kernel = true;
            blockIdx = dim3{(unsigned)k, 0, 0};
            gridDim = dim3{g, 1, 1};
            blockDim = dim3{b, 1, 1};
            for (unsigned t = 0; t < b; t++) {
                threadIdx = dim3{t, 0, 0};
                kernel(args...);
            }
            pg_emu_in_kernel = false;
        }
    }
};
template <class... A>
static inline pg_emu_launch<A...> pg_emu_launcher(unsigned grid, unsigned block, void (*k)(A...)) {
    return pg_emu_launch<A...>{grid, block, k};
}
#define PG_LAUNCH(kernel, grid, block, stream) pg_emu_launcher((grid), (block), kernel)
#else
#include <cuda_runtime.h>
/* (also into the mailbox, pg_mail: a trap can lose printf's buffer) */
#define PG_DEVICE_SAY(...) (printf(__VA_ARGS__), pg_mail(__VA_ARGS__))
/* `PG_LAUNCH(k, grid, block, stream)(args)` is `k<<<grid, block, 0,
 * stream>>>(args)` (a macro, so that the emulation can replace it) */
#define PG_LAUNCH(kernel, grid, block, stream) kernel<<<(grid), (block), 0, (stream)>>>
#endif

#include "pargrad_math.h"

/* ---- host side ---- */

/* Where a gradient's time goes on the GPU: with PARGRAD_CUDA_PROFILE set
 * (when the first generated function runs), every kernel launch waits for
 * its kernel, and the time since the step before (the launch, the kernel,
 * the host's work before it) is counted for the function and source line
 * of the launch; at exit the lines are listed, the slowest first, with
 * their launches and milliseconds. For finding the kernel to look at, not
 * for timing the whole gradient (the waits slow it). */
typedef struct pg_profile_line {
    const char *func;
    int line;
    long launches;
    double seconds;
} pg_profile_line;
typedef struct pg_profile {
    int on; /* -1: not yet read from the environment */
    int n, cap;
    pg_profile_line *lines;
    double last;
} pg_profile;
static pg_profile pg_profile_state = {-1, 0, 0, NULL, 0.0};
static inline double pg_profile_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static inline int pg_profile_slower(const void *a, const void *b) {
    double x = ((const pg_profile_line *)a)->seconds, y = ((const pg_profile_line *)b)->seconds;
    return (x < y) - (x > y);
}
static inline void pg_profile_report(void) {
    pg_profile *p = &pg_profile_state;
    qsort(p->lines, (size_t)p->n, sizeof *p->lines, pg_profile_slower);
    fprintf(stderr, "pargrad profile (PARGRAD_CUDA_PROFILE): kernel launches by source line\n");
    for (int i = 0; i < p->n; i++)
        fprintf(stderr, "  %10.3f ms %8ld launches  %s, line %d\n", 1e3 * p->lines[i].seconds,
                p->lines[i].launches, p->lines[i].func, p->lines[i].line);
}
static inline void pg_profile_step(const char *func, int line, const char *call) {
    pg_profile *p = &pg_profile_state;
    if (p->on < 0) {
        p->on = getenv("PARGRAD_CUDA_PROFILE") != NULL;
        p->last = pg_profile_now();
        if (p->on)
            atexit(pg_profile_report);
    }
    if (!p->on || strncmp(call, "cudaGetLastError", 16) != 0)
        return;
#ifndef PG_CUDA_EMULATE
    cudaDeviceSynchronize();
#endif
    double now = pg_profile_now();
    int i = 0;
    while (i < p->n && !(p->lines[i].line == line && strcmp(p->lines[i].func, func) == 0))
        i++;
    if (i == p->n) {
        if (p->n == p->cap) {
            p->cap = p->cap ? 2 * p->cap : 32;
            p->lines = (pg_profile_line *)realloc(p->lines, sizeof *p->lines * (size_t)p->cap);
            if (!p->lines)
                abort();
        }
        p->lines[p->n++] = pg_profile_line{func, line, 0, 0.0};
    }
    p->lines[i].launches++;
    p->lines[i].seconds += now - p->last;
    p->last = now;
}

/* ---- what device code says before it stops ----
 * Device code reports a failure (the device heap refusing, a bin out of
 * range) with printf and stops the kernel with a trap, which ends the
 * context, often before printf's buffer reaches the host: the message
 * goes to a mailbox in host memory mapped for the GPU as well, which the
 * host reads after the failure whatever became of the context. */

/* A message into text[0..cap), as printf formats the conversions device
 * code uses here (%s, %d, %u, %ld, %lu, %lld, %llu): device code has no
 * snprintf */
typedef struct pg_text {
    char *at;
    size_t left; /* (room for the terminating 0 kept) */
} pg_text;
__host__ __device__ static inline void pg_put_char(pg_text *t, char c) {
    if (t->left > 1) {
        *t->at++ = c;
        t->left--;
    }
}
__host__ __device__ static inline void pg_put_digits(pg_text *t, unsigned long long v, bool neg) {
    char d[24];
    int n = 0;
    do
        d[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    if (neg)
        pg_put_char(t, '-');
    while (n)
        pg_put_char(t, d[--n]);
}
__host__ __device__ static inline void pg_put_arg(pg_text *t, const char *s) {
    for (s = s ? s : "(null)"; *s; s++)
        pg_put_char(t, *s);
}
__host__ __device__ static inline void pg_put_arg(pg_text *t, long long v) {
    pg_put_digits(t, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, v < 0);
}
__host__ __device__ static inline void pg_put_arg(pg_text *t, unsigned long long v) {
    pg_put_digits(t, v, false);
}
__host__ __device__ static inline void pg_put_arg(pg_text *t, int v) {
    pg_put_arg(t, (long long)v);
}
__host__ __device__ static inline void pg_put_arg(pg_text *t, long v) {
    pg_put_arg(t, (long long)v);
}
__host__ __device__ static inline void pg_put_arg(pg_text *t, unsigned v) {
    pg_put_arg(t, (unsigned long long)v);
}
__host__ __device__ static inline void pg_put_arg(pg_text *t, unsigned long v) {
    pg_put_arg(t, (unsigned long long)v);
}
/* f's text up to its next conversion, put; what follows the conversion */
__host__ __device__ static inline const char *pg_put_upto(pg_text *t, const char *f) {
    while (*f) {
        if (f[0] == '%' && f[1] == '%') {
            pg_put_char(t, '%');
            f += 2;
        } else if (f[0] == '%') {
            for (f++; *f == 'l' || *f == 'z' || *f == 'h'; f++)
                ;
            return *f ? f + 1 : f;
        } else {
            pg_put_char(t, *f++);
        }
    }
    return f;
}
__host__ __device__ static inline void pg_format_rest(pg_text *t, const char *f) {
    while (*f)
        f = pg_put_upto(t, f);
}
template <class A, class... R>
__host__ __device__ static inline void pg_format_rest(pg_text *t, const char *f, A a, R... rest) {
    f = pg_put_upto(t, f);
    pg_put_arg(t, a);
    pg_format_rest(t, f, rest...);
}
template <class... A>
__host__ __device__ static inline void pg_format(char *to, size_t cap, const char *f, A... a) {
    if (cap == 0)
        return;
    pg_text t = {to, cap};
    pg_format_rest(&t, f, a...);
    *t.at = 0;
}

/* said: 0 empty, 1 being written, 2 written (the first failure's) */
typedef struct pg_mailbox {
    unsigned said;
    char text[512];
} pg_mailbox;
static __device__ pg_mailbox *pg_dev_mailbox; /* (the device's address of the host's) */
static pg_mailbox *pg_host_mailbox;
template <class... A> __device__ static inline void pg_mail(const char *f, A... a) {
#if defined(__CUDA_ARCH__)
    pg_mailbox *m = pg_dev_mailbox;
    if (!m || atomicCAS(&m->said, 0u, 1u) != 0u)
        return;
    pg_format(m->text, sizeof m->text, f, a...);
    __threadfence_system();
    *(volatile unsigned *)&m->said = 2u;
    __threadfence_system();
#else
    (void)f;
    (void)sizeof...(a);
    (void)pg_dev_mailbox;
#endif
}
/* The host's side, once per output (pg_cuda_setup): the mailbox, where
 * mapped host memory can be had (else messages go by printf alone) */
static inline void pg_mailbox_setup(void) {
#ifndef PG_CUDA_EMULATE
    pg_mailbox *m = NULL;
    void *dev = NULL;
    if (cudaHostAlloc((void **)&m, sizeof *m, cudaHostAllocMapped) != cudaSuccess) {
        (void)cudaGetLastError(); /* (not a later kernel's error) */
        return;
    }
    memset(m, 0, sizeof *m);
    if (cudaHostGetDevicePointer(&dev, m, 0) != cudaSuccess ||
        cudaMemcpyToSymbol(pg_dev_mailbox, &dev, sizeof dev) != cudaSuccess) {
        (void)cudaGetLastError();
        cudaFreeHost(m);
        return;
    }
    pg_host_mailbox = m;
#endif
}
static inline void pg_mail_report(void) {
    pg_mailbox *m = pg_host_mailbox;
    if (m && *(volatile unsigned *)&m->said == 2u)
        fprintf(stderr, "pargrad: what the GPU said before it stopped: %s", m->text);
}

/* A failed CUDA call: says which generated function, for which line of
 * the source, and what CUDA said (and device code before it stopped),
 * then aborts (a gradient cannot go on without its memory or its
 * kernels). */
#define PG_CUDA_CHECK(call, func, line)                                                            \
    do {                                                                                           \
        cudaError_t pg_err_ = (call);                                                              \
        if (pg_err_ != cudaSuccess) {                                                              \
            fprintf(stderr, "pargrad: %s (line %d of the source): %s: %s\n", func, line, #call,    \
                    cudaGetErrorString(pg_err_));                                                  \
            pg_mail_report();                                                                      \
            abort();                                                                               \
        }                                                                                          \
        pg_profile_step(func, line, #call);                                                        \
    } while (0)

/* The host's tape: the saves of the sequential loops the host runs (a
 * region of device memory per iteration, which kernels fill and the return
 * sweep's kernels read), a stack of chunks from the stream's pool kept on
 * the host. A popped region stays valid until the next push reuses it;
 * kernels on the stream run in order, so one launched after that push
 * cannot overwrite what a kernel launched before it reads. */
typedef struct pg_htape_chunk {
    unsigned char *data;
    size_t top, cap;
} pg_htape_chunk;
typedef struct pg_htape {
    pg_htape_chunk *chunk;
    int n, cur, cap;
} pg_htape;

static inline void *pg_htape_push(pg_htape *t, size_t bytes, cudaStream_t stream, const char *func,
                                  int line) {
    size_t size = (bytes + 255) & ~(size_t)255; /* (aligned: coalesced accesses) */
    if (t->n && t->chunk[t->cur].top + size <= t->chunk[t->cur].cap) {
        pg_htape_chunk *ch = &t->chunk[t->cur];
        ch->top += size;
        return ch->data + ch->top - size;
    }
    int next = t->n ? t->cur + 1 : 0; /* (the chunks after the current one are empty) */
    if (next < t->n && t->chunk[next].cap < size) { /* too small: larger ones */
        while (t->n > next)
            PG_CUDA_CHECK(cudaFreeAsync(t->chunk[--t->n].data, stream), func, line);
    }
    if (next == t->n) {
        if (t->n == t->cap) {
            t->cap = t->cap ? 2 * t->cap : 8;
            t->chunk = (pg_htape_chunk *)realloc(t->chunk, sizeof *t->chunk * (size_t)t->cap);
            if (!t->chunk) {
                fprintf(stderr, "pargrad: %s (line %d of the source): out of host memory\n", func,
                        line);
                abort();
            }
        }
        size_t last = t->n ? t->chunk[t->n - 1].cap : 0, cap = (size_t)1 << 20;
        if (2 * last > cap)
            cap = 2 * last < ((size_t)1 << 30) ? 2 * last : (size_t)1 << 30;
        if (size > cap)
            cap = size;
        pg_htape_chunk ch = {NULL, 0, cap};
        PG_CUDA_CHECK(cudaMallocAsync(&ch.data, cap, stream), func, line);
        t->chunk[t->n++] = ch;
    }
    t->cur = next;
    t->chunk[next].top = size;
    return t->chunk[next].data;
}

static inline void *pg_htape_pop(pg_htape *t, size_t bytes, const char *func, int line) {
    size_t size = (bytes + 255) & ~(size_t)255;
    while (t->cur > 0 && t->chunk[t->cur].top == 0)
        t->cur--;
    if (!t->n || t->chunk[t->cur].top < size) {
        fprintf(stderr, "pargrad: %s (line %d of the source): the host's tape underflows\n", func,
                line);
        abort();
    }
    t->chunk[t->cur].top -= size;
    return t->chunk[t->cur].data + t->chunk[t->cur].top;
}

static inline void pg_htape_release(pg_htape *t, cudaStream_t stream, const char *func, int line) {
    for (int i = 0; i < t->n; i++)
        PG_CUDA_CHECK(cudaFreeAsync(t->chunk[i].data, stream), func, line);
    free(t->chunk);
    t->chunk = NULL;
    t->n = t->cur = t->cap = 0;
}

/* Integer division and remainder on the host by a value that may be 0
 * (or -1 under the smallest dividend): where the primal divides it is
 * not, but a guard the kernels checked may have returned before (the
 * kernels after do nothing then): 0 instead of a trap */
template <class T> static inline T pg_host_div(T a, T b) {
    if (b == 0)
        return 0;
    if (b == (T)-1) /* (-a, which overflows for the smallest a: wrapped) */
        return (T)(0ull - (unsigned long long)a);
    return a / b;
}
template <class T> static inline T pg_host_mod(T a, T b) {
    return b == 0 || b == (T)-1 ? 0 : a % b;
}

/* Threads per block of the generated kernels, and blocks for n iterations
 * (grid-stride loops: at most enough blocks to fill a large GPU several
 * times; each thread takes every stride-th iteration after them). */
enum { PG_BLOCK = 256 };
__host__ __device__ static inline long
pg_trip_count(long n) { /* a loop's trips: none where hi <= lo */
    return n > 0 ? n : 0;
}
static inline unsigned pg_blocks(long n) {
    long b = n > 0 ? (n + PG_BLOCK - 1) / PG_BLOCK : 1;
    return (unsigned)(b < 4096 ? b : 4096);
}

/* ---- device side ---- */

/* The operators of reductions, scans and histograms (min and max as
 * pg_fmin's and pg_fmax's: a NaN gives way to a number) */
template <class T> struct pg_op_add {
    __host__ __device__ T operator()(T a, T b) const {
        return a + b;
    }
};
template <class T> struct pg_op_mul {
    __host__ __device__ T operator()(T a, T b) const {
        return a * b;
    }
};
template <class T> struct pg_op_min {
    __host__ __device__ T operator()(T a, T b) const {
        return a < b || b != b ? a : b;
    }
};
template <class T> struct pg_op_max {
    __host__ __device__ T operator()(T a, T b) const {
        return a > b || b != b ? a : b;
    }
};

/* *p = op(*p, v), atomically, where grid threads may share the element:
 * a compare-and-swap loop (CUDA's atomics add, and take the minimum of
 * integers, but do not multiply or take the minimum of floats). A thread
 * whose update would leave the value as it read it stops without writing
 * (the update took effect then): once a bin holds its extremum, the
 * threads after only read it. */
template <int N> struct pg_word;
template <> struct pg_word<4> { typedef unsigned int type; };
template <> struct pg_word<8> { typedef unsigned long long type; };
#if !defined(PG_CUDA_EMULATE) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
/* The lanes of a warp that update one element combine their values first
 * (in lane order), and the first of them updates it alone: where threads
 * update few elements (a histogram of 31 bins, a product over 16 columns)
 * their compare-and-swaps would otherwise fail on each other, most of
 * them, again and again. True for the lane that goes on with *v. */
template <class T, class Op> __device__ static inline bool pg_warp_combine(T *p, T *v, Op op) {
    unsigned same = __match_any_sync(__activemask(), (unsigned long long)(uintptr_t)p);
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    int first = __ffs(same) - 1;
    T acc = *v;
    for (unsigned rest = same; rest; rest &= rest - 1) {
        int src = __ffs(rest) - 1;
        T w = __shfl_sync(same, *v, src); /* (every lane of `same` takes every turn) */
        if ((int)lane == first && src != first)
            acc = op(acc, w);
    }
    *v = acc;
    return (int)lane == first;
}
#endif
template <class T, class Op> __device__ static inline void pg_atomic_combine(T *p, T v, Op op) {
    typedef typename pg_word<sizeof(T)>::type word;
#if !defined(PG_CUDA_EMULATE) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    if (!pg_warp_combine(p, &v, op))
        return;
#endif
#ifdef PG_CUDA_EMULATE
    word seen = __atomic_load_n((word *)p, __ATOMIC_RELAXED);
#else
    word seen = *(volatile word *)p; /* (not an L1 line another SM's update left behind) */
#endif
    for (;;) {
        T now, next;
        memcpy(&now, &seen, sizeof now);
        next = op(now, v);
        word want;
        memcpy(&want, &next, sizeof want);
        if (want == seen)
            return;
#ifdef PG_CUDA_EMULATE
        if (__atomic_compare_exchange_n((word *)p, &seen, want, false, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED))
            return;
#else
        word was = atomicCAS((word *)p, seen, want);
        if (was == seen)
            return;
        seen = was;
#endif
    }
}
template <class T> __device__ static inline void pg_atomic_mul(T *p, T v) {
    pg_atomic_combine(p, v, pg_op_mul<T>());
}
template <class T> __device__ static inline void pg_atomic_min(T *p, T v) {
    pg_atomic_combine(p, v, pg_op_min<T>());
}
template <class T> __device__ static inline void pg_atomic_max(T *p, T v) {
    pg_atomic_combine(p, v, pg_op_max<T>());
}
/* A sum into an element other threads may add to. The lanes of a warp
 * here together that add into the same element sum their values by
 * shuffles first (in lane order), and the first of them alone adds: one
 * atomic per element the warp adds into, not one per lane, which the GPU
 * serialises on the element (every lane into one mean of a mixture; the
 * lanes of k-means into the few centres they are nearest to). A lane alone
 * on its element adds at once (the test: one match of the warp's
 * addresses). */
template <class T> struct pg_value_of { /* (v's type not deduced: a float into a double converts) */
    typedef T type;
};
template <class T>
__device__ static inline void pg_atomic_add(T *p, typename pg_value_of<T>::type v) {
#if !defined(PG_CUDA_EMULATE) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    /* (same: the lanes adding into *p, alike for each of them) */
    unsigned same = __match_any_sync(__activemask(), (unsigned long long)(uintptr_t)p);
    if (same & (same - 1)) {
        int first = __ffs(same) - 1;
        if (same == 0xffffffffu) {
            for (int o = 16; o > 0; o >>= 1)
                v += __shfl_xor_sync(same, v, o);
        } else { /* (every lane of `same` taking every turn) */
            T sum = __shfl_sync(same, v, first);
            for (unsigned rest = same & (same - 1); rest; rest &= rest - 1)
                sum += __shfl_sync(same, v, __ffs(rest) - 1);
            v = sum;
        }
        unsigned lane;
        asm("mov.u32 %0, %%laneid;" : "=r"(lane));
        if ((int)lane == first)
            atomicAdd(p, v);
        return;
    }
#endif
    atomicAdd(p, v);
}

/* ---- a histogram's bins, a copy per warp ----
 * A map that only updates a few bins by *, min or max, each update a
 * compare-and-swap loop on one of a handful of addresses that every warp
 * of the grid retries against the others (a product histogram of 31 bins
 * ran past 20 s on an H200), gives each
 * warp a copy of the bins of its own instead, filled with the operator's
 * identity; its lanes update it atomically still, the warps no longer
 * contend, and the copies are folded into the bins after the kernel.
 * How many copies (pg_bin_copies): one per warp of the grid, fewer where
 * folding them would cost more than a quarter of the updates, or where
 * they would pass PG_BIN_COPIES_MB (64) MB; none (0: the bins
 * themselves, atomically) where fewer than 2 (but for small inputs under
 * PARGRAD_MIN_PARALLEL=1). */
#ifndef PG_BIN_COPIES_MB
#define PG_BIN_COPIES_MB 64
#endif
/* (PARGRAD_MIN_PARALLEL=1, as the tests of small inputs set it for the
 * CPU's threads: copies, at least 2, wherever they fit) */
static inline bool pg_small_inputs_parallel(void) {
    static const bool set = [] {
        const char *v = getenv("PARGRAD_MIN_PARALLEL");
        return v && strcmp(v, "1") == 0;
    }();
    return set;
}
static inline long pg_bin_copies(long nbins, unsigned blocks, long updates, size_t bin_bytes) {
    if (nbins <= 0 || updates <= 0)
        return 0;
    bool small = pg_small_inputs_parallel();
    long copies = (long)blocks * PG_BLOCK / 32;
    long worth = small ? copies : updates / 4 / nbins;
    long fit = (long)(((size_t)PG_BIN_COPIES_MB << 20) / ((size_t)nbins * bin_bytes));
    copies = copies < worth ? copies : worth;
    copies = small && copies < 2 ? 2 : copies;
    copies = copies < fit ? copies : fit;
    return copies >= 2 ? copies : 0;
}
/* the copy of this thread's warp, or the bins where there are no copies */
template <class T>
__device__ static inline T *pg_bin_copy(T *bins, T *copies, long ncopies, long nbins) {
    if (!ncopies)
        return bins;
    size_t warp = (blockIdx.x * (size_t)blockDim.x + threadIdx.x) / 32;
    return copies + (size_t)(warp % (size_t)ncopies) * (size_t)nbins;
}
template <class T> __global__ static void pg_bin_copies_fill(T *copies, size_t n, T identity) {
    for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < n;
         k += (size_t)gridDim.x * blockDim.x)
        copies[k] = identity;
}
/* The copies c = s, s + slices, ... of bin b folded into copy s's */
template <class T, class Op>
__global__ static void pg_bin_copies_fold_slices(T *copies, long ncopies, long nbins, long slices,
                                                 Op op) {
    for (long k = blockIdx.x * (long)blockDim.x + threadIdx.x; k < nbins * slices;
         k += (long)gridDim.x * blockDim.x) {
        long b = k % nbins, s = k / nbins;
        T acc = copies[s * nbins + b];
        for (long c = s + slices; c < ncopies; c += slices)
            acc = op(acc, copies[c * nbins + b]);
        copies[s * nbins + b] = acc;
    }
}
/* Each bin, with its slices' folds (in order: no atomics) */
template <class T, class Op>
__global__ static void pg_bin_copies_fold_bins(T *bins, const T *copies, long nbins, long slices,
                                               Op op) {
    for (long b = blockIdx.x * (long)blockDim.x + threadIdx.x; b < nbins;
         b += (long)gridDim.x * blockDim.x) {
        T acc = bins[b];
        for (long s = 0; s < slices; s++)
            acc = op(acc, copies[s * nbins + b]);
        bins[b] = acc;
    }
}
/* The copies for a launch: NULL where ncopies is 0 */
template <class T>
static inline T *pg_bin_copies_alloc(long ncopies, long nbins, T identity, cudaStream_t stream,
                                     const char *func, int line) {
    if (!ncopies)
        return NULL;
    T *copies = NULL;
    size_t n = (size_t)ncopies * (size_t)nbins;
    PG_CUDA_CHECK(cudaMallocAsync(&copies, sizeof(T) * n, stream), func, line);
    PG_LAUNCH(pg_bin_copies_fill<T>, pg_blocks((long)n), PG_BLOCK, stream)(copies, n, identity);
    PG_CUDA_CHECK(cudaGetLastError(), func, line);
    return copies;
}
/* After the launch: the copies folded into the bins, in two steps of
 * about the square root of the copies each (a fold of thousands of copies
 * on one thread per bin would be as slow as what they save), then freed */
template <class T, class Op>
static inline void pg_bin_copies_fold(T *bins, T *copies, long ncopies, long nbins, Op op,
                                      cudaStream_t stream, const char *func, int line) {
    if (!ncopies)
        return;
    long slices = 1;
    while (slices * slices < ncopies)
        slices++;
    void (*fold_slices)(T *, long, long, long, Op) = pg_bin_copies_fold_slices<T, Op>;
    void (*fold_bins)(T *, const T *, long, long, Op) = pg_bin_copies_fold_bins<T, Op>;
    PG_LAUNCH(fold_slices, pg_blocks(nbins * slices), PG_BLOCK, stream)
    (copies, ncopies, nbins, slices, op);
    PG_CUDA_CHECK(cudaGetLastError(), func, line);
    PG_LAUNCH(fold_bins, pg_blocks(nbins), PG_BLOCK, stream)(bins, copies, nbins, slices, op);
    PG_CUDA_CHECK(cudaGetLastError(), func, line);
    PG_CUDA_CHECK(cudaFreeAsync(copies, stream), func, line);
}

/* The void * of a tape or heap allocation, converted to the pointer it is
 * assigned to (the generated code is C's, where that conversion is
 * implicit). */
struct pg_voidp {
    void *p;
    template <class T> __host__ __device__ operator T *() const {
        return (T *)p;
    }
};

/* The tape of code running on one GPU thread (sequential loops and their
 * saves): a byte stack in the device heap, grown by doubling, one per
 * call of a gradient (in its frame). */
typedef struct pg_tape {
    unsigned char *data;
    size_t top, cap;
    /* the values kept calls returned in the forward sweep, by their
     * numbers (pg_keep, pg_kept; pargrad.h has the CPU's) */
    double *kept;
    size_t kept_cap;
    /* memory the host gave the tape (a grid thread's part of its kernel's
     * pool, pg_tape_give): not the tape's to free */
    unsigned char *given;
} pg_tape;

/* What every generated function's frame starts with: its tape, and
 * whether the function has returned (the kernels after a return do
 * nothing). */
typedef struct pg_frame_head {
    pg_tape tape;
    int done;
} pg_frame_head;

/* (also the host's, whose stack of saves is a tape: the scalars the
 * sequential loops it runs save for their return sweeps, pg_host_stack) */
__host__ __device__ static inline void pg_device_fail(const char *what) {
#ifdef __CUDA_ARCH__
    PG_DEVICE_SAY("pargrad: %s\n", what);
    __trap();
#else
    fprintf(stderr, "pargrad: %s\n", what);
    abort();
#endif
}

/* ---- device allocations: CUDA's device heap, or pargrad's pool ----
 *
 * What code on the GPU allocates (tapes, kept values, arrays sized at run
 * time in kernels) comes from CUDA's device heap (malloc in device code,
 * its size cudaLimitMallocHeapSize), unless PARGRAD_CUDA_POOL_MB is set
 * when the first generated function runs: then from a pool of that many
 * MB which pargrad allocates with cudaMalloc, for a GPU or a driver whose
 * device heap refuses what it should give. The pool hands out blocks of
 * powers of two (a 16-byte header: the block's size class, and the next
 * free block while it is free); a freed block goes on a list of its class
 * for the next allocation of that class to take. The lists are lock-free
 * stacks whose heads carry a count of their changes above the block's
 * index, so that a head another thread popped and pushed again in
 * between fails the compare-and-swap (ABA). */
typedef struct pg_pool {
    unsigned char *base; /* NULL: no pool, the device heap */
    unsigned long long cap, top;
    unsigned long long free_head[48]; /* by size class: count << 40 | index + 1 */
} pg_pool;
/* (one per output: each generated file sets up its own on its first call) */
static __device__ pg_pool pg_dev_pool;

enum { PG_POOL_HEADER = 16 };
#define PG_POOL_INDEX_BITS 40
#define PG_POOL_INDEX_MASK ((1ull << PG_POOL_INDEX_BITS) - 1)

__device__ static inline unsigned long long pg_load_u64(const unsigned long long *p) {
#ifdef PG_CUDA_EMULATE
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#else
    unsigned long long v = *(const volatile unsigned long long *)p;
    __threadfence(); /* (what the block's writer wrote before publishing it, after) */
    return v;
#endif
}
__device__ static inline void pg_store_u64(unsigned long long *p, unsigned long long v) {
#ifdef PG_CUDA_EMULATE
    __atomic_store_n(p, v, __ATOMIC_RELAXED);
#else
    *(volatile unsigned long long *)p = v;
#endif
}
/* the value *p held; want stored where that was expect */
__device__ static inline unsigned long long
pg_cas_u64(unsigned long long *p, unsigned long long expect, unsigned long long want) {
#ifdef PG_CUDA_EMULATE
    __atomic_compare_exchange_n(p, &expect, want, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    return expect;
#else
    __threadfence(); /* (the block's header written before it is published) */
    return atomicCAS(p, expect, want);
#endif
}

/* The size class of a request: blocks of 2^k bytes, header included */
__device__ static inline int pg_pool_class(size_t bytes) {
    int k = 5;
    while (k < 48 && ((size_t)1 << k) - PG_POOL_HEADER < bytes)
        k++;
    return k;
}
/* a free block of class k, or NULL */
__device__ static inline void *pg_pool_pop(pg_pool *pool, int k) {
    unsigned long long *head = &pool->free_head[k];
    for (unsigned long long h = pg_load_u64(head); h & PG_POOL_INDEX_MASK;) {
        unsigned char *block = pool->base + ((h & PG_POOL_INDEX_MASK) - 1) * PG_POOL_HEADER;
        unsigned long long next = pg_load_u64((unsigned long long *)(block + 8));
        unsigned long long want = ((h >> PG_POOL_INDEX_BITS) + 1) << PG_POOL_INDEX_BITS | next;
        unsigned long long was = pg_cas_u64(head, h, want);
        if (was == h)
            return block + PG_POOL_HEADER;
        h = was;
    }
    return NULL;
}
/* a new block of class k from the pool's untouched end, or NULL */
__device__ static inline void *pg_pool_carve(pg_pool *pool, int k) {
    unsigned long long size = 1ull << k;
    for (unsigned long long top = pg_load_u64(&pool->top);;) {
        if (top + size > pool->cap)
            return NULL;
        unsigned long long was = pg_cas_u64(&pool->top, top, top + size);
        if (was == top) {
            unsigned char *block = pool->base + top;
            *(unsigned long long *)block = (unsigned long long)k;
            return block + PG_POOL_HEADER;
        }
        top = was;
    }
}
/* a freed block of the class, else a new one, else (the pool's end
 * reached) a freed block of a larger class, which keeps its class */
__device__ static inline void *pg_pool_alloc(pg_pool *pool, size_t bytes) {
    int k = pg_pool_class(bytes);
    void *p = k < 48 ? pg_pool_pop(pool, k) : NULL;
    if (!p && k < 48)
        p = pg_pool_carve(pool, k);
    for (int larger = k + 1; !p && larger < 48; larger++)
        p = pg_pool_pop(pool, larger);
    return p;
}
__device__ static inline void pg_pool_free(pg_pool *pool, void *p) {
    unsigned char *block = (unsigned char *)p - PG_POOL_HEADER;
    int k = (int)*(unsigned long long *)block;
    unsigned long long index = (unsigned long long)(block - pool->base) / PG_POOL_HEADER + 1;
    unsigned long long *head = &pool->free_head[k];
    for (unsigned long long h = pg_load_u64(head);;) {
        pg_store_u64((unsigned long long *)(block + 8), h & PG_POOL_INDEX_MASK);
        unsigned long long want = ((h >> PG_POOL_INDEX_BITS) + 1) << PG_POOL_INDEX_BITS | index;
        unsigned long long was = pg_cas_u64(head, h, want);
        if (was == h)
            return;
        h = was;
    }
}

/* The device's allocation refused: how much was asked says whether the
 * heap or pool was too small or the request wrong; what to raise, by
 * where it came from. */
__host__ __device__ static inline void pg_heap_fail(const char *what, size_t bytes) {
#if defined(__CUDA_ARCH__) || defined(PG_CUDA_EMULATE)
    if (pg_dev_pool.base)
        PG_DEVICE_SAY("pargrad: %s: out of pargrad's device pool of %llu MB (%llu bytes asked; "
                      "raise PARGRAD_CUDA_POOL_MB)\n",
                      what, pg_dev_pool.cap >> 20, (unsigned long long)bytes);
    else
        PG_DEVICE_SAY("pargrad: %s: out of CUDA's device heap (%llu bytes asked; raise "
                      "cudaLimitMallocHeapSize before the first kernel runs, or set "
                      "PARGRAD_CUDA_POOL_MB to allocate from a pool of that many MB instead)\n",
                      what, (unsigned long long)bytes);
    __trap();
#else
    fprintf(stderr, "pargrad: %s: out of host memory (%llu bytes asked)\n", what,
            (unsigned long long)bytes);
    abort();
#endif
}

/* Memory for code on the GPU (the pool's, or the device heap's), or the
 * host's for the host's own tape; NULL where refused. (The emulation's
 * host and device are one: the pool serves both where it is set.) */
__host__ __device__ static inline void *pg_block_alloc(size_t bytes) {
#if defined(__CUDA_ARCH__) || defined(PG_CUDA_EMULATE)
    if (pg_dev_pool.base)
        return pg_pool_alloc(&pg_dev_pool, bytes);
#endif
    return malloc(bytes ? bytes : 1);
}
/* (the same, stopping with what it was for where refused) */
__host__ __device__ static inline void *pg_block_need(size_t bytes, const char *what) {
    void *p = pg_block_alloc(bytes);
    if (!p)
        pg_heap_fail(what, bytes);
    return p;
}
__host__ __device__ static inline void pg_block_free(void *p) {
#if defined(__CUDA_ARCH__) || defined(PG_CUDA_EMULATE)
    unsigned char *at = (unsigned char *)p;
    if (at && pg_dev_pool.base && at >= pg_dev_pool.base &&
        at < pg_dev_pool.base + pg_dev_pool.cap) {
        pg_pool_free(&pg_dev_pool, p);
        return;
    }
#endif
    free(p);
}

/* The host's side: the pool set up on the first call of a generated
 * function where PARGRAD_CUDA_POOL_MB asks for one (once per output,
 * whichever host thread calls first; on the device current then) */
static inline bool pg_pool_setup(void) {
    const char *mb = getenv("PARGRAD_CUDA_POOL_MB");
    if (!mb || !*mb)
        return false;
    char *end;
    unsigned long long n = strtoull(mb, &end, 10);
    if (*end || n == 0 || n > (1ull << (PG_POOL_INDEX_BITS + 4 - 20))) {
        fprintf(stderr,
                "pargrad: PARGRAD_CUDA_POOL_MB=%s is not a number of megabytes (1 to %llu)\n", mb,
                1ull << (PG_POOL_INDEX_BITS + 4 - 20));
        abort();
    }
    pg_pool pool;
    memset(&pool, 0, sizeof pool);
    pool.cap = n << 20;
#ifdef PG_CUDA_EMULATE
    pool.base = (unsigned char *)malloc(pool.cap);
    if (!pool.base) {
        fprintf(stderr, "pargrad: PARGRAD_CUDA_POOL_MB=%s: out of memory for the pool\n", mb);
        abort();
    }
    pg_dev_pool = pool;
#else
    cudaError_t e = cudaMalloc((void **)&pool.base, pool.cap);
    if (e == cudaSuccess)
        e = cudaMemcpyToSymbol(pg_dev_pool, &pool, sizeof pool);
    if (e != cudaSuccess) {
        fprintf(stderr, "pargrad: PARGRAD_CUDA_POOL_MB=%s: the pool could not be set up: %s\n", mb,
                cudaGetErrorString(e));
        abort();
    }
#endif
    return true;
}
/* What every generated function calls first: once per output (C++: once,
 * whichever thread comes first), the pool where PARGRAD_CUDA_POOL_MB asks
 * for one, the mailbox of device code's failures */
static inline void pg_cuda_setup(void) {
    static const bool ready = (pg_mailbox_setup(), pg_pool_setup());
    (void)ready;
}

/* the capacity of a tape that holds need bytes: doubled from 256 (a grid
 * thread's tape: an iteration's saves) */
__host__ __device__ static inline size_t pg_tape_cap_for(const pg_tape *t, size_t need) {
    size_t cap = t->cap ? t->cap : 256;
    while (cap < need)
        cap *= 2;
    return cap;
}
/* the tape's values moved to the block d of cap bytes */
__host__ __device__ static inline void pg_tape_move(pg_tape *t, unsigned char *d, size_t cap) {
    if (t->top)
        memcpy(d, t->data, t->top);
    if (t->data != t->given)
        pg_block_free(t->data);
    t->data = d;
    t->cap = cap;
}
__host__ __device__ static inline void pg_tape_grow(pg_tape *t, size_t need) {
    size_t cap = pg_tape_cap_for(t, need);
    pg_tape_move(t, (unsigned char *)pg_block_need(cap, "the tape"), cap);
}
__host__ __device__ static inline pg_voidp pg_tape_push(pg_tape *t, size_t bytes) {
    size_t need = t->top + ((bytes + 7) & ~(size_t)7);
    if (need > t->cap)
        pg_tape_grow(t, need);
    void *at = t->data + t->top;
    t->top = need;
    return pg_voidp{at};
}
/* Before a loop that pushes about `each` bytes in each of its `trips`
 * iterations: the tape grown once to hold them all, not doubled again and
 * again with a copy each time (on the GPU every growth is a device
 * allocation, slow where all of a grid's threads ask at once). A hint: a
 * growth refused here is left to the pushes, which say so. */
/* (what trips iterations of each bytes push, at most 1 GB: a hint) */
__host__ __device__ static inline size_t pg_tape_span(long trips, size_t each) {
    const size_t most = (size_t)1 << 30;
    if (trips <= 0 || each == 0)
        return 0;
    return (size_t)trips > most / each ? most : (size_t)trips * each;
}
__host__ __device__ static inline void pg_tape_reserve(pg_tape *t, long trips, size_t each) {
    size_t bytes = pg_tape_span(trips, each);
    if (bytes == 0)
        return;
    if (t->top + bytes <= t->cap)
        return;
    size_t cap = pg_tape_cap_for(t, t->top + bytes);
    unsigned char *d = (unsigned char *)pg_block_alloc(cap);
    if (d)
        pg_tape_move(t, d, cap);
}
__host__ __device__ static inline pg_voidp pg_tape_pop(pg_tape *t, size_t bytes) {
    size_t size = (bytes + 7) & ~(size_t)7;
    if (size > t->top)
        pg_device_fail("tape underflow");
    t->top -= size;
    return pg_voidp{t->data + t->top};
}
__host__ __device__ static inline double pg_keep(pg_tape *t, long number, double value) {
    if ((size_t)number >= t->kept_cap) {
        size_t cap = t->kept_cap ? t->kept_cap : 64;
        while (cap <= (size_t)number)
            cap *= 2;
        double *kept = (double *)pg_block_need(cap * sizeof(double), "the kept values");
        if (t->kept_cap)
            memcpy(kept, t->kept, t->kept_cap * sizeof(double));
        pg_block_free(t->kept);
        t->kept = kept;
        t->kept_cap = cap;
    }
    t->kept[number] = value;
    return value;
}
__host__ __device__ static inline double pg_kept(const pg_tape *t, long number) {
    return t->kept[number];
}
/* A grid thread's tape on the bytes at `at` the host gave it, what an
 * iteration pushes as counted before the launch (pg_tape_slab): no
 * allocation in device code, unless an iteration pushes more (the tape
 * then moves to the device heap, as any tape grows). */
__device__ static inline void pg_tape_give(pg_tape *t, unsigned char *at, size_t bytes) {
    if (bytes) {
        t->data = t->given = at;
        t->cap = bytes;
    }
}
/* The tape of a call's one-thread kernels: in the frame's head, its first
 * PG_FRAME_TAPE bytes the room the host allocated after the frame (no
 * allocation in device code for the saves of most calls; a call that
 * saves more moves on to the device heap as its tape grows) */
enum { PG_FRAME_TAPE = 1 << 20 };
__device__ static inline pg_tape *pg_frame_tape(pg_frame_head *h, void *room) {
    if (!h->tape.data)
        pg_tape_give(&h->tape, (unsigned char *)room, PG_FRAME_TAPE);
    return &h->tape;
}
/* the tape's memory, after the last kernel that pops */
__host__ __device__ static inline void pg_tape_release(pg_tape *t) {
    if (t->data != t->given)
        pg_block_free(t->data);
    pg_block_free(t->kept);
    t->data = t->given = NULL;
    t->kept = NULL;
    t->top = t->cap = t->kept_cap = 0;
}
__device__ static inline unsigned char *pg_push_record(pg_tape *t, int nslots) {
    return pg_tape_push(t, 8 * (size_t)nslots);
}
__device__ static inline const unsigned char *pg_pop_record(pg_tape *t, int nslots) {
    return pg_tape_pop(t, 8 * (size_t)nslots);
}
#define PG_SLOT(name, type)                                                                        \
    __host__ __device__ static inline void pg_put_##name(unsigned char *at, type v) {              \
        memcpy(at, &v, sizeof v);                                                                  \
    }                                                                                              \
    __host__ __device__ static inline type pg_get_##name(const unsigned char *at) {                \
        type v;                                                                                    \
        memcpy(&v, at, sizeof v);                                                                  \
        return v;                                                                                  \
    }                                                                                              \
    __host__ __device__ static inline void pg_push_##name(pg_tape *t, type v) {                    \
        pg_put_##name((unsigned char *)pg_tape_push(t, sizeof v), v);                              \
    }                                                                                              \
    __host__ __device__ static inline type pg_pop_##name(pg_tape *t) {                             \
        return pg_get_##name((const unsigned char *)pg_tape_pop(t, sizeof(type)));                 \
    }
PG_SLOT(double, double)
PG_SLOT(float, float)
PG_SLOT(long, long long)
#undef PG_SLOT

/* Heap arrays of code on one GPU thread (the device heap, or the pool) */
__device__ static inline pg_voidp pg_malloc(size_t count, size_t size) {
    return pg_voidp{pg_block_need(count * size, "an array")};
}
__device__ static inline pg_voidp pg_calloc(size_t count, size_t size) {
    pg_voidp p = pg_malloc(count, size);
    memset(p.p, 0, count * size);
    return p;
}
__device__ static inline void pg_free(void *p) {
    pg_block_free(p);
}
/* An array sized at run time, declared again: at least count elements at
 * p (*cap of them before), zeroed when asked */
__device__ static inline pg_voidp pg_heap_grow(void *p, size_t *cap, size_t count, size_t size,
                                               int zeroed) {
    /* (a negative size converted to size_t is as large as this) */
    if (size && count > (size_t)PTRDIFF_MAX / size)
        pg_device_fail("an array sized at run time is larger than any memory, or negative");
    if (count > *cap) {
        pg_block_free(p);
        p = pg_malloc(count, size).p;
        *cap = count;
    }
    if (zeroed)
        memset(p, 0, count * size);
    return pg_voidp{p};
}

/* A grid kernel's arrays sized at run time whose sizes the host knows:
 * one pool the host allocates before the launch, pg_pool_each bytes per
 * thread, each array pg_pool_bytes of them (16-byte aligned; none for a
 * negative size or one larger than any memory: its declaration fails, if
 * it runs, as pg_heap_grow's would) */
__host__ __device__ static inline size_t pg_pool_count(size_t count, size_t size) {
    /* (a negative size converted to size_t is as large as this) */
    return size && count > ((size_t)PTRDIFF_MAX - 15) / size ? 0 : count;
}
__host__ __device__ static inline size_t pg_pool_bytes(size_t count, size_t size) {
    return (pg_pool_count(count, size) * size + 15) & ~(size_t)15;
}
static inline size_t pg_pool_total(size_t each, unsigned blocks) {
    size_t threads = (size_t)blocks * PG_BLOCK;
    if (each && threads > (size_t)PTRDIFF_MAX / each)
        pg_device_fail("the arrays sized at run time of a kernel's threads are larger than any "
                       "memory");
    return each * threads > 0 ? each * threads : 1;
}
/* The most iterations one of nb blocks of n iterations runs (a block is
 * [j n / nb, (j + 1) n / nb): tool/lift_tuple.c), for its tape's room */
static inline long pg_block_most(long n, long nb) {
    return n > 0 && nb > 0 ? n / nb + 1 : 0;
}
/* The bytes of each thread's tape in a grid kernel's pool (pg_tape_give):
 * what an iteration pushes, rounded up to 16; none where the grid's tapes
 * would take more than 1 GB (they then grow in the device heap, as the
 * pushes need: a slower start, not a failure) */
static inline size_t pg_tape_slab(size_t bytes, unsigned blocks) {
    const size_t most = (size_t)1 << 30;
    size_t each = (bytes + 15) & ~(size_t)15;
    size_t threads = (size_t)blocks * PG_BLOCK;
    return each && each <= most / threads ? each : 0;
}
__device__ static inline pg_voidp pg_pool_take(unsigned char **mine, size_t count, size_t size) {
    void *p = *mine;
    *mine += pg_pool_bytes(count, size);
    return pg_voidp{p};
}
/* a declaration of an array from the pool (cap: its pg_pool_count),
 * zeroed when asked */
__device__ static inline void pg_pool_array(void *p, size_t cap, size_t count, size_t size,
                                            int zeroed) {
    if (pg_pool_count(count, size) != count)
        pg_device_fail("an array sized at run time is larger than any memory, or negative");
    if (count > cap)
        pg_device_fail("an array sized at run time is larger than its part of the pool");
    if (zeroed)
        memset(p, 0, count * size);
}

__device__ static inline void pg_bin_check(long k, long n, const char *where) {
    if (k < 0 || k >= n) {
        PG_DEVICE_SAY("pargrad: %s: bin %ld is outside [0, %ld)\n", where, k, n);
        __trap();
    }
}
__device__ static inline void pg_bound_check(long runs, long bound, const char *where) {
    if (runs > bound) {
        PG_DEVICE_SAY("pargrad: %s ran its body %ld times, more than its '#pragma pargrad while "
                      "bound(%ld)': raise the bound\n",
                      where, runs, bound);
        __trap();
    }
}
__device__ static inline void pg_overlap_check(long dst, long src, long n, const char *where) {
    if (n > 0 && (dst > src ? dst - src : src - dst) < n) {
        PG_DEVICE_SAY("pargrad: %s: memcpy of %ld elements from element %ld to element %ld of one "
                      "array: the parts overlap (undefined in C; copy between two arrays, or "
                      "with a loop)\n",
                      where, n, src, dst);
        __trap();
    }
}
/* The workers a plan in blocks spreads its iterations over (a declared
 * operator's reduce or scan, a histogram's copies of its bins): on the
 * host, which launches the blocks as a grid, PG_GPU_WORKERS, enough to
 * keep many of a large GPU's SMs busy while the loops over the blocks
 * that follow (on one thread, or one per bin) stay short; in code on one
 * GPU thread, 1: it runs its loops there. */
#ifndef PG_GPU_WORKERS
#define PG_GPU_WORKERS 4096
#endif
__host__ __device__ static inline long pg_threads(void) {
#if defined(__CUDA_ARCH__)
    return 1;
#elif defined(PG_CUDA_EMULATE)
    return pg_emu_in_kernel ? 1 : PG_GPU_WORKERS;
#else
    return PG_GPU_WORKERS;
#endif
}

/* The functions the output defines for a declared operator: on the host
 * and the GPU */
#define PG_HELPER __host__ __device__ static inline __attribute__((unused))

/* Scans of code on one GPU thread (pargrad.h's, sequential): out has n + 1
 * elements, out[0] = init, out[k+1] = out[k] OP in[k]; _rev from the top,
 * out[n] = init, out[k] = out[k+1] OP in[k]; affine: x -> a[k] * x + b[k]
 * (`parallel` is the OpenMP backend's) */
#define PG_DEVICE_SCAN(NAME, T, STEP)                                                              \
    __device__ static inline __attribute__((unused)) void NAME(long n, T init, const T *in,        \
                                                               T *out, int parallel) {             \
        (void)parallel;                                                                            \
        out[0] = init;                                                                             \
        for (long k = 0; k < n; k++)                                                               \
            out[k + 1] = STEP(out[k], in[k]);                                                      \
    }                                                                                              \
    __device__ static inline __attribute__((unused)) void NAME##_rev(long n, T init, const T *in,  \
                                                                     T *out, int parallel) {       \
        (void)parallel;                                                                            \
        out[n] = init;                                                                             \
        for (long k = n; k-- > 0;)                                                                 \
            out[k] = STEP(out[k + 1], in[k]);                                                      \
    }
#define PG_DEVICE_ADD(x, y) ((x) + (y))
#define PG_DEVICE_MUL(x, y) ((x) * (y))
PG_DEVICE_SCAN(pg_scan_add_double, double, PG_DEVICE_ADD)
PG_DEVICE_SCAN(pg_scan_mul_double, double, PG_DEVICE_MUL)
PG_DEVICE_SCAN(pg_scan_min_double, double, pg_fmin)
PG_DEVICE_SCAN(pg_scan_max_double, double, pg_fmax)
PG_DEVICE_SCAN(pg_scan_add_float, float, PG_DEVICE_ADD)
PG_DEVICE_SCAN(pg_scan_mul_float, float, PG_DEVICE_MUL)
PG_DEVICE_SCAN(pg_scan_min_float, float, pg_fminf)
PG_DEVICE_SCAN(pg_scan_max_float, float, pg_fmaxf)
#define PG_DEVICE_AFFINE_SCAN(NAME, T)                                                             \
    __device__ static inline void NAME(long n, T init, const T *a, const T *b, T *out,             \
                                       int parallel) {                                             \
        (void)parallel;                                                                            \
        out[0] = init;                                                                             \
        for (long k = 0; k < n; k++)                                                               \
            out[k + 1] = a[k] * out[k] + b[k];                                                     \
    }                                                                                              \
    __device__ static inline void NAME##_rev(long n, T init, const T *a, const T *b, T *out,       \
                                             int parallel) {                                       \
        (void)parallel;                                                                            \
        out[n] = init;                                                                             \
        for (long k = n; k-- > 0;)                                                                 \
            out[k] = a[k] * out[k + 1] + b[k];                                                     \
    }
PG_DEVICE_AFFINE_SCAN(pg_scan_affine_double, double)
PG_DEVICE_AFFINE_SCAN(pg_scan_affine_float, float)
#undef PG_DEVICE_AFFINE_SCAN

/* Histograms of code on one GPU thread (runtime/hist.c's, sequential):
 * for e < n with keys[e] >= 0, h[keys[e]] = h[keys[e]] OP vals[e]; the
 * _rev adjoints with h holding the bins from before again, fin the final
 * ones, h_b the bins' adjoints (updated in place), vals_b the values'
 * (incremented; may be NULL). PG_DEVICE_HIST_GENERAL_REV: a declared
 * operator's (the general rule, D0 and D1 its partials), each bin's
 * entries in order forward, then back. */
#define PG_DEVICE_HIST(NAME, T, STEP)                                                              \
    __device__ static inline __attribute__((unused)) void NAME(                                    \
        T *h, long nb, long n, const long *keys, const T *vals, int parallel) {                    \
        (void)nb, (void)parallel;                                                                  \
        for (long e = 0; e < n; e++)                                                               \
            if (keys[e] >= 0)                                                                      \
                h[keys[e]] = STEP(h[keys[e]], vals[e]);                                            \
    }
#define PG_DEVICE_HIST_MUL_REV(NAME, T)                                                            \
    __device__ static inline __attribute__((unused)) void NAME(                                    \
        T *h, const T *fin, T *h_b, long nb, long n, const long *keys, const T *vals, T *vals_b,   \
        int parallel) {                                                                            \
        (void)fin, (void)parallel;                                                                 \
        T *nz = pg_malloc((size_t)nb, sizeof(T));                                                  \
        long *zeros = pg_malloc((size_t)nb, sizeof(long));                                         \
        for (long b = 0; b < nb; b++) {                                                            \
            nz[b] = 1;                                                                             \
            zeros[b] = 0;                                                                          \
        }                                                                                          \
        for (long e = 0; e < n; e++)                                                               \
            if (keys[e] >= 0 && vals[e] != 0)                                                      \
                nz[keys[e]] *= vals[e];                                                            \
            else if (keys[e] >= 0)                                                                 \
                zeros[keys[e]]++;                                                                  \
        for (long e = 0; e < n && vals_b; e++)                                                     \
            if (keys[e] >= 0) {                                                                    \
                long k = keys[e];                                                                  \
                T rest = zeros[k] == 0 ? nz[k] / vals[e]                                           \
                                       : (zeros[k] == 1 && vals[e] == 0 ? nz[k] : (T)0);           \
                vals_b[e] += h_b[k] * h[k] * rest;                                                 \
            }                                                                                      \
        for (long b = 0; b < nb; b++)                                                              \
            h_b[b] *= zeros[b] ? (T)0 : nz[b];                                                     \
        pg_free(nz);                                                                               \
        pg_free(zeros);                                                                            \
    }
#define PG_DEVICE_HIST_EXT_REV(NAME, T)                                                            \
    __device__ static inline __attribute__((unused)) void NAME(                                    \
        T *h, const T *fin, T *h_b, long nb, long n, const long *keys, const T *vals, T *vals_b,   \
        int parallel) {                                                                            \
        (void)parallel;                                                                            \
        long *first = pg_malloc((size_t)nb, sizeof(long));                                         \
        for (long b = 0; b < nb; b++)                                                              \
            first[b] = -1;                                                                         \
        for (long e = 0; e < n; e++) {                                                             \
            long k = keys[e];                                                                      \
            if (k >= 0 && first[k] < 0 && vals[e] == fin[k] && h[k] != fin[k])                     \
                first[k] = e;                                                                      \
        }                                                                                          \
        for (long b = 0; b < nb; b++) {                                                            \
            if (vals_b && first[b] >= 0)                                                           \
                vals_b[first[b]] += h_b[b];                                                        \
            if (h[b] != fin[b])                                                                    \
                h_b[b] = 0;                                                                        \
        }                                                                                          \
        pg_free(first);                                                                            \
    }
#define PG_DEVICE_HIST_GENERAL_REV(NAME, T, COMBINE, D0, D1)                                       \
    __device__ static inline __attribute__((unused)) void NAME(                                    \
        const T *h, const T *fin, T *h_b, long nb, long n, const long *keys, const T *vals,        \
        T *vals_b, int parallel) {                                                                 \
        (void)fin, (void)parallel;                                                                 \
        T *run = pg_malloc((size_t)nb, sizeof(T));                                                 \
        T *before = pg_malloc((size_t)n, sizeof(T));                                               \
        for (long b = 0; b < nb; b++)                                                              \
            run[b] = h[b];                                                                         \
        for (long e = 0; e < n; e++)                                                               \
            if (keys[e] >= 0) {                                                                    \
                before[e] = run[keys[e]];                                                          \
                run[keys[e]] = COMBINE(run[keys[e]], vals[e]);                                     \
            }                                                                                      \
        for (long e = n; e-- > 0;)                                                                 \
            if (keys[e] >= 0) {                                                                    \
                long k = keys[e];                                                                  \
                if (vals_b)                                                                        \
                    vals_b[e] += h_b[k] * D1(before[e], vals[e]);                                  \
                h_b[k] *= D0(before[e], vals[e]);                                                  \
            }                                                                                      \
        pg_free(run);                                                                              \
        pg_free(before);                                                                           \
    }
PG_DEVICE_HIST(pg_hist_mul_double, double, PG_DEVICE_MUL)
PG_DEVICE_HIST(pg_hist_min_double, double, pg_fmin)
PG_DEVICE_HIST(pg_hist_max_double, double, pg_fmax)
PG_DEVICE_HIST(pg_hist_mul_float, float, PG_DEVICE_MUL)
PG_DEVICE_HIST(pg_hist_min_float, float, pg_fminf)
PG_DEVICE_HIST(pg_hist_max_float, float, pg_fmaxf)
PG_DEVICE_HIST_MUL_REV(pg_hist_mul_double_rev, double)
PG_DEVICE_HIST_MUL_REV(pg_hist_mul_float_rev, float)
PG_DEVICE_HIST_EXT_REV(pg_hist_min_double_rev, double)
PG_DEVICE_HIST_EXT_REV(pg_hist_max_double_rev, double)
PG_DEVICE_HIST_EXT_REV(pg_hist_min_float_rev, float)
PG_DEVICE_HIST_EXT_REV(pg_hist_max_float_rev, float)
#undef PG_DEVICE_HIST_MUL_REV
#undef PG_DEVICE_HIST_EXT_REV

/* stdio's output in device code: printf's (streams ignored) */
#ifdef PG_CUDA_EMULATE
#define pg_dev_puts puts
#define pg_dev_putchar putchar
#define pg_dev_fputs fputs
#define pg_dev_fprintf fprintf
#define pg_dev_fflush fflush
#else
#define pg_dev_puts(s) printf("%s\n", s)
#define pg_dev_putchar(c) printf("%c", c)
#define pg_dev_fputs(s, stream) printf("%s", s)
#define pg_dev_fprintf(stream, ...) printf(__VA_ARGS__)
#define pg_dev_fflush(stream) pg_dev_flushed()
#endif
/* (device printf's buffer is written out when the host waits) */
__device__ static inline int pg_dev_flushed(void) {
    return 0;
}

/* exit() and abort() in device code (a guard of the arguments): the
 * kernel stops, and the host's check of the launch reports it with the
 * generated function and the source line; the emulation exits */
#ifdef PG_CUDA_EMULATE
#define pg_dev_exit exit
#define pg_dev_abort abort
#else
__device__ static inline void pg_dev_exit(int status) {
    (void)status;
    __trap();
}
__device__ static inline void pg_dev_abort(void) {
    __trap();
}
#endif

/* omp_get_wtime in device code: the GPU's global timer (ns), in seconds
 * (differences between two readings are what programs use) */
#ifdef PG_CUDA_EMULATE
#define pg_dev_wtime omp_get_wtime
#else
__device__ static inline double pg_dev_wtime(void) {
    unsigned long long ns;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
    return 1e-9 * (double)ns;
}
#endif

#endif
