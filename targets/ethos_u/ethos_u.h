/* targets/ethos_u/ethos_u.h: the Arm Ethos-U target's passes and its one
 * registration function. */
#ifndef NPUIR_ETHOS_U_H
#define NPUIR_ETHOS_U_H

#include "ir/pass.h"

/* One definition per pass, each in its own file of targets/ethos_u/. */
extern const IrPassDef pass_ethos_u_target;   /* target.c */
extern const IrPassDef pass_ethos_u_estimate; /* estimate.c */

/* Registers every pass and hook of the Ethos-U target in ctx. Tools call
 * it once per context, after passes_register_all. */
void ethos_u_register(IrContext *ctx);

#endif /* NPUIR_ETHOS_U_H */
