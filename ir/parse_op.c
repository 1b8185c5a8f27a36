/* ir/parse_op.c: op frames: the builders for generic ops and the
 * module / func.func / return sugar. */
#include <stdlib.h>
#include <string.h>

#include "ir/parser.h"
#include "parse.h"

/* ---------------------------------------------------------------- op frames */

void
ir_p_result(IrParser *p, const IrToken *name, const IrToken *count)
{
	ResultRef *r;
	uint64_t n = 1;

	if (p->failed)
		return;
	if (count && (!ir_p_tok_u64(count, &n) || n == 0 || n > 0xffffffu)) {
		ir_p_fail(p, count, "expected a positive result count");
		return;
	}
	IR_P_GROW(p->pending, p->npending, p->pendcap);
	r = &p->pending[p->npending++];
	r->tok = *name;
	r->name = name->s + 1;
	r->namelen = name->len - 1;
	r->count = (unsigned)n;
}

const IrOpName *
ir_p_op_name(IrParser *p, const char *name, size_t len, bool stable)
{
	struct OpNameMemo *m;

	if (!stable || len == 0)
		return ir_op_name_get(p->ctx, name, len);
	m = &p->opmemo[(len * 31 + (unsigned char)name[len - 1] * 7 +
	    (unsigned char)name[len / 2]) & (IR_P_MEMO_SLOTS - 1)];
	if (m->s && m->len == len && memcmp(m->s, name, len) == 0)
		return m->name;
	m->name = ir_op_name_get(p->ctx, name, len);
	m->s = name;
	m->len = len;
	return m->name;
}

/* Frames are recycled (with their arrays) through p->spare, so an op
 * costs no allocation of its own here once the first few exist. */
static OpFrame *
op_push(IrParser *p, const char *name, size_t len, const IrToken *tok,
    bool stable)
{
	OpFrame *f = p->nspare ? p->spare[--p->nspare] :
	    ir_xcalloc(1, sizeof *f);
	ResultRef *old = f->results;
	size_t oldcap = f->rescap;

	f->name = ir_p_op_name(p, name, len, stable);
	f->tok = *tok;
	f->rdepth = p->nregions;
	f->isolated = f->name->def &&
	    (f->name->def->traits & IR_TRAIT_ISOLATED);
	/* The frame takes the pending results; its old array (empty)
	 * collects the next op's. */
	f->results = p->pending;
	f->nresults = p->npending;
	f->rescap = p->pendcap;
	p->pending = old;
	p->npending = 0;
	p->pendcap = oldcap;
	IR_P_GROW(p->ops, p->nops, p->opcap);
	p->ops[p->nops++] = f;
	return f;
}

/* Empties frame f for reuse, keeping its arrays. */
static void
op_reset(OpFrame *f)
{
	OpFrame keep = *f;
	size_t i;

	for (i = 0; i < f->nregions; i++) {
		ir_region_clear(f->regions[i]);
		free(f->regions[i]);
	}
	memset(f, 0, sizeof *f);
	f->results = keep.results;
	f->rescap = keep.rescap;
	f->operands = keep.operands;
	f->opcap = keep.opcap;
	f->succs = keep.succs;
	f->succcap = keep.succcap;
	f->regions = keep.regions;
	f->regcap = keep.regcap;
	f->args = keep.args;
	f->argcap = keep.argcap;
	f->fres.v = keep.fres.v;
	f->fres.cap = keep.fres.cap;
	f->fresattrs.v = keep.fresattrs.v;
	f->fresattrs.cap = keep.fresattrs.cap;
}

static void
op_free(OpFrame *f)
{
	size_t i;

	for (i = 0; i < f->nregions; i++) {
		ir_region_clear(f->regions[i]);
		free(f->regions[i]);
	}
	free(f->regions);
	free(f->results);
	free(f->operands);
	free(f->succs);
	free(f->args);
	free(f->fres.v);
	free(f->fresattrs.v);
	free(f);
}

void
ir_p_op_frames_free(IrParser *p)
{
	while (p->nspare)
		op_free(p->spare[--p->nspare]);
	free(p->spare);
	p->spare = NULL;
	p->sparecap = 0;
	free(p->opvals);
	free(p->opsuccs);
}

