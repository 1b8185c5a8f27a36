/* interp/interp.h: the reference interpreter: runs a function by calling
 * each op's interpret hook (IrOpDef.interpret, `interpret` in DESIGN.md
 * 5), and the kernels several dialects share. Runtime values are in
 * interp/tensor.h. interp/ sits between ir/ (all it uses) and the
 * dialects and targets, which register kernels for their ops in their
 * IrOpDefs; qmath.h, which needs no IR, is shared by kernels, the
 * quantizer, weight encoders and simulators. */
#ifndef NPUIR_INTERP_H
#define NPUIR_INTERP_H

#include "interp/tensor.h"
#include "ir/ir.h"

/* ------------------------------------------------------------ interpreter */

/* Which runtime's integer arithmetic the quantized kernels reproduce. */
typedef enum IrArith {
	IR_ARITH_TFLITE_MICRO, /* TFLite Micro: double rounding */
	IR_ARITH_TFLITE,       /* TFLite built-in kernels built with
	                          TFLITE_SINGLE_ROUNDING */
	IR_ARITH_XNNPACK,      /* TFLite's XNNPack delegate: fp32
	                          requantization of 8-bit conv, depthwise
	                          and fully connected ops, XNNPack's add and
	                          mean; other ops as IR_ARITH_TFLITE */
} IrArith;

/* Interpreter options. */
typedef struct IrInterpOptions {
	bool single_rounding;  /* TFLITE_SINGLE_ROUNDING requantization
	                          instead of TFLite Micro's double rounding;
	                          set by ir_interp_create when arith is not
	                          IR_ARITH_TFLITE_MICRO, and turns
	                          IR_ARITH_TFLITE_MICRO into IR_ARITH_TFLITE */
	unsigned max_depth;    /* func.call nesting limit; 0: 256 */
	IrArith arith;         /* IR_ARITH_TFLITE_MICRO by default */
	uint64_t max_memory;   /* bytes one tensor may take (checked before
	                          allocating); 0: IR_INTERP_MAX_MEMORY */
	/* Called after each op ran, once per result, with the result's
	 * tensor (borrowed: copy what you keep). NULL: none. Calibration
	 * uses it to see every intermediate tensor. */
	void (*observe)(void *user, IrOp *op, unsigned result,
	    const IrTensor *t);
	void *observe_user;    /* passed to observe */
} IrInterpOptions;

/* The default limit on one tensor's size: 4 GiB. A typo'd shape
 * (tensor<400000x400000xf32>) fails with a message, not an abort. */
#define IR_INTERP_MAX_MEMORY ((uint64_t)4 << 30)

/* Creates an interpreter over a verified module (borrowed; it must
 * outlive the interpreter). opts may be NULL. */
IrInterp *ir_interp_create(IrOp *module, const IrInterpOptions *opts);
void ir_interp_destroy(IrInterp *it);
IrContext *ir_interp_context(const IrInterp *it);
const IrInterpOptions *ir_interp_options(const IrInterp *it);

/* Whether a tensor of static `type` fits the memory limit; when not,
 * emits "tensor of N bytes exceeds the memory limit" at loc (which may
 * be NULL). */
bool ir_interp_check_size(const IrInterp *it, const IrLoc *loc,
    const IrType *type);

/* The func.func named `name` in the module, or NULL. */
IrOp *ir_interp_lookup(IrInterp *it, const char *name);
/* Runs func (a func.func of the module) on args (one per input, types
 * checked against the signature; borrowed). On success results[i] gets a
 * new reference per function result; on failure reports through the
 * context's diagnostics and returns false with no results. */
bool ir_interp_call(IrInterp *it, IrOp *func, IrTensor *const *args,
    size_t nargs, IrTensor **results, size_t nresults);
/* Runs a single block (a region body such as npu.cpu's): binds args to
 * its arguments, runs each op, and returns the terminator's operands as
 * new references in results (nresults must match). Values of enclosing
 * blocks being run are visible. */
bool ir_interp_run_block(IrInterp *it, IrBlock *block, IrTensor *const *args,
    size_t nargs, IrTensor **results, size_t nresults);

/* The op's interpret hook (its definition's), or NULL when it has none
 * or is unregistered. */
IrInterpretFn ir_interp_kernel(const IrOp *op);

/* Kernels shared by ops of several dialects. */
/* Copies operand 0 (source) into operand 1 (target, a memref written in
 * place), following both layouts: buffer.copy and npu.dma. */
bool ir_interp_copy_kernel(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out);
/* A new result tensor holding the `value` dense attribute:
 * graph.constant and buffer.constant. */
bool ir_interp_constant_kernel(IrInterp *it, IrOp *op, IrTensor *const *in,
    IrTensor **out);

#endif /* NPUIR_INTERP_H */
