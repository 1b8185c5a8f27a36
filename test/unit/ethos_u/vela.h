/* test/unit/ethos_u/vela.h: test-only reading of Vela-compiled models:
 * the ethos-u custom op's COP1 payload and flash blob, a walk of the
 * command stream that follows weight DMAs, and the original models'
 * weights and quantisation. */
#ifndef NPUIR_TEST_ETHOS_U_VELA_H
#define NPUIR_TEST_ETHOS_U_VELA_H

#include "import/tflite/tflite.h"
#include "targets/ethos_u/cmdstream.h"
#include "targets/ethos_u/weights.h"

/* ../shared (beside the source tree), or NULL when absent. */
const char *vela_shared_dir(void);

/* Calls fn on the path of each program Vela compiled in shared (four
 * models in three configurations each under vela/, and TFLite Micro's
 * models/person_detect_vela.tflite); returns the sum of what fn
 * returned. */
int vela_each_compiled(const char *shared, int (*fn)(const char *path));

/* A byte range one NPU op reads, and where it came from in the flash
 * blob (flash_off is -1 when it was not DMA'd from the flash region). */
typedef struct VelaRange {
	const uint8_t *p;       /* into the walk's region copies */
	size_t n;
	long flash_off;
} VelaRange;

/* One NPU_OP_CONV / NPU_OP_DEPTHWISE and the streams it reads. */
typedef struct VelaOp {
	int cmd;                /* index of the NPU_OP_ command */
	EthosuWeightRegs regs;
	uint32_t ofm_base;      /* NPU_SET_OFM_BASE0, to tell stripes apart */
	VelaRange w[2], s[2];   /* per core: weights, scales */
} VelaOp;

/* A Vela-compiled .tflite: its ethos-u op's stream and blobs. */
typedef struct VelaModel {
	IrContext *ctx;
	ImportFile f;
	uint32_t config;        /* COP1 configuration word */
	int macs, ncores;
	EthosuPayload payload;  /* the decoded COP1 payload */
	const uint8_t *flash;   /* into the file */
	size_t nflash;
	uint8_t *region[8];     /* region copies the walk writes */
	size_t nregion[8];
	VelaOp *ops;
	int nops;
} VelaModel;

/* Opens path, finds the ethos-u op, parses COP1 and walks the stream.
 * False (message in why) when anything is missing or malformed. */
bool vela_open(const char *path, VelaModel *m, char *why, size_t nwhy);
void vela_close(VelaModel *m);

/* The weighted operators of an original (not Vela) .tflite, in model
 * order, with OHWI weights minus the zero point (depthwise: [C][H][W][1],
 * fully connected: [O][1][1][I]) and the bias/scale Vela derives. */
typedef struct OrigOp {
	EthosuWeightKind kind;
	bool fc;
	int o, h, w, i;         /* OHWI dims */
	int16_t *ohwi;
	EthosuScale *scales;    /* o entries */
	double *real;           /* o real multipliers in*w/out */
	bool reduced;           /* 16-bit IFM, 64-bit bias: Vela's reduced
				 * (16-bit) multipliers */
} OrigOp;

/* Loads the CONV_2D / DEPTHWISE_CONV_2D / FULLY_CONNECTED operators;
 * returns the count (or -1, message in why). */
int orig_load(const char *path, OrigOp **ops, char *why, size_t nwhy);
void orig_free(OrigOp *ops, int n);

#endif /* NPUIR_TEST_ETHOS_U_VELA_H */
