/* import/onnx/conv.h: the ONNX importer's private state: the value table
 * (tensor name -> IR value or host constant), constants, attribute access
 * and the per-op converters (ops.c). */
#ifndef NPUIR_IMPORT_ONNX_CONV_H
#define NPUIR_IMPORT_ONNX_CONV_H

#include "import/import.h"
#include "import/onnx/model.h"

/* A constant known at import time (initializer, Constant node, or folded
 * shape computation). Data in ir_attr_dense's storage layout. */
typedef struct OnnxConst {
	const IrType *type;  /* static tensor type */
	int32_t dtype;       /* ONNX element type */
	int64_t n;           /* elements */
	const uint8_t *data; /* n * element bytes: the file or the arena */
	size_t size;
	IrValue *mat;        /* its graph.constant once materialized */
	PbSlice name;        /* the initializer's name, for its location */
} OnnxConst;

/* One named tensor of the graph. */
typedef struct OnnxEntry {
	const IrIdent *name; /* NULL: free slot */
	IrValue *v;          /* a runtime value, or */
	OnnxConst *c;        /* a constant, or neither: poisoned */
} OnnxEntry;

/* The converter's state over one model. */
typedef struct OnnxCv {
	IrContext *ctx;
	const ImportFile *f;
	const OnnxModel *m;
	const ImportOptions *opts;
	IrArena arena;
	IrBuilder b;
	OnnxEntry *tab;
	size_t cap;
	ImportUnsupportedList unsup;
	const OnnxNode *nd;  /* the node being converted */
	const IrLoc *loc;    /* its location */
	IrBlock *entry;      /* @main's body */
	IrValue **u8vals;    /* QuantizeLinear results whose uint8 storage */
	size_t nu8, capu8;   /* became int8 (zero point - 128) */
} OnnxCv;

/* The most elements a constant the importer makes itself may have
 * (ConstantOfShape, folds): 2^26, 256 MiB of f32. Constants read from the
 * file are bounded by the file. */
#define ONNX_MAX_MADE ((int64_t)1 << 26)

/* Converter results. */
enum { CV_FAIL = 0, CV_OK = 1, CV_UNSUP = -1 };

/* Imports an opened (or in-memory) file: import_onnx without the file
 * handling; the fuzz target calls it. */
IrOp *onnx_import_file(IrContext *ctx, const ImportFile *f,
    const ImportOptions *opts);

/* Converts the current node (cv->nd). */
int onnx_convert_node(OnnxCv *cv);
/* Is op_type one the importer converts? */
bool onnx_op_known(PbSlice op_type);

/* The entry for name (created when absent when `add`). */
OnnxEntry *onnx_entry(OnnxCv *cv, PbSlice name, bool add);
/* A graph output: v itself, or for a uint8 QuantizeLinear result turned
 * int8, the uint8 tensor ONNX defines (NULL after reporting). */
IrValue *onnx_output_value(OnnxCv *cv, IrValue *v);

/* The IR type for an ONNX element type, NULL when unsupported. */
const IrType *onnx_elem_type(IrContext *ctx, int32_t dtype);
/* Bytes per element of an ONNX type this importer handles, else 0. */
size_t onnx_elem_size(int32_t dtype);
/* A constant from a TensorProto; NULL after reporting. */
OnnxConst *onnx_const_from_tensor(OnnxCv *cv, const OnnxTensor *t);
/* A new constant of dtype and shape with uninitialised data. NULL after
 * reporting when the type is not supported. */
OnnxConst *onnx_const_new(OnnxCv *cv, int32_t dtype, int64_t rank,
    const int64_t *dims);
/* Element i as int64 / double. */
int64_t onnx_const_int(const OnnxConst *c, int64_t i);
double onnx_const_f(const OnnxConst *c, int64_t i);
/* Stores v into element i (converted to the element type). */
void onnx_const_set(OnnxConst *c, int64_t i, double v);
/* The graph.constant holding c (created at the start of @main once). */
IrValue *onnx_const_value(OnnxCv *cv, OnnxConst *c);

/* The converters of shape.c and quant.c (ops.c dispatches). */
int onnx_cv_reshape(OnnxCv *cv);
int onnx_cv_flatten(OnnxCv *cv);
int onnx_cv_squeeze(OnnxCv *cv);
int onnx_cv_unsqueeze(OnnxCv *cv);
int onnx_cv_transpose(OnnxCv *cv);
int onnx_cv_concat(OnnxCv *cv);
int onnx_cv_split(OnnxCv *cv);
int onnx_cv_slice(OnnxCv *cv);
int onnx_cv_pad(OnnxCv *cv);
int onnx_cv_resize(OnnxCv *cv);
int onnx_cv_constant(OnnxCv *cv);
int onnx_cv_constant_of_shape(OnnxCv *cv);
int onnx_cv_shape(OnnxCv *cv);
int onnx_cv_cast(OnnxCv *cv);
int onnx_cv_identity(OnnxCv *cv);
int onnx_cv_dropout(OnnxCv *cv);
int onnx_cv_dequantize(OnnxCv *cv);
int onnx_cv_quantize(OnnxCv *cv);
int onnx_cv_qlinear_conv(OnnxCv *cv);
int onnx_cv_qlinear_matmul(OnnxCv *cv);

/* fold.c: shape computations on constants. Tensors of at most
 * ONNX_FOLD_MAX elements fold (shape tensors, not weights). */
#define ONNX_FOLD_MAX 4096
int onnx_cv_gather(OnnxCv *cv);
int onnx_cv_floor(OnnxCv *cv);
int onnx_cv_ceil(OnnxCv *cv);
/* c transposed by perm, or NULL (too large). */
OnnxConst *onnx_fold_transpose(OnnxCv *cv, OnnxConst *c, const int64_t *perm);
/* c sliced from b by step s to e (exclusive, clamped as Slice's), or
 * NULL (too large). */
OnnxConst *onnx_fold_slice(OnnxCv *cv, OnnxConst *c, const int64_t *b,
    const int64_t *e, const int64_t *s);
/* x op y ('+', '-', '*', '/') on small float constants, in float; NULL
 * when they are not. */
OnnxConst *onnx_fold_float_binary(OnnxCv *cv, OnnxConst *x, OnnxConst *y,
    char op);

#endif /* NPUIR_IMPORT_ONNX_CONV_H */
