/* dialects/graph/canonicalize.c: canonicalization patterns of the graph
 * dialect that rewrite more than one op: transpose chains and reshape
 * chains (the dialect registers them: Dialect.canonical). What folds one
 * op (identities, constants, x + 0, x * 1) is in the dialect's fold
 * hooks (dialects/graph/fold.c), which the driver applies with the graph
 * constant materializer. */
#include "dialects/graph/graph.h"
#include "ir/rewrite.h"

/* ------------------------------------------------------------------ helpers */

/* Replaces op's single result with v. */
static bool
replace_with(IrRewriter *rw, IrOp *op, IrValue *v)
{
	ir_rewriter_replace_op(rw, op, &v);
	return true;
}

/* ------------------------------------------------------------------ chains */

static bool
is_identity(const int64_t *perm, int n)
{
	for (int i = 0; i < n; i++)
		if (perm[i] != i)
			return false;
	return true;
}

/* transpose(transpose(x, p), q) -> transpose(x, p o q) (result dim i
 * is input dim p[q[i]]), or x when that is the identity. (A lone
 * identity transpose folds: dialects/graph/fold.c.) */
static bool
transpose_chain(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	int64_t q[DIALECT_MAX_RANK], p[DIALECT_MAX_RANK];
	int n = graph_transpose_perm(op, q);
	if (n < 0)
		return false;
	IrOp *inner = ir_value_def_op(ir_op_operand(op, 0));
	if (!inner || !ir_op_is(inner, "graph.transpose") ||
	    graph_transpose_perm(inner, p) != n)
		return false;
	int64_t r[DIALECT_MAX_RANK];
	for (int i = 0; i < n; i++)
		r[i] = p[q[i]];
	IrValue *src = ir_op_operand(inner, 0);
	if (is_identity(r, n) && src->type == ir_op_result(op, 0)->type)
		return replace_with(rw, op, src);
	IrContext *ctx = ir_rewriter_context(rw);
	const IrType *i64 = ir_type_int(ctx, 64, IR_SIGNLESS);
	const IrAttr *elems[DIALECT_MAX_RANK];
	for (int i = 0; i < n; i++)
		elems[i] = ir_attr_int(ctx, i64, r[i]);
	ir_rewriter_set_operand(rw, op, 0, src);
	ir_rewriter_set_attr(rw, op, "perm",
	    ir_attr_array(ctx, (size_t)n, elems));
	return true;
}

/* reshape(reshape(x)) -> reshape(x): the outer shape wins. */
static bool
reshape_chain(IrOp *op, IrRewriter *rw, const void *data)
{
	(void)data;
	IrOp *inner = ir_value_def_op(ir_op_operand(op, 0));
	if (!inner || !ir_op_is(inner, "graph.reshape"))
		return false;
	ir_rewriter_set_operand(rw, op, 0, ir_op_operand(inner, 0));
	return true;
}

/* ------------------------------------------------------------- registration */

void
graph_add_canonical_patterns(IrContext *ctx, IrPatternSet *set)
{
	if (!ir_lookup_op(ctx, "graph.transpose"))
		return;
	static const IrPattern pats[] = {
		{ "graph-reshape-chain", "graph.reshape", 1, reshape_chain,
		  NULL },
		{ "graph-transpose-chain", "graph.transpose", 2,
		  transpose_chain, NULL },
	};
	for (size_t i = 0; i < sizeof pats / sizeof pats[0]; i++)
		ir_pattern_set_add(set, &pats[i]);
}
