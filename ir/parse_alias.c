/* ir/parse_alias.c: type, attribute and location aliases, the location
 * builders, and the measure that bounds what aliases expand to. */
#include <stdlib.h>
#include <string.h>

#include "ir/parser.h"
#include "parse.h"

/* ---------------------------------------------------------------- measure
 * Brackets bound the nesting of what one piece of text builds (the pump
 * counts them), but aliases and operator chains nest without brackets:
 * `#a1 = [#a0]`, `#a2 = [#a1]`, ... or `d0 floordiv 2 floordiv 2 ...`.
 * Aliases also share: `!t1 = tuple<!t0, !t0>`, `!t2 = tuple<!t1, !t1>`,
 * ... is a small file whose types print exponentially large. So what an
 * object expands to when printed is measured (memoized, the walk stops
 * at the nesting limit): its depth and its size, the number of objects
 * it prints (plus dense elements), saturating just past
 * IR_P_MAX_EXPANSION. Nothing downstream can then recurse too deep or
 * print too much. */

#define TOO_DEEP (IR_MAX_NESTING + 1u)
#define SIZE_CAP (IR_P_MAX_EXPANSION + 1u)

static Measure measure(IrParser *p, int kind, const void *x,
    unsigned level);

/* Folds child measure c into m. */
static void
add_child(Measure *m, Measure c)
{
	uint64_t s = (uint64_t)m->size + c.size;

	if (c.depth > m->depth)
		m->depth = c.depth;
	m->size = s > SIZE_CAP ? SIZE_CAP : (uint32_t)s;
}

/* Folds the measure of child x (of kind IR_P_OBJ_*) into m. */
static void
child(IrParser *p, Measure *m, int kind, const void *x, unsigned l)
{
	add_child(m, measure(p, kind, x, l));
}

static void
add_list(IrParser *p, Measure *m, int kind, const void *const *v, size_t n,
    unsigned l)
{
	size_t i;

	for (i = 0; i < n && m->depth < TOO_DEEP; i++)
		add_child(m, measure(p, kind, v[i], l));
}

static void
type_children(IrParser *p, const IrType *t, unsigned l, Measure *m)
{
	switch (t->kind) {
	case IR_TYPE_TENSOR:
	case IR_TYPE_MEMREF:
	case IR_TYPE_VECTOR:
		child(p, m, IR_P_OBJ_TYPE, t->u.shaped.elem, l);
		child(p, m, IR_P_OBJ_ATTR, t->u.shaped.encoding, l);
		child(p, m, IR_P_OBJ_ATTR, t->u.shaped.layout, l);
		child(p, m, IR_P_OBJ_ATTR, t->u.shaped.memspace, l);
		break;
	case IR_TYPE_FUNCTION:
		add_list(p, m, IR_P_OBJ_TYPE,
		    (const void *const *)t->u.func.inputs,
		    t->u.func.ninputs, l);
		add_list(p, m, IR_P_OBJ_TYPE,
		    (const void *const *)t->u.func.results,
		    t->u.func.nresults, l);
		break;
	case IR_TYPE_TUPLE:
		add_list(p, m, IR_P_OBJ_TYPE,
		    (const void *const *)t->u.tuple.types,
		    t->u.tuple.ntypes, l);
		break;
	default:
		break;
	}
}

static void
attr_children(IrParser *p, const IrAttr *a, unsigned l, Measure *m)
{
	size_t i;

	switch (a->kind) {
	case IR_ATTR_INTEGER:
		child(p, m, IR_P_OBJ_TYPE, a->u.integer.type, l);
		break;
	case IR_ATTR_FLOAT:
		child(p, m, IR_P_OBJ_TYPE, a->u.flt.type, l);
		break;
	case IR_ATTR_STRING:
		child(p, m, IR_P_OBJ_TYPE, a->u.string.type, l);
		break;
	case IR_ATTR_TYPE:
		child(p, m, IR_P_OBJ_TYPE, a->u.type.type, l);
		break;
	case IR_ATTR_DENSE: {
		/* Every stored element prints. */
		size_t es = ir_dense_elem_size(a->u.dense.type->u.shaped.elem);
		Measure e = { 0, 0 };
		size_t n = es ? a->u.dense.size / es : 0;

		e.size = n > SIZE_CAP ? SIZE_CAP : (uint32_t)n;
		add_child(m, e);
		child(p, m, IR_P_OBJ_TYPE, a->u.dense.type, l);
		break;
	}
	case IR_ATTR_ARRAY:
		add_list(p, m, IR_P_OBJ_ATTR,
		    (const void *const *)a->u.array.elems, a->u.array.n, l);
		break;
	case IR_ATTR_DICT:
		for (i = 0; i < a->u.dict.n && m->depth < TOO_DEEP; i++)
			add_child(m, measure(p, IR_P_OBJ_ATTR,
			    a->u.dict.entries[i].value, l));
		break;
	case IR_ATTR_AFFINE_MAP:
		add_list(p, m, IR_P_OBJ_AFFINE,
		    (const void *const *)a->u.affine.results,
		    a->u.affine.nresults, l);
		break;
	default:
		break;
	}
}

