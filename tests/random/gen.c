/* pargrad_gen: writes a random, valid annotated C program and its gradient
 * check driver.
 *
 *   pargrad_gen SEED DIR [--drop=ID,ID,...] [--break-promise]
 *               [--enable=NAME,...] [--disable=NAME,...] [--list]
 *
 * writes DIR/prog.c (the primal, ending with its `#pragma pargrad reverse`
 * directive), DIR/check.c (a main that checks the generated f_b, see
 * driver.h) and DIR/ids.txt (the ids of the nodes that were printed, for
 * the shrinker). The program is first built as a small tree of numbered
 * nodes (statements and expressions); --drop deletes nodes by id (a dropped
 * expression is replaced by its first operand, or by a constant), so that a
 * failing program can be shrunk by delta debugging over node ids without
 * changing any other random choice.
 *
 * Every construct the generator knows is a row of `constructs` with an
 * enable flag, so a construct that hides everything else can be switched off
 * (--disable=NAME) and a new one (e.g. `int i; for (i = 0; ...)` once pargrad
 * accepts it) added with one row and one generator function.
 *
 * --break-promise adds one construct that breaks an annotation's promise
 * (a racy map, a reduce that reads its accumulator, ...): pargrad must reject
 * such a program. That node is never dropped, so shrinking keeps the broken
 * promise. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* constructs and their enable flags                                   */

enum construct {
    K_MAP,           /* #pragma pargrad map loop writing an array at [i] */
    K_NESTED_MAP,    /* a map inside a map, writing [i * m + j] */
    K_REDUCE_ADD,    /* reduce(+) in its forms s += e, s = s + e */
    K_REDUCE_MUL,    /* reduce(*): s *= e, s = s * e */
    K_REDUCE_MIN,    /* reduce(min): fmin and the if form */
    K_REDUCE_MAX,    /* reduce(max): fmax and the if form */
    K_REDUCE_MULTI,  /* reduce(+: s1, s2) with two accumulators */
    K_REDUCE_COND,   /* an accumulator update under an if */
    K_SEQ_LOOP,      /* plain sequential for loop, carried scalars */
    K_BREAK,         /* break in a sequential loop */
    K_TIME_LOOP,     /* a stencil map into a buffer and a copy back, repeated */
    K_IF,            /* if / else on active and inactive conditions */
    K_TERNARY,       /* ?: */
    K_LOCAL_SCALAR,  /* double / float / int locals at every level */
    K_LOCAL_ARRAY,   /* double la[3] = {...} */
    K_MALLOC,        /* malloc'ed temporaries (top of the function), also through allocating
                      * helpers rg_new_vec(k) and rg_xmalloc(bytes) */
    K_LOCAL_BUF,     /* a fixed-size local array used as a map target */
    K_INPLACE,       /* y[i] = g(y[i]) on an output or in-out array */
    K_HELPER,        /* static helper functions (inlined by pargrad) */
    K_GUARD,         /* helpers with guard clauses: if (c) return a; */
    K_EARLY_RETURN,  /* if (c) return e; in the differentiated function */
    K_FLOAT,         /* float locals, casts and the f math functions */
    K_INT,           /* int locals and loop indices in arithmetic */
    K_VLA,           /* a C99 VLA parameter const double a[n][m] */
    K_SCALAR_PARAM,  /* an active scalar parameter p */
    K_KINKS,         /* fabs, fmin, fmax inside expressions */
    K_LOOP_FORMS,    /* i <= n - 1, ++i, i += 1 */
    K_PRIVATE,       /* a function-scope scalar assigned first in every iteration */
    K_FLOAT_BOUND,   /* sequential loops with a floating bound: k < T / dt */
    K_CONST_CAST,    /* constant casts: (double)(1ULL << 40), (int)2.7, 7 / 2 */
    K_TYPEDEF_SIG,   /* typedef double real; #define fp double, in f's signature */
    K_RETURN_BOTH,   /* if (c) { return a; } else { return b; } at the end */
    K_VOID_RETURN,   /* void f with guard clauses: if (n < 2) return; */
    K_RET_IN_LOOP,   /* early return inside a sequential loop */
    K_NESTED_RETURN, /* early return inside a nested if */
    K_DECL_FOR,      /* `int i, t; ... for (i = 0; ...)`: counters declared at the top */
    K_LOOP_DOWN,     /* for (i = n - 1; i >= 0; i--), > lo - 1, -= 1 */
    K_LOOP_STEP,     /* sequential loops stepping by 2, 3 or a stride: t += 2, t = t + 3 */
    K_COUNTER_AFTER, /* a counter declared at the top read after its loop (also after break) */
    K_CONTINUE,      /* if (c) continue; in sequential loops and reduce bodies */
    K_ROUNDING,      /* floor, ceil, round, trunc, fmod, copysign, fdim, abs */
    K_KEPT_CALLS,    /* printf, fprintf(stderr, ...), assert, puts, fflush: kept as in the primal */
    K_ARRAY_INIT,    /* double la[3] = {e0, e1, e2}, {e0}, {0} */
    K_CHAIN_ASSIGN,  /* v = w = e */
    K_DEREF,         /* *x for x[0]: reads, and *y = 0.5 * *y + e on an output */
    K_VIEW,          /* pointers into arrays: *(x + i), (x + 1)[i - 1], double *p = &y[i]; *p = e */
    K_LOOP_COND,     /* conditions: i + 1 < hi + 1, hi > i, i - 1 < hi - 1, i != n */
    K_FILE_CONST,    /* static const double ctab[4] = {...}; static const double cs = 0.3; */
    K_INT_ARRAY, /* int ia[3] = {0, n / 2, n - 1}: indices x[ia[k]], updated ia[k] = (ia[k] + 1) % n
                  */
    K_SCALAR_REF,  /* helpers updating a caller's scalar through a pointer: rg_blend(&r, e),
                    * a generator state rg_step(&s) */
    K_GRID_HELPER, /* the 2-D parameter a passed whole to a helper, rg_grid(n, m, a, i), and a
                    * row of it, rg_rowdot(m, a[i]), rg_rowdot(m, &a[i][0]) */
    K_WHILE,       /* while and do loops with integer trip counts, with break */
    K_BIT_OPS,     /* integer bit operations in indices and generator code: (i ^ 1) % n */
    K_LOGGED,      /* writes whose elements are known only as they run: triangular and blocked
                    * nests, indices and bounds read from an int table, a triangular nest in a map */
    K_ROW_TABLE,   /* a table of row pointers const double **rt (rows of a copy of a):
                    * rt[i][j], a row passed on, rg_rowdot(m, rt[i]) */
    K_MACRO,       /* function-like macros in expressions: RG_SQ(e), RG_LERP(a, b, t), RG_MIN(a, b),
                    * nested in each other's arguments */
    K_STRUCT,      /* structs: a parameter const rg_pt *sp read as sp[i].lo, (sp + i)->hi and by a
                    * tag; local structs from a list or a copy, updated by field and through a
                    * helper's pointer; a struct passed by value to a helper */
    K_SWAP,        /* ping-pong buffers swapped by pointer in the time loop (pc = pn; ...),
                    * or the two halves of one buffer, the result copied back through the
                    * pointer after it */
    K_SCATTER,     /* #pragma pargrad scatter: a top-level map writing t[n - 1 - i] or
                    * t[(i + C) % n] (permutations of the iterations) */
    K_HISTOGRAM,   /* histogram(+: t) over [0, n) outside parallel loops: bins (i * K + C) % n,
                    * updates t[k] += e, t[k] -= e, t[k] = t[k] + e; t not read in the loop */
    K_HIST_OP,     /* histogram(* | min | max: hb) into a local hb[NB] (NB 3, 5 or 8) (and of
                    * the declared operators, with inverses or by the general rule); a
                    * quarter reduce rows, the updates in an inner loop over the bins and
                    * the pragma maybe reduce(OP: hb); the
                    * operator maybe inferred: hb[k] *= e, hb[k] = hb[k] * e, fmin/fmax, ?:,
                    * one or two updates per iteration (maybe under an if), at the top level,
                    * in time loops and per iteration of a map; the bins summed after it */
    K_SCAN_AFFINE, /* scan(affine: c): c = a * c + b in three spellings; the array form
                    * t[i] = a * t[i - 1] + b over [1, n) after t[0] = e */
    K_SCAN,        /* scan(OP: c) and scan(c) at the top level: the body's locals, an update
                    * (maybe under an if), an output written from c before the update
                    * (exclusive) or after it (inclusive); c read after the loop */
    K_SCAN_ROWS,   /* scan(OP: cr) of a row of NB accumulators: the columns updated in an inner
                    * loop (maybe without its map annotation: the sequential loop), maybe
                    * after a declaration; each (i, j) writes a local buffer from cr[j] */
    K_DECL_OP,     /* declared operators (`declare op`): log-sum-exp with and without its
                    * inverse, a Euclidean norm, a + b + a * b with its inverse; on structs
                    * sum-of-products pairs with and without the inverse, affine maps (not
                    * commutative); reduce and scan loops updating s = COMBINE(s, e) or
                    * COMBINE(e, s) */
    K_HEADER,      /* the helpers, macros, types and operators' functions in a header of the
                    * program's own, prog_helpers.h, that prog.c includes */
    K_COUNT
};

struct construct_row {
    const char *name;
    int enabled;
};

static struct construct_row constructs[K_COUNT] = {
    [K_MAP] = {"map", 1},
    [K_NESTED_MAP] = {"nested_map", 1},
    [K_REDUCE_ADD] = {"reduce_add", 1},
    [K_REDUCE_MUL] = {"reduce_mul", 1},
    [K_REDUCE_MIN] = {"reduce_min", 1},
    [K_REDUCE_MAX] = {"reduce_max", 1},
    [K_REDUCE_MULTI] = {"reduce_multi", 1},
    [K_REDUCE_COND] = {"reduce_cond", 1},
    [K_SEQ_LOOP] = {"seq_loop", 1},
    [K_BREAK] = {"break", 1},
    [K_TIME_LOOP] = {"time_loop", 1},
    [K_IF] = {"if", 1},
    [K_TERNARY] = {"ternary", 1},
    [K_LOCAL_SCALAR] = {"local_scalar", 1},
    [K_LOCAL_ARRAY] = {"local_array", 1},
    [K_MALLOC] = {"malloc", 1},
    [K_LOCAL_BUF] = {"local_buf", 1},
    [K_INPLACE] = {"inplace", 1},
    [K_HELPER] = {"helper", 1},
    [K_GUARD] = {"guard", 1},
    [K_EARLY_RETURN] = {"early_return", 1},
    [K_FLOAT] = {"float", 1},
    [K_INT] = {"int", 1},
    [K_VLA] = {"vla", 1},
    [K_SCALAR_PARAM] = {"scalar_param", 1},
    [K_KINKS] = {"kinks", 1},
    [K_LOOP_FORMS] = {"loop_forms", 1},
    [K_PRIVATE] = {"private_scalar", 1},
    [K_FLOAT_BOUND] = {"float_bound", 1},
    [K_CONST_CAST] = {"const_cast", 1},
    [K_TYPEDEF_SIG] = {"typedef_sig", 1},
    [K_RETURN_BOTH] = {"return_both", 1},
    [K_VOID_RETURN] = {"void_return", 1},
    [K_RET_IN_LOOP] = {"return_in_loop", 1},
    [K_NESTED_RETURN] = {"nested_return", 1},
    [K_DECL_FOR] = {"decl_for", 1},
    [K_LOOP_DOWN] = {"loop_down", 1},
    [K_LOOP_STEP] = {"loop_step", 1},
    [K_COUNTER_AFTER] = {"counter_after", 1},
    [K_CONTINUE] = {"continue", 1},
    [K_ROUNDING] = {"rounding", 1},
    [K_KEPT_CALLS] = {"kept_calls", 1},
    [K_ARRAY_INIT] = {"array_init", 1},
    [K_CHAIN_ASSIGN] = {"chain_assign", 1},
    [K_DEREF] = {"deref", 1},
    [K_VIEW] = {"pointer_view", 1},
    [K_LOOP_COND] = {"loop_cond", 1},
    [K_FILE_CONST] = {"file_const", 1},
    [K_INT_ARRAY] = {"int_array", 1},
    [K_SCALAR_REF] = {"scalar_ref", 1},
    [K_GRID_HELPER] = {"grid_helper", 1},
    [K_WHILE] = {"while", 1},
    [K_BIT_OPS] = {"bit_ops", 1},
    [K_LOGGED] = {"logged_write", 1},
    [K_STRUCT] = {"structs", 1},
    [K_MACRO] = {"macros", 1},
    [K_ROW_TABLE] = {"row_table", 1},
    [K_SWAP] = {"swap", 1},
    [K_SCAN] = {"scan", 1},
    [K_SCAN_AFFINE] = {"scan_affine", 1},
    [K_SCAN_ROWS] = {"scan_rows", 1},
    [K_HISTOGRAM] = {"histogram", 1},
    [K_HIST_OP] = {"hist_op", 1},
    [K_SCATTER] = {"scatter", 1},
    [K_DECL_OP] = {"declared_op", 1},
    [K_HEADER] = {"header", 1},
};

static int on(enum construct k) {
    return constructs[k].enabled;
}

/* ------------------------------------------------------------------ */
/* random numbers: splitmix64, so that every seed is well mixed         */

static uint64_t rng_state;

static uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* uniform in [0, k) */
static int rnd(int k) {
    return k <= 1 ? 0 : (int)(rng_next() % (uint64_t)k);
}

/* true with probability percent / 100 */
static int chance(int percent) {
    return rnd(100) < percent;
}

/* a constant in [lo, hi] with two decimals, printed as a double literal */
static double rconst(double lo, double hi) {
    return lo + (hi - lo) * rnd(101) / 100.0;
}

/* ------------------------------------------------------------------ */
/* strings                                                             */

static char *fmt(const char *f, ...) {
    va_list ap;
    va_start(ap, f);
    int len = vsnprintf(NULL, 0, f, ap);
    va_end(ap);
    char *s = malloc((size_t)len + 1);
    if (!s) {
        perror("pargrad_gen");
        exit(2);
    }
    va_start(ap, f);
    vsnprintf(s, (size_t)len + 1, f, ap);
    va_end(ap);
    return s;
}

/* ------------------------------------------------------------------ */
/* the tree                                                            */

/* A node is an expression (tmpl with %0..%3 for its operands) or a
 * statement: tmpl is its head (which may span lines and use operands),
 * then the body, then `} else {` and els when has_else, then tail. Templates
 * use $f (the `f` of float math functions), $F (`float`) and $L (the `f` of a
 * float literal) so that the same tree prints as the double reference copy
 * too (see print_mode), and @ after a helper's name (its reference twin). */
struct node {
    int id;
    int is_expr;
    int protect; /* never dropped: the broken promise */
    const char *tmpl;
    const char *alt; /* a dropped type name prints this (its plain type) */
    struct node *kid[4];
    int nkid;
    double bound; /* expressions: rough bound of |value| */
    struct node **body, **els;
    int nbody, nels, cbody, cels;
    int is_block, has_else;
};

enum { MAX_NODES = 100000 };
static int node_count;
static unsigned char dropped[MAX_NODES];
static unsigned char printed[MAX_NODES];

static struct node *new_node(int is_expr, const char *tmpl) {
    struct node *n = calloc(1, sizeof *n);
    if (!n || node_count >= MAX_NODES) {
        fprintf(stderr, "pargrad_gen: too many nodes\n");
        exit(2);
    }
    n->id = node_count++;
    n->is_expr = is_expr;
    n->tmpl = tmpl;
    return n;
}

static void push(struct node ***v, int *len, int *cap, struct node *n) {
    if (*len == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *v = realloc(*v, sizeof **v * (size_t)*cap);
        if (!*v) {
            perror("pargrad_gen");
            exit(2);
        }
    }
    (*v)[(*len)++] = n;
}

/* a list of statements being built */
struct block {
    struct node ***v;
    int *len, *cap;
};

static struct block body_of(struct node *n) {
    return (struct block){&n->body, &n->nbody, &n->cbody};
}

static struct block else_of(struct node *n) {
    n->has_else = 1;
    return (struct block){&n->els, &n->nels, &n->cels};
}

static void add(struct block b, struct node *n) {
    push(b.v, b.len, b.cap, n);
}

static struct node *stmt(struct block b, const char *tmpl) {
    struct node *n = new_node(0, tmpl);
    add(b, n);
    return n;
}

/* a compound statement: head ending in `{`, a body, and `}` */
static struct node *block_stmt(struct block b, const char *head) {
    struct node *n = stmt(b, head);
    n->is_block = 1;
    return n;
}

/* ------------------------------------------------------------------ */
/* printing                                                            */

static int ref_mode; /* print the double reference copy (check.c) */

static void print_expr(FILE *out, const struct node *n);

/* expands a template: %k operands, $f $F $L @ for the reference copy */
static void expand_text(FILE *out, const char *tmpl, const struct node *n, int indent) {
    for (const char *p = tmpl; *p; p++) {
        if (*p == '%' && p[1] >= '0' && p[1] <= '3') {
            int k = *++p - '0';
            if (n && k < n->nkid)
                print_expr(out, n->kid[k]);
            else
                fputs("0.5", out);
        } else if (*p == '$' && p[1]) {
            char c = *++p;
            if (c == 'f' || c == 'L')
                fputs(ref_mode ? "" : "f", out);
            else if (c == 'F')
                fputs(ref_mode ? "double" : "float", out);
        } else if (*p == '@') {
            fputs(ref_mode ? "_ref" : "", out);
        } else {
            fputc(*p, out);
            if (*p == '\n')
                fprintf(out, "%*s", 4 * indent, "");
        }
    }
}

static void expand(FILE *out, const struct node *n, int indent) {
    expand_text(out, n->tmpl, n, indent);
}

/* a dropped expression stands for its first operand (or a constant) */
static const struct node *resolve(const struct node *n) {
    while (dropped[n->id] && !n->protect && n->nkid > 0)
        n = n->kid[0];
    return dropped[n->id] && !n->protect ? NULL : n;
}

/* operands are parenthesised unless they are names, calls or constants */
static int needs_parens(const struct node *n) {
    const char *t = n->tmpl;
    if (n->nkid == 0)
        return strchr(t, ' ') || t[0] == '-';
    return !(t[0] >= 'a' && t[0] <= 'z');
}

static void print_expr(FILE *out, const struct node *n) {
    const char *alt = n->alt;
    n = resolve(n);
    if (!n) {
        expand_text(out, alt ? alt : "0.5", NULL, 0);
        return;
    }
    printed[n->id] = 1;
    int parens = needs_parens(n);
    fputs(parens ? "(" : "", out);
    expand(out, n, 0);
    fputs(parens ? ")" : "", out);
}

static void print_stmts(FILE *out, struct node **v, int len, int indent);

static void print_stmt(FILE *out, const struct node *n, int indent) {
    if (dropped[n->id] && !n->protect)
        return;
    printed[n->id] = 1;
    fprintf(out, "%*s", 4 * indent, "");
    expand(out, n, indent);
    fputc('\n', out);
    if (!n->is_block)
        return;
    print_stmts(out, n->body, n->nbody, indent + 1);
    if (n->has_else) {
        fprintf(out, "%*s} else {\n", 4 * indent, "");
        print_stmts(out, n->els, n->nels, indent + 1);
    }
    fprintf(out, "%*s}\n", 4 * indent, "");
}

static void print_stmts(FILE *out, struct node **v, int len, int indent) {
    for (int i = 0; i < len; i++)
        print_stmt(out, v[i], indent);
}

/* ------------------------------------------------------------------ */
/* the program's interface (fixed per seed)                           */

struct program {
    int n, m;         /* the sizes the driver uses */
    int has_w, w_wrt; /* const double *w (n*m), active or not */
    int has_a, a_wrt; /* const double a[n][m] */
    int has_p, p_wrt; /* double p */
    int has_u;        /* double *u: wrt and out, updated in place */
    int has_y;        /* double *y: out */
    int has_ret;      /* returns double (else void) */
    int out_clause;   /* write out(...) even when it is just return */
    int uses_float;
    int uses_blend, uses_step;  /* scalar_ref: rg_blend, rg_step are called */
    int uses_declop[7];         /* declared_op: the operators used (declops) */
    int uses_grid, uses_rowdot; /* grid_helper: rg_grid, rg_rowdot are called */
    /* structs: f has the parameter const rg_pt *sp (its fields packed from w
     * by the check driver), the program uses rg_pt, rg_ptval, rg_ptmix */
    int has_sp, used_sp, uses_struct, uses_ptval, uses_ptmix, uses_ptnext;
    int uses_macros;                /* macros: RG_SQ, RG_LERP, RG_MIN, RG_MAX are defined */
    int uses_new_vec, uses_xmalloc; /* malloc: the allocating helpers are called */
    int has_rt, used_rt;            /* row_table: f has const double **rt, read somewhere */
    int used_w, used_a, used_p;     /* read somewhere: else the return value reads them */
    int break_promise;
    int in_header; /* header: what f uses is in prog_helpers.h */
    /* typedef_sig: `typedef double NAME;`, `#define NAME double`, `typedef
     * float NAME;` (NULL when absent), the block node printing them, and the
     * signature's types (a node printing the alias, or NULL for the plain type) */
    const char *td_real, *td_macro, *td_float;
    struct node *typedefs;
    struct node *ty_ret, *ty_x, *ty_w, *ty_a, *ty_p, *ty_u, *ty_y;
    struct node *helpers;  /* a block node holding the helper functions */
    const char *int_table; /* int_array: its name (in scope in f, not in helpers), or NULL */
    const char *consts[2]; /* file_const: the declarations, and their names */
    const char *const_names[2];
    int nconsts;
    struct node *fbody; /* a block node: the function body */
};

