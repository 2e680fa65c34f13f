/* The grid versions of the runtime's scans and histograms
 * (pargrad_cuda_cub.h: pg_cuda_scan_array, pg_cuda_scan_affine,
 * pg_cuda_hist, pg_cuda_hist_mul_rev, pg_cuda_hist_ext_rev), which the
 * host calls where the CPU code calls runtime/scan.c and runtime/hist.c,
 * against those functions' documented results (include/pargrad.h),
 * computed here one element after another: every operator, both
 * directions, double and float, lengths 0 to 10^5 (many blocks), keys
 * out of range skipped, ties, zeros; and nothing written once the frame
 * says the function has returned. Then pargrad_cuda.h's device pool
 * (PARGRAD_CUDA_POOL_MB), from many threads at once: no two live blocks
 * overlap, every block lies in the pool, aligned, a full pool refuses and
 * gives again what was freed; a tape's reservation (pg_tape_reserve) and
 * pg_atomic_add, and the copies of a histogram's bins per warp
 * (pg_bin_copies). Built for the CPU (PG_CUDA_EMULATE: the kernels'
 * threads on OpenMP threads, the atomics real) and by nvcc, where it runs
 * on a GPU too (its arrays in managed memory; scripts/gpu_session.sh). */
#include "pargrad_cuda_cub.h"

#include <new>
#include <vector>

/* The arrays the kernels read: on a GPU, managed memory (one without HMM
 * cannot address the host's heap or stack); on the CPU (emulated), the
 * heap's */
#ifdef PG_CUDA_EMULATE
template <class T> using Vec = std::vector<T>;
#else
template <class T> struct Managed {
    typedef T value_type;
    Managed() = default;
    template <class U> Managed(const Managed<U> &) {}
    T *allocate(size_t n) {
        void *p = nullptr;
        if (cudaMallocManaged(&p, n * sizeof(T) + 1) != cudaSuccess) /* (+1: n may be 0) */
            throw std::bad_alloc();
        return (T *)p;
    }
    void deallocate(T *p, size_t) {
        cudaFree(p);
    }
};
template <class T, class U> bool operator==(const Managed<T> &, const Managed<U> &) {
    return true;
}
template <class T, class U> bool operator!=(const Managed<T> &, const Managed<U> &) {
    return false;
}
template <class T> using Vec = std::vector<T, Managed<T>>;
#endif

static int failures, checks;

template <class T> static double tolerance() {
    return sizeof(T) == sizeof(float) ? 1e-5 : 1e-12;
}

template <class T> static void expect(const char *what, long n, const T *got, const T *want) {
    cudaStreamSynchronize(0); /* (the kernels that wrote got, done) */
    for (long k = 0; k < n; k++) {
        double g = got[k], w = want[k], scale = fabs(w) > 1 ? fabs(w) : 1;
        bool same = (g != g && w != w) || g == w || fabs(g - w) <= tolerance<T>() * scale;
        checks++;
        if (!same && failures++ < 20)
            printf("MISMATCH %s [%ld]: got %.17g, want %.17g\n", what, k, g, w);
    }
}

static unsigned long long state = 88172645463325252ull;
static double uniform(double lo, double hi) {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return lo + (hi - lo) * (double)(state >> 11) / 9007199254740992.0;
}

/* ---- scans ---- */

template <class T, class Op>
static void scan_reference(long n, T init, const T *in, T *out, Op op, bool reversed) {
    if (!reversed) {
        out[0] = init;
        for (long k = 0; k < n; k++)
            out[k + 1] = op(out[k], in[k]);
    } else {
        out[n] = init;
        for (long k = n; k-- > 0;)
            out[k] = op(out[k + 1], in[k]);
    }
}

