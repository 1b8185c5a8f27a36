/* passes/strip_io_qdq.c: the quantize ops on a function's arguments and
 * the dequantize ops on its results go: the function takes and returns
 * integers (int8, or uint8 as NPU SDKs offer), as a TFLite int8 model. */
#include "passes/passes.h"
#include "passes/graph_util.h"

#include <string.h>

/* q with uint8 storage: the zero point moves up by 128 (exact). */
static const IrType *
as_uint8(IrContext *ctx, const IrType *q)
{
	if (!q->u.quant.is_signed || ir_type_bitwidth(q->u.quant.storage) != 8)
		return q;
	int64_t zp = q->u.quant.zero_points[0] + 128;
	return ir_type_quant(ctx, false, ir_type_int(ctx, 8, IR_UNSIGNED),
	    q->u.quant.expressed, q->u.quant.storage_min + 128,
	    q->u.quant.storage_max + 128, -1, 1, q->u.quant.scales, &zp);
}

/* The one quantized type every use of v quantizes it to, when every use
 * is such a graph.quantize; NULL otherwise. */
static const IrType *
quantized_only(IrValue *v)
{
	const IrType *t = NULL;
	if (!v->uses || !gu_static(v))
		return NULL;
	for (IrUse *u = v->uses; u; u = u->next) {
		IrValue *r;
		if (!ir_op_is(u->owner, "graph.quantize"))
			return NULL;
		r = ir_op_result(u->owner, 0);
		if ((t && r->type != t) || gu_elem(r)->u.quant.nscales != 1)
			return NULL;
		t = r->type;
	}
	return t;
}

/* requantize of v to type t, before `before`. */
static IrValue *
requant(IrContext *ctx, IrOp *before, IrValue *v, const IrType *t)
{
	IrBuilder b;
	ir_builder_init(&b, ctx);
	ir_builder_set_before(&b, before);
	IrNamedAttr na = { ir_ident_cstr(ctx, "qtype"),
	    ir_attr_type(ctx, t->u.shaped.elem) };
	IrOpState st = {
		.name = ir_op_name_get(ctx, "graph.requantize", 16),
		.noperands = 1, .operands = &v,
		.nresults = 1, .result_types = &t,
		.attrs = ir_attr_dict(ctx, 1, &na),
	};
	return ir_op_result(ir_builder_create(&b, &st), 0);
}

/* Argument a takes the quantized type its quantize ops make. */
static bool
strip_input(IrContext *ctx, IrBlock *entry, IrValue *a, bool u8)
{
	const IrType *t = quantized_only(a);
	IrOp *qs[64];
	size_t nq = 0;
	if (!t)
		return false;
	for (IrUse *u = a->uses; u; u = u->next) {
		if (nq == 64)
			return false;
		qs[nq++] = u->owner;
	}
	const IrType *e = t->u.shaped.elem;
	a->type = u8 ? ir_type_tensor(ctx, t->u.shaped.rank, t->u.shaped.dims,
	    as_uint8(ctx, e), NULL) : t;
	/* uint8 in, int8 inside: one exact requantize */
	IrValue *v = a->type != t ? requant(ctx, entry->first, a, t) : a;
	for (size_t i = 0; i < nq; i++) {
		ir_value_replace_all_uses(ir_op_result(qs[i], 0), v);
		ir_op_erase(qs[i]);
	}
	return true;
}

/* Result i of `ret` returns the quantized value its dequantize reads. */
static bool
strip_output(IrContext *ctx, IrOp *ret, unsigned i, bool u8)
{
	IrValue *v = ir_op_operand(ret, i);
	IrOp *d = ir_value_def_op(v);
	if (!d || !ir_op_is(d, "graph.dequantize"))
		return false;
	IrValue *q = ir_op_operand(d, 0);
	const IrType *e = gu_elem(q);
	if (e->kind != IR_TYPE_QUANT || e->u.quant.nscales != 1 ||
	    !gu_static(q))
		return false;
	if (u8 && as_uint8(ctx, e) != e)
		q = requant(ctx, ret, q, ir_type_tensor(ctx,
		    q->type->u.shaped.rank, q->type->u.shaped.dims,
		    as_uint8(ctx, e), NULL));
	ir_op_set_operand(ret, i, q);
	if (!ir_value_has_uses(v))
		ir_op_erase(d);
	return true;
}

/* The function's type from its entry block and return op. */
static void
retype_func(IrContext *ctx, IrOp *fn, IrBlock *entry, IrOp *ret)
{
	const IrType *in[256], *out[256];
	if (entry->nargs > 256 || ret->noperands > 256)
		ir_unreachable("strip-io-qdq: more than 256 arguments");
	for (unsigned i = 0; i < entry->nargs; i++)
		in[i] = entry->args[i]->type;
	for (unsigned i = 0; i < ret->noperands; i++)
		out[i] = ir_op_operand(ret, i)->type;
	ir_op_set_attr(fn, "function_type", ir_attr_type(ctx,
	    ir_type_function(ctx, entry->nargs, in, ret->noperands, out)));
}

static bool
strip_io_qdq_run(IrOp *op, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	bool in8 = !strcmp(ir_pass_string(pass, "input-type"), "uint8");
	bool out8 = !strcmp(ir_pass_string(pass, "output-type"), "uint8");
	uint64_t n = 0;
	IrBlock *entry = ir_func_entry(op);
	IrOp *ret = entry ? ir_block_terminator(entry) : NULL;
	if (!ret || !ir_op_has_trait(ret, IR_TRAIT_RETURN_LIKE) ||
	    entry->next)
		return true; /* declarations and multi-block bodies */
	for (unsigned i = 0; i < entry->nargs; i++)
		n += strip_input(ctx, entry, entry->args[i], in8);
	for (unsigned i = 0; i < ret->noperands; i++)
		n += strip_output(ctx, ret, i, out8);
	if (n)
		retype_func(ctx, op, entry, ret);
	ir_pass_stat_add(pass, "num-stripped", n);
	return true;
}

static const char *const io_types[] = { "int8", "uint8", NULL };

static const IrPassOption options[] = {
	{ "input-type", IR_OPT_ENUM, "int8",
	  "storage of the quantized arguments", io_types },
	{ "output-type", IR_OPT_ENUM, "int8",
	  "storage of the quantized results", io_types },
};

static const IrPassStatistic stats[] = {
	{ "num-stripped", "arguments and results made quantized" },
};

const IrPassDef pass_strip_io_qdq = {
	.argument = "strip-io-qdq",
	.summary = "Make a function take and return quantized integers "
	    "instead of quantizing its inputs and dequantizing its outputs",
	.anchor = "func.func",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = strip_io_qdq_run,
	.description =
	    "An argument whose every use is a `graph.quantize` to one\n"
	    "per-tensor quantized type takes that type, and the quantize ops\n"
	    "go; a result computed by `graph.dequantize` of a per-tensor\n"
	    "quantized value returns that value. The function type follows.\n"
	    "With `input-type=uint8` (`output-type=uint8`) an int8 argument\n"
	    "(result) is stored as uint8 with the zero point moved up by 128,\n"
	    "and one `graph.requantize` converts it, exactly. Arguments and\n"
	    "results used otherwise are left as they are. Run it after\n"
	    "`fold-qdq`, which leaves the quantize and dequantize ops at the\n"
	    "edges.",
};