static struct program prog;

/* ------------------------------------------------------------------ */
/* scopes: what an expression may read and a statement may write       */

enum vtype { T_DOUBLE, T_FLOAT, T_INT, T_ARRAY, T_U64 };

struct var {
    const char *name;
    enum vtype type;
    int len;      /* T_ARRAY: number of elements */
    int par;      /* parallel-loop depth at the declaration */
    double bound; /* rough bound of |value| */
    int hidden;   /* a reduce accumulator inside its own loop */
    int used;     /* read somewhere (unused locals are avoided: -Wunused) */
    int seq;      /* sequential-loop depth at the declaration */
    int konst;    /* never assigned (const, or a loop bound) */
};

enum { NRANGE, MRANGE, CRANGE };

struct loopvar {
    const char *name;
    int par;   /* a map or reduce index */
    int range; /* NRANGE: [0,n) (or [1,n-1)), MRANGE: [0,m), CRANGE: [0,T) */
    int inner; /* [1, n-1): i - 1 and i + 1 are valid indices */
};

/* an array the function may write: y, u, malloc'ed temporaries, buffers */
struct array {
    const char *name;
    int extent;          /* 0: not initialised, 1: [0,n) initialised, 2: [0,n*m) */
    int input;           /* x, w: read-only, always readable */
    const char *writing; /* index written by an enclosing map, or NULL */
    int need;            /* the extent that index needs to read the element */
    int locked;          /* written by a nested map of the enclosing parallel loop */
};

enum { MAX_VARS = 256, MAX_LOOPS = 16, MAX_ARRAYS = 16 };

struct ctx {
    struct var vars[MAX_VARS];
    int nvars;
    struct loopvar loops[MAX_LOOPS];
    int nloops;
    struct array arrays[MAX_ARRAYS];
    int narrays;
    int par;       /* enclosing map / reduce loops */
    int seq;       /* enclosing sequential loops */
    int seq_par;   /* par at the innermost sequential loop (break allowed if equal) */
    int depth;     /* statement nesting */
    int in_helper; /* generating a helper's body: only its parameters */
    int top;       /* at the function's top level (for malloc, early return) */
};

static struct ctx cx;
static int name_counter;

static const char *fresh(const char *prefix) {
    return fmt("%s%d", prefix, ++name_counter);
}

static struct var *declare(const char *name, enum vtype type, double bound) {
    if (cx.nvars >= MAX_VARS) {
        fprintf(stderr, "pargrad_gen: too many variables\n");
        exit(2);
    }
    struct var *v = &cx.vars[cx.nvars++];
    *v = (struct var){name, type, 0, cx.par, bound, 0, 0, cx.seq, 0};
    return v;
}

static struct array *find_array(const char *name) {
    for (int i = 0; i < cx.narrays; i++)
        if (strcmp(cx.arrays[i].name, name) == 0)
            return &cx.arrays[i];
    return NULL;
}

static struct array *add_array(const char *name, int extent, int input) {
    struct array *a = &cx.arrays[cx.narrays++];
    *a = (struct array){name, extent, input, NULL, 0, 0};
    return a;
}

/* Entering a block saves what it may change; leaving restores it (a block may
 * run zero times or not at all, so initialisation inside it does not count
 * after it, and its declarations go out of scope). */
struct saved {
    int nvars, nloops;
    int extent[MAX_ARRAYS];
    int locked[MAX_ARRAYS];
};

static struct saved enter(void) {
    struct saved s = {cx.nvars, cx.nloops, {0}, {0}};
    for (int i = 0; i < cx.narrays; i++) {
        s.extent[i] = cx.arrays[i].extent;
        s.locked[i] = cx.arrays[i].locked;
    }
    cx.depth++;
    return s;
}

/* Locks (arrays a nested map wrote) last until the enclosing parallel loop
 * ends: leave_par() drops them, leave() of an if or sequential loop keeps them. */
static void leave(struct saved s) {
    cx.nvars = s.nvars;
    cx.nloops = s.nloops;
    for (int i = 0; i < cx.narrays; i++)
        cx.arrays[i].extent = s.extent[i];
    cx.depth--;
}

static void leave_par(struct saved s) {
    leave(s);
    for (int i = 0; i < cx.narrays; i++)
        cx.arrays[i].locked = s.locked[i];
}

/* ------------------------------------------------------------------ */
/* index expressions                                                   */

static const struct loopvar *pick_loop(int range) {
    int cand[MAX_LOOPS], k = 0;
    for (int i = 0; i < cx.nloops; i++)
        if (cx.loops[i].range == range)
            cand[k++] = i;
    return k ? &cx.loops[cand[rnd(k)]] : NULL;
}

/* an index in [0, n) */
static const char *index_n(void) {
    if (prog.int_table && !cx.in_helper && chance(15))
        return fmt("%s[%d]", prog.int_table, rnd(3));
    const struct loopvar *l = pick_loop(NRANGE);
    const struct loopvar *t = pick_loop(CRANGE);
    switch (rnd(6)) {
    case 0:
        return "0";
    case 1:
        return "n - 1";
    case 2:
        if (t)
            return fmt("%s %% n", t->name);
        break;
    default:
        break;
    }
    if (!l)
        return rnd(2) ? "0" : "n / 2";
    switch (rnd(6)) {
    case 0:
        return fmt("n - 1 - %s", l->name);
    case 1:
        return fmt("(%s + 1) %% n", l->name);
    case 2:
        if (l->inner)
            return fmt("%s %s 1", l->name, rnd(2) ? "+" : "-");
        break;
    case 3:
        if (on(K_BIT_OPS))
            return rnd(2) ? fmt("(%s ^ 1) %% n", l->name) : fmt("(%s * 5 + 3) & (n - 1)", l->name);
        break;
    default:
        break;
    }
    return l->name;
}

/* an index in [0, m) */
static const char *index_m(void) {
    const struct loopvar *l = pick_loop(MRANGE);
    if (!l || chance(20))
        return rnd(2) ? "0" : "m - 1";
    if (chance(15))
        return fmt("m - 1 - %s", l->name);
    return l->name;
}

/* an index in [0, n*m) */
static const char *index_nm(void) {
    if (pick_loop(MRANGE) && chance(60))
        return fmt("(%s) * m + %s", index_n(), index_m());
    return index_n();
}

/* ------------------------------------------------------------------ */
/* expressions                                                         */

static struct node *gen_expr(int depth);

static struct node *leaf(const char *text, double bound) {
    struct node *n = new_node(1, text);
    n->bound = bound;
    return n;
}

static struct node *op(const char *tmpl, double bound, int nkid, struct node **kids) {
    struct node *n = new_node(1, tmpl);
    n->nkid = nkid;
    for (int i = 0; i < nkid; i++)
        n->kid[i] = kids[i];
    n->bound = bound;
    return n;
}

static struct node *op1(const char *tmpl, double bound, struct node *a) {
    return op(tmpl, bound, 1, &a);
}

static struct node *op2(const char *tmpl, double bound, struct node *a, struct node *b) {
    struct node *k[2] = {a, b};
    return op(tmpl, bound, 2, k);
}

static struct node *op3(const char *tmpl, double bound, struct node *a, struct node *b,
                        struct node *c) {
    struct node *k[3] = {a, b, c};
    return op(tmpl, bound, 3, k);
}

/* a double (or float) type for a declaration: the plain type, or one of
 * typedef_sig's aliases as operand k of n (a dropped alias prints the plain
 * type); returns the text for n's template */
static const char *type_text(struct node *n, int is_float) {
    const char *base = is_float ? "$F" : "double", *alias = NULL;
    if (is_float)
        alias = prog.td_float && chance(60) ? prog.td_float : NULL;
    else if ((prog.td_real || prog.td_macro) && chance(60))
        alias = !prog.td_macro || (prog.td_real && rnd(2)) ? prog.td_real : prog.td_macro;
    if (!alias || n->nkid >= 4)
        return base;
    struct node *t = leaf(alias, 1.0);
    t->alt = base;
    n->kid[n->nkid] = t;
    return fmt("%%%d", n->nkid++);
}

/* keeps values in range: a bounded squashing function above a limit */
static struct node *squash(struct node *e) {
    if (e->bound <= 8.0)
        return e;
    static const char *const f[] = {"tanh(%0)", "atan(%0)", "sin(%0)", "%0 / (1.0 + %0 * %0)"};
    return op1(f[rnd(4)], 1.6, e);
}

/* an array is readable when initialised (or an input) and not locked; a map
 * writing it reads only its own element, once that element is initialised */
static int readable(const struct array *a) {
    if (a->locked)
        return 0;
    if (a->writing)
        return a->input || a->extent >= a->need;
    return a->input || a->extent > 0;
}

/* a[idx], or (pointer_view) the same element through pointer arithmetic */
static const char *element_text(const char *a, const char *idx) {
    if (!on(K_VIEW) || chance(50))
        return fmt("%s[%s]", a, idx);
    switch (rnd(3)) {
    case 0:
        return fmt("(*(%s + (%s)))", a, idx);
    case 1:
        return fmt("(%s + 1)[(%s) - 1]", a, idx);
    default:
        return fmt("(&%s[%s])[0]", a, idx);
    }
}

/* a read of an array the context may read */
/* structs: a field of sp (tags are 0, 1, 2) or a struct passed by value */
static struct node *struct_read(void) {
    prog.used_sp = 1;
    const char *i = index_n(), *f = rnd(2) ? "lo" : "hi";
    switch (rnd(4)) {
    case 0:
        return leaf(fmt("(sp + (%s))->%s", i, f), 1.0);
    case 1:
        return leaf(fmt("sp[(sp[%s].tag + (%s)) %% n].%s", i, index_n(), f), 1.0);
    case 2:
        prog.uses_ptval = prog.uses_struct = 1;
        return leaf(fmt("rg_ptval(sp[%s], 0.5)", i), 1.5);
    default:
        return leaf(fmt("sp[%s].%s", i, f), 1.0);
    }
}

static struct node *array_read(void) {
    if (prog.has_sp && !cx.in_helper && chance(20))
        return struct_read();
    if (prog.has_rt && !cx.in_helper && chance(20)) {
        prog.used_rt = 1;
        if (on(K_GRID_HELPER) && chance(30)) {
            prog.uses_rowdot = 1;
            return leaf(fmt("rg_rowdot(m, rt[%s])", index_n()), 1.0);
        }
        return leaf(fmt("rt[%s][%s]", index_n(), index_m()), 1.0);
    }
    if (prog.has_a && !cx.in_helper && chance(25)) {
        prog.used_a = 1;
        if (on(K_GRID_HELPER) && chance(30)) {
            prog.uses_grid = 1;
            return leaf(fmt("rg_grid(n, m, a, %s)", index_n()), 1.0);
        }
        if (on(K_GRID_HELPER) && chance(30)) { /* a row as a pointer */
            prog.uses_rowdot = 1;
            return leaf(fmt(rnd(2) ? "rg_rowdot(m, a[%s])" : "rg_rowdot(m, &a[%s][0])", index_n()),
                        1.0);
        }
        return leaf(fmt("a[%s][%s]", index_n(), index_m()), 1.0);
    }
    const struct array *cand[MAX_ARRAYS];
    int k = 0;
    for (int i = 0; i < cx.narrays; i++)
        if (readable(&cx.arrays[i]))
            cand[k++] = &cx.arrays[i];
    if (!k)
        return NULL;
    const struct array *a = cand[rnd(k)];
    if (strcmp(a->name, "w") == 0)
        prog.used_w = 1;
    if (a->writing) /* a map writing this array may read only its own element */
        return leaf(element_text(a->name, a->writing), 2.0);
    const char *idx = a->extent == 1 ? index_n() : index_nm();
    double bound = strcmp(a->name, "x") == 0 ? 1.0 : 2.0;
    if (on(K_VIEW) && chance(15))
        return leaf(element_text(a->name, idx), bound);
    if (strcmp(idx, "0") == 0 && on(K_DEREF) && chance(40)) /* the first element as *x */
        return leaf(fmt("(*%s)", a->name), bound);
    return leaf(fmt("%s[%s]", a->name, idx), bound);
}

static struct node *var_read(void) {
    /* prefers a variable nobody has read yet */
    int cand[MAX_VARS], k = 0, unused = chance(60);
    for (int i = 0; i < cx.nvars; i++)
        if (!cx.vars[i].hidden && (!unused || !cx.vars[i].used))
            cand[k++] = i;
    if (!k && unused)
        return var_read();
    if (!k)
        return NULL;
    struct var *v = &cx.vars[cand[rnd(k)]];
    v->used = 1;
    switch (v->type) {
    case T_INT:
        return leaf(fmt("0.1 * %s", v->name), 1.0);
    case T_U64: /* const uint64_t q = 1ULL << len */
        return leaf(fmt("(double)%s * %s", v->name,
                        v->len == 63   ? "1.0e-19"
                        : v->len == 50 ? "1.0e-15"
                                       : "1.0e-12"),
                    1.2);
    case T_ARRAY:
        if (pick_loop(NRANGE) && chance(40))
            return leaf(fmt("%s[%s %% %d]", v->name, pick_loop(NRANGE)->name, v->len), v->bound);
        return leaf(fmt("%s[%d]", v->name, rnd(v->len)), v->bound);
    default:
        return leaf(v->name, v->bound);
    }
}

static int nhelpers;
static struct helper {
    const char *name;
    int kind; /* 0: (double, double), 1: (const double *, int), 2: (int, v, q) */
} helpers[8];

static struct node *helper_call(int depth) {
    if (!nhelpers || cx.in_helper)
        return NULL;
    const struct helper *h = &helpers[rnd(nhelpers)];
    if (h->kind == 0)
        return op2(fmt("%s@(%%0, %%1)", h->name), 3.0, gen_expr(depth + 1), gen_expr(depth + 1));
    if (h->kind == 1)
        return leaf(fmt("%s@(x, %s)", h->name, index_n()), 3.0);
    if (cx.par > 1) /* keep the nesting of inlined loops small */
        return NULL;
    return leaf(fmt("%s@(n, x, %s)", h->name, prog.has_w ? "w" : "x"), 3.0 * 9);
}

/* a constant cast or integer arithmetic on constants (C's conversions:
 * truncation toward zero, _Bool, unsigned wrap-around, float rounding) */
static struct node *const_cast_leaf(void) {
    static const struct {
        const char *text;
        double value;
        int nm; /* reads n or m: not in helpers */
    } c[] = {
        {"(double)(1ULL << 40) * 1.0e-12", 1.1, 0},
        {"(double)(1ULL << 63) * 1.0e-19", 0.93, 0},
        {"(float)0.1", 0.1, 0},
        {"(double)(float)0.3", 0.3, 0},
        {"(float)1 / 3", 0.34, 0},
        {"(int)2.7 * 0.5", 1.0, 0},
        {"(int)-2.7 * 0.25", 0.5, 0},
        {"(_Bool)0.5 * 0.75", 0.75, 0},
        {"(_Bool)0.0 + 0.25", 0.25, 0},
        {"(char)100 * 0.01", 1.0, 0},
        {"(unsigned char)300 * 0.01", 0.44, 0},
        {"(unsigned)3 * 0.25", 0.75, 0},
        {"(7 / 2) * 0.25", 0.75, 0},
        {"(-7 / 2) * 0.25", 0.75, 0},
        {"(7 % 3) * 0.5", 0.5, 0},
        {"(-7 % 3) * 0.5", 0.5, 0},
        {"(double)(7 / 2) / 4", 0.75, 0},
        {"(1u << 4) * 0.05", 0.8, 0},
        {"(double)(uint64_t)1.0e10 * 1.0e-10", 1.0, 0},
        {"(double)(int64_t)-3 * 0.25", 0.75, 0},
        {"(double)UINT64_MAX * 1.0e-20", 0.19, 0},
        {"(int)(0.1 * 25) * 0.5", 1.0, 0},
        {"(double)m / 5.0", 1.0, 1},
        {"(double)(n % 3) * 0.5", 1.0, 1},
        {"(unsigned)n * 0.1", 0.9, 1},
        {"(double)(n / 2) * 0.2", 0.8, 1},
    };
    enum { NC = sizeof c / sizeof c[0] };
    int k = rnd(NC);
    while (c[k].nm && cx.in_helper)
        k = rnd(NC);
    return leaf(c[k].text, c[k].value);
}

static struct node *gen_leaf(int depth) {
    struct node *n = NULL;
    for (int tries = 0; !n && tries < 4; tries++) {
        switch (rnd(10)) {
        case 0:
        case 1:
        case 2:
            n = array_read();
            break;
        case 3:
        case 4:
        case 5:
            n = var_read();
            break;
        case 6:
            if (prog.has_p && !cx.in_helper) {
                n = leaf("p", 1.0);
                prog.used_p = 1;
            }
            break;
        case 7:
            if (on(K_INT) && cx.nloops > 0) {
                const struct loopvar *l = &cx.loops[rnd(cx.nloops)];
                n = leaf(rnd(2) ? fmt("(double)%s / n", l->name) : fmt("0.25 * %s", l->name),
                         l->range == MRANGE ? 1.25 : 2.5);
            }
            break;
        case 8:
            if (on(K_HELPER) && depth < 3)
                n = helper_call(depth);
            break;
        default:
            if (on(K_CONST_CAST) && chance(12)) {
                n = const_cast_leaf();
            } else if (prog.td_real && chance(10)) { /* (real)0.5 */
                n = op1("(%1)%0", 1.5, leaf(fmt("%.2f", rconst(-1.5, 1.5)), 1.5));
                n->kid[n->nkid] = leaf(prog.td_real, 1.0);
                n->kid[n->nkid++]->alt = "double";
            } else {
                double c = rconst(-1.5, 1.5);
                n = leaf(fmt("%.2f", c), 1.5);
            }
            break;
        }
    }
    return n ? n : leaf(fmt("%.2f", rconst(0.1, 1.5)), 1.5);
}

static double max2(double a, double b) {
    return a > b ? a : b;
}

/* an active or inactive condition (an int-valued expression node) */
static struct node *gen_cond(int depth) {
    if (cx.nloops > 0 && chance(30)) {
        const struct loopvar *l = &cx.loops[rnd(cx.nloops)];
        const char *t = rnd(2) ? fmt("%s %% 2 == 0", l->name) : fmt("%s < n / 2", l->name);
        return leaf(t, 1.0);
    }
    if (chance(10) && !cx.in_helper)
        return leaf(rnd(2) ? "n > 3" : "m < 3", 1.0);
    /* thresholds end in 5 in the third decimal, the other constants have
     * two: a float local holding a constant (float f = (float)(-0.39)) is
     * never within its rounding of one, where the double twin of check.c
     * (f = -0.39) would take the other branch */
    const char *cmp = rnd(2) ? ">" : "<";
    double t = (int)(rconst(-0.5, 0.5) * 100.0) / 100.0 + 0.005;
    return op1(fmt("%%0 %s %.3f", cmp, t), 1.0, gen_expr(depth + 1));
}

static struct node *gen_float(int depth) {
    struct node *a = gen_expr(depth + 1);
    switch (rnd(6)) {
    case 0:
        return op1("sin$f(($F)%0)", 1.0, a);
    case 1:
        return op1("exp$f(tanh$f(($F)%0))", 2.8, a);
    case 2:
        return op1("log$f(1.0$L + ($F)%0 * ($F)%0)", 1.0 + a->bound, a);
    case 3:
        return op1("sqrt$f(1.0$L + ($F)(%0 * %0))", 1.0 + a->bound, a);
    case 4:
        return op1("($F)%0", a->bound, a);
    default:
        return op1("atan$f(($F)%0) * 0.5$L", 1.0, a);
    }
}

/* rounding: piecewise smooth functions; their jumps (floor, round, fmod)
 * are met at random points with probability zero, like fabs's kink */
static struct node *gen_rounding(int depth, struct node *a) {
    double b = a->bound;
    switch (rnd(7)) {
    case 0:
        return op1("%0 + 0.25 * floor(2.0 * %0)", 1.5 * b + 0.5, a);
    case 1:
        return op1("%0 - round(%0)", 0.5, a);
    case 2:
        return op1("fmod(%0, 0.75)", 0.75, a);
    case 3:
        return op2("copysign(%0, %1)", b, a, gen_expr(depth + 1));
    case 4:
        return op1("%0 * (1.0 + 0.1 * ceil(%0) - 0.1 * trunc(%0))", 1.1 * b, a);
    case 5:
        return op1("fdim(%0, 0.1)", b + 0.1, a);
    default: /* helpers see only their parameters */
        return op1(cx.in_helper ? "(%0 + 0.1 * abs(-3))" : "(%0 + 0.1 * abs(n - 4))", b + 0.5, a);
    }
}

