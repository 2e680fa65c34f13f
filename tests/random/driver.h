/* The check driver of a random program (pargrad_gen writes a check.c that
 * fills a drv_spec and calls drv_main).
 *
 * The program f(n, m, x [, w] [, a] [, p] [, u] [, y] [, z]) has outputs:
 * its return value, y (out), u and z (wrt and out, updated in place; z
 * optional: where f is called with NULL for it, has_z is 0). With random
 * seeds s_k for every output the scalar L = sum_k s_k * out_k is checked:
 *
 *  (a) f_b returns the primal's return value and writes the primal's y and u
 *      (up to the reassociation of parallel reductions);
 *  (b) the output seeds are consumed: y_b is zero on exit where the primal
 *      writes y (pargrad cannot know y's length beyond that; u_b, in wrt too,
 *      holds the adjoint of u's input value instead);
 *  (c) every input adjoint matches central finite differences of L, with
 *      gradcheck.h's step and tolerance: |g - fd| <= 1e-5 * max(1, |fd|).
 *      When they disagree, a second estimate with half the step decides
 *      whether the finite differences themselves are reliable: if the two
 *      estimates disagree with each other (a kink or a branch flip within
 *      the step), the component is counted as "unreliable FD", not as a
 *      failure. Where the disagreement is within what rounding L puts into
 *      the difference (16 ulps of |L| over the step: a component far
 *      smaller than the others), both estimates are taken again with a
 *      step large enough that the rounding is under the tolerance;
 *  (d) a second call without zeroing accumulates: x_b, w_b, a_b, p_b double,
 *      u_b and z_b (seed consumed, then incremented) are the same again.
 *
 * Programs that use float compute their finite differences on a double twin
 * of the program (spec->reference) and compare with a float tolerance.
 *
 * Exit status: 0 passed (maybe with unreliable FD components), 1 a check
 * failed, 3 the program itself is unusable (non-finite or huge values: a
 * generator bug, not a pargrad bug). */
#ifndef PARGRAD_RANDOM_DRIVER_H
#define PARGRAD_RANDOM_DRIVER_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../e2e/gradcheck.h"

/* f_b may recompute the primal in another order (parallel reductions) */
#define DRV_RTOL_PRIMAL 1e-10
/* float programs: the gradient is computed in float */
#define DRV_RTOL_FLOAT 2e-4
#define DRV_RTOL_PRIMAL_FLOAT 1e-5
/* float programs whose double twin differs more are ill-conditioned */
#define DRV_RTOL_TWIN 1e-4
/* |values| above this are a generator bug (overflow risk) */
#define DRV_HUGE 1e7

struct drv {
    double *x, *w, *a, p, *u, *y, *z;
    double *x_b, *w_b, *a_b, p_b, *u_b, *y_b, *z_b;
};

struct drv_spec {
    int n, m;
    unsigned long long seed;
    int has_w, w_wrt, has_a, a_wrt, has_p, p_wrt, has_u, has_y, has_z, has_ret, uses_float;
    double (*primal)(struct drv *d);
    double (*reference)(struct drv *d);
    double (*gradient)(struct drv *d, double seed);
};

/* everything one run needs */
struct drv_run {
    const struct drv_spec *spec;
    struct drv d;
    int nm;
    double *u0, *y0, *z0; /* the initial contents of u, y and z */
    double *su, *sy, *sz; /* output seeds */
    double sret;          /* the return value's seed */
    double ret;           /* the primal's return value */
    double *uref, *yref, *zref;
    double *ywritten; /* 1 where the primal changed y: seeds there must be consumed */
    long failed, unreliable, checked;
};

static void drv_reset(struct drv_run *r) {
    size_t bytes = sizeof(double) * (size_t)r->nm;
    if (r->spec->has_u)
        memcpy(r->d.u, r->u0, bytes);
    if (r->spec->has_y)
        memcpy(r->d.y, r->y0, bytes);
    if (r->spec->has_z)
        memcpy(r->d.z, r->z0, bytes);
}

/* L = sret * f + sy . y + su . u + sz . z, from the reference program */
static double drv_loss(void *p) {
    struct drv_run *r = p;
    drv_reset(r);
    double f = r->spec->reference(&r->d);
    double l = r->spec->has_ret ? r->sret * f : 0.0;
    if (r->spec->has_y)
        l += gc_dot(r->sy, r->d.y, r->nm);
    if (r->spec->has_u)
        l += gc_dot(r->su, r->d.u, r->nm);
    if (r->spec->has_z)
        l += gc_dot(r->sz, r->d.z, r->nm);
    return l;
}

