/* Lifting C into the combinator IR with libclang.
 *
 * C locals are mutable; the IR's scalars are SSA. The lifter keeps an
 * environment from each C declaration to its current SSA value: an if merges
 * the values its branches assign with phis, a sequential loop turns the
 * scalars its body assigns into loop-carried values, and a reduce turns
 * updates of its accumulators into per-iteration contributions. */
#define _POSIX_C_SOURCE 200809L
#include "parse.h"
#include "derivs.h"
#include "rev.h"

#include <clang-c/Index.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef PARGRAD_CLANG_RESOURCE
#define PARGRAD_CLANG_RESOURCE "/usr/lib/llvm-14/lib/clang/14.0.6/include"
#endif

struct Frontend {
    Arena *a;
    Diags *d;
    CXIndex index;
    CXTranslationUnit tu;
    const char *path;
    char *text;
    PtrVec pragmas;    /* Pragma* */
    PtrVec directives; /* Pragma* of kind reverse/forward */
};

/* ---- environment ---- */
typedef enum { ROLE_NORMAL, ROLE_INDEX, ROLE_ACC } Role;

typedef struct Binding {
    CXCursor decl;
    const char *name;
    bool is_array;
    Type ty;
    Operand val;
    Buffer *buf;
    Role role;
    ReduceOp acc_op;
    /* 1 + the index of the barrier of the reduce whose accumulator this is,
     * or of the innermost map/reduce to whose iterations it is private (a
     * scalar declared outside and assigned inside, OpenMP's private habit);
     * 0 for none. */
    int acc_barrier, private_barrier;
    /* Why the binding has no value (val is OPD_NONE), for the diagnostic of
     * a read: NULL when it was never assigned. */
    const char *unset_why;
} Binding;

typedef enum { BARRIER_LOOP, BARRIER_MAP, BARRIER_REDUCE, BARRIER_CALL } BarrierKind;

typedef struct Barrier {
    BarrierKind kind;
    int floor;   /* bindings below this index are declared outside */
    int stopped; /* sequential loops with break: the binding of their `stopped` flag, or -1 */
} Barrier;

typedef struct Lift {
    Frontend *fe;
    Arena *a;
    Func *f;
    Body *cur;
    Binding *env;
    int nenv, capenv;
    /* Where each declaration is bound: entries (slot index, hash of the
     * declaration) chained per hash bucket, newest first; see lookup. */
    struct EnvEntry *entries;
    int nentries, capentries;
    int *heads;
    unsigned mask;
    Barrier *barriers;
    int nbarriers, capbarriers;
    CXCursor *inlining; /* the function being lifted, then the helpers inlined into it */
    int ninlining, capinlining;
    bool failed;
    bool seen_return;
    Operand ret_val; /* the value of an inlined call's return */
    Type ret_ty;     /* the return type of the function being lifted or inlined */
    /* Returns that lift_early_return cannot split the function at (inside a
     * loop, or in an if that falls through): the bindings of the `returned`
     * flag and of the value returned (-1 for void), or -1 when every return
     * is at a split point. */
    int ret_flag, ret_slot;
} Lift;

static Operand lift_expr(Lift *L, CXCursor c);
static void lift_stmt(Lift *L, CXCursor c);

/* ---- small libclang helpers ---- */
/* The first children of an expression or statement (operands, the parts of
 * a for), and always its last one (a function's body). Calls, whose
 * argument lists have no bound, use all_kids. */
typedef struct Kids {
    CXCursor items[16];
    int n;
    CXCursor last;
} Kids;

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Kids *k = data;
    if (k->n < 16)
        k->items[k->n] = c;
    k->n++;
    k->last = c;
    return CXChildVisit_Continue;
}

static Kids kids_of(CXCursor c) {
    Kids k = {.n = 0};
    clang_visitChildren(c, collect_kid, &k);
    if (k.n > 16)
        k.n = 16;
    return k;
}

typedef struct KidList {
    Arena *a;
    CXCursor *items;
    int n, cap;
} KidList;

static enum CXChildVisitResult collect_all(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    KidList *k = data;
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 8;
        CXCursor *items = arena_alloc(k->a, sizeof(CXCursor) * (size_t)k->cap);
        if (k->n)
            memcpy(items, k->items, sizeof(CXCursor) * (size_t)k->n);
        k->items = items;
    }
    k->items[k->n++] = c;
    return CXChildVisit_Continue;
}

/* Every child of c, in an array allocated in the arena. */
static KidList all_kids(Arena *a, CXCursor c) {
    KidList k = {.a = a};
    clang_visitChildren(c, collect_all, &k);
    return k;
}

static SrcLoc loc_of(Lift *L, CXCursor c) {
    CXFile file;
    unsigned line, col, off;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &col, &off);
    SrcLoc l = {L->fe->path, (int)line, (int)col};
    return l;
}

static SrcLoc floc_of(Frontend *fe, CXCursor c) {
    CXFile file;
    unsigned line, col, off;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &col, &off);
    return (SrcLoc){fe->path, (int)line, (int)col};
}

static unsigned offset_of(CXSourceLocation loc) {
    unsigned off;
    clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
    return off;
}

static const char *spelling(Lift *L, CXCursor c) {
    CXString s = clang_getCursorSpelling(c);
    const char *r = arena_strdup(L->a, clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* The source text of a cursor's extent. */
static const char *extent_text(Frontend *fe, CXCursor c) {
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned b = offset_of(clang_getRangeStart(r)), e = offset_of(clang_getRangeEnd(r));
    size_t len = strlen(fe->text);
    if (b > len || e > len || e < b)
        return "";
    char *s = arena_alloc(fe->a, e - b + 1);
    memcpy(s, fe->text + b, e - b);
    return s;
}

/* A cursor's extent in the main file. Where its end comes from a macro, the
 * place the macro is used: tokenizing then covers the source the user wrote
 * (`SCALE * x` with a constant SCALE). Operators inside function-like macro
 * bodies are not visible this way, and such code is rejected. */
static CXSourceRange file_extent(CXTranslationUnit tu, CXCursor c) {
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile fb, fe;
    unsigned lb, cb, le, ce;
    clang_getExpansionLocation(clang_getRangeStart(r), &fb, &lb, &cb, NULL);
    clang_getExpansionLocation(clang_getRangeEnd(r), &fe, &le, &ce, NULL);
    if (!fb || fb != fe)
        return r;
    if (le < lb || (le == lb && ce <= cb))
        ce = cb + 1;
    return clang_getRange(clang_getLocation(tu, fb, lb, cb), clang_getLocation(tu, fe, le, ce));
}

/* The operator of a binary or compound-assignment expression: the first token
 * after the left operand. */
static const char *binop_of(Lift *L, CXCursor c) {
    Kids k = kids_of(c);
    if (k.n < 2)
        return "";
    unsigned lhs_end = offset_of(clang_getRangeEnd(file_extent(L->fe->tu, k.items[0])));
    CXToken *toks;
    unsigned nt;
    clang_tokenize(L->fe->tu, file_extent(L->fe->tu, c), &toks, &nt);
    const char *op = "";
    for (unsigned i = 0; i < nt; i++) {
        unsigned off = offset_of(clang_getTokenLocation(L->fe->tu, toks[i]));
        if (off >= lhs_end && clang_getTokenKind(toks[i]) == CXToken_Punctuation) {
            CXString s = clang_getTokenSpelling(L->fe->tu, toks[i]);
            op = arena_strdup(L->a, clang_getCString(s));
            clang_disposeString(s);
            break;
        }
    }
    clang_disposeTokens(L->fe->tu, toks, nt);
    return op;
}

/* The operator of a unary expression; *postfix tells where it stands. */
static const char *unop_of(Lift *L, CXCursor c, bool *postfix) {
    CXToken *toks;
    unsigned nt;
    clang_tokenize(L->fe->tu, file_extent(L->fe->tu, c), &toks, &nt);
    const char *op = "";
    *postfix = false;
    if (nt > 0) {
        CXString s = clang_getTokenSpelling(L->fe->tu, toks[0]);
        if (clang_getTokenKind(toks[0]) == CXToken_Punctuation) {
            op = arena_strdup(L->a, clang_getCString(s));
        } else {
            CXString e = clang_getTokenSpelling(L->fe->tu, toks[nt - 1]);
            op = arena_strdup(L->a, clang_getCString(e));
            clang_disposeString(e);
            *postfix = true;
        }
        clang_disposeString(s);
    }
    clang_disposeTokens(L->fe->tu, toks, nt);
    return op;
}

/* Skips parentheses and implicit conversions. */
static CXCursor strip(CXCursor c) {
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
            return c;
        Kids kids = kids_of(c);
        if (kids.n != 1)
            return c;
        c = kids.items[0];
    }
}

static bool map_type(CXType t, Type *out) {
    CXType ct = clang_getCanonicalType(t);
    switch (ct.kind) {
    case CXType_Double:
        *out = type_double();
        return true;
    case CXType_Float:
        *out = type_float();
        return true;
    case CXType_Bool:
    case CXType_Char_S:
    case CXType_Char_U:
    case CXType_SChar:
    case CXType_UChar:
    case CXType_Short:
    case CXType_UShort:
    case CXType_Int:
    case CXType_UInt:
    case CXType_Long:
    case CXType_ULong:
    case CXType_LongLong:
    case CXType_ULongLong: {
        /* by kind, not by spelling: `const uint64_t` is an unsigned long */
        static const struct {
            enum CXTypeKind kind;
            const char *name;
        } known[] = {{CXType_Bool, "_Bool"},
                     {CXType_Char_S, "char"},
                     {CXType_Char_U, "char"},
                     {CXType_SChar, "signed char"},
                     {CXType_UChar, "unsigned char"},
                     {CXType_Short, "short"},
                     {CXType_UShort, "unsigned short"},
                     {CXType_Int, "int"},
                     {CXType_UInt, "unsigned int"},
                     {CXType_Long, "long"},
                     {CXType_ULong, "unsigned long"},
                     {CXType_LongLong, "long long"},
                     {CXType_ULongLong, "unsigned long long"}};
        out->kind = TY_INT;
        out->cname = "int";
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            if (known[i].kind == ct.kind)
                out->cname = known[i].name;
        return true;
    }
    default:
        return false;
    }
}

static void fail(Lift *L, CXCursor at, const char *hint, const char *fmt, const char *arg) {
    if (!L->failed)
        diag_error(L->fe->d, loc_of(L, at), hint, fmt, arg);
    L->failed = true;
}

static Builder builder(Lift *L, CXCursor at) {
    return (Builder){L->a, L->f, L->cur, loc_of(L, at)};
}

/* ---- environment ---- */
/* Bindings are found through a hash table instead of a scan of the whole
 * environment for every name (quadratic in long functions). Every bind adds
 * an entry; entries outlive the scopes that truncate the environment, and
 * one is valid while its slot is still bound to its declaration. */
typedef struct EnvEntry {
    int index;
    unsigned hash;
    int next; /* older entry in the same bucket, or -1 */
} EnvEntry;

/* Equal cursors have equal data[0] (the declaration). */
static unsigned decl_hash(CXCursor decl) {
    uintptr_t p = (uintptr_t)decl.data[0];
    return (unsigned)(p ^ (p >> 29)) * 2654435761u;
}

static void add_entry(Lift *L, int index, unsigned hash) {
    if (L->nentries == L->capentries) {
        L->capentries = L->capentries ? 2 * L->capentries : 256;
        L->entries = xrealloc(L->entries, sizeof(EnvEntry) * (size_t)L->capentries);
        /* rehash, oldest first, so that buckets stay newest first */
        L->mask = (unsigned)L->capentries - 1;
        L->heads = xrealloc(L->heads, sizeof(int) * (size_t)L->capentries);
        for (unsigned i = 0; i <= L->mask; i++)
            L->heads[i] = -1;
        for (int i = 0; i < L->nentries; i++) {
            EnvEntry *e = &L->entries[i];
            e->next = L->heads[e->hash & L->mask];
            L->heads[e->hash & L->mask] = i;
        }
    }
    EnvEntry *e = &L->entries[L->nentries];
    *e = (EnvEntry){index, hash, L->heads[hash & L->mask]};
    L->heads[hash & L->mask] = L->nentries++;
}

static Binding *bind(Lift *L, CXCursor decl, const char *name) {
    if (L->nenv == L->capenv) {
        L->capenv = L->capenv ? 2 * L->capenv : 64;
        L->env = xrealloc(L->env, sizeof(Binding) * (size_t)L->capenv);
    }
    Binding *b = &L->env[L->nenv++];
    memset(b, 0, sizeof *b);
    b->decl = decl;
    b->name = name;
    add_entry(L, L->nenv - 1, decl_hash(decl));
    return b;
}

/* The innermost binding of the declaration ref refers to, or -1. Among the
 * valid entries for it the newest has the highest slot: every bind after
 * a slot's current one went to a higher slot. */
static int lookup(Lift *L, CXCursor ref) {
    CXCursor decl = clang_getCursorReferenced(ref);
    unsigned hash = decl_hash(decl);
    for (int i = L->nentries ? L->heads[hash & L->mask] : -1; i >= 0; i = L->entries[i].next) {
        EnvEntry *e = &L->entries[i];
        if (e->hash == hash && e->index < L->nenv &&
            clang_equalCursors(L->env[e->index].decl, decl))
            return e->index;
    }
    return -1;
}

static void push_barrier(Lift *L, Barrier b) {
    if (L->nbarriers == L->capbarriers) {
        L->capbarriers = L->capbarriers ? 2 * L->capbarriers : 16;
        L->barriers = xrealloc(L->barriers, sizeof(Barrier) * (size_t)L->capbarriers);
    }
    L->barriers[L->nbarriers++] = b;
}

static void push_inlining(Lift *L, CXCursor fn) {
    if (L->ninlining == L->capinlining) {
        L->capinlining = L->capinlining ? 2 * L->capinlining : 16;
        L->inlining = xrealloc(L->inlining, sizeof(CXCursor) * (size_t)L->capinlining);
    }
    L->inlining[L->ninlining++] = fn;
}

/* Values of all bindings, to merge branches and loop bodies. */
static Operand *snapshot(Lift *L) {
    Operand *s = xmalloc(sizeof(Operand) * (size_t)(L->nenv + 1));
    for (int i = 0; i < L->nenv; i++)
        s[i] = L->env[i].val;
    return s;
}

/* ---- expressions ---- */
static Operand evaluate_constant(Lift *L, CXCursor c, bool *ok) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    *ok = false;
    Operand o = opd_none();
    if (!r)
        return o;
    Type ty;
    if (!map_type(clang_getCursorType(c), &ty))
        ty = type_int();
    switch (clang_EvalResult_getKind(r)) {
    case CXEval_Int: {
        /* unsigned values above LLONG_MAX do not come back as long long */
        bool is_unsigned = clang_EvalResult_isUnsignedInt(r);
        long long bits = is_unsigned ? (long long)clang_EvalResult_getAsUnsigned(r)
                                     : clang_EvalResult_getAsLongLong(r);
        double value = is_unsigned ? (double)(unsigned long long)bits : (double)bits;
        o = type_is_float(ty) ? opd_float(value, ty) : opd_int(bits);
        if (!type_is_float(ty))
            o.ty = ty;
        *ok = true;
        break;
    }
    case CXEval_Float:
        o = opd_float(clang_EvalResult_getAsDouble(r), type_is_float(ty) ? ty : type_double());
        *ok = true;
        break;
    default:
        break;
    }
    clang_EvalResult_dispose(r);
    (void)L;
    return o;
}

