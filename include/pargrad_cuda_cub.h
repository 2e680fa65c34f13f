/* pargrad CUDA runtime, reductions, scans and histograms: CUB's device-wide
 * reduction of a reduce's terms and scan of a fused scan's, and the scans
 * and histograms of arrays the host launches (included by generated code
 * that has grid reductions, scans or histograms; with PG_CUDA_EMULATE
 * loops on the CPU). */
#ifndef PARGRAD_CUDA_CUB_H
#define PARGRAD_CUDA_CUB_H

#include "pargrad_cuda.h"

#include <limits.h>
#ifndef PG_CUDA_EMULATE
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cuda/std/iterator>
#endif

struct pg_op_argmin {
    __host__ __device__ pg_argext operator()(pg_argext a, pg_argext b) const {
        return pg_argmin_pick(a, b);
    }
};
struct pg_op_argmax {
    __host__ __device__ pg_argext operator()(pg_argext a, pg_argext b) const {
        return pg_argmax_pick(a, b);
    }
};

/* The affine map x -> a * x + b: an affine scan's term, and the
 * composition of several (l applied first, then r) */
template <class T> struct pg_affine { T a, b; };
template <class T> struct pg_op_affine {
    __host__ __device__ pg_affine<T> operator()(pg_affine<T> l, pg_affine<T> r) const {
        return pg_affine<T>{r.a * l.a, r.a * l.b + r.b};
    }
};

/* *out = init OP in[0] OP ... OP in[n-1], on the stream (CUB's device-wide
 * reduction; its temporary storage from the stream's pool). */
template <class T, class Op>
static inline void pg_cuda_reduce(const T *in, T *out, long n, Op op, T init, cudaStream_t stream,
                                  const char *func, int line) {
#ifdef PG_CUDA_EMULATE
    (void)stream, (void)func, (void)line;
    T r = init;
    for (long k = 0; k < n; k++)
        r = op(r, in[k]);
    *out = r;
#else
    size_t bytes = 0;
    PG_CUDA_CHECK(cub::DeviceReduce::Reduce(NULL, bytes, in, out, n, op, init, stream), func, line);
    void *temp = NULL;
    PG_CUDA_CHECK(cudaMallocAsync(&temp, bytes ? bytes : 1, stream), func, line);
    PG_CUDA_CHECK(cub::DeviceReduce::Reduce(temp, bytes, in, out, n, op, init, stream), func, line);
    PG_CUDA_CHECK(cudaFreeAsync(temp, stream), func, line);
#endif
}

/* out[k] = identity OP in[0] OP ... OP in[k-1] (reversed: OP in[n-1] ...
 * OP in[k+1], from the top), on the stream: CUB's exclusive scan, its
 * temporary storage from the stream's pool. */
template <class T, class Op>
static inline void pg_cuda_scan(const T *in, T *out, long n, Op op, T identity, bool reversed,
                                cudaStream_t stream, const char *func, int line) {
#ifdef PG_CUDA_EMULATE
    (void)stream, (void)func, (void)line;
    T r = identity;
    for (long j = 0; j < n; j++) {
        long k = reversed ? n - 1 - j : j;
        out[k] = r;
        r = op(r, in[k]);
    }
#else
    if (n <= 0)
        return;
    cuda::std::reverse_iterator<const T *> rin(in + n);
    cuda::std::reverse_iterator<T *> rout(out + n);
    size_t bytes = 0;
    void *temp = NULL;
    for (int pass = 0; pass < 2; pass++) { /* its storage's size, then the scan */
        if (reversed)
            PG_CUDA_CHECK(
                cub::DeviceScan::ExclusiveScan(temp, bytes, rin, rout, op, identity, n, stream),
                func, line);
        else
            PG_CUDA_CHECK(
                cub::DeviceScan::ExclusiveScan(temp, bytes, in, out, op, identity, n, stream), func,
                line);
        if (pass == 0)
            PG_CUDA_CHECK(cudaMallocAsync(&temp, bytes ? bytes : 1, stream), func, line);
    }
    PG_CUDA_CHECK(cudaFreeAsync(temp, stream), func, line);
#endif
}

