/* Structs: split into their scalar fields, as a scalar-replacement pass
 * would. An array of structs (a pointer to structs, a struct passed by
 * value) becomes one buffer per field, all indexed alike: `p[i].x` reads
 * the buffer of field x at i, and the generated code writes it back as
 * `p[i].x`. A local struct becomes one scalar binding per field, so it is
 * carried through loops and merged after ifs like any scalar. Whole-struct
 * copies (`q = p[i]`, a struct passed by value to a helper) copy field by
 * field. The generated file defines the struct types its signatures use,
 * from their canonical field types, so that it compiles on its own. */
#include "lift.h"

/* ---- shapes ---- */
typedef struct ShapeBuild {
    Lift *L;
    const char *prefix;
    bool pointers; /* the pointer fields to numbers, rather than the scalar fields */
    PtrVec paths;
    Type types[4096];
    bool to_const[4096];
    long long lens[4096]; /* an array field's length (double w[4]), 0 for a pointer */
    int n;
    bool too_many;
} ShapeBuild;

static void add_fields(ShapeBuild *sb, CXType record, const char *prefix);
bool is_struct_type(CXType t);

static enum CXVisitorResult add_field(CXCursor field, CXClientData data) {
    ShapeBuild *sb = data;
    const char *name = cursor_spelling(sb->L, field);
    if (!*name) /* an anonymous member: not nameable in a path */
        return CXVisit_Continue;
    const char *path = sb->prefix ? arena_printf(sb->L->a, "%s.%s", sb->prefix, name) : name;
    CXType t = clang_getCanonicalType(clang_getCursorType(field));
    Type ty;
    if (t.kind == CXType_Record) {
        if (is_struct_type(t)) /* a union's members overlap: not followed */
            add_fields(sb, t, path);
    } else {
        CXType pointee = clang_getCanonicalType(clang_getPointeeType(t));
        /* an array of numbers inside the struct (double w[4]) is followed as
         * a pointer field is: s->w[k] reads it, s_b->w[k] its adjoint */
        CXType inner = clang_getCanonicalType(clang_getArrayElementType(t));
        bool array = t.kind == CXType_ConstantArray && inner.kind != CXType_ConstantArray &&
                     map_type(inner, &ty);
        bool wanted = sb->pointers ? array || (t.kind == CXType_Pointer && map_type(pointee, &ty))
                                   : map_type(t, &ty);
        if (!wanted)
            return CXVisit_Continue;
        if (sb->n == (int)(sizeof sb->types / sizeof sb->types[0])) {
            sb->too_many = true;
            return CXVisit_Break;
        }
        vec_push(sb->L->a, &sb->paths, (void *)path);
        sb->to_const[sb->n] = sb->pointers && !array && clang_isConstQualifiedType(pointee);
        sb->lens[sb->n] = array ? clang_getArraySize(t) : 0;
        sb->types[sb->n++] = ty;
    }
    return CXVisit_Continue;
}

static void add_fields(ShapeBuild *sb, CXType record, const char *prefix) {
    const char *outer = sb->prefix;
    sb->prefix = prefix;
    clang_Type_visitFields(record, add_field, sb);
    sb->prefix = outer;
}

bool is_struct_type(CXType t) {
    CXType ct = clang_getCanonicalType(t);
    return ct.kind == CXType_Record &&
           clang_getCursorKind(clang_getTypeDeclaration(ct)) == CXCursor_StructDecl;
}

/* The scalar fields of struct type t (or with `pointers`, its fields that
 * point to numbers), flattened in declaration order. */
static StructFields *fields_of(Lift *L, CXCursor at, CXType t, bool pointers) {
    ShapeBuild *sb = xcalloc(1, sizeof(ShapeBuild));
    sb->L = L;
    sb->pointers = pointers;
    add_fields(sb, clang_getCanonicalType(t), NULL);
    StructFields *sh = arena_alloc(L->a, sizeof(StructFields));
    sh->n = sb->n;
    sh->paths = (const char **)sb->paths.items;
    sh->types = arena_alloc(L->a, sizeof(Type) * (size_t)(sb->n + 1));
    memcpy(sh->types, sb->types, sizeof(Type) * (size_t)sb->n);
    sh->to_const = arena_alloc(L->a, sizeof(bool) * (size_t)(sb->n + 1));
    memcpy(sh->to_const, sb->to_const, sizeof(bool) * (size_t)sb->n);
    sh->lens = arena_alloc(L->a, sizeof(long long) * (size_t)(sb->n + 1));
    memcpy(sh->lens, sb->lens, sizeof(long long) * (size_t)sb->n);
    sh->bufs = arena_alloc(L->a, sizeof(Buffer *) * (size_t)(sb->n + 1));
    if (sb->too_many)
        lift_fail(L, at, "split the struct", "a struct with more than %s scalar fields", "4096");
    free(sb);
    return sh;
}

StructFields *struct_shape(Lift *L, CXCursor at, CXType t) {
    return fields_of(L, at, t, false);
}

static int field_index(const StructFields *sh, const char *path) {
    for (int k = 0; k < sh->n; k++)
        if (strcmp(sh->paths[k], path) == 0)
            return k;
    return -1;
}

/* ---- type definitions for the generated file ---- */
static const char *spelling_of(Lift *L, CXType t) {
    CXString s = clang_getTypeSpelling(t);
    const char *r = arena_strdup(L->a, clang_getCString(s));
    clang_disposeString(s);
    return r;
}

static bool define_record(Lift *L, CXCursor at, CXType rec, const char **why);
static const char *layout_problem(Lift *L, CXType rec, CXCursor decl);
static const char *record_fields(Lift *L, CXCursor at, CXCursor decl, const char **why);
static bool unnamed_record(Lift *L, CXType rec);

/* Lines one level further in (a struct's fields inside another's) */
static const char *indented(Lift *L, const char *text) {
    size_t n = strlen(text), lines = 0;
    for (size_t i = 0; i < n; i++)
        lines += text[i] == '\n';
    char *out = arena_alloc(L->a, n + 4 * lines + 1), *o = out;
    for (size_t i = 0; i < n; i++) {
        *o++ = text[i];
        if (text[i] == '\n') {
            memcpy(o, "    ", 4);
            o += 4;
        }
    }
    *o = '\0';
    return out;
}

/* The type of a field without its const (`const double mass`): the
 * adjoint structs pargrad declares of the type write every field; the
 * layout is the same. */
static const char *unqualified(const char *spelled) {
    while (strncmp(spelled, "const ", 6) == 0 || strncmp(spelled, "volatile ", 9) == 0)
        spelled += spelled[0] == 'c' ? 6 : 9;
    return spelled;
}