static void
loc_children(IrParser *p, const IrLoc *loc, unsigned l, Measure *m)
{
	switch (loc->kind) {
	case IR_LOC_NAME:
		child(p, m, IR_P_OBJ_LOC, loc->u.name.child, l);
		break;
	case IR_LOC_CALLSITE:
		child(p, m, IR_P_OBJ_LOC, loc->u.callsite.callee, l);
		child(p, m, IR_P_OBJ_LOC, loc->u.callsite.caller, l);
		break;
	case IR_LOC_FUSED:
		child(p, m, IR_P_OBJ_ATTR, loc->u.fused.metadata, l);
		add_list(p, m, IR_P_OBJ_LOC,
		    (const void *const *)loc->u.fused.locs, loc->u.fused.n, l);
		break;
	default:
		break;
	}
}

/* x's depth (1 + its children's; TOO_DEEP or more past the limit) and
 * size (1 + its children's, at most SIZE_CAP). */
static Measure
measure(IrParser *p, int kind, const void *x, unsigned level)
{
	Measure m = { 0, 0 };
	const IrAffineExpr *e = x;
	size_t i;

	if (!x)
		return m;
	if (level >= IR_MAX_NESTING) {
		m.depth = TOO_DEEP;
		return m;
	}
	i = (size_t)(uintptr_t)ir_ptrmap_get(&p->measmap, x);
	if (i)
		return p->meas[i - 1];
	if (kind == IR_P_OBJ_TYPE)
		type_children(p, x, level + 1, &m);
	else if (kind == IR_P_OBJ_ATTR)
		attr_children(p, x, level + 1, &m);
	else if (kind == IR_P_OBJ_LOC)
		loc_children(p, x, level + 1, &m);
	else if (e->lhs) {
		add_child(&m, measure(p, IR_P_OBJ_AFFINE, e->lhs, level + 1));
		add_child(&m, measure(p, IR_P_OBJ_AFFINE, e->rhs, level + 1));
	}
	m.depth++;
	add_child(&m, (Measure){ 0, 1 });
	/* Results past the nesting limit may be cut short: never keep them
	 * (the parse stops at the error anyway). */
	if (m.depth <= IR_MAX_NESTING) {
		IR_P_GROW(p->meas, p->nmeas, p->meascap);
		p->meas[p->nmeas++] = m;
		ir_ptrmap_put(&p->measmap, x, (void *)(uintptr_t)p->nmeas);
	}
	return m;
}

/* Reports x if it nests deeper than IR_MAX_NESTING. */
bool
ir_p_depth_ok(IrParser *p, const IrToken *tok, int kind, const void *x)
{
	if (p->failed || measure(p, kind, x, 0).depth <= IR_MAX_NESTING)
		return !p->failed;
	ir_p_fail(p, tok, "nesting too deep (limit %d)", IR_MAX_NESTING);
	return false;
}

/* Reports alias definition x (name: the alias token) if it nests too
 * deep or expands to more than IR_P_MAX_EXPANSION objects. */
static bool
alias_ok(IrParser *p, const IrToken *name, int kind, const void *x)
{
	if (!ir_p_depth_ok(p, name, kind, x))
		return false;
	if (measure(p, kind, x, 0).size <= IR_P_MAX_EXPANSION)
		return true;
	ir_p_fail(p, name, "alias '%.*s' expands to more than %u elements",
	    (int)(name->len > 80 ? 80 : name->len), name->s,
	    IR_P_MAX_EXPANSION);
	return false;
}

/* Counts n uses of alias x (tok: a use) against the file's budget:
 * each use prints x in full. */
static bool
alias_use_ok(IrParser *p, const IrToken *tok, int kind, const void *x,
    uint64_t n)
{
	p->expanded += n * measure(p, kind, x, 0).size;
	if (p->expanded <= IR_P_MAX_ALIAS_TOTAL)
		return true;
	ir_p_fail(p, tok, "aliases expand to more than %llu elements in "
	    "total", (unsigned long long)IR_P_MAX_ALIAS_TOTAL);
	return false;
}

