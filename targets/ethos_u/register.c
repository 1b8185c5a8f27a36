/* targets/ethos_u/register.c: registers the Ethos-U target's passes. */
#include "targets/ethos_u/ethos_u.h"

void
ethos_u_register(IrContext *ctx)
{
	ir_register_pass(ctx, &pass_ethos_u_legalize);
}