/* `T name` for a field of canonical type t, defining the structs it names. */
static const char *field_declarator(Lift *L, CXCursor at, CXType t, const char *name,
                                    const char **why) {
    t = clang_getCanonicalType(t);
    if (t.kind == CXType_ConstantArray)
        return field_declarator(
            L, at, clang_getArrayElementType(t),
            arena_printf(L->a, "%s[%lld]", name, (long long)clang_getArraySize(t)), why);
    /* a union, a function pointer: storage the gradient never reads (a
     * read of one is a diagnostic where it is lifted), of the same size
     * and alignment */
    if (t.kind == CXType_Record &&
        clang_getCursorKind(clang_getTypeDeclaration(t)) == CXCursor_UnionDecl)
        return arena_printf(L->a, "unsigned char %s[%lld] __attribute__((aligned(%lld)))", name,
                            clang_Type_getSizeOf(t), clang_Type_getAlignOf(t));
    if (t.kind == CXType_Pointer) {
        CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
        if (pt.kind == CXType_FunctionProto || pt.kind == CXType_FunctionNoProto)
            return arena_printf(L->a, "void (*%s)(void)", name);
    }
    if (t.kind == CXType_Record && unnamed_record(L, t)) {
        CXCursor decl = clang_getTypeDeclaration(t);
        *why = layout_problem(L, t, decl);
        const char *fields = *why ? NULL : record_fields(L, at, decl, why);
        if (!fields)
            return NULL;
        return arena_printf(L->a, "struct {%s\n    } %s", indented(L, fields), name);
    }
    if (t.kind == CXType_Record && !define_record(L, at, t, why))
        return NULL;
    if (t.kind == CXType_Pointer) {
        CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
        if (pt.kind == CXType_Pointer || pt.kind == CXType_ConstantArray)
            return NULL;
        return arena_printf(L->a, "%s *%s", spelling_of(L, pt), name);
    }
    if (t.kind == CXType_Enum || t.kind == CXType_Elaborated)
        return arena_printf(L->a, "int %s", name);
    return arena_printf(L->a, "%s %s", unqualified(spelling_of(L, t)), name);
}

static long long align_up(long long at, long long align) {
    return align > 0 ? (at + align - 1) / align * align : at;
}

/* Why the struct declared by decl, written out again field by field, would
 * not lie in memory as the caller's does (bit-fields, packing, alignment
 * attributes, a type of a system header that the output's compiler may
 * define otherwise), or NULL. */
static const char *layout_problem(Lift *L, CXType rec, CXCursor decl) {
    const char *type = unqualified(spelling_of(L, rec));
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(decl)))
        return arena_printf(L->a, "'%s' is a type of a system header", type);
    KidList fields = all_kids(L->a, decl);
    long long at = 0, align = 1;
    for (int i = 0; i < fields.n; i++) {
        CXCursor f = fields.items[i];
        if (clang_getCursorKind(f) != CXCursor_FieldDecl)
            continue;
        const char *name = cursor_spelling(L, f);
        if (clang_Cursor_isBitField(f))
            return arena_printf(L->a, "'%s' of '%s' is a bit-field", name, type);
        CXType ft = clang_getCanonicalType(clang_getCursorType(f));
        long long a = clang_Type_getAlignOf(ft), size = clang_Type_getSizeOf(ft);
        at = align_up(at, a);
        if (a < 0 || size < 0 || clang_Cursor_getOffsetOfField(f) != 8 * at)
            return arena_printf(L->a, "'%s' of '%s' is placed by packing or an alignment", name,
                                type);
        at += size;
        align = a > align ? a : align;
    }
    if (clang_Type_getSizeOf(rec) != align_up(at, align))
        return arena_printf(L->a, "'%s' is packed or aligned", type);
    return NULL;
}

/* Appends the definition of struct type rec (after those of the structs
 * it contains) to the function's type definitions, once. */
/* Its fields, one line each as a reader would write them; NULL where one
 * cannot be written (why says why, where known). */
static const char *record_fields(Lift *L, CXCursor at, CXCursor decl, const char **why) {
    KidList fields = all_kids(L->a, decl);
    const char *text = "";
    for (int i = 0; i < fields.n; i++) {
        if (clang_getCursorKind(fields.items[i]) != CXCursor_FieldDecl)
            continue;
        const char *name = cursor_spelling(L, fields.items[i]);
        const char *d =
            *name ? field_declarator(L, at, clang_getCursorType(fields.items[i]), name, why) : NULL;
        if (!d)
            return NULL;
        text = arena_printf(L->a, "%s\n    %s;", text, d);
    }
    return text;
}

/* A struct type without a name of its own (`struct { double x, y; } pos;`
 * inside another): defined where the field is. */
static bool unnamed_record(Lift *L, CXType rec) {
    return strstr(spelling_of(L, rec), "(unnamed") || strstr(spelling_of(L, rec), "(anonymous");
}

static bool define_record(Lift *L, CXCursor at, CXType rec, const char **why) {
    rec = clang_getCanonicalType(rec);
    CXCursor decl = clang_getTypeDeclaration(rec);
    if (clang_getCursorKind(decl) != CXCursor_StructDecl)
        return false;
    *why = layout_problem(L, rec, decl);
    if (*why)
        return false;
    const char *tag = cursor_spelling(L, decl);
    const char *spelled = spelling_of(L, clang_getCanonicalType(clang_getCursorType(decl)));
    const char *head = *tag ? arena_printf(L->a, "struct %s {", tag) : "typedef struct {";
    const char *tail = *tag ? "};" : arena_printf(L->a, "} %s;", spelled);
    const char *fields = record_fields(L, at, decl, why);
    if (!fields)
        return false;
    const char *text = arena_printf(L->a, "%s%s\n%s", head, fields, tail);
    for (int i = 0; i < L->f->type_defs.len; i++)
        if (strcmp(L->f->type_defs.items[i], text) == 0)
            return true;
    vec_push(L->a, &L->f->type_defs, (void *)text);
    return true;
}

/* ---- parameters ---- */
typedef struct RowScan {
    Lift *L;
    CXCursor param;
    StructFields *ptrs;
} RowScan;

/* p[k].u in the function: every use of that pointer field is a row of
 * the table (p->u its row 0), so that one buffer holds its arrays */
static enum CXChildVisitResult find_row_use(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    RowScan *rs = data;
    if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
        return CXChildVisit_Recurse;
    const char *path = cursor_spelling(rs->L, c);
    CXCursor base = strip_parens(kids_of(c).items[0]);
    while (clang_getCursorKind(base) == CXCursor_MemberRefExpr &&
           clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Record) {
        path = arena_printf(rs->L->a, "%s.%s", cursor_spelling(rs->L, base), path);
        base = strip_parens(kids_of(base).items[0]);
    }
    if (clang_getCursorKind(base) != CXCursor_ArraySubscriptExpr)
        return CXChildVisit_Recurse;
    CXCursor arr = strip_parens(kids_of(base).items[0]);
    int k = field_index(rs->ptrs, path);
    if (k >= 0 && clang_getCursorKind(arr) == CXCursor_DeclRefExpr &&
        same_node(clang_getCursorReferenced(arr), rs->param))
        rs->ptrs->form[k] = 2;
    return CXChildVisit_Recurse;
}
/* A struct parameter (a pointer or array of structs, or one by value):
 * one Param and buffer per scalar field, sharing the C declaration; the
 * binding holds the whole-struct handle. */
