/* Lifting declarations (scalars, local and heap arrays, views) and
 * inlining the calls to helpers of the same file. */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

#include <ctype.h>

/* ---- declarations ---- */
/* The factors of a product a * b * ... (at most max; *n counts them all). */
static void collect_factors(Lift *L, CXCursor e, CXCursor *out, int *n, int max) {
    CXCursor c = strip_implicit(e);
    if (clang_getCursorKind(c) == CXCursor_BinaryOperator && !strcmp(binop_of(L, c), "*")) {
        Kids k = kids_of(c);
        collect_factors(L, k.items[0], out, n, max);
        collect_factors(L, k.items[1], out, n, max);
        return;
    }
    if (*n < max)
        out[*n] = c;
    (*n)++;
}

/* The element count of `malloc(n * sizeof(T))`, `malloc(sizeof(T) * n)` or
 * `calloc(n, sizeof(T))`, and the sizeof in *unit where unit is given;
 * false if the call is not one of these. */
static bool malloc_count(Lift *L, CXCursor call, CXCursor size, Operand *count, CXCursor *unit);

static bool heap_count(Lift *L, CXCursor call, Operand *count, CXCursor *unit) {
    const char *fn = cursor_spelling(L, call);
    Kids k = kids_of(call);
    if (strcmp(fn, "calloc") == 0 && k.n == 3) {
        *count = lift_expr(L, k.items[1]);
        if (unit)
            *unit = k.items[2];
        return clang_getCursorKind(strip_implicit(k.items[2])) == CXCursor_UnaryExpr;
    }
    if (strcmp(fn, "malloc") != 0 || k.n != 2)
        return false;
    return malloc_count(L, call, k.items[1], count, unit);
}

/* The element count of malloc(size): size a product with one sizeof. */
static bool malloc_count(Lift *L, CXCursor call, CXCursor size, Operand *count, CXCursor *unit) {
    CXCursor factors[16];
    int n = 0, size_at = -1;
    collect_factors(L, size, factors, &n, 16);
    for (int q = 0; q < n; q++)
        if (clang_getCursorKind(factors[q]) == CXCursor_UnaryExpr)
            size_at = size_at < 0 ? q : n; /* a second sizeof: not an element count */
    if (n > 16 || size_at < 0 || size_at >= n || n < 2)
        return false;
    Builder bd = lift_builder(L, call);
    *count = opd_none();
    for (int q = 0; q < n; q++)
        if (q != size_at) {
            Operand f = lift_expr(L, factors[q]);
            *count = count->kind == OPD_NONE ? f : b_mul(&bd, *count, f);
        }
    if (unit)
        *unit = factors[size_at];
    return true;
}

static CXCursor strip_cast_call(CXCursor e) {
    CXCursor c = strip_implicit(e);
    while (clang_getCursorKind(c) == CXCursor_CStyleCastExpr) {
        Kids ck = kids_of(c);
        c = strip_implicit(ck.items[ck.n - 1]);
    }
    return c;
}

/* An allocating helper of the file, `double *new_vec(int n) { return
 * malloc(n * sizeof(double)); }`, or with a local it returns (and checks
 * for NULL first): its malloc or calloc call, or a null cursor. */
static CXCursor allocation_in(Lift *L, CXCursor def) {
    CXCursor none = clang_getNullCursor(), found = none;
    KidList body = all_kids(L->a, kids_of(def).last);
    CXCursor local = none;
    for (int i = 0; i < body.n; i++) {
        CXCursor st = body.items[i];
        enum CXCursorKind k = clang_getCursorKind(st);
        if (k == CXCursor_DeclStmt && clang_Cursor_isNull(local)) {
            local = kids_of(st).items[0];
        } else if (k == CXCursor_ReturnStmt && kids_of(st).n == 1 && i == body.n - 1) {
            CXCursor e = strip_cast_call(kids_of(st).items[0]);
            if (clang_getCursorKind(e) == CXCursor_DeclRefExpr && !clang_Cursor_isNull(local) &&
                clang_equalCursors(clang_getCursorReferenced(e), local)) {
                Kids lk = kids_of(local);
                e = lk.n ? strip_cast_call(lk.last) : none;
            }
            found = e;
        } else if (k != CXCursor_IfStmt) { /* if (!p) { ... exit(1); }: for failures */
            return none;
        }
    }
    return !clang_Cursor_isNull(found) && clang_getCursorKind(found) == CXCursor_CallExpr ? found
                                                                                          : none;
}

/* The element count of an allocating helper's call: its parameters bound
 * to the arguments while its malloc's count is read. */
static bool helper_heap_count(Lift *L, CXCursor call, Operand *count) {
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl)
        return false;
    CXCursor inner = allocation_in(L, def);
    KidList args = all_kids(L->a, call);
    int np = clang_Cursor_getNumArguments(def);
    if (clang_Cursor_isNull(inner) || args.n != np + 1)
        return false;
    /* xmalloc(size_t bytes) { ... malloc(bytes) ... }: the caller's size */
    Kids ik = kids_of(inner);
    CXCursor size = ik.n == 2 ? strip_cast_call(ik.items[1]) : clang_getNullCursor();
    for (int i = 0; i < np && !clang_Cursor_isNull(size); i++)
        if (clang_getCursorKind(size) == CXCursor_DeclRefExpr &&
            clang_equalCursors(clang_getCursorReferenced(size),
                               clang_Cursor_getArgument(def, (unsigned)i)) &&
            !strcmp(cursor_spelling(L, inner), "malloc"))
            return malloc_count(L, call, args.items[i + 1], count, NULL);
    int mark = L->nenv;
    for (int i = 0; i < np; i++) {
        CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
        Type ty;
        if (!map_type(clang_getCursorType(p), &ty)) {
            L->nenv = mark;
            return false;
        }
        Operand v = lift_expr(L, args.items[i + 1]);
        Binding *b = env_bind(L, p, cursor_spelling(L, p));
        b->ty = ty;
        Builder bd = lift_builder(L, call);
        b->val = b_cast(&bd, ty, v);
    }
    bool ok = heap_count(L, inner, count, NULL);
    L->nenv = mark;
    return ok;
}