static struct node *gen_unary(int depth) {
    struct node *a = gen_expr(depth + 1);
    double b = a->bound;
    switch (rnd(21)) {
    case 0:
        return op1("sin(%0)", 1.0, a);
    case 1:
        return op1("cos(%0)", 1.0, a);
    case 2:
        return op1("tanh(%0)", 1.0, a);
    case 3:
        return op1("atan(%0)", 1.6, a);
    case 4:
        return op1("erf(%0)", 1.0, a);
    case 5:
        return op1("exp(tanh(%0))", 2.8, a);
    case 6:
        return op1("exp(-%0 * %0)", 1.0, a);
    case 7:
        return op1("expm1(0.5 * sin(%0))", 0.7, a);
    case 8:
        return op1("log(1.0 + %0 * %0)", 1.0 + b, a);
    case 9:
        return op1("log1p(%0 * %0)", 1.0 + b, a);
    case 10:
        return op1("log(2.0 + sin(%0))", 1.1, a);
    case 11:
        return op1("sqrt(1.0 + %0 * %0)", 1.0 + b, a);
    case 12:
        return op1("sqrt(0.5 + %0 * %0)", 1.0 + b, a);
    case 13:
        return op1("tan(0.7 * tanh(%0))", 0.85, a);
    case 14:
        return op1("cbrt(2.0 + sin(%0))", 1.5, a);
    case 15:
        return op2("pow(1.0 + %0 * %0, 0.5 + 0.3 * sin(%1))", 1.0 + b * b, a, gen_expr(depth + 1));
    case 16:
        return op1("pow(1.5 + cos(%0), 1.5)", 4.0, a);
    case 17:
        return op2("hypot(%0, 0.5 + %1 * %1)", b + 0.5 + 4.0, a, gen_expr(depth + 1));
    case 18:
        if (on(K_KINKS))
            return op1("fabs(%0)", b, a);
        return op1("sin(%0)", 1.0, a);
    case 19:
        if (on(K_ROUNDING))
            return gen_rounding(depth, a);
        return op1("cos(%0)", 1.0, a);
    default:
        return op1("0.5 * %0", 0.5 * b, a);
    }
}

static struct node *gen_binary(int depth) {
    struct node *a = gen_expr(depth + 1), *b = gen_expr(depth + 1);
    if (on(K_MACRO) && chance(10)) {
        prog.uses_macros = 1;
        switch (rnd(3)) {
        case 0:
            return op2("RG_SQ(%0) - %1", a->bound * a->bound + b->bound, a, b);
        case 1:
            return op2("RG_LERP(%0, %1, 0.25)", max2(a->bound, b->bound) * 1.5, a, b);
        default: /* the offset keeps two equal operands from tying */
            return op2("RG_MIN(%0, %1 + 0.25)", max2(a->bound, b->bound) + 0.25, a, b);
        }
    }
    switch (rnd(9)) {
    case 0:
    case 1:
        return op2("%0 + %1", a->bound + b->bound, a, b);
    case 2:
        return op2("%0 - %1", a->bound + b->bound, a, b);
    case 3:
    case 4:
        return op2("%0 * %1", a->bound * b->bound, a, b);
    case 5:
        return op2("%0 / (1.0 + %1 * %1)", a->bound, a, b);
    case 6:
        if (on(K_KINKS)) /* the offset keeps two equal operands from tying */
            return op2(rnd(2) ? "fmin(%0, %1 + 0.25)" : "fmax(%0, %1 - 0.25)",
                       max2(a->bound, b->bound) + 0.25, a, b);
        return op2("%0 + %1", a->bound + b->bound, a, b);
    case 7:
        if (on(K_TERNARY) && chance(25)) {
            /* an arm C does not evaluate divides by an exact zero (the count
             * of a Welford update, n > 1 ? s / (n - 1) : 0) */
            struct node *c = gen_leaf(depth + 1);
            return op3("(%0 > 0.5 ? %1 / (double)(int)(%0 + 0.5) : %2)", max2(a->bound, b->bound),
                       c, a, b);
        }
        if (on(K_TERNARY)) {
            struct node *c = gen_cond(depth + 1);
            return op3("(%0 ? %1 : %2)", max2(a->bound, b->bound), c, a, b);
        }
        return op2("%0 - %1", a->bound + b->bound, a, b);
    default:
        return op2(fmt("%.2f * %%0 + %%1", rconst(-1.5, 1.5)), a->bound * 1.5 + b->bound, a, b);
    }
}

static struct node *gen_expr(int depth) {
    struct node *e;
    int r = rnd(10);
    if (depth >= 3 || r < 3)
        e = gen_leaf(depth);
    else if (r < 6)
        e = gen_unary(depth);
    else if (r < 9 || !on(K_FLOAT) || cx.in_helper)
        e = gen_binary(depth);
    else {
        prog.uses_float = 1;
        e = gen_float(depth);
    }
    return squash(e);
}

/* ------------------------------------------------------------------ */
/* statements                                                          */

static void gen_block(struct block b, int count);

/* decl_for: loop counters declared at the top of f (`int i1, t2;`), C89
 * style, and reused by loops that do not nest in each other. One read
 * after its loop (counter_after) is retired: another loop inside a
 * parallel loop would make it private there. */
enum { MAX_COUNTERS = 8 };
static struct counter {
    const char *name;
    int busy, retired;
} counters[MAX_COUNTERS];
static int ncounters;

/* A loop's counter: declared at the top (*pooled) or in the loop's head. */
static const char *loop_counter(const char *prefix, int *pooled) {
    *pooled = 0;
    if (!on(K_DECL_FOR) || cx.in_helper || !chance(50))
        return fresh(prefix);
    int cand[MAX_COUNTERS], k = 0;
    for (int i = 0; i < ncounters; i++)
        if (!counters[i].busy && !counters[i].retired)
            cand[k++] = i;
    int c;
    if (k && (ncounters == MAX_COUNTERS || chance(60)))
        c = cand[rnd(k)];
    else if (ncounters < MAX_COUNTERS)
        c = ncounters++, counters[c].name = fresh(prefix);
    else
        return fresh(prefix);
    counters[c].busy = 1;
    *pooled = 1;
    return counters[c].name;
}

static struct counter *pooled_counter(const char *name) {
    for (int i = 0; i < ncounters; i++)
        if (counters[i].name == name)
            return &counters[i];
    return NULL;
}

/* At the end of a loop over a pooled counter: free for the next loop, or
 * (counter_after) readable after it, an int in [-1, 10]. */
static void end_counter(const char *name) {
    struct counter *c = pooled_counter(name);
    if (!c)
        return;
    c->busy = 0;
    if (on(K_COUNTER_AFTER) && chance(30)) {
        c->retired = 1;
        declare(name, T_INT, 1.0);
    }
}

/* the counters' declaration, once f is built: at position at of f's body */
static void declare_counters(struct node *f, int at) {
    if (!ncounters)
        return;
    struct node *d = new_node(0, "");
    d->tmpl = fmt("int %s", counters[0].name);
    for (int i = 1; i < ncounters; i++)
        d->tmpl = fmt("%s, %s", d->tmpl, counters[i].name);
    d->tmpl = fmt("%s;", d->tmpl);
    push(&f->body, &f->nbody, &f->cbody, d);
    memmove(f->body + at + 1, f->body + at, sizeof *f->body * (size_t)(f->nbody - 1 - at));
    f->body[at] = d;
}

/* a loop over [lo, hi) in one of C's spellings: up (loop_forms), or down
 * (loop_down), with the counter declared in the head unless pooled */
static const char *loop_head(const char *var, int pooled, const char *lo, const char *hi) {
    const char *d = pooled ? "" : "int ";
    if (on(K_LOOP_DOWN) && chance(25)) {
        switch (rnd(3)) {
        case 0:
            return fmt("for (%s%s = %s - 1; %s >= %s; %s--)", d, var, hi, var, lo, var);
        case 1:
            return fmt("for (%s%s = %s - 1; %s > %s - 1; --%s)", d, var, hi, var, lo, var);
        default:
            return fmt("for (%s%s = %s - 1; %s >= %s; %s -= 1)", d, var, hi, var, lo, var);
        }
    }
    if (on(K_LOOP_COND) && chance(25)) {
        int from_zero = strcmp(lo, "0") == 0 && (strcmp(hi, "n") == 0 || strcmp(hi, "m") == 0);
        switch (rnd(from_zero ? 4 : 3)) { /* != only where the counter surely meets the bound */
        case 0:
            return fmt("for (%s%s = %s; %s + 1 < %s + 1; %s++)", d, var, lo, var, hi, var);
        case 1:
            return fmt("for (%s%s = %s; %s > %s; %s++)", d, var, lo, hi, var, var);
        case 2:
            return fmt("for (%s%s = %s; %s - 1 < %s - 1; ++%s)", d, var, lo, var, hi, var);
        default:
            return fmt("for (%s%s = %s; %s != %s; %s++)", d, var, lo, var, hi, var);
        }
    }
    if (!on(K_LOOP_FORMS) || chance(60))
        return fmt("for (%s%s = %s; %s < %s; %s++)", d, var, lo, var, hi, var);
    switch (rnd(4)) {
    case 0:
        return fmt("for (%s%s = %s; %s <= %s - 1; %s++)", d, var, lo, var, hi, var);
    case 1:
        return fmt("for (%s%s = %s; %s < %s; ++%s)", d, var, lo, var, hi, var);
    case 2:
        return fmt("for (%s%s = %s; %s < %s; %s = %s + 1)", d, var, lo, var, hi, var, var);
    default:
        return fmt("for (%s%s = %s; %s < %s; %s += 1)", d, var, lo, var, hi, var);
    }
}

/* loop_step: a sequential loop over part of [0, hi), stepping by more than one */
static const char *step_head(const char *var, int pooled, const char *hi) {
    const char *d = pooled ? "" : "int ";
    switch (rnd(4)) {
    case 0:
        return fmt("for (%s%s = 0; %s < %s; %s += 2)", d, var, var, hi, var);
    case 1:
        return fmt("for (%s%s = 1; %s < %s; %s = %s + 3)", d, var, var, hi, var, var);
    case 2:
        return fmt("for (%s%s = %s - 1; %s >= 0; %s -= 2)", d, var, hi, var, var);
    default:
        return fmt("for (%s%s = 0; %s < %s; %s += 1 + n / 4)", d, var, var, hi, var);
    }
}

static void push_loop(const char *name, int par, int range, int inner) {
    cx.loops[cx.nloops++] = (struct loopvar){name, par, range, inner};
}

static int loops_of(int range) {
    int k = 0;
    for (int i = 0; i < cx.nloops; i++)
        k += cx.loops[i].range == range;
    return k;
}

/* double/float/int local, or a small local array */
/* scalar_ref: a local updated by a helper through its address, or an int
 * drawn from a generator state the helper advances (rg_blend, rg_step:
 * printed before f when the row is on) */
static void gen_scalar_ref(struct block b) {
    if (chance(30)) { /* a local pointer to a local scalar */
        const char *name = fresh("r"), *ptr = fresh("rp");
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(0);
        n->kid[n->nkid++] = gen_expr(1);
        n->tmpl = fmt("double %s = %%0;\ndouble *%s = &%s;\n*%s = 0.5 * *%s + 0.25 * tanh(%%1);",
                      name, ptr, name, ptr, ptr);
        declare(name, T_DOUBLE, n->kid[0]->bound + 0.25);
        return;
    }
    if (rnd(2)) {
        const char *name = fresh("r");
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(0);
        n->kid[n->nkid++] = gen_expr(1);
        n->tmpl = fmt("double %s = %%0;\nrg_blend(&%s, %%1);", name, name);
        prog.uses_blend = 1;
        declare(name, T_DOUBLE, n->kid[0]->bound + 0.25);
        return;
    }
    const char *st = fresh("st"), *name = fresh("k");
    const char *v = cx.nloops ? cx.loops[rnd(cx.nloops)].name : cx.in_helper ? "1" : "n";
    const char *draw = on(K_BIT_OPS) && rnd(2) ? fmt("(rg_step(&%s) ^ (%s >> 3)) & 3u", st, st)
                                               : fmt("rg_step(&%s) %% 5u", st);
    stmt(b, fmt("unsigned %s = (unsigned)(%s * 7 + 1);\nint %s = (int)(%s);", st, v, name, draw));
    declare(name, T_INT, 0.5);
    prog.uses_step = 1;
}

/* while: a local computed by a while, do or uncounted for loop whose trip
 * count depends on integers only (n, loop indices): a derivative has no
 * jumps (the test of the value itself never fails) */
static void gen_while_local(struct block b) {
    const char *v = fresh("wv"), *k = fresh("wk");
    const char *i = cx.nloops ? cx.loops[rnd(cx.nloops)].name : "0";
    const char *n = cx.in_helper ? "4" : "n"; /* helpers may have no length */
    const char *step = fmt("%s = 0.5 * %s + 0.25 * tanh(%%1 + 0.1 * %s);", v, v, k);
    const char *stop = rnd(2) ? fmt("\n    if (%s > %s + 1)\n        break;", k, n) : "";
    struct node *s = stmt(b, "");
    s->kid[s->nkid++] = gen_expr(0);
    s->kid[s->nkid++] = gen_expr(1);
    int form = rnd(3);
    if (form == 2) /* not a counted for loop: run as a while loop */
        s->tmpl = fmt("double %s = %%0;\nint %s;\nfor (%s = 0; %s * %s < 4 + (%s + %s) %% 5 && "
                      "%s < 1.0e6; %s++) {\n    %s%s\n}",
                      v, k, k, k, k, n, i, v, k, step, stop);
    else if (form == 1)
        s->tmpl = fmt("double %s = %%0;\nint %s = 0;\nwhile (%s < 2 + (%s + %s) %% 3) {\n    %s\n "
                      "   %s++;%s\n}",
                      v, k, k, n, i, step, k, stop);
    else
        s->tmpl = fmt("double %s = %%0;\nint %s = 0;\ndo {\n    %s\n    %s++;%s\n} while (%s "
                      "< 1 + (%s + %s) %% 3);",
                      v, k, step, k, stop, k, n, i);
    declare(v, T_DOUBLE, max2(s->kid[0]->bound, 0.5) + 0.25);
}

/* structs: a local rg_pt from a list, field by field, or a copy of an
 * element of sp; maybe mixed through a helper's pointer. Its double
 * fields are then locals like others (read, assigned: s.lo = e). */
static void gen_struct_local(struct block b) {
    const char *name = fresh("sq");
    struct node *n = stmt(b, "");
    n->kid[n->nkid++] = gen_expr(1);
    n->kid[n->nkid++] = gen_expr(1);
    n->kid[n->nkid++] = gen_expr(1);
    double bound = max2(n->kid[0]->bound, n->kid[1]->bound);
    int form = rnd(prog.has_sp && !cx.in_helper ? 3 : 2);
    if (form == 2) {
        prog.used_sp = 1;
        n->tmpl = fmt("rg_pt %s = sp[%s];", name, index_n());
        bound = 1.0;
    } else if (form == 1) {
        n->tmpl = rnd(2) ? fmt("rg_pt %s;\n%s.lo = %%0;\n%s.hi = %%1;\n%s.tag = %d;", name, name,
                               name, name, rnd(3))
                         : fmt("rg_pt %s = {0};\n%s.hi = %%1;\n%s.lo = %%0;", name, name, name);
    } else {
        n->tmpl = fmt("rg_pt %s = {%%0, %%1, %d};", name, rnd(3));
    }
    if (chance(30)) {
        n->tmpl = fmt("%s\nrg_ptmix(&%s, %%2);", n->tmpl, name);
        prog.uses_ptmix = 1;
        bound = 2.0 * bound + 0.5;
    } else if (chance(30)) { /* a helper returning the struct by value */
        n->tmpl = fmt("%s\n%s = rg_ptnext(%s, %%2);", n->tmpl, name, name);
        prog.uses_ptnext = 1;
        bound = 2.0 * bound + 0.5;
    } else if (chance(15)) { /* a member of the struct it returns */
        n->tmpl = fmt("%s\n%s.lo = 0.5 * rg_ptnext(%s, %%2).hi;", n->tmpl, name, name);
        prog.uses_ptnext = 1;
        bound = bound + 0.25;
    }
    prog.uses_struct = 1;
    declare(fmt("%s.lo", name), T_DOUBLE, bound);
    declare(fmt("%s.hi", name), T_DOUBLE, bound);
}

static void gen_local(struct block b) {
    int r = rnd(10);
    if (on(K_CONST_CAST) && chance(8)) { /* a constant local of an integer type */
        static const char *const ci[] = {"(int)2.7 + 7 % 3", "(int)(0.1 * 25) + 1", "-7 / 2 + 5",
                                         "(_Bool)0.5 + (char)2", "(int)sizeof(double) / 4"};
        int shift[] = {40, 50, 63};
        if (rnd(2)) {
            const char *name = fresh("q");
            int sh = shift[rnd(3)];
            stmt(b, fmt("const uint64_t %s = 1ULL << %d;", name, sh));
            struct var *v = declare(name, T_U64, 1.2);
            v->len = sh;
            v->konst = 1;
        } else {
            const char *name = fresh("c");
            stmt(b, fmt("const int %s = %s;", name, ci[rnd(5)]));
            declare(name, T_INT, 0.5)->konst = 1;
        }
        return;
    }
    if (r < 2 && on(K_FLOAT)) {
        const char *name = fresh("f");
        prog.uses_float = 1;
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(1);
        const char *ty = type_text(n, 1);
        n->tmpl = fmt("%s %s = (%s)(%%0);", ty, name, ty);
        declare(name, T_FLOAT, n->kid[0]->bound);
    } else if (r < 3 && on(K_INT)) {
        const char *name = fresh("k");
        const char *v = cx.nloops ? cx.loops[rnd(cx.nloops)].name : cx.in_helper ? "1" : "n";
        stmt(b, fmt("int %s = (%s * %d + %d) %% 5;", name, v, 1 + rnd(3), rnd(4)));
        declare(name, T_INT, 0.5);
    } else if (r < 4 && on(K_LOCAL_ARRAY)) {
        const char *name = fresh("la");
        struct node *n = stmt(b, "");
        double bound = 0;
        for (int i = 0; i < 3; i++) {
            n->kid[n->nkid++] = gen_expr(1);
            bound = max2(bound, n->kid[i]->bound);
        }
        n->tmpl = fmt("%s %s[3];\n%s[0] = %%0;\n%s[1] = %%1;\n%s[2] = %%2;", type_text(n, 0), name,
                      name, name, name);
        if (on(K_ARRAY_INIT) && chance(50)) { /* the rest is zero, as C fills it */
            static const char *const lists[] = {"{%0, %1, %2}", "{%0, %1}", "{%0}", "{0}"};
            n->tmpl = fmt("%s %s[3] = %s;", type_text(n, 0), name, lists[rnd(4)]);
        } else if (chance(20)) { /* filled by a loop: its iterations save what they overwrite */
            const char *t = fresh("t");
            n->tmpl = fmt("%s %s[3];\nfor (int %s = 0; %s < 3; %s++)\n    %s[%s] = (%s == 1 ? "
                          "%%1 : %%0) * (0.5 + 0.25 * %s);",
                          type_text(n, 0), name, t, t, t, name, t, t, t);
        }
        declare(name, T_ARRAY, bound)->len = 3;
    } else if (r < 5 && on(K_SCALAR_REF)) {
        gen_scalar_ref(b);
    } else if (r < 6 && on(K_WHILE)) {
        gen_while_local(b);
    } else if (r < 7 && on(K_STRUCT)) {
        gen_struct_local(b);
    } else {
        const char *name = fresh("v");
        struct node *n = stmt(b, "");
        n->kid[n->nkid++] = gen_expr(0);
        n->tmpl = fmt("%s %s = %%0;", type_text(n, 0), name);
        declare(name, T_DOUBLE, n->kid[0]->bound);
        if (on(K_TERNARY) && chance(20)) {
            /* arms of scalars only (a select): the one C does not evaluate
             * divides by an exact zero, like n > 1 ? s / (n - 1) : 0 */
            const char *q = fresh("v");
            n->tmpl = fmt("%s\ndouble %s = %s > 0.5 ? %s / (double)(int)(2.0 * %s) : 0.5 * %s;",
                          n->tmpl, q, name, name, name, name);
            declare(q, T_DOUBLE, n->kid[0]->bound);
        }
    }
}

