/* The file's constants read by a differentiated function: `const double
 * dt = 0.01;` becomes its value, `static const double coef[5] = {...};`
 * a static const local copy in the generated code (which compiles on its
 * own and cannot see the input's statics). A static variable that no
 * code of the file changes, or lets out by its address, keeps its
 * initial value and is read as such a constant (`static double scale =
 * 0.5;`, a tuning table). Variables of the file that may change are
 * diagnosed: their values would have to be declared and differentiated
 * across calls. */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

#include <math.h>
#include <stdlib.h>

/* Tables larger than this are diagnosed rather than copied. */
enum { MAX_TABLE_ELEMENTS = 1 << 20 };

bool is_file_scope_var(CXCursor decl) {
    return clang_getCursorKind(decl) == CXCursor_VarDecl &&
           clang_getCursorKind(clang_getCursorSemanticParent(decl)) == CXCursor_TranslationUnit;
}

static const char *const not_constant_hint =
    "pass it as a parameter, or declare it const (or static, and change it nowhere in the file) "
    "with a constant value";

/* ---- static variables the file never changes ---- */
/* The static variables some code of the file changes: found by one walk
 * over the translation unit, the first time one is asked about, and kept
 * in a hash set of their declarations. */
struct StaticWrites {
    CXCursor *decls; /* open addressing; a null cursor marks a free slot */
    int cap, n;
};

typedef struct WriteScan {
    Lift *L;
    struct StaticWrites *set;
    CXCursor *path; /* the cursors from the walk's root to the one visited */
    int depth, cap;
} WriteScan;

static bool set_has(const struct StaticWrites *set, CXCursor decl) {
    for (unsigned h = clang_hashCursor(decl);; h++) {
        CXCursor c = set->decls[h % (unsigned)set->cap];
        if (clang_Cursor_isNull(c))
            return false;
        if (clang_equalCursors(c, decl))
            return true;
    }
}

static void set_add(Arena *a, struct StaticWrites *set, CXCursor decl) {
    if (set_has(set, decl))
        return;
    if (2 * (set->n + 1) >
        set->cap) { /* (grown into a new table: the old one stays in the arena) */
        struct StaticWrites grown = {arena_alloc(a, sizeof(CXCursor) * (size_t)set->cap * 2),
                                     set->cap * 2, 0};
        for (int i = 0; i < grown.cap; i++)
            grown.decls[i] = clang_getNullCursor();
        for (int i = 0; i < set->cap; i++)
            if (!clang_Cursor_isNull(set->decls[i]))
                set_add(a, &grown, set->decls[i]);
        *set = grown;
    }
    unsigned h = clang_hashCursor(decl);
    while (!clang_Cursor_isNull(set->decls[h % (unsigned)set->cap]))
        h++;
    set->decls[h % (unsigned)set->cap] = decl;
    set->n++;
}

/* What a use of the static variable decl at path[at] does to it, looking
 * through parentheses and implicit conversions (and, for an array, the
 * subscripts that pick an element): true for an assignment to it, ++ or
 * --, its address taken, or an array (or a row of one) passed on or
 * pointed at whole (the callee or the pointer may change it). */
static bool use_writes(WriteScan *ws, CXCursor decl, int at) {
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    int rank = 0, i = at, subscripts = 0;
    for (CXType e = t; e.kind == CXType_ConstantArray; rank++)
        e = clang_getCanonicalType(clang_getArrayElementType(e));
    bool element = rank == 0;
    for (;;) {
        int p = i - 1;
        if (p < 0)
            return false;
        enum CXCursorKind k = clang_getCursorKind(ws->path[p]);
        if (k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) {
            i = p;
            continue;
        }
        if (k == CXCursor_ArraySubscriptExpr) {
            if (!clang_equalCursors(kids_of(ws->path[p]).items[0], ws->path[i]))
                return false;               /* (the subscript, not the array) */
            element = ++subscripts >= rank; /* (tab[1] of a 2-D table is a row) */
            i = p;
            continue;
        }
        if (!element)
            return k != CXCursor_UnaryExpr; /* (sizeof tab) */
        if (k == CXCursor_CompoundAssignOperator)
            return clang_equalCursors(kids_of(ws->path[p]).items[0], ws->path[i]);
        if (k == CXCursor_BinaryOperator)
            return !strcmp(binop_of(ws->L, ws->path[p]), "=") &&
                   clang_equalCursors(kids_of(ws->path[p]).items[0], ws->path[i]);
        if (k == CXCursor_UnaryOperator) {
            bool post;
            const char *op = unop_of(ws->L, ws->path[p], &post);
            return !strcmp(op, "++") || !strcmp(op, "--") || !strcmp(op, "&");
        }
        return false;
    }
}