static Type expr_type(Lift *L, CXCursor c) {
    Type ty;
    if (!map_type(clang_getCursorType(c), &ty)) {
        CXString s = clang_getTypeSpelling(clang_getCursorType(c));
        fail(L, c, "pargrad differentiates float and double arithmetic with integer indices",
             "expression of type '%s' is not supported here", clang_getCString(s));
        clang_disposeString(s);
        return type_double();
    }
    return ty;
}

/* Collects a[i][j] into its buffer and subscripts (outermost first). */
static Buffer *lift_subscripts(Lift *L, CXCursor c, Operand *idx, int *nidx) {
    CXCursor cur = strip(c);
    CXCursor chain[4];
    int n = 0;
    while (clang_getCursorKind(cur) == CXCursor_ArraySubscriptExpr && n < 4) {
        chain[n++] = cur;
        Kids k = kids_of(cur);
        cur = strip(k.items[0]);
    }
    if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr) {
        fail(L, cur, "index a parameter or a local array directly, e.g. x[i] or a[i][j]",
             "unsupported array expression%s", "");
        return NULL;
    }
    int b = lookup(L, cur);
    if (b < 0 || !L->env[b].is_array) {
        fail(L, cur, NULL, "'%s' is not an array pargrad knows", spelling(L, cur));
        return NULL;
    }
    for (int i = n - 1, k = 0; i >= 0; i--, k++) {
        Kids kk = kids_of(chain[i]);
        Operand o = lift_expr(L, kk.items[1]);
        if (type_is_float(o.ty))
            fail(L, kk.items[1], NULL, "array index of floating type%s", "");
        idx[k] = o;
    }
    *nidx = n;
    Buffer *buf = L->env[b].buf;
    if (buf->rank < n)
        buf->rank = n;
    return buf;
}

static Operand lift_read(Lift *L, CXCursor c) {
    Operand idx[4];
    int n = 0;
    Buffer *buf = lift_subscripts(L, c, idx, &n);
    if (!buf)
        return opd_float(0, type_double());
    Stmt *s = stmt_new(L->a, S_READ, loc_of(L, c));
    s->buf = buf;
    /* x[i] reads into x_i, for readable output */
    const char *name = n == 1 && idx[0].kind == OPD_VAR && !var_is_temp(idx[0].var)
                           ? arena_printf(L->a, "%s_%s", buf->name, idx[0].var->name)
                           : arena_printf(L->a, "%s_v", buf->name);
    s->dst = var_new(L->a, L->f, name, buf->elem);
    s->nidx = n;
    memcpy(s->idx, idx, sizeof(Operand) * (size_t)n);
    body_append(L->a, L->cur, s);
    return opd_var(s->dst);
}

static PrimOp binop_code(const char *op, bool *ok) {
    static const struct {
        const char *s;
        PrimOp op;
    } ops[] = {{"+", OP_ADD}, {"-", OP_SUB},  {"*", OP_MUL}, {"/", OP_DIV}, {"%", OP_MOD},
               {"<", OP_LT},  {"<=", OP_LE},  {">", OP_GT},  {">=", OP_GE}, {"==", OP_EQ},
               {"!=", OP_NE}, {"&&", OP_AND}, {"||", OP_OR}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(op, ops[i].s) == 0) {
            *ok = true;
            return ops[i].op;
        }
    *ok = false;
    return OP_COPY;
}

static bool has_kind(CXCursor c, enum CXCursorKind kind);

typedef struct KindSearch {
    enum CXCursorKind kind;
    bool found;
} KindSearch;

