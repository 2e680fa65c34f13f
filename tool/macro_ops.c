/* Operators inside function-like macro bodies (`#define SQ(a) ((a) * (a))`,
 * `IDX(i, j)`). libclang 14 gives every node of a macro's body the place of
 * the invocation, so the operator of `(a) * (a)` cannot be read from the
 * source as elsewhere. But the body's operator nodes, walked in order (left
 * operand, operator, right operand), meet the operators in the order the
 * definition spells them: the n-th operator node of an invocation is the
 * n-th operator token of the definition. Where the counts or kinds differ
 * (a macro using another macro, a cast to a pointer, # and ##) nothing is
 * matched and the expression gets the usual diagnostic. Nodes of the
 * arguments are written in the file, and read there as usual. */
#include "lift.h"

typedef struct Invocation {
    CXFile file;         /* the input, or a header of the user's (helpers there) */
    unsigned start, end; /* offsets in that file */
    CXCursor expansion;
    PtrVec nodes; /* CXCursor*: the body's operator nodes, in order */
    bool broken;  /* the walk met something it cannot match */
    int roots;    /* the body's trees: one per use of the argument it sits in */
    const char **ops;
} Invocation;

struct MacroOps {
    Invocation *inv;
    int n, cap;
};

static enum CXChildVisitResult list_invocation(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Frontend *fe = data;
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f;
    unsigned b, e;
    clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &b);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
    if (clang_getCursorKind(c) != CXCursor_MacroExpansion || !f || !user_definition(c) ||
        !clang_Cursor_isMacroFunctionLike(clang_getCursorReferenced(c)))
        return CXChildVisit_Continue;
    MacroOps *m = fe->macro_ops;
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 16;
        m->inv = xrealloc(m->inv, sizeof(Invocation) * (size_t)m->cap);
    }
    m->inv[m->n++] = (Invocation){.file = f, .start = b, .end = e, .expansion = c};
    return CXChildVisit_Continue;
}

/* Invocations by file, then by place: libclang gives a file's in order,
 * the files one after another as they are included. */
static int by_place(const void *pa, const void *pb) {
    const Invocation *a = pa, *b = pb;
    uintptr_t fa = (uintptr_t)a->file, fb = (uintptr_t)b->file;
    if (fa != fb)
        return fa < fb ? -1 : 1;
    return a->start < b->start ? -1 : a->start > b->start;
}

/* The invocation starting at offset off of file f, or -1. */
static int invocation_at(MacroOps *m, CXFile f, unsigned off) {
    Invocation key = {.file = f, .start = off};
    int lo = 0, hi = m->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (by_place(&m->inv[mid], &key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < m->n && !by_place(&m->inv[lo], &key) ? lo : -1;
}

/* The invocation whose body node c is, or -1. libclang 14 places a node of
 * a macro's body (also one starting with an argument, `y += (a) * (x)`)
 * over the whole invocation, and a node of an argument at the
 * invocation's first character only; a node around the invocation
 * (`SQ(x) + 1`, or `t - u * 2` from an unparenthesised `SUB(t, u) * 2`)
 * reaches beyond it. A macro used in another's argument, AXPY(t, 2.0,
 * SQ(x)), has its body nodes spelled at its own first character. */
static int invocation_of(Frontend *fe, CXCursor c) {
    CXFile f, sf;
    unsigned off, end, soff, send;
    CXSourceRange r = clang_getCursorExtent(c);
    clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &off);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
    if (!f)
        return -1;
    MacroOps *m = fe->macro_ops;
    int k = end > off ? invocation_at(m, f, off) : -1;
    if (k >= 0 && end == m->inv[k].end)
        return k;
    clang_getSpellingLocation(clang_getRangeStart(r), &sf, NULL, NULL, &soff);
    clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &send);
    if (end != off || soff != send || !sf || !clang_File_isEqual(sf, f))
        return -1;
    k = invocation_at(m, f, soff);
    return k >= 0 && m->inv[k].start > off ? k : -1;
}

static void walk(Frontend *fe, CXCursor c);

