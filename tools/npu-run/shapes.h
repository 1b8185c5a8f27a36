/* tools/npu-run/shapes.h: the entry function's signature and its
 * specialization to the shapes of the given inputs (dynamic dims). */
#ifndef NPU_RUN_SHAPES_H
#define NPU_RUN_SHAPES_H

#include <stdbool.h>
#include <stdio.h>

#include "ir/ir.h"

/* Is t a shaped type with a dynamic dim, or unranked? */
bool run_type_dynamic(const IrType *t);

/* --list-inputs: each argument of func (index, importer's name, type,
 * which dims are dynamic) and each result. */
void run_list_inputs(FILE *out, IrOp *func);

/* Gives func's arguments the static types args[0..ninputs) (each
 * compatible with the declared one), infers every op's result types
 * again so the dynamic dims follow, and updates function_type. Reports
 * and returns false when an op's inferred type contradicts its declared
 * one or the specialized function does not verify. */
bool run_specialize(IrContext *ctx, IrOp *func, const IrType *const *args);

#endif