static enum CXChildVisitResult find_kind(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    KindSearch *ks = data;
    if (clang_getCursorKind(c) == ks->kind) {
        ks->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool has_kind(CXCursor c, enum CXCursorKind kind) {
    if (clang_getCursorKind(c) == kind)
        return true;
    KindSearch ks = {kind, false};
    clang_visitChildren(c, find_kind, &ks);
    return ks.found;
}

/* Lowers `c ? a : b` (or a short-circuit operator) whose arms read arrays
 * into an if, so that an arm is evaluated only when C would evaluate it. */
static Operand lift_guarded(Lift *L, CXCursor at, Operand cond, CXCursor then_e, CXCursor else_e,
                            Operand else_const, Type ty) {
    Stmt *s = stmt_new(L->a, S_IF, loc_of(L, at));
    s->cond = cond;
    s->then_body = body_new(L->a);
    s->else_body = body_new(L->a);
    Body *saved = L->cur;
    L->cur = s->then_body;
    Builder bd = builder(L, at);
    Operand tv = b_cast(&bd, ty, lift_expr(L, then_e));
    L->cur = s->else_body;
    bd = builder(L, at);
    Operand ev = clang_Cursor_isNull(else_e) ? else_const : b_cast(&bd, ty, lift_expr(L, else_e));
    L->cur = saved;
    Phi *p = arena_alloc(L->a, sizeof(Phi));
    p->dst = var_new(L->a, L->f, TEMP_NAME, ty);
    p->then_val = tv;
    p->else_val = ev;
    vec_push(L->a, &s->phis, p);
    body_append(L->a, L->cur, s);
    return opd_var(p->dst);
}

static Operand lift_binary(Lift *L, CXCursor c) {
    const char *ops = binop_of(L, c);
    bool ok;
    PrimOp op = binop_code(ops, &ok);
    if (!ok) {
        if (!*ops)
            fail(L, c, "write the operation out, or make the macro an inline function",
                 "cannot see the operator of this expression (inside a macro?)%s", "");
        else if (strcmp(ops, "=") == 0 || strchr("+-*/", ops[0]))
            fail(L, c, "write assignments as statements of their own",
                 "assignment inside an expression%s", "");
        else
            fail(L, c, "use arithmetic, comparisons and && || on scalars",
                 "unsupported operator '%s'", ops);
        return opd_float(0, type_double());
    }
    Kids k = kids_of(c);
    Type ty = expr_type(L, c);
    Builder bd = builder(L, c);
    if ((op == OP_AND || op == OP_OR) && has_kind(k.items[1], CXCursor_ArraySubscriptExpr)) {
        Operand lhs = lift_expr(L, k.items[0]);
        Operand test = b_cmp(&bd, OP_NE, lhs, opd_int(0));
        if (op == OP_AND)
            return lift_guarded(L, c, test, k.items[1], clang_getNullCursor(), opd_int(0), ty);
        Operand neg = b_op(&bd, OP_NOT, type_bool(), test, opd_none());
        return lift_guarded(L, c, neg, k.items[1], clang_getNullCursor(), opd_int(1), ty);
    }
    Operand x = lift_expr(L, k.items[0]);
    Operand y = lift_expr(L, k.items[1]);
    if (op >= OP_LT && op <= OP_OR)
        return b_cmp(&bd, op, x, y);
    if (op == OP_MOD && (type_is_float(x.ty) || type_is_float(y.ty)))
        fail(L, c, NULL, "'%%' on floating values%s", "");
    x = b_cast(&bd, ty, x);
    y = b_cast(&bd, ty, y);
    return b_op(&bd, op, ty, x, y);
}

static Operand lift_unary(Lift *L, CXCursor c) {
    bool postfix;
    const char *op = unop_of(L, c, &postfix);
    Kids k = kids_of(c);
    Builder bd = builder(L, c);
    if (strcmp(op, "-") == 0 && !postfix)
        return b_neg(&bd, b_cast(&bd, expr_type(L, c), lift_expr(L, k.items[0])));
    if (strcmp(op, "+") == 0 && !postfix)
        return b_cast(&bd, expr_type(L, c), lift_expr(L, k.items[0]));
    if (strcmp(op, "!") == 0 && !postfix)
        return b_op(&bd, OP_NOT, type_bool(), lift_expr(L, k.items[0]), opd_none());
    if (strcmp(op, "++") == 0 || strcmp(op, "--") == 0)
        fail(L, c, "write increments as statements of their own", "'%s' inside an expression", op);
    else
        fail(L, c, "pointers and bit operations are outside what pargrad differentiates",
             "unsupported unary operator '%s'", op);
    return opd_int(0);
}

static Operand lift_inline_call(Lift *L, CXCursor call, CXCursor def, KidList *args);

static Operand lift_call(Lift *L, CXCursor c) {
    const char *name = spelling(L, c);
    KidList k = all_kids(L->a, c);
    /* k.items[0] is the callee; the rest are arguments. */
    if (strncmp(name, "__builtin_", 10) == 0) {
        bool ok;
        Operand v = evaluate_constant(L, c, &ok);
        if (ok)
            return v;
        Type ty = expr_type(L, c);
        if (strstr(name, "inf") || strstr(name, "huge_val"))
            return opd_float(INFINITY, ty);
        if (strstr(name, "nan"))
            return opd_float(NAN, ty);
    }
    Type fty;
    int fn = deriv_lookup(name, &fty);
    if (fn >= 0 && strncmp(name, "pg_", 3) != 0) {
        int arity = deriv_arity(fn);
        if (k.n - 1 != arity) {
            fail(L, c, NULL, "wrong number of arguments to '%s'", name);
            return opd_float(0, fty);
        }
        Builder bd = builder(L, c);
        Operand x = b_cast(&bd, fty, lift_expr(L, k.items[1]));
        Operand y = arity > 1 ? b_cast(&bd, fty, lift_expr(L, k.items[2])) : opd_none();
        bd = builder(L, c);
        return b_call(&bd, fn, x, y);
    }
    if (strcmp(name, "free") == 0 && k.n == 2) {
        CXCursor a = strip(k.items[1]);
        int b = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? lookup(L, a) : -1;
        if (b >= 0 && L->env[b].is_array && L->env[b].buf->heap)
            return opd_int(0); /* the generated code frees its temporaries at its end */
    }
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
    if (!clang_Cursor_isNull(def) && clang_getCursorKind(def) == CXCursor_FunctionDecl &&
        clang_Location_isFromMainFile(clang_getCursorLocation(def))) {
        KidList args = {.a = L->a, .items = k.items + 1, .n = k.n - 1};
        return lift_inline_call(L, c, def, &args);
    }
    fail(L, c, "pargrad differentiates the math.h functions and functions defined in the same file",
         "call to '%s', which pargrad cannot see or differentiate", name);
    return opd_float(0, type_double());
}

/* The current value of a scalar binding, reporting a read of no value. */
static Operand binding_value(Lift *L, CXCursor at, int b) {
    Binding *bd = &L->env[b];
    if (bd->val.kind != OPD_NONE)
        return bd->val;
    if (bd->private_barrier)
        fail(L, at,
             "assign it in the iteration before reading it, or declare it inside the loop; to "
             "combine values across iterations use reduce(OP: var)",
             "'%s' is declared outside this parallel loop and read before the iteration assigns "
             "it: its value would come from another iteration",
             bd->name);
    else if (bd->unset_why)
        fail(L, at, "declare it inside the loop, or give it a value on every path", bd->unset_why,
             bd->name);
    else
        fail(L, at, "give the variable a value before using it",
             "'%s' is used before it is assigned", bd->name);
    return opd_float(0, type_is_float(bd->ty) ? bd->ty : type_double());
}

static Operand lift_expr(Lift *L, CXCursor c) {
    if (L->failed)
        return opd_float(0, type_double());
    enum CXCursorKind kind = clang_getCursorKind(c);
    /* Constant arithmetic (also from macros, whose tokens are not in the
     * file) is folded by clang. */
    if ((kind == CXCursor_UnaryOperator || kind == CXCursor_BinaryOperator) &&
        !has_kind(c, CXCursor_DeclRefExpr) && !has_kind(c, CXCursor_CallExpr)) {
        bool ok;
        Operand v = evaluate_constant(L, c, &ok);
        if (ok)
            return v;
    }
    switch (kind) {
    case CXCursor_IntegerLiteral:
    case CXCursor_FloatingLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_UnaryExpr: { /* sizeof, _Alignof */
        bool ok;
        Operand v = evaluate_constant(L, c, &ok);
        if (!ok)
            fail(L, c, NULL, "cannot evaluate this constant%s", "");
        return v;
    }
    case CXCursor_ParenExpr:
        return lift_expr(L, kids_of(c).items[0]);
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr: {
        Kids k = kids_of(c);
        if (k.n == 0) {
            fail(L, c, NULL, "unsupported expression%s", "");
            return opd_int(0);
        }
        CXCursor inner = k.items[k.n - 1];
        Operand v = lift_expr(L, inner);
        CXType ct = clang_getCanonicalType(clang_getCursorType(c));
        if (ct.kind == CXType_Pointer || ct.kind == CXType_ConstantArray)
            return v;
        Builder bd = builder(L, c);
        return b_cast(&bd, expr_type(L, c), v);
    }
    case CXCursor_DeclRefExpr: {
        CXCursor decl = clang_getCursorReferenced(c);
        if (clang_getCursorKind(decl) == CXCursor_EnumConstantDecl)
            return opd_int(clang_getEnumConstantDeclValue(decl));
        int b = lookup(L, c);
        if (b < 0) {
            fail(L, c, "differentiated functions may read their parameters and locals only",
                 "'%s' is not a parameter or local of the function", spelling(L, c));
            return opd_int(0);
        }
        Binding *bd = &L->env[b];
        if (bd->is_array) {
            fail(L, c, "index the array, e.g. x[i]", "array '%s' used as a value", bd->name);
            return opd_int(0);
        }
        if (bd->role == ROLE_ACC) {
            fail(L, c,
                 "a reduce variable may only be updated (s += e, s = fmin(s, e), ...); "
                 "read it after the loop",
                 "reads the reduction variable '%s' inside its reduce", bd->name);
            return opd_int(0);
        }
        return binding_value(L, c, b);
    }
    case CXCursor_BinaryOperator:
        return lift_binary(L, c);
    case CXCursor_UnaryOperator:
        return lift_unary(L, c);
    case CXCursor_ArraySubscriptExpr:
        return lift_read(L, c);
    case CXCursor_CallExpr:
        return lift_call(L, c);
    case CXCursor_ConditionalOperator: {
        Kids k = kids_of(c);
        Type ty = expr_type(L, c);
        Builder bd = builder(L, c);
        Operand cond = b_cmp(&bd, OP_NE, lift_expr(L, k.items[0]), opd_int(0));
        if (has_kind(k.items[1], CXCursor_ArraySubscriptExpr) ||
            has_kind(k.items[2], CXCursor_ArraySubscriptExpr) ||
            has_kind(k.items[1], CXCursor_CallExpr) || has_kind(k.items[2], CXCursor_CallExpr))
            return lift_guarded(L, c, cond, k.items[1], k.items[2], opd_none(), ty);
        Operand x = b_cast(&bd, ty, lift_expr(L, k.items[1]));
        Operand y = b_cast(&bd, ty, lift_expr(L, k.items[2]));
        bd = builder(L, c);
        return b_select(&bd, cond, x, y);
    }
    case CXCursor_CompoundAssignOperator:
        fail(L, c, "write assignments as statements of their own",
             "assignment inside an expression%s", "");
        return opd_int(0);
    default: {
        CXString ks = clang_getCursorKindSpelling(kind);
        fail(L, c, "see the supported C subset in PRAGMAS.md section 5",
             "unsupported expression (%s)", clang_getCString(ks));
        clang_disposeString(ks);
        return opd_int(0);
    }
    }
}

/* ---- assignments ---- */
static Operand identity_of(ReduceOp op, Type ty) {
    switch (op) {
    case RED_ADD:
        return b_fconst(0, ty);
    case RED_MUL:
        return b_fconst(1, ty);
    case RED_MIN:
    case RED_ARGMIN:
        return opd_float(INFINITY, ty);
    default:
        return opd_float(-INFINITY, ty);
    }
}

/* acc OP e, folding the identity so that one update per iteration makes the
 * contribution the updated expression itself. */
static Operand combine(Lift *L, CXCursor at, ReduceOp op, Operand acc, Operand e, Type ty) {
    if (type_is_float(e.ty) && !type_is_float(ty)) {
        fail(L, at,
             "declare the reduce variable as double, or convert each contribution yourself, "
             "e.g. r += (int)(e)",
             "floating contribution to the integer reduce variable: C converts after every "
             "update (r = (int)(r + e)), which is not a reduction%s",
             "");
        return acc;
    }
    Builder bd = builder(L, at);
    e = b_cast(&bd, ty, e);
    if (opd_equal(acc, identity_of(op, ty)) ||
        (op >= RED_MIN && acc.kind == OPD_CONST && isinf(acc.fval)))
        return e;
    Type fty;
    switch (op) {
    case RED_ADD:
        return b_add(&bd, acc, e);
    case RED_MUL:
        return b_mul(&bd, acc, e);
    case RED_MIN:
        return b_call(&bd, deriv_lookup("fmin", &fty), acc, e);
    default:
        return b_call(&bd, deriv_lookup("fmax", &fty), acc, e);
    }
}

static bool refers_to(Lift *L, CXCursor e, int binding) {
    CXCursor s = strip(e);
    return clang_getCursorKind(s) == CXCursor_DeclRefExpr && lookup(L, s) == binding;
}

/* A reduce update of accumulator `b`: s op= e, s = s op e, s = e op s,
 * s = fmin(s, e). */
static void lift_acc_update(Lift *L, CXCursor c, int b, const char *op, CXCursor rhs) {
    Binding *bd = &L->env[b];
    ReduceOp rop = bd->acc_op;
    const char *want = rop == RED_ADD   ? "+"
                       : rop == RED_MUL ? "*"
                       : rop == RED_MIN ? "fmin"
                                        : "fmax";
    if (strcmp(op, "=") != 0) {
        bool minus = strcmp(op, "-=") == 0 && rop == RED_ADD;
        if (!minus && !(op[0] == want[0] && op[1] == '=')) {
            fail(L, c, "update the variable with the operator of its reduce clause",
                 "'%s' does not match the reduce operator", op);
            return;
        }
        Operand e = lift_expr(L, rhs);
        if (minus) {
            Builder bd2 = builder(L, c);
            e = b_neg(&bd2, e);
        }
        bd = &L->env[b];
        bd->val = combine(L, c, rop, bd->val, e, bd->ty);
        return;
    }
    CXCursor r = strip(rhs);
    Kids k = kids_of(r);
    CXCursor other = clang_getNullCursor();
    bool negate = false;
    if (clang_getCursorKind(r) == CXCursor_BinaryOperator && k.n == 2) {
        const char *bop = binop_of(L, r);
        bool ok_op = strcmp(bop, want) == 0 || (rop == RED_ADD && strcmp(bop, "-") == 0);
        if (ok_op && refers_to(L, k.items[0], b)) {
            other = k.items[1];
            negate = strcmp(bop, "-") == 0;
        } else if (ok_op && strcmp(bop, "-") != 0 && refers_to(L, k.items[1], b)) {
            other = k.items[0];
        }
    } else if (clang_getCursorKind(r) == CXCursor_CallExpr && k.n == 3) {
        const char *fname = spelling(L, r);
        bool ok_fn = strncmp(fname, want, 4) == 0 && (fname[4] == 0 || strcmp(fname + 4, "f") == 0);
        if (ok_fn && refers_to(L, k.items[1], b))
            other = k.items[2];
        else if (ok_fn && refers_to(L, k.items[2], b))
            other = k.items[1];
    }
    if (clang_Cursor_isNull(other)) {
        fail(L, c,
             "write the update as s += e, s = s + e, s *= e, s = fmin(s, e), s = fmax(s, e) or "
             "if (e < s) s = e",
             "unsupported update of reduction variable '%s'", bd->name);
        return;
    }
    Operand e = lift_expr(L, other);
    if (negate) {
        Builder bd2 = builder(L, c);
        e = b_neg(&bd2, e);
    }
    bd = &L->env[b];
    bd->val = combine(L, c, rop, bd->val, e, bd->ty);
}

static void assign_scalar(Lift *L, CXCursor c, int b, Operand v) {
    Binding *bd = &L->env[b];
    Builder bld = builder(L, c);
    v = b_cast(&bld, bd->ty, v);
    /* Name the value after the user's variable, for readable output. */
    if (v.kind == OPD_VAR && var_is_temp(v.var))
        v.var->name = bd->name;
    else if (v.kind == OPD_VAR)
        v = opd_var(emit_let(L->a, L->f, L->cur, loc_of(L, c), bd->name, bd->ty, OP_COPY, 1, v,
                             opd_none(), opd_none()));
    bd->val = v;
}

/* A scalar declared outside a map or reduce may be assigned inside it when
 * it is private to the iterations (each assigns it before reading it), or
 * when it is that reduce's own accumulator; never an enclosing reduce's
 * accumulator from a nested map or reduce. */
static bool check_assignable(Lift *L, CXCursor c, int b) {
    Binding *bd = &L->env[b];
    if (bd->role == ROLE_INDEX) {
        fail(L, c, "loop indices of canonical loops are assigned by the loop only",
             "assigns to the loop index '%s'", bd->name);
        return false;
    }
    for (int k = L->nbarriers - 1; k >= 0 && b < L->barriers[k].floor; k--) {
        BarrierKind kind = L->barriers[k].kind;
        if (kind != BARRIER_MAP && kind != BARRIER_REDUCE)
            continue;
        if (bd->private_barrier == k + 1 || (bd->role == ROLE_ACC && bd->acc_barrier == k + 1))
            return true;
        if (bd->role == ROLE_ACC)
            fail(L, c,
                 "accumulate into a variable of the inner loop (reduce it there), then combine "
                 "it into the outer accumulator once per outer iteration",
                 "updates the reduce variable '%s' of an enclosing loop inside a nested parallel "
                 "loop",
                 bd->name);
        else
            fail(L, c, "declare the variable inside the loop",
                 "assigns to '%s' inside a parallel loop, but it is declared outside", bd->name);
        return false;
    }
    return true;
}

/* The binding a statement assigns to, or -1 (reported) if it may not. */
static int scalar_target(Lift *L, CXCursor c, CXCursor target) {
    int b = lookup(L, target);
    if (b < 0 || L->env[b].is_array) {
        fail(L, c, NULL, "cannot assign to '%s'", spelling(L, target));
        return -1;
    }
    return check_assignable(L, c, b) ? b : -1;
}

static void lift_assign(Lift *L, CXCursor c, const char *op) {
    Kids k = kids_of(c);
    CXCursor lhs = strip(k.items[0]);
    CXCursor rhs = k.items[1];
    if (clang_getCursorKind(lhs) == CXCursor_ArraySubscriptExpr) {
        Operand idx[4];
        int n = 0;
        Buffer *buf = lift_subscripts(L, lhs, idx, &n);
        if (!buf)
            return;
        Operand v = lift_expr(L, rhs);
        Builder bd = builder(L, c);
        if (strcmp(op, "=") != 0) {
            Operand old = lift_read(L, lhs);
            bool ok;
            char bop[2] = {op[0], 0};
            PrimOp pop = binop_code(bop, &ok);
            if (!ok || pop == OP_MOD) {
                fail(L, c, NULL, "unsupported assignment operator '%s'", op);
                return;
            }
            bd = builder(L, c);
            v = b_op(&bd, pop, buf->elem, b_cast(&bd, buf->elem, old), b_cast(&bd, buf->elem, v));
        }
        Stmt *s = stmt_new(L->a, S_WRITE, loc_of(L, c));
        s->buf = buf;
        s->nidx = n;
        memcpy(s->idx, idx, sizeof(Operand) * (size_t)n);
        s->nargs = 1;
        s->args[0] = b_cast(&bd, buf->elem, v);
        body_append(L->a, L->cur, s);
        return;
    }
    if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr) {
        fail(L, c, "assign to a local scalar or an array element", "unsupported assignment%s", "");
        return;
    }
    int b = scalar_target(L, c, lhs);
    if (b < 0)
        return;
    if (L->env[b].role == ROLE_ACC) {
        lift_acc_update(L, c, b, op, rhs);
        return;
    }
    Operand v = lift_expr(L, rhs);
    if (strcmp(op, "=") != 0) {
        bool ok;
        char bop[2] = {op[0], 0};
        PrimOp pop = binop_code(bop, &ok);
        if (!ok || op[1] != '=') {
            fail(L, c, NULL, "unsupported assignment operator '%s'", op);
            return;
        }
        Builder bd = builder(L, c);
        Type ty = L->env[b].ty;
        Type ct = type_is_float(v.ty) && !type_is_float(ty) ? v.ty : ty;
        v = b_op(&bd, pop, ct, b_cast(&bd, ct, binding_value(L, c, b)), b_cast(&bd, ct, v));
    }
    assign_scalar(L, c, b, v);
}

static void lift_incdec(Lift *L, CXCursor c) {
    bool postfix;
    const char *op = unop_of(L, c, &postfix);
    CXCursor target = strip(kids_of(c).items[0]);
    if (strcmp(op, "++") != 0 && strcmp(op, "--") != 0) {
        lift_expr(L, c); /* evaluated for its diagnostics; the value is unused */
        return;
    }
    if (clang_getCursorKind(target) == CXCursor_ArraySubscriptExpr) {
        fail(L, c, "write x[i] += 1", "'%s' on an array element", op);
        return;
    }
    int b = scalar_target(L, c, target);
    if (b < 0)
        return;
    if (L->env[b].role == ROLE_ACC) {
        fail(L, c, "write s += 1", "'%s' on a reduction variable", op);
        return;
    }
    Builder bd = builder(L, c);
    Binding *bn = &L->env[b];
    Operand old = binding_value(L, c, b);
    Operand v =
        op[0] == '+' ? b_add(&bd, old, b_fconst(1, bn->ty)) : b_sub(&bd, old, b_fconst(1, bn->ty));
    assign_scalar(L, c, b, v);
}

/* ---- declarations ---- */
/* The element count of `malloc(n * sizeof(T))`, `malloc(sizeof(T) * n)` or
 * `calloc(n, sizeof(T))`; false if the call is not one of these. */
static bool heap_count(Lift *L, CXCursor call, Operand *count) {
    const char *fn = spelling(L, call);
    Kids k = kids_of(call);
    if (strcmp(fn, "calloc") == 0 && k.n == 3) {
        *count = lift_expr(L, k.items[1]);
        return clang_getCursorKind(strip(k.items[2])) == CXCursor_UnaryExpr;
    }
    if (strcmp(fn, "malloc") != 0 || k.n != 2)
        return false;
    CXCursor size = strip(k.items[1]);
    Kids sk = kids_of(size);
    if (clang_getCursorKind(size) != CXCursor_BinaryOperator || strcmp(binop_of(L, size), "*") ||
        sk.n != 2)
        return false;
    for (int q = 0; q < 2; q++)
        if (clang_getCursorKind(strip(sk.items[q])) == CXCursor_UnaryExpr) {
            *count = lift_expr(L, sk.items[1 - q]);
            return true;
        }
    return false;
}

/* `T *p = malloc(n * sizeof(T));` at the top of the function: a temporary
 * array of n elements (the generated code frees it when it returns). */
static void lift_heap_array(Lift *L, CXCursor d, const char *name, CXType pointee, CXCursor init) {
    const char *hint = "allocate temporaries as T *p = malloc(n * sizeof(T)); at the top level "
                       "of the function";
    CXCursor call = strip(init);
    if (clang_getCursorKind(call) == CXCursor_CStyleCastExpr) {
        Kids ck = kids_of(call);
        call = strip(ck.items[ck.n - 1]);
    }
    Type ety;
    Operand count;
    if (clang_getCursorKind(call) != CXCursor_CallExpr || !map_type(pointee, &ety) ||
        !type_is_float(ety) || !heap_count(L, call, &count)) {
        fail(L, d, hint, "unsupported initialisation of pointer '%s'", name);
        return;
    }
    if (L->nbarriers > 0) {
        fail(L, d, hint, "'%s' is allocated inside a loop or a called function", name);
        return;
    }
    Buffer *buf = buffer_new(L->a, L->f, name, ety, BUF_LOCAL);
    buf->rank = 1;
    buf->heap = true;
    Binding *b = bind(L, d, name);
    b->is_array = true;
    b->buf = buf;
    Stmt *s = stmt_new(L->a, S_ALLOC, loc_of(L, d));
    s->buf = buf;
    s->nargs = 1;
    s->args[0] = count;
    body_append(L->a, L->cur, s);
}

static void lift_var_decl(Lift *L, CXCursor d) {
    const char *name = spelling(L, d);
    CXType t = clang_getCursorType(d);
    CXType ct = clang_getCanonicalType(t);
    Kids k = kids_of(d);
    if (ct.kind == CXType_Pointer) {
        CXCursor init = clang_getNullCursor();
        for (int i = 0; i < k.n; i++)
            if (clang_isExpression(clang_getCursorKind(k.items[i])))
                init = k.items[i];
        if (clang_Cursor_isNull(init)) {
            fail(L, d, "allocate it where it is declared: T *p = malloc(n * sizeof(T));",
                 "pointer '%s' has no allocation", name);
            return;
        }
        lift_heap_array(L, d, name, clang_getCanonicalType(clang_getPointeeType(ct)), init);
        return;
    }
    if (ct.kind == CXType_ConstantArray) {
        CXType elem = ct;
        Operand dims[4];
        int rank = 0;
        while (elem.kind == CXType_ConstantArray && rank < 4) {
            dims[rank++] = opd_int(clang_getArraySize(elem));
            elem = clang_getCanonicalType(clang_getArrayElementType(elem));
        }
        Type ety;
        if (!map_type(elem, &ety) || !type_is_float(ety)) {
            fail(L, d, "local arrays must hold float or double", "unsupported local array '%s'",
                 name);
            return;
        }
        for (int i = 0; i < k.n; i++)
            if (clang_getCursorKind(k.items[i]) == CXCursor_InitListExpr)
                fail(L, d, "fill the array with a loop", "array initialisers are not supported%s",
                     "");
        Buffer *buf = buffer_new(L->a, L->f, name, ety, BUF_LOCAL);
        buf->rank = rank;
        buf->dims = arena_alloc(L->a, sizeof(Operand) * (size_t)rank);
        memcpy(buf->dims, dims, sizeof(Operand) * (size_t)rank);
        Binding *b = bind(L, d, name);
        b->is_array = true;
        b->buf = buf;
        /* Declared where it appears, so that each iteration gets its own. */
        Stmt *s = stmt_new(L->a, S_DECL, loc_of(L, d));
        s->buf = buf;
        body_append(L->a, L->cur, s);
        return;
    }
    Type ty;
    if (!map_type(t, &ty)) {
        CXString s = clang_getTypeSpelling(t);
        fail(L, d, "locals must be float, double or integer scalars, or fixed-size arrays",
             "local '%s' has an unsupported type", name);
        clang_disposeString(s);
        return;
    }
    Operand init = opd_none();
    for (int i = 0; i < k.n; i++) {
        enum CXCursorKind kk = clang_getCursorKind(k.items[i]);
        if (clang_isExpression(kk))
            init = lift_expr(L, k.items[i]);
    }
    Binding *b = bind(L, d, name);
    b->ty = ty;
    if (init.kind != OPD_NONE)
        assign_scalar(L, d, L->nenv - 1, init);
}

/* ---- statements ---- */
static void lift_body_into(Lift *L, Body *into, CXCursor stmt) {
    Body *saved = L->cur;
    int mark = L->nenv;
    L->cur = into;
    lift_stmt(L, stmt);
    L->nenv = mark;
    L->cur = saved;
}

/* `if (e < s) s = e;` on a min (or max) accumulator s: s = fmin(s, e). */
static bool lift_acc_if(Lift *L, CXCursor c, Kids *k) {
    if (k->n != 2)
        return false;
    CXCursor then = k->items[1];
    if (clang_getCursorKind(then) == CXCursor_CompoundStmt) {
        Kids tk = kids_of(then);
        if (tk.n != 1)
            return false;
        then = tk.items[0];
    }
    if (clang_getCursorKind(then) != CXCursor_BinaryOperator || strcmp(binop_of(L, then), "="))
        return false;
    Kids ak = kids_of(then);
    CXCursor lhs = strip(ak.items[0]);
    if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr)
        return false;
    int b = lookup(L, lhs);
    if (b < 0 || L->env[b].role != ROLE_ACC)
        return false;
    CXCursor cond = strip(k->items[0]);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
        return false;
    const char *op = binop_of(L, cond);
    Kids ck = kids_of(cond);
    const char *e_text = extent_text(L->fe, ak.items[1]);
    bool acc_right =
        refers_to(L, ck.items[1], b) && strcmp(extent_text(L->fe, ck.items[0]), e_text) == 0;
    bool acc_left =
        refers_to(L, ck.items[0], b) && strcmp(extent_text(L->fe, ck.items[1]), e_text) == 0;
    bool less = (acc_right && (!strcmp(op, "<") || !strcmp(op, "<="))) ||
                (acc_left && (!strcmp(op, ">") || !strcmp(op, ">=")));
    bool greater = (acc_right && (!strcmp(op, ">") || !strcmp(op, ">="))) ||
                   (acc_left && (!strcmp(op, "<") || !strcmp(op, "<=")));
    ReduceOp rop = L->env[b].acc_op;
    if (!((less && rop == RED_MIN) || (greater && rop == RED_MAX)))
        return false;
    Operand e = lift_expr(L, ak.items[1]);
    Binding *bd = &L->env[b];
    bd->val = combine(L, c, rop, bd->val, e, bd->ty);
    return true;
}

