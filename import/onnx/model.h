/* import/onnx/model.h: the ONNX model as read from the file: graph, nodes,
 * attributes, initializers and value infos, all pointing into the mapped
 * bytes (field numbers from onnx.proto). */
#ifndef NPUIR_IMPORT_ONNX_MODEL_H
#define NPUIR_IMPORT_ONNX_MODEL_H

#include "import/onnx/pb.h"
#include "ir/ir.h"

/* ONNX TensorProto.DataType values this importer knows. */
enum {
	ONNX_FLOAT = 1, ONNX_UINT8 = 2, ONNX_INT8 = 3, ONNX_UINT16 = 4,
	ONNX_INT16 = 5, ONNX_INT32 = 6, ONNX_INT64 = 7, ONNX_STRING = 8,
	ONNX_BOOL = 9, ONNX_FLOAT16 = 10, ONNX_DOUBLE = 11, ONNX_UINT32 = 12,
	ONNX_UINT64 = 13, ONNX_BFLOAT16 = 16,
};

/* AttributeProto.AttributeType values. */
enum {
	ONNX_ATTR_FLOAT = 1, ONNX_ATTR_INT = 2, ONNX_ATTR_STRING = 3,
	ONNX_ATTR_TENSOR = 4, ONNX_ATTR_GRAPH = 5, ONNX_ATTR_FLOATS = 6,
	ONNX_ATTR_INTS = 7, ONNX_ATTR_STRINGS = 8,
};

/* The largest rank accepted anywhere in a model. */
#define ONNX_MAX_RANK 16

/* A TensorProto: shape, type and where its elements are. */
typedef struct OnnxTensor {
	PbSlice name;
	int32_t dtype;
	int64_t rank;
	int64_t dims[ONNX_MAX_RANK];
	PbSlice raw;          /* raw_data, or n == 0 */
	bool has_raw;
	PbSlice msg;          /* the whole message, for typed repeated data */
	bool external;        /* data_location == EXTERNAL */
} OnnxTensor;

/* An AttributeProto. */
typedef struct OnnxAttr {
	PbSlice name;
	int32_t type;         /* ONNX_ATTR_*, 0 when absent (then guessed) */
	double f;
	int64_t i;
	PbSlice s;
	bool has_t;
	OnnxTensor t;
	PbSlice msg;          /* for ints / floats */
	int64_t nints, nfloats;
} OnnxAttr;

/* A NodeProto. Absent optional inputs have an empty name. */
typedef struct OnnxNode {
	PbSlice name, op_type, domain;
	size_t nin, nout, nattrs;
	PbSlice *in, *out;
	OnnxAttr *attrs;
} OnnxNode;

/* A ValueInfoProto with a tensor type. rank -1: unknown shape. */
typedef struct OnnxValueInfo {
	PbSlice name;
	int32_t elem;         /* 0 when not given */
	int64_t rank;
	int64_t dims[ONNX_MAX_RANK]; /* IR_DYNAMIC for symbolic/absent */
} OnnxValueInfo;

/* A GraphProto. */
typedef struct OnnxGraph {
	size_t nnodes, ninits, ninputs, noutputs;
	OnnxNode *nodes;
	OnnxTensor *inits;
	OnnxValueInfo *inputs, *outputs;
} OnnxGraph;

/* A ModelProto. */
typedef struct OnnxModel {
	int64_t ir_version;
	int64_t opset;        /* of the default ("" / "ai.onnx") domain */
	OnnxGraph graph;
} OnnxModel;

/* Reads the model in [data, data + size) into *m, allocating arrays in
 * arena. On malformed input writes a message to err and returns false. */
bool onnx_model_read(const uint8_t *data, size_t size, IrArena *arena,
    OnnxModel *m, char *err, size_t errlen);
/* Reads one TensorProto (also used by the node-test runner's .pb files). */
bool onnx_tensor_read(PbSlice msg, OnnxTensor *t, char *err, size_t errlen);

/* Attribute ints / floats: fills up to max entries, returns the count or
 * -1 on malformed data. */
int64_t onnx_attr_ints(const OnnxAttr *a, int64_t *out, int64_t max);
int64_t onnx_attr_floats(const OnnxAttr *a, double *out, int64_t max);

/* Does the slice equal the C string? */
bool onnx_eq(PbSlice s, const char *c);

#endif /* NPUIR_IMPORT_ONNX_MODEL_H */