/* ---- scans and histograms of arrays, which the host launches ----
 *
 * The runtime's (runtime/scan.c, runtime/hist.c) on the whole grid: kernels
 * and CUB, on the stream. Their kernels do nothing once the function has
 * returned (*done: the frame's flag). */
#define PG_GRID_LOOP(k, n)                                                                         \
    for (long k = blockIdx.x * (long)blockDim.x + threadIdx.x; k < (n);                            \
         k += (long)gridDim.x * blockDim.x)

/* out[j] of a scan from init (out has n + 1 elements): the prefix CUB
 * computed for it (init included), and at the end it starts from, the one
 * no prefix has (out[n] going up, out[0] going down), the last step */
template <class T, class Op>
__global__ static void pg_scan_out_kernel(long n, T init, const T *in, const T *prefix, T *out,
                                          Op op, bool reversed, const int *done) {
    if (*done)
        return;
    long edge = reversed ? 0 : n, last = reversed ? 0 : n - 1;
    PG_GRID_LOOP(j, n + 1) {
        if (n == 0)
            out[j] = init;
        else if (j == edge)
            out[j] = op(prefix[last], in[last]);
        else
            out[j] = prefix[reversed ? j - 1 : j];
    }
}

/* runtime/scan.c's pg_scan_OP_T(n, init, in, out): out[0] = init, out[k+1]
 * = out[k] OP in[k]; reversed out[n] = init, out[k] = out[k+1] OP in[k].
 * CUB's exclusive scan from init into a temporary, then out from it. */
template <class T, class Op>
static inline void pg_cuda_scan_array(long n, T init, const T *in, T *out, Op op, bool reversed,
                                      const int *done, cudaStream_t stream, const char *func,
                                      int line) {
    n = n > 0 ? n : 0;
    T *prefix = NULL;
    PG_CUDA_CHECK(cudaMallocAsync(&prefix, sizeof(T) * (size_t)(n ? n : 1), stream), func, line);
    pg_cuda_scan(in, prefix, n, op, init, reversed, stream, func, line);
    auto out_kernel = pg_scan_out_kernel<T, Op>; /* (one argument of the macro) */
    PG_LAUNCH(out_kernel, pg_blocks(n + 1), PG_BLOCK, stream)
    (n, init, in, prefix, out, op, reversed, done);
    PG_CUDA_CHECK(cudaGetLastError(), func, line);
    PG_CUDA_CHECK(cudaFreeAsync(prefix, stream), func, line);
}

template <class T>
__global__ static void pg_affine_terms_kernel(long n, const T *a, const T *b, pg_affine<T> *terms,
                                              const int *done) {
    if (*done)
        return;
    PG_GRID_LOOP(k, n) {
        terms[k] = pg_affine<T>{a[k], b[k]};
    }
}

template <class T>
__global__ static void pg_affine_out_kernel(long n, T init, const T *a, const T *b,
                                            const pg_affine<T> *prefix, T *out, bool reversed,
                                            const int *done) {
    if (*done)
        return;
    long edge = reversed ? 0 : n, last = reversed ? 0 : n - 1;
    PG_GRID_LOOP(j, n + 1) {
        if (n == 0) {
            out[j] = init;
        } else if (j == edge) {
            T x = prefix[last].a * init + prefix[last].b;
            out[j] = a[last] * x + b[last];
        } else {
            pg_affine<T> p = prefix[reversed ? j - 1 : j];
            out[j] = p.a * init + p.b;
        }
    }
}

/* pg_scan_affine_T(n, init, a, b, out): the recurrence out[k+1] = a[k] *
 * out[k] + b[k] (reversed: out[k] = a[k] * out[k+1] + b[k]); CUB scans the
 * steps as maps x -> a x + b composed, each out[j] is its prefix's map of
 * init */