/* ---------------------------------------------------------------- aliases */

void
ir_p_type_alias(IrParser *p, const IrToken *name, const IrType *t)
{
	const IrIdent *id;

	if (p->failed || ir_p_lost(p, name, t))
		return;
	id = ir_p_tok_ident(p, name, 1);
	if (!alias_ok(p, name, IR_P_OBJ_TYPE, t))
		return;
	if (ir_ptrmap_get(&p->talias, id)) {
		ir_p_fail(p, name, "redefinition of type alias id '%.*s'",
		    (int)id->len, id->str);
		return;
	}
	ir_ptrmap_put(&p->talias, id, (void *)t);
}

void
ir_p_attr_alias(IrParser *p, const IrToken *name, const IrAttr *a)
{
	const IrIdent *id;

	IrToken ahead = p->alias_ahead;

	p->alias_def = false;
	p->alias_ahead.s = NULL;
	if (!p->failed && a && a->kind == IR_ATTR_LOC) {
		ir_p_loc_alias(p, name, a->u.loc.loc);
		return;
	}
	if (!p->failed && ahead.s) {
		ir_p_fail(p, &ahead, "location alias used in an attribute "
		    "before it is defined");
		return;
	}
	if (p->failed || ir_p_lost(p, name, a))
		return;
	id = ir_p_tok_ident(p, name, 1);
	if (!alias_ok(p, name, IR_P_OBJ_ATTR, a))
		return;
	if (ir_ptrmap_get(&p->aalias, id)) {
		ir_p_fail(p, name, "redefinition of attribute alias id '%.*s'",
		    (int)id->len, id->str);
		return;
	}
	ir_ptrmap_put(&p->aalias, id, (void *)a);
}

const IrType *
ir_p_type_alias_ref(IrParser *p, const IrToken *tok)
{
	const IrType *t;

	if (p->failed)
		return NULL;
	t = ir_ptrmap_get(&p->talias, ir_p_tok_ident(p, tok, 1));
	if (!t)
		ir_p_fail(p, tok, "undefined symbol alias id '%.*s'",
		    (int)tok->len - 1, tok->s + 1);
	return t && alias_use_ok(p, tok, IR_P_OBJ_TYPE, t, 1) ? t : NULL;
}

const IrAttr *
ir_p_attr_alias_ref(IrParser *p, const IrToken *tok)
{
	const IrAttr *a;
	const IrIdent *id;
	size_t i;

	if (p->failed)
		return NULL;
	id = ir_p_tok_ident(p, tok, 1);
	a = ir_ptrmap_get(&p->aalias, id);
	/* a location alias is an attribute too, once it is defined */
	i = (size_t)(uintptr_t)ir_ptrmap_get(&p->lamap, id);
	if (!a && i && p->lalias[i - 1].loc)
		return ir_attr_loc(p->ctx, p->lalias[i - 1].loc);
	if (!a)
		ir_p_fail(p, tok, "undefined symbol alias id '%.*s'",
		    (int)tok->len - 1, tok->s + 1);
	return a && alias_use_ok(p, tok, IR_P_OBJ_ATTR, a, 1) ? a : NULL;
}

/* ---------------------------------------------------------------- locations */

const IrLoc *
ir_p_loc_unknown(IrParser *p)
{
	return p->failed ? NULL : ir_loc_unknown(p->ctx);
}

const IrLoc *
ir_p_loc_file(IrParser *p, const IrToken *file, const IrToken *line,
    const IrToken *col)
{
	uint64_t l, c;

	if (p->failed)
		return NULL;
	if (!ir_p_tok_u64(line, &l) || l > UINT32_MAX) {
		ir_p_fail(p, line, "expected line number");
		return NULL;
	}
	if (!ir_p_tok_u64(col, &c) || c > UINT32_MAX) {
		ir_p_fail(p, col, "expected column number");
		return NULL;
	}
	return ir_loc_file(p->ctx, ir_p_tok_string(p, file, 0), (unsigned)l,
	    (unsigned)c);
}

const IrLoc *
ir_p_loc_name(IrParser *p, const IrToken *name, const IrLoc *child)
{
	if (p->failed)
		return NULL;
	return ir_loc_name(p->ctx, ir_p_tok_string(p, name, 0), child);
}