void
ir_p_op_begin(IrParser *p, const IrToken *name)
{
	size_t n;
	char *s;
	const char *t;

	if (p->failed)
		return;
	/* Most names have no escapes: use the token's bytes in place. */
	n = name->len - 2;
	s = memchr(name->s + 1, '\\', n) ?
	    ir_lex_unescape(name->s + 1, n, &n) : NULL;
	t = s ? s : name->s + 1;
	if (n == 0) {
		free(s);
		ir_p_fail(p, name, "empty operation name is invalid");
		return;
	}
	/* MLIR 14 names. */
	if (n == 12 && memcmp(t, "builtin.func", 12) == 0)
		op_push(p, "func.func", 9, name, true)->sugar =
		    SUGAR_BUILTIN_FUNC;
	else if (n == 10 && memcmp(t, "std.return", 10) == 0)
		op_push(p, "func.return", 11, name, true);
	else if (n == 6 && memcmp(t, "std.br", 6) == 0)
		op_push(p, "cf.br", 5, name, true);
	else if (n == 11 && memcmp(t, "std.cond_br", 11) == 0)
		op_push(p, "cf.cond_br", 10, name, true);
	else
		op_push(p, t, n, name, s == NULL);
	free(s);
}

void
ir_p_sugar_begin(IrParser *p, const char *opname, const IrToken *kw)
{
	OpFrame *f;

	if (p->failed)
		return;
	f = op_push(p, opname, strlen(opname), kw, true);
	f->sugar = strcmp(opname, "builtin.module") == 0 ? SUGAR_MODULE :
	    strcmp(opname, "func.func") == 0 ? SUGAR_FUNC : SUGAR_RETURN;
	if (f->sugar != SUGAR_RETURN)
		f->isolated = true;
}

void
ir_p_operand(IrParser *p, const IrToken *name)
{
	OpFrame *f = ir_p_top_op(p);

	if (p->failed || !f)
		return;
	IR_P_GROW(f->operands, f->noperands, f->opcap);
	ir_p_value_ref(p, name, &f->operands[f->noperands++]);
}

void
ir_p_successor(IrParser *p, const IrToken *label)
{
	OpFrame *f = ir_p_top_op(p);

	if (p->failed || !f)
		return;
	IR_P_GROW(f->succs, f->nsuccs, f->succcap);
	f->succs[f->nsuccs++] = *label;
}

void
ir_p_op_attrs(IrParser *p, const IrAttr *dict)
{
	OpFrame *f = ir_p_top_op(p);

	if (p->failed || !f || !dict)
		return;
	f->attrs = dict;
}

/* func.func's `attributes {...}`: the attributes the signature gives
 * (name, visibility, type) may not be written again, as in MLIR. MLIR 14's
 * `func` keeps its type in `type`, so that name is taken there too. */
void
ir_p_func_attrs(IrParser *p, const IrToken *kw, const IrAttr *dict)
{
	static const char *const inferred[] = {
		"sym_visibility", "sym_name", "function_type", "type",
	};
	OpFrame *f = ir_p_top_op(p);
	bool mlir14 = f && f->tok.len == 4;
	size_t i, n = sizeof inferred / sizeof *inferred - (mlir14 ? 0 : 1);

	if (p->failed || !f || !dict)
		return;
	for (i = 0; i < n; i++)
		if (ir_dict_get(dict, inferred[i])) {
			ir_p_fail(p, kw, "custom op '%s' '%s' is an inferred "
			    "attribute and should not be specified in the "
			    "explicit attribute dictionary",
			    mlir14 ? "builtin.func" : "func.func",
			    inferred[i]);
			return;
		}
	f->attrs = dict;
}

void
ir_p_sym_name(IrParser *p, const IrToken *sym)
{
	OpFrame *f = ir_p_top_op(p);

	if (p->failed || !f)
		return;
	f->sym_name = ir_p_symbol(p, sym);
}

void
ir_p_func_visibility(IrParser *p, const char *vis)
{
	OpFrame *f = ir_p_top_op(p);

	if (f)
		f->vis = vis;
}

void
ir_p_func_arg(IrParser *p, const IrToken *name, const IrType *t,
    const IrAttr *attrs, const IrLoc *loc)
{
	OpFrame *f = ir_p_top_op(p);
	FuncArg *a;

	if (p->failed || !f || ir_p_lost(p, &f->tok, t))
		return;
	IR_P_GROW(f->args, f->nargs, f->argcap);
	a = &f->args[f->nargs++];
	memset(a, 0, sizeof *a);
	if (name)
		a->tok = *name;
	a->named = name != NULL;
	a->type = t;
	a->attrs = attrs;
	a->loc = loc;
}

void
ir_p_func_result(IrParser *p, const IrType *t, const IrAttr *attrs)
{
	OpFrame *f = ir_p_top_op(p);

	if (p->failed || !f || ir_p_lost(p, &f->tok, t))
		return;
	ir_p_list_push(p, &f->fres, t);
	ir_p_list_push(p, &f->fresattrs, attrs);
}

