/* interp/tensor.h: the reference interpreter's runtime values (IrTensor,
 * declared in ir/ir.h for the interpret hook): creation, views, element
 * access and the f32 conversions kernels use. No IR beyond types and
 * dense attributes. */
#ifndef NPUIR_TENSOR_H
#define NPUIR_TENSOR_H

#include "ir/ir.h"

/* A runtime value: a dense, row-major buffer of a static shaped type.
 * Quantized tensors hold their storage integers (i8, i16, ...); the
 * scale and zero point stay on the type. A view (buffer.view) points into
 * another tensor's bytes and keeps it alive through `base`. */
struct IrTensor {
	const IrType *type;    /* static tensor or memref type */
	int64_t n;             /* element count */
	size_t elem_size;      /* bytes per element */
	void *data;            /* n * elem_size bytes */
	struct IrTensor *base; /* the owner of data for views, else NULL */
	unsigned refs;         /* reference count */
};

/* ------------------------------------------------------------ tensors */

/* Is type a ranked static tensor or memref whose element type has a
 * runtime form (what ir_tensor_create accepts)? */
bool ir_tensor_type_ok(const IrType *type);

/* The bytes a tensor of static `type` takes; -1 when that overflows
 * int64 or type has no runtime form. */
int64_t ir_tensor_type_bytes(const IrType *type);
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

/* The outer x len x inner decomposition of t's shape around `axis`
 * (0 <= axis < rank): len is the axis's extent. */
void ir_tensor_split_axis(const IrTensor *t, int64_t axis, int64_t *outer,
    int64_t *len, int64_t *inner);
/* The reduce loop: walks t's elements in row-major order and keeps, for
 * the current one, the index (`out`) of the element of the reduction's
 * result it contributes to, the axes marked in reduced[] dropped. Start
 * with ir_reduce_walk_init (false when t's rank exceeds 16), call
 * ir_reduce_walk_next after each element. */
typedef struct IrReduceWalk {
	int rank;
	int64_t dims[16], ostr[16], idx[16];
	int64_t out;
} IrReduceWalk;
bool ir_reduce_walk_init(IrReduceWalk *w, const IrTensor *t,
    const bool *reduced);
void ir_reduce_walk_next(IrReduceWalk *w);
/* Softmax (log softmax when log_) of x along the middle axis of an
 * outer x len x inner block into y, max-subtracted, in f32: the float
 * arithmetic graph.softmax defines and npu.softmax reproduces. */
void ir_softmax_f32(const float *x, float *y, int64_t outer, int64_t len,
    int64_t inner, float beta, bool log_);

#endif /* NPUIR_TENSOR_H */
