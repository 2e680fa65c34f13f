/* Partial derivatives of the primitive math functions, one table. Each entry
 * builds d fn / d arg_k from the arguments and the (already computed) result,
 * reusing the result where that saves a call (exp, tanh, sqrt, ...). */
#include "derivs.h"

#include <math.h>
#include <string.h>

typedef Operand (*PartialFn)(Builder *bd, int k, const Operand *x, Operand r);
/* For functions that return one argument or a constant (fmin, fmax,
 * fdim): where argument k's adjoint passes (*passes: the test true, or
 * false) and its sign (*sign); no partial is multiplied, so an infinite
 * adjoint (sqrt's at 0 in sqrt(fmax(v, 0.0))) gives the other argument
 * 0, not inf * 0 = NaN. */
typedef Operand (*PassFn)(Builder *bd, int k, const Operand *x, bool *passes, double *sign);

typedef struct DerivEntry {
    const char *name;
    int arity;
    PartialFn partial;
    PassFn pass; /* instead of partial */
} DerivEntry;

static Operand k_(double v, Operand like) {
    return b_fconst(v, like.ty);
}
static Operand call1(Builder *bd, const char *name, Operand x);

static Operand d_sin(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return call1(bd, "cos", x[0]);
}
static Operand d_cos(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return b_neg(bd, call1(bd, "sin", x[0]));
}
static Operand d_tan(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)x;
    return b_add(bd, k_(1, r), b_mul(bd, r, r));
}
static Operand one_minus_sq(Builder *bd, Operand x) {
    return b_sub(bd, k_(1, x), b_mul(bd, x, x));
}
static Operand d_asin(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return b_div(bd, k_(1, x[0]), call1(bd, "sqrt", one_minus_sq(bd, x[0])));
}
static Operand d_acos(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return b_div(bd, k_(-1, x[0]), call1(bd, "sqrt", one_minus_sq(bd, x[0])));
}
static Operand d_atan(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return b_div(bd, k_(1, x[0]), b_add(bd, k_(1, x[0]), b_mul(bd, x[0], x[0])));
}
static Operand d_atan2(Builder *bd, int k, const Operand *x, Operand r) {
    (void)r;
    Operand den = b_add(bd, b_mul(bd, x[0], x[0]), b_mul(bd, x[1], x[1]));
    return k == 0 ? b_div(bd, x[1], den) : b_div(bd, b_neg(bd, x[0]), den);
}
static Operand d_sinh(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return call1(bd, "cosh", x[0]);
}
static Operand d_cosh(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return call1(bd, "sinh", x[0]);
}
static Operand d_tanh(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)x;
    return one_minus_sq(bd, r);
}
static Operand d_asinh(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    Operand sq = b_add(bd, b_mul(bd, x[0], x[0]), k_(1, x[0]));
    return b_div(bd, k_(1, x[0]), call1(bd, "sqrt", sq));
}
static Operand d_acosh(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    Operand sq = b_sub(bd, b_mul(bd, x[0], x[0]), k_(1, x[0]));
    return b_div(bd, k_(1, x[0]), call1(bd, "sqrt", sq));
}
static Operand d_atanh(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return b_div(bd, k_(1, x[0]), one_minus_sq(bd, x[0]));
}
static Operand d_exp(Builder *bd, int k, const Operand *x, Operand r) {
    (void)bd, (void)k, (void)x;
    return r;
}
static Operand d_exp2(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)x;
    return b_mul(bd, r, k_(0.69314718055994530942, r));
}
static Operand d_expm1(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)x;
    return b_add(bd, r, k_(1, r));
}
static Operand d_log(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return b_div(bd, k_(1, x[0]), x[0]);
}
static Operand d_log2(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return b_div(bd, k_(1, x[0]), b_mul(bd, x[0], k_(0.69314718055994530942, x[0])));
}
static Operand d_log10(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return b_div(bd, k_(1, x[0]), b_mul(bd, x[0], k_(2.30258509299404568402, x[0])));
}
static Operand d_log1p(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return b_div(bd, k_(1, x[0]), b_add(bd, k_(1, x[0]), x[0]));
}
static Operand d_sqrt(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)x;
    return b_div(bd, k_(0.5, r), r);
}
static Operand d_cbrt(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)x;
    return b_div(bd, k_(1, r), b_mul(bd, k_(3, r), b_mul(bd, r, r)));
}
static Operand d_pow(Builder *bd, int k, const Operand *x, Operand r) {
    if (k == 0) {
        /* b * a^(b-1), computed without dividing by a so that a == 0 works. */
        Operand bm1 = b_sub(bd, x[1], k_(1, x[1]));
        Type ty;
        int pow_fn = deriv_lookup("pow", &ty);
        return b_mul(bd, x[1], b_call(bd, pow_fn, x[0], bm1));
    }
    /* a^b log a; only defined for a > 0, where the function is smooth in b. */
    Operand pos = b_cmp(bd, OP_GT, x[0], k_(0, x[0]));
    Operand lg = call1(bd, "log", x[0]);
    return b_select(bd, pos, b_mul(bd, r, lg), k_(0, r));
}
static Operand d_hypot(Builder *bd, int k, const Operand *x, Operand r) {
    return b_div(bd, x[k], r);
}
static Operand d_fabs(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    Operand neg = b_cmp(bd, OP_LT, x[0], k_(0, x[0]));
    return b_select(bd, neg, k_(-1, x[0]), k_(1, x[0]));
}
/* fmin/fmax pass the derivative of the argument they return (the first on
 * ties, as the sequential reduce semantics keep the accumulator). */