template <class T>
static inline void pg_cuda_scan_affine(long n, T init, const T *a, const T *b, T *out,
                                       bool reversed, const int *done, cudaStream_t stream,
                                       const char *func, int line) {
    n = n > 0 ? n : 0;
    pg_affine<T> *terms = NULL, *prefix = NULL;
    size_t bytes = sizeof(pg_affine<T>) * (size_t)(n ? n : 1);
    PG_CUDA_CHECK(cudaMallocAsync(&terms, bytes, stream), func, line);
    PG_CUDA_CHECK(cudaMallocAsync(&prefix, bytes, stream), func, line);
    PG_LAUNCH(pg_affine_terms_kernel<T>, pg_blocks(n), PG_BLOCK, stream)(n, a, b, terms, done);
    PG_CUDA_CHECK(cudaGetLastError(), func, line);
    pg_cuda_scan(terms, prefix, n, pg_op_affine<T>(), pg_affine<T>{1, 0}, reversed, stream, func,
                 line);
    PG_LAUNCH(pg_affine_out_kernel<T>, pg_blocks(n + 1), PG_BLOCK, stream)
    (n, init, a, b, prefix, out, reversed, done);
    PG_CUDA_CHECK(cudaGetLastError(), func, line);
    PG_CUDA_CHECK(cudaFreeAsync(terms, stream), func, line);
    PG_CUDA_CHECK(cudaFreeAsync(prefix, stream), func, line);
}

/* Histograms of `*`, min and max: each entry's update of its bin atomic
 * (pg_atomic_combine: CUB's histograms count samples into bins, they do not
 * combine values under an operator). For e < n with keys[e] >= 0:
 * h[keys[e]] = h[keys[e]] OP vals[e]. */
template <class T, class Op>
__global__ static void pg_hist_kernel(T *h, long nb, long n, const long *keys, const T *vals, Op op,
                                      const int *done) {
    if (*done)
        return;
    PG_GRID_LOOP(e, n) {
        long k = keys[e];
        if (k >= 0 && k < nb)
            pg_atomic_combine(&h[k], vals[e], op);
    }
}

template <class T, class Op>
static inline void pg_cuda_hist(T *h, long nb, long n, const long *keys, const T *vals, Op op,
                                const int *done, cudaStream_t stream, const char *func, int line) {
    (void)stream;                        /* (emulated: no streams) */
    auto kernel = pg_hist_kernel<T, Op>; /* (one argument of the macro) */
    PG_LAUNCH(kernel, pg_blocks(n), PG_BLOCK, stream)
    (h, nb, n, keys, vals, op, done);
    PG_CUDA_CHECK(cudaGetLastError(), func, line);
}

/* Adjoint of a * histogram (runtime/hist.c's rule), h holding the bins
 * from before: per bin the product of its non-zero values and 2 to the
 * number of its zeros (1: none, 2: one, exact), then each value's adjoint
 * from its bin's times the bin from before and the product of the bin's
 * other values, then the bins' adjoints times the product of them all */
template <class T>
__global__ static void pg_hist_mul_start(long nb, T *nonzero, T *zeros, const int *done) {
    if (*done)
        return;
    PG_GRID_LOOP(b, nb) {
        nonzero[b] = 1;
        zeros[b] = 1;
    }
}

template <class T>
__global__ static void pg_hist_mul_entries(long nb, long n, const long *keys, const T *vals,
                                           T *nonzero, T *zeros, const int *done) {
    if (*done)
        return;
    PG_GRID_LOOP(e, n) {
        long k = keys[e];
        if (k >= 0 && k < nb && vals[e] != 0)
            pg_atomic_combine(&nonzero[k], vals[e], pg_op_mul<T>());
        else if (k >= 0 && k < nb)
            pg_atomic_combine(&zeros[k], (T)2, pg_op_mul<T>());
    }
}

template <class T>
__global__ static void pg_hist_mul_values_b(const T *h, const T *h_b, long nb, long n,
                                            const long *keys, const T *vals, T *vals_b,
                                            const T *nonzero, const T *zeros, const int *done) {
    if (*done)
        return;
    PG_GRID_LOOP(e, n) {
        long k = keys[e];
        if (k < 0 || k >= nb)
            continue;
        T rest = zeros[k] == 1 ? nonzero[k] / vals[e]
                               : (zeros[k] == 2 && vals[e] == 0 ? nonzero[k] : (T)0);
        vals_b[e] += h_b[k] * h[k] * rest;
    }
}

template <class T>
__global__ static void pg_hist_mul_bins_b(T *h_b, long nb, const T *nonzero, const T *zeros,
                                          const int *done) {
    if (*done)
        return;
    PG_GRID_LOOP(b, nb) {
        h_b[b] *= zeros[b] == 1 ? nonzero[b] : (T)0;
    }
}

