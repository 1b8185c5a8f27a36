/* passes/register.c: registers the built-in passes in a context. */
#include "passes/passes.h"

void
passes_register_all(IrContext *ctx)
{
	static const IrPassDef *const all[] = {
		&pass_canonicalize, &pass_cse, &pass_dce, &pass_symbol_dce,
		&pass_inline, &pass_strip_debuginfo,
		&pass_fuse_activations,
		&pass_fixpoint, &pass_graph_optimize,
		&pass_fold_pad, &pass_fold_batchnorm, &pass_fuse_bias,
		&pass_fold_mul,
		&pass_fold_qdq, &pass_strip_io_qdq,
		&pass_idioms, &pass_view_op_graph,
		&pass_pad_channels, &pass_fold_transposes, &pass_layout,
		&pass_merge_fc, &pass_fuse_elementwise,
		&pass_plan_memory, &pass_schedule, &pass_bufferize,
		&pass_calibrate, &pass_quantize, &pass_quant_report,
		&pass_equalize,
	};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		ir_register_pass(ctx, all[i]);
}