static Operand p_fmin(Builder *bd, int k, const Operand *x, bool *passes, double *sign) {
    *passes = k == 0, *sign = 1;
    return b_cmp(bd, OP_LE, x[0], x[1]);
}
static Operand p_fmax(Builder *bd, int k, const Operand *x, bool *passes, double *sign) {
    *passes = k == 0, *sign = 1;
    return b_cmp(bd, OP_GE, x[0], x[1]);
}
/* fmod(a, b) = a - trunc(a / b) * b, the quotient constant between jumps. */
static Operand d_fmod(Builder *bd, int k, const Operand *x, Operand r) {
    if (k == 0)
        return k_(1, r);
    return b_neg(bd, call1(bd, "trunc", b_div(bd, x[0], x[1])));
}
/* remainder(a, b) = a - rint(a / b) * b (the nearest quotient, ties to
 * even, as rint rounds), constant between jumps */
static Operand d_remainder(Builder *bd, int k, const Operand *x, Operand r) {
    if (k == 0)
        return k_(1, r);
    return b_neg(bd, call1(bd, "rint", b_div(bd, x[0], x[1])));
}
/* copysign(a, b) = |a| with b's sign: d/da is the product of the signs
 * (sign bits, as copysign reads them); b only moves it at b = 0. */
static Operand d_copysign(Builder *bd, int k, const Operand *x, Operand r) {
    if (k == 1)
        return k_(0, r);
    Type ty;
    int fn = deriv_lookup("copysign", &ty);
    return b_mul(bd, b_call(bd, fn, k_(1, r), x[0]), b_call(bd, fn, k_(1, r), x[1]));
}
/* fdim(a, b) = a - b where a > b, else 0. */
static Operand p_fdim(Builder *bd, int k, const Operand *x, bool *passes, double *sign) {
    *passes = true, *sign = k == 0 ? 1 : -1;
    return b_cmp(bd, OP_GT, x[0], x[1]);
}
static Operand gauss(Builder *bd, Operand x, double scale) {
    Operand e = call1(bd, "exp", b_neg(bd, b_mul(bd, x, x)));
    return b_mul(bd, k_(scale, x), e);
}
static Operand d_erf(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return gauss(bd, x[0], 2.0 / 1.77245385090551602730);
}
static Operand d_erfc(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return gauss(bd, x[0], -2.0 / 1.77245385090551602730);
}
static Operand d_lgamma(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return call1(bd, "pg_digamma", x[0]);
}
/* tgamma' = tgamma * digamma */
static Operand d_tgamma(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k;
    return b_mul(bd, r, call1(bd, "pg_digamma", x[0]));
}
static Operand d_digamma(Builder *bd, int k, const Operand *x, Operand r) {
    (void)k, (void)r;
    return call1(bd, "pg_trigamma", x[0]);
}
static Operand d_none(Builder *bd, int k, const Operand *x, Operand r) {
    (void)bd, (void)k, (void)x;
    return k_(0, r);
}

