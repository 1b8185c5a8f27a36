/* tools/npu-run/shapes.c: dynamic shapes in npu-run: the entry function's
 * signature (--list-inputs), and specialization of a function whose
 * arguments have dynamic dims to the shapes of the given inputs (each
 * op's result types inferred again, as onnxruntime sizes a dynamic batch
 * from its inputs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "ir/ir.h"
#include "tools/npu-run/shapes.h"

bool
run_type_dynamic(const IrType *t)
{
	if (!ir_type_is_shaped(t))
		return false;
	if (t->u.shaped.rank < 0)
		return true;
	for (int64_t i = 0; i < t->u.shaped.rank; i++)
		if (t->u.shaped.dims[i] == IR_DYNAMIC)
			return true;
	return false;
}

/* The name an importer gave an argument (its NameLoc), or NULL. */
static const IrIdent *
arg_name(const IrValue *v)
{
	const IrLoc *l = ir_value_loc(v);
	return l && l->kind == IR_LOC_NAME ? l->u.name.name : NULL;
}

/* "dynamic dims: 0, 2", "unranked" or "static". */
static void
print_dynamic(FILE *out, const IrType *t)
{
	const char *sep = ", dynamic dims: ";
	if (!ir_type_is_shaped(t)) {
		fputs(", not shaped", out);
		return;
	}
	if (t->u.shaped.rank < 0) {
		fputs(", unranked: every dim from the input", out);
		return;
	}
	if (!run_type_dynamic(t)) {
		fputs(", static", out);
		return;
	}
	for (int64_t i = 0; i < t->u.shaped.rank; i++)
		if (t->u.shaped.dims[i] == IR_DYNAMIC) {
			fprintf(out, "%s%lld", sep, (long long)i);
			sep = ", ";
		}
}

void
run_list_inputs(FILE *out, IrOp *func)
{
	const IrType *ft = ir_func_type(func);
	IrBlock *entry = ir_func_entry(func);

	fprintf(out, "@%s\n", ir_symbol_name(func)->str);
	for (size_t i = 0; i < ft->u.func.ninputs; i++) {
		const IrIdent *name = entry && i < entry->nargs ?
		    arg_name(entry->args[i]) : NULL;
		char *ts = ir_type_str(ft->u.func.inputs[i]);
		fprintf(out, "  input #%zu", i);
		if (name)
			fprintf(out, " \"%s\"", name->str);
		fprintf(out, ": %s", ts);
		print_dynamic(out, ft->u.func.inputs[i]);
		fputc('\n', out);
		free(ts);
	}
	for (size_t i = 0; i < ft->u.func.nresults; i++) {
		char *ts = ir_type_str(ft->u.func.results[i]);
		fprintf(out, "  result #%zu: %s", i, ts);
		print_dynamic(out, ft->u.func.results[i]);
		fputc('\n', out);
		free(ts);
	}
}

/* ------------------------------------------------------------ specialize */

/* declared with its dynamic dims taken from inferred (the element type,
 * with its quantization, stays the declared one); NULL when the two
 * disagree on a static dim or the rank. */
static const IrType *
refine(IrContext *ctx, const IrType *declared, const IrType *inferred)
{
	int64_t dims[DIALECT_MAX_RANK];
	if (!ir_type_is_shaped(declared) || !ir_type_is_shaped(inferred) ||
	    declared->kind != inferred->kind || inferred->u.shaped.rank < 0)
		return declared;
	int64_t rank = inferred->u.shaped.rank;
	if (rank > DIALECT_MAX_RANK || (declared->u.shaped.rank >= 0 &&
	    declared->u.shaped.rank != rank))
		return NULL;
	for (int64_t i = 0; i < rank; i++) {
		int64_t d = declared->u.shaped.rank < 0 ? IR_DYNAMIC :
		    declared->u.shaped.dims[i];
		int64_t n = inferred->u.shaped.dims[i];
		if (d != IR_DYNAMIC && n != IR_DYNAMIC && d != n)
			return NULL;
		dims[i] = d != IR_DYNAMIC ? d : n;
	}
	if (declared->kind == IR_TYPE_TENSOR)
		return ir_type_tensor(ctx, rank, dims, declared->u.shaped.elem,
		    declared->u.shaped.encoding);
	if (declared->kind == IR_TYPE_MEMREF && !declared->u.shaped.layout)
		return ir_type_memref(ctx, rank, dims,
		    declared->u.shaped.elem, NULL,
		    declared->u.shaped.memspace);
	return declared;
}

