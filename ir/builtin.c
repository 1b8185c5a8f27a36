/* ir/builtin.c: the builtin ops (builtin.module, func.func, func.return,
 * func.call, cf.br, cf.cond_br), their verifiers and helpers to build
 * them. */
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"

/* ----------------------------------------------------------------- helpers */

/* The function_type of a func.func, or NULL when missing or malformed. */
const IrType *
ir_func_type(const IrOp *func)
{
	const IrAttr *a = ir_op_attr(func, "function_type");
	if (!a || a->kind != IR_ATTR_TYPE || !a->u.type.type ||
	    a->u.type.type->kind != IR_TYPE_FUNCTION)
		return NULL;
	return a->u.type.type;
}

IrBlock *
ir_func_entry(IrOp *func)
{
	return func->nregions ? ir_op_regions(func)->first : NULL;
}

IrBlock *
ir_module_body(IrOp *module)
{
	return module->nregions ? ir_op_regions(module)->first : NULL;
}

IrOp *
ir_module_create(IrContext *ctx, const IrLoc *loc)
{
	IrOpState st = {
		.name = ir_op_name_get(ctx, "builtin.module", 14),
		.loc = loc,
		.nregions = 1,
	};
	IrOp *op = ir_op_create(ctx, &st);
	ir_region_append(ir_op_regions(op), ir_block_create());
	return op;
}

IrOp *
ir_func_create(IrContext *ctx, const IrLoc *loc, const char *name,
    const IrType *type)
{
	IrNamedAttr attrs[2] = {
		{ ir_ident_cstr(ctx, "function_type"),
		  ir_attr_type(ctx, type) },
		{ ir_ident_cstr(ctx, "sym_name"),
		  ir_attr_string(ctx, name, strlen(name), NULL) },
	};
	IrOpState st = {
		.name = ir_op_name_get(ctx, "func.func", 9),
		.loc = loc,
		.attrs = ir_attr_dict(ctx, 2, attrs),
		.nregions = 1,
	};
	IrOp *op = ir_op_create(ctx, &st);
	IrBlock *entry = ir_block_create();
	for (size_t i = 0; i < type->u.func.ninputs; i++)
		ir_block_add_arg(entry, type->u.func.inputs[i], loc);
	ir_region_append(ir_op_regions(op), entry);
	return op;
}

/* "'i32', 'f32'" for a list of types; malloc'd. */
static char *
type_list_str(size_t n, const IrType *const *types)
{
	size_t len = 0, cap = 64;
	char *s = ir_xmalloc(cap);
	s[0] = 0;
	for (size_t i = 0; i < n; i++) {
		char *t = ir_type_str(types[i]);
		size_t need = len + strlen(t) + 5;
		if (need > cap) {
			cap = need * 2;
			s = ir_xrealloc(s, cap);
		}
		len += (size_t)sprintf(s + len, "%s'%s'", i ? ", " : "", t);
		free(t);
	}
	return s;
}

/* ------------------------------------------ the FUNCTION trait (func.func) */

static bool
verify_entry_args(IrOp *op, const IrType *ft)
{
	IrBlock *entry = ir_func_entry(op);
	if (!entry)
		return true; /* external declaration */
	if (entry->nargs != ft->u.func.ninputs) {
		ir_op_emit_error(op, "entry block must have %zu arguments to "
		    "match function signature", ft->u.func.ninputs);
		return false;
	}
	for (unsigned i = 0; i < entry->nargs; i++) {
		const IrType *want = ft->u.func.inputs[i];
		const IrType *got = entry->args[i]->type;
		if (got == want)
			continue;
		char *g = ir_type_str(got), *w = ir_type_str(want);
		ir_op_emit_error(op, "type of entry block argument #%u('%s') "
		    "must match the type of the corresponding argument in "
		    "function signature('%s')", i, g, w);
		free(g);
		free(w);
		return false;
	}
	return true;
}

/* arg_attrs / res_attrs: one dictionary per argument / result. */
static bool
verify_arg_attrs(IrOp *op, const char *name, const char *what, size_t n)
{
	const IrAttr *a = ir_op_attr(op, name);
	if (!a)
		return true;
	if (a->kind != IR_ATTR_ARRAY || a->u.array.n != n) {
		ir_op_emit_error(op, "expects %s attribute array `%s` to have "
		    "the same number of elements as the number of function "
		    "%ss, got %zu, but expected %zu", what, name, what,
		    a->kind == IR_ATTR_ARRAY ? a->u.array.n : (size_t)1, n);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		const IrAttr *d = a->u.array.elems[i];
		if (d->kind == IR_ATTR_DICT)
			continue;
		char *s = ir_attr_str(d);
		ir_op_emit_error(op, "expects %s attribute dictionary to be a "
		    "DictionaryAttr, but got `%s`", what, s);
		free(s);
		return false;
	}
	return true;
}

