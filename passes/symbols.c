/* passes/symbols.c: what inline and symbol-dce share about symbols: a
 * pointer set and visibility (resolution is the core's, ir/symbol.c). */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"

/* ------------------------------------------------------------ pointer set */

bool
passes_ptrset_add(PassesPtrSet *s, const void *p)
{
	if (ir_ptrmap_get(&s->map, p))
		return false;
	ir_ptrmap_put(&s->map, p, (void *)p);
	return true;
}

bool
passes_ptrset_has(const PassesPtrSet *s, const void *p)
{
	return ir_ptrmap_get(&s->map, p) != NULL;
}

void
passes_ptrset_free(PassesPtrSet *s)
{
	ir_ptrmap_free(&s->map);
}

/* ------------------------------------------------------------ visibility */

PassesVisibility
passes_visibility(const IrOp *op)
{
	const IrAttr *v = ir_op_attr(op, "sym_visibility");
	if (!v || v->kind != IR_ATTR_STRING)
		return PASSES_PUBLIC;
	if (v->u.string.len == 7 && !memcmp(v->u.string.data, "private", 7))
		return PASSES_PRIVATE;
	if (v->u.string.len == 6 && !memcmp(v->u.string.data, "nested", 6))
		return PASSES_NESTED;
	return PASSES_PUBLIC;
}

bool
passes_is_symbol(const IrOp *op)
{
	return op->name->def && ir_symbol_name(op) &&
	    (op->name->def->traits &
	    (IR_TRAIT_SYMBOL | IR_TRAIT_SYMBOL_TABLE));
}