static enum CXChildVisitResult scan_writes(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    WriteScan *ws = data;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    if (ws->depth == ws->cap) {
        ws->cap = ws->cap ? 2 * ws->cap : 64;
        ws->path = xrealloc(ws->path, sizeof(CXCursor) * (size_t)ws->cap);
    }
    ws->path[ws->depth++] = c;
    CXCursor decl = clang_getCursorKind(c) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(c)
                                                                   : clang_getNullCursor();
    if (!clang_Cursor_isNull(decl) && clang_getCursorKind(decl) == CXCursor_VarDecl &&
        clang_Cursor_getStorageClass(decl) == CX_SC_Static) {
        if (use_writes(ws, decl, ws->depth - 1))
            set_add(ws->L->a, ws->set, decl);
    } else {
        clang_visitChildren(c, scan_writes, ws);
    }
    ws->depth--;
    return CXChildVisit_Continue;
}

/* Whether decl is a static variable (of the file, or a function's) that
 * no code of the file changes. */
bool unwritten_static(Lift *L, CXCursor decl) {
    if (clang_Cursor_getStorageClass(decl) != CX_SC_Static)
        return false;
    if (!L->fe->static_writes) {
        struct StaticWrites *set = arena_alloc(L->a, sizeof *set);
        *set = (struct StaticWrites){arena_alloc(L->a, sizeof(CXCursor) * 16), 16, 0};
        for (int i = 0; i < set->cap; i++)
            set->decls[i] = clang_getNullCursor();
        WriteScan ws = {.L = L, .set = set};
        clang_visitChildren(clang_getTranslationUnitCursor(L->fe->tu), scan_writes, &ws);
        free(ws.path);
        L->fe->static_writes = set;
    }
    return !set_has(L->fe->static_writes, decl);
}

Operand lift_global_scalar(Lift *L, CXCursor ref, CXCursor decl) {
    const char *name = cursor_spelling(L, ref);
    CXType t = clang_getCursorType(decl);
    Type ty;
    CXCursor init = var_initialiser(decl);
    bool ok = false;
    Operand v = opd_none();
    bool fixed = clang_isConstQualifiedType(t) || unwritten_static(L, decl);
    if (fixed && map_type(t, &ty) && !clang_Cursor_isNull(init))
        v = evaluate_constant(L, init, &ok);
    else if (fixed && map_type(t, &ty)) { /* (a static without one starts at zero) */
        v = opd_int(0);
        ok = true;
    }
    if (!ok) {
        lift_fail(L, ref, not_constant_hint,
                  "'%s' is a variable of the file: pargrad reads the file's constants only "
                  "(const, or static and changed nowhere in the file, with a constant value)",
                  name);
        return opd_int(0);
    }
    Builder bd = lift_builder(L, ref);
    return b_cast(&bd, ty, v);
}

/* Fills vals (row-major, dims[depth..] per level) from a brace list. */
static bool fill_table(Lift *L, CXCursor list, const long *dims, int rank, int depth, double *vals,
                       bool is_int) {
    KidList items = all_kids(L->a, list);
    long stride = 1;
    for (int d = depth + 1; d < rank; d++)
        stride *= dims[d];
    for (int i = 0; i < items.n; i++) {
        CXCursor v = items.items[i];
        bool nested = clang_getCursorKind(v) == CXCursor_InitListExpr;
        if (i >= dims[depth] || nested != (depth + 1 < rank) ||
            clang_getCursorType(v).kind == CXType_Void) /* a designated initialiser */
            return false;
        if (nested) {
            if (!fill_table(L, v, dims, rank, depth + 1, vals + i * stride, is_int))
                return false;
            continue;
        }
        bool ok;
        Operand c = evaluate_constant(L, v, &ok);
        if (!ok)
            return false;
        double x = type_is_float(c.ty) ? c.fval : (double)c.ival;
        if (!isfinite(x) || (is_int && fabs(x) > 9007199254740992.0)) /* exact as a double */
            return false;
        vals[i * stride] = x;
    }
    return true;
}