/* A function without a body is a declaration: MLIR wants it private or
 * nested, since nothing outside could define it. */
static bool
verify_declaration(IrOp *op)
{
	const IrAttr *v = ir_op_attr(op, "sym_visibility");
	if (ir_func_entry(op) || (v && v->kind == IR_ATTR_STRING &&
	    !(v->u.string.len == 6 && memcmp(v->u.string.data, "public",
	    6) == 0)))
		return true;
	ir_op_emit_error(op, "symbol declaration cannot have public "
	    "visibility");
	return false;
}

bool
ir_verify_function_trait(IrOp *op)
{
	const IrAttr *name = ir_op_attr(op, "sym_name");
	if (!name || name->kind != IR_ATTR_STRING) {
		ir_op_emit_error(op, "requires string attribute 'sym_name'");
		return false;
	}
	const IrAttr *a = ir_op_attr(op, "function_type");
	if (!a || a->kind != IR_ATTR_TYPE) {
		ir_op_emit_error(op,
		    "requires a type attribute 'function_type'");
		return false;
	}
	const IrType *ft = ir_func_type(op);
	if (!ft) {
		ir_op_emit_error(op,
		    "requires 'function_type' attribute of function type");
		return false;
	}
	return verify_arg_attrs(op, "arg_attrs", "argument",
	    ft->u.func.ninputs) && verify_arg_attrs(op, "res_attrs",
	    "result", ft->u.func.nresults) && verify_declaration(op) &&
	    verify_entry_args(op, ft);
}

/* ------------------------------------------------------------- func.return */

static bool
verify_return(IrOp *op)
{
	IrOp *func = ir_op_parent_op(op);
	if (!func || !ir_op_is(func, "func.func")) {
		ir_op_emit_error(op, "expects parent op 'func.func'");
		return false;
	}
	const IrType *ft = ir_func_type(func);
	const IrIdent *fname = ir_symbol_name(func);
	if (!ft || !fname)
		return true; /* the function's own verifier reports it */
	if (op->noperands != ft->u.func.nresults) {
		ir_op_emit_error(op, "has %u operands, but enclosing function "
		    "(@%s) returns %zu", op->noperands, fname->str,
		    ft->u.func.nresults);
		return false;
	}
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *v = op->operands[i].value;
		const IrType *want = ft->u.func.results[i];
		if (!v || v->type == want)
			continue;
		char *g = ir_type_str(v->type), *w = ir_type_str(want);
		ir_emit_error(ir_op_context(op), ir_op_loc(op),
		    "type of return operand %u ('%s') doesn't match "
		    "function result type ('%s') in function @%s", i, g, w,
		    fname->str);
		free(g);
		free(w);
		return false;
	}
	return true;
}

/* --------------------------------------------------------------- func.call */

static bool
call_operands_match(IrOp *op, const IrType *ft)
{
	if (op->noperands != ft->u.func.ninputs) {
		ir_op_emit_error(op, "incorrect number of operands for callee");
		return false;
	}
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *v = op->operands[i].value;
		const IrType *want = ft->u.func.inputs[i];
		if (!v || v->type == want)
			continue;
		char *g = ir_type_str(v->type), *w = ir_type_str(want);
		ir_op_emit_error(op, "operand type mismatch: expected operand "
		    "type '%s', but provided '%s' for operand number %u",
		    w, g, i);
		free(g);
		free(w);
		return false;
	}
	return true;
}

static bool
call_results_match(IrOp *op, const IrType *ft)
{
	if (op->nresults != ft->u.func.nresults) {
		ir_op_emit_error(op, "incorrect number of results for callee");
		return false;
	}
	for (unsigned i = 0; i < op->nresults; i++) {
		if (ir_op_results(op)[i].type == ft->u.func.results[i])
			continue;
		IrContext *ctx = ir_op_context(op);
		const IrType **got = ir_xcalloc(op->nresults, sizeof *got);
		for (unsigned j = 0; j < op->nresults; j++)
			got[j] = ir_op_results(op)[j].type;
		char *g = type_list_str(op->nresults, got);
		char *w = type_list_str(ft->u.func.nresults,
		    ft->u.func.results);
		ir_op_emit_error(op, "result type mismatch at index %u", i);
		ir_emit_note(ctx, ir_op_loc(op), "      op result types: %s",
		    g);
		ir_emit_note(ctx, ir_op_loc(op), "function result types: %s",
		    w);
		free(got);
		free(g);
		free(w);
		return false;
	}
	return true;
}

