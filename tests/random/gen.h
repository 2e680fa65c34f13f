/* pargrad_gen's shared declarations: the construct table, the tree of
 * nodes, the generator's state (prog, cx) and what each phase's file offers
 * the others. Private to the files of pargrad_gen (see gen.c). */
#ifndef PARGRAD_GEN_H
#define PARGRAD_GEN_H

#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------------ */
/* constructs and their enable flags                                   */

enum construct {
    K_MAP,            /* #pragma pargrad map loop writing an array at [i] */
    K_NESTED_MAP,     /* a map inside a map, writing [i * m + j] */
    K_REDUCE_ADD,     /* reduce(+) in its forms s += e, s = s + e */
    K_REDUCE_MUL,     /* reduce(*): s *= e, s = s * e */
    K_REDUCE_MIN,     /* reduce(min): fmin and the if form */
    K_REDUCE_MAX,     /* reduce(max): fmax and the if form */
    K_REDUCE_MULTI,   /* reduce(+: s1, s2) with two accumulators */
    K_REDUCE_CLAUSES, /* reduce(min: s1) reduce(max: s2): a clause per operator */
    K_REDUCE_COND,    /* an accumulator update under an if */
    K_SEQ_LOOP,       /* plain sequential for loop, carried scalars */
    K_BREAK,          /* break in a sequential loop */
    K_TIME_LOOP,      /* a stencil map into a buffer and a copy back, repeated */
    K_IF,             /* if / else on active and inactive conditions */
    K_TERNARY,        /* ?: */
    K_LOCAL_SCALAR,   /* double / float / int locals at every level */
    K_LOCAL_ARRAY,    /* double la[3] = {...} */
    K_MALLOC,         /* malloc'ed temporaries (top of the function), also through allocating
                       * helpers rg_new_vec(k) and rg_xmalloc(bytes) */
    K_LOCAL_BUF,      /* a fixed-size local array used as a map target */
    K_INPLACE,        /* y[i] = g(y[i]) on an output or in-out array, also sums in place
                       * (y[i] += e, y[i] = e0 then += over an inner loop: no derivative
                       * reads such an array) */
    K_HELPER,         /* static helper functions (inlined by pargrad) */
    K_GUARD,          /* helpers with guard clauses: if (c) return a; */
    K_EARLY_RETURN,   /* if (c) return e; in the differentiated function */
    K_FLOAT,          /* float locals, casts and the f math functions */
    K_INT,            /* int locals and loop indices in arithmetic */
    K_VLA,            /* a C99 VLA parameter const double a[n][m] */
    K_SCALAR_PARAM,   /* an active scalar parameter p */
    K_KINKS,          /* fabs, fmin, fmax inside expressions */
    K_LOOP_FORMS,     /* i <= n - 1, ++i, i += 1 */
    K_PRIVATE,        /* a function-scope scalar assigned first in every iteration */
    K_FLOAT_BOUND,    /* sequential loops with a floating bound: k < T / dt */
    K_CONST_CAST,     /* constant casts: (double)(1ULL << 40), (int)2.7, 7 / 2 */
    K_TYPEDEF_SIG,    /* typedef double real; #define fp double, in f's signature */
    K_RETURN_BOTH,    /* if (c) { return a; } else { return b; } at the end */
    K_VOID_RETURN,    /* void f with guard clauses: if (n < 2) return; */
    K_RET_IN_LOOP,    /* early return inside a sequential loop */
    K_NESTED_RETURN,  /* early return inside a nested if */
    K_DECL_FOR,       /* `int i, t; ... for (i = 0; ...)`: counters declared at the top */
    K_LOOP_DOWN,      /* for (i = n - 1; i >= 0; i--), > lo - 1, -= 1 */
    K_LOOP_STEP,      /* sequential loops stepping by 2, 3 or a stride: t += 2, t = t + 3 */
    K_LOCAL_VLA,      /* local arrays sized at run time: double vb[n * m] at the top (a map
                       * target), double la[m + 2] wherever local_array declares la[3] */
    K_STRIDE,         /* reads at a stride of arrays of n * m elements (m >= 2): a[2 * (i) + 0|1] */
    K_COUNTER_AFTER,  /* a counter declared at the top read after its loop (also after break) */
    K_CONTINUE,       /* if (c) continue; in sequential loops and reduce bodies */
    K_ROUNDING,       /* floor, ceil, round, trunc, fmod, copysign, fdim, abs */
    K_KEPT_CALLS,   /* printf, fprintf(stderr, ...), assert, puts, fflush: kept as in the primal */
    K_ARRAY_INIT,   /* double la[3] = {e0, e1, e2}, {e0}, {0} */
    K_CHAIN_ASSIGN, /* v = w = e */
    K_DEREF,        /* *x for x[0]: reads, and *y = 0.5 * *y + e on an output */
    K_VIEW,         /* pointers into arrays: *(x + i), (x + 1)[i - 1], double *p = &y[i]; *p = e */
    K_LOOP_COND,    /* conditions: i + 1 < hi + 1, hi > i, i - 1 < hi - 1, i != n */
    K_FILE_CONST,   /* static const double ctab[4] = {...}; static const double cs = 0.3; */
    K_INT_ARRAY, /* int ia[3] = {0, n / 2, n - 1}: indices x[ia[k]], updated ia[k] = (ia[k] + 1) % n
                  */
    K_SCALAR_REF,  /* helpers updating a caller's scalar through a pointer: rg_blend(&r, e),
                    * a generator state rg_step(&s) */
    K_GRID_HELPER, /* the 2-D parameter a passed whole to a helper, rg_grid(n, m, a, i), and a
                    * row of it, rg_rowdot(m, a[i]), rg_rowdot(m, &a[i][0]) */
    K_WHILE,       /* while and do loops with integer trip counts, with break; the counter's
                    * update in the condition (while (k-- > 0), do ... while (++k < N)) */
    K_BIT_OPS,     /* integer bit operations in indices and generator code: (i ^ 1) % n */
    K_LOGGED,      /* writes whose elements are known only as they run: triangular and blocked
                    * nests, indices and bounds read from an int table, a triangular nest in a map */
    K_ROW_TABLE,   /* a table of row pointers const double **rt (rows of a copy of a):
                    * rt[i][j], a row passed on, rg_rowdot(m, rt[i]) */
    K_MACRO,       /* function-like macros in expressions: RG_SQ(e), RG_LERP(a, b, t), RG_MIN(a, b),
                    * nested in each other's arguments; statement macros (do { } while (0)):
                    * RG_ACC(s, v) in sum reduces, RG_SWAP(a, b) of swapped grids */
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
    K_STENCIL_OUT, /* an array filled as a stencil fills its output: the interior by a map
                    * over [1, n - 1) reading neighbours, the two ends by assignments before
                    * or after it (one end sometimes left as it was) */
    K_ROW_DOT,     /* a map's write from the dot product of its row, a = e; s = 0;
                    * for (j < m) s += a * x[r * m + j] ...: the adjoint's inner loop sums
                    * a_b (simd lanes with a reduction, rewrite/simd.c) */
    K_SCRATCH,     /* local scratch arrays declared before a sequential loop, written in
                    * full, then added into (a triangle, an idx++ counter) and read in
                    * each of its iterations, GMM's per-component pattern: their
                    * iterations save nothing (rewrite/rev_kill.c) */
    K_MAT_ROWS,    /* a matrix product's row: for k < n, for j < m, s += a_k * x[k * m + j]
                    * (in a map: x_b's updates, the same for every iteration, move to a
                    * nest parallel over k, rewrite/interchange.c) */
    K_STENCIL_2D,  /* a 5-point stencil on x seen as n rows of m, rows in parallel, once or
                    * T steps between two malloc'ed grids (jacobi-2d, heat): its adjoint
                    * is a gather over rows and columns (rewrite/gather.c) */
    K_WIDE,        /* an if whose branches assign 65 to 72 locals declared before it (as
                    * many phis), then summed: more variables bound by one statement than
                    * the fixed tables of 64 pargrad once had (an internal error) */
    K_XS_SUM,      /* XSBench's macroscopic cross section: a local array summed into by a
                    * loop over j (an inner loop over its elements), then used linearly
                    * (the forward and adjoint loops run as one, rewrite/fuse_sweeps.c)
                    * or not, or scaled in place, or read by the loop */
    K_TIME_STEPS,  /* a time loop's step that also reduces (into a scalar it carries or
                    * uses) and maps: several parallel loops per step */
    K_CONST_BOUND, /* a sequential loop's bound `c - 1` of a `const int c` declared before it
                    * (folded: the trips of loops in a loop around it are then known
                    * before that loop, rewrite/ir.c fold_int) */
    K_STRIPMINE,   /* `#pragma pargrad loop stripmine(K)`, K 1 to 3, on a third of the
                    * sequential loops without break and of the stencil time loops (the
                    * loop in levels of blocks, each block's saves taken once,
                    * rewrite/rev_loop.c) */
    K_WHILE_BOUND, /* `#pragma pargrad while bound(N)` on two in five of the while and do
                    * loops, N a constant or n under + and * (never exceeded: the
                    * forward sweep's check, pg_bound_check, stays silent) */
    K_ENTRY,       /* a trajectory of S + 1 rows, each step's row from the one before (a
                    * map, or a sweep reading the row it builds) under `#pragma pargrad
                    * loop checkpoint(entry: tr)`, sometimes strip-mined too, the rows
                    * sometimes read before the loop (saved once at its entry,
                    * rewrite/rev_loop.c) */
    K_FP_CLASS,    /* conditions through isnan, isfinite and isinf (values that are NaN or
                    * infinite on one side of a threshold) */
    K_CXX_NAMES,   /* locals named like C++'s keywords (new, class, this, ...): the CUDA
                    * output, C++, renames them */
    K_ENUM,        /* a local of an enum type choosing a scale (enum rg_mode md = ...;) */
    K_PTR_FIELDS,  /* u through a pointer field of a struct parameter (st->u[i], st.u[i]) */
    K_COUNT_HIST,  /* a histogram(+) of integer counts (hc[k] += 1, hc[k]++), read after */
    K_EXIT_GUARD,  /* guards that exit() or abort() (never taken): of the sizes at the top, and
                    * the last branch of a chain choosing a scalar */
    K_OPTIONAL,    /* w optional, as library C takes weights: each read tested, (w ? w[i] : 0.5),
                    * (w == NULL ? 1.0 : w[i]), ...; the driver passes NULL (and NULL for
                    * w_b) in half the programs; x checked for NULL in the top guard */
    K_OPTIONAL_OUT,  /* z, an optional in-out array (wrt and out, as u): updated only under a test
                      * (`if (z != NULL) { map }`, `if (!z) {...} else {...}`, a time loop
                      * inside the test, one element), read as (z ? z[i] : c); the driver
                      * passes NULL for z and z_b in two programs in five */
    K_SWITCH,        /* switch on a loop index's residue: cases ending in break, stacked
                      * labels, a default or none, a local each case assigns */
    K_DOUBTED,       /* a map whose promise pargrad cannot check (it reads a[i] and writes
                      * a[(i + 1) % n] or a[n - 1 - i]): differentiated as the sequential
                      * loop it means without the annotation */
    K_HEAP_ROWS,     /* double (*a)[m] = malloc(n * sizeof *a) (or sizeof(double) * n * m, or
                      * calloc(n, sizeof *a)): rows filled by a map, read by a reduce */
    K_MEM_CALLS,     /* memset(a, 0, sizeof a), memcpy(a, x, sizeof(double) * n), a shifted
                      * memcpy(b + 1, a, (n - 1) * sizeof *b) of local arrays */
    K_INPLACE_SCAN,  /* a[i] += a[i - 1] under scan(+ : a), a[i] *= a[i - 1], a[i] -= 0.5 *
                      * a[i - 1] + e, a[i] /= e: updates of the array form in place */
    K_LOOP_ALLOC,    /* malloc/calloc inside a time loop's steps, a map's iterations and a
                      * sequential loop (a buffer growing with its index); sizeof of arrays
                      * sized at run time in memset and memcpy */
    K_GUARDED_WRITE, /* writes valid only under their guard: odd-even pairs with `if (i + 1
                      * < n)`, a neighbour table with -1 for none, a stride doubling to n */
    K_SHADOW_MATH,   /* a variable named like a function the derivative calls (exp beside
                      * erf, log beside pow, sqrt beside asinh, cos beside sin), in a block */
    K_CLAMP,         /* clamped neighbours as hotspot reads them: i == 0 ? i : i - 1, i == n - 1
                      * ? i : i + 1, i + 1 < n ? i + 1 : i, i > 0 ? i - 1 : 0 */
    K_ROW_MAP,       /* a map over the columns of row r of a sequential loop over rows,
                      * t[r * m + j] = t[r * m + j] * e, the subscript written out twice */
    K_ROW_START,     /* a sequential loop over rows counting its row's start, int rs = 0;
                      * ... rs += m;, row maps and reads at rs + j (CSR's rowptr[i] + j) */
    K_CAUSAL,        /* a map over the first m rows of u, each up to its diagonal (j <= i, a
                      * causal mask), reading x there: its adjoint's updates are the row's own */
    K_PARAM_SWAP,    /* the parameters x and w swapped at the top level, as a time loop
                      * swaps its grids (e2e param_swap has the loop):
                      * const double *sw = x; x = w; w = sw; */
    K_RECURRENCE,    /* a sequential recurrence along a local array: up (r[i] from r[i - 1]),
                      * down (r[i] from r[i + 1]) or at an offset (r[n + i]): nothing saved */
    K_FACES,         /* a finite-volume step on an output: fluxes at the n + 1 faces of a
                      * periodic row (i <= n, or down from n) from its neighbours at
                      * (i + n - 1) % n and i % n, then the output stepped by their
                      * differences: n + 1 consecutive counters meet every residue of n,
                      * the reads' extent is n (rewrite/rev_extent.c residues_loop) */
    K_ARRAY_FIELDS,  /* a struct parameter with an array field, read as sa[i].c[k] (double
                      * c[3] inside the struct: followed as a pointer field is,
                      * tool/lift_struct.c) */
    K_SCRATCH_PARAM, /* a scratch array the caller passes, double *sc with no length, written
                      * in full by a map, then read by another through the neighbour table
                      * const int *nb (sc[nb[i] * m + j], SRAD's iN/iS): sc's adjoint is
                      * pargrad's own, its length from the bounded accesses, the others
                      * checked at run time (rewrite/rev_extent.c checked_extent) */
    K_ROW_VIEW,      /* x viewed by rows over its flat elements, const double (*xr)[m] =
                      * (const double (*)[m])x (or declared first, pointed later), read
                      * xr[i][j] and handed whole to rg_grid's T g[n][m]-like parameter
                      * (tool/lift_access.c rows_view, tool/lift_decl.c bind_rows_param) */
    K_PRIVATE_ARRAY, /* a scratch array declared at the top of f (C89's habit), private to a
                      * map's or a reduce's iterations by OpenMP's private(t): written, then
                      * read, in each iteration (tool/lift_loop.c declare_private_arrays) */
    K_COUNT
};