void lift_struct_param(Lift *L, CXCursor p, Param *pr, int slot, CXType elem, int rank,
                       bool by_value) {
    const char *why = NULL;
    if (!define_record(L, p, elem, &why)) {
        lift_fail(L, p,
                  why ? "keep the numbers pargrad differentiates in a struct of plain fields, "
                        "or pass them as arrays"
                      : "pargrad handles structs of scalar, array, pointer and struct fields, "
                        "defined in this file or its headers",
                  "%s",
                  arena_printf(L->a,
                               "cannot define the struct type of parameter '%s' in the "
                               "generated file%s%s",
                               pr->name, why ? " with the caller's layout: " : "", why ? why : ""));
        return;
    }
    StructParam *group = arena_alloc(L->a, sizeof(StructParam));
    group->name = pr->name;
    group->decl = pr->decl;
    CXType unqual = clang_getCanonicalType(elem);
    const char *type = spelling_of(L, unqual);
    if (strncmp(type, "const ", 6) == 0)
        type += 6;
    group->type = type;
    group->by_value = by_value;
    bool is_const = clang_isConstQualifiedType(elem);
    StructFields *sh = struct_shape(L, p, elem);
    /* the arrays its pointer fields point to */
    StructFields *ptrs = rank <= 1 ? fields_of(L, p, elem, true) : NULL;
    if (sh->n == 0 && (!ptrs || ptrs->n == 0)) {
        lift_fail(L, p, "pass the struct's scalar fields instead",
                  "the struct parameter '%s' has no scalar fields pargrad can follow", pr->name);
        return;
    }
    Buffer *whole = buffer_new(L->a, L->f, pr->name, (Type){TY_VOID, NULL}, BUF_PARAM);
    whole->rank = rank;
    whole->fields = sh;
    whole->pointer_fields = ptrs;
    whole->by_value = by_value;
    /* a pointer field of a struct the parameter points to (p->u[i]), and,
     * where it may point to an array of structs, of its elements
     * (p[k].u[i]: rows of a table, each element's array its own) */
    int nptrs = ptrs ? ptrs->n : 0, nrows = by_value ? 0 : nptrs;
    if (ptrs) {
        ptrs->row_bufs = arena_alloc(L->a, sizeof(Buffer *) * (size_t)(nptrs + 1));
        ptrs->form = arena_alloc(L->a, (size_t)(nptrs + 1));
        memset(ptrs->row_bufs, 0, sizeof(Buffer *) * (size_t)(nptrs + 1));
        memset(ptrs->form, 0, (size_t)(nptrs + 1));
        RowScan rs = {L, p, ptrs};
        if (!by_value)
            clang_visitChildren(clang_getCursorSemanticParent(p), find_row_use, &rs);
    }
    for (int k = 0; k < sh->n + nptrs + nrows; k++) {
        bool through_pointer = k >= sh->n, rows = k >= sh->n + nptrs;
        StructFields *from = through_pointer ? ptrs : sh;
        int f = rows ? k - sh->n - nptrs : through_pointer ? k - sh->n : k;
        Buffer *buf = buffer_new(L->a, L->f, pr->name, from->types[f], BUF_PARAM);
        /* a pointer field of a const struct still points to writable
         * elements, unless it points to const ones */
        bool array = through_pointer && ptrs->lens[f] > 0;
        buf->is_const = through_pointer && !array ? ptrs->to_const[f] : is_const || by_value;
        buf->rank = rows ? 2 : through_pointer ? 1 : rank;
        buf->row_table = rows;
        buf->field = from->paths[f];
        buf->by_value = by_value;
        buf->through_pointer = through_pointer;
        buf->param_decl = pr->decl;
        if (array && !rows) { /* its declared length bounds every access */
            buf->extent = arena_alloc(L->a, sizeof(Operand));
            *buf->extent = opd_int(ptrs->lens[f]);
        }
        if (rows)
            from->row_bufs[f] = buf;
        else
            from->bufs[f] = buf;
        Param *fp = k == 0 ? pr : arena_alloc(L->a, sizeof(Param));
        fp->name = pr->name;
        fp->decl = pr->decl;
        fp->group = group;
        fp->buf = buf;
        if (k > 0)
            vec_push(L->a, &L->f->params, fp);
    }
    Binding *b = &L->env[slot];
    b->is_array = true;
    b->buf = whole;
}

/* ---- locals ---- */
/* A local struct: its head binding (no value; the shape), then one scalar
 * binding per field, named d.x. Returns the head's slot. */
int bind_struct_local(Lift *L, CXCursor decl, const char *name, StructFields *sh) {
    Binding *head = env_bind(L, decl, name);
    head->shape = sh;
    int slot = L->nenv - 1;
    for (int k = 0; k < sh->n; k++) {
        Binding *f =
            env_bind(L, clang_getNullCursor(), arena_printf(L->a, "%s.%s", name, sh->paths[k]));
        f->ty = sh->types[k];
    }
    return slot;
}

/* ---- where a struct lives ---- */
/* A struct expression's place: in field buffers (`whole`, at idx), or in
 * the field bindings after a local's head `slot`; `prefix` is the member
 * path inside it for a nested struct (p[i].pos). */
typedef struct Place {
    Buffer *whole;
    Operand idx[4];
    int n;
    int slot;
    const char *prefix;
    StructFields *shape;
} Place;

CXCursor strip_parens(CXCursor c) {
    c = strip_implicit(c);
    while (clang_getCursorKind(c) == CXCursor_ParenExpr)
        c = strip_implicit(kids_of(c).items[0]);
    return c;
}

static const char *member_path(Lift *L, const char *prefix, CXCursor member) {
    const char *m = cursor_spelling(L, member);
    return prefix ? arena_printf(L->a, "%s.%s", prefix, m) : m;
}

static bool struct_place(Lift *L, CXCursor e, Place *pl);

/* The local struct that pointer expression e points to (a helper's `v`
 * given `&d`, or `vec3 *v = &d;`): its head binding, or -1. */
static int local_struct_ref(Lift *L, CXCursor e) {
    CXCursor c = strip_parens(e);
    int b = clang_getCursorKind(c) == CXCursor_DeclRefExpr ? env_lookup(L, c) : -1;
    if (b < 0 || !L->env[b].ref || !L->env[L->env[b].ref - 1].shape)
        return -1;
    return L->env[b].ref - 1;
}

/* The member expression c (a.b or a->b): the place of a, with b added to
 * the path. */