static enum CXChildVisitResult note_assigned(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Lift *L = data;
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator || strcmp(binop_of(L, c), "="))
        return CXChildVisit_Recurse;
    CXCursor lhs = strip_implicit(kids_of(c).items[0]);
    if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr)
        return CXChildVisit_Recurse;
    if (L->nassigned == L->capassigned) {
        L->capassigned = L->capassigned ? 2 * L->capassigned : 16;
        L->assigned = xrealloc(L->assigned, sizeof(CXCursor) * (size_t)L->capassigned);
    }
    L->assigned[L->nassigned++] = clang_getCursorReferenced(lhs);
    return CXChildVisit_Recurse;
}

/* How many times the function declaring d assigns d with `=`; its
 * assignments found once */
static int assignments_to(Lift *L, CXCursor d) {
    if (L->ninlining == 0)
        return 0;
    CXCursor fn = L->inlining[L->ninlining - 1];
    if (!L->assigned_known || !clang_equalCursors(L->assigned_in, fn)) {
        L->nassigned = 0;
        L->assigned_in = fn;
        L->assigned_known = true;
        clang_visitChildren(fn, note_assigned, L);
    }
    int n = 0;
    for (int i = 0; i < L->nassigned; i++)
        n += clang_equalCursors(L->assigned[i], d);
    return n;
}

/* Whether the function declaring d assigns d again (`tmp = A; A = B;
 * B = tmp;` on malloc'ed grids, or on the grids the caller passes) */
bool reassigned(Lift *L, CXCursor d) {
    return assignments_to(L, d) > 0;
}

/* `T *p = malloc(n * sizeof(T));` at the top of the function (or a call of
 * an allocating helper): a temporary array of n elements (the generated
 * code frees it when it returns). Where the function points p at another
 * array later (swapped grids), p is a pointer view of the allocation, as
 * `double *cur = a;` is. */
static const char *const heap_hint =
    "allocate temporaries as T *p = malloc(n * sizeof(T)); at the top level of the function";

/* Whether a helper of the file is being inlined: its allocations would
 * outlive it (returned, or kept by the caller), which pargrad does not
 * follow. One inside a loop is the iteration's own, allocated and freed
 * in the iteration's block (rev.c free_block_heap_arrays). */
static bool in_called_function(Lift *L) {
    for (int i = 0; i < L->nbarriers; i++)
        if (L->barriers[i].kind == BARRIER_CALL)
            return true;
    return false;
}

/* malloc(bytes) of a size computed before (`const size_t bytes = n *
 * sizeof(double);`): bytes over the size of the pointer's elements. */
static bool bytes_count(Lift *L, CXCursor call, CXType pointee, Operand *count) {
    Kids k = kids_of(call);
    long long esize = clang_Type_getSizeOf(pointee);
    if (strcmp(cursor_spelling(L, call), "malloc") || k.n != 2 || esize <= 0)
        return false;
    *count = element_count(L, k.items[1], esize);
    return true;
}

/* The element type and count of an allocation init for pointer `name`
 * (reported at d where it is not one pargrad follows) */
static bool allocation(Lift *L, CXCursor d, const char *name, CXType pointee, CXCursor init,
                       Type *ety, Operand *count, bool structs) {
    CXCursor call = strip_implicit(init);
    if (clang_getCursorKind(call) == CXCursor_CStyleCastExpr) {
        Kids ck = kids_of(call);
        call = strip_implicit(ck.items[ck.n - 1]);
    }
    if (clang_getCursorKind(call) != CXCursor_CallExpr ||
        !(structs || (map_type(pointee, ety) && ety->kind != TY_BOOL)) ||
        !(heap_count(L, call, count, NULL) || helper_heap_count(L, call, count) ||
          bytes_count(L, call, pointee, count))) {
        lift_fail(L, d, heap_hint, "unsupported initialisation of pointer '%s'", name);
        return false;
    }
    return true;
}

/* The rows `malloc(rows * sizeof *a)`, `malloc(rows * m * sizeof(double))`
 * or `calloc(rows, sizeof *a)` allocates for rows of m elements of esize
 * bytes, and all their elements; false where the size is not such a
 * product (heap_count). */
static bool heap_rows(Lift *L, CXCursor call, Operand m, long long esize, Operand *rows,
                      Operand *total) {
    Operand product;
    CXCursor unit;
    if (!heap_count(L, call, &product, &unit))
        return false;
    Builder bd = lift_builder(L, call);
    product = b_cast(&bd, type_long(), product);
    Operand ml = b_cast(&bd, type_long(), m);
    bool ok;
    Operand size = evaluate_constant(L, unit, &ok);
    if (ok && size.kind == OPD_CONST && !type_is_float(size.ty) && size.ival == esize) {
        *total = product; /* (counted in elements) */
        *rows = b_div(&bd, product, ml);
    } else { /* sizeof *a, sizeof(double[m]): counted in rows */
        *rows = product;
        *total = b_mul(&bd, product, ml);
    }
    return true;
}

/* The extents of the dimensions of a pointer to rows, T (*X)[m] or
 * T (*u)[ny][nz], outermost first: a constant's, or the size expressions
 * the declaration holds before its initialiser. libclang lists them
 * innermost first, one per dimension written with one (a typedef's have
 * none), then a parameter's outermost (T g[n][m]). Their number, 0 where
 * the rows are not of numbers or the sizes are not found. */
static int rows_extents(Lift *L, CXType pointee, Kids *k, CXCursor init, Operand **out) {
    CXType level[8];
    int nd = 0;
    for (CXType t = pointee; t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray;
         t = clang_getCanonicalType(clang_getArrayElementType(t))) {
        if (nd == 8)
            return 0;
        level[nd++] = t;
    }
    Type ety;
    if (!map_type(clang_getCanonicalType(clang_getArrayElementType(level[nd - 1])), &ety) ||
        ety.kind == TY_BOOL)
        return 0;
    CXCursor *sizes = arena_alloc(L->a, sizeof(CXCursor) * (size_t)(k->n + 1));
    int nexpr = 0, e = 0;
    for (int i = 0; i < k->n; i++)
        if (clang_isExpression(clang_getCursorKind(k->items[i])) &&
            !clang_equalCursors(k->items[i], init))
            sizes[nexpr++] = k->items[i];
    Operand *dims = arena_alloc(L->a, sizeof(Operand) * (size_t)nd);
    for (int d = nd - 1; d >= 0; d--) {
        if (level[d].kind == CXType_ConstantArray) {
            dims[d] = opd_int(clang_getArraySize(level[d]));
            bool ok; /* its size written out: the expression is its */
            Operand c = e < nexpr ? evaluate_constant(L, sizes[e], &ok) : opd_none();
            e += e < nexpr && ok && opd_equal(c, dims[d]);
            continue;
        }
        if (e == nexpr)
            return 0;
        dims[d] = lift_expr(L, sizes[e++]);
    }
    *out = dims;
    return nd;
}