template <class T, class Op>
static void check_scan(const char *name, long n, Op op, double lo, double hi) {
    Vec<T> in(n + 1), out(n + 1), want(n + 1);
    for (long k = 0; k < n; k++)
        in[k] = (T)uniform(lo, hi);
    if (n > 3)
        in[n / 2] = in[n / 3]; /* a tie for min and max */
    Vec<int> done(1, 0);
    for (int reversed = 0; reversed < 2; reversed++) {
        T init = (T)uniform(lo, hi);
        pg_cuda_scan_array<T>(n, init, in.data(), out.data(), op, reversed, done.data(), 0, "test",
                              1);
        scan_reference(n, init, in.data(), want.data(), op, reversed);
        char what[96];
        snprintf(what, sizeof what, "scan %s%s n=%ld", name, reversed ? " reversed" : "", n);
        expect(what, n + 1, out.data(), want.data());
    }
}

template <class T> static void check_affine(long n) {
    Vec<T> a(n + 1), b(n + 1), out(n + 1), want(n + 1);
    for (long k = 0; k < n; k++)
        a[k] = (T)uniform(-1.0, 1.0), b[k] = (T)uniform(-1.0, 1.0);
    Vec<int> done(1, 0);
    for (int reversed = 0; reversed < 2; reversed++) {
        T init = (T)uniform(-1.0, 1.0);
        pg_cuda_scan_affine<T>(n, init, a.data(), b.data(), out.data(), reversed, done.data(), 0,
                               "test", 1);
        if (!reversed) {
            want[0] = init;
            for (long k = 0; k < n; k++)
                want[k + 1] = a[k] * want[k] + b[k];
        } else {
            want[n] = init;
            for (long k = n; k-- > 0;)
                want[k] = a[k] * want[k + 1] + b[k];
        }
        char what[96];
        snprintf(what, sizeof what, "affine scan%s n=%ld", reversed ? " reversed" : "", n);
        expect(what, n + 1, out.data(), want.data());
    }
}

/* ---- histograms ---- */

struct Entries {
    Vec<long> keys;
    Vec<double> vals;
};

/* keys in [0, nb), a tenth of them -1 or nb (skipped); values with ties
 * and, for *, zeros */
static Entries entries(long n, long nb, bool zeros) {
    Entries en{Vec<long>(n + 1), Vec<double>(n + 1)};
    for (long e = 0; e < n; e++) {
        double u = uniform(0.0, 1.0);
        en.keys[e] = u < 0.05 ? -1 : u < 0.1 ? nb : (long)uniform(0.0, (double)nb - 1e-9);
        en.vals[e] = zeros && uniform(0.0, 1.0) < 0.02 ? 0.0 : uniform(0.5, 1.5);
        if (!zeros && e > 2 && uniform(0.0, 1.0) < 0.05)
            en.vals[e] = en.vals[e / 2]; /* ties */
    }
    return en;
}

template <class T> static Vec<T> as(const Vec<double> &v) {
    return Vec<T>(v.begin(), v.end());
}

template <class T, class Op>
static void hist_reference(T *h, long nb, long n, const long *keys, const T *vals, Op op) {
    for (long e = 0; e < n; e++)
        if (keys[e] >= 0 && keys[e] < nb)
            h[keys[e]] = op(h[keys[e]], vals[e]);
}

template <class T, class Op>
static void check_hist(const char *name, long n, long nb, Op op, bool zeros) {
    Entries en = entries(n, nb, zeros);
    Vec<T> vals = as<T>(en.vals), h(nb + 1), want(nb + 1);
    for (long b = 0; b < nb; b++)
        h[b] = want[b] = (T)uniform(0.9, 1.1);
    Vec<int> done(1, 0);
    pg_cuda_hist<T>(h.data(), nb, n, en.keys.data(), vals.data(), op, done.data(), 0, "test", 1);
    hist_reference(want.data(), nb, n, en.keys.data(), vals.data(), op);
    char what[96];
    snprintf(what, sizeof what, "histogram %s n=%ld nb=%ld", name, n, nb);
    expect(what, nb, h.data(), want.data());
}