/* an assignment to a scalar declared outside, at the same parallel depth */
static void gen_assign(struct block b) {
    int cand[MAX_VARS], k = 0;
    for (int i = 0; i < cx.nvars; i++) {
        const struct var *v = &cx.vars[i];
        if (v->par == cx.par && !v->hidden && v->type != T_INT && v->type != T_U64 && !v->konst)
            cand[k++] = i;
    }
    if (!k) {
        gen_local(b);
        return;
    }
    struct var *v = &cx.vars[cand[rnd(k)]];
    const char *lhs = v->type == T_ARRAY ? fmt("%s[%d]", v->name, rnd(v->len)) : v->name;
    struct node *e = gen_expr(1);
    struct node *n;
    if (v->seq < cx.seq) /* carried by a sequential loop: a contraction stays bounded */
        n = stmt(b, fmt(rnd(2) ? "%s = 0.5 * %s + 0.5 * tanh(%%0);" : "%s += 0.25 * sin(%%0);", lhs,
                        lhs));
    else if (rnd(2)) {
        /* chain_assign: another scalar of the same scope gets the value too */
        struct var *w = &cx.vars[cand[rnd(k)]];
        if (on(K_CHAIN_ASSIGN) && chance(30) && w != v && w->type != T_ARRAY && w->seq >= cx.seq) {
            n = stmt(b, fmt("%s = %s = %%0;", lhs, w->name));
            w->bound = max2(w->bound, 0.0) + e->bound + 1.0;
            if (w->bound > 50)
                w->bound = 50;
        } else
            n = stmt(b, fmt("%s = %%0;", lhs));
    } else
        n = stmt(b, fmt("%s += %%0;", lhs));
    n->kid[n->nkid++] = e;
    v->bound = max2(v->bound, 0.0) + e->bound + 1.0;
    if (v->bound > 50) /* later reads see a bounded value through squash() */
        v->bound = 50;
}

static void gen_if(struct block b, int count) {
    struct node *n = block_stmt(b, "if (%0) {");
    n->kid[n->nkid++] = gen_cond(0);
    struct saved s = enter();
    gen_block(body_of(n), 1 + rnd(count));
    leave(s);
    if (chance(60)) {
        s = enter();
        gen_block(else_of(n), 1 + rnd(count));
        leave(s);
    }
}

/* the arrays a map may write: outputs, temporaries, buffers (not being
 * written by an enclosing map) */
static struct array *pick_target(int need_init, int fresh) {
    struct array *cand[MAX_ARRAYS];
    int k = 0;
    for (int i = 0; i < cx.narrays; i++) {
        struct array *a = &cx.arrays[i];
        if (!a->input && !a->writing && !a->locked && (!need_init || a->extent > 0) &&
            (!fresh || a->extent == 0))
            cand[k++] = a;
    }
    return k ? cand[rnd(k)] : NULL;
}

/* the final write of a map body: plain, in place, ?: or if/else */
static void gen_write(struct block b, struct array *t, const char *idx, struct node *extra) {
    const char *lhs = fmt("%s[%s]", t->name, idx);
    if (on(K_VIEW) && chance(20)) { /* through a pointer to the element */
        const char *p = fresh("pv");
        stmt(b, rnd(2) ? fmt("double *%s = &%s[%s];", p, t->name, idx)
                       : fmt("double *%s = %s + (%s);", p, t->name, idx));
        lhs = rnd(2) ? fmt("(*%s)", p) : fmt("%s[0]", p);
    }
    int inplace = t->extent >= t->need && on(K_INPLACE) && chance(50);
    struct node *e = gen_expr(0);
    if (extra)
        e = squash(op2("%0 + %1", e->bound + extra->bound, e, extra));
    struct node *n;
    if (inplace && cx.seq > 0)
        n = stmt(b, fmt("%s = 0.5 * %s + 0.5 * tanh(%%0);", lhs, lhs));
    else if (inplace)
        n = stmt(b, fmt(rnd(2) ? "%s = %s * %%0;" : "%s = sin(%s) + %%0;", lhs, lhs));
    else if (on(K_IF) && chance(15)) {
        n = stmt(b, fmt("if (%%1) {\n    %s = %%0;\n} else {\n    %s = %%2;\n}", lhs, lhs));
        n->kid[0] = e;
        n->kid[1] = gen_cond(1);
        n->kid[2] = gen_expr(1);
        n->nkid = 3;
        return;
    } else
        n = stmt(b, fmt("%s = %%0;", lhs));
    n->kid[n->nkid++] = e;
}

static void gen_map_over(struct block b, int count, struct array *t, int range);

/* private_scalar: scalars declared at the top of f (once the function is
 * built, see gen_function) that a map or reduce body assigns first in every
 * iteration, OpenMP's private habit. In scope only inside that body (never
 * read after the loop, nor before the assignment); one busy in an enclosing
 * loop is not reused by a nested one. */
enum { MAX_PRIV = 4 };
static struct priv {
    const char *name;
    int is_float;
    int busy;
} privs[MAX_PRIV];
static int npriv;

struct private_use {
    int priv; /* index in privs, or -1 */
    int var;  /* index in cx.vars */
};

/* at the start of a map or reduce body (its index pushed): maybe appends
 * `pt = e;` to the loop's head and declares pt in the body */
static struct private_use gen_private(struct node *loop) {
    struct private_use u = {-1, -1};
    if (!on(K_PRIVATE) || cx.in_helper || loop->nkid >= 4 || !chance(20))
        return u;
    int cand[MAX_PRIV], k = 0;
    for (int i = 0; i < npriv; i++)
        if (!privs[i].busy)
            cand[k++] = i;
    if (k && (npriv == MAX_PRIV || chance(50)))
        u.priv = cand[rnd(k)];
    else if (npriv < MAX_PRIV) {
        u.priv = npriv++;
        privs[u.priv].name = fresh("pt");
        privs[u.priv].is_float = on(K_FLOAT) && chance(20);
    } else
        return u;
    struct priv *p = &privs[u.priv];
    struct node *e = gen_expr(1);
    loop->tmpl = fmt(p->is_float ? "%s\n    %s = ($F)(%%%d);" : "%s\n    %s = %%%d;", loop->tmpl,
                     p->name, loop->nkid);
    loop->kid[loop->nkid++] = e;
    if (p->is_float)
        prog.uses_float = 1;
    p->busy = 1;
    u.var = cx.nvars;
    declare(p->name, p->is_float ? T_FLOAT : T_DOUBLE, e->bound);
    return u;
}

/* at the end of the body, before its last write or update: a read of the
 * private scalar when the body has none yet (else "set but not used") */
static struct node *end_private(struct private_use u) {
    if (u.priv < 0)
        return NULL;
    privs[u.priv].busy = 0;
    struct var *v = &cx.vars[u.var];
    if (v->used)
        return NULL;
    v->used = 1;
    return leaf(v->name, v->bound);
}

/* the innermost map or reduce index over [0, n) */
static const struct loopvar *outer_par_loop(void) {
    for (int i = cx.nloops - 1; i >= 0; i--)
        if (cx.loops[i].par && cx.loops[i].range == NRANGE)
            return &cx.loops[i];
    return NULL;
}

/* a map over i in [0,n) (or [1,n-1)) at the top, or over j in [0,m)
 * writing row i inside a parallel loop over i */
static void gen_map(struct block b, int count) {
    /* a nested map writes rows of an array nobody reads in the enclosing
     * parallel loop (one never initialised: unreadable until it is) */
    struct array *t = pick_target(0, cx.par > 0);
    if (!t) {
        gen_local(b);
        return;
    }
    if (cx.par == 0) {
        gen_map_over(b, count, t, NRANGE);
        return;
    }
    if (!on(K_NESTED_MAP) || !outer_par_loop() || loops_of(MRANGE) > 0) {
        gen_local(b);
        return;
    }
    gen_map_over(b, count, t, MRANGE);
}

static void gen_map_over(struct block b, int count, struct array *t, int range) {
    int pooled;
    const char *i = loop_counter(range == MRANGE ? "j" : "i", &pooled);
    int inner = range == NRANGE && chance(20);
    const char *idx = i;
    if (range == MRANGE)
        idx = fmt("%s * m + %s", outer_par_loop()->name, i);
    /* scatter: the iteration's element at a permuted position */
    int scatter = range == NRANGE && !inner && on(K_SCATTER) && chance(20);
    if (scatter)
        idx = rnd(2) ? fmt("n - 1 - %s", i) : fmt("(%s + %d) %% n", i, 1 + rnd(3));
    const char *lo = inner ? "1" : "0";
    const char *hi = range == MRANGE ? "m" : inner ? "n - 1" : "n";
    struct node *n = block_stmt(b, fmt("#pragma pargrad %s\n%s {", scatter ? "scatter" : "map",
                                       loop_head(i, pooled, lo, hi)));
    struct saved s = enter();
    int was_extent = t->extent;
    cx.par++;
    push_loop(i, 1, range, inner);
    t->writing = idx;
    t->need = range == MRANGE ? 2 : 1;
    struct private_use pu = gen_private(n);
    gen_block(body_of(n), rnd(count + 1));
    gen_write(body_of(n), t, idx, end_private(pu));
    t->writing = NULL;
    cx.par--;
    leave_par(s);
    end_counter(i);
    if (range == MRANGE) {
        /* other iterations of the enclosing loop write the other rows */
        t->locked = 1;
        return;
    }
    /* a complete map at this level initialises its target */
    if (!inner && was_extent < 1)
        t->extent = 1;
}

struct redop {
    const char *pragma;
    const char *init;
    const char *const forms[3]; /* update forms: %s accumulator, %%0 contribution */
    int nforms;
};

static const struct redop redops[] = {
    {"+", "0.0", {"%s += %%0;", "%s = %s + %%0;"}, 2},
    {"*", "1.0", {"%s *= 1.0 + 0.2 * tanh(%%0);", "%s = %s * (1.0 + 0.2 * tanh(%%0));"}, 2},
    {"min",
     "1.0e3",
     {"%s = fmin(%s, %%0);", "if (%%0 < %s) %s = %%0;", "%s = (%%0 < %s) ? %%0 : %s;"},
     3},
    {"max",
     "-1.0e3",
     {"%s = fmax(%s, %%0);", "if (%%0 > %s) %s = %%0;", "%s = (%s > %%0) ? %s : %%0;"},
     3},
};

static const char *update_text(const struct redop *r, const char *s) {
    const char *f = r->forms[rnd(r->nforms)];
    int extremum = !strcmp(r->pragma, "min") || !strcmp(r->pragma, "max");
    if (extremum && on(K_MACRO) && chance(20)) { /* s = RG_MIN(s, v), as HPC code spells it */
        prog.uses_macros = 1;
        f = !strcmp(r->pragma, "min") ? "%s = RG_MIN(%s, %%0);" : "%s = RG_MAX(%%0, %s);";
    }
    return fmt(f, s, s, s, s);
}

/* which operator: only the enabled ones */
static int pick_redop(void) {
    int cand[4], k = 0;
    const enum construct ks[4] = {K_REDUCE_ADD, K_REDUCE_MUL, K_REDUCE_MIN, K_REDUCE_MAX};
    for (int i = 0; i < 4; i++)
        if (on(ks[i]))
            cand[k++] = i;
    return k ? cand[rnd(k)] : -1;
}

/* Declared operators: the file defines the functions and declares the
 * operators it uses. The terms keep each operator where it is smooth and
 * tame: a norm's away from zero, a + b + a * b's above -1. The identity
 * must be one for the identity too (rg_lse(-INFINITY, -INFINITY)): an
 * iteration that skips its update contributes it, and OpenMP starts every
 * thread's partial there. */
struct declop {
    const char *name, *combine;
    int inverse;      /* for rg_af_op: -1, not commutative */
    const char *term; /* the contribution, %%0 the expression */
    const char *init;
};

static const struct declop declops[7] = {
    {"rg_lse_op", "rg_lse", 1, "%%0", "0.0"},
    {"rg_lse_gen", "rg_lse", 0, "%%0", "0.5 * x[0]"},
    {"rg_norm_op", "rg_hyp", 0, "0.5 + 0.25 * tanh(%%0)", "0.0"},
    {"rg_pm_op", "rg_pm", 1, "0.2 * tanh(%%0)", "0.0"},
    /* on structs: reduce loops only (gen_struct_reduce) */
    {"rg_pr_op", "rg_prc", 0, "(rg_pr){0.2 * tanh(%%0), 0.5 + 0.25 * sin(%%0)}", "{0.0, 0.0}"},
    /* affine maps x -> a x + b composed in order (not commutative) */
    {"rg_af_op", "rg_afc", -1, "(rg_af){0.9 + 0.1 * tanh(%%0), 0.3 * sin(%%0)}", "{1.0, 0.0}"},
    /* rg_pr_op with its inverse: a reduce takes the invertible rule */
    {"rg_pri_op", "rg_prc", 1, "(rg_pr){0.2 * tanh(%%0), 0.5 + 0.25 * sin(%%0)}", "{0.0, 0.0}"},
};

static const char *const declop_functions[7] = {
    "static double rg_lse(double a, double b) {\n    double m = a > b ? a : b;\n    if (m == "
    "-INFINITY)\n        return m;\n    return m + log(exp(a - m) + exp(b - m));\n}\n\nstatic "
    "double rg_lsub(double z, double b) {\n    return z + log1p(-exp(b - z));\n}\n\n",
    NULL, /* rg_lse again */
    "static double rg_hyp(double a, double b) {\n    return sqrt(a * a + b * b);\n}\n\n",
    "static double rg_pm(double a, double b) {\n    return a + b + a * b;\n}\n\nstatic double "
    "rg_pmi(double z, double b) {\n    return (z - b) / (1.0 + b);\n}\n\n",
    "typedef struct {\n    double a, b;\n} rg_pr;\n\nstatic rg_pr rg_prc(rg_pr u, rg_pr v) {\n    "
    "return (rg_pr){u.a + v.a + u.b * v.b, u.b + v.b};\n}\n\n",
    "typedef struct {\n    double a, b;\n} rg_af;\n\nstatic rg_af rg_afc(rg_af u, rg_af v) {\n    "
    "rg_af r;\n    r.a = v.a * u.a;\n    r.b = v.a * u.b + v.b;\n    return r;\n}\n\n",
    "static rg_pr rg_pri(rg_pr z, rg_pr v) {\n    rg_pr u;\n    u.b = z.b - v.b;\n    u.a = z.a "
    "- v.a - u.b * v.b;\n    return u;\n}\n\n",
};

static const char *const declop_pragmas[7] = {
    "#pragma pargrad declare op(rg_lse_op, double, rg_lse, -INFINITY) commutative "
    "inverse(rg_lsub)\n",
    "#pragma pargrad declare op(rg_lse_gen, double, rg_lse, -INFINITY) commutative\n",
    "#pragma pargrad declare op(rg_norm_op, double, rg_hyp, 0.0) commutative\n",
    "#pragma pargrad declare op(rg_pm_op, double, rg_pm, 0.0) commutative inverse(rg_pmi)\n",
    "#pragma pargrad declare op(rg_pr_op, rg_pr, rg_prc, {0.0, 0.0}) commutative\n",
    "#pragma pargrad declare op(rg_af_op, rg_af, rg_afc, {1.0, 0.0})\n",
    "#pragma pargrad declare op(rg_pri_op, rg_pr, rg_prc, {0.0, 0.0}) commutative "
    "inverse(rg_pri)\n",
};

/* the operators' functions, and (pragmas: pargrad reads them from prog.c
 * only) their declarations */
static void print_declop_functions(FILE *out) {
    int lse = prog.uses_declop[0] || prog.uses_declop[1];
    int pr = prog.uses_declop[4] || prog.uses_declop[6]; /* rg_pri needs rg_pr */
    for (int k = 0; k < 7; k++)
        if (declop_functions[k] && (k == 0 ? lse : k == 4 ? pr : prog.uses_declop[k]))
            fputs(declop_functions[k], out);
}

/* (maybe continued on a second line, as clang-format writes long ones) */
static void print_declop_pragmas(FILE *out) {
    int any = 0;
    for (int k = 0; k < 7; k++) {
        const char *p = declop_pragmas[k], *cut = strstr(p, " commutative");
        if (!prog.uses_declop[k])
            continue;
        if (cut && chance(30))
            fprintf(out, "%.*s \\\n   %s", (int)(cut - p), p, cut);
        else
            fputs(p, out);
        any = 1;
    }
    if (any)
        fputs("\n", out);
}

/* s = COMBINE(s, TERM) or, for commutative operators, COMBINE(TERM, s) */
static const char *declop_update(const struct declop *o, const char *s) {
    const char *term = fmt(o->term);
    return rnd(3) || o->inverse < 0 ? fmt("%s = %s(%s, %s);", s, o->combine, s, term)
                                    : fmt("%s = %s(%s, %s);", s, o->combine, term, s);
}

static void gen_declop_reduce(struct block b, int count, int range);

/* a combinator loop's body n: a private scalar maybe, locals and
 * statements, then the term its update combines (returned) */
static struct node *gen_body_and_term(struct node *n, int count) {
    struct private_use pu = gen_private(n);
    gen_block(body_of(n), rnd(count + 1));
    struct node *e = gen_expr(0);
    struct node *extra = end_private(pu);
    if (extra)
        e = squash(op2("%0 + %1", e->bound + extra->bound, e, extra));
    return e;
}

/* where a reduce's update goes in its body: maybe after a `continue` that
 * skips all the updates (the first one's), maybe under an if */
static struct block update_block(struct block ub, int may_continue) {
    if (may_continue && on(K_CONTINUE) && chance(15)) {
        struct node *c = stmt(ub, "if (%0)\n    continue;");
        c->kid[c->nkid++] = gen_cond(1);
    }
    if (on(K_REDUCE_COND) && chance(15)) {
        struct node *c = block_stmt(ub, "if (%0) {");
        c->kid[c->nkid++] = gen_cond(1);
        ub = body_of(c);
    }
    return ub;
}

/* accumulators declared here, a reduce loop over n (or over m inside an n
 * loop), and afterwards the accumulators are ordinary locals */
static void gen_reduce(struct block b, int count) {
    int o = pick_redop();
    int range = loops_of(NRANGE) > 0 ? MRANGE : NRANGE;
    if (o < 0 || (range == MRANGE && loops_of(MRANGE) > 0)) {
        gen_local(b);
        return;
    }
    if (on(K_DECL_OP) && chance(15)) {
        gen_declop_reduce(b, count, range);
        return;
    }
    const struct redop *r = &redops[o];
    int nacc = on(K_REDUCE_MULTI) && o == 0 && chance(20) ? 2 : 1;
    const char *acc[2];
    int first = cx.nvars;
    for (int k = 0; k < nacc; k++) {
        acc[k] = fresh("s");
        const char *init = r->init;
        if (o >= 2 && chance(20) && prog.has_p) /* an active initial value */
            init = o == 2 ? "p + 0.5" : "p - 0.5";
        else if (o == 0 && chance(30))
            init = "0.5 * x[0]";
        struct node *d = stmt(b, "");
        d->tmpl = fmt("%s %s = %s;", type_text(d, 0), acc[k], init);
        declare(acc[k], T_DOUBLE, 1.0);
    }
    int pooled;
    const char *i = loop_counter(range == MRANGE ? "j" : "i", &pooled);
    const char *hi = range == MRANGE ? "m" : "n";
    const char *list = nacc == 2 ? fmt("%s, %s", acc[0], acc[1]) : acc[0];
    struct node *n = block_stmt(b, fmt("#pragma pargrad reduce(%s : %s)\n%s {", r->pragma, list,
                                       loop_head(i, pooled, "0", hi)));
    struct saved s = enter();
    for (int k = 0; k < nacc; k++)
        cx.vars[first + k].hidden = 1;
    cx.par++;
    push_loop(i, 1, range, 0);
    struct private_use pu = gen_private(n);
    gen_block(body_of(n), rnd(count + 1));
    struct node *extra = end_private(pu);
    double bound = 0;
    for (int k = 0; k < nacc; k++) {
        struct node *e = gen_expr(0);
        if (k == 0 && extra)
            e = squash(op2("%0 + %1", e->bound + extra->bound, e, extra));
        struct block ub = update_block(body_of(n), k == 0);
        struct node *u = stmt(ub, update_text(r, acc[k]));
        u->kid[u->nkid++] = e;
        bound = max2(bound, e->bound);
    }
    cx.par--;
    leave_par(s);
    end_counter(i);
    for (int k = 0; k < nacc; k++) {
        cx.vars[first + k].hidden = 0;
        cx.vars[first + k].bound = o == 1 ? 8.0 : o >= 2 ? 1.0e3 : bound * 9 * 5;
    }
}

/* a reduce of a declared operator into a double s (declared operators
 * combine doubles, also in float programs) */
