/* dialects/interp.h: the reference interpreter's runtime values and the
 * kernel hook every dialect op implements (`interpret` in DESIGN.md 5). */
#ifndef NPUIR_INTERP_H
#define NPUIR_INTERP_H

#include "ir/ir.h"

/* A runtime value: a dense, row-major buffer of a static shaped type.
 * Quantized tensors hold their storage integers (i8, i16, ...); the
 * scale and zero point stay on the type. A view (buffer.view) points into
 * another tensor's bytes and keeps it alive through `base`. */
typedef struct IrTensor {
	const IrType *type;    /* static tensor or memref type */
	int64_t n;             /* element count */
	size_t elem_size;      /* bytes per element */
	void *data;            /* n * elem_size bytes */
	struct IrTensor *base; /* the owner of data for views, else NULL */
	unsigned refs;         /* reference count */
} IrTensor;

/* The interpreter's state while it runs one function. */
typedef struct IrInterp IrInterp;

/* A kernel: reads operands (one IrTensor per op operand, NULL for
 * non-tensor operands), creates one result tensor per op result with
 * ir_tensor_create (or a view) and stores it in results[i]. Reports a
 * user error through ir_op_emit_error and returns false. */
typedef bool (*IrInterpretFn)(IrInterp *it, IrOp *op,
    IrTensor *const *operands, IrTensor **results);

/* ------------------------------------------------------------ tensors */

/* Bytes per element of a tensor of element type `elem` (a quantized type
 * uses its storage type; i1 takes one byte, index eight), or 0 when elem
 * has no runtime representation. */
size_t ir_tensor_elem_bytes(const IrType *elem);
/* The element type of a shaped type (quantized types included). */
const IrType *ir_tensor_elem_type(const IrTensor *t);
/* Rank and dims of the tensor's static type. */
int64_t ir_tensor_rank(const IrTensor *t);
const int64_t *ir_tensor_dims(const IrTensor *t);

/* A new zero-filled tensor of static shaped type `type` (one reference,
 * owned by the caller), or NULL when the type is not a static tensor or
 * memref of a supported element type. */
IrTensor *ir_tensor_create(const IrType *type);
/* A tensor of `type` aliasing base's bytes from byte `offset` (must fit).
 * The view holds a reference on base's owner. */
IrTensor *ir_tensor_view(IrTensor *base, const IrType *type, size_t offset);
/* A new tensor of `type` holding a dense attribute's elements (a splat is
 * expanded), or NULL when the sizes disagree. */
IrTensor *ir_tensor_from_dense(const IrType *type, const IrAttr *dense);
/* Reference counting: retain returns t; release frees at zero. */
IrTensor *ir_tensor_retain(IrTensor *t);
void ir_tensor_release(IrTensor *t);

/* Element i as a double: floats converted, integers (and quantized
 * storage) as their integer value. */
double ir_tensor_get(const IrTensor *t, int64_t i);
/* Stores v into element i: floats rounded to the type, integers rounded
 * to nearest (ties away from zero), saturated to the storage type. */
void ir_tensor_set(IrTensor *t, int64_t i, double v);
/* Element i of an integer tensor; set wraps nothing: saturates. */
int64_t ir_tensor_get_int(const IrTensor *t, int64_t i);
void ir_tensor_set_int(IrTensor *t, int64_t i, int64_t v);

/* Element strides of a shaped type: a memref's strided layout, else
 * row-major. st has rank entries (rank <= 16). */
void ir_tensor_strides(const IrType *t, int64_t *st);
/* Copies every element of src into dst (same shape and element size),
 * following both types' strides; false when they do not match. */
bool ir_tensor_copy(IrTensor *dst, const IrTensor *src);

/* The type `like` with f32 elements (a tensor type). */
const IrType *ir_tensor_f32_type(IrContext *ctx, const IrType *like);
/* t as f32 values (a new reference): quantized elements dequantized
 * (per tensor or per axis), other types converted; an f32 tensor is
 * returned retained. */
IrTensor *ir_tensor_to_f32(IrContext *ctx, IrTensor *t);
/* Stores the f32 tensor src (same element count) into dst, converting to
 * dst's element type: quantized types quantize as TFLite (round half away
 * from zero, clamp to the storage range), integers round and saturate. */
void ir_tensor_store_f32(IrTensor *dst, const IrTensor *src);

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
	/* Called after each op ran, once per result, with the result's
	 * tensor (borrowed: copy what you keep). NULL: none. Calibration
	 * uses it to see every intermediate tensor. */
	void (*observe)(void *user, IrOp *op, unsigned result,
	    const IrTensor *t);
	void *observe_user;    /* passed to observe */
} IrInterpOptions;

/* Creates an interpreter over a verified module (borrowed; it must
 * outlive the interpreter). opts may be NULL. */
IrInterp *ir_interp_create(IrOp *module, const IrInterpOptions *opts);
void ir_interp_destroy(IrInterp *it);
IrContext *ir_interp_context(const IrInterp *it);
const IrInterpOptions *ir_interp_options(const IrInterp *it);

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
