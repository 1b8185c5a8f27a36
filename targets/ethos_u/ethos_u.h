/* targets/ethos_u/ethos_u.h: the Arm Ethos-U target: its registration,
 * its passes, Vela's output-stage scaling, its operator constraints, and
 * the command-stream decoder, dialect and simulator entry points used by
 * the tools and the importer. */
#ifndef NPUIR_ETHOS_U_H
#define NPUIR_ETHOS_U_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <stdio.h>

#include "import/import.h"
#include "ir/ir.h"
#include "ir/pass.h"
#include "targets/ethos_u/cmdstream.h"

/* Registers every pass and hook of the Ethos-U target in ctx (register.c).
 * Tools call it once per context, after passes_register_all. */
void ethos_u_register(IrContext *ctx);

/* One definition per pass, each in its own file of targets/ethos_u/. */
extern const IrPassDef pass_ethos_u_target;   /* target.c */
extern const IrPassDef pass_ethos_u_estimate; /* estimate.c */
extern const IrPassDef pass_ethos_u_legalize; /* legalize.c */
extern const IrPassDef pass_ethos_u_compile;  /* compile.c */
extern const IrPassDef pass_ethos_u_codegen;  /* codegen.c */
extern const IrPassDef pass_ethos_u_schedule; /* schedule_ir.c */

/* ------------------------------------------------------------ scaling */

/* An output-stage scale as the Ethos-U takes it (Vela's quantise_scale):
 * real ~= multiplier * 2^-shift, multiplier a Q31 mantissa rounded half
 * away from zero, shift in [0, 63]; a scale whose shift falls outside
 * that range is 0 with shift 16, as Vela writes it. */
typedef struct EuScale {
	int64_t multiplier; /* [2^30, 2^31], 0 for a zero scale */
	int shift;          /* right shift */
} EuScale;

EuScale eu_quantise_scale(double scale);
/* Vela's reduced_quantise_scale: the 16-bit multiplier of int16
 * convolutions with int64 bias (TFLite's reduced-precision int16 path). */
EuScale eu_reduced_quantise_scale(double scale);
/* The conv/depthwise/FC scale Vela computes for one output channel:
 * double(in) * double(w) / double(out) for int8/int16 convolutions, but
 * the product in float32 first for FullyConnected and uint8 inputs (the
 * rule of older TFLite releases; current TFLite multiplies in double). */
double eu_mac_scale(double in, double w, double out, bool product_f32);

/* ------------------------------------------------------------ constraints */

/* What the constraints know about the accelerator. */
typedef struct EuAccel {
	const char *name;   /* "ethos-u55-128" */
	bool u65;
	bool vela_rules;    /* Vela's constraints alone, where ethos-u-codegen
	                       admits more (half-pixel bilinear 4x and 8x) */
} EuAccel;

/* The accelerator named by the module's npu.target attribute (a
 * dictionary with an "accel" or "accelerator" string, or that string
 * alone), else ethos-u55-128. Vela's operator constraints are the same
 * for every Ethos-U55 and U65 configuration. */
EuAccel eu_accel_of(IrOp *module);

/* Why op cannot run on the NPU: the constraint it breaks, in Vela's
 * words, with details in extra (may be empty); NULL when it can. ops
 * the target never runs (no lowering) give "is a CPU only op". Unless
 * a->vela_rules, ops ethos-u-codegen runs exactly beyond Vela's rules
 * pass (the reason Vela gives them: eu_check_op with vela_rules). */
const char *eu_check_op(IrOp *op, const EuAccel *a, char *extra,
    size_t nextra);

/* The TFLite operator name Vela reports for a graph op ("CONV_2D"). */
const char *eu_tflite_name(const IrOp *op);

/* Whether a graph op is one eu_check_op rates at all (everything else
 * that is not graph.constant is "a CPU only op"). */
bool eu_op_known(const IrOp *op);

/* ------------------------------------------------------- command streams */

/* One `ethos-u` custom operator's command stream tensor in a .tflite. */
typedef struct EthosuTfliteStream {
	uint32_t subgraph, op;  /* where the operator is */
	const uint8_t *data;    /* the COP1 payload, in the file */
	size_t size;
} EthosuTfliteStream;

/* Finds up to max `ethos-u` operators of a .tflite file. Reports through
 * import_file_error and returns false on a malformed model or when there
 * is none. */
bool ethosu_tflite_streams(const ImportFile *f, EthosuTfliteStream *out,
    size_t max, size_t *n);

/* Lists every command stream of the file (a .tflite, a COP1 payload or a
 * raw stream) to out. Reports (byte offset or command index) through
 * import_file_error and returns false on bad input; out may then hold a
 * partial listing, which the caller discards. */
bool ethosu_decode_file(const ImportFile *f, FILE *out);

/* Registers the ethos_u dialect (ethos_u.stream) in ctx; a second call
 * does nothing. */
void ethosu_register_dialect(IrContext *ctx);
/* The dialect's table (for --dump-dialect). */
extern const Dialect ethosu_dialect;

#endif /* NPUIR_ETHOS_U_H */