/* The operator tokens a declaration in a statement macro's body spells that
 * are no operator nodes: a `*` per level of pointer, and the `=` of its
 * initialiser (`double *t_ = (a);` in a SWAP). */
static int declarator_tokens(CXCursor decl) {
    int n = 0;
    for (CXType t = clang_getCursorType(decl); t.kind == CXType_Pointer;
         t = clang_getPointeeType(t))
        n++;
    return n + !clang_Cursor_isNull(var_initialiser(decl));
}

static enum CXChildVisitResult walk_kid(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    walk(data, c);
    return CXChildVisit_Continue;
}

typedef struct InOrder {
    Frontend *fe;
    int inv;
} InOrder;

static void in_order(Frontend *fe, CXCursor c, int k);

static enum CXChildVisitResult in_order_kid(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    InOrder *io = data;
    in_order(io->fe, c, io->inv);
    return CXChildVisit_Continue;
}

static void push_node(Frontend *fe, int k, CXCursor c) {
    CXCursor *p = arena_alloc(fe->a, sizeof(CXCursor));
    *p = c;
    vec_push(fe->a, &fe->macro_ops->inv[k].nodes, p);
}

/* The operator nodes of invocation k's body under c, in spelling order;
 * argument subtrees are walked for invocations of their own. */
static void in_order(Frontend *fe, CXCursor c, int k) {
    if (invocation_of(fe, c) != k) {
        walk(fe, c);
        return;
    }
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_BinaryOperator || kind == CXCursor_CompoundAssignOperator) {
        Kids kids = kids_of(c);
        if (kids.n != 2) {
            fe->macro_ops->inv[k].broken = true;
            return;
        }
        in_order(fe, kids.items[0], k);
        push_node(fe, k, c);
        in_order(fe, kids.items[1], k);
        return;
    }
    if (kind == CXCursor_UnaryOperator) /* prefix in a body: postfix ones mismatch */
        push_node(fe, k, c);
    if (kind == CXCursor_VarDecl) /* its declarator's `*`s and its `=`, as tokens */
        for (int i = declarator_tokens(c); i > 0; i--)
            push_node(fe, k, c);
    InOrder io = {fe, k};
    clang_visitChildren(c, in_order_kid, &io);
}

static void walk(Frontend *fe, CXCursor c) {
    int k = invocation_of(fe, c);
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (k >= 0 && (clang_isExpression(kind) || clang_isStatement(kind))) {
        fe->macro_ops->inv[k].roots++;
        in_order(fe, c, k);
        return;
    }
    clang_visitChildren(c, walk_kid, fe);
}

static enum CXChildVisitResult walk_function(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Frontend *fe = data;
    if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        user_definition(c))
        walk(fe, c);
    return CXChildVisit_Continue;
}

static bool can_be_unary(const char *op) {
    static const char *const ops[] = {"+", "-", "*", "&", "!", "~", "++", "--"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(op, ops[i]))
            return true;
    return false;
}