static bool member_place(Lift *L, CXCursor c, Place *pl) {
    CXCursor base = strip_parens(kids_of(c).items[0]);
    CXType bt = clang_getCanonicalType(clang_getCursorType(base));
    int local = bt.kind == CXType_Pointer ? local_struct_ref(L, base) : -1;
    if (local >= 0) {
        *pl = (Place){.slot = local, .shape = L->env[local].shape};
    } else if (bt.kind == CXType_Pointer) { /* a->b: the element a points at */
        Operand off;
        Buffer *whole = lift_view(L, base, &off);
        if (!whole)
            return false;
        if (!whole->fields) {
            lift_fail(L, base, NULL, "'%s' does not point into an array of structs pargrad knows",
                      extent_text(L->fe, base));
            return false;
        }
        *pl = (Place){.whole = whole, .n = 1, .slot = -1, .shape = whole->fields};
        pl->idx[0] = off;
    } else if (!struct_place(L, base, pl)) {
        return false;
    }
    pl->prefix = member_path(L, pl->prefix, c);
    return true;
}

static Operand *literal_values(Lift *L, CXCursor lit, int *n);

static bool is_computed_struct(CXCursor c) {
    return clang_getCursorKind(c) == CXCursor_CallExpr ||
           clang_getCursorKind(c) == CXCursor_CompoundLiteralExpr;
}

/* The field values of a struct that is no place: a call's result or a
 * literal. */
static Operand *computed_values(Lift *L, CXCursor c, int *n) {
    return clang_getCursorKind(c) == CXCursor_CallExpr ? lift_struct_call(L, c, n)
                                                       : literal_values(L, c, n);
}

/* A computed struct read by member (v3_add(a, b).x): a local of its own
 * holds its fields. */
static bool value_place(Lift *L, CXCursor c, Place *pl) {
    int n;
    Operand *vals = computed_values(L, c, &n);
    if (!vals)
        return false;
    StructFields *sh = struct_shape(L, c, clang_getCursorType(c));
    if (sh->n != n) {
        lift_fail(L, c, NULL, "a struct value of another shape than its type%s", "");
        return false;
    }
    int head = bind_struct_local(L, clang_getNullCursor(), "value", sh);
    for (int i = 0; i < n; i++)
        assign_field(L, c, head + 1 + i, vals[i]);
    pl->slot = head;
    pl->shape = sh;
    return true;
}

static bool struct_place(Lift *L, CXCursor e, Place *pl) {
    CXCursor c = strip_parens(e);
    enum CXCursorKind k = clang_getCursorKind(c);
    *pl = (Place){.slot = -1};
    if (k == CXCursor_MemberRefExpr)
        return member_place(L, c, pl);
    if (k == CXCursor_DeclRefExpr) {
        int b = env_lookup(L, c);
        if (b >= 0 && L->env[b].shape) {
            pl->slot = b;
            pl->shape = L->env[b].shape;
            return true;
        }
        if (b >= 0 && L->env[b].is_array && L->env[b].buf->by_value) {
            pl->whole = L->env[b].buf;
            pl->shape = pl->whole->fields;
            pl->idx[0] = opd_int(0);
            pl->n = 1;
            return true;
        }
    }
    bool post;
    int local = k == CXCursor_UnaryOperator && !strcmp(unop_of(L, c, &post), "*")
                    ? local_struct_ref(L, kids_of(c).items[0])
                    : -1;
    if (local >= 0) { /* *v for v = &d */
        pl->slot = local;
        pl->shape = L->env[local].shape;
        return true;
    }
    if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_UnaryOperator) {
        Buffer *whole = lift_subscripts(L, c, pl->idx, &pl->n);
        if (!whole)
            return false;
        if (whole->fields) {
            pl->whole = whole;
            pl->shape = whole->fields;
            return true;
        }
    }
    if (is_computed_struct(c))
        return value_place(L, c, pl);
    lift_fail(L, c, "use a local struct, a struct parameter, or an element of an array of structs",
              "unsupported struct expression%s", "");
    return false;
}

/* The fields of a place under its prefix, in order: their indices in the
 * shape. */
static int place_fields(const Place *pl, int *out) {
    int n = 0;
    size_t len = pl->prefix ? strlen(pl->prefix) : 0;
    for (int k = 0; k < pl->shape->n; k++) {
        const char *path = pl->shape->paths[k];
        if (!pl->prefix || (strncmp(path, pl->prefix, len) == 0 && path[len] == '.'))
            out[n++] = k;
    }
    return n;
}

/* ---- scalar fields ---- */
/* The scalar field that member expression c names: a buffer element (the
 * field's buffer and subscripts) or a local's field binding (*slot). */
Buffer *lift_member(Lift *L, CXCursor c, Operand *idx, int *n, int *slot) {
    Place pl;
    *slot = -1;
    if (!member_place(L, c, &pl))
        return NULL;
    int k = field_index(pl.shape, pl.prefix);
    if (k < 0) {
        CXType t = clang_getCursorType(c);
        lift_fail(L, c,
                  is_struct_type(t) ? "use its fields, or copy it whole: q = p[i];"
                  : t.kind == CXType_Pointer
                      ? "pargrad follows the array a pointer field points to (s->u[i]), not "
                        "the field itself: to swap buffers, take local pointers, double *cur = "
                        "s->cur, *nxt = s->nxt;, and swap those"
                      : "pargrad follows struct fields of integer, float and double type, "
                        "structs of them, and the arrays pointer fields point to",
                  "the struct field '%s' is not one pargrad can follow here",
                  arena_printf(L->a, "%s: %s", pl.prefix, spelling_of(L, t)));
        return NULL;
    }
    if (pl.slot >= 0) {
        *slot = pl.slot + 1 + k;
        return NULL;
    }
    memcpy(idx, pl.idx, sizeof(Operand) * (size_t)pl.n);
    *n = pl.n;
    return pl.shape->bufs[k];
}

/* A pointer written as one at an element of an array (of structs): &p[k],
 * p + k, or a local or a helper's parameter bound to one. */
bool points_at_element(Lift *L, CXCursor e) {
    CXCursor c = strip_casts(strip_parens(e));
    enum CXCursorKind k = clang_getCursorKind(c);
    bool post;
    if (k == CXCursor_UnaryOperator && !strcmp(unop_of(L, c, &post), "&"))
        return clang_getCursorKind(strip_parens(kids_of(c).items[0])) ==
               CXCursor_ArraySubscriptExpr;
    if (k == CXCursor_BinaryOperator)
        return !strcmp(binop_of(L, c), "+");
    int b = k == CXCursor_DeclRefExpr ? env_lookup(L, c) : -1;
    return b >= 0 && (L->env[b].is_view || L->env[b].at_element);
}