struct construct_row {
    const char *name;
    int enabled;
};

/* (gen.c) indexed by enum construct; --enable / --disable set the flags */
extern struct construct_row constructs[K_COUNT];

/* whether construct k is enabled */
int on(enum construct k);

/* ------------------------------------------------------------------ */
/* random numbers, strings (gen_tree.c)                                */

extern uint64_t rng_state; /* splitmix64's state, seeded by main */
void rng_seed(uint64_t seed);

/* uniform in [0, k) */
int rnd(int k);
/* true with probability percent / 100 */
int chance(int percent);
/* gen_expr.c: a read of an optional array, tested for NULL; of w, tested if optional */
const char *optional_read(const char *name, const char *elem);
const char *optional_w(const char *elem);
/* a constant in [lo, hi] with two decimals, printed as a double literal */
double rconst(double lo, double hi);
/* printf into a fresh string (never freed) */
char *fmt(const char *f, ...);

/* ------------------------------------------------------------------ */
/* the tree (gen_tree.c)                                               */

/* A node is an expression (tmpl with %0..%3 for its operands) or a
 * statement: tmpl is its head (which may span lines and use operands),
 * then the body, then `} else {` and els when has_else, then tail. Templates
 * use $f (the `f` of float math functions), $F (`float`) and $L (the `f` of a
 * float literal) so that the same tree prints as the double reference copy
 * too (see ref_mode), and @ after a helper's name (its reference twin). */
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
extern int node_count;
extern unsigned char dropped[MAX_NODES]; /* --drop: nodes deleted by id */
extern unsigned char printed[MAX_NODES]; /* nodes printed, for ids.txt */