template <class T>
static inline void pg_cuda_hist_mul_rev(const T *h, const T *fin, T *h_b, long nb, long n,
                                        const long *keys, const T *vals, T *vals_b, const int *done,
                                        cudaStream_t stream, const char *func, int line) {
    (void)fin; /* (NULL: the runtime's order of arguments) */
    T *nonzero = NULL, *zeros = NULL;
    size_t bytes = sizeof(T) * (size_t)(nb > 0 ? nb : 1);
    PG_CUDA_CHECK(cudaMallocAsync(&nonzero, bytes, stream), func, line);
    PG_CUDA_CHECK(cudaMallocAsync(&zeros, bytes, stream), func, line);
    PG_LAUNCH(pg_hist_mul_start<T>, pg_blocks(nb), PG_BLOCK, stream)(nb, nonzero, zeros, done);
    PG_LAUNCH(pg_hist_mul_entries<T>, pg_blocks(n), PG_BLOCK, stream)
    (nb, n, keys, vals, nonzero, zeros, done);
    if (vals_b)
        PG_LAUNCH(pg_hist_mul_values_b<T>, pg_blocks(n), PG_BLOCK, stream)
    (h, h_b, nb, n, keys, vals, vals_b, nonzero, zeros, done);
    PG_LAUNCH(pg_hist_mul_bins_b<T>, pg_blocks(nb), PG_BLOCK, stream)
    (h_b, nb, nonzero, zeros, done);
    PG_CUDA_CHECK(cudaGetLastError(), func, line);
    PG_CUDA_CHECK(cudaFreeAsync(nonzero, stream), func, line);
    PG_CUDA_CHECK(cudaFreeAsync(zeros, stream), func, line);
}

/* Adjoint of a min or max histogram (runtime/hist.c's rule), h holding the
 * bins from before, fin the final ones: per bin the first entry (the
 * least e) whose value is the final one takes the bin's adjoint, unless
 * the bin from before already held it (it keeps it then) */
template <class I> __global__ static void pg_hist_ext_none(long nb, I *first, const int *done) {
    if (*done)
        return;
    PG_GRID_LOOP(b, nb) {
        first[b] = LONG_MAX;
    }
}

template <class T>
__global__ static void pg_hist_ext_entries(const T *h, const T *fin, long nb, long n,
                                           const long *keys, const T *vals, long *first,
                                           const int *done) {
    if (*done)
        return;
    PG_GRID_LOOP(e, n) {
        long k = keys[e];
        if (k >= 0 && k < nb && vals[e] == fin[k] && h[k] != fin[k])
            pg_atomic_combine(&first[k], e, pg_op_min<long>());
    }
}

template <class T>
__global__ static void pg_hist_ext_bins_b(const T *h, const T *fin, T *h_b, long nb,
                                          const long *first, T *vals_b, const int *done) {
    if (*done)
        return;
    PG_GRID_LOOP(b, nb) {
        if (vals_b && first[b] != LONG_MAX) /* (an entry of this bin's: no other bin's) */
            vals_b[first[b]] += h_b[b];
        if (h[b] != fin[b])
            h_b[b] = 0;
    }
}

template <class T>
static inline void pg_cuda_hist_ext_rev(const T *h, const T *fin, T *h_b, long nb, long n,
                                        const long *keys, const T *vals, T *vals_b, const int *done,
                                        cudaStream_t stream, const char *func, int line) {
    long *first = NULL;
    PG_CUDA_CHECK(cudaMallocAsync(&first, sizeof(long) * (size_t)(nb > 0 ? nb : 1), stream), func,
                  line);
    PG_LAUNCH(pg_hist_ext_none<long>, pg_blocks(nb), PG_BLOCK, stream)(nb, first, done);
    PG_LAUNCH(pg_hist_ext_entries<T>, pg_blocks(n), PG_BLOCK, stream)
    (h, fin, nb, n, keys, vals, first, done);
    PG_LAUNCH(pg_hist_ext_bins_b<T>, pg_blocks(nb), PG_BLOCK, stream)
    (h, fin, h_b, nb, first, vals_b, done);
    PG_CUDA_CHECK(cudaGetLastError(), func, line);
    PG_CUDA_CHECK(cudaFreeAsync(first, stream), func, line);
}
#undef PG_GRID_LOOP

#endif