const IrLoc *
ir_p_loc_fused(IrParser *p, IrPtrList *locs, const IrAttr *meta)
{
	const IrLoc *l = NULL;

	if (!p->failed && locs && !ir_p_has_null(locs))
		l = ir_loc_fused(p->ctx, locs->n,
		    (const IrLoc *const *)locs->v, meta);
	ir_p_list_free(p, locs);
	return l;
}

const IrLoc *
ir_p_loc_callsite(IrParser *p, const IrLoc *callee, const IrLoc *caller)
{
	if (p->failed || !callee || !caller)
		return NULL;
	return ir_loc_callsite(p->ctx, callee, caller);
}


/* ------------------------------------------------------------ loc aliases */

static LocAlias *
loc_alias_get(IrParser *p, const IrToken *tok)
{
	const IrIdent *name = ir_p_tok_ident(p, tok, 1);
	LocAlias *a;
	size_t i;

	i = (size_t)(uintptr_t)ir_ptrmap_get(&p->lamap, name);
	if (i)
		return &p->lalias[i - 1];
	IR_P_GROW(p->lalias, p->nlalias, p->laliascap);
	a = &p->lalias[p->nlalias++];
	ir_ptrmap_put(&p->lamap, name, (void *)(uintptr_t)p->nlalias);
	memset(a, 0, sizeof *a);
	a->name = name;
	a->use = *tok;
	return a;
}

void
ir_p_loc_alias(IrParser *p, const IrToken *name, const IrLoc *loc)
{
	LocAlias *a;

	if (p->failed || ir_p_lost(p, name, loc) ||
	    !alias_ok(p, name, IR_P_OBJ_LOC, loc))
		return;
	a = loc_alias_get(p, name);
	if (a->loc) {
		ir_p_fail(p, name, "redefinition of location alias id '%.*s'",
		    (int)a->name->len, a->name->str);
		return;
	}
	a->loc = loc;
	a->def = *name;
}

const IrLoc *
ir_p_loc_alias_ref(IrParser *p, const IrToken *name)
{
	LocAlias *a;
	char *s;

	if (p->failed)
		return NULL;
	a = loc_alias_get(p, name);
	/* What the uses print is counted once every alias is resolved. */
	a->nuses++;
	if (a->loc)
		return a->loc;
	if (!a->placeholder) {
		/* A name no source can spell (it starts with a NUL). */
		s = ir_xmalloc(a->name->len + 16);
		memcpy(s, "\0npuir.localias.", 16);
		memcpy(s + 16, a->name->str, a->name->len);
		a->placeholder = ir_loc_name(p->ctx,
		    ir_ident_get(p->ctx, s, a->name->len + 16), NULL);
		free(s);
		a->use = *name;
		p->loc_forward = true;
		ir_ptrmap_put(&p->laph, a->placeholder,
		    (void *)(uintptr_t)(size_t)(a - p->lalias + 1));
	}
	return a->placeholder;
}

static const IrLoc *loc_remap(IrParser *p, const IrLoc *l, unsigned depth);

/* Whether l refers to a location alias not defined yet. */
static bool
refers_ahead(IrParser *p, const IrLoc *l, unsigned depth)
{
	size_t i;

	if (!l || depth > IR_MAX_NESTING)
		return false;
	switch (l->kind) {
	case IR_LOC_NAME:
		return ir_ptrmap_get(&p->laph, l) != NULL ||
		    refers_ahead(p, l->u.name.child, depth + 1);
	case IR_LOC_CALLSITE:
		return refers_ahead(p, l->u.callsite.callee, depth + 1) ||
		    refers_ahead(p, l->u.callsite.caller, depth + 1);
	case IR_LOC_FUSED:
		for (i = 0; i < l->u.fused.n; i++)
			if (refers_ahead(p, l->u.fused.locs[i], depth + 1))
				return true;
		return false;
	default:
		return false;
	}
}

/* loc(...) as an attribute value. Only a location alias definition (and
 * an op's trailing location) may name aliases defined further down: an
 * attribute value is made once, so it cannot be patched later. */
const IrAttr *
ir_p_loc_attr(IrParser *p, const IrToken *kw, const IrLoc *loc)
{
	if (p->failed || !loc)
		return NULL;
	if (p->loc_forward && refers_ahead(p, loc, 0)) {
		if (!p->alias_def) {
			ir_p_fail(p, kw, "location alias used in an attribute "
			    "before it is defined");
			return NULL;
		}
		p->alias_ahead = *kw; /* fine if it is the whole value */
	}
	return ir_attr_loc(p->ctx, loc);
}