static bool is_operator_token(const char *op) {
    static const char *const ops[] = {
        "+",  "-",  "*",  "/",  "%",  "<",  ">",  "<=", ">=", "==",  "!=",
        "&&", "||", "&",  "|",  "^",  "<<", ">>", "!",  "~",  "++",  "--",
        "=",  "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(op, ops[i]))
            return true;
    return false;
}

static bool is_assignment_token(const char *op) {
    size_t n = strlen(op);
    return n >= 2 && op[n - 1] == '=' && strcmp(op, "==") && strcmp(op, "<=") && strcmp(op, ">=") &&
           strcmp(op, "!=");
}

/* The operator tokens of a macro's body (after its name and parameters),
 * or NULL where it uses # or ##. */
static PtrVec *body_operators(Frontend *fe, CXCursor def) {
    CXToken *toks;
    unsigned nt;
    clang_tokenize(fe->tu, clang_getCursorExtent(def), &toks, &nt);
    PtrVec *ops = arena_alloc(fe->a, sizeof(PtrVec));
    unsigned i = 1; /* after the name: the parameter list */
    for (int depth = 0; i < nt; i++) {
        CXString s = clang_getTokenSpelling(fe->tu, toks[i]);
        depth += !strcmp(clang_getCString(s), "(") - !strcmp(clang_getCString(s), ")");
        clang_disposeString(s);
        if (depth == 0)
            break;
    }
    bool ok = true;
    for (i++; i < nt && ok; i++) {
        if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
            continue;
        CXString s = clang_getTokenSpelling(fe->tu, toks[i]);
        const char *p = clang_getCString(s);
        ok = strcmp(p, "#") && strcmp(p, "##");
        if (is_operator_token(p))
            vec_push(fe->a, ops, arena_strdup(fe->a, p));
        clang_disposeString(s);
    }
    clang_disposeTokens(fe->tu, toks, nt);
    return ok ? ops : NULL;
}

/* Pairs invocation k's operator nodes with its definition's operator
 * tokens, where they agree in number and kind. */
static void match_invocation(Frontend *fe, Invocation *inv) {
    PtrVec *toks =
        inv->broken ? NULL : body_operators(fe, clang_getCursorReferenced(inv->expansion));
    /* a macro used in an argument that its caller's body repeats, MIN(MAX(v,
     * 0), 1), is in the tree once per use: the same operators again */
    if (!toks || !toks->len || inv->nodes.len != inv->roots * toks->len)
        return;
    const char **ops = arena_alloc(fe->a, sizeof(char *) * (size_t)(inv->nodes.len + 1));
    for (int i = 0; i < inv->nodes.len; i++) {
        CXCursor *node = inv->nodes.items[i];
        const char *op = toks->items[i % toks->len];
        enum CXCursorKind kind = clang_getCursorKind(*node);
        bool fits = kind == CXCursor_VarDecl         ? !strcmp(op, "*") || !strcmp(op, "=")
                    : kind == CXCursor_UnaryOperator ? can_be_unary(op)
                    : kind == CXCursor_CompoundAssignOperator
                        ? is_assignment_token(op) && strcmp(op, "=")
                        : !is_assignment_token(op) && strcmp(op, "!") && strcmp(op, "~") &&
                              strcmp(op, "++") && strcmp(op, "--");
        if (!fits)
            return;
        ops[i] = op;
    }
    inv->ops = ops;
}

static void list_operators(Frontend *fe) {
    fe->macro_ops = arena_alloc(fe->a, sizeof(MacroOps));
    CXCursor tu = clang_getTranslationUnitCursor(fe->tu);
    clang_visitChildren(tu, list_invocation, fe);
    if (!fe->macro_ops->n)
        return;
    qsort(fe->macro_ops->inv, (size_t)fe->macro_ops->n, sizeof(Invocation), by_place);
    clang_visitChildren(tu, walk_function, fe);
    for (int k = 0; k < fe->macro_ops->n; k++) {
        match_invocation(fe, &fe->macro_ops->inv[k]);
    }
}

const char *macro_operator(Frontend *fe, CXCursor c) {
    if (!fe->macro_ops) {
        if (!fe->main_file)
            fe->main_file = clang_getFile(fe->tu, fe->path);
        list_operators(fe);
    }
    int k = invocation_of(fe, c);
    Invocation *inv = k >= 0 ? &fe->macro_ops->inv[k] : NULL;
    for (int i = 0; inv && inv->ops && i < inv->nodes.len; i++)
        if (same_node(*(CXCursor *)inv->nodes.items[i], c))
            return inv->ops[i];
    return NULL;
}

bool macro_body_range(Frontend *fe, CXCursor c, CXFile *file, unsigned *start, unsigned *end) {
    if (!fe->macro_ops)
        macro_operator(fe, c);
    int k = invocation_of(fe, c);
    if (k < 0)
        return false;
    *file = fe->macro_ops->inv[k].file;
    *start = fe->macro_ops->inv[k].start;
    *end = fe->macro_ops->inv[k].end;
    return true;
}

void free_macro_ops(Frontend *fe) {
    if (fe->macro_ops)
        free(fe->macro_ops->inv);
    fe->macro_ops = NULL;
}