static bool
verify_call(IrOp *op)
{
	const IrAttr *callee = ir_op_attr(op, "callee");
	if (!callee || callee->kind != IR_ATTR_SYMREF) {
		ir_op_emit_error(op,
		    "requires a 'callee' symbol reference attribute");
		return false;
	}
	IrOp *fn = ir_symbol_resolve(op, callee);
	const IrType *ft = fn && ir_op_is(fn, "func.func") ?
	    ir_func_type(fn) : NULL;
	if (!ft) {
		ir_op_emit_error(op, "'%s' does not reference a valid function",
		    callee->u.symref.root->str);
		return false;
	}
	return call_operands_match(op, ft) && call_results_match(op, ft);
}

/* ----------------------------------------------------------- func.constant */

/* A function as a value: `value` names a func.func whose type is the
 * result's. */
static bool
verify_constant(IrOp *op)
{
	const IrAttr *ref = ir_op_attr(op, "value");
	if (!ref || ref->kind != IR_ATTR_SYMREF) {
		ir_op_emit_error(op,
		    "requires a 'value' symbol reference attribute");
		return false;
	}
	IrOp *fn = ir_symbol_resolve(op, ref);
	const IrType *ft = fn && ir_op_is(fn, "func.func") ?
	    ir_func_type(fn) : NULL;
	if (!ft) {
		ir_op_emit_error(op, "reference to undefined function '%s'",
		    ref->u.symref.root->str);
		return false;
	}
	if (ir_op_results(op)[0].type != ft) {
		ir_op_emit_error(op, "reference to function with mismatched "
		    "type");
		return false;
	}
	return true;
}

/* --------------------------------------- builtin.unrealized_conversion_cast */

static bool
verify_cast(IrOp *op)
{
	if (op->nresults > 0)
		return true;
	ir_op_emit_error(op, "expected at least one result for cast "
	    "operation");
	return false;
}

/* ------------------------------------------------------ cf.br, cf.cond_br */

/* The `n` operands of op from `first` are the arguments passed to
 * successor `succ`: their count and types must match its block
 * arguments (MLIR's BranchOpInterface check). */
static bool
verify_succ_operands(IrOp *op, unsigned succ, unsigned first, unsigned n)
{
	IrBlock *b = ir_op_succs(op)[succ].block;
	if (!b)
		return true; /* the generic verifier reports it */
	if (n != b->nargs) {
		ir_op_emit_error(op, "branch has %u operands for successor "
		    "#%u, but target block has %u", n, succ, b->nargs);
		return false;
	}
	for (unsigned i = 0; i < n; i++) {
		IrValue *v = op->operands[first + i].value;
		if (v && v->type != b->args[i]->type) {
			ir_op_emit_error(op, "type mismatch for bb argument "
			    "#%u of successor #%u", i, succ);
			return false;
		}
	}
	return true;
}

static bool
verify_br(IrOp *op)
{
	return op->nsuccs != 1 ||
	    verify_succ_operands(op, 0, 0, op->noperands);
}

/* The three segment sizes of a cf.cond_br (condition, true operands,
 * false operands) from operand_segment_sizes, checked against the
 * operand count. */
static bool
cond_br_segments(IrOp *op, int32_t *seg)
{
	const IrAttr *a = ir_op_attr(op, "operand_segment_sizes");
	if (!a || a->kind != IR_ATTR_DENSE ||
	    ir_type_num_elements(a->u.dense.type) != 3 ||
	    a->u.dense.type->u.shaped.elem != ir_type_int(ir_op_context(op),
	    32, IR_SIGNLESS)) {
		ir_op_emit_error(op, "requires 'operand_segment_sizes' "
		    "attribute of 3 i32 elements");
		return false;
	}
	int64_t total = 0;
	for (int i = 0; i < 3; i++) {
		memcpy(&seg[i], a->u.dense.data + (a->u.dense.splat ? 0 :
		    4 * i), 4);
		if (seg[i] < 0) {
			ir_op_emit_error(op, "'operand_segment_sizes' "
			    "attribute cannot have negative elements");
			return false;
		}
		total += seg[i];
	}
	if (total != op->noperands) {
		ir_op_emit_error(op, "operand count (%u) does not match with "
		    "the total size (%lld) specified in attribute "
		    "'operand_segment_sizes'", op->noperands,
		    (long long)total);
		return false;
	}
	return true;
}