/* a list of statements being built */
struct block {
    struct node ***v;
    int *len, *cap;
};

struct node *new_node(int is_expr, const char *tmpl);
/* appends n to the vector *v of *len nodes (capacity *cap) */
void push(struct node ***v, int *len, int *cap, struct node *n);
/* n's body, or its else branch (n gets one) */
struct block body_of(struct node *n);
struct block else_of(struct node *n);
/* a new statement appended to b */
struct node *stmt(struct block b, const char *tmpl);
/* a compound statement: head ending in `{`, a body, and `}` */
struct node *block_stmt(struct block b, const char *head);

/* ------------------------------------------------------------------ */
/* printing (gen_tree.c)                                               */

extern int ref_mode; /* print the double reference copy (check.c) */

/* an expression (or what stands for it once dropped) */
void print_expr(FILE *out, const struct node *n);
/* statements, at indent levels of 4 spaces */
void print_stmts(FILE *out, struct node **v, int len, int indent);

/* ------------------------------------------------------------------ */
/* the program's interface (fixed per seed)                           */

struct program {
    int n, m;           /* the sizes the driver uses */
    int has_w, w_wrt;   /* const double *w (n*m), active or not */
    int w_optional;     /* every read of w tests it for NULL (optional) */
    int w_null;         /* and the driver passes NULL for w and w_b */
    int has_z, z_null;  /* optional_out: double *z, passed NULL (with z_b) when z_null */
    int z_written;      /* some statement updates z */
    int has_a, a_wrt;   /* const double a[n][m] */
    int has_p, p_wrt;   /* double p */
    int has_u;          /* double *u: wrt and out, updated in place */
    const char *u_name; /* how f names u: "u", or its pointer field "st->u" or "st.u" */
    int has_y;          /* double *y: out */
    int has_ret;        /* returns double (else void) */
    int out_clause;     /* write out(...) even when it is just return */
    int uses_float;
    int uses_blend, uses_step;  /* scalar_ref: rg_blend, rg_step are called */
    int uses_bump, uses_take;   /* scalar_ref: rg_bump, rg_take (called where C may not) */
    int uses_declop[7];         /* declared_op: the operators used (declops) */
    int uses_grid, uses_rowdot; /* grid_helper: rg_grid, rg_rowdot are called */
    int grid_param;             /* rg_grid's parameter: g[n][m], (*g)[m] or g[][m] */
    int uses_split;             /* rounding: rg_split (frexp, modf) is called */
    /* structs: f has the parameter const rg_pt *sp (its fields packed from w
     * by the check driver), the program uses rg_pt, rg_ptval, rg_ptmix */
    int has_sp, used_sp, uses_struct, uses_ptval, uses_ptmix, uses_ptnext;
    int x_macro; /* macros: x declared as polybench.h spells it, const double RG_VEC(x, n * m),
                  * through a macro using another (RG_SEL); its length is a let the
                  * per-thread copies of x_b print (random.batch seed 14) */
    int has_sc, used_sc; /* scratch_param: double *sc (N * M, zeroed by the driver) and
                          * const int *nb (N neighbours by formula nb_form) */
    int nb_form;
    const char *x_rows; /* row_view: the view of x by rows, or NULL */
    int used_x_rows;
    int has_sa, used_sa;    /* array_fields: const rg_ax *sa, N cells whose fields c[3] (arrays in
                             * the struct) and s are packed from w */
    int has_sg, used_sg;    /* pointer_fields: const rg_seg *sg, two segments whose v point to
                             * copies of w's front and back (sg[k].v[i]) */
    int uses_enum;          /* enum rg_mode is defined */
    int uses_pragma_consts; /* RG_LEVELS and RG_WHILE_MAX are defined (for pragmas) */
    int uses_kept_macros;   /* RG_MAX_N, RG_TAG, RG_LOG are defined (asserts, printf) */
    int uses_segat;         /* rg_segval(sg, K, i) and rg_segat(&sg[K], i): an element's array
                             * through helpers given the array and a constant number, or a
                             * pointer to the element */
    int uses_ptfield;       /* rg_ptfield(&sq, hi): a struct local read through a const pointer */
    /* malloc: an rg_pt array f allocates and fills from x (its name; its
     * fields read as sp's are) */
    const char *heap_sp;
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

extern struct program prog; /* (gen_tree.c) */

/* ------------------------------------------------------------------ */
/* scopes: what an expression may read and a statement may write       */
/* (gen_tree.c)                                                        */

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
    /* K_ROW_START: a variable holding at most name * m, a multiple of m,
     * or NULL */
    const char *row_start;
};