/* double (*A)[m] = a; of an array a[n][m] never pointed elsewhere: A is
 * a, whose rows are as long (the extents compared as values). */
static bool alias_rows(Lift *L, CXCursor d, Binding *b, int nd, const Operand *dims,
                       CXCursor init) {
    CXCursor r = clang_Cursor_isNull(init) ? init : strip_casts(init);
    int a = !clang_Cursor_isNull(r) && clang_getCursorKind(r) == CXCursor_DeclRefExpr
                ? env_lookup(L, r)
                : -1;
    Buffer *buf = a >= 0 && L->env[a].is_array ? L->env[a].buf : NULL;
    if (!buf || buf->rank != nd + 1 || buf->row_table || reassigned(L, d))
        return false;
    for (int i = 0; i < nd; i++)
        if (!opd_equal(array_dim(L, buf, i + 1), dims[i]))
            return false;
    b->is_array = true;
    b->buf = buf;
    return true;
}

/* `double (*a)[m] = malloc(n * sizeof *a);`: a temporary of rows of m
 * elements (m a constant or a variable), indexed a[i][j] and laid out
 * flat on the heap as C lays it out. */
static void lift_heap_rows(Lift *L, CXCursor d, const char *name, CXType row, Kids *k,
                           CXCursor init) {
    CXType elem = clang_getCanonicalType(clang_getArrayElementType(row));
    Type ety;
    CXCursor call = strip_cast_call(init);
    Operand m = opd_none(), rows, total;
    if (row.kind == CXType_ConstantArray)
        m = opd_int(clang_getArraySize(row));
    for (int i = 0; i < k->n && m.kind == OPD_NONE; i++) /* (the row's size, then the call) */
        if (clang_isExpression(clang_getCursorKind(k->items[i])) &&
            !clang_equalCursors(k->items[i], init))
            m = lift_expr(L, k->items[i]);
    if (L->failed)
        return;
    if (m.kind == OPD_NONE || elem.kind == CXType_ConstantArray ||
        elem.kind == CXType_VariableArray || !map_type(elem, &ety) || ety.kind == TY_BOOL ||
        clang_getCursorKind(call) != CXCursor_CallExpr ||
        !heap_rows(L, call, m, clang_Type_getSizeOf(elem), &rows, &total)) {
        lift_fail(L, d,
                  "allocate rows of numbers as double (*a)[m] = malloc(n * sizeof *a); at the top "
                  "level of the function",
                  "unsupported initialisation of pointer '%s'", name);
        return;
    }
    if (in_called_function(L) || reassigned(L, d)) {
        lift_fail(L, d, heap_hint,
                  in_called_function(L)
                      ? "'%s' is allocated inside a called function"
                      : "'%s' points at rows of a temporary and is pointed elsewhere "
                        "later: pargrad follows such rows where they stay put",
                  name);
        return;
    }
    Buffer *buf = heap_array(L, loc_of(L, d), name, ety, total);
    buf->rank = 2;
    buf->dims = arena_alloc(L->a, sizeof(Operand) * 2);
    buf->dims[0] = rows;
    buf->dims[1] = m;
    buf->inner_dims = buf->dims; /* (indexed flat: a[i * m + j]) */
    Binding *b = env_bind(L, d, name);
    b->is_array = true;
    b->buf = buf;
}

static void lift_heap_array(Lift *L, CXCursor d, const char *name, CXType pointee, CXCursor init) {
    Type ety;
    Operand count;
    bool structs = is_struct_type(pointee) && pointee.kind == CXType_Record;
    if (!allocation(L, d, name, pointee, init, &ety, &count, structs))
        return;
    if (structs) {
        lift_struct_heap_array(L, d, name, pointee, count);
        return;
    }
    Buffer *buf = heap_array(L, loc_of(L, d), name, ety, count);
    Binding *b = env_bind(L, d, name);
    if (reassigned(L, d)) {
        b->is_view = true;
        b->ty = type_long();
        b->buf = buf;
        b->val = opd_int(0);
        return;
    }
    b->is_array = true;
    b->buf = buf;
}

/* The view of rows in binding `slot` pointed at a new temporary that
 * call (malloc(n * sizeof *t), calloc(n, sizeof *t)) allocates: as many
 * rows as it has room for, laid out flat, as C lays them out (rows of
 * rows too: double (*t)[m][2]). */
static void allocate_rows_view(Lift *L, CXCursor at, int slot, CXCursor e) {
    Binding *v = &L->env[slot];
    CXType elem = clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(v->decl)));
    while (elem.kind == CXType_ConstantArray || elem.kind == CXType_VariableArray)
        elem = clang_getCanonicalType(clang_getArrayElementType(elem));
    Builder bd = lift_builder(L, at);
    Operand row = opd_int(1), rows, total;
    for (int d = 0; d < v->rows_nd; d++)
        row = b_mul(&bd, row, b_cast(&bd, type_long(), v->rows_dims[d]));
    Type ety;
    CXCursor call = strip_cast_call(e);
    if (!map_type(elem, &ety) || ety.kind == TY_BOOL ||
        clang_getCursorKind(call) != CXCursor_CallExpr ||
        !heap_rows(L, call, row, clang_Type_getSizeOf(elem), &rows, &total)) {
        lift_fail(L, at, "allocate the rows as malloc(n * sizeof *t) or calloc(n, sizeof *t)",
                  "unsupported allocation of the rows of '%s'", v->name);
        return;
    }
    v = &L->env[slot];
    v->buf = heap_array(L, loc_of(L, at), v->name, ety, total);
    /* (indexed t[i][j][k] as C lays the rows out: emitted flat) */
    v->buf->rank = v->rows_nd + 1;
    v->buf->dims = arena_alloc(L->a, sizeof(Operand) * (size_t)v->buf->rank);
    v->buf->dims[0] = rows;
    for (int d = 0; d < v->rows_nd; d++)
        v->buf->dims[d + 1] = v->rows_dims[d];
    v->buf->inner_dims = v->buf->dims;
    v->buf_why = NULL;
    v->unset_why = NULL;
    v->val = opd_int(0);
}

