/* import/tflite/write.h: writing TFLite flatbuffers (schema version 3):
 * a small flatbuffer builder, and a model writer that turns graph-dialect
 * ops into TFLite builtin operators and lets a target add its own
 * (custom) operators, tensors and metadata. Used by the Ethos-U packager
 * (targets/ethos_u/package.c). */
#ifndef NPUIR_IMPORT_TFLITE_WRITE_H
#define NPUIR_IMPORT_TFLITE_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ir/ir.h"

/* ------------------------------------------------------------ builder */

/* An object's distance from the end of the buffer being built. */
typedef uint32_t FbRef;

#define FBB_MAX_FIELDS 16

/* A byte vector's data that stays where the caller keeps it
 * (fbb_bytes_ref): the finished buffer has it after the bytes that were
 * `phys` bytes from the end of buf when it was added. */
typedef struct FbExtern {
	const uint8_t *data;
	size_t n;
	size_t phys;
} FbExtern;

/* A vtable written: where it is (FbRef) and where its bytes lie in buf
 * (distance from the end of buf, which is shorter by the referenced
 * data written after it). */
typedef struct FbVtable {
	FbRef ref;
	size_t phys;
} FbVtable;

/* A flatbuffer under construction (fbb_init, fbb_free). */
typedef struct FbBuilder {
	uint8_t *buf;            /* own bytes live in buf[head..cap) */
	size_t head, cap;
	size_t ext;              /* bytes of referenced data (ex) */
	FbExtern *ex;            /* referenced data, in the order added */
	size_t nex, excap;
	size_t minalign;         /* largest alignment asked for */
	size_t table_start;      /* used bytes when the table began */
	uint32_t fields[FBB_MAX_FIELDS]; /* each field's end-offset, 0: unset */
	unsigned nfields;
	FbVtable *vtables;       /* vtables written, for sharing */
	size_t nvtables, vtcap;
} FbBuilder;

void fbb_init(FbBuilder *b);
void fbb_free(FbBuilder *b);
/* A [ubyte] vector whose data starts at a multiple of align. */
FbRef fbb_bytes(FbBuilder *b, const void *data, size_t n, size_t align);
/* The same vector with its data referenced, not copied: data must stay
 * valid and unchanged until the buffer is finished or written (the
 * large blobs of a model, which then exist once in memory). The bytes
 * come out the same as fbb_bytes's. */
FbRef fbb_bytes_ref(FbBuilder *b, const void *data, size_t n,
    size_t align);
/* A string (n bytes, NUL added). */
FbRef fbb_string(FbBuilder *b, const char *s, size_t n);
/* A vector of n integers of `size` bytes (1, 2, 4 or 8) each. */
FbRef fbb_ints(FbBuilder *b, const int64_t *v, size_t n, size_t size);
/* A vector of references to tables or strings. */
FbRef fbb_refs(FbBuilder *b, const FbRef *v, size_t n);
/* A table: start, add fields (nothing else may be built in between),
 * end. Fields left out read as their schema default. */
void fbb_table_start(FbBuilder *b);
void fbb_field_int(FbBuilder *b, unsigned i, uint64_t v, size_t size);
void fbb_field_f32(FbBuilder *b, unsigned i, float v);
void fbb_field_ref(FbBuilder *b, unsigned i, FbRef ref);
FbRef fbb_table_end(FbBuilder *b);
/* Ends the buffer: root table and the 4-byte file identifier. Returns
 * the finished buffer's size; b is then only written or freed. */
size_t fbb_close(FbBuilder *b, FbRef root, const char ident[4]);
/* Writes the closed buffer to f, referenced data straight from where it
 * lies. False when a write failed (errno set, f's error flag too). */
bool fbb_write(const FbBuilder *b, FILE *f);
/* The finished buffer (fbb_close, then one malloc of *len bytes, the
 * caller's to free); b is then only freed. */
uint8_t *fbb_finish(FbBuilder *b, FbRef root, const char ident[4],
    size_t *len);

/* ------------------------------------------------------------ models */

/* A TFLite model being written (one subgraph). */
typedef struct TflWriter TflWriter;

TflWriter *tfl_writer_create(IrContext *ctx);
void tfl_writer_destroy(TflWriter *w);

/* The tensor of value v, made at its first use: its name from the
 * value's location (a block argument's, or the defining op's name
 * location; `<name>:<i>` for result i > 0; else `tensor_<n>`), its
 * type and quantization from v's type, its data when v is a
 * graph.constant's result. -1 after an error (reported at loc). */
int32_t tfl_writer_value(TflWriter *w, IrValue *v, const IrLoc *loc);
/* A new rank-1 uint8 tensor of n bytes, with data (copied) or without
 * (data NULL: an arena the runtime provides). */
int32_t tfl_writer_bytes(TflWriter *w, const char *name,
    const uint8_t *data, size_t n);
/* The same with data referenced, not copied: it must stay valid until
 * the model is finished or written (a blob the IR holds). */
int32_t tfl_writer_bytes_ref(TflWriter *w, const char *name,
    const uint8_t *data, size_t n);
/* A custom operator `code` with the given tensors and custom options
 * (copied). */
void tfl_writer_custom(TflWriter *w, const char *code, const int32_t *in,
    int nin, const int32_t *out, int nout, const uint8_t *opts,
    size_t nopts);
/* A graph-dialect op as a TFLite builtin operator. False after an error
 * at the op (an op or attribute TFLite cannot express here). */
bool tfl_writer_graph_op(TflWriter *w, IrOp *op);
/* Whether tfl_writer_graph_op knows the op's name (graph.constant: no
 * operator is written, only its tensor). */
bool tfl_writer_knows(const IrOp *op);
/* Makes value alias stand for the tensor of value of (made at need):
 * a region argument for the operand it receives, an op result for
 * the value a region yields. Returns the tensor, -1 after an error. */
int32_t tfl_writer_alias(TflWriter *w, IrValue *alias, IrValue *of,
    const IrLoc *loc);
/* The subgraph's inputs (outputs false) or outputs. */
void tfl_writer_io(TflWriter *w, const int32_t *t, int n, bool outputs);
/* Tensor t's offset in the arena, for the OfflineMemoryAllocation
 * metadata (written when any tensor has one; others get -1). */
void tfl_writer_offset(TflWriter *w, int32_t t, int64_t offset);
/* Tensor t's offset, -1 when it has none. */
int64_t tfl_writer_get_offset(const TflWriter *w, int32_t t);
/* A metadata entry (name and data copied). */
void tfl_writer_metadata(TflWriter *w, const char *name,
    const uint8_t *data, size_t n);
/* The model's bytes (malloc'd, caller frees). Tensors are ordered by
 * name, as Vela orders them (ties keep their creation order); buffers
 * follow the tensors that use them, then the metadata. */
uint8_t *tfl_writer_finish(TflWriter *w, const char *subgraph,
    const char *description, size_t *len);
/* The same bytes written to f as they are made, constant data straight
 * from where it lies (no copy of the model in memory); *len is the
 * model's size. False when a write failed (f's error flag is set).
 * Call once, instead of tfl_writer_finish. */
bool tfl_writer_write(TflWriter *w, const char *subgraph,
    const char *description, FILE *f, size_t *len);

#endif /* NPUIR_IMPORT_TFLITE_WRITE_H */