static const IrLoc *
loc_remap_fused(IrParser *p, const IrLoc *l, unsigned depth)
{
	const IrLoc **v = ir_xcalloc(l->u.fused.n + 1, sizeof *v);
	const IrLoc *r;
	size_t i;

	for (i = 0; i < l->u.fused.n; i++)
		v[i] = loc_remap(p, l->u.fused.locs[i], depth + 1);
	r = ir_loc_fused(p->ctx, l->u.fused.n, v, l->u.fused.metadata);
	free(v);
	return r;
}

/* loc with every alias placeholder replaced by its definition; memoized,
 * as aliases share (`#l1 = loc(fused[#l0, #l0])`). */
static const IrLoc *
loc_remap(IrParser *p, const IrLoc *l, unsigned depth)
{
	const IrLoc *r;
	size_t i;

	if (!l || p->failed || l->kind == IR_LOC_FILE ||
	    l->kind == IR_LOC_UNKNOWN)
		return l;
	if (depth > IR_MAX_NESTING) {
		ir_p_fail(p, p->remap_use, "nesting too deep (limit %d)",
		    IR_MAX_NESTING);
		return l;
	}
	r = ir_ptrmap_get(&p->lamemo, l);
	if (r)
		return r;
	i = (size_t)(uintptr_t)ir_ptrmap_get(&p->laph, l);
	if (i) {
		LocAlias *a = &p->lalias[i - 1];

		if (!p->remap_use)
			p->remap_use = &a->use;
		if (a->busy) {
			ir_p_fail(p, p->remap_use, "location aliases refer to "
			    "each other");
			return l;
		}
		a->busy = true;
		r = loc_remap(p, a->loc, depth + 1);
		a->busy = false;
	} else if (l->kind == IR_LOC_NAME && l->u.name.child) {
		r = ir_loc_name(p->ctx, l->u.name.name,
		    loc_remap(p, l->u.name.child, depth + 1));
	} else if (l->kind == IR_LOC_CALLSITE) {
		r = ir_loc_callsite(p->ctx,
		    loc_remap(p, l->u.callsite.callee, depth + 1),
		    loc_remap(p, l->u.callsite.caller, depth + 1));
	} else if (l->kind == IR_LOC_FUSED) {
		r = loc_remap_fused(p, l, depth);
	} else {
		r = l;
	}
	if (!p->failed)
		ir_ptrmap_put(&p->lamemo, l, (void *)r);
	return r;
}

static IrWalkResult
remap_op(IrOp *op, void *user)
{
	IrParser *p = user;
	unsigned i, j;
	IrBlock *b;

	p->remap_use = NULL;
	/* A lazy location is a file location: no alias to resolve. */
	if (!ir_loc_ref_lazy(op->locref))
		ir_op_set_loc(op, loc_remap(p, ir_op_loc(op), 0));
	for (i = 0; i < op->nregions; i++)
		for (b = ir_op_regions(op)[i].first; b; b = b->next)
			for (j = 0; j < b->nargs; j++) {
				p->remap_use = NULL;
				ir_value_set_loc(b->args[j], loc_remap(p,
				    ir_value_loc(b->args[j]), 0));
			}
	return p->failed ? IR_WALK_INTERRUPT : IR_WALK_ADVANCE;
}

/* Resolves alias a (its definition may use aliases defined after it)
 * and counts what its uses print. */
static bool
loc_alias_check(IrParser *p, LocAlias *a)
{
	if (!a->loc) {
		ir_p_fail(p, &a->use, "undefined symbol alias id '%.*s'",
		    (int)a->name->len, a->name->str);
		return false;
	}
	p->remap_use = &a->use;
	if (p->loc_forward)
		a->loc = loc_remap(p, a->loc, 0);
	return !p->failed && alias_ok(p, &a->def, IR_P_OBJ_LOC, a->loc) &&
	    alias_use_ok(p, &a->def, IR_P_OBJ_LOC, a->loc, a->nuses);
}

/* Checks every location alias and replaces those used before their
 * definition. */
bool
ir_p_resolve_loc_aliases(IrParser *p, IrBlock *top)
{
	size_t i;
	IrOp *op;

	for (i = 0; i < p->nlalias; i++)
		if (!loc_alias_check(p, &p->lalias[i]))
			return false;
	if (!p->loc_forward)
		return true;
	for (op = top ? top->first : NULL; op && !p->failed; op = op->next)
		ir_op_walk(op, IR_WALK_PRE, remap_op, p);
	return !p->failed;
}