/* `double *t; ... t = malloc(n * sizeof(double));` (C89's order, or
 * `double *t = NULL;` first) at the top level: the view t points at a new
 * temporary; false (nothing reported) where e is no call */
bool point_view_at_allocation(Lift *L, CXCursor at, int b, CXCursor e) {
    CXCursor call = strip_casts(e);
    if (clang_Cursor_isNull(call) || clang_getCursorKind(call) != CXCursor_CallExpr)
        return false;
    if (L->env[b].rows_nd) /* double (*t)[m]; ... t = malloc(n * sizeof *t); */
        return allocate_rows_view(L, at, b, e), true;
    CXType pointee = clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(at)));
    Type ety;
    Operand count;
    const char *name = L->env[b].name;
    if (!allocation(L, at, name, pointee, e, &ety, &count, false))
        return true;
    Binding *bd = &L->env[b];
    bd->buf = heap_array(L, loc_of(L, at), name, ety, count);
    bd->buf_why = NULL;
    bd->unset_why = NULL;
    bd->val = opd_int(0);
    /* never pointed elsewhere, nor allocated in a loop it is declared
     * outside of (an allocation each iteration): the array itself */
    bool in_loop = L->nbarriers > 0 && b < L->barriers[L->nbarriers - 1].floor;
    if (assignments_to(L, bd->decl) == 1 && !in_loop) {
        bd->is_view = false;
        bd->is_array = true;
        bd->ty = (Type){0};
        bd->val = opd_none();
    }
    return true;
}

Buffer *heap_array(Lift *L, SrcLoc loc, const char *name, Type elem, Operand count) {
    Buffer *buf = buffer_new(L->a, L->f, name, elem, BUF_LOCAL);
    buf->rank = 1;
    buf->heap = true;
    buf->extent = arena_alloc(L->a, sizeof(Operand));
    *buf->extent = count;
    Stmt *s = stmt_new(L->a, S_ALLOC, loc);
    s->buf = buf;
    s->nargs = 1;
    s->args[0] = count;
    body_append(L->a, L->cur, s);
    return buf;
}

/* double h[3] = {1.0, x[0]}, w[2][2] = {{1, 2}, {3, 4}}: a write per value
 * given (zeros are there already: the array starts zeroed). */
static void lift_array_init(Lift *L, Buffer *buf, CXCursor list, Operand *idx, int depth) {
    if (depth >= buf->rank || depth >= 4) /* ranks are at most 4 (Stmt.idx) */
        return;
    KidList items = all_kids(L->a, list);
    for (int i = 0; i < items.n && !L->failed; i++) {
        CXCursor v = items.items[i];
        idx[depth] = opd_int(i);
        bool nested = clang_getCursorKind(v) == CXCursor_InitListExpr;
        if (i >= (int)buf->dims[depth].ival || nested != (depth + 1 < buf->rank) ||
            !clang_isExpression(clang_getCursorKind(v))) {
            lift_fail(L, v, "give the values in order, one brace level per dimension",
                      "unsupported initialiser of '%s'", buf->name);
            return;
        }
        if (nested) {
            lift_array_init(L, buf, v, idx, depth + 1);
            continue;
        }
        if (clang_getCursorType(v).kind == CXType_Void) { /* libclang's designated initialiser */
            lift_fail(L, v, "give the values in order, or assign the element after the declaration",
                      "designated initialisers are not supported ('%s')", buf->name);
            return;
        }
        Operand x = lift_expr(L, v);
        if (opd_is_const(x, 0))
            continue;
        Builder bd = lift_builder(L, v);
        Stmt *w = stmt_new(L->a, S_WRITE, loc_of(L, v));
        w->buf = buf;
        w->nidx = depth + 1;
        memcpy(w->idx, idx, sizeof(Operand) * (size_t)(depth + 1));
        w->nargs = 1;
        w->args[0] = b_cast(&bd, buf->elem, x);
        body_append(L->a, L->cur, w);
    }
}

static int scalar_ref_arg(Lift *L, CXCursor arg);

/* double t[n], q[k][d]: a local array sized where its declaration runs (C
 * evaluates the sizes there, once); the declaration carries the sizes as
 * its operands, so that every copy of it (a re-executed iteration, the
 * adjoint's) has them at hand. */
static void lift_vla_decl(Lift *L, CXCursor d, const char *name, CXType ct, Kids *k) {
    CXType levels[4], elem = ct;
    int rank = 0, nsizes = 0;
    while ((elem.kind == CXType_VariableArray || elem.kind == CXType_ConstantArray) && rank < 4) {
        levels[rank++] = elem;
        elem = clang_getCanonicalType(clang_getArrayElementType(elem));
    }
    CXCursor sizes[4];
    for (int i = 0; i < k->n; i++)
        if (clang_isExpression(clang_getCursorKind(k->items[i])) && nsizes < 4)
            sizes[nsizes++] = k->items[i];
    Type ety;
    if (rank > 3 || nsizes != rank || elem.kind == CXType_VariableArray ||
        elem.kind == CXType_ConstantArray || is_struct_type(elem) || !map_type(elem, &ety) ||
        ety.kind == TY_BOOL) {
        lift_fail(L, d,
                  "arrays sized at run time (double t[n]) hold float, double or integers, in "
                  "at most 3 dimensions; else allocate with malloc at the top of the function",
                  "unsupported local array '%s'", name);
        return;
    }
    Stmt *s = stmt_new(L->a, S_DECL, loc_of(L, d));
    for (int i = 0; i < rank && !L->failed; i++) {
        if (levels[i].kind == CXType_ConstantArray) {
            s->args[i] = opd_int(clang_getArraySize(levels[i]));
            continue;
        }
        CXCursor size = sizes[rank - 1 - i]; /* (libclang lists them innermost first) */
        s->args[i] = lift_expr(L, size);
        if (!L->failed && type_is_float(s->args[i].ty))
            lift_fail(L, size, "give the size as an integer", "size of '%s' is not an integer",
                      name);
    }
    if (L->failed)
        return;
    Buffer *buf = buffer_new(L->a, L->f, name, ety, BUF_LOCAL);
    buf->rank = rank;
    bool constant = true; /* int m = 3; double t[m]: a fixed-size array after all */
    for (int i = 0; i < rank; i++)
        constant &= s->args[i].kind == OPD_CONST;
    if (constant) {
        buf->dims = arena_alloc(L->a, sizeof(Operand) * (size_t)rank);
        memcpy(buf->dims, s->args, sizeof(Operand) * (size_t)rank);
        memset(s->args, 0, sizeof s->args);
    } else {
        s->nargs = rank;
        buf->sized_at_run_time = true;
    }
    s->buf = buf;
    body_append(L->a, L->cur, s);
    Binding *b = env_bind(L, d, name);
    b->is_array = true;
    b->buf = buf;
    b->vla_decl = s;
}