/* Is t a valid branch condition: i1, or (an npu-ir extension, since
 * graph values are tensors) a one-element tensor of i1? */
static bool
is_condition_type(IrContext *ctx, const IrType *t)
{
	const IrType *i1 = ir_type_int(ctx, 1, IR_SIGNLESS);
	return t == i1 || (t->kind == IR_TYPE_TENSOR &&
	    t->u.shaped.elem == i1 && ir_type_num_elements(t) == 1);
}

static bool
verify_cond_br(IrOp *op)
{
	int32_t seg[3];
	if (!cond_br_segments(op, seg))
		return false;
	if (seg[0] != 1) {
		ir_op_emit_error(op, "requires exactly one condition operand");
		return false;
	}
	IrValue *c = op->operands[0].value;
	if (c && !is_condition_type(ir_op_context(op), c->type)) {
		char *t = ir_type_str(c->type);
		ir_op_emit_error(op, "operand #0 must be 1-bit signless "
		    "integer (or tensor<i1>), but got '%s'", t);
		free(t);
		return false;
	}
	return op->nsuccs != 2 ||
	    (verify_succ_operands(op, 0, 1, (unsigned)seg[1]) &&
	    verify_succ_operands(op, 1, 1 + (unsigned)seg[1],
	    (unsigned)seg[2]));
}

/* ---------------------------------------------------------------- registry */

static const IrOpDef builtin_ops[] = {
	{
		.name = "builtin.module",
		.traits = IR_TRAIT_ISOLATED | IR_TRAIT_SYMBOL_TABLE |
		    IR_TRAIT_NO_TERMINATOR | IR_TRAIT_SINGLE_BLOCK,
		.min_operands = 0, .max_operands = 0, .nresults = 0,
		.nregions = 1, .nsuccessors = 0,
		.summary = "A top-level container of ops",
	},
	{
		.name = "func.func",
		.traits = IR_TRAIT_ISOLATED | IR_TRAIT_SYMBOL |
		    IR_TRAIT_FUNCTION,
		.min_operands = 0, .max_operands = 0, .nresults = 0,
		.nregions = 1, .nsuccessors = 0,
		.summary = "A function with a name, a type and a body",
	},
	{
		.name = "func.return",
		.traits = IR_TRAIT_TERMINATOR | IR_TRAIT_RETURN_LIKE |
		    IR_TRAIT_PURE,
		.min_operands = 0, .max_operands = IR_VARIADIC,
		.nresults = 0, .nregions = 0, .nsuccessors = 0,
		.summary = "Returns from a function",
		.verify = verify_return,
	},
	{
		.name = "func.call",
		.traits = 0,
		.min_operands = 0, .max_operands = IR_VARIADIC,
		.nresults = IR_VARIADIC, .nregions = 0, .nsuccessors = 0,
		.summary = "Calls a function by symbol",
		.verify = verify_call,
	},
	{
		.name = "func.constant",
		.traits = IR_TRAIT_PURE,
		.min_operands = 0, .max_operands = 0,
		.nresults = 1, .nregions = 0, .nsuccessors = 0,
		.summary = "A function as a value (MLIR 14's std.constant)",
		.verify = verify_constant,
	},
	{
		.name = "cf.br",
		.traits = IR_TRAIT_TERMINATOR | IR_TRAIT_PURE,
		.min_operands = 0, .max_operands = IR_VARIADIC,
		.nresults = 0, .nregions = 0, .nsuccessors = 1,
		.summary = "Branches to a block, passing its arguments",
		.verify = verify_br,
	},
	{
		.name = "cf.cond_br",
		.traits = IR_TRAIT_TERMINATOR | IR_TRAIT_PURE,
		.min_operands = 1, .max_operands = IR_VARIADIC,
		.nresults = 0, .nregions = 0, .nsuccessors = 2,
		.summary = "Branches to one of two blocks on an i1 condition",
		.verify = verify_cond_br,
	},
	{
		.name = "builtin.unrealized_conversion_cast",
		.traits = 0,
		.min_operands = 0, .max_operands = IR_VARIADIC,
		.nresults = IR_VARIADIC, .nregions = 0, .nsuccessors = 0,
		.summary = "Casts values between types a partial conversion "
		    "has not reconciled yet (MLIR's builtin op)",
		.verify = verify_cast,
	},
};

void
ir_builtin_register(IrContext *ctx)
{
	size_t n = sizeof builtin_ops / sizeof builtin_ops[0];
	for (size_t i = 0; i < n; i++)
		ir_register_op(ctx, &builtin_ops[i]);
}