/* After an if: each of the first n bindings that either branch changed
 * gets a phi of its two values. */
static void merge_branches(Lift *L, CXCursor at, Stmt *s, int n, const Operand *before,
                           const Operand *then_vals, const Operand *else_vals) {
    for (int i = 0; i < n && !L->failed; i++) {
        Operand tv = then_vals[i], ev = else_vals[i];
        if (opd_equal(tv, before[i]) && opd_equal(ev, before[i]))
            continue;
        Binding *b = &L->env[i];
        if (tv.kind == OPD_NONE || ev.kind == OPD_NONE) {
            /* an error only if something reads it */
            b->val = opd_none();
            b->unset_why = arena_printf(L->a,
                                        "'%%s' is assigned in only one branch of the if at line "
                                        "%d and has no value before it",
                                        loc_of(L, at).line);
            continue;
        }
        Phi *p = arena_alloc(L->a, sizeof(Phi));
        p->dst = var_new(L->a, L->f, b->name, b->ty);
        p->then_val = tv;
        p->else_val = ev;
        vec_push(L->a, &s->phis, p);
        b->val = opd_var(p->dst);
    }
}

static void lift_if(Lift *L, CXCursor c) {
    Kids k = kids_of(c);
    if (lift_acc_if(L, c, &k))
        return;
    Builder bd = builder(L, c);
    Operand cond = b_cmp(&bd, OP_NE, lift_expr(L, k.items[0]), opd_int(0));
    Stmt *s = stmt_new(L->a, S_IF, loc_of(L, c));
    s->cond = cond;
    s->then_body = body_new(L->a);
    s->else_body = body_new(L->a);
    int n = L->nenv;
    Operand *before = snapshot(L);
    lift_body_into(L, s->then_body, k.items[1]);
    Operand *after_then = snapshot(L);
    for (int i = 0; i < n; i++)
        L->env[i].val = before[i];
    if (k.n > 2)
        lift_body_into(L, s->else_body, k.items[2]);
    Operand *after_else = snapshot(L);
    merge_branches(L, c, s, n, before, after_then, after_else);
    free(before);
    free(after_then);
    free(after_else);
    body_append(L->a, L->cur, s);
}