/* The extent of dimension i of an array: a local's as its declaration
 * took it (double t[n][m]), a parameter's or heap rows' as declared;
 * OPD_NONE where not known. */
Operand array_dim(Lift *L, Buffer *buf, int i) {
    if (buf->sized_at_run_time)
        for (int b = L->nenv - 1; b >= 0; b--)
            if (L->env[b].buf == buf && L->env[b].vla_decl)
                return decl_dim(L->env[b].vla_decl, i);
    if (buf->dims)
        return buf->dims[i];
    if (buf->shape)
        return buf->shape[i];
    if (buf->inner_dims)
        return buf->inner_dims[i];
    return opd_none();
}

void lift_var_decl(Lift *L, CXCursor d) {
    const char *name = cursor_spelling(L, d);
    /* a static local that the code changes carries a value from call to
     * call; one it never changes is the local its initialiser makes */
    if (clang_Cursor_getStorageClass(d) == CX_SC_Static && !unwritten_static(L, d)) {
        lift_fail(L, d, "pass the value from call to call as a parameter",
                  "the static local '%s' keeps its value from one call to the next, which "
                  "pargrad does not follow",
                  name);
        return;
    }
    CXType t = clang_getCursorType(d);
    CXType ct = clang_getCanonicalType(t);
    Kids k = kids_of(d);
    if (ct.kind == CXType_Pointer) {
        /* (not the last expression: double (*r)[3]; holds the 3) */
        CXCursor init = clang_Cursor_getVarDeclInitializer(d);
        CXCursor call = clang_Cursor_isNull(init) ? init : strip_casts(init);
        CXType pointee = clang_getCanonicalType(clang_getPointeeType(ct));
        bool rows = pointee.kind == CXType_ConstantArray || pointee.kind == CXType_VariableArray;
        CXType inner = rows ? clang_getCanonicalType(clang_getArrayElementType(pointee)) : pointee;
        bool deep = inner.kind == CXType_ConstantArray || inner.kind == CXType_VariableArray;
        /* (rows of rows, double (*t)[m][2] = malloc(...): a view of rows of
         * a flat temporary, allocate_rows_view) */
        if (!clang_Cursor_isNull(call) && clang_getCursorKind(call) == CXCursor_CallExpr && rows &&
            !deep) {
            lift_heap_rows(L, d, name, pointee, &k, init);
            return;
        }
        if (!clang_Cursor_isNull(call) && clang_getCursorKind(call) == CXCursor_CallExpr && !rows) {
            lift_heap_array(L, d, name, pointee, init);
            return;
        }
        Operand *dims = NULL;
        int nd = rows ? rows_extents(L, pointee, &k, init, &dims) : 0;
        if (L->failed)
            return;
        /* double *acc = &total;: *acc is total */
        int ref = clang_Cursor_isNull(init) ? 0 : scalar_ref_arg(L, init);
        Binding *b = env_bind(L, d, name);
        if (ref) {
            b->ref = ref;
            return;
        }
        if (nd && alias_rows(L, d, b, nd, dims, init))
            return;
        b->is_view = true;
        b->ty = type_long();
        b->rows_nd = nd;
        b->rows_dims = dims;
        if (!clang_Cursor_isNull(init))
            point_view(L, d, L->nenv - 1, init);
        return;
    }
    if (ct.kind == CXType_VariableArray) {
        lift_vla_decl(L, d, name, ct, &k);
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
        if (is_struct_type(elem) && elem.kind == CXType_Record) {
            lift_struct_array_decl(L, d, name, elem, dims, rank);
            return;
        }
        Type ety;
        if (!map_type(elem, &ety) || ety.kind == TY_BOOL) {
            lift_fail(L, d, "local arrays must hold float, double, integers or structs of them",
                      "unsupported local array '%s'", name);
            return;
        }
        Buffer *buf = buffer_new(L->a, L->f, name, ety, BUF_LOCAL);
        buf->rank = rank;
        buf->dims = arena_alloc(L->a, sizeof(Operand) * (size_t)rank);
        memcpy(buf->dims, dims, sizeof(Operand) * (size_t)rank);
        /* Declared where it appears, so that each iteration gets its own. */
        Stmt *s = stmt_new(L->a, S_DECL, loc_of(L, d));
        s->buf = buf;
        body_append(L->a, L->cur, s);
        for (int i = 0; i < k.n; i++)
            if (clang_getCursorKind(k.items[i]) == CXCursor_InitListExpr) {
                /* C fills what the list leaves out with zeros */
                buf->zero_init = true;
                Operand idx[4];
                lift_array_init(L, buf, k.items[i], idx, 0);
            }
        Binding *b = env_bind(L, d, name);
        b->is_array = true;
        b->buf = buf;
        return;
    }
    if (is_struct_type(t)) {
        lift_struct_decl(L, d, name, t);
        return;
    }
    Type ty;
    if (!map_type(t, &ty)) {
        CXString s = clang_getTypeSpelling(t);
        lift_fail(L, d, "locals must be float, double or integer scalars, or fixed-size arrays",
                  "local '%s' has an unsupported type", name);
        clang_disposeString(s);
        return;
    }
    Operand init = opd_none();
    CXCursor init_at = clang_getNullCursor();
    for (int i = 0; i < k.n; i++) {
        enum CXCursorKind kk = clang_getCursorKind(k.items[i]);
        if (clang_isExpression(kk))
            init = lift_expr(L, init_at = k.items[i]);
    }
    Operand count;
    long long unit = 0;
    bool bytes =
        init.kind != OPD_NONE && !type_is_float(ty) && bytes_as_count(L, init_at, &count, &unit);
    Binding *b = env_bind(L, d, name);
    b->ty = ty;
    if (init.kind != OPD_NONE)
        assign_scalar(L, d, L->nenv - 1, init);
    if (bytes) {
        b = &L->env[L->nenv - 1];
        b->byte_count = count;
        b->byte_unit = unit;
        b->byte_value = b->val;
    }
}