/* A histogram as a generated map updates it where its bins have a copy
 * per warp (pg_bin_copy), folded in after (pg_bin_copies_fold) */
template <class T, class Op>
__global__ static void hist_through_copies(T *h, T *copies, long ncopies, long nb, long n,
                                           const long *keys, const T *vals, Op op) {
    T *own = pg_bin_copy(h, copies, ncopies, nb);
    for (long e = blockIdx.x * (long)blockDim.x + threadIdx.x; e < n;
         e += (long)gridDim.x * blockDim.x)
        if (keys[e] >= 0 && keys[e] < nb)
            pg_atomic_combine(&own[keys[e]], vals[e], op);
}

template <class T, class Op>
static void check_bin_copies(const char *name, long n, long nb, Op op, T identity, bool zeros) {
    Entries en = entries(n, nb, zeros);
    Vec<T> vals = as<T>(en.vals), h(nb + 1), want(nb + 1);
    for (long b = 0; b < nb; b++)
        h[b] = want[b] = (T)uniform(0.9, 1.1);
    long ncopies = pg_bin_copies(nb, pg_blocks(n), n, sizeof(T));
    T *copies = pg_bin_copies_alloc(ncopies, nb, identity, 0, "test", 1);
    auto kernel = hist_through_copies<T, Op>; /* (one argument of the macro) */
    PG_LAUNCH(kernel, pg_blocks(n), PG_BLOCK, 0)
    (h.data(), copies, ncopies, nb, n, en.keys.data(), vals.data(), op);
    pg_bin_copies_fold(h.data(), copies, ncopies, nb, op, 0, "test", 1);
    hist_reference(want.data(), nb, n, en.keys.data(), vals.data(), op);
    char what[96];
    snprintf(what, sizeof what, "histogram %s n=%ld nb=%ld through %ld copies", name, n, nb,
             ncopies);
    expect(what, nb, h.data(), want.data());
    /* (copies where the bins are few next to the updates, none where many) */
    bool many = n >= 100000 && nb <= 300, wanted = many ? ncopies >= 2 : n >= 8 * nb || !ncopies;
    checks++;
    if (!wanted && failures++ < 20)
        printf("MISMATCH %s: not the copies expected\n", what);
}

/* pg_atomic_add, as a map's updates of an array its iterations share
 * call it: on the GPU the lanes of a warp adding into one element sum
 * their values first (all 32 of them for one bin, groups for more) */
template <class T>
__global__ static void add_into_bins(T *h, long nb, long n, const long *keys, const T *vals) {
    for (long e = blockIdx.x * (long)blockDim.x + threadIdx.x; e < n;
         e += (long)gridDim.x * blockDim.x)
        if (keys[e] >= 0 && keys[e] < nb)
            pg_atomic_add(&h[keys[e]], vals[e]);
}

template <class T> static void check_atomic_add(long n, long nb) {
    Entries en = entries(n, nb, false);
    Vec<T> vals = as<T>(en.vals), h(nb + 1), want(nb + 1);
    for (long b = 0; b < nb; b++)
        h[b] = want[b] = (T)uniform(-1.0, 1.0);
    auto kernel = add_into_bins<T>; /* (one argument of the macro) */
    PG_LAUNCH(kernel, pg_blocks(n), PG_BLOCK, 0)(h.data(), nb, n, en.keys.data(), vals.data());
    hist_reference(want.data(), nb, n, en.keys.data(), vals.data(), pg_op_add<T>());
    char what[96];
    snprintf(what, sizeof what, "pg_atomic_add n=%ld nb=%ld", n, nb);
    expect(what, nb, h.data(), want.data());
}