/* p[0].u, or q->u for q = &p[0]: an element's field, as C writes it */
static bool names_an_element(Lift *L, CXCursor member) {
    CXCursor base = strip_parens(kids_of(member).items[0]);
    return clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr || points_at_element(L, base);
}

/* The array at path pl->prefix of struct place pl: a local struct's own
 * array (q.pos), or the array a pointer or array field of a struct
 * parameter holds (fl->u, s.u, p->w, fl->grid.u): a buffer of its own;
 * of an element of an array of structs (layers[l].W, p[i].pos), a row of
 * a table of such arrays, *row the element. `named` says whether C names
 * an element there (p[0].u, q->u for q = &p[0]). NULL (reported at
 * member) for other fields. */
static Buffer *place_array(Lift *L, CXCursor member, Place pl, bool named, Operand *row) {
    *row = opd_none();
    if (pl.slot >= 0) {
        StructFields *arrays = L->env[pl.slot].arrays;
        int k = arrays ? field_index(arrays, pl.prefix) : -1;
        if (k >= 0)
            return arrays->bufs[k];
    }
    StructFields *ptrs = pl.whole ? pl.whole->pointer_fields : NULL;
    int k = ptrs ? field_index(ptrs, pl.prefix) : -1;
    /* p[0].u and p->u are one array: the form the function uses already
     * (p[l].u, p[0].u, q->u for q = &p[l]: an element's; p->u: the struct's) */
    bool first = opd_is_const(pl.idx[0], 0);
    bool of_element =
        k >= 0 && pl.n == 1 && (ptrs->form[k] == 2 || !first || (!ptrs->form[k] && named));
    if (k >= 0 && (!(of_element ? ptrs->row_bufs[k] : ptrs->bufs[k]) || pl.n != 1)) {
        lift_fail(L, member, "index the struct parameter's field (p->u[i] or p[k].u[i])",
                  "'%s' is a pointer field pargrad does not follow here",
                  extent_text(L->fe, member));
        return NULL;
    }
    /* p->u and p[k].u are two buffers: one function uses one of them */
    unsigned char form = of_element ? 2 : 1;
    if (k >= 0 && ptrs->form[k] && ptrs->form[k] != form) {
        lift_fail(L, member,
                  "index every element's array as p[k].u[i] (p[0].u[i] for the first), or use "
                  "only p->u",
                  "%s",
                  arena_printf(L->a,
                               "'%s': the pointer field '%s' is used both of the struct the "
                               "parameter points to (p->%s) and of an element of an array of "
                               "them (p[k].%s)",
                               extent_text(L->fe, member), pl.prefix, pl.prefix, pl.prefix));
        return NULL;
    }
    if (of_element) {
        ptrs->form[k] = form;
        *row = pl.idx[0];
        return ptrs->row_bufs[k];
    }
    if (k < 0) {
        const char *hint =
            pl.slot >= 0
                ? "index the struct parameter's own field (fl->u[i]), not a local copy's"
                : "keep the field's elements in an array of their own (a parameter or a local "
                  "array), or point a field of a struct parameter at them (double *u;)";
        lift_fail(L, member, hint,
                  "'%s' is an array or pointer field of a struct, which pargrad does not follow",
                  extent_text(L->fe, member));
        return NULL;
    }
    ptrs->form[k] = form;
    return ptrs->bufs[k];
}

/* The array that pointer or array field `member` (fl->u[i], q.pos[d])
 * holds: place_array's */
Buffer *pointer_field(Lift *L, CXCursor member, Operand *row) {
    Place pl;
    *row = opd_none();
    if (!member_place(L, member, &pl))
        return NULL;
    return place_array(L, member, pl, names_an_element(L, member), row);
}

/* The array of the pointer field a pragma names as C writes it (st->u,
 * st.f.u, for a struct parameter st); NULL if it names none. */
Buffer *named_pointer_field(Lift *L, const char *path) {
    size_t base = strcspn(path, "-.");
    if (!path[base])
        return NULL;
    int b = env_named(L, arena_printf(L->a, "%.*s", (int)base, path));
    Buffer *whole = b >= 0 && L->env[b].is_array ? L->env[b].buf : NULL;
    if (!whole || !whole->pointer_fields || (whole->by_value != (path[base] == '.')))
        return NULL;
    const char *rest = path + base + (path[base] == '.' ? 1 : 2);
    if (strstr(rest, "->")) /* through a pointer to another struct: not followed */
        return NULL;
    int k = field_index(whole->pointer_fields, rest);
    if (k >= 0 && whole->pointer_fields->form[k] == 2) /* the function uses p[k].u */
        return NULL;
    if (k >= 0)
        whole->pointer_fields->form[k] = 1;
    return k >= 0 ? whole->pointer_fields->bufs[k] : NULL;
}

/* A binding, by that name, for the array of the pointer field a pragma
 * names (scan(affine: st->u)): the clauses that look arrays up by name
 * find it; -1 if it names none. */
int pointer_field_binding(Lift *L, const char *path) {
    Buffer *buf = named_pointer_field(L, path);
    if (!buf)
        return -1;
    Binding *b = env_bind(L, clang_getNullCursor(), path);
    b->is_array = true;
    b->buf = buf;
    return L->nenv - 1;
}

/* ---- whole structs ---- */
static void init_from_list(Lift *L, CXCursor list, CXType t, const char *prefix, int head);

/* (struct pair){a, b}: the values of a temporary local initialised from
 * the list. */
static Operand *literal_values(Lift *L, CXCursor lit, int *n) {
    CXType t = clang_getCursorType(lit);
    Kids k = kids_of(lit);
    CXCursor list = k.n ? strip_parens(k.last) : clang_getNullCursor();
    if (!is_struct_type(t) || clang_Cursor_isNull(list) ||
        clang_getCursorKind(list) != CXCursor_InitListExpr) {
        lift_fail(L, lit,
                  "use a local struct, a struct parameter, or an element of an array of "
                  "structs",
                  "unsupported struct expression%s", "");
        return NULL;
    }
    StructFields *sh = struct_shape(L, lit, t);
    int head = bind_struct_local(L, clang_getNullCursor(), "literal", sh);
    init_from_list(L, list, t, NULL, head);
    Operand *vals = arena_alloc(L->a, sizeof(Operand) * (size_t)(sh->n + 1));
    for (int i = 0; i < sh->n; i++)
        vals[i] = L->env[head + 1 + i].val;
    *n = sh->n;
    L->nenv = head; /* the temporary ends here */
    return vals;
}

/* The values of the fields of struct expression e, in the order of its
 * type's shape; NULL (reported) if it is not one pargrad follows. */
