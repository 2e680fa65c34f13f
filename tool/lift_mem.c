/* memcpy and memset, as C programs copy and clear arrays with them: the
 * loops they mean, built over the elements (a copy or a fill of distinct
 * elements is a map: memcpy's arrays may not overlap). */
#include "lift.h"

typedef struct MemLoop {
    CXCursor at;
    Buffer *dst, *src; /* src NULL: a fill with zeros */
    /* where the copy starts: an element, or in a 2-D array a row */
    Operand dst_off, src_off;
} MemLoop;

/* The length of a row of a 2-D array pargrad knows it of (a parameter
 * T (*p)[m], T p[][m], a local T a[4][m] or T a[n][m], rows from
 * malloc); none else. */
static Operand row_length(Lift *L, Buffer *b) {
    if (b->rank != 2 || b->row_table)
        return opd_none();
    if (b->inner_dims && b->inner_dims[1].kind != OPD_NONE)
        return b->inner_dims[1];
    return array_dim(L, b, 1);
}

/* Element k of the copy in buf from off: k + off in a 1-D array; in
 * rows of length m, element k % m of row off + k / m (memcpy sees the
 * rows one after the other). */
static int mem_element(Lift *L, Builder *bd, Buffer *buf, Operand off, Operand k, Operand *idx) {
    if (buf->rank == 1) {
        idx[0] = opd_is_const(off, 0) ? k : b_add(bd, off, k);
        return 1;
    }
    Operand m = b_cast(bd, type_long(), row_length(L, buf));
    idx[0] = b_add(bd, off, b_div(bd, k, m));
    idx[1] = b_op(bd, OP_MOD, type_long(), k, m);
    return 2;
}

static void mem_iteration(Lift *L, void *ctx, Operand k) {
    MemLoop *m = ctx;
    Builder bd = lift_builder(L, m->at);
    Operand v = b_fconst(0, m->dst->elem), idx[2];
    if (m->src) {
        int n = mem_element(L, &bd, m->src, m->src_off, k, idx);
        v = read_element(L, m->at, m->src, idx, n);
    }
    int n = mem_element(L, &bd, m->dst, m->dst_off, k, idx);
    write_element(L, m->at, m->dst, idx, n, v);
}

/* A 2-D array named whole (memcpy(w, u, ...)): its buffer from its first
 * row; NULL for anything else. */
static Buffer *whole_rows(Lift *L, CXCursor arg, Operand *off) {
    CXCursor c = strip_casts(arg);
    int b = clang_getCursorKind(c) == CXCursor_DeclRefExpr ? env_lookup(L, c) : -1;
    if (b < 0 || !L->env[b].is_array || !L->env[b].buf || L->env[b].buf->rank != 2)
        return NULL;
    *off = opd_int(0);
    return L->env[b].buf;
}

/* The array a pointer argument points into, of numbers, in one dimension
 * or in rows of a known length; NULL (reported) otherwise. */
static Buffer *mem_array(Lift *L, CXCursor arg, const char *fn, Operand *off) {
    Buffer *b = whole_rows(L, arg, off);
    if (!b)
        b = lift_view(L, arg, off);
    if (!b)
        return NULL;
    if (b->fields || (b->rank != 1 && row_length(L, b).kind == OPD_NONE)) {
        lift_fail(L, arg, "copy or clear it with a loop over its elements", "%s",
                  arena_printf(L->a,
                               "'%s' of the %s '%s': pargrad follows %s over arrays of "
                               "numbers in one dimension, or in rows of a length it knows",
                               fn, b->fields ? "array of structs" : "multi-dimensional array",
                               b->name, fn));
        return NULL;
    }
    return b;
}

/* The two factors of a product (casts and parentheses around it left out) */
static bool product_factors(Lift *L, CXCursor e, Kids *k) {
    CXCursor c = strip_casts(e);
    while (clang_getCursorKind(c) == CXCursor_ParenExpr)
        c = strip_casts(kids_of(c).items[0]);
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator || strcmp(binop_of(L, c), "*"))
        return false;
    *k = kids_of(c);
    return true;
}

/* How many elements of size esize `bytes` spans: E where it is E * sizeof(T)
 * or sizeof(T) * E with sizeof(T) == esize (n * sizeof(double); also
 * sizeof(double) * K * d: K * d), else bytes / esize. */
static bool count_of_size(Lift *L, Builder *bd, CXCursor bytes, long long esize, Operand *out) {
    Kids k;
    if (!product_factors(L, bytes, &k))
        return false;
    for (int q = 0; q < 2; q++) {
        bool ok;
        Operand f = evaluate_constant(L, k.items[q], &ok), rest;
        if (ok && f.kind == OPD_CONST && !type_is_float(f.ty) && f.ival == esize) {
            *out = b_cast(bd, type_long(), lift_expr(L, k.items[1 - q]));
            return true;
        }
        /* sizeof(double) * K * d: the size in the left factor */
        if (count_of_size(L, bd, k.items[q], esize, &rest)) {
            *out = b_mul(bd, rest, b_cast(bd, type_long(), lift_expr(L, k.items[1 - q])));
            return true;
        }
    }
    return false;
}

/* The value of a sizeof among the factors of a product, or 0 */
static long long sizeof_factor(Lift *L, CXCursor e) {
    Kids k;
    if (!product_factors(L, e, &k))
        return 0;
    for (int q = 0; q < 2; q++) {
        bool ok;
        Operand f = evaluate_constant(L, k.items[q], &ok);
        if (clang_getCursorKind(strip_casts(k.items[q])) == CXCursor_UnaryExpr && ok &&
            f.kind == OPD_CONST && !type_is_float(f.ty) && f.ival > 0)
            return f.ival;
        long long inner = sizeof_factor(L, k.items[q]);
        if (inner)
            return inner;
    }
    return 0;
}

