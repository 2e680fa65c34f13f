/* pargrad CUDA runtime, reductions and scans: CUB's device-wide reduction
 * of a reduce's terms and scan of a fused scan's (included by generated
 * code that has grid reductions or scans; with PG_CUDA_EMULATE loops on the
 * CPU). */
#ifndef PARGRAD_CUDA_CUB_H
#define PARGRAD_CUDA_CUB_H

#include "pargrad_cuda.h"
#ifndef PG_CUDA_EMULATE
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cuda/std/iterator>
#endif

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

#endif
