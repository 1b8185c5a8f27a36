/* targets/ethos_u/cmdstream.h: Ethos-U command streams: the command table,
 * decoding a raw stream or a COP1 driver payload into commands, encoding
 * them back, and the --decode listing. */
#ifndef NPUIR_ETHOSU_CMDSTREAM_H
#define NPUIR_ETHOSU_CMDSTREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Command ids, in regs.def order (ETHOSU_OP_CONV, ETHOSU_SET_IFM_BASE0). */
typedef enum EthosuCmdId {
#define CMD(id, ...) ETHOSU_##id,
#include "targets/ethos_u/regs.def"
	ETHOSU_NUM_CMDS
} EthosuCmdId;

/* The most fields one command has. */
#define ETHOSU_MAX_FIELDS 8

/* One command's table row. */
typedef struct EthosuCmdDef {
	const char *name;       /* "NPU_SET_IFM_PRECISION" */
	bool cmd1;              /* carries a 32-bit payload word */
	uint16_t opcode;        /* bits [9:0] of word 0 */
	bool u65_only;
	unsigned first;         /* its first row in the field table */
} EthosuCmdDef;

/* One field's table row; bits count over word0 | word1 << 32. */
typedef struct EthosuFieldDef {
	unsigned cmd;           /* EthosuCmdId */
	const char *name;       /* "activation_format" */
	uint8_t hi, lo;
	unsigned enumid;        /* its value names (ethosu_enum_name), 0:
	                           none */
	bool sign;              /* a signed 16-bit value */
} EthosuFieldDef;

/* The row of command id. */
const EthosuCmdDef *ethosu_cmd_def(unsigned id);
/* How many fields command id has (rows first.. of the field table). */
unsigned ethosu_cmd_nfields(unsigned id);
/* The row of field k of the table. */
const EthosuFieldDef *ethosu_field_def(unsigned k);
/* The name of value v of field f, or NULL when it has none. */
const char *ethosu_enum_name(const EthosuFieldDef *f, unsigned v);
/* The id of the command with this control kind and opcode, or -1. */
int ethosu_cmd_lookup(bool cmd1, unsigned opcode);
/* The index (0-based, within the command) of the field named `name` of
 * command id, or -1. */
int ethosu_field_index(unsigned id, const char *name);
/* Is id an NPU operation (conv, depthwise, pool, elementwise, DMA)? */
bool ethosu_cmd_is_operation(unsigned id);

/* One decoded command: its field values and any bits no field covers,
 * so encoding gives back the same words. */
typedef struct EthosuCmd {
	uint16_t id;            /* EthosuCmdId */
	uint32_t offset;        /* byte offset in the stream */
	uint32_t value[ETHOSU_MAX_FIELDS]; /* raw field values, table order */
	uint64_t extra;         /* set bits outside the opcode, control and
	                           fields (reserved bits) */
} EthosuCmd;

/* A decoded command stream (owned: ethosu_stream_free). */
typedef struct EthosuStream {
	EthosuCmd *cmds;
	size_t n;
} EthosuStream;

/* Decodes len bytes of commands. On error writes "command N at byte B:
 * ..." (or "byte B: ...") to err and returns false with *out empty. */
bool ethosu_stream_decode(const uint8_t *p, size_t len, EthosuStream *out,
    char *err, size_t errlen);
void ethosu_stream_free(EthosuStream *s);
/* Bytes command c encodes to (4 or 8). */
size_t ethosu_cmd_size(const EthosuCmd *c);
/* Writes c's words (little-endian) to out (8 bytes room); returns the
 * bytes written. */
size_t ethosu_cmd_encode(const EthosuCmd *c, uint8_t *out);
/* Encodes a whole stream into a new buffer of *len bytes (caller frees). */
uint8_t *ethosu_stream_encode(const EthosuStream *s, size_t *len);
/* The command's field value: sign-extended for signed fields. */
int64_t ethosu_cmd_field(const EthosuCmd *c, unsigned k);

/* ------------------------------------------------------------ payloads */

/* Driver action codes of a COP1 payload (the core driver's names). */
enum {
	ETHOSU_DA_RESERVED = 0, ETHOSU_DA_OPTIMIZER_CONFIG = 1,
	ETHOSU_DA_COMMAND_STREAM = 2, ETHOSU_DA_READ_APB = 3,
	ETHOSU_DA_DUMP_SHRAM = 4, ETHOSU_DA_NOP = 5,
};

/* One driver action of a COP1 payload. */
typedef struct EthosuAction {
	uint8_t code;           /* ETHOSU_DA_* */
	uint8_t reserved;       /* tag bits [15:8] */
	uint16_t param;         /* tag bits [31:16] */
	uint32_t offset;        /* byte offset of the tag word */
	uint32_t words[2];      /* OPTIMIZER_CONFIG: config and id words */
	EthosuStream stream;    /* COMMAND_STREAM: its commands */
	uint32_t stream_len;    /* COMMAND_STREAM: bytes */
} EthosuAction;

/* A decoded input: a COP1 payload, or a bare stream (one
 * COMMAND_STREAM action and cop1 false). */
typedef struct EthosuPayload {
	bool cop1;
	EthosuAction *actions;
	size_t n;
} EthosuPayload;

/* Decodes a COP1 payload when it starts with "COP1", else a bare stream.
 * Errors as ethosu_stream_decode, offsets counted from p. */
bool ethosu_payload_decode(const uint8_t *p, size_t len,
    EthosuPayload *out, char *err, size_t errlen);
void ethosu_payload_free(EthosuPayload *pl);
/* Re-encodes a payload into a new buffer (caller frees). */
uint8_t *ethosu_payload_encode(const EthosuPayload *pl, size_t *len);
/* The payload's first command stream, or NULL. */
const EthosuStream *ethosu_payload_stream(const EthosuPayload *pl);

/* ------------------------------------------------------------ listing */

/* Prints the payload: the driver actions (the configuration word as
 * product, MACs per cycle, SHRAM size) and every command with its register
 * name and field values, NPU operations numbered. Deterministic. */
void ethosu_payload_print(FILE *out, const EthosuPayload *pl);

#endif /* NPUIR_ETHOSU_CMDSTREAM_H */