bool bytes_as_count(Lift *L, CXCursor bytes, Operand *count, long long *unit) {
    Builder bd = lift_builder(L, bytes);
    *unit = sizeof_factor(L, bytes);
    return *unit > 0 && count_of_size(L, &bd, bytes, *unit, count);
}

/* A byte count declared before and unchanged since (Binding.byte_count) */
static bool remembered_count(Lift *L, CXCursor bytes, long long esize, Operand *n) {
    CXCursor c = strip_casts(bytes);
    int b = clang_getCursorKind(c) == CXCursor_DeclRefExpr ? env_lookup(L, c) : -1;
    if (b < 0 || L->env[b].byte_unit != esize || !opd_equal(L->env[b].val, L->env[b].byte_value))
        return false;
    *n = L->env[b].byte_count;
    return true;
}

Operand element_count(Lift *L, CXCursor bytes, long long esize) {
    Builder bd = lift_builder(L, bytes);
    Operand n;
    if (count_of_size(L, &bd, bytes, esize, &n) || remembered_count(L, bytes, esize, &n))
        return n;
    Operand v = b_cast(&bd, type_long(), lift_expr(L, bytes));
    if (v.kind == OPD_CONST && !type_is_float(v.ty)) /* (sizeof a, of a local array) */
        return opd_int(v.ival / esize);
    return b_div(&bd, v, opd_int(esize));
}

/* The offset of a copy's first element in buf (a row's first in rows). */
static Operand first_element(Lift *L, Builder *bd, Buffer *buf, Operand off) {
    Operand o = b_cast(bd, type_long(), off);
    return buf->rank == 1 ? o : b_mul(bd, o, b_cast(bd, type_long(), row_length(L, buf)));
}

/* A copy within one array: its forward sweep checks, as it runs, that the
 * parts do not overlap (what the map's promise needs, and C's for memcpy),
 * where the offsets only tell then (rows g[a] and g[b]). */
static void overlap_check(Lift *L, CXCursor c, MemLoop *m, Operand n) {
    Builder bd = lift_builder(L, c);
    Operand vals[3] = {first_element(L, &bd, m->dst, m->dst_off),
                       first_element(L, &bd, m->src, m->src_off), b_cast(&bd, type_long(), n)};
    runtime_check(L, c, "pg_overlap_check", vals, 3, arena_printf(L->a, "'%s'", m->dst->name));
}

static bool is_array_type(CXType t) {
    return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
           t.kind == CXType_VariableArray;
}

/* The size of the numbers a pointer argument reaches (through rows:
 * double (*)[m] reaches doubles). */
static long long pointee_size(CXCursor arg) {
    CXType t = clang_getCanonicalType(clang_getCursorType(strip_casts(arg)));
    t = clang_getCanonicalType(is_array_type(t) ? clang_getArrayElementType(t)
                                                : clang_getPointeeType(t));
    while (is_array_type(t))
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    return clang_Type_getSizeOf(t);
}

/* memcpy(dst, src, bytes) and memset(dst, 0, bytes) as the loops they
 * mean; false for other calls. */
bool lift_mem_call(Lift *L, CXCursor c, const char *name, KidList *k) {
    bool copy = !strcmp(name, "memcpy"), fill = !strcmp(name, "memset");
    if (!(copy || fill) || k->n != 4)
        return false;
    MemLoop m = {.at = c};
    m.dst = mem_array(L, k->items[1], name, &m.dst_off);
    if (!m.dst)
        return true;
    long long esize = pointee_size(k->items[1]);
    if (copy) {
        m.src = mem_array(L, k->items[2], name, &m.src_off);
        if (!m.src)
            return true;
        if (!strcmp(m.src->elem.cname, m.dst->elem.cname) && pointee_size(k->items[2]) != esize) {
            lift_fail(L, c, "copy between the arrays themselves (their element types)", "%s",
                      arena_printf(L->a,
                                   "memcpy reaches '%s' or '%s' through a pointer of another type",
                                   m.src->name, m.dst->name));
            return true;
        }
        if (strcmp(m.src->elem.cname, m.dst->elem.cname)) {
            lift_fail(L, c,
                      "copy between arrays of one element type (or with a loop that converts)",
                      "%s",
                      arena_printf(L->a, "memcpy from '%s' of %s into '%s' of %s", m.src->name,
                                   m.src->elem.cname, m.dst->name, m.dst->elem.cname));
            return true;
        }
    } else {
        bool ok;
        Operand byte = evaluate_constant(L, k->items[2], &ok);
        if (!ok || byte.kind != OPD_CONST || type_is_float(byte.ty) || byte.ival != 0) {
            lift_fail(L, k->items[2], "clear with memset(p, 0, bytes), or fill with a loop",
                      "memset of '%s' with a byte other than 0", m.dst->name);
            return true;
        }
    }
    if (esize <= 0) {
        lift_fail(L, k->items[1], "pass the array itself (its element type)", "%s",
                  arena_printf(L->a, "'%s' reaches '%s' through a pointer without an element type",
                               name, m.dst->name));
        return true;
    }
    Operand n = element_count(L, k->items[3], esize);
    if (L->failed)
        return true;
    if (copy && m.src == m.dst)
        overlap_check(L, c, &m, n);
    lift_built_map(L, c, c, n,
                   arena_printf(L->a,
                                copy ? "memcpy: '%s' copied into '%s' element by element"
                                     : "memset: '%s' cleared element by element%s",
                                copy ? m.src->name : m.dst->name, copy ? m.dst->name : ""),
                   mem_iteration, &m);
    return true;
}
