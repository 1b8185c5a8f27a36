/* targets/ethos_u/config.h: Ethos-U accelerator, system and memory-mode
 * configurations (INI files), and the module attribute npu.target. */
#ifndef NPUIR_ETHOS_U_CONFIG_H
#define NPUIR_ETHOS_U_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"

/* The memories an AXI port can lead to. */
typedef enum EthosUMem {
	ETHOS_U_SRAM,
	ETHOS_U_DRAM,
	ETHOS_U_ON_CHIP_FLASH,
	ETHOS_U_OFF_CHIP_FLASH,
	ETHOS_U_NMEM,
} EthosUMem;

/* SHRAM element kinds, in the order of the shram-granules list. */
enum {
	ETHOS_U_IFM8, ETHOS_U_IFM16, ETHOS_U_IFM8_EW, ETHOS_U_IFM16_EW,
	ETHOS_U_IFM32, ETHOS_U_ACC16, ETHOS_U_ACC32, ETHOS_U_ACC40,
	ETHOS_U_NGRANULES,
};

/* Timing of one memory as seen from the NPU. */
typedef struct EthosUMemory {
	double clock_scale;         /* of the core clock */
	int64_t burst_length;       /* bytes */
	int64_t read_latency;       /* cycles */
	int64_t write_latency;
} EthosUMemory;

/* Everything the target's passes need to know about the hardware. Block
 * shapes are [height, width, depth]. */
typedef struct EthosUTarget {
	char accel[48];             /* "ethos-u55-128" */
	char system[64];            /* "Ethos_U55_High_End_Embedded" */
	char memory_mode[64];       /* "Shared_Sram" */
	/* accelerator */
	int64_t macs;               /* MACs per cycle per core */
	int64_t cores;
	int64_t ofm_ublock[3];
	int64_t ifm_ublock[3];
	int64_t ofm_block_max[3];
	int64_t shram_banks;        /* of 1 KiB */
	int64_t shram_granules[ETHOS_U_NGRANULES];
	int64_t elem_units;
	int64_t axi_data_width;     /* bits */
	int64_t axi_address_width;
	double output_cycles[8];    /* per element, by output kind */
	double activation_cycles[3]; /* LUT, ReLU, none */
	/* system */
	double core_clock;          /* Hz */
	EthosUMem axi0, axi1;       /* what each port leads to */
	EthosUMemory mem[ETHOS_U_NMEM];
	/* memory mode */
	EthosUMem const_mem;        /* weights and biases */
	EthosUMem arena_mem;        /* feature maps */
	EthosUMem cache_mem;        /* fast scratch */
	int64_t arena_cache_size;   /* bytes */
} EthosUTarget;

/* The three names that pick a configuration, and an optional user INI
 * file read after the built-in ones. */
typedef struct EthosUChoice {
	const char *accel;
	const char *system;
	const char *memory_mode;
	const char *config_file;    /* NULL or "": built-ins only */
	const IrLoc *loc;           /* where unknown names are reported */
} EthosUChoice;

/* Fills *t from the built-in INI files and the user's; false after an
 * error through ctx (unknown names list the valid ones; a malformed file
 * points at its line). */
bool ethos_u_config_load(IrContext *ctx, const EthosUChoice *choice,
    EthosUTarget *t);

/* The npu.target dictionary of t, and back. ethos_u_target_from_attr
 * reports a missing or malformed entry at loc and returns false. */
const IrAttr *ethos_u_target_attr(IrContext *ctx, const EthosUTarget *t);
bool ethos_u_target_from_attr(IrContext *ctx, const IrLoc *loc,
    const IrAttr *dict, EthosUTarget *t);

/* The module's npu.target, decoded; false with an error at the module
 * when it has none (run ethos-u-target first). */
bool ethos_u_target_of_module(IrOp *module, EthosUTarget *t);

/* npu.target's optional `optimise` entry: the choice ("size") that
 * ethos-u-estimate sized the SRAM for, so ethos-u-codegen buffers the
 * weights the estimate buffered. Absent means performance (Vela's
 * default): a module estimated the default way prints as before.
 * ethos_u_target_set_optimise rewrites the module's npu.target (which
 * must be there) with or without the entry; ethos_u_target_optimise
 * reads it into *size, false with an error at the module when the entry
 * is not "performance" or "size". */
void ethos_u_target_set_optimise(IrOp *module, bool size);
bool ethos_u_target_optimise(IrOp *module, bool *size);

/* Bytes per core cycle of memory m. */
double ethos_u_bandwidth(const EthosUTarget *t, EthosUMem m);
/* "sram", "dram", "on-chip-flash", "off-chip-flash". */
const char *ethos_u_mem_name(EthosUMem m);

/* The built-in INI texts (generated from the .ini files beside). */
extern const char ethos_u_ini_accelerators[];
extern const char ethos_u_ini_systems[];

#endif /* NPUIR_ETHOS_U_CONFIG_H */
