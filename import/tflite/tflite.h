/* import/tflite/tflite.h: the TFLite importer's private interface: a
 * bounds-checked flatbuffer reader, the decoded model, and the op
 * converters. */
#ifndef NPUIR_IMPORT_TFLITE_H
#define NPUIR_IMPORT_TFLITE_H

#include "import/import.h"

/* ------------------------------------------------------------ flatbuffers */

/* A table: its position and its vtable, both checked to lie in the file.
 * pos == 0 means "absent" (position 0 always holds the root offset). */
typedef struct FbTable {
	const ImportFile *f;
	uint32_t pos;      /* table start */
	uint32_t vt;       /* vtable start */
	uint16_t vtsize;   /* vtable bytes */
	uint16_t tsize;    /* table bytes */
} FbTable;

/* A vector: element count and the first element's position. */
typedef struct FbVec {
	uint32_t n;
	uint32_t pos;
} FbVec;

/* The root table after checking the file identifier; false after an
 * error. */
bool fb_root(const ImportFile *f, const char *ident, FbTable *out);
/* Reads the table at pos (soffset to its vtable, vtable sizes). */
bool fb_table_at(const ImportFile *f, uint32_t pos, FbTable *out);
/* Field i's position, or 0 when absent (or outside the table). */
uint32_t fb_field(const FbTable *t, unsigned i);
/* Scalars with defaults; false when the field lies outside the file. */
bool fb_u8(const FbTable *t, unsigned i, uint8_t def, uint8_t *out);
bool fb_i32(const FbTable *t, unsigned i, int32_t def, int32_t *out);
bool fb_u32(const FbTable *t, unsigned i, uint32_t def, uint32_t *out);
bool fb_f32(const FbTable *t, unsigned i, float def, float *out);
/* A sub-table field; absent gives out->pos == 0 and true. */
bool fb_sub(const FbTable *t, unsigned i, FbTable *out);
/* A vector field of elements of `esize` bytes; absent gives n == 0.
 * The whole vector is checked to lie in the file. */
bool fb_vec(const FbTable *t, unsigned i, uint32_t esize, FbVec *out);
/* Element k of a vector of tables. */
bool fb_vec_table(const ImportFile *f, const FbVec *v, uint32_t k,
    FbTable *out);
/* A string field: pointer into the file and length (NUL not included);
 * absent gives *s = "" and *len = 0. */
bool fb_str(const FbTable *t, unsigned i, const char **s, uint32_t *len);
/* Little-endian loads from a checked vector. */
int32_t fb_vec_i32(const ImportFile *f, const FbVec *v, uint32_t k);
int64_t fb_vec_i64(const ImportFile *f, const FbVec *v, uint32_t k);
float fb_vec_f32(const ImportFile *f, const FbVec *v, uint32_t k);

/* ------------------------------------------------------------ the model */

/* TFLite TensorType values (schema.fbs). */
enum {
	TFL_FLOAT32 = 0, TFL_FLOAT16 = 1, TFL_INT32 = 2, TFL_UINT8 = 3,
	TFL_INT64 = 4, TFL_BOOL = 6, TFL_INT16 = 7, TFL_INT8 = 9,
	TFL_FLOAT64 = 10,
};

#define TFL_MAX_RANK 8
#define TFL_MAX_IO 64 /* operator inputs/outputs the importer handles */

/* One tensor of subgraph 0, decoded. */
typedef struct TflTensor {
	const char *name;       /* into the file, not NUL-terminated */
	uint32_t namelen;
	int type;               /* TensorType */
	int rank;
	int64_t dims[TFL_MAX_RANK]; /* IR_DYNAMIC for -1 */
	const IrType *irtype;   /* tensor type with quantized element */
	const uint8_t *data;    /* constant data in the file, or NULL */
	size_t size;            /* bytes of data */
	IrValue *value;         /* SSA value once defined */
	FbTable quant;          /* quantization table (pos 0: none) */
	bool zero;              /* has a zero dimension: rejected on use */
} TflTensor;

/* One operator, decoded. */
typedef struct TflOp {
	int code;               /* BuiltinOperator, or -1 when custom */
	const char *custom;     /* custom code (into the file) */
	uint32_t customlen;
	int nin, nout;
	int32_t in[TFL_MAX_IO];  /* tensor indices, -1: omitted */
	int32_t out[TFL_MAX_IO];
	FbTable opts;           /* builtin options (pos 0: none) */
	const IrLoc *loc;
} TflOp;

/* The whole import's state. */
typedef struct TflModel {
	IrContext *ctx;
	const ImportFile *f;
	const ImportOptions *opts;
	uint32_t ntensors;
	TflTensor *tensors;
	IrBuilder b;
	ImportUnsupportedList unsupported;
} TflModel;

/* The builtin operator's name ("CONV_2D"), or NULL when unknown. */
const char *tfl_op_name(int code);
/* Converts one operator at m->b (import/tflite/ops.c). Returns false
 * after an error; an unsupported op is recorded, not an error. */
bool tfl_convert_op(TflModel *m, const TflOp *op);
/* Converts a Vela-compiled `ethos-u` custom operator into one
 * ethos_u.stream op (import/tflite/ethosu.c); false after an error. */
bool tfl_convert_ethosu(TflModel *m, const TflOp *op);
/* The SSA value of tensor t (a constant is materialised on first use);
 * NULL after an error. */
IrValue *tfl_value(TflModel *m, int32_t t, const IrLoc *loc);
/* Imports a model from an open (or in-memory) file: import_tflite
 * without the mapping, for the fuzzer and unit tests. */
IrOp *tfl_import_file(IrContext *ctx, const ImportFile *f,
    const ImportOptions *opts);
/* Reports the zero-size dimension of tensor k when it has one. */
bool tfl_check_nonzero(TflModel *m, int32_t k);
/* "tensor 'name'" for messages: a static-size buffer in m. */
void tfl_name(const TflTensor *t, char *buf, size_t n);

#endif /* NPUIR_IMPORT_TFLITE_H */