Operand *struct_values(Lift *L, CXCursor e, int *n) {
    CXCursor c = strip_parens(e);
    if (is_computed_struct(c))
        return computed_values(L, c, n);
    Place pl;
    if (!struct_place(L, e, &pl))
        return NULL;
    int *ks = arena_alloc(L->a, sizeof(int) * (size_t)(pl.shape->n + 1));
    *n = place_fields(&pl, ks);
    Operand *vals = arena_alloc(L->a, sizeof(Operand) * (size_t)(*n + 1));
    for (int i = 0; i < *n; i++) {
        int k = ks[i];
        if (pl.slot >= 0) {
            vals[i] = binding_value(L, e, pl.slot + 1 + k);
            continue;
        }
        vals[i] = read_element(L, e, pl.shape->bufs[k], pl.idx, pl.n);
    }
    return vals;
}

/* Stores vals (n, in shape order) into the fields of struct place lhs. */
static void store_struct(Lift *L, CXCursor at, CXCursor lhs, Operand *vals, int n) {
    Place pl;
    if (!struct_place(L, lhs, &pl))
        return;
    int *ks = arena_alloc(L->a, sizeof(int) * (size_t)(pl.shape->n + 1));
    int m = place_fields(&pl, ks);
    if (m != n) {
        lift_fail(L, at, "copy structs of one type", "a struct copy between different shapes%s",
                  "");
        return;
    }
    for (int i = 0; i < n; i++) {
        int k = ks[i];
        if (pl.slot >= 0)
            assign_field(L, at, pl.slot + 1 + k, vals[i]);
        else
            write_element(L, at, pl.shape->bufs[k], pl.idx, pl.n, vals[i]);
    }
}

/* ---- the arrays inside a struct ---- */
/* A local struct's arrays (double pos[3] in it): a local array each
 * (q_pos for q.pos), declared where the struct is, on its head binding */
static void declare_struct_arrays(Lift *L, CXCursor d, int head, const char *name, CXType t) {
    StructFields *all = fields_of(L, d, t, true);
    StructFields *arrays = arena_alloc(L->a, sizeof(StructFields));
    arrays->paths = arena_alloc(L->a, sizeof(char *) * (size_t)(all->n + 1));
    arrays->types = arena_alloc(L->a, sizeof(Type) * (size_t)(all->n + 1));
    arrays->lens = arena_alloc(L->a, sizeof(long long) * (size_t)(all->n + 1));
    arrays->bufs = arena_alloc(L->a, sizeof(Buffer *) * (size_t)(all->n + 1));
    for (int k = 0; k < all->n; k++) {
        if (all->lens[k] <= 0) /* (a pointer field of a local: not followed) */
            continue;
        const char *array = arena_printf(L->a, "%s_%s", name, ident_of(L->a, all->paths[k]));
        Buffer *buf = buffer_new(L->a, L->f, array, all->types[k], BUF_LOCAL);
        buf->rank = 1;
        buf->dims = arena_alloc(L->a, sizeof(Operand));
        buf->dims[0] = opd_int(all->lens[k]);
        Stmt *s = stmt_new(L->a, S_DECL, loc_of(L, d));
        s->buf = buf;
        body_append(L->a, L->cur, s);
        int n = arrays->n++;
        arrays->paths[n] = all->paths[k];
        arrays->types[n] = all->types[k];
        arrays->lens[n] = all->lens[k];
        arrays->bufs[n] = buf;
    }
    L->env[head].arrays = arrays->n ? arrays : NULL;
}

typedef struct ArrayCopy {
    CXCursor at;
    Buffer *dst, *src;
    Operand dst_row, src_row; /* an element's row of a table (p[i].pos), or none */
} ArrayCopy;

static void copy_array_element(Lift *L, void *ctx, Operand k) {
    ArrayCopy *c = ctx;
    Operand idx[2];
    int n = 0;
    if (c->src_row.kind != OPD_NONE)
        idx[n++] = c->src_row;
    idx[n++] = k;
    Operand v = read_element(L, c->at, c->src, idx, n);
    n = 0;
    if (c->dst_row.kind != OPD_NONE)
        idx[n++] = c->dst_row;
    idx[n++] = k;
    write_element(L, c->at, c->dst, idx, n, v);
}

static const char *under(Lift *L, const char *prefix, const char *path) {
    return prefix ? arena_printf(L->a, "%s.%s", prefix, path) : path;
}

/* After a whole-struct copy of struct type t from place src (C naming an
 * element there: src_named) to dst, field by field: its arrays, element
 * by element */
static void copy_struct_arrays(Lift *L, CXCursor at, CXType t, Place dst, bool dst_named, Place src,
                               bool src_named) {
    StructFields *all = fields_of(L, at, t, true);
    for (int k = 0; k < all->n && !L->failed; k++) {
        if (all->lens[k] <= 0)
            continue;
        Place d = dst, s = src;
        d.prefix = under(L, dst.prefix, all->paths[k]);
        s.prefix = under(L, src.prefix, all->paths[k]);
        ArrayCopy c = {.at = at};
        c.src = place_array(L, at, s, src_named, &c.src_row);
        c.dst = c.src ? place_array(L, at, d, dst_named, &c.dst_row) : NULL;
        if (!c.dst)
            return;
        lift_built_loop(L, at, opd_int(all->lens[k]), NULL, 0, copy_array_element, &c);
    }
}

/* Whether C names an element of an array of structs at struct expression
 * e (p[i], *q for q = &p[i]) */
static bool names_element(Lift *L, CXCursor e) {
    CXCursor c = strip_parens(e);
    bool post;
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator && !strcmp(unop_of(L, c, &post), "*"))
        return points_at_element(L, kids_of(c).items[0]);
    return clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr;
}

/* The first array field of numbers of struct type t (double w[4], at any
 * depth), or NULL */
static const char *array_field_of(Lift *L, CXCursor at, CXType t) {
    StructFields *arrays = fields_of(L, at, t, true);
    for (int k = 0; k < arrays->n; k++)
        if (arrays->lens[k] > 0)
            return arrays->paths[k];
    return NULL;
}

/* Whether e, the value of a struct holding `array`, is a call's result or
 * a literal, whose arrays pargrad does not follow (reported at at) */
static bool computed_with_arrays(Lift *L, CXCursor at, CXCursor e, const char *array,
                                 const char *how) {
    if (!is_computed_struct(strip_parens(e)))
        return false;
    lift_fail(L, at, "assign the fields one by one", "%s",
              arena_printf(L->a,
                           "a struct holding the array '%s' %s from a call or a literal, whose "
                           "arrays pargrad does not follow",
                           array, how));
    return true;
}

/* q = p[i], p[i] = q, *a = *b, q.pos = p[i].pos: field by field, the
 * arrays inside element by element */