/* an array the function may write: y, u, malloc'ed temporaries, buffers */
struct array {
    const char *name;
    int extent;          /* 0: not initialised, 1: [0,n) initialised, 2: [0,n*m) */
    int input;           /* x, w: read-only, always readable */
    const char *writing; /* index written by an enclosing map, or NULL */
    int need;            /* the extent that index needs to read the element */
    int locked;          /* written by a nested map of the enclosing parallel loop */
    int optional;        /* w or z when optional: every read outside its test tests it */
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

extern struct ctx cx;

/* a fresh name: prefix and a number */
const char *fresh(const char *prefix);
/* a variable in scope from here (until the block is left) */
struct var *declare(const char *name, enum vtype type, double bound);
/* whether the context may read array a (gen_expr.c) */
int readable(const struct array *a);
struct array *find_array(const char *name);
struct array *add_array(const char *name, int extent, int input);

/* what enter() saves and leave() restores */
struct saved {
    int nvars, nloops;
    int extent[MAX_ARRAYS];
    int locked[MAX_ARRAYS];
};

struct saved enter(void);
/* K_PARAM_SWAP (gen_stmt.c): whether x and w were swapped here */
int gen_param_swap(struct block b);
/* leaving an if or sequential loop: locks are kept */
void leave(struct saved s);
/* leaving a parallel loop: its locks are dropped too */
void leave_par(struct saved s);

/* ------------------------------------------------------------------ */
/* index expressions and expressions (gen_expr.c)                      */

/* an index in [0, n) */
const char *index_n(void);
/* an expression with no operands */
struct node *leaf(const char *text, double bound);
/* an operation: tmpl with %0, %1 for the operands */
struct node *op1(const char *tmpl, double bound, struct node *a);
struct node *op2(const char *tmpl, double bound, struct node *a, struct node *b);
/* double, float or a typedef_sig alias (an operand of n) */
const char *type_text(struct node *n, int is_float);
/* keeps values in range: a bounded squashing function above a limit */
struct node *squash(struct node *e);
double max2(double a, double b);
/* an active or inactive condition (an int-valued expression node) */
struct node *gen_cond(int depth);
/* a random expression; depth bounds its nesting */
struct node *gen_expr(int depth);

/* the static helper functions f may call (filled by gen_helper) */
struct helper {
    const char *name;
    int kind;       /* 0: (double, double), 1: (const double *, int), 2: (int, v, q) */
    int optional_q; /* kind 2: q is optional (tested at every read), called with NULL too */
};
extern int nhelpers;
extern struct helper helpers[8];

/* ------------------------------------------------------------------ */
/* statements, sequential loops, helpers (gen_stmt.c)                  */

/* a loop's counter: declared at the top (*pooled) or in the loop's head */
const char *loop_counter(const char *prefix, int *pooled);
/* at the end of a loop over a counter from loop_counter */
void end_counter(const char *name);
/* the pooled counters' declaration, once f is built: at position at */
void declare_counters(struct node *f, int at);
/* a loop over [lo, hi) in one of C's spellings */
const char *loop_head(const char *var, int pooled, const char *lo, const char *hi);
void push_loop(const char *name, int par, int range, int inner);
/* the number of loops in scope over range */
int loops_of(int range);
/* a local declaration (double/float/int, array, struct, ...) */
void gen_local(struct block b);
/* count random statements allowed in the current context */
void gen_block(struct block b, int count);
int gen_scratch_param(struct block b);
int gen_private_array(struct block b);
/* optional_out: an update of z under a test of z (0 where none fits here) */
int gen_optional_update(struct block b, int count);
/* helper function number k, into b (the helpers' block) */
void gen_helper(struct block b, int k);

/* frees the malloc'ed temporaries (before every return): as a whole
 * statement and inside an if block (set by gen_function) */
extern const char *free_top, *free_in_if;

/* ------------------------------------------------------------------ */
/* parallel constructs: map, reduce, scan, histogram (gen_par.c)       */

/* the arrays a map may write: outputs, temporaries, buffers */
struct array *pick_target(int need_init, int fresh);
/* private_scalar's declarations, once f is built: at position at of f's body */
void declare_privates(int at);
/* a map at the top or nested in a parallel loop (or a local instead) */
void gen_map(struct block b, int count);
/* a map over range writing t */
/* inner: 1 over [1, n - 1), 0 over [0, n), -1 either (NRANGE only) */
void gen_map_over(struct block b, int count, struct array *t, int range, int inner);
void gen_perfect_nest(struct block b, int count, struct array *t);
void gen_stencil_out(struct block b, int count, struct array *t);
/* declared operators: the functions, and the pragmas declaring them */
void print_declop_functions(FILE *out);
void print_declop_pragmas(FILE *out);
void gen_reduce(struct block b, int count);
void gen_scan(struct block b, int count);
void gen_scan_rows(struct block b);
void gen_histogram(struct block b, int count);
void gen_hist_op(struct block b, int count);

#endif