/* runtime/hist.c's rules, one entry after another */
template <class T> static void check_hist_mul_rev(long n, long nb) {
    Entries en = entries(n, nb, true);
    Vec<T> vals = as<T>(en.vals), h(nb + 1), h_b(nb + 1), vals_b(n + 1);
    for (long b = 0; b < nb; b++)
        h[b] = (T)uniform(0.5, 1.5), h_b[b] = (T)uniform(-1.0, 1.0);
    for (long e = 0; e < n; e++)
        vals_b[e] = (T)uniform(-1.0, 1.0);
    Vec<T> want_h_b = h_b, want_vals_b = vals_b, nz(nb + 1, (T)1);
    Vec<long> zeros(nb + 1, 0);
    const long *keys = en.keys.data();
    for (long e = 0; e < n; e++)
        if (keys[e] >= 0 && keys[e] < nb && vals[e] != 0)
            nz[keys[e]] *= vals[e];
        else if (keys[e] >= 0 && keys[e] < nb)
            zeros[keys[e]]++;
    for (long e = 0; e < n; e++) {
        long k = keys[e];
        if (k < 0 || k >= nb)
            continue;
        T rest = zeros[k] == 0 ? nz[k] / vals[e] : zeros[k] == 1 && vals[e] == 0 ? nz[k] : (T)0;
        want_vals_b[e] += want_h_b[k] * h[k] * rest;
    }
    for (long b = 0; b < nb; b++)
        want_h_b[b] *= zeros[b] ? (T)0 : nz[b];
    Vec<int> done(1, 0);
    pg_cuda_hist_mul_rev<T>(h.data(), NULL, h_b.data(), nb, n, keys, vals.data(), vals_b.data(),
                            done.data(), 0, "test", 1);
    char what[96];
    snprintf(what, sizeof what, "* histogram's adjoint n=%ld nb=%ld: bins", n, nb);
    expect(what, nb, h_b.data(), want_h_b.data());
    snprintf(what, sizeof what, "* histogram's adjoint n=%ld nb=%ld: values", n, nb);
    expect(what, n, vals_b.data(), want_vals_b.data());
}

template <class T, class Op>
static void check_hist_ext_rev(const char *name, long n, long nb, Op op) {
    Entries en = entries(n, nb, false);
    Vec<T> vals = as<T>(en.vals), h(nb + 1), fin(nb + 1), h_b(nb + 1), vals_b(n + 1);
    const long *keys = en.keys.data();
    for (long b = 0; b < nb; b++) /* some bins keep their value from before */
        h[b] = fin[b] = (T)(b % 4 == 0 ? (op(0.0, 1.0) == 0.0 ? -1.0 : 3.0) : uniform(0.9, 1.1));
    if (nb > 1 && n > 0)
        h[1] = fin[1] = vals[0]; /* a tie of the bin from before and an entry */
    hist_reference(fin.data(), nb, n, keys, vals.data(), op);
    for (long b = 0; b < nb; b++)
        h_b[b] = (T)uniform(-1.0, 1.0);
    for (long e = 0; e < n; e++)
        vals_b[e] = (T)uniform(-1.0, 1.0);
    Vec<T> want_h_b = h_b, want_vals_b = vals_b;
    Vec<long> first(nb + 1, -1);
    for (long e = 0; e < n; e++) {
        long k = keys[e];
        if (k >= 0 && k < nb && first[k] < 0 && vals[e] == fin[k] && h[k] != fin[k])
            first[k] = e;
    }
    for (long b = 0; b < nb; b++) {
        if (first[b] >= 0)
            want_vals_b[first[b]] += want_h_b[b];
        if (h[b] != fin[b])
            want_h_b[b] = 0;
    }
    Vec<int> done(1, 0);
    pg_cuda_hist_ext_rev<T>(h.data(), fin.data(), h_b.data(), nb, n, keys, vals.data(),
                            vals_b.data(), done.data(), 0, "test", 1);
    char what[96];
    snprintf(what, sizeof what, "%s histogram's adjoint n=%ld nb=%ld: bins", name, n, nb);
    expect(what, nb, h_b.data(), want_h_b.data());
    snprintf(what, sizeof what, "%s histogram's adjoint n=%ld nb=%ld: values", name, n, nb);
    expect(what, n, vals_b.data(), want_vals_b.data());
}