/* Checks the operand and result counts of frame f against its type. */
static bool
check_counts(IrParser *p, OpFrame *f, size_t nin, size_t nres)
{
	size_t i, total = 0;

	for (i = 0; i < f->nresults; i++)
		total += f->results[i].count;
	if (f->noperands != nin) {
		ir_p_fail(p, &f->tok, "expected %zu operand types but had %zu",
		    f->noperands, nin);
		return false;
	}
	if (f->nresults && total != nres) {
		ir_p_fail(p, &f->results[0].tok, "operation defines %zu "
		    "results but was provided %zu to bind", nres, total);
		return false;
	}
	return true;
}

/* The parser's scratch array for n values (reused from op to op). */
static IrValue **
scratch_vals(IrParser *p, size_t n)
{
	if (n + 1 > p->opvalcap) {
		p->opvalcap = (n + 1) * 2;
		p->opvals = ir_xrealloc(p->opvals,
		    p->opvalcap * sizeof *p->opvals);
	}
	memset(p->opvals, 0, (n + 1) * sizeof *p->opvals);
	return p->opvals;
}

/* Binds the result names of frame f to op's results. */
static void
define_results(IrParser *p, OpFrame *f, IrOp *op)
{
	unsigned k = 0, j;
	size_t i;

	for (i = 0; i < f->nresults && !p->failed; i++) {
		IrValue **vals = scratch_vals(p, f->results[i].count);

		for (j = 0; j < f->results[i].count; j++)
			vals[j] = ir_op_result(op, k++);
		ir_p_define(p, &f->results[i].tok, f->results[i].name,
		    f->results[i].namelen, vals, f->results[i].count);
	}
}

/* Creates the op of frame f (popped by the caller), appends it to the
 * current block and defines its results. */
static void
build_op(IrParser *p, OpFrame *f, size_t nin, const IrType *const *in,
    size_t nres, const IrType *const *res, const IrAttr *attrs,
    const IrLoc *loc, size_t nregions)
{
	RegionFrame *r = ir_p_top_region(p);
	IrValue **ops;
	IrBlock **succs;
	IrOpState st;
	IrOp *op;
	size_t i;

	if (!check_counts(p, f, nin, nres))
		return;
	ops = scratch_vals(p, nin);
	for (i = 0; i < nin && !p->failed; i++)
		ops[i] = ir_p_use_value(p, &f->operands[i], in[i]);
	if (f->nsuccs + 1 > p->opsucccap) {
		p->opsucccap = (f->nsuccs + 1) * 2;
		p->opsuccs = ir_xrealloc(p->opsuccs,
		    p->opsucccap * sizeof *p->opsuccs);
	}
	succs = p->opsuccs;
	memset(succs, 0, (f->nsuccs + 1) * sizeof *succs);
	for (i = 0; i < f->nsuccs && !p->failed; i++)
		succs[i] = ir_p_label_get(p, r, &f->succs[i])->block;
	memset(&st, 0, sizeof st);
	st.name = f->name;
	st.noperands = nin;
	st.operands = ops;
	st.nresults = nres;
	st.result_types = res;
	st.attrs = attrs;
	st.nregions = nregions;
	st.nsuccs = f->nsuccs;
	st.succs = succs;
	op = p->failed ? NULL : ir_op_create_ref(p->ctx, &st, loc ?
	    ir_loc_ref_of(p->ctx, loc) : ir_p_tok_locref(p, &f->tok));
	if (!op)
		return;
	for (i = 0; i < f->nregions && i < nregions; i++)
		ir_region_take_body(ir_op_region(op, (unsigned)i),
		    f->regions[i]);
	ir_op_move_to_end(op, ir_p_current_block(r));
	define_results(p, f, op);
}

void
ir_p_op_pop(IrParser *p)
{
	OpFrame *f = p->ops[--p->nops];

	op_reset(f);
	IR_P_GROW(p->spare, p->nspare, p->sparecap);
	p->spare[p->nspare++] = f;
}

/* MLIR 14's "builtin.func" keeps its type in `type`. */
static const IrAttr *
rename_func_type(IrParser *p, const IrAttr *attrs)
{
	const IrAttr *t = attrs ? ir_dict_get(attrs, "type") : NULL;

	if (!t || ir_dict_get(attrs, "function_type"))
		return attrs;
	attrs = ir_dict_set(p->ctx, attrs, ir_ident_cstr(p->ctx, "type"),
	    NULL);
	return ir_dict_set(p->ctx, attrs,
	    ir_ident_cstr(p->ctx, "function_type"), t);
}