/* Pragma attached to the loop starting at `line`, if any. */
static Pragma *loop_pragma(Lift *L, CXCursor c) {
    SrcLoc l = loc_of(L, c);
    PtrVec *ps = &L->fe->pragmas;
    for (int i = 0; i < ps->len; i++) {
        Pragma *p = ps->items[i];
        bool on_loop = p->kind != PG_REVERSE && p->kind != PG_FORWARD && p->kind != PG_DECLARE &&
                       p->kind != PG_DERIVATIVE;
        if (on_loop && p->target_line == l.line && p->target_col == l.col) {
            p->attached = true;
            return p;
        }
    }
    return NULL;
}

typedef struct Canon {
    CXCursor index_decl;
    const char *index_name;
    Type index_ty;
    Operand lo, hi;
    CXCursor body;
} Canon;

static bool is_one(Lift *L, CXCursor e) {
    bool ok;
    Operand v = evaluate_constant(L, strip(e), &ok);
    return ok && opd_is_const(v, 1);
}

/* Declarations assigned anywhere inside `c` (scalars a loop body carries). */
typedef struct Assigned {
    Lift *L;
    CXCursor *decls; /* scalars, and arrays whose elements are assigned */
    int n, cap;
} Assigned;

static void add_assigned(Assigned *as, CXCursor d) {
    for (int i = 0; i < as->n; i++)
        if (clang_equalCursors(as->decls[i], d))
            return;
    if (as->n == as->cap) {
        as->cap = as->cap ? 2 * as->cap : 16;
        CXCursor *v = arena_alloc(as->L->a, sizeof(CXCursor) * (size_t)as->cap);
        if (as->n)
            memcpy(v, as->decls, sizeof(CXCursor) * (size_t)as->n);
        as->decls = v;
    }
    as->decls[as->n++] = d;
}

static enum CXChildVisitResult find_assigned(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Assigned *as = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool assigns = k == CXCursor_CompoundAssignOperator ||
                   (k == CXCursor_BinaryOperator && strcmp(binop_of(as->L, c), "=") == 0);
    if (k == CXCursor_UnaryOperator) {
        bool post;
        const char *op = unop_of(as->L, c, &post);
        assigns = strcmp(op, "++") == 0 || strcmp(op, "--") == 0;
    }
    if (assigns) {
        CXCursor target = strip(kids_of(c).items[0]);
        /* an element: the array it belongs to (for loop bounds that read it) */
        while (clang_getCursorKind(target) == CXCursor_ArraySubscriptExpr)
            target = strip(kids_of(target).items[0]);
        if (clang_getCursorKind(target) == CXCursor_DeclRefExpr)
            add_assigned(as, clang_getCursorReferenced(target));
    }
    return CXChildVisit_Recurse;
}

/* The end of the iteration range of `i < bound` (or `i <= bound`), as C
 * compares: a floating bound is not truncated, `i < 2.5` runs i = 0, 1, 2. */
static Operand loop_end(Lift *L, CXCursor c, Operand bound, Type ity, bool inclusive) {
    Builder bd = builder(L, c);
    Operand t = b_cast(&bd, ity, bound);
    if (!type_is_float(bound.ty))
        return inclusive ? b_add(&bd, t, b_fconst(1, ity)) : t;
    /* t = (int)bound truncates towards zero; one more iteration when t is
     * still below (or at, for <=) the bound. */
    Operand more = b_cmp(&bd, inclusive ? OP_LE : OP_LT, b_cast(&bd, bound.ty, t), bound);
    return b_add(&bd, t, b_cast(&bd, ity, more));
}

typedef struct BoundScan {
    Assigned *as;
    bool changed;
} BoundScan;

static enum CXChildVisitResult find_bound_var(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    BoundScan *bs = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        CXCursor d = clang_getCursorReferenced(c);
        for (int i = 0; i < bs->as->n; i++)
            bs->changed |= clang_equalCursors(bs->as->decls[i], d);
    }
    return CXChildVisit_Recurse;
}

/* C evaluates the condition before every iteration: a bound that reads a
 * variable the body assigns (or an array the body writes) is not the
 * fixed bound pargrad's loops have. */
static bool bound_changes_in(Lift *L, CXCursor bound, CXCursor body) {
    Assigned as = {.L = L};
    find_assigned(body, clang_getNullCursor(), &as);
    clang_visitChildren(body, find_assigned, &as);
    BoundScan bs = {&as, false};
    find_bound_var(bound, clang_getNullCursor(), &bs);
    clang_visitChildren(bound, find_bound_var, &bs);
    return bs.changed;
}

static bool canonical_loop(Lift *L, CXCursor c, Canon *cn) {
    const char *hint = "write the loop as for (int i = A; i < B; i++)";
    Kids k = kids_of(c);
    if (k.n != 4 || clang_getCursorKind(k.items[0]) != CXCursor_DeclStmt) {
        fail(L, c, hint, "loop is not canonical: it must declare its index%s", "");
        return false;
    }
    Kids dk = kids_of(k.items[0]);
    if (dk.n != 1 || clang_getCursorKind(dk.items[0]) != CXCursor_VarDecl) {
        fail(L, c, hint, "loop is not canonical: it must declare one index%s", "");
        return false;
    }
    cn->index_decl = dk.items[0];
    cn->index_name = spelling(L, cn->index_decl);
    if (!map_type(clang_getCursorType(cn->index_decl), &cn->index_ty) ||
        cn->index_ty.kind != TY_INT) {
        fail(L, c, hint, "loop is not canonical: its index '%s' is not an integer", cn->index_name);
        return false;
    }
    Kids ik = kids_of(cn->index_decl);
    if (ik.n < 1) {
        fail(L, c, hint, "loop is not canonical: index '%s' has no initial value", cn->index_name);
        return false;
    }
    CXCursor cond = strip(k.items[1]);
    const char *op = clang_getCursorKind(cond) == CXCursor_BinaryOperator ? binop_of(L, cond) : "";
    Kids ck = kids_of(cond);
    bool index_left =
        ck.n == 2 && clang_getCursorKind(strip(ck.items[0])) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(strip(ck.items[0])), cn->index_decl);
    if (!index_left || (strcmp(op, "<") != 0 && strcmp(op, "<=") != 0)) {
        fail(L, k.items[1], hint, "loop is not canonical: the condition must be '%s < B' or '<= B'",
             cn->index_name);
        return false;
    }
    CXCursor inc = k.items[2];
    bool inc_ok = false;
    enum CXCursorKind ik2 = clang_getCursorKind(inc);
    Kids inck = kids_of(inc);
    bool on_index =
        inck.n >= 1 &&
        clang_equalCursors(clang_getCursorReferenced(strip(inck.items[0])), cn->index_decl);
    if (ik2 == CXCursor_UnaryOperator) {
        bool post;
        inc_ok = on_index && strcmp(unop_of(L, inc, &post), "++") == 0;
    } else if (ik2 == CXCursor_CompoundAssignOperator) {
        inc_ok = on_index && strcmp(binop_of(L, inc), "+=") == 0 && is_one(L, inck.items[1]);
    } else if (ik2 == CXCursor_BinaryOperator && on_index && strcmp(binop_of(L, inc), "=") == 0) {
        CXCursor r = strip(inck.items[1]);
        Kids rk = kids_of(r);
        inc_ok =
            clang_getCursorKind(r) == CXCursor_BinaryOperator && strcmp(binop_of(L, r), "+") == 0 &&
            rk.n == 2 &&
            clang_equalCursors(clang_getCursorReferenced(strip(rk.items[0])), cn->index_decl) &&
            is_one(L, rk.items[1]);
    }
    if (!inc_ok) {
        fail(L, inc, hint, "loop is not canonical: the step must be %s++ or += 1", cn->index_name);
        return false;
    }
    if (bound_changes_in(L, ck.items[1], k.items[3])) {
        fail(L, ck.items[1],
             "compute the bound into a variable before the loop and leave it unchanged",
             "the loop bound changes inside the loop%s", "");
        return false;
    }
    Builder bd = builder(L, c);
    cn->lo = b_cast(&bd, cn->index_ty, lift_expr(L, ik.items[ik.n - 1]));
    cn->hi = loop_end(L, c, lift_expr(L, ck.items[1]), cn->index_ty, strcmp(op, "<=") == 0);
    cn->body = k.items[3];
    return !L->failed;
}

static Stmt *loop_stmt(Lift *L, CXCursor c, StmtKind kind, Canon *cn, Pragma *pg) {
    Stmt *s = stmt_new(L->a, kind, loc_of(L, c));
    s->index = var_new(L->a, L->f, cn->index_name, cn->index_ty);
    s->lo = cn->lo;
    s->hi = cn->hi;
    s->body = body_new(L->a);
    s->text = pg ? pg->text : NULL;
    return s;
}

/* Lifts the loop body with the index bound, inside a barrier. */
static enum CXChildVisitResult find_break(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_BreakStmt) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    /* a break in a nested loop or switch is that statement's own */
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
        k == CXCursor_SwitchStmt)
        return CXChildVisit_Continue;
    return CXChildVisit_Recurse;
}

static bool contains_break(CXCursor c) {
    if (clang_getCursorKind(c) == CXCursor_BreakStmt)
        return true;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt)
        return false;
    bool found = false;
    clang_visitChildren(c, find_break, &found);
    return found;
}

static enum CXChildVisitResult find_return(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_ReturnStmt) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool contains_return(CXCursor c) {
    bool found = clang_getCursorKind(c) == CXCursor_ReturnStmt;
    if (!found)
        clang_visitChildren(c, find_return, &found);
    return found;
}

/* Lifted with a `returned` flag: a return at that point sets it, and
 * whatever follows in the loops and blocks around it is guarded by it. */
static bool returns_by_flag(Lift *L, CXCursor c) {
    return L->ret_flag >= 0 && contains_return(c);
}

static void lift_stmts(Lift *L, CXCursor *v, int n);

/* Lifts statements under `if (cond)`, merging what they assign with phis
 * (the values before, when cond is false). */
static void lift_under_guard(Lift *L, CXCursor at, Operand cond, CXCursor *v, int n) {
    Stmt *s = stmt_new(L->a, S_IF, loc_of(L, at));
    s->cond = cond;
    s->then_body = body_new(L->a);
    s->else_body = body_new(L->a);
    int outer = L->nenv;
    Operand *before = snapshot(L);
    Body *saved = L->cur;
    L->cur = s->then_body;
    lift_stmts(L, v, n);
    L->cur = saved;
    L->nenv = outer;
    Operand *after = snapshot(L);
    merge_branches(L, at, s, outer, before, after, before);
    free(before);
    free(after);
    body_append(L->a, L->cur, s);
}

/* cond: the enclosing sequential loop has not stopped (stopped >= 0, after
 * a break) and the function has not returned (returned); opd_none when
 * neither applies. */
static Operand not_stopped(Lift *L, CXCursor at, int stopped, bool returned) {
    Builder bd = builder(L, at);
    Operand flag = opd_none();
    if (stopped >= 0)
        flag = L->env[stopped].val;
    if (returned) {
        Operand r = L->env[L->ret_flag].val;
        flag = flag.kind == OPD_NONE ? r : b_op(&bd, OP_OR, type_int(), flag, r);
    }
    return flag.kind == OPD_NONE ? flag : b_cmp(&bd, OP_EQ, flag, opd_int(0));
}

typedef struct Privatised {
    int binding, outer_barrier;
} Privatised;

/* The scalars declared outside a map or reduce that its body assigns are
 * private to its iterations: each iteration starts with no value for them
 * (a read before the assignment is reported), and after the loop they have
 * none either (C would give the last iteration's). */
static Privatised *privatise(Lift *L, CXCursor body, int barrier, int *n) {
    Assigned as = {.L = L};
    find_assigned(body, clang_getNullCursor(), &as);
    clang_visitChildren(body, find_assigned, &as);
    Privatised *pv = arena_alloc(L->a, sizeof(Privatised) * (size_t)(as.n + 1));
    *n = 0;
    for (int i = 0; i < as.n; i++) {
        int b = L->nenv - 1;
        while (b >= 0 && !clang_equalCursors(L->env[b].decl, as.decls[i]))
            b--;
        if (b < 0 || L->env[b].is_array || L->env[b].role != ROLE_NORMAL)
            continue;
        pv[*n] = (Privatised){b, L->env[b].private_barrier};
        (*n)++;
        L->env[b].private_barrier = barrier + 1;
        L->env[b].val = opd_none();
    }
    return pv;
}

static void end_private(Lift *L, CXCursor loop, Privatised *pv, int n) {
    for (int i = 0; i < n; i++) {
        Binding *b = &L->env[pv[i].binding];
        b->private_barrier = pv[i].outer_barrier;
        b->val = opd_none();
        b->unset_why = arena_printf(L->a,
                                    "'%%s' is assigned inside the parallel loop at line %d: "
                                    "after the loop it would hold the last iteration's value, "
                                    "which pargrad does not keep",
                                    loc_of(L, loop).line);
    }
}