/* The lifted size (values) up to which helpers are inlined: lifting that
 * many takes about 200 MB, and a 10,000-line function needs about 30,000. */
enum { MAX_LIFTED_VALUES = 200000 };

/* Helpers calling helpers deeper than this are reported instead of
 * overflowing the stack. */
enum { MAX_INLINE_DEPTH = 200 };

/* The value of the variable `name` where the call is (the caller's
 * bindings are the newest), or none. */
static Operand caller_value(Lift *L, const char *name) {
    int b = env_named(L, name);
    if (b < 0 || L->env[b].is_array || L->env[b].is_view || L->env[b].ref)
        return opd_none();
    return L->env[b].val;
}

/* The inner extents in the canonical spelling of c's type: past the first
 * extent of an array (`double[n][m]`, also a parameter declared so), as
 * they are for a pointer to rows (`double (*)[m]`). */
static const char *row_extents(CXCursor c, const char *spelling) {
    const char *e = strchr(spelling, '[');
    enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;
    if (e && (k == CXType_ConstantArray || k == CXType_VariableArray ||
              k == CXType_IncompleteArray || k == CXType_DependentSizedArray)) {
        const char *close = strchr(e, ']');
        e = close ? strchr(close, '[') : NULL;
    }
    return e;
}

/* Whether the inner extents of a 2-D parameter (its canonical spelling,
 * `double (*)[m]`) and of the array passed agree (an array's rows past its
 * first extent, a pointer's as they are): the same text, each name in it
 * a parameter given the caller's value of that name. */
static bool same_inner_extents(Lift *L, CXCursor def, int pi, CXCursor p, CXCursor arg,
                               Operand *vals) {
    CXString ps = clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(p)));
    CXString as = clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(arg)));
    const char *pt = row_extents(p, clang_getCString(ps));
    const char *at = row_extents(arg, clang_getCString(as));
    bool same = pt && at && strcmp(pt, at) == 0;
    for (const char *q = pt; same && *q; q++) {
        if (!(isalpha((unsigned char)*q) || *q == '_') ||
            (q > pt && (isalnum((unsigned char)q[-1]) || q[-1] == '_')))
            continue;
        size_t n = 0;
        while (isalnum((unsigned char)q[n]) || q[n] == '_')
            n++;
        const char *name = arena_printf(L->a, "%.*s", (int)n, q);
        bool found = false;
        for (int j = 0; j < pi && !found; j++) {
            CXCursor pj = clang_Cursor_getArgument(def, (unsigned)j);
            if (strcmp(cursor_spelling(L, pj), name) == 0) {
                found = true;
                same = opd_equal(vals[j], caller_value(L, name));
            }
        }
        same &= found;
    }
    clang_disposeString(ps);
    clang_disposeString(as);
    return same;
}

/* A whole 2-D array given to a helper's 2-D parameter (T g[n][m], T **g):
 * the array, if its rows are laid out as the parameter says (row pointers
 * for row pointers, the same inner extents otherwise); NULL (reported)
 * if not. */
static Buffer *whole_array_arg(Lift *L, CXCursor def, int pi, CXCursor arg, Operand *vals) {
    CXCursor p = clang_Cursor_getArgument(def, (unsigned)pi);
    CXCursor a = strip_casts(arg);
    int b = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? env_lookup(L, a) : -1;
    Buffer *buf = b >= 0 && L->env[b].is_array ? L->env[b].buf : NULL;
    int prank;
    bool prows;
    array_shape(clang_getCursorType(p), &prank, &prows);
    if (buf && buf->rank == prank && buf->row_table == prows &&
        (prows || same_inner_extents(L, def, pi, p, a, vals)))
        return buf;
    lift_fail(L, arg,
              "pass the array itself, declared with the same inner extents as the parameter "
              "(T a[n][m] to T g[n][m], T **a to T **g)",
              "%s",
              arena_printf(L->a,
                           "the argument of the %d-D parameter '%s' is not an array of that shape",
                           prank, cursor_spelling(L, p)));
    return NULL;
}

/* Whether the argument of a helper's pointer to rows, T (*g)[m], is a
 * pointer into an array laid out flat ((T (*)[m])buf, a view of rows of
 * one), not an array of rows of its own. */
static bool flat_rows_arg(Lift *L, CXCursor arg) {
    CXCursor a = strip_casts(arg);
    while (clang_getCursorKind(a) == CXCursor_ArraySubscriptExpr ||
           clang_getCursorKind(a) == CXCursor_UnaryOperator ||
           clang_getCursorKind(a) == CXCursor_ParenExpr)
        a = strip_casts(kids_of(a).items[0]);
    int b = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? env_lookup(L, a) : -1;
    if (b < 0)
        return false;
    Binding *v = &L->env[b];
    return v->is_view ? v->buf && v->buf->rank == 1 : v->is_array && v->buf->rank == 1;
}

/* A helper's T (*g)[m] bound to rows of the flat array buf from element
 * off: a view of rows whose extents are the parameter's (its sizes read
 * the parameters bound before it, as C evaluates them). */
static void bind_rows_param(Lift *L, CXCursor p, Binding *b, Buffer *buf, Operand off) {
    CXType t = clang_getCanonicalType(clang_getCursorType(p));
    CXType pointee = clang_getCanonicalType(
        t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t));
    Kids k = kids_of(p);
    Operand *dims = NULL;
    int slot = (int)(b - L->env);
    int nd = rows_extents(L, pointee, &k, clang_getNullCursor(), &dims);
    b = &L->env[slot];
    if (!nd) {
        lift_fail(L, p, "declare it with the rows' length, T (*g)[m] or T g[][m]",
                  "the rows of parameter '%s' have no length pargrad can read", b->name);
        return;
    }
    b->is_view = true;
    b->buf = buf;
    b->ty = type_long();
    b->val = off;
    b->rows_nd = nd;
    b->rows_dims = dims;
}