/* after a return (*done set): the outputs as they were */
static void check_returned(void) {
    long n = 1000, nb = 9;
    Entries en = entries(n, nb, false);
    Vec<double> out(n + 1, 7.0), h(nb, 7.0), h_b(nb, 7.0), vals_b(n, 7.0);
    Vec<double> sevens(n + 1, 7.0);
    Vec<int> done(1, 1);
    pg_cuda_scan_array<double>(n, 1.0, en.vals.data(), out.data(), pg_op_add<double>(), false,
                               done.data(), 0, "test", 1);
    pg_cuda_scan_affine<double>(n, 1.0, en.vals.data(), en.vals.data(), out.data(), true,
                                done.data(), 0, "test", 1);
    pg_cuda_hist<double>(h.data(), nb, n, en.keys.data(), en.vals.data(), pg_op_min<double>(),
                         done.data(), 0, "test", 1);
    pg_cuda_hist_mul_rev<double>(sevens.data(), NULL, h_b.data(), nb, n, en.keys.data(),
                                 en.vals.data(), vals_b.data(), done.data(), 0, "test", 1);
    expect("scans after a return", n + 1, out.data(), sevens.data());
    expect("histogram after a return", nb, h.data(), sevens.data());
    expect("adjoint after a return: bins", nb, h_b.data(), sevens.data());
    expect("adjoint after a return: values", n, vals_b.data(), sevens.data());
}

template <class T> static void check_type(void) {
    const long lengths[] = {0, 1, 2, 7, 1000, 100003};
    for (long n : lengths) {
        check_scan<T>("+", n, pg_op_add<T>(), -1.0, 1.0);
        check_scan<T>("*", n, pg_op_mul<T>(), 0.9, 1.1);
        check_scan<T>("min", n, pg_op_min<T>(), -1.0, 1.0);
        check_scan<T>("max", n, pg_op_max<T>(), -1.0, 1.0);
        check_affine<T>(n);
        for (long nb : {1L, 7L, 300L}) {
            check_hist<T>("*", n, nb, pg_op_mul<T>(), true);
            check_hist<T>("min", n, nb, pg_op_min<T>(), false);
            check_hist<T>("max", n, nb, pg_op_max<T>(), false);
            check_hist_mul_rev<T>(n, nb);
            check_hist_ext_rev<T>("min", n, nb, pg_op_min<T>());
            check_hist_ext_rev<T>("max", n, nb, pg_op_max<T>());
            check_bin_copies<T>("*", n, nb, pg_op_mul<T>(), (T)1, true);
            check_bin_copies<T>("min", n, nb, pg_op_min<T>(), (T)INFINITY, false);
            check_bin_copies<T>("max", n, nb, pg_op_max<T>(), (T)-INFINITY, false);
            if (sizeof(T) == sizeof(double)) /* (sums of 10^5 floats in two orders differ more) */
                check_atomic_add<T>(n, nb);
        }
    }
}

#ifdef PG_CUDA_EMULATE
/* ---- the device pool ---- */

static bool check_pool_block(const unsigned char *p, size_t bytes) {
    const unsigned char *end = pg_dev_pool.base + pg_dev_pool.cap;
    return p && (uintptr_t)p % 16 == 0 && p >= pg_dev_pool.base && p + bytes <= end;
}

/* each thread allocates and frees blocks of many sizes, keeping up to 16
 * live, each filled with a byte of its own; a block whose bytes changed
 * while it was live overlapped another */