static void lift_loop_body(Lift *L, Stmt *s, Canon *cn, BarrierKind bk, int stopped) {
    int mark = L->nenv;
    int npriv = 0;
    Privatised *priv = bk == BARRIER_MAP || bk == BARRIER_REDUCE
                           ? privatise(L, cn->body, L->nbarriers, &npriv)
                           : NULL;
    push_barrier(L, (Barrier){bk, mark, stopped});
    Binding *ib = bind(L, cn->index_decl, cn->index_name);
    ib->ty = cn->index_ty;
    ib->val = opd_var(s->index);
    ib->role = ROLE_INDEX;
    Body *saved = L->cur;
    L->cur = s->body;
    /* After a break or a return, the remaining iterations do nothing. */
    Operand go_on =
        not_stopped(L, cn->body, stopped, bk == BARRIER_LOOP && returns_by_flag(L, cn->body));
    if (go_on.kind != OPD_NONE)
        lift_under_guard(L, cn->body, go_on, &cn->body, 1);
    else
        lift_stmt(L, cn->body);
    L->cur = saved;
    L->nbarriers--;
    L->nenv = mark;
    end_private(L, cn->body, priv, npriv);
}

typedef struct UseScan {
    Var *v;
    bool found;
} UseScan;

static void find_use(Operand *o, void *ctx) {
    UseScan *us = ctx;
    us->found |= o->kind == OPD_VAR && o->var == us->v;
}

static bool body_uses_var(Body *b, Var *v) {
    UseScan us = {v, false};
    for (int i = 0; b && i < b->stmts.len && !us.found; i++) {
        Stmt *s = b->stmts.items[i];
        stmt_visit_operands(s, find_use, &us);
        us.found |= body_uses_var(s->then_body, v) || body_uses_var(s->else_body, v) ||
                    body_uses_var(s->body, v);
    }
    return us.found;
}

static void lift_seq_loop(Lift *L, CXCursor c, Canon *cn) {
    Stmt *s = loop_stmt(L, c, S_LOOP, cn, NULL);
    Assigned as = {.L = L};
    /* the body itself may be the assignment: for (...) r += e; */
    find_assigned(cn->body, clang_getNullCursor(), &as);
    clang_visitChildren(cn->body, find_assigned, &as);
    int *carried_b = arena_alloc(L->a, sizeof(int) * (size_t)(as.n + 3)), nc = 0;
    for (int i = 0; i < as.n; i++) {
        for (int b = L->nenv - 1; b >= 0; b--) {
            if (clang_equalCursors(L->env[b].decl, as.decls[i]) && !L->env[b].is_array) {
                if (L->env[b].val.kind == OPD_NONE)
                    L->env[b].val = b_fconst(0, L->env[b].ty);
                carried_b[nc++] = b;
                break;
            }
        }
    }
    /* break: a carried flag, set by the break, guards the rest */
    int stopped = -1;
    if (contains_break(cn->body)) {
        Binding *fb = bind(L, clang_getNullCursor(), "stopped");
        fb->ty = type_int();
        fb->val = opd_int(0);
        stopped = L->nenv - 1;
        carried_b[nc++] = stopped;
    }
    if (returns_by_flag(L, cn->body)) {
        carried_b[nc++] = L->ret_flag;
        if (L->ret_slot >= 0)
            carried_b[nc++] = L->ret_slot;
    }
    for (int i = 0; i < nc; i++) {
        Binding *b = &L->env[carried_b[i]];
        Carried *cr = arena_alloc(L->a, sizeof(Carried));
        cr->init = b->val;
        cr->param = var_new(L->a, L->f, b->name, b->ty);
        b->val = opd_var(cr->param);
        vec_push(L->a, &s->carried, cr);
    }
    lift_loop_body(L, s, cn, BARRIER_LOOP, stopped);
    PtrVec carried = {0};
    for (int i = 0; i < nc && !L->failed; i++) {
        Binding *b = &L->env[carried_b[i]];
        Carried *cr = s->carried.items[i];
        if (b->val.kind == OPD_NONE) {
            /* No value at the end of an iteration (assigned in a parallel
             * loop of the body): nothing to carry, and a read at the start
             * of the next iteration has no value to read. */
            if (body_uses_var(s->body, cr->param))
                binding_value(L, c, carried_b[i]);
            continue;
        }
        cr->yield = b->val;
        cr->result = var_new(L->a, L->f, b->name, b->ty);
        b->val = opd_var(cr->result);
        vec_push(L->a, &carried, cr);
    }
    s->carried = carried;
    if (stopped >= 0)
        L->nenv = stopped;
    body_append(L->a, L->cur, s);
}

static void lift_reduce(Lift *L, CXCursor c, Canon *cn, Pragma *pg) {
    Stmt *s = loop_stmt(L, c, S_REDUCE, cn, pg);
    int *accb = arena_alloc(L->a, sizeof(int) * (size_t)(pg->vars.len + 1)), na = 0;
    for (int i = 0; i < pg->vars.len; i++) {
        const char *name = pg->vars.items[i];
        int found = -1;
        for (int b = L->nenv - 1; b >= 0 && found < 0; b--)
            if (strcmp(L->env[b].name, name) == 0)
                found = b;
        SrcLoc at = *(SrcLoc *)pg->var_locs.items[i];
        if (found < 0 || L->env[found].is_array) {
            diag_error(L->fe->d, at, "declare the variable before the loop",
                       "reduce variable '%s' is not a scalar declared before the loop", name);
            L->failed = true;
            return;
        }
        for (int k = 0; k < na; k++)
            if (accb[k] == found) {
                diag_error(L->fe->d, at, "list each variable once",
                           "'%s' is listed twice in the reduce clause", name);
                L->failed = true;
                return;
            }
        Binding *b = &L->env[found];
        if (b->val.kind == OPD_NONE) {
            diag_error(L->fe->d, at, "initialise it before the loop, e.g. double s = 0;",
                       "reduce variable '%s' has no initial value", name);
            L->failed = true;
            return;
        }
        Accum *ac = arena_alloc(L->a, sizeof(Accum));
        ac->op = pg->op;
        ac->init = b->val;
        ac->user_name = b->name;
        vec_push(L->a, &s->accums, ac);
        b->role = ROLE_ACC;
        b->acc_barrier = L->nbarriers + 1; /* the barrier lift_loop_body pushes */
        b->acc_op = pg->op;
        b->val = identity_of(pg->op, b->ty);
        accb[na++] = found;
    }
    lift_loop_body(L, s, cn, BARRIER_REDUCE, -1);
    for (int i = 0; i < na; i++) {
        Binding *b = &L->env[accb[i]];
        Accum *ac = s->accums.items[i];
        ac->contrib = b->val;
        ac->result = var_new(L->a, L->f, b->name, b->ty);
        b->role = ROLE_NORMAL;
        b->val = opd_var(ac->result);
    }
    body_append(L->a, L->cur, s);
}

static void lift_for(Lift *L, CXCursor c) {
    Pragma *pg = loop_pragma(L, c);
    Canon cn;
    if (pg && pg->kind != PG_MAP && pg->kind != PG_REDUCE) {
        diag_error(L->fe->d, pg->loc, "this version of pargrad supports map and reduce loops",
                   "'#pragma pargrad %s' is not supported yet", pg->text);
        L->failed = true;
        return;
    }
    /* Sequential loops must be canonical too, for the reverse sweep. */
    if (!canonical_loop(L, c, &cn))
        return;
    if (!pg) {
        lift_seq_loop(L, c, &cn);
    } else if (pg->kind == PG_MAP) {
        Stmt *s = loop_stmt(L, c, S_MAP, &cn, pg);
        lift_loop_body(L, s, &cn, BARRIER_MAP, -1);
        body_append(L->a, L->cur, s);
    } else {
        lift_reduce(L, c, &cn, pg);
    }
}

static void lift_return(Lift *L, CXCursor c) {
    Kids k = kids_of(c);
    L->seen_return = true;
    if (k.n == 0) {
        L->ret_val = opd_none();
        return;
    }
    L->ret_val = lift_expr(L, k.items[0]);
}

/* True for a statement after which control never falls through: a return,
 * a block ending in one, or an if/else both of whose branches end in one. */
static bool always_returns(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_ReturnStmt)
        return true;
    if (k == CXCursor_CompoundStmt) {
        Kids kk = kids_of(c);
        return kk.n > 0 && always_returns(kk.last);
    }
    if (k == CXCursor_IfStmt) {
        Kids kk = kids_of(c);
        return kk.n == 3 && always_returns(kk.items[1]) && always_returns(kk.items[2]);
    }
    return false;
}

/* True for an if one of whose branches always returns. */
static bool is_early_return(CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_IfStmt)
        return false;
    Kids k = kids_of(c);
    return always_returns(k.items[1]) || (k.n == 3 && always_returns(k.items[2]));
}

static bool returns_split(CXCursor *v, int n);

/* True when some statement of v always returns. */
static bool list_returns(CXCursor *v, int n) {
    for (int i = 0; i < n; i++)
        if (always_returns(v[i]))
            return true;
    return false;
}

static bool stmt_returns_split(Arena *a, CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
        return returns_split(&c, 1);
    KidList l = all_kids(a, c);
    return returns_split(l.items, l.n);
}

/* One side of an early-return if, as lift_return_side lifts it: the branch
 * returns on its own, or it has no return and the statements after the if
 * return. */
static bool side_returns_split(Arena *a, CXCursor branch, CXCursor *rest, int nrest) {
    if (!clang_Cursor_isNull(branch) && always_returns(branch))
        return stmt_returns_split(a, branch);
    if (!clang_Cursor_isNull(branch) && contains_return(branch))
        return false;
    return returns_split(rest, nrest) && list_returns(rest, nrest);
}

/* True when lift_early_return can take every return of v: each is the last
 * statement, or in an if one of whose branches always returns, and the other
 * side (that branch, or the statements after the if) returns too. Otherwise
 * (a return in a loop, a void function's early `return;`, a return nested
 * in an if that falls through) the function is lifted with a `returned`
 * flag. */
static bool returns_split(CXCursor *v, int n) {
    Arena scratch = {0};
    bool ok = true;
    for (int i = 0; i < n; i++) {
        enum CXCursorKind k = clang_getCursorKind(v[i]);
        if (k == CXCursor_ReturnStmt)
            break;
        if (is_early_return(v[i])) {
            Kids kk = kids_of(v[i]);
            CXCursor else_c = kk.n == 3 ? kk.items[2] : clang_getNullCursor();
            ok = side_returns_split(&scratch, kk.items[1], v + i + 1, n - i - 1) &&
                 side_returns_split(&scratch, else_c, v + i + 1, n - i - 1);
            break;
        }
        if (!contains_return(v[i]))
            continue;
        ok = k == CXCursor_CompoundStmt && i == n - 1 && stmt_returns_split(&scratch, v[i]) &&
             always_returns(v[i]);
        break;
    }
    arena_free(&scratch);
    return ok;
}

/* Sets up the `returned` flag (and the returned value's binding) for a body
 * whose returns lift_early_return cannot take. */
static void start_returns(Lift *L, CXCursor body) {
    L->ret_flag = L->ret_slot = -1;
    Arena scratch = {0};
    bool split = stmt_returns_split(&scratch, body);
    arena_free(&scratch);
    if (split)
        return;
    Binding *fb = bind(L, clang_getNullCursor(), "returned");
    fb->ty = type_int();
    fb->val = opd_int(0);
    L->ret_flag = L->nenv - 1;
    if (L->ret_ty.kind == TY_VOID)
        return;
    Binding *vb = bind(L, clang_getNullCursor(), "retval");
    vb->ty = L->ret_ty;
    vb->val = b_fconst(0, L->ret_ty);
    L->ret_slot = L->nenv - 1;
}

/* A return lifted with the flag: the value and the flag are set, and the
 * statements and loop iterations after it are guarded by the flag. Inside a
 * map or reduce there is nothing to guard: every iteration runs. */
static void lift_flag_return(Lift *L, CXCursor c) {
    for (int i = L->nbarriers - 1; i >= 0 && L->barriers[i].kind != BARRIER_CALL; i--)
        if (L->barriers[i].kind != BARRIER_LOOP) {
            fail(L, c, "iterations of map and reduce loops all run; return after the loop",
                 "return inside a %s loop", L->barriers[i].kind == BARRIER_MAP ? "map" : "reduce");
            return;
        }
    Kids k = kids_of(c);
    if (k.n > 0 && L->ret_slot >= 0) {
        Builder bd = builder(L, c);
        L->env[L->ret_slot].val = b_cast(&bd, L->ret_ty, lift_expr(L, k.items[0]));
    } else if (k.n > 0) {
        lift_expr(L, k.items[0]);
    }
    L->env[L->ret_flag].val = opd_int(1);
}

/* The value a body lifted by start_returns returns; false (after a
 * diagnostic) if it can end without a return. */
static bool end_returns(Lift *L, CXCursor body) {
    if (L->ret_flag < 0 || L->failed)
        return true;
    L->seen_return = true;
    L->ret_val = opd_none();
    if (L->ret_slot < 0)
        return true;
    L->ret_val = L->env[L->ret_slot].val;
    if (!always_returns(body)) {
        fail(L, body, "end the function with return EXPR;",
             "the end of the function is reached without a return%s", "");
        return false;
    }
    return true;
}