static Buffer *make_table(Lift *L, CXCursor ref, CXCursor decl) {
    const char *name = cursor_spelling(L, ref);
    CXType t = clang_getCursorType(decl);
    long dims[4];
    int rank = 0;
    long count = 1;
    bool is_const = clang_isConstQualifiedType(t);
    while (clang_getCanonicalType(t).kind == CXType_ConstantArray && rank < 4) {
        dims[rank++] = (long)clang_getArraySize(clang_getCanonicalType(t));
        count *= dims[rank - 1];
        t = clang_getArrayElementType(t); /* canonical types lose the element's const */
        is_const |= clang_isConstQualifiedType(t);
        if (count > MAX_TABLE_ELEMENTS)
            break;
    }
    Type ety;
    CXCursor init = var_initialiser(decl);
    is_const |= rank > 0 && unwritten_static(L, decl);
    if (rank == 0 || clang_getCanonicalType(t).kind == CXType_ConstantArray || !is_const ||
        !map_type(t, &ety) || count > MAX_TABLE_ELEMENTS) {
        lift_fail(L, ref, not_constant_hint,
                  "'%s' is an array of the file: pargrad reads the file's constant tables "
                  "only (const, or static and changed nowhere in the file; at most 4 "
                  "dimensions and 2^20 elements)",
                  name);
        return NULL;
    }
    double *vals = arena_alloc(L->a, sizeof(double) * (size_t)count);
    for (long i = 0; i < count; i++)
        vals[i] = 0.0; /* C: what the list leaves out is zero */
    if (!clang_Cursor_isNull(init) &&
        (clang_getCursorKind(init) != CXCursor_InitListExpr ||
         !fill_table(L, init, dims, rank, 0, vals, !type_is_float(ety)))) {
        lift_fail(L, ref,
                  "give the table's values as constants in order, one brace level per "
                  "dimension",
                  "cannot read the values of the table '%s'", name);
        return NULL;
    }
    Buffer *buf = buffer_new(L->a, L->f, name, ety, BUF_LOCAL);
    buf->rank = rank;
    buf->dims = arena_alloc(L->a, sizeof(Operand) * (size_t)rank);
    for (int d = 0; d < rank; d++)
        buf->dims[d] = opd_int(dims[d]);
    buf->is_const = true;
    buf->table = vals;
    return buf;
}

/* Declared at the top of the function, after the tables and pointer tests
 * before it: every use is in its scope (lift_undo takes back those a
 * failed probe added) */
static void declare_at_top(Lift *L, Stmt *s, GlobalTable *g) {
    Body *top = L->f->body;
    body_append(L->a, top, s);
    for (int i = top->stmts.len - 1; i > L->tables.len; i--)
        top->stmts.items[i] = top->stmts.items[i - 1];
    top->stmts.items[L->tables.len] = s;
    vec_push(L->a, &L->tables, g);
}

Buffer *global_table(Lift *L, CXCursor ref, CXCursor decl) {
    for (int i = 0; i < L->tables.len; i++) {
        GlobalTable *g = L->tables.items[i];
        if (clang_equalCursors(g->decl, decl))
            return g->buf;
    }
    Buffer *buf = make_table(L, ref, decl);
    if (!buf)
        return NULL;
    GlobalTable *g = arena_alloc(L->a, sizeof(GlobalTable));
    g->decl = decl;
    g->buf = buf;
    Stmt *s = stmt_new(L->a, S_DECL, loc_of(L, decl));
    s->buf = buf;
    declare_at_top(L, s, g);
    return buf;
}

/* Whether the caller gave the pointer parameter buf (`w != NULL`, an
 * optional array), bound once at the top of the function: every test of
 * it, in the forward sweep and the return sweep, reads the one value. */
Operand pointer_given(Lift *L, CXCursor at, Buffer *buf) {
    if (buf->given)
        return opd_var(buf->given);
    GlobalTable *g = arena_alloc(L->a, sizeof(GlobalTable));
    g->decl = clang_getNullCursor();
    g->buf = buf;
    Stmt *s = stmt_new(L->a, S_LET, loc_of(L, at));
    s->dst = g->given = var_new(L->a, L->f, arena_printf(L->a, "%s_given", buf->name), type_int());
    s->op = OP_NOT_NULL;
    s->buf = buf;
    buf->given = s->dst;
    declare_at_top(L, s, g);
    return opd_var(s->dst);
}
