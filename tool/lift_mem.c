/* memcpy and memset, as C programs copy and clear arrays with them: the
 * loops they mean, built over the elements (a copy or a fill of distinct
 * elements is a map: memcpy's arrays may not overlap). */
#include "lift.h"

typedef struct MemLoop {
    CXCursor at;
    Buffer *dst, *src; /* src NULL: a fill with zeros */
    Operand dst_off, src_off;
} MemLoop;

static void mem_iteration(Lift *L, void *ctx, Operand k) {
    MemLoop *m = ctx;
    Builder bd = lift_builder(L, m->at);
    Operand v = b_fconst(0, m->dst->elem);
    if (m->src) {
        Operand si = opd_is_const(m->src_off, 0) ? k : b_add(&bd, m->src_off, k);
        v = read_element(L, m->at, m->src, &si, 1);
    }
    Operand di = opd_is_const(m->dst_off, 0) ? k : b_add(&bd, m->dst_off, k);
    write_element(L, m->at, m->dst, &di, 1, v);
}

/* The array a pointer argument points into, of one dimension with
 * numbers for elements; NULL (reported) otherwise. */
static Buffer *mem_array(Lift *L, CXCursor arg, const char *fn, Operand *off) {
    Buffer *b = lift_view(L, arg, off);
    if (!b)
        return NULL;
    if (b->rank != 1 || b->fields) {
        lift_fail(L, arg, "copy or clear it with a loop over its elements", "%s",
                  arena_printf(L->a,
                               "'%s' of the %s '%s': pargrad follows %s over a "
                               "one-dimensional array of numbers only",
                               fn, b->fields ? "array of structs" : "multi-dimensional array",
                               b->name, fn));
        return NULL;
    }
    return b;
}

/* How many elements of size esize `bytes` spans: E where it is E * sizeof(T)
 * or sizeof(T) * E with sizeof(T) == esize (n * sizeof(double)), else
 * bytes / esize. */
static Operand element_count(Lift *L, CXCursor bytes, long long esize) {
    CXCursor c = strip_casts(bytes);
    while (clang_getCursorKind(c) == CXCursor_ParenExpr)
        c = strip_casts(kids_of(c).items[0]);
    Builder bd = lift_builder(L, bytes);
    if (clang_getCursorKind(c) == CXCursor_BinaryOperator && !strcmp(binop_of(L, c), "*")) {
        Kids k = kids_of(c);
        for (int q = 0; q < 2; q++) {
            bool ok;
            Operand f = evaluate_constant(L, k.items[q], &ok);
            if (ok && f.kind == OPD_CONST && !type_is_float(f.ty) && f.ival == esize)
                return b_cast(&bd, type_long(), lift_expr(L, k.items[1 - q]));
        }
    }
    Operand v = b_cast(&bd, type_long(), lift_expr(L, bytes));
    if (v.kind == OPD_CONST && !type_is_float(v.ty)) /* (sizeof a, of a local array) */
        return opd_int(v.ival / esize);
    return b_div(&bd, v, opd_int(esize));
}

static long long pointee_size(CXCursor arg) {
    CXType t = clang_getCanonicalType(clang_getCursorType(strip_casts(arg)));
    if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
        t.kind == CXType_VariableArray)
        return clang_Type_getSizeOf(clang_getArrayElementType(t));
    return clang_Type_getSizeOf(clang_getPointeeType(t));
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
    lift_built_map(L, c, c, n,
                   arena_printf(L->a,
                                copy ? "memcpy: '%s' copied into '%s' element by element"
                                     : "memset: '%s' cleared element by element%s",
                                copy ? m.src->name : m.dst->name, copy ? m.dst->name : ""),
                   mem_iteration, &m);
    return true;
}
