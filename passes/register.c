/* passes/register.c: registers the built-in passes in a context. */
#include "passes/passes.h"
#include "ir/rewrite.h"

void
passes_register_all(IrContext *ctx)
{
	static const IrPassDef *const all[] = {
		&pass_canonicalize, &pass_cse, &pass_dce, &pass_symbol_dce,
		&pass_inline, &pass_strip_debuginfo,
		&pass_calibrate, &pass_quantize, &pass_quant_report,
	};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		ir_register_pass(ctx, all[i]);
	ir_register_canonical_patterns(ctx, passes_add_graph_patterns);
}