static void gen_declop_reduce(struct block b, int count, int range) {
    int k = rnd(7);
    const struct declop *o = &declops[k];
    prog.uses_declop[k] = 1;
    const char *acc = fresh(k >= 4 ? "pr" : "s"); /* the return sums the s's */
    const char *init = o->init;
    /* the norm's identity 0 is one for values >= 0 only (rg_hyp(-c, 0) = c):
     * its accumulators start there */
    if (chance(20) && prog.has_p && k < 4)
        init = k == 3 ? "0.5 * tanh(p)" : k == 2 ? "0.5 + 0.25 * p * p" : "p + 0.5";
    else if (chance(20) && k >= 4) /* an active initial value */
        init = "{0.5 * x[0], 0.25}";
    if (k >= 4) /* a struct: pargrad reduces it in blocks */
        stmt(b, fmt("%s %s = %s;", k == 5 ? "rg_af" : "rg_pr", acc, init));
    else
        stmt(b, fmt("double %s = %s;", acc, init));
    int vi = cx.nvars;
    declare(acc, T_DOUBLE, 1.0);
    int pooled;
    const char *i = loop_counter(range == MRANGE ? "j" : "i", &pooled);
    struct node *n = block_stmt(b, fmt("#pragma pargrad reduce(%s : %s)\n%s {", o->name, acc,
                                       loop_head(i, pooled, "0", range == MRANGE ? "m" : "n")));
    struct saved s = enter();
    cx.vars[vi].hidden = 1;
    cx.par++;
    push_loop(i, 1, range, 0);
    struct node *e = gen_body_and_term(n, count);
    struct block ub = update_block(body_of(n), 1);
    struct node *u = stmt(ub, declop_update(o, acc));
    u->kid[u->nkid++] = e;
    cx.par--;
    leave_par(s);
    end_counter(i);
    cx.vars[vi].hidden = 0;
    /* log-sum-exp: the largest term plus log(count); a norm: sqrt(count);
     * the products of 1 + t, |t| < 0.2: 1.2^count */
    cx.vars[vi].bound = k < 2 ? e->bound + 10.0 : k == 2 ? 40.0 : 1.0e3;
    if (k >= 4) { /* the struct is read through a double only */
        cx.vars[vi].hidden = 1;
        cx.vars[vi].used = 1;
        const char *r = fresh("v");
        stmt(b, fmt("double %s = tanh(%s.a) + 0.1 * %s.b;", r, acc, acc));
        declare(r, T_DOUBLE, 1.0 + 0.1 * 0.75 * 64);
    }
}

/* the array form of a recurrence: t[0] = e0, then scan(affine: t) (or
 * scan(t)) over [1, n), counting up: the body's locals and t[i] = a *
 * t[i - 1] + b, |a| < 0.9 */
static void gen_array_recurrence(struct block b, int count, struct array *t) {
    static const char *const forms[3] = {
        "%s[%s] = (0.5 + 0.4 * tanh(%%0)) * %s[%s - 1] + (%%1);",
        "%s[%s] = %s[%s - 1] * (0.6 + 0.3 * sin(%%0)) - 0.5 * (%%1);",
        "%s[%s] = (%%1) + (0.5 + 0.4 * tanh(%%0)) * %s[%s - 1];",
    };
    struct node *z = stmt(b, fmt("%s[0] = %%0;", t->name));
    z->kid[z->nkid++] = gen_expr(0);
    int pooled;
    const char *i = loop_counter("i", &pooled);
    int down = constructs[K_LOOP_DOWN].enabled; /* a recurrence runs up */
    constructs[K_LOOP_DOWN].enabled = 0;
    const char *head = loop_head(i, pooled, "1", "n");
    constructs[K_LOOP_DOWN].enabled = down;
    const char *clause = chance(30) ? t->name : fmt("affine : %s", t->name);
    struct node *n = block_stmt(b, fmt("#pragma pargrad scan(%s)\n%s {", clause, head));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    t->writing = i;
    t->need = 1;
    t->locked = 1; /* the terms must not read what the loop writes */
    struct node *e = gen_body_and_term(n, count);
    struct node *u = stmt(body_of(n), fmt(forms[rnd(3)], t->name, i, t->name, i));
    u->kid[u->nkid++] = e;
    u->kid[u->nkid++] = gen_expr(1);
    t->locked = 0;
    t->writing = NULL;
    cx.par--;
    leave_par(s);
    end_counter(i);
    if (t->extent < 1)
        t->extent = 1;
}

/* a scan over [0, n) at the top level (not inside loops or helpers): the
 * accumulator c is hidden while the body's locals and the term are
 * generated (the term may not depend on it), then an output element is
 * written from c before the update (the exclusive prefix) or after it */
static void gen_scan(struct block b, int count) {
    /* inside a parallel loop over i: a scan over j writing row i of an
     * array nobody reads in that loop (as a nested map does) */
    int nested = cx.par > 0;
    struct array *t = pick_target(0, nested);
    int o = pick_redop();
    if (!t || o < 0 ||
        (nested && (!on(K_NESTED_MAP) || !outer_par_loop() || loops_of(MRANGE) > 0))) {
        gen_local(b);
        return;
    }
    /* a linear recurrence c = a * c + b, |a| < 0.9 */
    static const struct redop affine = {"affine",
                                        "0.5",
                                        {"%s = (0.5 + 0.4 * tanh(%%0)) * %s + (%%1);",
                                         "%s = %s * (0.6 + 0.3 * sin(%%0)) - 0.5 * (%%1);",
                                         "%s = (%%1) + (0.5 + 0.4 * tanh(%%0)) * %s;"},
                                        3};
    int is_affine = on(K_SCAN_AFFINE) && chance(25);
    if (is_affine && !nested && chance(40)) {
        gen_array_recurrence(b, count, t);
        return;
    }
    /* declared operators: on doubles, or (4, 5) on structs, run in blocks */
    int dk = !is_affine && on(K_DECL_OP) && chance(20) ? rnd(7) : -1;
    int tuple = dk >= 4;
    const struct redop *r = is_affine ? &affine : &redops[o];
    const char *acc = fresh("c");
    /* min and max start near the values (not at the reduce rows' 1.0e3):
     * an exclusive use multiplies the start, and float code magnifies its
     * rounding a thousandfold then */
    const char *init = o >= 2 && !is_affine ? (o == 2 ? "8.0" : "-8.0") : r->init;
    if (o >= 2 && !is_affine && chance(20) && prog.has_p)
        init = o == 2 ? "p + 0.5" : "p - 0.5";
    else if ((o == 0 || is_affine) && chance(30))
        init = "0.5 * x[0]";
    if (dk >= 0) {
        prog.uses_declop[dk] = 1;
        init = chance(30) ? (tuple ? "{0.5 * x[0], 0.25}" : "0.5 * x[0]") : declops[dk].init;
        if (dk == 2 && strcmp(init, declops[dk].init)) /* the norm: from values >= 0 */
            init = "0.5 + 0.25 * x[0] * x[0]";
    }
    struct node *d = stmt(b, "");
    /* declared operators combine doubles, also in float programs */
    d->tmpl = fmt("%s %s = %s;",
                  tuple     ? (dk == 5 ? "rg_af" : "rg_pr")
                  : dk >= 0 ? "double"
                            : type_text(d, 0),
                  acc, init);
    int vi = cx.nvars;
    declare(acc, T_DOUBLE, 1.0);
    int pooled;
    const char *i = loop_counter(nested ? "j" : "i", &pooled);
    const char *idx = nested ? fmt("%s * m + %s", outer_par_loop()->name, i) : i;
    const char *clause =
        chance(30) ? acc : fmt("%s : %s", dk >= 0 ? declops[dk].name : r->pragma, acc);
    struct node *n = block_stmt(b, fmt("#pragma pargrad scan(%s)\n%s {", clause,
                                       loop_head(i, pooled, "0", nested ? "m" : "n")));
    struct saved s = enter();
    cx.vars[vi].hidden = 1;
    cx.par++;
    push_loop(i, 1, nested ? MRANGE : NRANGE, 0);
    t->writing = idx;
    t->need = nested ? 2 : 1;
    t->locked = 1; /* the term must not read what the loop writes */
    struct node *e = gen_body_and_term(n, count);
    int exclusive = chance(40);
    const char *use =
        tuple ? fmt(rnd(2) ? "%s[%s] = tanh(%s.a) * (%%0);" : "%s[%s] = 0.1 * %s.b + %%0;", t->name,
                    idx, acc)
              : fmt(rnd(2) ? "%s[%s] = %s * (%%0);" : "%s[%s] = sin(%s) + %%0;", t->name, idx, acc);
    struct node *w = NULL;
    struct block body = body_of(n);
    if (exclusive) {
        w = stmt(body, use);
        w->kid[w->nkid++] = gen_expr(1);
    }
    struct block ub = body;
    if (on(K_REDUCE_COND) && chance(15)) {
        struct node *c = block_stmt(ub, "if (%0) {");
        c->kid[c->nkid++] = gen_cond(1);
        ub = body_of(c);
    }
    struct node *u = stmt(ub, dk >= 0 ? declop_update(&declops[dk], acc) : update_text(r, acc));
    u->kid[u->nkid++] = e;
    struct node *e2 = NULL;
    if (is_affine) { /* the added part; the factor is e */
        e2 = gen_expr(1);
        u->kid[u->nkid++] = e2;
    }
    if (!exclusive) {
        w = stmt(body, use);
        w->kid[w->nkid++] = gen_expr(1);
    }
    t->locked = 0;
    t->writing = NULL;
    cx.par--;
    leave_par(s);
    end_counter(i);
    cx.vars[vi].hidden = 0;
    cx.vars[vi].bound = is_affine ? 10.0 * (e2->bound + 1.0)
                        : dk >= 0 ? (dk < 2    ? e->bound + 10.0
                                     : dk == 2 ? 40.0
                                               : 1.0e3)
                        : o == 1  ? 8.0
                        : o >= 2  ? 1.0e3
                                  : e->bound * 9 * 5;
    if (tuple) { /* the struct is read through a double only */
        cx.vars[vi].hidden = 1;
        cx.vars[vi].used = 1;
        const char *r = fresh("v");
        stmt(b, fmt("double %s = tanh(%s.a) + 0.1 * %s.b;", r, acc, acc));
        declare(r, T_DOUBLE, 1.0 + 0.1 * 0.75 * 64);
    }
    if (nested)
        t->locked = 1; /* other iterations of the enclosing loop write the other rows */
    else if (t->extent < 1)
        t->extent = 1;
}

/* a scan of a row of NB accumulators cr over [0, n), at the top level:
 * the columns updated in an inner loop over j (with its map
 * annotation mostly; without it the loop is differentiated as the
 * sequential loop), maybe after a declaration the update reads; each
 * (i, j) writes ro[i * NB + j] of a local buffer from cr[j] before the
 * update (exclusive) or after it; the buffer and cr summed after it */
/* rs: the rows ro and the accumulators cr summed, ro freed; vb bounds the values */
static void sum_scan_rows(struct block b, int nb, const char *cr, const char *ro, const char *rs,
                          double vb) {
    const char *q = fresh("q");
    stmt(b,
         fmt("double %s = 0.0;\nfor (int %s = 0; %s < n * %d; %s++)\n    %s += %s[%s] * (%s %% 3 "
             "+ 1);\nfor (int %s = 0; %s < %d; %s++)\n    %s += %s[%s];\nfree(%s);",
             rs, q, q, nb, q, rs, ro, q, q, q, q, nb, q, rs, cr, q, ro));
    declare(rs, T_DOUBLE, 4.0 * (9 * nb + nb) * (vb + 1.0));
}

/* The columns form of a scan of rows, as one writes it by hand: a map over
 * the nb columns, each a scan down its column of ro (row-major, ro[i * nb
 * + j]) from its accumulator's start, which it may write back after. */