static const DerivEntry table[] = {
    {"sin", 1, d_sin, NULL},
    {"cos", 1, d_cos, NULL},
    {"tan", 1, d_tan, NULL},
    {"asin", 1, d_asin, NULL},
    {"acos", 1, d_acos, NULL},
    {"atan", 1, d_atan, NULL},
    {"atan2", 2, d_atan2, NULL},
    {"sinh", 1, d_sinh, NULL},
    {"cosh", 1, d_cosh, NULL},
    {"tanh", 1, d_tanh, NULL},
    {"asinh", 1, d_asinh, NULL},
    {"acosh", 1, d_acosh, NULL},
    {"atanh", 1, d_atanh, NULL},
    {"exp", 1, d_exp, NULL},
    {"exp2", 1, d_exp2, NULL},
    {"expm1", 1, d_expm1, NULL},
    {"log", 1, d_log, NULL},
    {"log2", 1, d_log2, NULL},
    {"log10", 1, d_log10, NULL},
    {"log1p", 1, d_log1p, NULL},
    {"sqrt", 1, d_sqrt, NULL},
    {"cbrt", 1, d_cbrt, NULL},
    {"pow", 2, d_pow, NULL},
    {"hypot", 2, d_hypot, NULL},
    {"fabs", 1, d_fabs, NULL},
    {"fmin", 2, NULL, p_fmin},
    {"fmax", 2, NULL, p_fmax},
    {"erf", 1, d_erf, NULL},
    {"erfc", 1, d_erfc, NULL},
    {"lgamma", 1, d_lgamma, NULL},
    {"tgamma", 1, d_tgamma, NULL},
    /* Piecewise constant: zero derivative between the jumps. */
    {"floor", 1, d_none, NULL},
    {"ceil", 1, d_none, NULL},
    {"round", 1, d_none, NULL},
    {"trunc", 1, d_none, NULL},
    {"rint", 1, d_none, NULL},
    {"nearbyint", 1, d_none, NULL},
    {"logb", 1, d_none, NULL},
    {"fmod", 2, d_fmod, NULL},
    {"remainder", 2, d_remainder, NULL},
    {"copysign", 2, d_copysign, NULL},
    {"fdim", 2, NULL, p_fdim},
    /* Helpers that derivative code itself calls; not differentiated again. */
    {"pg_digamma", 1, d_digamma, NULL},
    {"pg_trigamma", 1, d_none, NULL}, /* third derivatives of lgamma are not needed yet */
};
enum { TABLE_LEN = sizeof table / sizeof table[0] };

int deriv_count(void) {
    return TABLE_LEN;
}

int deriv_lookup(const char *cname, Type *ty) {
    for (int i = 0; i < TABLE_LEN; i++) {
        size_t n = strlen(table[i].name);
        if (strcmp(cname, table[i].name) == 0) {
            *ty = type_double();
            return i;
        }
        if (strncmp(cname, table[i].name, n) == 0 && strcmp(cname + n, "f") == 0) {
            *ty = type_float();
            return i;
        }
    }
    return -1;
}

const char *deriv_name(int fn) {
    return table[fn].name;
}

int deriv_arity(int fn) {
    return table[fn].arity;
}

static Operand call1(Builder *bd, const char *name, Operand x) {
    Type ty;
    int fn = deriv_lookup(name, &ty);
    return b_call(bd, fn, x, opd_none());
}

/* a select of v where the test cond is `passes`, 0 elsewhere */
static Operand passed(Builder *bd, const DerivEntry *d, int k, const Operand *args, Operand v) {
    bool passes;
    double sign;
    Operand cond = d->pass(bd, k, args, &passes, &sign);
    Operand signed_v = sign < 0 ? b_neg(bd, v) : v, zero = k_(0, v);
    return passes ? b_select(bd, cond, signed_v, zero) : b_select(bd, cond, zero, signed_v);
}

Operand deriv_partial(Builder *bd, int fn, int k, const Operand *args, Operand res) {
    if (table[fn].pass)
        return passed(bd, &table[fn], k, args, k_(1, res));
    return table[fn].partial(bd, k, args, res);
}

Operand deriv_adjoint(Builder *bd, int fn, int k, const Operand *args, Operand res, Operand db) {
    if (table[fn].pass)
        return passed(bd, &table[fn], k, args, db);
    return b_mul(bd, db, table[fn].partial(bd, k, args, res));
}

/* Calls without derivatives that differentiated code may keep: output and
 * timers, which change no value the function computes. Anything else
 * unknown (memcpy, a BLAS call) may write the function's data and is
 * rejected. */
static const struct {
    const char *name, *header;
} effects[] = {
    {"printf", "stdio.h"},
    {"fprintf", "stdio.h"},
    {"puts", "stdio.h"},
    {"fputs", "stdio.h"},
    {"putchar", "stdio.h"},
    {"fflush", "stdio.h"},
    {"clock", "time.h"},
    {"omp_get_wtime", "omp.h"},
    {"omp_set_num_threads", "omp.h"},
    {"omp_get_max_threads", "omp.h"},
    {"omp_get_num_procs", "omp.h"},
    {"assert", "assert.h"}, /* assert(c): the condition's value, kept as a check */
    /* the end of the program, as a guard of the arguments calls it: the
     * gradient stops where the primal would (lift_if: the branch ends) */
    {"exit", "stdlib.h"},
    {"abort", "stdlib.h"},
    {"_Exit", "stdlib.h"},
};

bool effect_ends_program(const char *name) {
    return !strcmp(name, "exit") || !strcmp(name, "abort") || !strcmp(name, "_Exit");
}

bool body_ends_program(const Body *b) {
    const Stmt *last = b && b->stmts.len ? b->stmts.items[b->stmts.len - 1] : NULL;
    return last && last->kind == S_EFFECT && effect_ends_program(last->text);
}

const char *effect_header(const char *name) {
    for (size_t i = 0; i < sizeof effects / sizeof effects[0]; i++)
        if (strcmp(effects[i].name, name) == 0)
            return effects[i].header;
    return NULL;
}
