/* targets/ethos_u/report.h: the per-layer estimate of a network and its
 * reports: Vela's per-layer and summary CSVs, a table for people, and a
 * Chrome/Perfetto trace. */
#ifndef NPUIR_ETHOS_U_REPORT_H
#define NPUIR_ETHOS_U_REPORT_H

#include <stdio.h>

#include "targets/ethos_u/perf.h"

/* One NPU operation of the network, as Vela lists it. */
typedef struct EthosULayer {
	const char *tflite_op;  /* "CONV_2D": the source operator */
	const char *nng_op;     /* "Conv2DBias": what the NPU runs */
	const char *name;       /* the output tensor's name */
	const char *weights_name; /* the weight constant's, or NULL */
	EthosUQuery q;
	EthosUWeights w;
	IrValue *in, *in2, *out;  /* feature maps (in2 may be NULL) */
	bool fixed;             /* maps inside a lowering: placed already,
	                           except the ones with a value above */
	bool linear;            /* the OFM must be NHWC (a transpose writes
	                           with swapped strides) */
	bool part;              /* writes a part of out that an earlier
	                           layer of its op began (a resize phase, a
	                           pad's copy, a concatenation's later
	                           input): that one counts out's SRAM */
	EthosUShape whole;      /* out's shape (n 0: the OFM's) */
	bool unbuffered;        /* weights read where they live, as the
	                           code generator reads a resize's phases */
	int64_t sram_usage;     /* bytes live in SRAM while it runs */
	EthosUPerf perf;
	/* The weight constant as the encoder needs it (layers.c). */
	IrValue *weights;       /* OHWI, or 1HWO when weights_1hwo */
	bool weights_1hwo;
	int64_t weight_zp;
	const EthosUTarget *target; /* set when the encoder sizes slices */
} EthosULayer;

/* The whole network's estimate. */
typedef struct EthosUReport {
	const EthosUTarget *target;
	const char *network;    /* the model's name */
	size_t nlayers;
	EthosULayer *layers;
	double cycles[ETHOS_U_NCYC];  /* sums over the layers */
	double bytes[ETHOS_U_NMEM][2][2]; /* as EthosUPerf's */
	int64_t macs;
	int64_t sram_peak;      /* the largest per-layer SRAM usage */
	int64_t original_weights, encoded_weights; /* bytes */
} EthosUReport;

/* Vela's per-layer CSV (same columns, order and number formatting). */
void ethos_u_write_layer_csv(const EthosUReport *r, FILE *out);
/* Vela's summary CSV (one header row, one data row). */
void ethos_u_write_summary_csv(const EthosUReport *r, FILE *out);
/* The per-layer table, aligned, with a totals line. */
void ethos_u_write_table(const EthosUReport *r, FILE *out);
/* A Chrome trace (JSON): one complete event per layer on an NPU track,
 * timestamps in microseconds at the core clock. */
void ethos_u_write_trace(const EthosUReport *r, FILE *out);
/* Writes path atomically with fn (a temporary file beside it, renamed
 * when complete). False, with an error at loc, when it cannot. */
bool ethos_u_write_file(IrContext *ctx, const IrLoc *loc, const char *path,
    void (*fn)(const EthosUReport *, FILE *), const EthosUReport *r);

#endif /* NPUIR_ETHOS_U_REPORT_H */