static void gen_scan_columns(struct block b, const struct redop *r, int o, int nb, const char *cr,
                             const char *ro, const char *rs) {
    int jpooled, pooled;
    const char *j = loop_counter("j", &jpooled);
    struct node *m =
        block_stmt(b, fmt("#pragma pargrad map\n%s {", loop_head(j, jpooled, "0", fmt("%d", nb))));
    struct block mb = body_of(m);
    const char *ca = fresh("ca");
    stmt(mb, fmt("double %s = %s[%s];", ca, cr, j));
    const char *i = loop_counter("i", &pooled);
    const char *clause = chance(30) ? ca : fmt("%s : %s", r->pragma, ca);
    struct node *n = block_stmt(
        mb, fmt("#pragma pargrad scan(%s)\n%s {", clause, loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    struct block body = body_of(n);
    struct node *e = gen_expr(1);
    const char *at = fmt("%s[%s * %d + %s]", ro, i, nb, j);
    const char *use =
        fmt(rnd(2) ? "%s = %s * (0.5 + 0.1 * %s);" : "%s = sin(%s) + 0.1 * %s;", at, ca, j);
    int exclusive = chance(40);
    if (exclusive)
        stmt(body, use);
    struct node *u = stmt(body, update_text(r, ca));
    struct node *term = new_node(1, fmt("%%0 + 0.05 * %s", j));
    term->kid[term->nkid++] = e;
    term->bound = e->bound + 0.2;
    u->kid[u->nkid++] = term;
    if (!exclusive)
        stmt(body, use);
    cx.par--;
    leave_par(s);
    end_counter(i);
    if (chance(50)) /* the column's last value back into its accumulator */
        stmt(mb, fmt("%s[%s] = %s;", cr, j, ca));
    end_counter(j);
    double vb = o < 0 ? 10.0 * (e->bound + 1.0) : o == 1 ? 8.0 : o >= 2 ? 1.0e3 : e->bound * 45;
    sum_scan_rows(b, nb, cr, ro, rs, vb);
}

static void gen_scan_rows(struct block b) {
    static const struct redop affine = {
        "affine", "0.5", {"%s = (0.5 + 0.4 * tanh(%%0)) * %s + 0.25 * sin(%%0);"}, 1};
    int o = pick_redop();
    int is_affine = on(K_SCAN_AFFINE) && (o < 0 || chance(20));
    if (o < 0 && !is_affine) {
        gen_local(b);
        return;
    }
    const struct redop *r = is_affine ? &affine : &redops[o];
    int nb = 2 + rnd(3);
    const char *cr = fresh("cr"), *ro = fresh("ro"), *q = fresh("q"), *rs = fresh("rs");
    const char *init = is_affine ? "0.5" : o == 2 ? "8.0" : o == 3 ? "-8.0" : r->init;
    stmt(b, fmt("double %s[%d];\nfor (int %s = 0; %s < %d; %s++)\n    %s[%s] = %s + 0.125 * %s;",
                cr, nb, q, q, nb, q, cr, q, init, q));
    stmt(b, fmt("double *%s = malloc(sizeof(double) * (size_t)n * %d);", ro, nb));
    if (chance(35)) {
        gen_scan_columns(b, r, is_affine ? -1 : o, nb, cr, ro, rs);
        return;
    }
    int pooled, jpooled;
    const char *i = loop_counter("i", &pooled);
    const char *clause = chance(30) ? cr : fmt("%s : %s", r->pragma, cr);
    struct node *n = block_stmt(
        b, fmt("#pragma pargrad scan(%s)\n%s {", clause, loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    struct block body = body_of(n);
    const char *xv = NULL;
    struct node *e = gen_expr(1);
    if (chance(40)) { /* a declaration before the columns' loop */
        xv = fresh("xv");
        struct node *d = stmt(body, fmt("const double %s = %%0;", xv));
        d->kid[d->nkid++] = e;
    }
    const char *j = loop_counter("j", &jpooled);
    struct node *in = block_stmt(body, fmt("%s%s {", chance(85) ? "#pragma pargrad map\n" : "",
                                           loop_head(j, jpooled, "0", fmt("%d", nb))));
    struct block ib = body_of(in);
    const char *elem = fmt("%s[%s]", cr, j), *at = fmt("%s[%s * %d + %s]", ro, i, nb, j);
    const char *use =
        fmt(rnd(2) ? "%s = %s * (0.5 + 0.1 * %s);" : "%s = sin(%s) + 0.1 * %s;", at, elem, j);
    int exclusive = chance(40);
    if (exclusive)
        stmt(ib, use);
    struct node *u = stmt(ib, update_text(r, elem));
    /* the term: the declaration's value or an expression, shifted by j */
    struct node *term = e;
    if (xv) {
        term = new_node(1, fmt("%s + 0.05 * %s", xv, j));
        term->bound = e->bound + 0.2;
    }
    u->kid[u->nkid++] = term;
    if (!exclusive)
        stmt(ib, use);
    cx.par--;
    leave_par(s);
    end_counter(j);
    end_counter(i);
    double vb = is_affine ? 10.0 * (e->bound + 1.0) : o == 1 ? 8.0 : o >= 2 ? 1.0e3 : e->bound * 45;
    sum_scan_rows(b, nb, cr, ro, rs, vb);
}

/* a + histogram over [0, n) into an initialised array t (not read in the
 * loop): one or two updates per iteration at bins computed from i */
static void gen_histogram(struct block b, int count) {
    struct array *t = pick_target(1, 0);
    if (!t) {
        gen_local(b);
        return;
    }
    int pooled;
    const char *i = loop_counter("i", &pooled);
    struct node *n = block_stmt(
        b, fmt("#pragma pargrad histogram(+ : %s)\n%s {", t->name, loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    t->locked = 1; /* the loop only adds to it */
    gen_block(body_of(n), rnd(count + 1));
    static const int mult[] = {1, 2, 3, 5, 7};
    int nup = 1 + rnd(2);
    for (int u = 0; u < nup; u++) {
        const char *k =
            rnd(4) ? fmt("(%s * %d + %d) %% n", i, mult[rnd(5)], rnd(4)) : fmt("n - 1 - %s", i);
        static const char *const forms[] = {"%s[%s] += %%0;", "%s[%s] -= %%0;",
                                            "%s[%s] = %s[%s] + (%%0);"};
        struct node *w = stmt(body_of(n), fmt(forms[rnd(3)], t->name, k, t->name, k));
        w->kid[w->nkid++] = gen_expr(1);
    }
    t->locked = 0;
    cx.par--;
    leave_par(s);
    end_counter(i);
}

/* a histogram of *, min or max into a fresh local array of NB bins: one
 * or two updates per iteration at bins computed from i, maybe under an
 * if; the bins summed into a scalar after the loop */
static void gen_hist_op(struct block b, int count) {
    static const int nbs[] = {3, 5, 8}, mult[] = {1, 2, 3, 5, 7};
    static const char *const names[] = {"*",         "min",      "max",        "+",
                                        "rg_lse_op", "rg_pm_op", "rg_lse_gen", "rg_norm_op"};
    static const char *const inits[] = {"1.0 + 0.05 * %s", "4.0 - 0.1 * %s", "-4.0 + 0.1 * %s",
                                        "0.5 * %s",        "0.5 * %s",       "0.05 * %s",
                                        "0.5 * %s",        "0.1 * %s"};
    /* %1$s the bin, %2$s the array; the value is the node's kid */
    static const char *const forms[8][2] = {
        {"%2$s[%1$s] *= 1.0 + 0.1 * tanh(%%0);",
         "%2$s[%1$s] = %2$s[%1$s] * (1.0 + 0.1 * sin(%%0));"},
        {"%2$s[%1$s] = fmin(%2$s[%1$s], %%0);",
         "%2$s[%1$s] = (%%0 < %2$s[%1$s]) ? %%0 : %2$s[%1$s];"},
        {"%2$s[%1$s] = fmax(%%0, %2$s[%1$s]);",
         "%2$s[%1$s] = (%2$s[%1$s] < %%0) ? %%0 : %2$s[%1$s];"},
        {"%2$s[%1$s] += %%0;", "%2$s[%1$s] = %2$s[%1$s] - (%%0);"},
        {"%2$s[%1$s] = rg_lse(%2$s[%1$s], %%0);", "%2$s[%1$s] = rg_lse(%%0, %2$s[%1$s]);"},
        {"%2$s[%1$s] = rg_pm(%2$s[%1$s], 0.2 * tanh(%%0));",
         "%2$s[%1$s] = rg_pm(0.2 * tanh(%%0), %2$s[%1$s]);"},
        {"%2$s[%1$s] = rg_lse(%2$s[%1$s], %%0);", "%2$s[%1$s] = rg_lse(%%0, %2$s[%1$s]);"},
        {"%2$s[%1$s] = rg_hyp(%2$s[%1$s], 0.5 + 0.25 * tanh(%%0));",
         "%2$s[%1$s] = rg_hyp(0.5 + 0.25 * tanh(%%0), %2$s[%1$s]);"}};
    int nb = nbs[rnd(3)], op = rnd(on(K_HISTOGRAM) ? 4 : 3);
    if (on(K_DECL_OP) && chance(25)) { /* a declared operator: 4, 5 with inverses */
        static const int declop_of[4] = {0, 3, 1, 2};
        op = 4 + rnd(4);
        prog.uses_declop[declop_of[op - 4]] = 1;
    }
    const char *h = fresh("hb"), *q = fresh("q"), *hs = fresh("hs");
    stmt(b, fmt("double %s[%d];", h, nb));
    stmt(b, fmt("for (int %s = 0; %s < %d; %s++)\n    %s[%s] = %s;", q, q, nb, q, h, q,
                fmt(inits[op], q)));
    /* the bins read before the histogram, by a loop whose adjoint reads them again */
    const char *hr = chance(40) ? fresh("hr") : NULL;
    if (hr) {
        const char *p = fresh("q");
        stmt(b, fmt("double %s = 0.0;\nfor (int %s = 0; %s < %d; %s++)\n    %s += %s[%s] * %s[%s];",
                    hr, p, p, nb, p, hr, h, p, h, p));
    }
    int pooled;
    const char *i = loop_counter("i", &pooled);
    /* a reduce of rows: the updates in an inner loop over the bins, and
     * spelled reduce(OP: hb) as OpenMP's reduction(OP: hb[:NB]) */
    int rows = chance(25);
    const char *clause = chance(25) && !rows ? h : fmt("%s : %s", names[op], h);
    const char *word = rows && chance(60) ? "reduce" : "histogram";
    struct node *n = block_stmt(
        b, fmt("#pragma pargrad %s(%s)\n%s {", word, clause, loop_head(i, pooled, "0", "n")));
    struct saved s = enter();
    /* nested in a parallel loop, its body writes no array from outside:
     * the enclosing loop's iterations would all write the same elements */
    int was_locked[MAX_ARRAYS], narrays = cx.narrays;
    for (int a = 0; a < narrays; a++) {
        was_locked[a] = cx.arrays[a].locked;
        cx.arrays[a].locked |= cx.par > 0;
    }
    cx.par++;
    push_loop(i, 1, NRANGE, 0);
    gen_block(body_of(n), rnd(count + 1));
    for (int a = 0; a < narrays; a++)
        cx.arrays[a].locked = was_locked[a];
    int nup = 1 + rnd(2);
    double vb = 5.0; /* |a bin| at most: the values', the initial ones, or products near 1 */
    struct block rb = body_of(n);
    const char *j = NULL;
    if (rows) {
        j = fresh("j");
        rb = body_of(block_stmt(rb, fmt("for (int %s = 0; %s < %d; %s++) {", j, j, nb, j)));
    }
    for (int u = 0; u < nup; u++) {
        const char *k = rows ? fmt("(%s * %d + %s) %% %d", j, mult[rnd(5)], i, nb)
                             : fmt("(%s * %d + %d) %% %d", i, mult[rnd(5)], rnd(4), nb);
        struct block ub = rb;
        if (on(K_IF) && chance(20)) {
            struct node *c = block_stmt(ub, "if (%0) {");
            c->kid[c->nkid++] = gen_cond(1);
            ub = body_of(c);
        }
        /* min and max also as if (v < h[k]) h[k] = v; (the value twice) */
        static const char *const if_forms[2] = {
            "if (%%0 < %2$s[%1$s])\n    %2$s[%1$s] = %%0;",
            "if (%2$s[%1$s] < %%0) {\n    %2$s[%1$s] = %%0;\n}"};
        /* and as HPC code spells them, with the macros (RG_MIN(h[k], v)) */
        static const char *const macro_forms[2] = {"%2$s[%1$s] = RG_MIN(%2$s[%1$s], %%0);",
                                                   "%2$s[%1$s] = RG_MAX(%%0, %2$s[%1$s]);"};
        int by_macro = (op == 1 || op == 2) && on(K_MACRO) && chance(25);
        prog.uses_macros |= by_macro;
        const char *form = by_macro                             ? macro_forms[op - 1]
                           : (op == 1 || op == 2) && chance(25) ? if_forms[op - 1]
                                                                : forms[op][rnd(2)];
        struct node *w = stmt(ub, fmt(form, k, h));
        w->kid[w->nkid++] = gen_expr(1);
        /* log-sum-exp: up to log(count) above the values; products of
         * 1 + t, |t| < 0.2, at most 1.2^9 */
        vb = max2(vb, w->kid[0]->bound + (op == 4 || op == 6 ? 3.0 : 0.5));
    }
    cx.par--;
    leave_par(s);
    end_counter(i);
    const char *r = fresh("q");
    stmt(b,
         fmt("double %s = %s;\nfor (int %s = 0; %s < %d; %s++)\n    %s += %s[%s] * (%s %% 3 + 1);",
             hs, hr ? fmt("0.1 * %s", hr) : "0.0", r, r, nb, r, hs, h, r, r));
    declare(hs, T_DOUBLE, 3.0 * nb * vb);
}

/* float_bound: a floating bound, compared as C compares (the index is
 * converted to double): k < T / dt with T and dt declared in the loop's
 * head node (T / dt not an integer, or one only up to rounding: 0.3 / 0.1
 * is 2.9999999999999996), or k <= 2.5, k < 0.8 * n. At most 8 trips. Sets
 * *T and *dt (NULL when not declared). */
static void float_bound_head(struct node *n, const char *t, int pooled, const char **T,
                             const char **dt, double *vT, double *vdt) {
    static const struct {
        double T, dt;
        const char *cmp;
    } td[] = {{0.45, 0.1, "<"}, {1.0, 0.3, "<"}, {0.7, 0.25, "<"}, {1.0, 0.25, "<"},
              {0.3, 0.1, "<="}, {0.3, 0.1, "<"}, {1.3, 0.4, "<="}, {0.5, 0.2, "<="},
              {1.0, 0.2, "<"},  {0.6, 0.2, "<="}};
    static const char *const plain[] = {"%s <= 2.5",     "%s < 3.5",          "%s < 0.8 * n",
                                        "%s <= 0.5 * n", "%s < 1.2 * m",      "%s <= m / 1.5",
                                        "%s < n / 2.0",  "%s < 1.0 + 0.5 * m"};
    const char *inc = fmt("%s++", t);
    if (on(K_LOOP_FORMS) && chance(40))
        inc = rnd(2) ? fmt("++%s", t) : fmt("%s += 1", t);
    *T = *dt = NULL;
    const char *d = pooled ? "" : "int ";
    if (chance(40)) {
        n->tmpl = fmt("for (%s%s = 0; %s; %s) {", d, t, fmt(plain[rnd(8)], t), inc);
        return;
    }
    int k = rnd(sizeof td / sizeof td[0]);
    *T = fresh("T");
    *dt = fresh("dt");
    *vT = td[k].T;
    *vdt = td[k].dt;
    const char *ty = type_text(n, 0);
    n->tmpl = fmt("%s%s %s = %.2f, %s = %.2f;\nfor (%s%s = 0; %s %s %s / %s; %s) {",
                  chance(50) ? "const " : "", ty, *T, td[k].T, *dt, td[k].dt, d, t, t, td[k].cmp,
                  *T, *dt, inc);
}

/* a sequential loop over a small constant, n or m; may break */
static void gen_seq(struct block b, int count) {
    int pooled;
    const char *t = loop_counter("t", &pooled);
    int range = CRANGE;
    const char *hi = fmt("%d", 2 + rnd(3));
    if (chance(30)) {
        range = loops_of(NRANGE) ? MRANGE : NRANGE;
        hi = range == MRANGE ? "m" : "n";
        if (range == MRANGE && loops_of(MRANGE)) {
            range = CRANGE;
            hi = "3";
        }
    }
    if (range == CRANGE && on(K_CONST_CAST) && chance(15)) { /* 3 or 4 trips */
        static const char *const ci[] = {
            "(int)2.7 + 1",     "7 / 2",          "(int)3.9", "9 % 5",
            "(int)(2.5 * 1.6)", "(_Bool)0.5 + 2", "(char)3",  "(int)(1ULL << 2)"};
        hi = ci[rnd(8)];
    }
    struct node *n = block_stmt(b, fmt("%s {", loop_head(t, pooled, "0", hi)));
    const char *T = NULL, *dt = NULL;
    double vT = 0, vdt = 0;
    if (range == CRANGE && on(K_FLOAT_BOUND) && chance(35))
        float_bound_head(n, t, pooled, &T, &dt, &vT, &vdt);
    else if (on(K_LOOP_STEP) && chance(20))
        n->tmpl = fmt("%s {", step_head(t, pooled, hi));
    struct saved s = enter();
    if (T) { /* read in the body (dt as a time step), never assigned */
        declare(T, T_DOUBLE, vT)->konst = 1;
        declare(dt, T_DOUBLE, vdt)->konst = 1;
    }
    int was_seq_par = cx.seq_par;
    cx.seq++;
    cx.seq_par = cx.par;
    push_loop(t, 0, range, 0);
    gen_block(body_of(n), 1 + rnd(count + 1));
    if (on(K_CONTINUE) && chance(25)) { /* the rest of some iterations is skipped */
        struct node *c = stmt(body_of(n), "if (%0)\n    continue;");
        c->kid[c->nkid++] = gen_cond(1);
        gen_block(body_of(n), 1 + rnd(2));
    }
    if (on(K_BREAK) && chance(35)) {
        struct node *br = stmt(body_of(n), "if (%0)\n    break;");
        br->kid[br->nkid++] = gen_cond(1);
    }
    cx.seq--;
    cx.seq_par = was_seq_par;
    leave(s);
    end_counter(t);
}

/* u (or another initialised array) smoothed by a stencil map into a buffer
 * and copied back, T times; or (swap) smoothed between u and the buffer
 * through swapped pointers, 1 to 4 times (not 0: a counter of an inner
 * loop may be read after it), and copied back once */
static const char *swap_names[2];

static void gen_time_loop(struct block b) {
    struct array *u = prog.has_u ? find_array("u") : pick_target(1, 0);
    struct array *tmp = NULL;
    for (int i = 0; i < cx.narrays; i++)
        if (!cx.arrays[i].input && !cx.arrays[i].writing && !cx.arrays[i].locked &&
            &cx.arrays[i] != u)
            tmp = &cx.arrays[i];
    if (!u || !tmp || u->writing || u->locked || u->extent == 0) {
        gen_local(b);
        return;
    }
    int tp, ip, kp;
    const char *t = loop_counter("t", &tp);
    const char *i = loop_counter("i", &ip), *k = loop_counter("i", &kp);
    /* swapped by pointer: each step writes all of *pn from *pc */
    int swap = on(K_SWAP) && chance(50);
    const char *src = u->name, *dst = tmp->name, *pc = NULL;
    /* both levels in one block (the buffer's halves: it has n * m >= 2n
     * elements, or 64), u copied into the first */
    int halves =
        swap && chance(40) &&
        ((strncmp(tmp->name, "tm", 2) == 0 && prog.m >= 2) || strncmp(tmp->name, "buf", 3) == 0);
    if (halves) {
        struct node *in =
            block_stmt(b, fmt("#pragma pargrad map\n%s {", loop_head(k, kp, "0", "n")));
        stmt(body_of(in), fmt("%s[%s] = %s[%s];", tmp->name, k, u->name, k));
    }
    if (swap) {
        pc = fresh("pc");
        const char *pn = fresh("pn"), *ps = fresh("ps");
        if (halves)
            stmt(b, fmt("double *%s = %s, *%s = %s + n, *%s;", pc, tmp->name, pn, tmp->name, ps));
        else
            stmt(b, fmt("double *%s = %s, *%s = %s, *%s;", pc, u->name, pn, tmp->name, ps));
        src = pc;
        dst = pn;
        swap_names[0] = pn;
        swap_names[1] = ps;
    }
    struct node *loop = block_stmt(
        b, fmt("%s {", loop_head(t, tp, "0", fmt("%d", swap ? 1 + rnd(4) : 2 + rnd(3)))));
    struct saved s = enter();
    cx.seq++;
    push_loop(t, 0, CRANGE, 0);
    struct node *m1 =
        block_stmt(body_of(loop), fmt("#pragma pargrad map\n%s {", loop_head(i, ip, "1", "n - 1")));
    cx.par++;
    push_loop(i, 1, NRANGE, 1);
    struct node *w = stmt(
        body_of(m1), fmt("%s[%s] = 0.5 * %s[%s] + 0.25 * (%s[%s - 1] + %s[%s + 1]) * tanh(%%0);",
                         dst, i, src, i, src, i, src, i));
    tmp->writing = i;
    tmp->need = 1; /* not yet written at t = 0: unreadable unless initialised */
    if (swap)      /* the expression reads neither buffer: it may be either */
        u->locked = tmp->locked = 1;
    w->kid[w->nkid++] = gen_expr(1);
    if (swap)
        u->locked = tmp->locked = 0;
    tmp->writing = NULL;
    cx.nloops--;
    if (swap) {
        stmt(body_of(loop), fmt("%s[0] = %s[0];", dst, src));
        stmt(body_of(loop), fmt("%s[n - 1] = %s[n - 1];", dst, src));
        stmt(body_of(loop), fmt("%s = %s;", swap_names[1], src));
        stmt(body_of(loop), fmt("%s = %s;", src, dst));
        stmt(body_of(loop), fmt("%s = %s;", dst, swap_names[1]));
    }
    /* copied back: after the swapped loop, from whichever buffer the
     * pointer is left in (u itself after an even number of steps) */
    struct node *m2 = block_stmt(
        swap ? b : body_of(loop),
        fmt("#pragma pargrad map\n%s {", loop_head(k, kp, swap ? "0" : "1", swap ? "n" : "n - 1")));
    stmt(body_of(m2), fmt("%s[%s] = %s[%s];", u->name, k, swap ? pc : tmp->name, k));
    cx.par--;
    cx.seq--;
    leave(s);
    end_counter(t);
    end_counter(i);
    end_counter(k);
}

/* frees the malloc'ed temporaries (before every return): as a whole
 * statement and inside an if block */
static const char *free_top, *free_in_if;

static void gen_early_return(struct block b) {
    /* the value is computed before the temporaries are freed */
    const char *r = fresh("r");
    struct node *n =
        stmt(b, prog.has_ret && free_in_if[0]
                    ? fmt("if (%%0) {\n    double %s = %%1;\n%s    return %s;\n}", r, free_in_if, r)
                : prog.has_ret ? "if (%0) {\n    return %1;\n}"
                               : fmt("if (%%0) {\n%s    return;\n}", free_in_if));
    n->kid[n->nkid++] = gen_cond(1);
    if (prog.has_ret)
        n->kid[n->nkid++] = gen_expr(1);
}

/* kept_calls: output as kernels print progress; in a parallel loop only
 * from its first iteration (a line per loop, not per element) */
static void gen_kept_call(struct block b) {
    static const char *const forms[] = {
        "printf(\"f: %g\\n\", %0);", "fprintf(stderr, \"f: n = %d, e = %.3f\\n\", n, %0);",
        "assert(fabs(%0) < 1.0e6);", "puts(\"f: step\");", "fflush(stdout);"};
    int k = rnd(5);
    if (cx.in_helper && k == 1)
        k = 0;
    const char *text = forms[k];
    const struct loopvar *par = NULL;
    for (int l = cx.nloops - 1; l >= 0 && cx.par > 0 && !par; l--)
        if (cx.loops[l].par)
            par = &cx.loops[l];
    if (par)
        text = fmt("if (%s == %s)\n    %s", par->name, par->inner ? "1" : "0", text);
    struct node *n = stmt(b, text);
    if (k < 3)
        n->kid[n->nkid++] = gen_expr(1);
}

/* an initialised output (y or u) no loop is writing, or NULL */
static struct array *updatable_output(void) {
    struct array *o = NULL;
    for (int i = 0; i < cx.narrays; i++)
        if (!cx.arrays[i].input && cx.arrays[i].extent > 0 && !cx.arrays[i].writing &&
            !cx.arrays[i].locked &&
            (strcmp(cx.arrays[i].name, "y") == 0 || strcmp(cx.arrays[i].name, "u") == 0))
            o = &cx.arrays[i];
    return o;
}

/* deref: an output's first element updated through the pointer, as C
 * kernels return a scalar through `double *err` */
static int gen_deref_update(struct block b) {
    struct array *o = updatable_output();
    if (!o)
        return 0;
    struct node *n = stmt(b, fmt("*%s = 0.5 * *%s + 0.25 * tanh(%%0);", o->name, o->name));
    n->kid[n->nkid++] = gen_expr(1);
    return 1;
}

/* pointer_view: an output updated through a pointer walking it in a
 * sequential loop (the write's index is a carried integer) */
static int gen_walk_update(struct block b) {
    struct array *o = updatable_output();
    if (!o)
        return 0;
    const char *p = fresh("pw"), *k = fresh("kw");
    struct node *n;
    switch (rnd(3)) {
    case 0:
        n = stmt(b, fmt("{\n    double *%s = %s;\n    int %s;\n    for (%s = 0; %s < n; %s++) "
                        "{\n        *%s = 0.5 * *%s + 0.25 * tanh(%%0);\n        %s++;\n    }\n}",
                        p, o->name, k, k, k, k, p, p, p));
        break;
    case 1: /* *p++ = t (t first: *p++ = f(*p) would be unsequenced) */
        n = stmt(b, fmt("{\n    double *%s = %s;\n    int %s;\n    for (%s = 0; %s < n; %s++) "
                        "{\n        double %s_t = 0.5 * *%s + 0.25 * tanh(%%0);\n        *%s++ = "
                        "%s_t;\n    }\n}",
                        p, o->name, k, k, k, k, p, p, p, p));
        break;
    default: /* the pointer steps in the for header, after a comma */
        n = stmt(b, fmt("{\n    double *%s = %s;\n    int %s;\n    for (%s = 0; %s < n; %s++, "
                        "%s++)\n        *%s = 0.5 * *%s + 0.25 * tanh(%%0);\n}",
                        p, o->name, k, k, k, k, p, p, p));
        break;
    }
    n->kid[n->nkid++] = gen_expr(1);
    return 1;
}

/* logged_write: an output updated where which elements get written is
 * known only as the code runs (a triangular or blocked nest, an index or
 * a bound read from the int table that the same code advances, a map
 * whose rows have different lengths); outside parallel loops */
static int gen_logged_write(struct block b) {
    struct array *o = updatable_output();
    if (!o)
        return 0;
    const char *a = fresh("la"), *c = fresh("lb"), *t = prog.int_table;
    const char *upd = fmt("%s[%%s] = 0.5 * %s[%%s] + 0.25 * tanh(%%%%0);", o->name, o->name);
    struct node *n;
    int k = rnd(3);
    switch (rnd(t && !cx.in_helper ? 5 : 3)) {
    case 0: /* triangular */
        n = stmt(b, fmt("{\n    int %s, %s;\n    for (%s = 0; %s < n; %s++)\n        for (%s = 0; "
                        "%s <= %s; %s++)\n            %s\n}",
                        a, c, a, a, a, c, c, a, c, fmt(upd, c, c)));
        break;
    case 1: /* blocked, the block's end computed in the loop */
        n = stmt(b, fmt("{\n    int %s, %s;\n    for (%s = 0; %s < n; %s += 3) {\n        int "
                        "%s_end = %s + 3 < n ? %s + 3 : n;\n        for (%s = %s; %s < %s_end; "
                        "%s++)\n            %s\n    }\n}",
                        a, c, a, a, a, a, a, a, c, a, c, a, c, fmt(upd, c, c)));
        break;
    case 2: /* a map over rows of u of different lengths */
        if (cx.in_helper || !find_array("u") || find_array("u")->extent != 2 ||
            find_array("u")->locked || find_array("u")->writing)
            return 0;
        stmt(b, fmt("{\n    int %s, %s;\n#pragma pargrad map\n    for (%s = 0; %s < n; %s++)\n   "
                    "     for (%s = 0; %s < (%s < m ? %s + 1 : m); %s++)\n            u[%s * m + "
                    "%s] = 0.5 * u[%s * m + %s] + 0.25 * tanh(x[%s * m + %s] * u[%s * m + %s]);\n}",
                    a, c, a, a, a, c, c, a, a, c, a, c, a, c, a, c, a, c));
        return 1;
    case 3: /* an index read from the int table, which then advances */
        n = stmt(b, fmt("%s\n%s[%d] = (%s[%d] + 2) %% n;",
                        fmt(upd, fmt("%s[%d]", t, k), fmt("%s[%d]", t, k)), t, k, t, k));
        break;
    default: /* a bound read from the int table */
        n = stmt(b, fmt("{\n    int %s;\n    for (%s = %s[%d]; %s < n; %s++)\n        %s\n}", c, c,
                        t, k, c, c, fmt(upd, c, c)));
        break;
    }
    n->kid[n->nkid++] = gen_expr(1);
    return 1;
}

/* one random statement allowed in the current context */
static void gen_stmt(struct block b, int count) {
    int in_parallel = cx.par > 0;
    for (;;) {
        switch (rnd(14)) {
        case 0:
        case 1:
        case 2:
            gen_local(b);
            return;
        case 3:
            if (cx.depth > 0 || in_parallel)
                gen_assign(b);
            else
                gen_local(b);
            return;
        case 4:
            if (on(K_IF) && cx.depth < 4) {
                gen_if(b, count);
                return;
            }
            break;
        case 5:
        case 6:
            if (on(K_MAP) && cx.depth < 4) {
                gen_map(b, count);
                return;
            }
            break;
        case 7:
        case 8:
            if (on(K_SCAN) && !cx.in_helper && cx.depth < 4 && cx.par < 2 && chance(30)) {
                gen_scan(b, count);
                return;
            }
            if (cx.depth < 4 && cx.par < 3) {
                gen_reduce(b, count);
                return;
            }
            break;
        case 9:
            if (on(K_SEQ_LOOP) && cx.depth < 3) {
                gen_seq(b, count);
                return;
            }
            break;
        case 10:
            if (on(K_TIME_LOOP) && !in_parallel && cx.depth < 2) {
                gen_time_loop(b);
                return;
            }
            break;
        case 11:
            if (on(K_EARLY_RETURN) && !in_parallel && (cx.seq == 0 || on(K_RET_IN_LOOP)) &&
                (cx.depth == 0 || on(K_NESTED_RETURN)) && chance(30)) {
                gen_early_return(b);
                return;
            }
            break;
        case 13:
            if (on(K_HISTOGRAM) && !in_parallel && !cx.in_helper && cx.depth < 4 && chance(30)) {
                gen_histogram(b, count);
                return;
            }
            if (on(K_HIST_OP) && !cx.in_helper && cx.depth < 4 && cx.par < 2 && chance(25)) {
                gen_hist_op(b, count);
                return;
            }
            if (on(K_SCAN) && !cx.in_helper && cx.depth < 4 && cx.par < 2 && chance(60)) {
                gen_scan(b, count);
                return;
            }
            /* at the top level: its buffer is malloc'ed */
            if (on(K_SCAN_ROWS) && !in_parallel && !cx.in_helper && cx.depth == 0 && chance(40)) {
                gen_scan_rows(b);
                return;
            }
            break;
        case 12:
            if (on(K_KEPT_CALLS) && chance(30)) {
                gen_kept_call(b);
                return;
            }
            if (on(K_DEREF) && !in_parallel && !cx.in_helper && chance(30) && gen_deref_update(b))
                return;
            if (prog.int_table && !in_parallel && !cx.in_helper && chance(30)) {
                int k = rnd(3);
                stmt(b, fmt("%s[%d] = (%s[%d] + 1) %% n;", prog.int_table, k, prog.int_table, k));
                return;
            }
            if (on(K_LOGGED) && !in_parallel && chance(30) && gen_logged_write(b))
                return;
            if (on(K_VIEW) && !in_parallel && !cx.in_helper && chance(20) && gen_walk_update(b))
                return;
            break;
        default:
            gen_local(b);
            return;
        }
    }
}

static void gen_block(struct block b, int count) {
    for (int k = 0; k < count; k++)
        gen_stmt(b, count > 1 ? count - 1 : 1);
}

/* ------------------------------------------------------------------ */
/* helpers                                                             */

/* a helper's last statement: return e, or (return_both) an if/else whose
 * branches both return */
static void gen_helper_return(struct block b) {
    if (on(K_RETURN_BOTH) && chance(30)) {
        struct node *c = block_stmt(b, "if (%0) {");
        c->kid[c->nkid++] = gen_cond(1);
        for (int side = 0; side < 2; side++) {
            struct block rb = side ? else_of(c) : body_of(c);
            struct saved s = enter();
            if (chance(50))
                gen_local(rb);
            struct node *r = stmt(rb, "return %0;");
            r->kid[r->nkid++] = squash(gen_expr(0));
            leave(s);
        }
        return;
    }
    struct node *r = stmt(b, "return %0;");
    r->kid[r->nkid++] = squash(gen_expr(0));
}

static void gen_helper(struct block b, int k) {
    struct helper *h = &helpers[nhelpers];
    h->name = fmt("h%d", k);
    h->kind = rnd(3);
    struct saved s = enter();
    cx.in_helper = 1;
    /* a helper sees only its parameters */
    struct array arrays[MAX_ARRAYS];
    int narrays = cx.narrays;
    memcpy(arrays, cx.arrays, sizeof arrays);
    cx.narrays = 0;
    if (h->kind == 0) {
        struct node *n = block_stmt(b, "");
        const char *t0 = type_text(n, 0), *t1 = type_text(n, 0), *t2 = type_text(n, 0);
        n->tmpl = fmt("static %s %s@(%s a, %s b) {", t0, h->name, t1, t2);
        declare("a", T_DOUBLE, 3.0);
        declare("b", T_DOUBLE, 3.0);
        if (on(K_GUARD) && chance(50)) {
            struct node *g = stmt(body_of(n), "if (%0)\n    return %1;");
            g->kid[g->nkid++] = gen_cond(1);
            g->kid[g->nkid++] = gen_expr(1);
        }
        gen_local(body_of(n));
        if (on(K_GUARD) && chance(30)) {
            struct node *g = stmt(body_of(n), "if (%0)\n    return %1;");
            g->kid[g->nkid++] = gen_cond(1);
            g->kid[g->nkid++] = gen_expr(1);
        }
        gen_helper_return(body_of(n));
    } else if (h->kind == 1) {
        struct node *n = block_stmt(b, "");
        const char *t0 = type_text(n, 0), *t1 = type_text(n, 0);
        n->tmpl = fmt("static %s %s@(const %s *v, int k) {", t0, h->name, t1);
        add_array("v", 0, 1)->writing = "k";
        gen_helper_return(body_of(n));
    } else {
        struct node *n = block_stmt(
            b, fmt("static double %s@(int len, const double *v, const double *q) {", h->name));
        stmt(body_of(n), "double s = 0.0;");
        struct node *l = block_stmt(
            body_of(n), "#pragma pargrad reduce(+ : s)\nfor (int i = 0; i < len; i++) {");
        add_array("v", 0, 1)->writing = "i";
        add_array("q", 0, 1)->writing = "i";
        struct node *u = stmt(body_of(l), "s += %0;");
        u->kid[u->nkid++] = squash(gen_expr(1));
        stmt(body_of(n), "return s;");
    }
    memcpy(cx.arrays, arrays, sizeof arrays);
    cx.narrays = narrays;
    cx.in_helper = 0;
    leave(s);
    nhelpers++;
}

/* ------------------------------------------------------------------ */
/* broken promises                                                     */

/* Each is self-contained, declares `double bp` (added to the return value
 * so that it is active) and uses only x and a local buffer. */
struct broken_promise {
    const char *what, *text;
};

static const struct broken_promise broken[] = {
    {"a map writing one element from every iteration",
     "double bpa[64];\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++)\n"
     "    bpa[0] = sin(x[bi]) + 0.5;\ndouble bp = bpa[0];"},
    {"a map reading the element the previous iteration wrote",
     "double bpa[64];\nbpa[0] = x[0];\n#pragma pargrad map\n"
     "for (int bi = 1; bi < n; bi++)\n    bpa[bi] = 0.5 * bpa[bi - 1] + x[bi];\n"
     "double bp = bpa[n - 1];"},
    {"a map updating a function-scope scalar it reads",
     "double bp = 0.5;\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++)\n"
     "    bp = 0.5 * bp + sin(x[bi]);"},
    {"a map assigning a function-scope scalar (last writer wins)",
     "double bp = 0.0;\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++) {\n"
     "    double bt = x[bi] * x[bi];\n    bp = bt;\n}"},
    {"a reduce whose accumulator is read in the contribution",
     "double bp = 0.0;\n#pragma pargrad reduce(+ : bp)\nfor (int bi = 0; bi < n; bi++)\n"
     "    bp += x[bi] * bp + x[bi];"},
    {"a reduce whose accumulator is read through a local",
     "double bp = 1.0;\n#pragma pargrad reduce(* : bp)\nfor (int bi = 0; bi < n; bi++) {\n"
     "    double bt = 0.5 * bp;\n    bp *= 1.0 + 0.1 * tanh(x[bi] + bt);\n}"},
    {"a reduce that tests its accumulator",
     "double bp = 0.0;\n#pragma pargrad reduce(+ : bp)\nfor (int bi = 0; bi < n; bi++) {\n"
     "    if (bp < 1.0)\n        bp += x[bi] * x[bi];\n}"},
    {"a reduce(+) whose update is a product",
     "double bp = 1.0;\n#pragma pargrad reduce(+ : bp)\nfor (int bi = 0; bi < n; bi++)\n"
     "    bp *= 1.0 + 0.1 * sin(x[bi]);"},
    {"a reduce(min) whose update is a max",
     "double bp = -1.0e3;\n#pragma pargrad reduce(min : bp)\nfor (int bi = 0; bi < n; bi++)\n"
     "    bp = fmax(bp, x[bi]);"},
    {"a reduce writing another function-scope scalar",
     "double bp = 0.0;\ndouble bq = 0.0;\n#pragma pargrad reduce(+ : bp)\n"
     "for (int bi = 0; bi < n; bi++) {\n    bp += x[bi];\n    bq = x[bi] * x[bi];\n}\n"
     "bp += bq;"},
    {"a map writing at an index that is not one-to-one in the loop index",
     "double bpa[64];\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++)\n"
     "    bpa[bi / 2] = cos(x[bi]);\ndouble bp = bpa[0];"},
    {"a map inside a map writing the outer row's element from every column",
     "double bpa[64];\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++) {\n"
     "#pragma pargrad map\n    for (int bj = 0; bj < m; bj++)\n"
     "        bpa[bi] = x[bi] * (bj + 1);\n}\ndouble bp = bpa[0];"},
    {"a scan whose term reads the accumulator",
     "double bp = 0.0;\ndouble bpa[64];\n#pragma pargrad scan(+ : bp)\n"
     "for (int bi = 0; bi < n; bi++) {\n    bp += x[bi] * bp + x[bi];\n    bpa[bi] = bp;\n}\n"
     "bp += bpa[0];"},
    {"a scan(+) whose update is a product",
     "double bp = 1.0;\ndouble bpa[64];\n#pragma pargrad scan(+ : bp)\n"
     "for (int bi = 0; bi < n; bi++) {\n    bp *= 1.0 + 0.1 * sin(x[bi]);\n    bpa[bi] = bp;\n}\n"
     "bp += bpa[0];"},
    {"a histogram reading the bins it updates",
     "double bpa[64] = {0};\n#pragma pargrad histogram(+ : bpa)\n"
     "for (int bi = 0; bi < n; bi++)\n    bpa[bi % 3] += x[bi] * bpa[(bi + 1) % 3];\n"
     "double bp = bpa[0];"},
    {"a min histogram reading the bins it updates",
     "double bpa[4];\nfor (int bq = 0; bq < 4; bq++)\n    bpa[bq] = 1.0;\n"
     "#pragma pargrad histogram(min : bpa)\nfor (int bi = 0; bi < n; bi++)\n"
     "    bpa[bi % 4] = fmin(bpa[bi % 4], x[bi] * bpa[(bi + 1) % 4]);\ndouble bp = bpa[0];"},
    {"a map computing a running max in a function-scope scalar",
     "double bp = 0.0;\n#pragma pargrad map\nfor (int bi = 0; bi < n; bi++)\n"
     "    bp = bp > x[bi] ? bp : x[bi];"},
};

enum { NBROKEN = sizeof broken / sizeof broken[0] };

static int broken_kind = -1;

/* ------------------------------------------------------------------ */
/* the function                                                        */

/* the return value: top-level scalars and one more expression */
static struct node *gen_return_value(void) {
    struct node *e = gen_expr(0);
    int nsum = 0;
    for (int i = 0; i < cx.nvars && nsum < 3; i++) {
        const struct var *v = &cx.vars[i];
        if (v->type == T_DOUBLE && v->name[0] == 's' && chance(70)) {
            e = op2("%0 + %1", e->bound + v->bound, e, leaf(v->name, v->bound));
            nsum++;
        }
    }
    for (int i = 0; i < cx.nvars; i++) {
        const struct var *v = &cx.vars[i];
        if ((v->type == T_DOUBLE || v->type == T_FLOAT) && !v->used)
            e = op2("%0 + 0.1 * tanh(%1)", e->bound + 0.1, e, leaf(v->name, v->bound));
    }
    /* every parameter is read (-Wunused-parameter in the primal otherwise) */
    if (prog.has_w && !prog.used_w)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("w[0]", 1.0));
    if (prog.has_a && !prog.used_a)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("a[n - 1][m - 1]", 1.0));
    if (prog.has_rt && !prog.used_rt)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("rt[n - 1][0]", 1.0));
    if (prog.has_p && !prog.used_p)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("p", 1.0));
    if (prog.has_sp && !prog.used_sp)
        e = op2("%0 + 0.1 * %1", e->bound + 0.1, e, leaf("sp[0].hi", 1.0));
    return squash(e);
}

static void setup_interface(void) {
    prog.n = 1 + rnd(9);
    if (prog.n < 3 && chance(60))
        prog.n += 3;
    prog.m = 1 + rnd(5);
    prog.has_w = chance(60);
    prog.w_wrt = prog.has_w && chance(70);
    prog.has_sp = on(K_STRUCT) && prog.has_w && chance(45);
    prog.uses_struct = prog.has_sp;
    prog.has_a = on(K_VLA) && chance(25);
    prog.has_rt = prog.has_a && on(K_ROW_TABLE) && chance(40);
    prog.a_wrt = prog.has_a && chance(80);
    prog.has_p = on(K_SCALAR_PARAM) && chance(40);
    prog.p_wrt = prog.has_p && chance(80);
    prog.has_u = chance(35);
    prog.has_y = chance(50);
    int want_void = on(K_VOID_RETURN) && chance(20);
    prog.has_ret = (!want_void && chance(75)) || (!prog.has_u && !prog.has_y) || prog.break_promise;
    prog.out_clause = chance(50);
    if (on(K_TYPEDEF_SIG) && chance(40)) {
        int k = 1 + rnd(7); /* which of the three: at least one */
        prog.td_real = k & 1 ? (rnd(2) ? "real" : "real_t") : NULL;
        prog.td_macro = k & 2 ? (rnd(2) ? "fp" : "DATA_TYPE") : NULL;
        prog.td_float = k & 4 ? "real32" : NULL;
        prog.typedefs = new_node(0, "");
        if (prog.td_real)
            stmt(body_of(prog.typedefs), fmt("typedef double %s;", prog.td_real));
        if (prog.td_macro)
            stmt(body_of(prog.typedefs), fmt("#define %s double", prog.td_macro));
        if (prog.td_float) /* double in the reference twin */
            stmt(body_of(prog.typedefs), fmt("typedef $F %s;", prog.td_float));
        /* the signature: each type an alias or the plain double */
        struct node *holder = new_node(0, "");
        struct node **ty[] = {&prog.ty_ret, &prog.ty_x, &prog.ty_w, &prog.ty_a,
                              &prog.ty_p,   &prog.ty_u, &prog.ty_y};
        for (int i = 0; i < 7; i++) {
            holder->nkid = 0;
            if (strcmp(type_text(holder, 0), "double") != 0)
                *ty[i] = holder->kid[0];
        }
    }
    add_array("x", 2, 1);
    if (prog.has_w)
        add_array("w", 2, 1);
    if (prog.has_u)
        add_array("u", 2, 0);
    if (prog.has_y)
        add_array("y", 0, 0);
}

/* an inactive condition at the top of f */
static struct node *inactive_cond(void) {
    static const char *const c[] = {"n > 3", "m < 3", "n % 2 == 0", "m > 1 && n > 2"};
    return leaf(c[rnd(4)], 1.0);
}

/* void_return: a data-dependent guard after some work, on an output
 * written so far (or any condition) */
static void gen_void_guard(struct block b) {
    struct array *o = NULL;
    for (int i = 0; i < cx.narrays; i++)
        if (cx.arrays[i].extent > 0 &&
            (strcmp(cx.arrays[i].name, "y") == 0 || strcmp(cx.arrays[i].name, "u") == 0))
            o = &cx.arrays[i];
    struct node *n = stmt(b, free_in_if[0] ? fmt("if (%%0) {\n%s    return;\n}", free_in_if)
                                           : "if (%0)\n    return;");
    if (o && chance(70)) {
        const char *idx = rnd(2) ? "0" : rnd(2) ? "n - 1" : "n / 2";
        n->kid[n->nkid++] = op1(fmt("%%0 %s %.2f", rnd(2) ? ">" : "<", rconst(-0.5, 0.5)), 1.0,
                                leaf(fmt("%s[%s]", o->name, idx), 2.0));
    } else
        n->kid[n->nkid++] = gen_cond(1);
}

/* private_scalar's declarations, once f is built: at position at of f's body */
static void declare_privates(int at) {
    struct node *d[2] = {NULL, NULL}; /* double, float */
    for (int i = 0; i < npriv; i++) {
        int k = privs[i].is_float;
        if (!d[k]) {
            d[k] = new_node(0, "");
            d[k]->tmpl = fmt("%s %s", type_text(d[k], k), privs[i].name);
        } else
            d[k]->tmpl = fmt("%s, %s", d[k]->tmpl, privs[i].name);
    }
    struct node *f = prog.fbody;
    for (int k = 1; k >= 0; k--) {
        if (!d[k])
            continue;
        d[k]->tmpl = fmt("%s;", d[k]->tmpl);
        push(&f->body, &f->nbody, &f->cbody, d[k]);
        memmove(f->body + at + 1, f->body + at, sizeof *f->body * (size_t)(f->nbody - 1 - at));
        f->body[at] = d[k];
    }
}

/* file_const: a constant table and a constant scalar of the file, in
 * scope in f (not in helpers); their values, for the declarations */
enum { MAX_CONST_LEN = 6 };
static double const_vals[2][MAX_CONST_LEN];

static void declare_file_consts(void) {
    struct var *t = declare(fresh("ctab"), T_ARRAY, 1.0);
    t->len = 3 + rnd(MAX_CONST_LEN - 2);
    t->konst = 1;
    for (int i = 0; i < t->len; i++)
        const_vals[0][i] = rconst(-1.0, 1.0);
    struct var *c = declare(fresh("cs"), T_DOUBLE, 1.0);
    c->konst = 1;
    const_vals[1][0] = rconst(-1.0, 1.0);
}

/* the block of their declarations (printed for those f reads: an unused
 * static is a warning, and shrinking drops reads) */
static void print_file_consts(int at) {
    if (!on(K_FILE_CONST) || cx.nvars < at + 2 || strncmp(cx.vars[at].name, "ctab", 4) != 0)
        return;
    for (int k = 0; k < 2; k++) {
        struct var *v = &cx.vars[at + k];
        const char *list = "";
        for (int i = 0; v->type == T_ARRAY && i < v->len; i++)
            list = fmt("%s%s%.2f", list, i ? ", " : "", const_vals[0][i]);
        prog.const_names[k] = v->name;
        prog.consts[k] = v->type == T_ARRAY
                             ? fmt("static const double %s[%d] = {%s};", v->name, v->len, list)
                             : fmt("static const double %s = %.2f;", v->name, const_vals[1][0]);
    }
    prog.nconsts = 2;
}

static void gen_function(void) {
    struct node *f = new_node(0, "");
    f->is_block = 1;
    prog.fbody = f;
    struct block b = body_of(f);
    free_top = "";
    free_in_if = "";
    int void_return = !prog.has_ret && on(K_VOID_RETURN);
    if (void_return && chance(50)) { /* a guard clause, before any allocation */
        static const char *const g[] = {"if (n < 2)\n    return;", "if (n <= 1)\n    return;",
                                        "if (n < 1 || m < 1)\n    return;",
                                        "if (m < 1)\n    return;"};
        stmt(b, g[rnd(4)]);
    }
    if (on(K_MALLOC)) {
        int k = rnd(3);
        for (int i = 0; i < k; i++) {
            const char *t = fresh("tm");
            struct node *d = stmt(b, "");
            const char *ty = type_text(d, 0);
            int how = rnd(4);
            if (how == 0 && strcmp(ty, "double") == 0) {
                d->tmpl = fmt("double *%s = rg_new_vec(n * m);", t);
                prog.uses_new_vec = 1;
            } else if (how == 1) {
                d->tmpl = fmt("%s *%s = rg_xmalloc(sizeof(%s) * n * m);", ty, t, ty);
                prog.uses_xmalloc = 1;
            } else {
                d->tmpl = fmt("%s *%s = malloc((size_t)n * (size_t)m * sizeof(%s));", ty, t, ty);
            }
            add_array(t, 0, 0);
            free_top = fmt("%sfree(%s);\n", free_top, t);
            free_in_if = fmt("%s    free(%s);\n", free_in_if, t);
        }
    }
    if (on(K_LOCAL_BUF) && chance(30)) {
        const char *t = fresh("buf");
        stmt(b, fmt("double %s[64];", t));
        add_array(t, 0, 0);
    }
    if (on(K_INT_ARRAY) && chance(30)) { /* indices kept in [0, n) */
        prog.int_table = fresh("ia");
        stmt(b, fmt("int %s[3] = {0, n / 2, n - 1};\n(void)%s;", prog.int_table, prog.int_table));
    }
    int consts_at = cx.nvars;
    if (on(K_FILE_CONST) && chance(40))
        declare_file_consts();
    int priv_at = prog.fbody->nbody;
    int count = 2 + rnd(4);
    if (void_return && chance(50)) { /* some work, a data-dependent guard, more work */
        int first = 1 + rnd(count);
        gen_block(b, first);
        gen_void_guard(b);
        gen_block(b, 1 + rnd(count - first + 1));
    } else
        gen_block(b, count);
    struct array *y = find_array("y");
    if (y && y->extent == 0) /* out(y) needs a write */
        gen_map_over(b, 2, y, NRANGE);
    if (prog.break_promise) {
        broken_kind = rnd(NBROKEN);
        struct node *n = stmt(b, fmt("/* broken promise: %s */\n%s\n/* end */",
                                     broken[broken_kind].what, broken[broken_kind].text));
        n->protect = 1;
        declare("bp", T_DOUBLE, 1.0);
    }
    /* the frees and the return are one statement: dropping one drops both */
    if (prog.has_ret && !prog.break_promise && on(K_RETURN_BOTH) && chance(25)) {
        /* if (c) { ...; return a; } else { ...; return b; } */
        struct node *r = block_stmt(b, "if (%0) {");
        r->kid[r->nkid++] = chance(30) ? inactive_cond() : gen_cond(0);
        for (int side = 0; side < 2; side++) {
            struct block rb = side ? else_of(r) : body_of(r);
            struct saved s = enter();
            gen_block(rb, rnd(3));
            struct node *ret = stmt(
                rb, free_top[0] ? fmt("double ret = %%0;\n%sreturn ret;", free_top) : "return %0;");
            ret->kid[ret->nkid++] = gen_return_value();
            leave(s);
        }
    } else if (prog.has_ret) {
        const char *bp = prog.break_promise ? " + bp" : "";
        struct node *r =
            stmt(b, free_top[0] ? fmt("double ret = %%0;\n%sreturn ret%s;", free_top, bp)
                                : fmt("return %%0%s;", bp));
        r->kid[r->nkid++] = gen_return_value();
        if (prog.break_promise)
            r->protect = 1;
    } else if (free_top[0]) {
        stmt(b, fmt("%.*s", (int)strlen(free_top) - 1, free_top));
    }
    declare_privates(priv_at);
    declare_counters(f, priv_at);
    print_file_consts(consts_at);
}

/* ------------------------------------------------------------------ */
/* output                                                              */

/* double, or typedef_sig's alias */
static void print_type(FILE *out, const struct node *ty) {
    if (ty)
        print_expr(out, ty);
    else
        fputs("double", out);
}

/* ", const T *x": one parameter of f, its type as the program spells it */
static void print_param(FILE *out, const char *before, struct node *ty, const char *after) {
    fputs(before, out);
    print_type(out, ty);
    fputs(after, out);
}

static void print_params(FILE *out) {
    print_param(out, "int n, int m, const ", prog.ty_x, " *x");
    if (prog.has_w)
        print_param(out, ", const ", prog.ty_w, " *w");
    if (prog.has_sp)
        fputs(", const rg_pt *sp", out);
    if (prog.has_a)
        print_param(out, ", const ", prog.ty_a, " a[n][m]");
    if (prog.has_rt)
        fputs(", const double **rt", out);
    if (prog.has_p)
        print_param(out, ", ", prog.ty_p, " p");
    if (prog.has_u)
        print_param(out, ", ", prog.ty_u, " *u");
    if (prog.has_y)
        print_param(out, ", ", prog.ty_y, " *y");
}

static const char *ret_type(void) {
    return prog.has_ret ? "double" : "void";
}

/* typedef_sig's typedef and #define lines, and file_const's constants */
static void print_typedefs(FILE *out) {
    if (prog.typedefs) {
        print_stmts(out, prog.typedefs->body, prog.typedefs->nbody, 0);
        fputs("\n", out);
    }
}

static void print_program(FILE *out);

/* Whether the printed program reads name (a whole identifier). */
static int program_reads(const char *text, const char *name) {
    size_t n = strlen(name);
    for (const char *q = strstr(text, name); q; q = strstr(q + 1, name))
        if ((q == text || !(isalnum((unsigned char)q[-1]) || q[-1] == '_')) &&
            !(isalnum((unsigned char)q[n]) || q[n] == '_'))
            return 1;
    return 0;
}

/* file_const's declarations that the program (as printed, after any
 * shrinking) reads: an unused static is a warning */
static void print_consts(FILE *out) {
    if (!prog.nconsts)
        return;
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) {
        perror("pargrad_gen");
        exit(2);
    }
    print_program(m);
    fclose(m);
    int any = 0;
    for (int i = 0; i < prog.nconsts; i++)
        if (program_reads(text, prog.const_names[i])) {
            fprintf(out, "%s\n", prog.consts[i]);
            any = 1;
        }
    if (any)
        fputs("\n", out);
    free(text);
}

/* structs: the type, once per file (before the twin in check.c) */
static void print_struct_type(FILE *out) {
    if (prog.uses_struct)
        fputs("typedef struct {\n    double lo, hi;\n    int tag;\n} rg_pt;\n\n", out);
}

static void print_support(FILE *out);
static void print_f(FILE *out);

/* the primal (or its double reference copy f_ref, with ref_mode set) */
static void print_program(FILE *out) {
    print_support(out);
    print_declop_pragmas(out);
    print_f(out);
}

/* what f calls and uses: macros, helpers, the operators' functions */
static void print_support(FILE *out) {
    if (prog.uses_macros)
        fputs("#define RG_SQ(a) ((a) * (a))\n#define RG_LERP(a, b, t) ((a) + ((b) - (a)) * "
              "(t))\n#define RG_MIN(a, b) ((a) < (b) ? (a) : (b))\n"
              "#define RG_MAX(a, b) ((a) > (b) ? (a) : (b))\n\n",
              out);
    /* static: check.c's reference copy has its own */
    if (prog.uses_new_vec)
        fputs("static double *rg_new_vec(int k) {\n    return (double *)malloc(sizeof(double) * "
              "(size_t)k);\n}\n\n",
              out);
    if (prog.uses_xmalloc)
        fputs("static void *rg_xmalloc(size_t bytes) {\n    void *p = malloc(bytes);\n    if "
              "(!p)\n        abort();\n    return p;\n}\n\n",
              out);
    if (prog.uses_ptval)
        fputs("static double rg_ptval(rg_pt v, double t) {\n    return v.lo * t + 0.5 * v.hi + "
              "0.1 * v.tag;\n}\n\n",
              out);
    if (prog.uses_ptmix)
        fputs("static void rg_ptmix(rg_pt *v, double e) {\n    v->lo = 0.5 * v->lo + 0.25 * "
              "tanh(e);\n    v->hi -= 0.25 * v->lo;\n}\n\n",
              out);
    if (prog.uses_ptnext) /* a return in the middle, a compound literal with designators */
        fputs("static rg_pt rg_ptnext(rg_pt v, double e) {\n    if (v.tag > 1)\n        return "
              "(rg_pt){.lo = v.hi, .hi = 0.5 * v.lo + 0.25 * tanh(e), .tag = v.tag - 1};\n    "
              "rg_pt r = v;\n    r.lo = 0.5 * v.lo + 0.25 * tanh(e);\n    r.hi -= 0.25 * "
              "r.lo;\n    return r;\n}\n\n",
              out);
    if (prog.uses_blend)
        fputs("static void rg_blend(double *dst, double v) {\n    *dst = 0.5 * *dst + 0.25 * "
              "tanh(v);\n}\n\n",
              out);
    if (prog.uses_grid)
        fputs("static double rg_grid(int n, int m, const double g[n][m], int i) {\n    double s "
              "= 0.0;\n    if (i >= n)\n        return 0.0;\n    for (int j = 0; j < m; j++)\n "
              "       s += g[i][j] * (0.5 + 0.1 * j);\n    return s / m;\n}\n\n",
              out);
    if (prog.uses_rowdot)
        fputs("static double rg_rowdot(int m, const double *r) {\n    double s = 0.0;\n    for "
              "(int j = 0; j < m; j++)\n        s += r[j] * (0.3 + 0.1 * j);\n    return s / "
              "m;\n}\n\n",
              out);
    if (prog.uses_step)
        fputs("static unsigned rg_step(unsigned *st) {\n    *st = *st * 1664525u + "
              "1013904223u;\n    return (*st >> 8) & 0xffu;\n}\n\n",
              out);
    print_declop_functions(out);
    print_stmts(out, prog.helpers->body, prog.helpers->nbody, 0);
}

/* f (or f_ref) itself */
static void print_f(FILE *out) {
    fputs(ref_mode ? "static " : "", out);
    if (prog.has_ret)
        print_type(out, prog.ty_ret);
    else
        fputs("void", out);
    fprintf(out, " f%s(", ref_mode ? "_ref" : "");
    print_params(out);
    fputs(") {\n", out);
    print_stmts(out, prog.fbody->body, prog.fbody->nbody, 1);
    fputs("}\n", out);
}

static void print_directive(FILE *out) {
    fputs("#pragma pargrad reverse(f) wrt(x", out);
    if (prog.w_wrt)
        fputs(prog.has_sp ? ", w, sp" : ", w", out);
    if (prog.a_wrt)
        fputs(prog.has_rt ? ", a, rt" : ", a", out);
    if (prog.p_wrt)
        fputs(", p", out);
    if (prog.has_u)
        fputs(", u", out);
    fputs(")", out);
    if (prog.has_u || prog.has_y || prog.out_clause) {
        const char *sep = "";
        fputs(" out(", out);
        if (prog.has_u)
            fputs("u", out), sep = ", ";
        if (prog.has_y)
            fprintf(out, "%sy", sep), sep = ", ";
        if (prog.has_ret)
            fprintf(out, "%sreturn", sep);
        fputs(")", out);
    }
    fputs("\n", out);
}

static FILE *open_out(const char *dir, const char *name);

static void print_includes(FILE *out) {
    fputs("#include <math.h>\n", out);
    if (on(K_CONST_CAST)) /* uint64_t */
        fputs("#include <stdint.h>\n", out);
    if (on(K_KEPT_CALLS))
        fputs("#include <assert.h>\n#include <stdio.h>\n", out);
    fputs("#include <stdlib.h>\n\n", out);
}

/* prog.c, and with header prog_helpers.h, in dir */
static void write_prog(FILE *out, const char *dir, uint64_t seed) {
    fprintf(out, "/* pargrad_gen %llu%s */\n", (unsigned long long)seed,
            prog.break_promise ? " --break-promise" : "");
    ref_mode = 0;
    FILE *h = out;
    if (prog.in_header) {
        h = open_out(dir, "prog_helpers.h");
        fputs("/* the helpers of prog.c */\n#ifndef PROG_HELPERS_H\n#define PROG_HELPERS_H\n\n", h);
    }
    print_includes(h);
    print_typedefs(h);
    print_struct_type(h);
    print_consts(h);
    print_support(h);
    if (prog.in_header) {
        fputs("#endif\n", h);
        fclose(h);
        fputs("#include \"prog_helpers.h\"\n\n", out);
    }
    print_declop_pragmas(out);
    print_f(out);
    fputs("\n", out);
    print_directive(out);
}

/* the gradient's parameters, Tapenade's convention (README) */
static void print_grad_params(FILE *out) {
    fputs("int n, int m, const double *x, double *x_b", out);
    if (prog.has_w)
        fprintf(out, ", const double *w%s", prog.w_wrt ? ", double *w_b" : "");
    if (prog.has_sp)
        fprintf(out, ", const rg_pt *sp%s", prog.w_wrt ? ", rg_pt *sp_b" : "");
    if (prog.has_a)
        fprintf(out, ", const double a[n][m]%s", prog.a_wrt ? ", double a_b[n][m]" : "");
    if (prog.has_rt)
        fprintf(out, ", const double **rt%s", prog.a_wrt ? ", double **rt_b" : "");
    if (prog.has_p)
        fprintf(out, ", double p%s", prog.p_wrt ? ", double *p_b" : "");
    if (prog.has_u)
        fputs(", double *u, double *u_b", out);
    if (prog.has_y)
        fputs(", double *y, double *y_b", out);
    if (prog.has_ret)
        fputs(", double f_b_seed", out);
}

static void print_primal_args(FILE *out) {
    fputs("N, M, d->x", out);
    if (prog.has_w)
        fputs(", d->w", out);
    if (prog.has_sp)
        fputs(", sp", out);
    if (prog.has_a)
        fputs(", (const double(*)[M])d->a", out);
    if (prog.has_rt)
        fputs(", rt", out);
    if (prog.has_p)
        fputs(", d->p", out);
    if (prog.has_u)
        fputs(", d->u", out);
    if (prog.has_y)
        fputs(", d->y", out);
}

static void print_call(FILE *out, const char *name) {
    fprintf(out, "static double call_%s(struct drv *d) {\n", name);
    if (prog.has_sp)
        fputs("    rg_pt sp[N];\n    rg_pack(d, sp);\n", out);
    if (prog.has_rt)
        fputs("    double at[N * M];\n    const double *rt[N];\n    rg_rows(d->a, at, rt);\n", out);
    fprintf(out, "    %s%s(", prog.has_ret ? "return " : "", name);
    print_primal_args(out);
    fprintf(out, ");%s\n}\n\n", prog.has_ret ? "" : "\n    return 0.0;");
}

static void write_check(FILE *out, uint64_t seed) {
    fprintf(out, "/* the check driver of pargrad_gen %llu (see driver.h) */\n",
            (unsigned long long)seed);
    fputs("#include \"driver.h\"\n", out);
    fputs(on(K_KEPT_CALLS) ? "#include <assert.h>\n\n" : "\n", out);
    fprintf(out, "enum { N = %d, M = %d };\n\n", prog.n, prog.m);
    ref_mode = 1; /* a float typedef is double in the reference twin */
    print_typedefs(out);
    ref_mode = 0;
    print_struct_type(out);
    if (prog.has_rt) /* rt: rows of a copy of a */
        fputs("static void rg_rows(const double *a, double *at, const double **rt) {\n    for (int "
              "k = 0; k < N * M; k++)\n        at[k] = a[k];\n    for (int i = 0; i < N; i++)\n "
              "       rt[i] = &at[i * M];\n}\n\n",
              out);
    if (prog.has_sp) /* sp's fields from w (lo from the front, hi from the back) */
        fputs("static void rg_pack(const struct drv *d, rg_pt *sp) {\n    for (int i = 0; i < N; "
              "i++) {\n        sp[i].lo = d->w[i];\n        sp[i].hi = d->w[N * M - 1 - i];\n  "
              "      sp[i].tag = i % 3;\n    }\n}\n\nstatic void rg_unpack(struct drv *d, const "
              "rg_pt *sp_b) {\n    for (int i = 0; i < N; i++) {\n        d->w_b[i] += "
              "sp_b[i].lo;\n        d->w_b[N * M - 1 - i] += sp_b[i].hi;\n    }\n}\n\n",
              out);
    fprintf(out, "%s f(", ret_type());
    print_params(out);
    fprintf(out, ");\n%s f_b(", ret_type());
    print_grad_params(out);
    fputs(");\n\n", out);
    if (prog.uses_float) { /* finite differences of the double twin */
        ref_mode = 1;
        print_consts(out);
        print_program(out);
        ref_mode = 0;
        fputs("\n", out);
        print_call(out, "f_ref");
    }
    print_call(out, "f");
    fputs("static double call_f_b(struct drv *d, double seed) {\n", out);
    if (prog.has_rt) /* rt's rows are a copy of a: at_b is added to a_b */
        fputs("    double at[N * M], at_b[N * M];\n    const double *rt[N];\n    double "
              "*rt_b[N];\n    rg_rows(d->a, at, rt);\n    memset(at_b, 0, sizeof at_b);\n    for "
              "(int i = 0; i < N; i++)\n        rt_b[i] = &at_b[i * M];\n",
              out);
    if (prog.has_sp) /* sp_b is unpacked into w_b: the chain rule through rg_pack */
        fputs("    rg_pt sp[N], sp_b[N];\n    rg_pack(d, sp);\n    memset(sp_b, 0, sizeof "
              "sp_b);\n",
              out);
    fprintf(out, "    %sf_b(N, M, d->x, d->x_b", prog.has_ret ? "double r = " : "");
    if (prog.has_w)
        fprintf(out, ", d->w%s", prog.w_wrt ? ", d->w_b" : "");
    if (prog.has_sp)
        fprintf(out, ", sp%s", prog.w_wrt ? ", sp_b" : "");
    if (prog.has_a)
        fprintf(out, ", (const double(*)[M])d->a%s", prog.a_wrt ? ", (double(*)[M])d->a_b" : "");
    if (prog.has_rt)
        fprintf(out, ", rt%s", prog.a_wrt ? ", rt_b" : "");
    if (prog.has_p)
        fprintf(out, ", d->p%s", prog.p_wrt ? ", &d->p_b" : "");
    if (prog.has_u)
        fputs(", d->u, d->u_b", out);
    if (prog.has_y)
        fputs(", d->y, d->y_b", out);
    if (prog.has_ret)
        fputs(", seed", out);
    fputs(");\n", out);
    if (prog.has_sp && prog.w_wrt)
        fputs("    rg_unpack(d, sp_b);\n", out);
    if (prog.has_rt && prog.a_wrt)
        fputs("    for (int k = 0; k < N * M; k++)\n        d->a_b[k] += at_b[k];\n", out);
    fputs(prog.has_ret ? "    return r;\n}\n\n" : "    (void)seed;\n    return 0.0;\n}\n\n", out);
    fputs("int main(void) {\n", out);
    fprintf(out, "    static const struct drv_spec spec = {\n");
    fprintf(out, "        .n = N, .m = M, .seed = %lluu,\n", (unsigned long long)seed);
    fprintf(out, "        .has_w = %d, .w_wrt = %d, .has_a = %d, .a_wrt = %d,\n", prog.has_w,
            prog.w_wrt, prog.has_a, prog.a_wrt);
    fprintf(out, "        .has_p = %d, .p_wrt = %d, .has_u = %d, .has_y = %d, .has_ret = %d,\n",
            prog.has_p, prog.p_wrt, prog.has_u, prog.has_y, prog.has_ret);
    fprintf(out, "        .uses_float = %d,\n", prog.uses_float);
    fprintf(out, "        .primal = call_f, .reference = %s, .gradient = call_f_b,\n",
            prog.uses_float ? "call_f_ref" : "call_f");
    fputs("    };\n    return drv_main(&spec);\n}\n", out);
}

/* ------------------------------------------------------------------ */
/* command line                                                        */

static void set_constructs(const char *list, int value) {
    char *copy = fmt("%s", list);
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        int found = 0;
        for (int k = 0; k < K_COUNT; k++)
            if (strcmp(constructs[k].name, tok) == 0)
                constructs[k].enabled = value, found = 1;
        if (!found) {
            fprintf(stderr, "pargrad_gen: unknown construct '%s' (see --list)\n", tok);
            exit(2);
        }
    }
}