void lift_struct_assign(Lift *L, CXCursor c, CXCursor lhs, CXCursor rhs) {
    if (L->carrier && carrier_update(L, c, lhs, rhs))
        return;
    if (L->tuple_hist && tuple_bin_update(L, c, lhs, rhs))
        return;
    CXType t = clang_getCursorType(lhs);
    const char *array = array_field_of(L, c, t);
    if (array && computed_with_arrays(L, c, rhs, array, "assigned"))
        return;
    int n;
    Operand *vals = struct_values(L, rhs, &n);
    if (vals)
        store_struct(L, c, lhs, vals, n);
    Place dst, src;
    if (array && !L->failed && struct_place(L, lhs, &dst) && struct_place(L, rhs, &src))
        copy_struct_arrays(L, c, t, dst, names_element(L, lhs), src, names_element(L, rhs));
}

/* Zeroes the fields of a local struct under path prefix. */
/* A local struct's array: its elements from the items of an initialiser
 * list (NULL: none), C zeroing the rest */
static void init_struct_array(Lift *L, CXCursor at, Buffer *buf, long long len, KidList *items) {
    if (items && items->n > len) {
        lift_fail(L, at, NULL, "too many initialisers for the array '%s'", buf->name);
        return;
    }
    for (long long j = 0; j < len && !L->failed; j++) {
        Operand idx = opd_int(j);
        bool given = items && j < items->n;
        Operand v = given ? lift_expr(L, items->items[j]) : b_fconst(0, buf->elem);
        write_element(L, given ? items->items[j] : at, buf, &idx, 1, v);
    }
}

static void zero_fields(Lift *L, CXCursor at, int head, const char *prefix) {
    StructFields *sh = L->env[head].shape, *arrays = L->env[head].arrays;
    size_t len = strlen(prefix);
    for (int k = 0; k < sh->n; k++)
        if (strncmp(sh->paths[k], prefix, len) == 0 && sh->paths[k][len] == '.')
            assign_field(L, at, head + 1 + k, b_fconst(0, sh->types[k]));
    for (int k = 0; arrays && k < arrays->n; k++)
        if (strncmp(arrays->paths[k], prefix, len) == 0 && arrays->paths[k][len] == '.')
            init_struct_array(L, at, arrays->bufs[k], arrays->lens[k], NULL);
}

/* {e} for a struct whose first field is a struct: e initialises the
 * first scalar under prefix, C zeroes the others. */
static void elided_first(Lift *L, CXCursor item, int head, const char *prefix) {
    StructFields *sh = L->env[head].shape;
    zero_fields(L, item, head, prefix);
    size_t len = strlen(prefix);
    for (int k = 0; k < sh->n; k++)
        if (strncmp(sh->paths[k], prefix, len) == 0 && sh->paths[k][len] == '.') {
            assign_field(L, item, head + 1 + k, lift_expr(L, item));
            return;
        }
}

/* The item of an initialiser list for each field of a struct (null where
 * C zeroes it): in order, and after a designator `.hi = e` from the field
 * it names. */
static CXCursor *list_items(Lift *L, CXCursor list, KidList *fields) {
    KidList items = all_kids(L->a, list);
    CXCursor *by_field = arena_alloc(L->a, sizeof(CXCursor) * (size_t)(fields->n + 1));
    for (int i = 0; i < fields->n; i++)
        by_field[i] = clang_getNullCursor();
    int pos = 0;
    for (int i = 0; i < items.n && !L->failed; i++) {
        CXCursor item = items.items[i];
        Kids k = kids_of(item);
        if (k.n >= 2 && clang_getCursorKind(k.items[0]) == CXCursor_MemberRef) {
            if (k.n > 2) {
                lift_fail(L, item, "initialise the nested struct with a list: .pos = {1, 2}",
                          "a nested designator%s", "");
                return NULL;
            }
            const char *name = cursor_spelling(L, k.items[0]);
            for (pos = 0;
                 pos < fields->n && strcmp(cursor_spelling(L, fields->items[pos]), name) != 0;
                 pos++)
                ;
            item = k.last;
        }
        if (pos >= fields->n) {
            lift_fail(L, item, NULL, "too many initialisers for the struct%s", "");
            return NULL;
        }
        by_field[pos++] = item;
    }
    return by_field;
}

/* The initial values of a local struct's fields from an initialiser list
 * ({1.0, 2.0}, {0}, {.hi = 1.0}, nested for nested structs); C zeroes the
 * rest. */
static void init_from_list(Lift *L, CXCursor list, CXType t, const char *prefix, int head) {
    StructFields *sh = L->env[head].shape;
    KidList all = all_kids(L->a, clang_getTypeDeclaration(clang_getCanonicalType(t)));
    KidList fields = {.a = L->a};
    fields.items = arena_alloc(L->a, sizeof(CXCursor) * (size_t)(all.n + 1));
    for (int i = 0; i < all.n; i++)
        if (clang_getCursorKind(all.items[i]) == CXCursor_FieldDecl)
            fields.items[fields.n++] = all.items[i];
    CXCursor *items = list_items(L, list, &fields);
    for (int i = 0; items && i < fields.n && !L->failed; i++) {
        CXCursor fd = fields.items[i], item = items[i];
        const char *path = member_path(L, prefix, fd);
        CXType ft = clang_getCanonicalType(clang_getCursorType(fd));
        if (ft.kind == CXType_Record && is_struct_type(ft)) {
            bool last = true; /* {0}: the braces of the nested struct elided */
            for (int j = i + 1; j < fields.n; j++)
                last &= clang_Cursor_isNull(items[j]);
            if (clang_Cursor_isNull(item))
                zero_fields(L, list, head, path);
            else if (clang_getCursorKind(strip_parens(item)) == CXCursor_InitListExpr)
                init_from_list(L, strip_parens(item), ft, path, head);
            else if (last && !is_struct_type(clang_getCursorType(item)))
                elided_first(L, item, head, path);
            else
                lift_fail(L, item, "write the nested struct's braces: {{1, 2}, 3}",
                          "an initialiser list that leaves out a nested struct's braces%s", "");
            continue;
        }
        int k = field_index(sh, path);
        StructFields *arrays = L->env[head].arrays;
        int ka = k < 0 && arrays ? field_index(arrays, path) : -1;
        if (ka >= 0) { /* an array of the struct: {1, 2, 3}, or zeroed */
            CXCursor sub = clang_Cursor_isNull(item) ? item : strip_parens(item);
            if (!clang_Cursor_isNull(sub) && clang_getCursorKind(sub) != CXCursor_InitListExpr) {
                lift_fail(L, item, "write the array's braces: {{1, 2, 3}, 0.5}",
                          "an initialiser list that leaves out an array's braces%s", "");
                continue;
            }
            KidList elems = clang_Cursor_isNull(sub) ? (KidList){0} : all_kids(L->a, sub);
            init_struct_array(L, list, arrays->bufs[ka], arrays->lens[ka],
                              clang_Cursor_isNull(sub) ? NULL : &elems);
            continue;
        }
        if (k < 0) {
            if (!clang_Cursor_isNull(item))
                lift_fail(L, item,
                          "keep the member's values in a local array of their own, or in a "
                          "field of a struct parameter",
                          "an initialiser for the struct member '%s', which pargrad does not "
                          "follow",
                          path);
            continue;
        }
        Operand v = clang_Cursor_isNull(item) ? b_fconst(0, sh->types[k]) : lift_expr(L, item);
        assign_field(L, list, head + 1 + k, v);
    }
}

