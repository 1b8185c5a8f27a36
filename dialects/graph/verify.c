/* dialects/graph/verify.c: the graph ops' own verifier rules, beyond what
 * the attribute specs and shape inference already check. */
#include "dialects/graph/graph.h"

static const IrType *
elem(const IrValue *v)
{
	const IrType *t = v->type;
	return ir_type_is_shaped(t) ? t->u.shaped.elem : t;
}

static bool
is_float(const IrType *t)
{
	return t->kind == IR_TYPE_FLOAT;
}

static bool
is_quant(const IrType *t)
{
	return t->kind == IR_TYPE_QUANT;
}

/* Element types that may meet in one arithmetic op: equal, or both
 * quantized (each with its own parameters). */
static bool
same_elem(const IrType *a, const IrType *b)
{
	return a == b || (is_quant(a) && is_quant(b));
}

bool
graph_verify_none(IrOp *op)
{
	return graph_act_verify(op);
}

bool
graph_verify_binary_same(IrOp *op)
{
	if (same_elem(elem(op->operands[0].value),
	    elem(op->operands[1].value)))
		return graph_act_verify(op);
	ir_op_emit_error(op, "operands must have the same element type");
	return false;
}

bool
graph_verify_conv(IrOp *op)
{
	const IrType *in = elem(op->operands[0].value);
	const IrType *f = elem(op->operands[1].value);
	if (!same_elem(in, f)) {
		ir_op_emit_error(op, "input and filter must have the same "
		    "element type (or both be quantized)");
		return false;
	}
	if (!graph_act_verify(op))
		return false;
	if (op->noperands < 3)
		return true;
	const IrType *b = elem(op->operands[2].value);
	if (is_quant(in)) {
		const IrType *s = dialect_storage_type(b);
		/* TFLite's 16x8 scheme: an int64 bias, its scale implied
		 * (s_in * s_w); a !quant.uniform has at most 32 bits */
		bool wide = s->kind == IR_TYPE_INTEGER &&
		    s->u.integer.width == 64 && b->kind == IR_TYPE_INTEGER &&
		    ir_type_bitwidth(dialect_storage_type(in)) == 16;
		if (!wide && (s->kind != IR_TYPE_INTEGER ||
		    s->u.integer.width != 32)) {
			ir_op_emit_error(op, "bias of a quantized op must be "
			    "stored in i32 (or be i64 with a 16-bit input)");
			return false;
		}
	} else if (b != in) {
		ir_op_emit_error(op, "bias must have the input's element "
		    "type");
		return false;
	}
	return true;
}

bool
graph_verify_clip(IrOp *op)
{
	const IrOpDef *def = op->name->def;
	double lo = dialect_get_float(def, op->attrs, "min");
	double hi = dialect_get_float(def, op->attrs, "max");
	if (lo <= hi)
		return true;
	ir_op_emit_error(op, "attribute 'min' (%g) must not exceed 'max' "
	    "(%g)", lo, hi);
	return false;
}

bool
graph_verify_softmax(IrOp *op)
{
	if (dialect_get_float(op->name->def, op->attrs, "beta") > 0)
		return true;
	ir_op_emit_error(op, "attribute 'beta' must be > 0");
	return false;
}

bool
graph_verify_concat(IrOp *op)
{
	const IrType *e0 = elem(op->operands[0].value);
	for (unsigned i = 1; i < op->noperands; i++)
		if (!same_elem(e0, elem(op->operands[i].value))) {
			ir_op_emit_error(op, "operands must have the same "
			    "element type");
			return false;
		}
	return true;
}

/* The declared result element type must be `qtype` exactly. */
static bool
result_is_qtype(IrOp *op)
{
	const IrAttr *q = ir_op_attr(op, "qtype");
	if (q->u.type.type == elem(ir_op_results(op)))
		return true;
	ir_op_emit_error(op, "result element type must be 'qtype'");
	return false;
}

bool
graph_verify_quantize(IrOp *op)
{
	if (!is_float(elem(op->operands[0].value))) {
		ir_op_emit_error(op, "operand must have a float element type");
		return false;
	}
	return result_is_qtype(op);
}

bool
graph_verify_dequantize(IrOp *op)
{
	if (is_float(elem(ir_op_results(op))))
		return true;
	ir_op_emit_error(op, "result must have a float element type");
	return false;
}

bool
graph_verify_requantize(IrOp *op)
{
	if (!is_quant(elem(op->operands[0].value))) {
		ir_op_emit_error(op, "operand must have a quantized element "
		    "type");
		return false;
	}
	return result_is_qtype(op);
}

/* pow: float or integer operands (not quantized); the exponent's element
 * type may differ from the base's. */
bool
graph_verify_pow(IrOp *op)
{
	for (unsigned i = 0; i < 2; i++) {
		const IrType *e = elem(op->operands[i].value);
		if (e->kind != IR_TYPE_FLOAT && e->kind != IR_TYPE_INTEGER) {
			ir_op_emit_error(op, "operands must have float or "
			    "integer element types");
			return false;
		}
	}
	return true;
}