static void check_pool_threads(void) {
    int bad = 0, refused = 0, count = 0;
#pragma omp parallel reduction(+ : bad, refused, count)
    {
        unsigned long long seed =
            0x9e3779b97f4a7c15ull * (unsigned long long)(omp_get_thread_num() + 1);
        unsigned char *live[16] = {0};
        size_t size[16] = {0};
        unsigned char mark[16] = {0};
        for (int step = 0; step < 20000; step++) {
            seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
            int slot = (int)(seed % 16);
            if (live[slot]) {
                for (size_t k = 0; k < size[slot]; k++)
                    bad += live[slot][k] != mark[slot];
                pg_block_free(live[slot]);
                live[slot] = NULL;
                continue;
            }
            size[slot] = (seed >> 8) % 64 == 0 ? (seed >> 16) % 300000 : (seed >> 16) % 2000;
            live[slot] = (unsigned char *)pg_block_alloc(size[slot]);
            if (!live[slot]) {
                refused++;
                continue;
            }
            bad += !check_pool_block(live[slot], size[slot]);
            mark[slot] = (unsigned char)(omp_get_thread_num() * 16 + slot + step);
            memset(live[slot], mark[slot], size[slot]);
            count++;
        }
        for (int slot = 0; slot < 16; slot++)
            pg_block_free(live[slot]);
    }
    checks += count;
    failures += bad + refused;
    if (bad || refused)
        printf("MISMATCH the device pool: %d blocks outside it or overlapping, %d refused\n", bad,
               refused);
}

/* a full pool refuses; what was freed is given again */
static void check_pool_full(void) {
    Vec<void *> got;
    for (void *p; (p = pg_block_alloc((1 << 20) - 16)) != NULL;)
        got.push_back(p);
    size_t n = got.size();
    bool fits = n >= 1 && n <= pg_dev_pool.cap >> 20;
    for (void *p : got)
        pg_block_free(p);
    got.clear();
    size_t again = 0;
    for (void *p; again < n + 1 && (p = pg_block_alloc((1 << 20) - 16)) != NULL; again++)
        got.push_back(p);
    for (void *p : got)
        pg_block_free(p);
    checks += 2;
    if (!fits || again != n) {
        failures++;
        printf("MISMATCH the full pool: %zu blocks of 1 MB from %llu MB, then %zu again\n", n,
               pg_dev_pool.cap >> 20, again);
    }
}

/* a reservation grows the tape once, the pushes it was made for then
 * keep it where it is; one the pool cannot give is a hint refused, the
 * tape as it was; none for no iterations. And a warp's sums (here the
 * threads' atomicAdd) add up. */
static void check_tape_reserve(void) {
    pg_tape t = {NULL, 0, 0, NULL, 0, NULL};
    pg_push_double(&t, 0.5);
    pg_tape_reserve(&t, 1000, 32);
    unsigned char *at = t.data;
    bool grown = at && t.cap >= 8 + 1000 * 32;
    for (int i = 0; i < 1000; i++) {
        unsigned char *rec = pg_push_record(&t, 4);
        for (int k = 0; k < 4; k++)
            pg_put_double(rec + 8 * k, i + 0.25 * k);
    }
    bool stayed = t.data == at;
    size_t cap = t.cap;
    pg_tape_reserve(&t, 0, 32);
    pg_tape_reserve(&t, -5, 32);
    pg_tape_reserve(&t, 1L << 40, (size_t)1 << 20); /* (1 GB asked of a pool of 64 MB) */
    bool refused = t.data == at && t.cap == cap;
    bool kept = true;
    for (int i = 999; i >= 0; i--) {
        const double *rec = (const double *)(void *)pg_tape_pop(&t, 32);
        for (int k = 0; k < 4; k++)
            kept &= rec[k] == i + 0.25 * k;
    }
    kept &= pg_pop_double(&t) == 0.5 && t.top == 0;
    pg_tape_release(&t);
    double sum = 0.0;
#pragma omp parallel for
    for (int i = 0; i < 4096; i++)
        pg_atomic_add(&sum, 0.5f); /* (a float into a double, as generated code adds it) */
    checks += 5;
    if (!grown || !stayed || !refused || !kept || sum != 2048.0) {
        failures++;
        printf("MISMATCH pg_tape_reserve: grown %d, stayed %d, refused %d, kept %d; "
               "pg_atomic_add's sum %g (want 2048)\n",
               grown, stayed, refused, kept, sum);
    }
}