/* Lifts one side of an early-return if: its own statement (if any), then,
 * when that falls through, the statements after the if. Returns the value
 * the side returns, converted to the function's return type. */
static Operand lift_return_side(Lift *L, Body *into, CXCursor branch, CXCursor *rest, int nrest,
                                const Operand *before, int mark) {
    for (int i = 0; i < mark; i++)
        L->env[i].val = before[i];
    L->nenv = mark;
    L->seen_return = false;
    L->ret_val = opd_none();
    Body *saved = L->cur;
    L->cur = into;
    if (!clang_Cursor_isNull(branch))
        lift_stmt(L, branch);
    if (!L->seen_return && !L->failed)
        lift_stmts(L, rest, nrest);
    L->cur = saved;
    L->nenv = mark;
    if (!L->seen_return || L->ret_val.kind == OPD_NONE)
        return opd_none();
    Builder bd = {L->a, L->f, into, L->f->loc};
    return b_cast(&bd, L->ret_ty, L->ret_val);
}

/* `if (c) { ...; return a; } rest...` is `if (c) {...; return a} else { rest }`
 * (and symmetrically for a returning else): both branches return, each
 * starting from the values before the if, and the returned value is their
 * phi. Statements after an if/else that returns on both sides never run. */
static void lift_early_return(Lift *L, CXCursor c, CXCursor *rest, int nrest) {
    Kids k = kids_of(c);
    Builder bd = builder(L, c);
    Operand cond = b_cmp(&bd, OP_NE, lift_expr(L, k.items[0]), opd_int(0));
    Stmt *s = stmt_new(L->a, S_IF, loc_of(L, c));
    s->cond = cond;
    s->then_body = body_new(L->a);
    s->else_body = body_new(L->a);
    int mark = L->nenv;
    Operand *before = snapshot(L);
    CXCursor else_c = k.n == 3 ? k.items[2] : clang_getNullCursor();
    Operand then_val = lift_return_side(L, s->then_body, k.items[1], rest, nrest, before, mark);
    bool then_returned = L->seen_return;
    Operand else_val = lift_return_side(L, s->else_body, else_c, rest, nrest, before, mark);
    bool else_returned = L->seen_return;
    free(before);
    if (L->failed)
        return;
    if (!then_returned || !else_returned) {
        fail(L, c, "end the function with a return as well", "only one branch returns%s", "");
        return;
    }
    L->seen_return = true;
    L->ret_val = opd_none();
    if (then_val.kind != OPD_NONE && else_val.kind != OPD_NONE) {
        Phi *p = arena_alloc(L->a, sizeof(Phi));
        p->dst = var_new(L->a, L->f, TEMP_NAME, L->ret_ty);
        p->then_val = then_val;
        p->else_val = else_val;
        vec_push(L->a, &s->phis, p);
        L->ret_val = opd_var(p->dst);
    }
    body_append(L->a, L->cur, s);
}

static void lift_stmts(Lift *L, CXCursor *v, int n) {
    for (int i = 0; i < n && !L->failed; i++) {
        if (L->seen_return) {
            fail(L, v[i], "return only at the end of the function", "statement after a return%s",
                 "");
            break;
        }
        bool in_loop = L->nbarriers > 0 && L->barriers[L->nbarriers - 1].kind != BARRIER_CALL;
        if (!in_loop && L->ret_flag < 0 && is_early_return(v[i])) {
            lift_early_return(L, v[i], v + i + 1, n - i - 1);
            break;
        }
        lift_stmt(L, v[i]);
        int stopped = in_loop ? L->barriers[L->nbarriers - 1].stopped : -1;
        if (i + 1 == n || L->failed)
            continue;
        Operand go_on =
            not_stopped(L, v[i + 1], contains_break(v[i]) ? stopped : -1, returns_by_flag(L, v[i]));
        if (go_on.kind != OPD_NONE) {
            lift_under_guard(L, v[i + 1], go_on, v + i + 1, n - i - 1);
            break;
        }
    }
}

static void lift_block(Lift *L, CXCursor c) {
    KidList l = all_kids(L->a, c);
    int mark = L->nenv;
    lift_stmts(L, l.items, l.n);
    L->nenv = mark;
}

static void lift_stmt(Lift *L, CXCursor c) {
    if (L->failed)
        return;
    if (L->seen_return) {
        fail(L, c, "return only at the end of the function", "statement after a return%s", "");
        return;
    }
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind != CXCursor_ForStmt && clang_isStatement(kind) && kind != CXCursor_CompoundStmt) {
        Pragma *pg = loop_pragma(L, c);
        if (pg && pg->kind == PG_WHILE) {
            fail(L, c, "write the loop as a canonical for loop with its bound",
                 "'#pragma pargrad %s' is not supported yet", pg->text);
            return;
        }
        if (pg) {
            fail(L, c, "put the pragma on the line right before a canonical for loop",
                 "the statement after '#pragma pargrad %s' must be a for loop", pg->text);
            return;
        }
    }
    switch (kind) {
    case CXCursor_CompoundStmt:
        lift_block(L, c);
        return;
    case CXCursor_DeclStmt: {
        KidList l = all_kids(L->a, c);
        for (int i = 0; i < l.n; i++)
            if (clang_getCursorKind(l.items[i]) == CXCursor_VarDecl)
                lift_var_decl(L, l.items[i]);
        return;
    }
    case CXCursor_BinaryOperator: {
        const char *op = binop_of(L, c);
        if (strcmp(op, "=") == 0)
            lift_assign(L, c, op);
        else
            lift_expr(L, c);
        return;
    }
    case CXCursor_CompoundAssignOperator:
        lift_assign(L, c, binop_of(L, c));
        return;
    case CXCursor_UnaryOperator:
        lift_incdec(L, c);
        return;
    case CXCursor_IfStmt:
        lift_if(L, c);
        return;
    case CXCursor_ForStmt:
        lift_for(L, c);
        return;
    case CXCursor_ReturnStmt:
        if (L->ret_flag >= 0) {
            lift_flag_return(L, c);
            return;
        }
        if (L->nbarriers > 0 && L->barriers[L->nbarriers - 1].kind != BARRIER_CALL) {
            fail(L, c, "return only at the end of the function", "return inside a loop%s", "");
            return;
        }
        lift_return(L, c);
        return;
    case CXCursor_NullStmt:
        return;
    case CXCursor_BreakStmt: {
        Barrier *bar = L->nbarriers ? &L->barriers[L->nbarriers - 1] : NULL;
        if (bar && bar->stopped >= 0) {
            L->env[bar->stopped].val = opd_int(1);
            return;
        }
        fail(L, c, "iterations of map and reduce loops all run; use a sequential loop",
             "'break' is supported in sequential loops only%s", "");
        return;
    }
    case CXCursor_CallExpr:
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
        lift_expr(L, c);
        return;
    default:
        break;
    }
    const char *what = "this statement";
    const char *hint = "see the supported C subset in PRAGMAS.md section 5";
    switch (kind) {
    case CXCursor_WhileStmt:
        what = "'while'";
        hint = "write it as a canonical for loop (while loops with bound(N) come later)";
        break;
    case CXCursor_DoStmt:
        what = "'do'";
        hint = "write it as a canonical for loop";
        break;
    case CXCursor_SwitchStmt:
        what = "'switch'";
        hint = "write it as if/else";
        break;
    case CXCursor_GotoStmt:
    case CXCursor_LabelStmt:
        what = "'goto'";
        hint = "use structured control flow (if, for)";
        break;
    case CXCursor_BreakStmt:
    case CXCursor_ContinueStmt:
        what = kind == CXCursor_BreakStmt ? "'break'" : "'continue'";
        hint = "guard the rest of the loop body with an if";
        break;
    default:
        break;
    }
    fail(L, c, hint, "%s is not supported in a differentiated function", what);
}

/* The lifted size (values) up to which helpers are inlined: lifting that
 * many takes about 200 MB, and a 10,000-line function needs about 30,000. */
enum { MAX_LIFTED_VALUES = 200000 };

/* Inlines a call to a function of the same file: parameters are bound to the
 * argument values (scalars) or the argument arrays (pointers). */
static Operand lift_inline_call(Lift *L, CXCursor call, CXCursor def, KidList *args) {
    for (int i = 0; i < L->ninlining; i++)
        if (clang_equalCursors(L->inlining[i], def)) {
            fail(L, call, "rewrite the recursion as a loop",
                 "'%s' is recursive, which pargrad cannot differentiate", spelling(L, def));
            return opd_float(0, type_double());
        }
    /* Every call is a copy of the helper: helpers calling helpers from many
     * places grow exponentially with their depth. */
    if (L->f->next_var_id > MAX_LIFTED_VALUES) {
        const char *why = arena_printf(L->a,
                                       "'%s' grows too large with the helpers it calls inlined "
                                       "(more than %d values): each call is a copy of the helper",
                                       L->f->name, MAX_LIFTED_VALUES);
        fail(L, call, "call the helpers from fewer places, e.g. from a loop over the calls", "%s",
             why);
        return opd_float(0, type_double());
    }
    int nparams = clang_Cursor_getNumArguments(def);
    if (nparams != args->n) {
        fail(L, call, NULL, "wrong number of arguments to '%s'", spelling(L, def));
        return opd_float(0, type_double());
    }
    Operand *vals = arena_alloc(L->a, sizeof(Operand) * (size_t)(nparams + 1));
    Buffer **bufs = arena_alloc(L->a, sizeof(Buffer *) * (size_t)(nparams + 1));
    for (int i = 0; i < nparams; i++) {
        CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
        CXType pt = clang_getCanonicalType(clang_getCursorType(p));
        bufs[i] = NULL;
        if (pt.kind == CXType_Pointer) {
            CXCursor a = strip(args->items[i]);
            int b = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? lookup(L, a) : -1;
            if (b < 0 || !L->env[b].is_array) {
                fail(L, args->items[i], "pass the array itself, without pointer arithmetic",
                     "unsupported array argument%s", "");
                return opd_float(0, type_double());
            }
            bufs[i] = L->env[b].buf;
        } else {
            vals[i] = lift_expr(L, args->items[i]);
        }
    }
    int mark = L->nenv;
    push_inlining(L, def);
    push_barrier(L, (Barrier){BARRIER_CALL, mark, -1});
    for (int i = 0; i < nparams; i++) {
        CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
        Binding *b = bind(L, p, spelling(L, p));
        if (bufs[i]) {
            b->is_array = true;
            b->buf = bufs[i];
        } else {
            Type ty;
            if (!map_type(clang_getCursorType(p), &ty)) {
                fail(L, p, NULL, "parameter '%s' has an unsupported type", b->name);
                break;
            }
            b->ty = ty;
            Builder bd = builder(L, call);
            b->val = b_cast(&bd, ty, vals[i]);
        }
    }
    CXCursor body = kids_of(def).last;
    bool outer_return = L->seen_return;
    Operand outer_val = L->ret_val;
    Type outer_ty = L->ret_ty;
    int outer_flag = L->ret_flag, outer_slot = L->ret_slot;
    L->seen_return = false;
    if (!map_type(clang_getCursorResultType(def), &L->ret_ty))
        L->ret_ty.kind = TY_VOID;
    start_returns(L, body);
    lift_stmt(L, body);
    end_returns(L, body);
    L->ret_ty = outer_ty;
    L->ret_flag = outer_flag;
    L->ret_slot = outer_slot;
    Operand result = L->seen_return ? L->ret_val : opd_none();
    L->seen_return = outer_return;
    L->ret_val = outer_val;
    L->nbarriers--;
    L->ninlining--;
    L->nenv = mark;
    Type rty;
    if (map_type(clang_getCursorResultType(def), &rty) && result.kind != OPD_NONE) {
        Builder bd = builder(L, call);
        return b_cast(&bd, rty, result);
    }
    return opd_float(0, type_double());
}

/* ---- functions ---- */
static CXCursor find_function(Frontend *fe, const char *name);

