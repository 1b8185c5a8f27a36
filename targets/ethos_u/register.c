/* targets/ethos_u/register.c: registers the Ethos-U target's passes and
 * hooks in a context (one line per pass or hook). */
#include "targets/ethos_u/ethos_u.h"

void
ethos_u_register(IrContext *ctx)
{
	static const IrPassDef *const all[] = {
		&pass_ethos_u_target,
		&pass_ethos_u_estimate,
		&pass_ethos_u_legalize,
		&pass_ethos_u_compile,
		&pass_ethos_u_codegen,
		&pass_ethos_u_schedule,
	};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		ir_register_pass(ctx, all[i]);
}