/* A grid thread's tape on memory the host gave it (pg_tape_give): pushes
 * within it allocate nothing; one past it moves the tape to the pool with
 * its values, and neither that nor the release frees the given memory (a
 * stack array here: freeing it would abort). The host's sizes
 * (pg_tape_slab): rounded up to 16, none past 1 GB for the grid. */
static void check_tape_give(void) {
    alignas(16) unsigned char given[96];
    pg_tape t = {NULL, 0, 0, NULL, 0, NULL};
    pg_tape_give(&t, given, sizeof given);
    pg_tape_reserve(&t, 10, 8);
    for (int i = 0; i < 10; i++)
        pg_push_double(&t, i + 0.5);
    bool within = t.data == given && t.cap == sizeof given;
    for (int i = 10; i < 40; i++)
        pg_push_double(&t, i + 0.5);
    bool moved = t.data != given && t.given == given && t.cap >= 40 * 8;
    bool kept = true;
    for (int i = 39; i >= 0; i--)
        kept &= pg_pop_double(&t) == i + 0.5;
    pg_tape_release(&t);
    pg_tape none = {NULL, 0, 0, NULL, 0, NULL};
    pg_tape_give(&none, given, 0); /* (the host gave none: the tape grows as any) */
    pg_push_double(&none, 1.0);
    bool grew = none.data != given && none.data && pg_pop_double(&none) == 1.0;
    pg_tape_release(&none);
    bool sizes = pg_tape_slab(100, 4) == 112 && pg_tape_slab(0, 1) == 0 &&
                 pg_tape_slab((size_t)1 << 20, 4096) == 0 && pg_tape_slab(4096, 1024) == 4096;
    checks += 5;
    if (!within || !moved || !kept || !grew || !sizes) {
        failures++;
        printf("MISMATCH pg_tape_give: within %d, moved %d, kept %d, grew %d, pg_tape_slab %d\n",
               within, moved, kept, grew, sizes);
    }
}

/* The mailbox's formatting (device code has no snprintf): as printf's for
 * the messages' conversions, cut at the buffer's end */
static void check_format(void) {
    char text[160], small[8];
    pg_format(
        text, sizeof text, "pargrad: %s: bin %ld is outside [0, %ld), %d%% (%llu bytes, %u, %lu)\n",
        "histogram 'h' at f.c:3", -7L, 5L, 100, 18446744073709551615ull, 4u, (unsigned long)12);
    pg_format(small, sizeof small, "%s and more", "truncated");
    const char *want = "pargrad: histogram 'h' at f.c:3: bin -7 is outside [0, 5), 100% "
                       "(18446744073709551615 bytes, 4, 12)\n";
    checks += 2;
    if (strcmp(text, want) != 0 || strcmp(small, "truncat") != 0) {
        failures++;
        printf("MISMATCH pg_format: '%s' and '%s'\n", text, small);
    }
}

static void check_pool(void) {
    setenv("PARGRAD_CUDA_POOL_MB", "64", 1);
    pg_cuda_setup();
    checks++;
    if (!pg_dev_pool.base || pg_dev_pool.cap != (size_t)64 << 20) {
        failures++;
        printf("MISMATCH PARGRAD_CUDA_POOL_MB=64 set up no pool of 64 MB\n");
        return;
    }
    check_pool_threads();
    check_pool_full();
    check_pool_threads(); /* (from the lists the frees left) */
    check_tape_reserve();
    check_tape_give();
    check_format();
}
#endif

int main(void) {
    check_type<double>();
    check_type<float>();
    check_returned();
#ifdef PG_CUDA_EMULATE
    check_pool();
#endif
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures != 0;
}