static void set_drops(const char *list) {
    char *copy = fmt("%s", list);
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        long id = strtol(tok, NULL, 10);
        if (id >= 0 && id < MAX_NODES)
            dropped[id] = 1;
    }
}

static FILE *open_out(const char *dir, const char *name) {
    char *path = fmt("%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(2);
    }
    return f;
}

static void usage(void) {
    fprintf(stderr, "usage: pargrad_gen SEED DIR [--drop=ID,...] [--break-promise]\n"
                    "                   [--enable=NAME,...] [--disable=NAME,...]\n"
                    "       pargrad_gen --list\n");
    exit(2);
}

int main(int argc, char **argv) {
    const char *dir = NULL, *seed_text = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--drop=", 7) == 0)
            set_drops(a + 7);
        else if (strcmp(a, "--break-promise") == 0)
            prog.break_promise = 1;
        else if (strncmp(a, "--enable=", 9) == 0)
            set_constructs(a + 9, 1);
        else if (strncmp(a, "--disable=", 10) == 0)
            set_constructs(a + 10, 0);
        else if (strcmp(a, "--list") == 0) {
            for (int k = 0; k < K_COUNT; k++)
                printf("%-16s %s\n", constructs[k].name, constructs[k].enabled ? "on" : "off");
            return 0;
        } else if (a[0] == '-')
            usage();
        else if (!seed_text)
            seed_text = a;
        else if (!dir)
            dir = a;
        else
            usage();
    }
    if (!seed_text || !dir)
        usage();
    uint64_t seed = strtoull(seed_text, NULL, 10);
    rng_state = seed * 0x9e3779b97f4a7c15ull + 12345;
    setup_interface();
    prog.helpers = new_node(0, "");
    if (on(K_HELPER)) {
        int k = rnd(3);
        for (int i = 0; i < k; i++)
            gen_helper(body_of(prog.helpers), i + 1);
    }
    gen_function();

    prog.in_header = on(K_HEADER) && chance(25);
    FILE *p = open_out(dir, "prog.c");
    write_prog(p, dir, seed);
    fclose(p);
    FILE *c = open_out(dir, "check.c");
    write_check(c, seed);
    fclose(c);
    FILE *ids = open_out(dir, "ids.txt");
    for (int i = 0; i < node_count; i++)
        if (printed[i])
            fprintf(ids, "%d\n", i);
    fclose(ids);
    return 0;
}