/* A local array of structs, `struct pair h[NB];`: one local array per
 * scalar field (h_p, h_s in the output: the function's own, so its
 * layout is pargrad's), the binding holding the whole-struct handle as for
 * a parameter. Zeroed by `= {0}`; other initialisers are not followed. */
/* The shape of a local array of structs, or NULL (reported) */
static StructFields *local_array_shape(Lift *L, CXCursor d, const char *name, CXType elem) {
    StructFields *sh = struct_shape(L, d, elem);
    if (sh->n == 0) {
        lift_fail(L, d, "use arrays of the scalar fields instead",
                  "the local array '%s' holds structs without scalar fields pargrad can follow",
                  name);
        return NULL;
    }
    return sh;
}

/* The binding of a local array of structs whose fields' arrays are sh's */
static void bind_struct_array(Lift *L, CXCursor d, const char *name, StructFields *sh, int rank,
                              bool heap) {
    Buffer *whole = buffer_new(L->a, L->f, name, (Type){TY_VOID, NULL}, BUF_LOCAL);
    whole->rank = rank;
    whole->fields = sh;
    whole->heap = heap;
    Binding *b = env_bind(L, d, name);
    b->is_array = true;
    b->buf = whole;
}

static const char *field_array_name(Lift *L, const char *name, StructFields *sh, int f) {
    return arena_printf(L->a, "%s_%s", name, ident_of(L->a, sh->paths[f]));
}

/* `vec3 *acc = malloc(n * sizeof(vec3));`: one temporary array of n
 * elements per scalar field (acc_x, acc_y, acc_z), freed where the
 * function returns, as for arrays of numbers */
void lift_struct_heap_array(Lift *L, CXCursor d, const char *name, CXType elem, Operand count) {
    StructFields *sh = local_array_shape(L, d, name, elem);
    if (!sh)
        return;
    for (int f = 0; f < sh->n; f++)
        sh->bufs[f] =
            heap_array(L, loc_of(L, d), field_array_name(L, name, sh, f), sh->types[f], count);
    bind_struct_array(L, d, name, sh, 1, true);
}

void lift_struct_array_decl(Lift *L, CXCursor d, const char *name, CXType elem, const Operand *dims,
                            int rank) {
    StructFields *sh = local_array_shape(L, d, name, elem);
    if (!sh)
        return;
    Kids k = kids_of(d);
    bool zeroed = false;
    for (int i = 0; i < k.n; i++) {
        if (clang_getCursorKind(k.items[i]) != CXCursor_InitListExpr)
            continue;
        KidList items = all_kids(L->a, k.items[i]);
        CXCursor first = items.n == 1 ? strip_parens(items.items[0]) : clang_getNullCursor();
        if (items.n > 1 ||
            (items.n == 1 && !(clang_getCursorKind(first) == CXCursor_IntegerLiteral &&
                               opd_is_const(lift_expr(L, first), 0)))) {
            lift_fail(L, k.items[i],
                      "zero it with = {0}, or assign the elements after the declaration",
                      "an initialiser of the array of structs '%s' other than {0}", name);
            return;
        }
        zeroed = true;
    }
    Operand *shape = arena_alloc(L->a, sizeof(Operand) * (size_t)rank);
    memcpy(shape, dims, sizeof(Operand) * (size_t)rank);
    for (int f = 0; f < sh->n; f++) {
        Buffer *buf =
            buffer_new(L->a, L->f, field_array_name(L, name, sh, f), sh->types[f], BUF_LOCAL);
        buf->rank = rank;
        buf->dims = shape;
        buf->zero_init = zeroed;
        sh->bufs[f] = buf;
        Stmt *s = stmt_new(L->a, S_DECL, loc_of(L, d));
        s->buf = buf;
        body_append(L->a, L->cur, s);
    }
    bind_struct_array(L, d, name, sh, rank, false);
}

/* A local struct declaration: its fields bound, from the initialiser. */
void lift_struct_decl(Lift *L, CXCursor d, const char *name, CXType t) {
    StructFields *sh = struct_shape(L, d, t);
    Kids k = kids_of(d);
    CXCursor init = clang_getNullCursor();
    for (int i = 0; i < k.n; i++)
        if (clang_isExpression(clang_getCursorKind(k.items[i])))
            init = k.items[i];
    Operand *vals = NULL;
    int n = 0;
    CXCursor list = clang_Cursor_isNull(init) ? init : strip_parens(init);
    bool is_list = !clang_Cursor_isNull(list) && clang_getCursorKind(list) == CXCursor_InitListExpr;
    const char *array = array_field_of(L, d, t);
    if (array && !clang_Cursor_isNull(init) && !is_list &&
        computed_with_arrays(L, init, init, array, "initialised"))
        return;
    if (!clang_Cursor_isNull(init) && !is_list && !(vals = struct_values(L, init, &n)))
        return;
    int head = bind_struct_local(L, d, name, sh);
    if (array)
        declare_struct_arrays(L, d, head, name, t);
    if (is_list)
        init_from_list(L, list, t, NULL, head);
    for (int i = 0; i < n; i++)
        assign_field(L, d, head + 1 + i, vals[i]);
    Place src;
    if (array && vals && !L->failed && struct_place(L, init, &src))
        copy_struct_arrays(L, d, t, (Place){.slot = head, .shape = sh}, false, src,
                           names_element(L, init));
}

/* `return e;` in a helper returning a struct, `head` the local struct
 * standing for the returned value: e's fields copied into it. */
void assign_struct_local(Lift *L, CXCursor at, int head, CXCursor e) {
    int n;
    Operand *vals = struct_values(L, e, &n);
    if (!vals)
        return;
    if (n != L->env[head].shape->n) {
        lift_fail(L, at, NULL, "the returned struct is of another shape than the function's%s", "");
        return;
    }
    for (int i = 0; i < n; i++)
        assign_field(L, at, head + 1 + i, vals[i]);
}

/* A helper's struct parameter passed by value: a local struct of the
 * helper, holding copies of the argument's fields. */
void bind_struct_arg(Lift *L, CXCursor param, Operand *vals, int n) {
    StructFields *sh = struct_shape(L, param, clang_getCursorType(param));
    if (sh->n != n) {
        lift_fail(L, param, NULL, "the argument of '%s' is a struct of another shape",
                  cursor_spelling(L, param));
        return;
    }
    int head = bind_struct_local(L, param, cursor_spelling(L, param), sh);
    for (int i = 0; i < n; i++)
        assign_field(L, param, head + 1 + i, vals[i]);
}