static bool refine_block(IrContext *ctx, IrBlock *b);

/* Infers op's result types from its (refined) operands and gives its
 * dynamic results the inferred dims; a static result the inputs'
 * shapes contradict is reported here, in words about the inputs. */
static bool
refine_op(IrContext *ctx, IrOp *op)
{
	const IrOpDef *def = op->name->def;
	bool ok = true;

	for (unsigned r = 0; r < op->nregions; r++)
		for (IrBlock *b = ir_op_region(op, r)->first; ok && b;
		    b = b->next)
			ok = refine_block(ctx, b);
	if (!ok || !def || !def->infer_types || !op->nresults)
		return ok;
	IrValue **vals = ir_xcalloc(op->noperands + 1, sizeof *vals);
	const IrType **types = ir_xcalloc(op->nresults + 1, sizeof *types);
	for (unsigned i = 0; i < op->noperands; i++)
		vals[i] = op->operands[i].value;
	IrOpState st = {
		.name = op->name, .loc = ir_op_loc(op),
		.noperands = op->noperands, .operands = vals,
		.attrs = op->attrs, .nregions = op->nregions,
	};
	ok = def->infer_types(ctx, &st, op->nresults, types);
	for (unsigned i = 0; ok && i < op->nresults; i++) {
		IrValue *res = ir_op_result(op, i);
		const IrType *t = refine(ctx, res->type, types[i]);
		if (!t) {
			char *a = ir_type_str(types[i]);
			char *b = ir_type_str(res->type);
			ir_op_emit_error(op, "with the inputs' shapes, result "
			    "#%u is %s, which contradicts its declared type "
			    "%s", i, a, b);
			free(a);
			free(b);
			ok = false;
		} else {
			res->type = t;
		}
	}
	free(types);
	free(vals);
	return ok;
}

static bool
refine_block(IrContext *ctx, IrBlock *b)
{
	for (IrOp *op = b->first; op; op = op->next)
		if (!refine_op(ctx, op))
			return false;
	return true;
}

/* The first func.return of func's body. */
static IrOp *
find_return(IrOp *func)
{
	for (IrBlock *b = ir_func_entry(func); b; b = b->next)
		if (b->last && ir_op_is(b->last, "func.return"))
			return b->last;
	return NULL;
}

bool
run_specialize(IrContext *ctx, IrOp *func, const IrType *const *args)
{
	const IrType *ft = ir_func_type(func);
	IrBlock *entry = ir_func_entry(func);
	size_t n = ft->u.func.ninputs, nres = ft->u.func.nresults;

	if (!entry || entry->nargs != n)
		return true;
	for (size_t i = 0; i < n; i++)
		entry->args[i]->type = args[i];
	for (IrBlock *b = entry; b; b = b->next)
		if (!refine_block(ctx, b))
			return false;
	const IrType **res = ir_xcalloc(nres + 1, sizeof *res);
	IrOp *ret = find_return(func);
	for (size_t i = 0; i < nres; i++)
		res[i] = ret && i < ret->noperands ?
		    refine(ctx, ft->u.func.results[i],
		    ir_op_operand(ret, (unsigned)i)->type) :
		    ft->u.func.results[i];
	for (size_t i = 0; i < nres; i++)
		if (!res[i])
			res[i] = ft->u.func.results[i]; /* the verifier says */
	ir_op_set_attr(func, "function_type", ir_attr_type(ctx,
	    ir_type_function(ctx, n, args, nres, res)));
	free(res);
	/* what inference could not settle (an op without an infer hook, a
	 * call) is the verifier's or the interpreter's to report */
	return ir_verify(func);
}