void
ir_p_op_finish(IrParser *p, const IrType *type, const IrLoc *loc)
{
	OpFrame *f = ir_p_top_op(p);
	const IrAttr *attrs;

	if (p->failed || !f || ir_p_lost(p, &f->tok, type))
		return;
	if (type->kind != IR_TYPE_FUNCTION) {
		ir_p_fail(p, &f->tok, "expected function type");
		return;
	}
	attrs = f->sugar == SUGAR_BUILTIN_FUNC ?
	    rename_func_type(p, f->attrs) : f->attrs;
	build_op(p, f, type->u.func.ninputs, type->u.func.inputs,
	    type->u.func.nresults, type->u.func.results, attrs, loc,
	    f->nregions);
	if (!p->failed)
		ir_p_op_pop(p);
}

static const IrAttr *
with_attr(IrParser *p, const IrAttr *dict, const char *name,
    const IrAttr *v)
{
	if (!dict)
		dict = ir_attr_empty_dict(p->ctx);
	return ir_dict_set(p->ctx, dict, ir_ident_cstr(p->ctx, name), v);
}

static const IrAttr *
string_attr(IrParser *p, const char *s, size_t len)
{
	return ir_attr_string(p->ctx, s, len, NULL);
}

void
ir_p_module_finish(IrParser *p, const IrLoc *loc)
{
	OpFrame *f = ir_p_top_op(p);
	const IrAttr *attrs;

	if (p->failed || !f)
		return;
	attrs = f->attrs;
	if (f->sym_name)
		attrs = with_attr(p, attrs, "sym_name", string_attr(p,
		    f->sym_name->str, f->sym_name->len));
	if (f->nregions == 1 && !f->regions[0]->first)
		ir_region_append(f->regions[0], ir_block_create());
	build_op(p, f, 0, NULL, 0, NULL, attrs, loc, 1);
	if (!p->failed)
		ir_p_op_pop(p);
}

/* dict with `name = [{...}, ...]` holding dicts[0..n) (NULL counts as
 * empty), as MLIR keeps argument and result attributes; unchanged when
 * all are empty. */
static const IrAttr *
with_dicts(IrParser *p, const IrAttr *dict, const char *name,
    const IrAttr *const *dicts, size_t n)
{
	const IrAttr **d = ir_xcalloc(n + 1, sizeof *d);
	const IrAttr *arr;
	bool any = false;
	size_t i;

	for (i = 0; i < n; i++) {
		d[i] = dicts[i] ? dicts[i] : ir_attr_empty_dict(p->ctx);
		any = any || d[i]->u.dict.n > 0;
	}
	arr = any ? ir_attr_array(p->ctx, n, d) : NULL;
	free(d);
	return arr ? with_attr(p, dict, name, arr) : dict;
}

/* The function type and argument attributes of func.func frame f. */
static const IrAttr *
func_sig_attrs(IrParser *p, OpFrame *f, const IrAttr *attrs)
{
	const IrType **in = ir_xcalloc(f->nargs + 1, sizeof *in);
	const IrAttr **aa = ir_xcalloc(f->nargs + 1, sizeof *aa);
	const IrType *ft;
	size_t i;

	for (i = 0; i < f->nargs; i++) {
		in[i] = f->args[i].type;
		aa[i] = f->args[i].attrs;
	}
	ft = ir_type_function(p->ctx, f->nargs, in, f->fres.n,
	    (const IrType *const *)f->fres.v);
	attrs = with_attr(p, attrs, "function_type", ir_attr_type(p->ctx, ft));
	attrs = with_dicts(p, attrs, "arg_attrs", aa, f->nargs);
	attrs = with_dicts(p, attrs, "res_attrs",
	    (const IrAttr *const *)f->fresattrs.v, f->fresattrs.n);
	free(in);
	free(aa);
	return attrs;
}

void
ir_p_func_finish(IrParser *p, const IrLoc *loc)
{
	OpFrame *f = ir_p_top_op(p);
	const IrAttr *attrs;

	if (p->failed || !f)
		return;
	if (f->nregions == 1 && !f->regions[0]->first) {
		ir_p_fail(p, &f->tok, "expected non-empty function body");
		return;
	}
	attrs = func_sig_attrs(p, f, f->attrs);
	if (f->sym_name)
		attrs = with_attr(p, attrs, "sym_name", string_attr(p,
		    f->sym_name->str, f->sym_name->len));
	if (f->vis)
		attrs = with_attr(p, attrs, "sym_visibility",
		    string_attr(p, f->vis, strlen(f->vis)));
	build_op(p, f, 0, NULL, 0, NULL, attrs, loc, 1);
	if (!p->failed)
		ir_p_op_pop(p);
}