static int drv_finite(const double *v, int n) {
    for (int i = 0; i < n; i++)
        if (!(fabs(v[i]) < DRV_HUGE))
            return 0;
    return 1;
}

static void drv_fail(struct drv_run *r, const char *what, int i, double got, double want) {
    r->failed++;
    if (r->failed <= 20)
        printf("FAIL %s[%d]: got %.15g, want %.15g\n", what, i, got, want);
}

static void drv_close(struct drv_run *r, const char *what, const double *got, const double *want,
                      int n, double rtol) {
    for (int i = 0; i < n; i++) {
        r->checked++;
        if (!gc_close(got[i], want[i], rtol))
            drv_fail(r, what, i, got[i], want[i]);
    }
}

/* central difference of L in v[i] with step h; *noise: what rounding L
 * (a sum of many terms, each rounded) can put into it, 16 ulps of |L|
 * over the step */
static double drv_fd(struct drv_run *r, double *v, int i, double h, double *noise) {
    double v0 = v[i];
    volatile double vp = v0 + h, vm = v0 - h;
    v[i] = vp;
    double lp = drv_loss(r);
    v[i] = vm;
    double lm = drv_loss(r);
    v[i] = v0;
    *noise = 16 * DBL_EPSILON * fmax(fabs(lp), fabs(lm)) / (vp - vm);
    return (lp - lm) / (vp - vm);
}

/* (c): g[0..n) against finite differences in v[0..n) */
static void drv_fd_check(struct drv_run *r, const char *what, const double *g, double *v, int n) {
    double rtol = r->spec->uses_float ? DRV_RTOL_FLOAT : GC_RTOL_FD;
    for (int i = 0; i < n; i++) {
        double h = gc_fd_step(v[i]), noise, noise2;
        double fd = drv_fd(r, v, i, h, &noise);
        r->checked++;
        if (gc_close(g[i], fd, rtol))
            continue;
        double fd2 = drv_fd(r, v, i, 0.5 * h, &noise2);
        if (fabs(g[i] - fd) <= noise) {
            /* mostly rounding (a component of L far smaller than the
             * others): again with a step that brings the rounding under
             * the tolerance, then checked as any other */
            h *= fmax(2.0, 4.0 * noise / (rtol * fmax(1.0, fabs(fd))));
            fd = drv_fd(r, v, i, h, &noise);
            fd2 = drv_fd(r, v, i, 0.5 * h, &noise2);
            if (gc_close(g[i], fd, rtol))
                continue;
        }
        if (!gc_close(fd2, fd, rtol)) {
            r->unreliable++;
            printf("UNRELIABLE FD %s[%d]: analytic %.12g, fd(h) %.12g, fd(h/2) %.12g\n", what, i,
                   g[i], fd, fd2);
            continue;
        }
        r->failed++;
        if (r->failed <= 20)
            printf("FAIL %s[%d] vs finite differences: analytic %.15g, fd %.15g (fd(h/2) "
                   "%.15g)\n",
                   what, i, g[i], fd, fd2);
    }
}

/* Every array has a red zone of sentinels after its n elements: a write
 * past the end (a seed loop running too far, say) is a failure even where
 * it corrupts nothing the other checks look at. */
enum { DRV_GUARD = 8 };
#define DRV_SENTINEL 4242.4242

static double *drv_alloc(int n) {
    double *p = gc_alloc(n + DRV_GUARD);
    for (int i = 0; i < DRV_GUARD; i++)
        p[n + i] = DRV_SENTINEL;
    return p;
}

static void drv_guard(struct drv_run *r, const char *what, const double *v) {
    for (int i = 0; i < DRV_GUARD; i++)
        if (v[r->nm + i] != DRV_SENTINEL) {
            r->failed++;
            printf("FAIL %s: element %d past its end overwritten (%.17g)\n", what, r->nm + i,
                   v[r->nm + i]);
            return;
        }
}

/* the red zones of the arrays f and f_b see */
static void drv_guards(struct drv_run *r) {
    struct drv *d = &r->d;
    const double *v[] = {d->x, d->x_b, d->w, d->w_b, d->a, d->a_b,
                         d->u, d->u_b, d->y, d->y_b, d->z, d->z_b};
    static const char *const names[] = {"x", "x_b", "w", "w_b", "a", "a_b",
                                        "u", "u_b", "y", "y_b", "z", "z_b"};
    for (int i = 0; i < 12; i++)
        drv_guard(r, names[i], v[i]);
}