/* Whether a call's argument for a pointer parameter is NULL: the literal,
 * or a pointer parameter of the calling helper that its own call gives
 * NULL (passed on) */
static bool passes_null(Lift *L, CXCursor arg) {
    if (is_null_pointer(L, arg))
        return true;
    CXCursor r = strip_casts(arg);
    int b = clang_getCursorKind(r) == CXCursor_DeclRefExpr ? env_lookup(L, r) : -1;
    return b >= 0 && L->env[b].null;
}

/* A helper's pointer parameter b given NULL by the call at `call`: a view
 * pointing nowhere, whose every use through it is reported */
static void bind_null(Lift *L, CXCursor call, Binding *b) {
    L->null_views++;
    b->is_view = true;
    b->null = true;
    b->ty = type_long();
    b->val = opd_none();
    b->buf_why = arena_printf(L->a, "'%%s' is NULL here: the call at line %d passes NULL for it",
                              loc_of(L, call).line);
    b->buf_hint = arena_printf(
        L->a,
        "test it before the access, as for an optional array: if (%s) ... or %s ? %s[i] : 0.0",
        b->name, b->name, b->name);
}

/* For an argument `&x` (x a scalar) or a helper's own pointer to a scalar
 * passed on: 1 + the binding of that scalar; 0 for anything else. */
static int scalar_ref_arg(Lift *L, CXCursor arg) {
    CXCursor c = strip_casts(arg);
    while (clang_getCursorKind(c) == CXCursor_ParenExpr)
        c = strip_casts(kids_of(c).items[0]);
    bool post;
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator && !strcmp(unop_of(L, c, &post), "&")) {
        CXCursor a = strip_implicit(kids_of(c).items[0]);
        int b = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? env_lookup(L, a) : -1;
        if (b >= 0 && !L->env[b].is_array && !L->env[b].is_view && !L->env[b].ref)
            return b + 1;
        return 0;
    }
    int b = clang_getCursorKind(c) == CXCursor_DeclRefExpr ? env_lookup(L, c) : -1;
    return b >= 0 ? L->env[b].ref : 0;
}

/* The arguments of an inlined call: cursors to lift, or (given) the
 * fields of struct arguments already lifted, NULL for the others. */
typedef struct CallArgs {
    KidList cursors;
    Operand **given;
} CallArgs;

static Operand inline_call(Lift *L, CXCursor call, CXCursor def, CallArgs *args,
                           Operand **fields_out, int *nfields_out);

Operand lift_inline_call(Lift *L, CXCursor call, CXCursor def, KidList *args) {
    CallArgs ca = {*args, NULL};
    return inline_call(L, call, def, &ca, NULL, NULL);
}

/* The fields of the struct that a call of a helper of the user's returns
 * (inlined); NULL after a diagnostic. */
Operand *lift_struct_call(Lift *L, CXCursor call, int *n) {
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl ||
        !user_definition(def)) {
        lift_fail(L, call,
                  "define the function in this file or a header of yours, or return the struct "
                  "through a pointer",
                  "call to '%s', which returns a struct pargrad cannot see",
                  cursor_spelling(L, call));
        return NULL;
    }
    KidList k = all_kids(L->a, call);
    KidList args = {.a = L->a, .items = k.items + 1, .n = k.n - 1};
    Operand *fields = NULL;
    CallArgs ca = {args, NULL};
    inline_call(L, call, def, &ca, &fields, n);
    return L->failed ? NULL : fields;
}

/* fn(x, y) for fn a declared operator's COMBINE or INV on structs,
 * inlined at `at` with the fields of x and y given: the result's fields,
 * NULL after a diagnostic. */
Operand *inline_tuple_op(Lift *L, CXCursor at, const char *fn, Operand *x, Operand *y) {
    CXCursor def = frontend_find_function(L->fe, fn);
    CXCursor none[2] = {clang_getNullCursor(), clang_getNullCursor()};
    Operand *given[2] = {x, y};
    CallArgs ca = {{.a = L->a, .items = none, .n = 2}, given};
    Operand *fields = NULL;
    int n;
    inline_call(L, at, def, &ca, &fields, &n);
    return L->failed ? NULL : fields;
}

/* Inlines a call to a function of the same file: parameters are bound to the
 * argument values (scalars), the argument arrays (pointers), or the
 * caller's scalars whose address is passed (`&seed`). A returned struct's
 * fields go to *fields (NULL: the value is not used). */