/* A successor's `(%a, ... : T, ...)` in br / cond_br: the operands given
 * since the last successor take the types (collected in f->fres). */
void
ir_p_succ_args(IrParser *p, IrPtrList *types)
{
	OpFrame *f = ir_p_top_op(p);
	size_t before = f ? (f->nsegs ? f->segs[0] : 0) +
	    (f->tok.kind == TK_COND_BR ? 1 : 0) : 0, n, i;

	if (!p->failed && f && types && ir_p_has_null(types))
		ir_p_lost(p, &f->tok, NULL);
	if (p->failed || !f || f->nsegs == 2) {
		ir_p_list_free(p, types);
		return;
	}
	n = f->noperands - before;
	if (n != (types ? types->n : 0)) {
		ir_p_fail(p, &f->succs[f->nsuccs - 1], "%zu operands present, "
		    "but expected %zu", n, types ? types->n : 0);
		ir_p_list_free(p, types);
		return;
	}
	for (i = 0; types && i < types->n; i++)
		ir_p_list_push(p, &f->fres, types->v[i]);
	f->segs[f->nsegs++] = n;
	ir_p_list_free(p, types);
}

/* br / cond_br: cond_br's condition is an i1 and its operands come in
 * segments, kept in operand_segment_sizes as MLIR keeps them. */
void
ir_p_branch_finish(IrParser *p, const IrLoc *loc)
{
	OpFrame *f = ir_p_top_op(p);
	const IrType **types;
	const IrAttr *attrs = NULL;
	bool cond;
	size_t n, i;

	if (p->failed || !f)
		return;
	cond = f->tok.kind == TK_COND_BR;
	n = f->fres.n + (cond ? 1 : 0);
	types = ir_xcalloc(n + 1, sizeof *types);
	if (cond)
		types[0] = ir_type_int(p->ctx, 1, IR_SIGNLESS);
	for (i = 0; i < f->fres.n; i++)
		types[i + (cond ? 1 : 0)] = f->fres.v[i];
	if (cond) {
		int32_t seg[3] = { 1, (int32_t)f->segs[0],
		    (int32_t)f->segs[1] };
		int64_t three = 3;
		attrs = with_attr(p, NULL, "operand_segment_sizes",
		    ir_attr_dense(p->ctx, ir_type_vector(p->ctx, 1, &three,
		    ir_type_int(p->ctx, 32, IR_SIGNLESS)), false, seg,
		    sizeof seg));
	}
	build_op(p, f, n, types, 0, NULL, attrs, loc, 0);
	free(types);
	if (!p->failed)
		ir_p_op_pop(p);
}

void
ir_p_cast_finish(IrParser *p, IrPtrList *in, IrPtrList *out,
    const IrLoc *loc)
{
	OpFrame *f = ir_p_top_op(p);

	if (!p->failed && f && ((in && ir_p_has_null(in)) ||
	    ir_p_has_null(out)))
		ir_p_lost(p, &f->tok, NULL);
	if (!p->failed && f)
		build_op(p, f, in ? in->n : 0,
		    in ? (const IrType *const *)in->v : NULL, out->n,
		    (const IrType *const *)out->v, NULL, loc, 0);
	ir_p_list_free(p, in);
	ir_p_list_free(p, out);
	if (!p->failed && f)
		ir_p_op_pop(p);
}

void
ir_p_constant_finish(IrParser *p, IrPtrList *sym, const IrType *t,
    const IrLoc *loc)
{
	OpFrame *f = ir_p_top_op(p);
	const IrAttr *ref = ir_p_attr_symref(p, sym);
	IrNamedAttr value;

	if (!p->failed && f && (!ref || !t))
		ir_p_lost(p, &f->tok, NULL);
	if (p->failed || !f)
		return;
	value.name = ir_ident_cstr(p->ctx, "value");
	value.value = ref;
	build_op(p, f, 0, NULL, 1, &t, ir_attr_dict(p->ctx, 1, &value), loc,
	    0);
	if (!p->failed)
		ir_p_op_pop(p);
}

void
ir_p_return_finish(IrParser *p, IrPtrList *types, const IrLoc *loc)
{
	OpFrame *f = ir_p_top_op(p);

	if (!p->failed && f && ir_p_has_null(types))
		ir_p_lost(p, &f->tok, NULL);
	if (!p->failed && f)
		build_op(p, f, types ? types->n : 0,
		    types ? (const IrType *const *)types->v : NULL, 0, NULL,
		    NULL, loc, 0);
	ir_p_list_free(p, types);
	if (!p->failed && f)
		ir_p_op_pop(p);
}