static void drv_setup(struct drv_run *r, const struct drv_spec *s) {
    memset(r, 0, sizeof *r);
    r->spec = s;
    r->nm = s->n * s->m;
    int nm = r->nm;
    gc_seed(s->seed);
    struct drv *d = &r->d;
    d->x = drv_alloc(nm), d->x_b = drv_alloc(nm);
    d->w = drv_alloc(nm), d->w_b = drv_alloc(nm);
    d->a = drv_alloc(nm), d->a_b = drv_alloc(nm);
    d->u = drv_alloc(nm), d->u_b = drv_alloc(nm);
    d->y = drv_alloc(nm), d->y_b = drv_alloc(nm);
    d->z = drv_alloc(nm), d->z_b = drv_alloc(nm);
    r->u0 = drv_alloc(nm), r->y0 = drv_alloc(nm), r->z0 = drv_alloc(nm);
    r->su = drv_alloc(nm), r->sy = drv_alloc(nm), r->sz = drv_alloc(nm);
    r->uref = drv_alloc(nm), r->yref = drv_alloc(nm), r->zref = drv_alloc(nm);
    r->ywritten = drv_alloc(nm);
    gc_fill(d->x, nm, -1.0, 1.0);
    gc_fill(d->w, nm, -1.0, 1.0);
    gc_fill(d->a, nm, -1.0, 1.0);
    d->p = gc_uniform(-1.0, 1.0);
    gc_fill(r->u0, nm, -1.0, 1.0);
    gc_fill(r->y0, nm, -1.0, 1.0); /* what y holds before the call: not active */
    gc_fill(r->su, nm, -1.0, 1.0);
    gc_fill(r->sy, nm, -1.0, 1.0);
    r->sret = gc_uniform(0.5, 1.5);
    /* (after the others: the draws of programs without z stay as they were) */
    gc_fill(r->z0, nm, -1.0, 1.0);
    gc_fill(r->sz, nm, -1.0, 1.0);
}

/* the adjoints before a call: zero inputs (first call only), fresh seeds */
static void drv_seed(struct drv_run *r, int zero) {
    struct drv *d = &r->d;
    size_t bytes = sizeof(double) * (size_t)r->nm;
    if (zero) {
        gc_zero(d->x_b, r->nm);
        gc_zero(d->w_b, r->nm);
        gc_zero(d->a_b, r->nm);
        d->p_b = 0.0;
    }
    memcpy(d->u_b, r->su, bytes);
    memcpy(d->y_b, r->sy, bytes);
    memcpy(d->z_b, r->sz, bytes);
    drv_reset(r);
}

/* (a) and (b) after a gradient call that returned got */
static void drv_check_primal(struct drv_run *r, double got) {
    const struct drv_spec *s = r->spec;
    double rtol = s->uses_float ? DRV_RTOL_PRIMAL_FLOAT : DRV_RTOL_PRIMAL;
    if (s->has_ret)
        drv_close(r, "return value of f_b", &got, &r->ret, 1, rtol);
    if (s->has_y) {
        drv_close(r, "y after f_b", r->d.y, r->yref, r->nm, rtol);
        /* only where the primal writes: pargrad cannot know how long y is */
        double *yb = drv_alloc(r->nm), *zero = drv_alloc(r->nm);
        for (int i = 0; i < r->nm; i++)
            yb[i] = r->ywritten[i] ? r->d.y_b[i] : 0.0;
        drv_close(r, "y_b on exit (consumed)", yb, zero, r->nm, 0.0);
        free(yb), free(zero);
    }
    if (s->has_u)
        drv_close(r, "u after f_b", r->d.u, r->uref, r->nm, rtol);
    if (s->has_z)
        drv_close(r, "z after f_b", r->d.z, r->zref, r->nm, rtol);
}

/* the reference (double twin) reproduces the primal's outputs to within
 * what float rounding explains */
static int drv_twin_faithful(struct drv_run *r) {
    const struct drv_spec *s = r->spec;
    drv_reset(r);
    double ret = s->reference(&r->d);
    int ok = !s->has_ret || gc_close(ret, r->ret, DRV_RTOL_TWIN);
    for (int i = 0; i < r->nm; i++) {
        if (s->has_u && !gc_close(r->d.u[i], r->uref[i], DRV_RTOL_TWIN))
            ok = 0;
        if (s->has_y && !gc_close(r->d.y[i], r->yref[i], DRV_RTOL_TWIN))
            ok = 0;
        if (s->has_z && !gc_close(r->d.z[i], r->zref[i], DRV_RTOL_TWIN))
            ok = 0;
    }
    if (!ok && s->has_ret)
        printf("twin: return value %.15g, float program %.15g\n", ret, r->ret);
    drv_reset(r);
    return ok;
}