static Operand inline_call(Lift *L, CXCursor call, CXCursor def, CallArgs *ca, Operand **fields_out,
                           int *nfields_out) {
    KidList *args = &ca->cursors;
    for (int i = 0; i < L->ninlining; i++)
        if (clang_equalCursors(L->inlining[i], def)) {
            lift_fail(L, call, "rewrite the recursion as a loop",
                      "'%s' is recursive, which pargrad cannot differentiate",
                      cursor_spelling(L, def));
            return opd_float(0, type_double());
        }
    if (L->ninlining > MAX_INLINE_DEPTH) {
        lift_fail(L, call, "call fewer helpers from helpers",
                  "helpers call each other more than %s levels deep",
                  arena_printf(L->a, "%d", MAX_INLINE_DEPTH));
        return opd_float(0, type_double());
    }
    /* Every call is a copy of the helper: helpers calling helpers from many
     * places grow exponentially with their depth. */
    if (L->f->next_var_id > MAX_LIFTED_VALUES) {
        const char *why = arena_printf(L->a,
                                       "'%s' grows too large with the helpers it calls inlined "
                                       "(more than %d values): each call is a copy of the helper",
                                       L->f->name, MAX_LIFTED_VALUES);
        lift_fail(L, call, "call the helpers from fewer places, e.g. from a loop over the calls",
                  "%s", why);
        return opd_float(0, type_double());
    }
    int nparams = clang_Cursor_getNumArguments(def);
    if (nparams != args->n) {
        lift_fail(L, call, NULL, "wrong number of arguments to '%s'", cursor_spelling(L, def));
        return opd_float(0, type_double());
    }
    Operand *vals = arena_alloc(L->a, sizeof(Operand) * (size_t)(nparams + 1));
    Buffer **bufs = arena_alloc(L->a, sizeof(Buffer *) * (size_t)(nparams + 1));
    int *refs = arena_alloc(L->a, sizeof(int) * (size_t)(nparams + 1));
    bool *nulls = arena_alloc(L->a, sizeof(bool) * (size_t)(nparams + 1));
    bool *whole = arena_alloc(L->a, sizeof(bool) * (size_t)(nparams + 1));
    bool *rows = arena_alloc(L->a, sizeof(bool) * (size_t)(nparams + 1));
    Operand **fields = arena_alloc(L->a, sizeof(Operand *) * (size_t)(nparams + 1));
    int *nfields = arena_alloc(L->a, sizeof(int) * (size_t)(nparams + 1));
    for (int i = 0; i < nparams; i++) {
        CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
        bufs[i] = NULL;
        if (ca->given && ca->given[i]) {
            fields[i] = ca->given[i];
            nfields[i] = struct_shape(L, def, clang_getCursorType(p))->n;
            continue;
        }
        if (is_struct_type(clang_getCursorType(p))) { /* by value: a copy of its fields */
            if (!(fields[i] = struct_values(L, args->items[i], &nfields[i])))
                return opd_float(0, type_double());
            continue;
        }
        if (!is_pointer_type(p)) {
            vals[i] = lift_expr(L, args->items[i]);
            continue;
        }
        int prank;
        bool prows;
        array_shape(clang_getCursorType(p), &prank, &prows);
        if (prank > 1 && !prows && flat_rows_arg(L, args->items[i])) {
            /* T (*g)[m] given (T (*)[m])buf: a view of rows of buf */
            if (!(bufs[i] = lift_view(L, args->items[i], &vals[i])))
                return opd_float(0, type_double());
            rows[i] = true;
            continue;
        }
        if (prank > 1) { /* T g[n][m], T **g: a whole array of that shape */
            if (!(bufs[i] = whole_array_arg(L, def, i, args->items[i], vals)))
                return opd_float(0, type_double());
            vals[i] = opd_int(0);
            whole[i] = true;
            continue;
        }
        if ((nulls[i] = passes_null(L, args->items[i])))
            continue;
        if ((refs[i] = scalar_ref_arg(L, args->items[i])) > 0)
            continue;
        bufs[i] = lift_view(L, args->items[i], &vals[i]);
        if (!bufs[i])
            return opd_float(0, type_double());
    }
    int mark = L->nenv;
    push_inlining(L, def);
    push_barrier(L, (Barrier){BARRIER_CALL, mark, -1, -1, 0});
    for (int i = 0; i < nparams; i++) {
        CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
        if (fields[i]) {
            bind_struct_arg(L, p, fields[i], nfields[i]);
            continue;
        }
        Binding *b = env_bind(L, p, cursor_spelling(L, p));
        if (refs[i]) {
            b->ref = refs[i];
        } else if (nulls[i]) {
            bind_null(L, call, b);
        } else if (rows[i]) {
            bind_rows_param(L, p, b, bufs[i], vals[i]);
        } else if (bufs[i] && opd_is_const(vals[i], 0) && (bufs[i]->rank == 1 || whole[i])) {
            b->is_array = true;
            b->buf = bufs[i];
            b->at_element = bufs[i]->pointer_fields && points_at_element(L, args->items[i]);
        } else if (bufs[i]) { /* a + off: a view */
            b->is_view = true;
            b->buf = bufs[i];
            b->ty = type_long();
            b->val = vals[i];
        } else {
            Type ty;
            if (!map_type(clang_getCursorType(p), &ty)) {
                lift_fail(L, p, NULL, "parameter '%s' has an unsupported type", b->name);
                break;
            }
            b->ty = ty;
            Builder bd = lift_builder(L, call);
            b->val = b_cast(&bd, ty, vals[i]);
        }
    }
    CXCursor body = kids_of(def).last;
    bool outer_return = L->seen_return;
    Operand outer_val = L->ret_val;
    Type outer_ty = L->ret_ty;
    int outer_flag = L->ret_flag, outer_slot = L->ret_slot, outer_struct = L->ret_struct;
    L->seen_return = false;
    L->ret_struct = 0;
    CXType rct = clang_getCursorResultType(def);
    if (!map_type(rct, &L->ret_ty))
        L->ret_ty.kind = TY_VOID;
    if (is_struct_type(rct)) {
        StructFields *sh = struct_shape(L, def, rct);
        int head = bind_struct_local(L, clang_getNullCursor(), "retval", sh);
        for (int k = 0; k < sh->n; k++)
            L->env[head + 1 + k].val = b_fconst(0, sh->types[k]);
        L->ret_struct = head + 1;
    }
    /* A call in an arm of ?:, or right of && or ||, runs only where C
     * evaluates it (lift_expr.c guards such arms): the helper's own
     * statements (`do { ... } while (++k < n)`) are statements there. */
    int arms = L->arms;
    L->arms = 0;
    start_returns(L, body);
    lift_stmt(L, body);
    end_returns(L, body);
    L->arms = arms;
    if (L->ret_struct && fields_out) {
        int head = L->ret_struct - 1;
        *nfields_out = L->env[head].shape->n;
        *fields_out = arena_alloc(L->a, sizeof(Operand) * (size_t)(*nfields_out + 1));
        for (int k = 0; k < *nfields_out; k++)
            (*fields_out)[k] = L->env[head + 1 + k].val;
    }
    L->ret_struct = outer_struct;
    L->ret_ty = outer_ty;
    L->ret_flag = outer_flag;
    L->ret_slot = outer_slot;
    Operand result = L->seen_return ? L->ret_val : opd_none();
    L->seen_return = outer_return;
    L->ret_val = outer_val;
    pop_barrier(L, loc_of(L, call).line);
    L->ninlining--;
    L->nenv = mark;
    Type rty;
    if (map_type(clang_getCursorResultType(def), &rty) && result.kind != OPD_NONE) {
        Builder bd = lift_builder(L, call);
        return b_cast(&bd, rty, result);
    }
    return opd_float(0, type_double());
}