static bool ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static const char *canonical_spelling(Lift *L, CXType t) {
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
    const char *r = arena_strdup(L->a, clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* The parameter's declaration for the generated signature: the user's
 * text, with the element type spelled canonically, so that the output
 * compiles without the input's typedefs and macros (`real *x`, PolyBench's
 * DATA_TYPE) as `float *x`. Array dimensions keep their text. */
static const char *portable_decl(Lift *L, CXCursor p, const char *name) {
    const char *text = extent_text(L->fe, p);
    size_t n = strlen(name);
    const char *at = NULL;
    for (const char *q = strstr(text, name); q; q = strstr(q + 1, name))
        if ((q == text || !ident_char(q[-1])) && !ident_char(q[n]))
            at = q;
    if (!at)
        return text;
    const char *suffix = at + n;
    CXType t = clang_getCursorType(p);
    CXType ct = clang_getCanonicalType(t);
    if (*suffix == '[') { /* T a[n][m]: the element type */
        CXType elem = t;
        bool is_const = false;
        for (;;) {
            is_const |= clang_isConstQualifiedType(elem);
            enum CXTypeKind k = clang_getCanonicalType(elem).kind;
            if (k == CXType_Pointer)
                elem = clang_getPointeeType(clang_getCanonicalType(elem));
            else if (k == CXType_ConstantArray || k == CXType_VariableArray ||
                     k == CXType_IncompleteArray)
                elem = clang_getArrayElementType(elem);
            else
                break;
        }
        is_const |= clang_isConstQualifiedType(elem);
        const char *ty = canonical_spelling(L, elem);
        return arena_printf(L->a, "%s%s %s%s", is_const && strncmp(ty, "const ", 6) ? "const " : "",
                            ty, name, suffix);
    }
    if (*suffix)
        return text; /* a declarator around the name, e.g. (*a)[m]: as written */
    const char *ty = canonical_spelling(L, ct);
    size_t len = strlen(ty);
    return arena_printf(L->a, "%s%s%s", ty, len && ty[len - 1] == '*' ? "" : " ", name);
}

static Param *lift_param(Lift *L, CXCursor p) {
    Param *pr = arena_alloc(L->a, sizeof(Param));
    pr->name = spelling(L, p);
    pr->decl = portable_decl(L, p, pr->name);
    CXType t = clang_getCanonicalType(clang_getCursorType(p));
    Binding *b = bind(L, p, pr->name);
    bool array = t.kind == CXType_VariableArray || t.kind == CXType_ConstantArray ||
                 t.kind == CXType_IncompleteArray;
    if (t.kind == CXType_Pointer || array) {
        /* T *p, T p[], and C99 array parameters T p[n][m] */
        CXType pointee = array ? clang_getArrayElementType(t) : clang_getPointeeType(t);
        bool is_const = clang_isConstQualifiedType(pointee);
        int rank = 1;
        CXType elem = clang_getCanonicalType(pointee);
        while (elem.kind == CXType_VariableArray || elem.kind == CXType_ConstantArray ||
               elem.kind == CXType_IncompleteArray) {
            rank++;
            is_const |= clang_isConstQualifiedType(elem);
            elem = clang_getCanonicalType(clang_getArrayElementType(elem));
        }
        is_const |= clang_isConstQualifiedType(elem);
        Type ety;
        if (!map_type(elem, &ety)) {
            fail(L, p, "array parameters must point to float, double or integers",
                 "parameter '%s' has an unsupported type", pr->name);
            return pr;
        }
        Buffer *buf = buffer_new(L->a, L->f, pr->name, ety, BUF_PARAM);
        buf->is_const = is_const;
        buf->rank = rank;
        buf->param_decl = pr->decl;
        pr->buf = buf;
        b->is_array = true;
        b->buf = buf;
    } else {
        Type ty;
        if (!map_type(t, &ty)) {
            fail(L, p, "parameters must be scalars or pointers to arrays",
                 "parameter '%s' has an unsupported type", pr->name);
            return pr;
        }
        pr->var = var_new(L->a, L->f, pr->name, ty);
        b->ty = ty;
        b->val = opd_var(pr->var);
    }
    return pr;
}

static void report_contract(void *ctx, SrcLoc loc, const char *hint, const char *msg) {
    diag_error(ctx, loc, hint, "%s", msg);
}

Func *frontend_lift(Frontend *fe, const char *name, SrcLoc use) {
    CXCursor fc = find_function(fe, name);
    if (clang_Cursor_isNull(fc)) {
        diag_error(fe->d, use, "name a function defined in this file",
                   "no function named '%s' is defined in this file", name);
        return NULL;
    }
    Lift L = {.fe = fe, .a = fe->a};
    L.f = arena_alloc(fe->a, sizeof(Func));
    L.f->name = arena_strdup(fe->a, name);
    L.f->body = body_new(fe->a);
    L.f->loc = floc_of(fe, fc);
    L.cur = L.f->body;
    CXType rt = clang_getCursorResultType(fc);
    if (rt.kind == CXType_Void)
        L.f->ret.kind = TY_VOID;
    else if (!map_type(rt, &L.f->ret))
        fail(&L, fc, "differentiated functions return void, a float or a double",
             "'%s' returns an unsupported type", name);
    int np = clang_Cursor_getNumArguments(fc);
    for (int i = 0; i < np && !L.failed; i++)
        vec_push(fe->a, &L.f->params, lift_param(&L, clang_Cursor_getArgument(fc, (unsigned)i)));
    L.ret_ty = L.f->ret;
    push_inlining(&L, fc);
    CXCursor body = kids_of(fc).last;
    if (!L.failed) {
        start_returns(&L, body);
        lift_stmt(&L, body);
        end_returns(&L, body);
    }
    if (!L.failed && L.f->ret.kind != TY_VOID) {
        if (!L.seen_return || L.ret_val.kind == OPD_NONE) {
            diag_error(fe->d, L.f->loc, "end the function with return EXPR;",
                       "'%s' must end with a return statement", name);
            L.failed = true;
        } else {
            Builder bd = {L.a, L.f, L.f->body, L.f->loc};
            Stmt *s = stmt_new(L.a, S_RETURN, L.f->loc);
            s->nargs = 1;
            s->args[0] = b_cast(&bd, L.f->ret, L.ret_val);
            body_append(L.a, L.f->body, s);
        }
    }
    free(L.env);
    free(L.entries);
    free(L.heads);
    free(L.barriers);
    free(L.inlining);
    if (!L.failed) {
        RevErrors errs = {report_contract, fe->d, 0};
        L.failed = !contract_check(fe->a, L.f, &errs);
    }
    return L.failed ? NULL : L.f;
}

/* ---- translation unit ---- */
typedef struct FindFn {
    const char *name;
    CXCursor found;
} FindFn;

static enum CXChildVisitResult find_fn_visit(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    FindFn *ff = data;
    if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        clang_Location_isFromMainFile(clang_getCursorLocation(c))) {
        CXString s = clang_getCursorSpelling(c);
        if (strcmp(clang_getCString(s), ff->name) == 0)
            ff->found = c;
        clang_disposeString(s);
    }
    return CXChildVisit_Continue;
}

static CXCursor find_function(Frontend *fe, const char *name) {
    FindFn ff = {name, clang_getNullCursor()};
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_fn_visit, &ff);
    return ff.found;
}

static bool report_clang_errors(Frontend *fe) {
    unsigned n = clang_getNumDiagnostics(fe->tu);
    bool bad = false;
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic dg = clang_getDiagnostic(fe->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
        if (sev >= CXDiagnostic_Error) {
            CXFile file;
            unsigned line, col;
            clang_getExpansionLocation(clang_getDiagnosticLocation(dg), &file, &line, &col, NULL);
            CXString fname = clang_getFileName(file);
            CXString msg = clang_getDiagnosticSpelling(dg);
            const char *fn = clang_getCString(fname);
            SrcLoc loc = {fn ? arena_strdup(fe->a, fn) : fe->path, (int)line, (int)col};
            if (file && clang_Location_isFromMainFile(clang_getDiagnosticLocation(dg)))
                loc.file = fe->path;
            diag_error(fe->d, loc, "pargrad reads valid C11: fix the error the C compiler reports",
                       "%s", clang_getCString(msg));
            clang_disposeString(fname);
            clang_disposeString(msg);
            bad = true;
        }
        clang_disposeDiagnostic(dg);
    }
    return bad;
}

/* The main file's lines the preprocessor skipped (#if 0 ... #endif). */
static SkippedLines skipped_lines(Frontend *fe) {
    SkippedLines sk = {0};
    CXFile file = clang_getFile(fe->tu, fe->path);
    CXSourceRangeList *rl = file ? clang_getSkippedRanges(fe->tu, file) : NULL;
    if (!rl)
        return sk;
    sk.first = arena_alloc(fe->a, sizeof(int) * (rl->count + 1));
    sk.last = arena_alloc(fe->a, sizeof(int) * (rl->count + 1));
    for (unsigned i = 0; i < rl->count; i++) {
        unsigned l0, l1;
        clang_getExpansionLocation(clang_getRangeStart(rl->ranges[i]), NULL, &l0, NULL, NULL);
        clang_getExpansionLocation(clang_getRangeEnd(rl->ranges[i]), NULL, &l1, NULL, NULL);
        sk.first[sk.n] = (int)l0;
        sk.last[sk.n++] = (int)l1;
    }
    clang_disposeSourceRangeList(rl);
    return sk;
}

Frontend *frontend_open(Arena *a, Diags *d, const char *path, int argc, const char *const *argv) {
    Frontend *fe = arena_alloc(a, sizeof(Frontend));
    fe->a = a;
    fe->d = d;
    fe->path = path;
    fe->text = read_file_text(path, NULL);
    if (!fe->text) {
        diag_error(d, (SrcLoc){0}, NULL, "cannot read '%s'", path);
        return NULL;
    }
    const char **args = arena_alloc(a, sizeof(char *) * (size_t)(argc + 5));
    int n = 0;
    args[n++] = "-xc";
    args[n++] = "-std=c11";
    args[n++] = "-isystem" PARGRAD_CLANG_RESOURCE;
    /* Code may keep pargrad's pragmas from compilers (and their
     * -Wunknown-pragmas) under #ifdef __PARGRAD__, as pargrad's output does. */
    args[n++] = "-D__PARGRAD__=1";
    for (int i = 0; i < argc; i++)
        args[n++] = argv[i];
    fe->index = clang_createIndex(0, 0);
    enum CXErrorCode err = clang_parseTranslationUnit2(
        fe->index, path, args, n, NULL, 0, CXTranslationUnit_DetailedPreprocessingRecord, &fe->tu);
    if (err != CXError_Success || !fe->tu) {
        diag_error(d, (SrcLoc){0}, NULL, "libclang could not parse '%s'", path);
        frontend_close(fe);
        return NULL;
    }
    if (report_clang_errors(fe)) {
        frontend_close(fe);
        return NULL;
    }
    SkippedLines skip = skipped_lines(fe);
    int bad = pragma_scan_file(a, d, path, fe->text, &skip, &fe->pragmas);
    for (int i = 0; i < fe->pragmas.len; i++) {
        Pragma *p = fe->pragmas.items[i];
        if (p->kind == PG_REVERSE)
            vec_push(a, &fe->directives, p);
        else if (p->kind == PG_FORWARD) {
            diag_error(d, p->loc, "use reverse(...) for now", "forward mode is not supported yet%s",
                       "");
            bad++;
        }
    }
    if (bad) {
        frontend_close(fe);
        return NULL;
    }
    return fe;
}

void frontend_release_tu(Frontend *fe) {
    if (fe->tu)
        clang_disposeTranslationUnit(fe->tu);
    if (fe->index)
        clang_disposeIndex(fe->index);
    fe->tu = NULL;
    fe->index = NULL;
}

void frontend_close(Frontend *fe) {
    if (!fe)
        return;
    frontend_release_tu(fe);
    free(fe->text);
    fe->text = NULL;
}

PtrVec *frontend_directives(Frontend *fe) {
    return &fe->directives;
}

const char *frontend_source(Frontend *fe) {
    return fe->text;
}

/* Statements starting on a line, to tell a pragma before a non-loop. */
typedef struct LineStmt {
    Frontend *fe;
    int line;
    bool is_for, found;
} LineStmt;

static enum CXChildVisitResult find_line_stmt(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    LineStmt *ls = data;
    if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    SrcLoc l = floc_of(ls->fe, c);
    if (l.line == ls->line && clang_isStatement(clang_getCursorKind(c))) {
        ls->found = true;
        ls->is_for = clang_getCursorKind(c) == CXCursor_ForStmt;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

int frontend_check_pragmas(Frontend *fe) {
    int bad = 0;
    for (int i = 0; i < fe->pragmas.len; i++) {
        Pragma *p = fe->pragmas.items[i];
        if (p->kind == PG_REVERSE || p->kind == PG_FORWARD || p->attached)
            continue;
        if (p->kind != PG_MAP && p->kind != PG_REDUCE) {
            /* declare, derivative, and loop pragmas outside differentiated code */
            diag_error(fe->d, p->loc, "see the README for what this version supports",
                       "'#pragma pargrad %s' is not supported yet", p->text);
            bad++;
            continue;
        }
        LineStmt ls = {fe, p->target_line, false, false};
        clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_line_stmt, &ls);
        if (!ls.is_for) {
            diag_error(fe->d, p->loc, "put the pragma on the line before a for statement",
                       "'#pragma pargrad %s' is not followed by a for loop", p->text);
            bad++;
        }
    }
    return bad;
}

/* The translation unit, for the driver (depfile, names in use). */
CXTranslationUnit frontend_tu(Frontend *fe) {
    return fe->tu;
}