static double *drv_copy(const double *v, int n) {
    double *c = drv_alloc(n);
    memcpy(c, v, sizeof(double) * (size_t)n);
    return c;
}

static int drv_main(const struct drv_spec *s) {
    struct drv_run run, *r = &run;
    struct drv *d = &r->d;
    drv_setup(r, s);
    int nm = r->nm;

    /* the reference outputs */
    drv_reset(r);
    r->ret = s->primal(d);
    memcpy(r->uref, d->u, sizeof(double) * (size_t)nm);
    memcpy(r->yref, d->y, sizeof(double) * (size_t)nm);
    memcpy(r->zref, d->z, sizeof(double) * (size_t)nm);
    for (int i = 0; i < nm; i++)
        r->ywritten[i] = r->yref[i] != r->y0[i];
    double l0 = drv_loss(r);
    if (!(fabs(r->ret) < DRV_HUGE) || !drv_finite(r->uref, nm) || !drv_finite(r->yref, nm) ||
        !drv_finite(r->zref, nm) || !(fabs(l0) < DRV_HUGE)) {
        printf("SETUP: the program's values are not finite or too large (generator bug)\n");
        return 3;
    }

    /* a float program's finite differences come from its double twin: where
     * the two disagree beyond float rounding (an ill-conditioned program:
     * sin of a large argument, a branch or a min that float rounding flips),
     * the twin is no reference for the program's derivative */
    if (s->uses_float && !drv_twin_faithful(r)) {
        printf("SETUP: the double twin's outputs differ from the float program's "
               "(ill-conditioned in float: a generator limit)\n");
        return 3;
    }

    /* first gradient call */
    drv_seed(r, 1);
    double got = s->gradient(d, 1.0 * r->sret);
    drv_check_primal(r, got);
    drv_guards(r);
    double *gx = drv_copy(d->x_b, nm), *gw = drv_copy(d->w_b, nm), *ga = drv_copy(d->a_b, nm);
    double *gu = drv_copy(d->u_b, nm), *gz = drv_copy(d->z_b, nm), gp = d->p_b;

    /* (c) finite differences */
    drv_fd_check(r, "x_b", gx, d->x, nm);
    if (s->w_wrt)
        drv_fd_check(r, "w_b", gw, d->w, nm);
    if (s->a_wrt)
        drv_fd_check(r, "a_b", ga, d->a, nm);
    if (s->p_wrt)
        drv_fd_check(r, "p_b", &gp, &d->p, 1);
    if (s->has_u)
        drv_fd_check(r, "u_b (adjoint of u's input)", gu, r->u0, nm);
    if (s->has_z)
        drv_fd_check(r, "z_b (adjoint of z's input)", gz, r->z0, nm);

    /* (d) a second call accumulates */
    /* float adjoints summed in another order (threads) differ in float rounding */
    double rtol2 = s->uses_float ? DRV_RTOL_PRIMAL_FLOAT : DRV_RTOL_PRIMAL;
    drv_seed(r, 0);
    got = s->gradient(d, r->sret);
    drv_check_primal(r, got);
    drv_guards(r);
    double *g2 = drv_alloc(nm);
    for (int i = 0; i < nm; i++)
        g2[i] = 2.0 * gx[i];
    drv_close(r, "x_b after a second call (2x)", d->x_b, g2, nm, rtol2);
    if (s->w_wrt) {
        for (int i = 0; i < nm; i++)
            g2[i] = 2.0 * gw[i];
        drv_close(r, "w_b after a second call (2x)", d->w_b, g2, nm, rtol2);
    }
    if (s->a_wrt) {
        for (int i = 0; i < nm; i++)
            g2[i] = 2.0 * ga[i];
        drv_close(r, "a_b after a second call (2x)", d->a_b, g2, nm, rtol2);
    }
    if (s->p_wrt) {
        double want = 2.0 * gp;
        drv_close(r, "p_b after a second call (2x)", &d->p_b, &want, 1, rtol2);
    }
    if (s->has_u)
        drv_close(r, "u_b after a second call (same)", d->u_b, gu, nm, rtol2);
    if (s->has_z)
        drv_close(r, "z_b after a second call (same)", d->z_b, gz, nm, rtol2);

    printf("seed %llu: %ld checks, %ld failed, %ld unreliable FD\n", s->seed, r->checked, r->failed,
           r->unreliable);
    fflush(stdout);
    return r->failed ? 1 : 0;
}

#endif
