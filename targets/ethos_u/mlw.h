/* targets/ethos_u/mlw.h: the Ethos-U compressed weight bitstream ("mlw",
 * Vela's mlw_codec format): palette, direct and zero-run modes,
 * Golomb-Rice coded slices, end-of-stream padding to 16 bytes. */
#ifndef NPUIR_TARGETS_ETHOS_U_MLW_H
#define NPUIR_TARGETS_ETHOS_U_MLW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Why a weight or scale stream was rejected: the byte offset in the
 * stream where the problem was seen (for bit-level problems, the byte
 * holding the first bad bit) and a one-line message that already names
 * the offset ("byte 12: slice length 40 exceeds ..."). */
typedef struct EthosuWeightError {
	size_t offset;          /* byte offset into the stream */
	char msg[192];          /* NUL-terminated, no trailing newline */
} EthosuWeightError;

/* Weights the codec carries: signed 9-bit magnitudes, -255..255 (the
 * zero point is already subtracted). */
#define ETHOSU_MLW_MAX_WEIGHT 255

/* Decodes a whole mlw stream of n bytes (one NPU_SET_WEIGHT_BASE/LENGTH
 * range) into its weight values in stream order. Reads stop at the end
 * of the stream; end-of-stream markers and their 0xff padding may
 * separate several independently coded parts, as Vela's decoder allows.
 * At most max_values values are accepted (the caller knows how many the
 * operation consumes; more is an error, so a hostile stream cannot make
 * the decoder allocate without bound).
 * On success *values is a malloc'd array the caller frees (NULL when
 * *nvalues is 0). On failure returns false, *values is NULL and e (if
 * not NULL) says why; never reads outside data[0..n). */
bool ethosu_mlw_decode(const uint8_t *data, size_t n, size_t max_values,
    int16_t **values, size_t *nvalues, EthosuWeightError *e);

/* Encodes n weight values (each -255..255) exactly as Vela 3.10's
 * mlw_encode does: the same palette sections, palettes, zero-run
 * decision, Golomb-Rice parameter search and slices, so the bytes are
 * Vela's. n == 0 gives an empty stream. The result's length is a
 * multiple of 16. On success *out is malloc'd (caller frees; NULL when
 * *nout is 0). Fails (false, e says which index) only for a value out
 * of range. */
bool ethosu_mlw_encode(const int16_t *values, size_t n, uint8_t **out,
    size_t *nout, EthosuWeightError *e);

/* ethosu_mlw_encode for a caller that is done with values: the same
 * bytes, without a second buffer as large as the input (the encoder's
 * weight indices overwrite the values, which are garbage afterwards;
 * unchanged when the encode fails on a value out of range). */
bool ethosu_mlw_encode_inplace(int16_t *values, size_t n, uint8_t **out,
    size_t *nout, EthosuWeightError *e);

/* The encoder's working memory, reused across streams: the arrays of
 * one stream (its indices, zero runs, the parameter search's path) are
 * kept at the largest size asked so far instead of being allocated and
 * freed per stream, which for big streams means fresh pages (a page
 * fault per 4 KiB) every time. One per thread: a scratch is not shared
 * between threads. Created empty; destroy frees it and all it holds
 * (NULL is fine). */
typedef struct EthosuMlwScratch EthosuMlwScratch;
EthosuMlwScratch *ethosu_mlw_scratch_create(void);
void ethosu_mlw_scratch_destroy(EthosuMlwScratch *s);

/* Room for n values in s, for a caller to gather a stream's values into
 * before ethosu_mlw_encode_append; valid until the next call on s that
 * asks for more room (no other call touches it). */
int16_t *ethosu_mlw_scratch_values(EthosuMlwScratch *s, size_t n);

/* ethosu_mlw_encode_inplace with s's memory, appending the stream to a
 * growing buffer instead of returning one: *buf (malloc'd or NULL) has
 * *cap bytes, the first *len in use. The stream goes at *len (no
 * padding before it; its own end padding counts from its start), *buf
 * is realloc'd as needed and *len grows by the stream's length. values
 * (ethosu_mlw_scratch_values' room, or the caller's) are garbage
 * afterwards. On failure *len is unchanged (*buf and *cap may have
 * grown). The same bytes as ethosu_mlw_encode. */
bool ethosu_mlw_encode_append(EthosuMlwScratch *s, int16_t *values,
    size_t n, uint8_t **buf, size_t *len, size_t *cap,
    EthosuWeightError *e);

/* Which build of the encoder runs. The encoder is compiled for the
 * baseline (SSE2 on x86-64, plain C elsewhere) and, on x86, once more
 * for AVX2 with BMI2; the choice changes the speed, never the bytes.
 * ETHOSU_MLW_ISA_AUTO takes the fast build when the CPU has it, unless
 * the environment variable NPUIR_MLW_BASELINE is set (and not "0");
 * ETHOSU_MLW_ISA_BASELINE always runs the baseline. Tests use both to
 * check that every build gives the same bytes on one machine. */
typedef enum EthosuMlwIsa {
	ETHOSU_MLW_ISA_AUTO,
	ETHOSU_MLW_ISA_BASELINE,
} EthosuMlwIsa;

/* ethosu_mlw_encode with the build chosen by isa. */
bool ethosu_mlw_encode_isa(const int16_t *values, size_t n,
    EthosuMlwIsa isa, uint8_t **out, size_t *nout, EthosuWeightError *e);

/* Whether ETHOSU_MLW_ISA_AUTO takes the fast build here (CPU and
 * environment as they are now). */
bool ethosu_mlw_has_fast_path(void);

/* The size path: the length in bytes of the stream ethosu_mlw_encode
 * makes of values, without making it. The same sections, palettes and
 * parameter searches, then each slice's bits counted from the chosen
 * parameters (header, palette, the chunks' unary bits and the values'
 * remainders) instead of written, and the end-of-stream padding: equal
 * to ethosu_mlw_encode's *nout for every input. A caller that only
 * needs the length (to decide how to cut an operation's weights) is
 * spared the bit emission, about half the encoder's time. values is
 * garbage afterwards (the weight indices overwrite it, as with
 * ethosu_mlw_encode_append). With plan not NULL, *plan receives the
 * choices made (EthosuMlwPlan) for ethosu_mlw_encode_planned. Fails as
 * ethosu_mlw_encode does (a value out of range), *bytes 0 and *plan
 * NULL then. */
typedef struct EthosuMlwPlan EthosuMlwPlan;
bool ethosu_mlw_size(EthosuMlwScratch *s, int16_t *values, size_t n,
    size_t *bytes, EthosuMlwPlan **plan, EthosuWeightError *e);

/* ethosu_mlw_size of values left as they are (copied where needed),
 * with the build chosen by isa and a scratch of its own. */
bool ethosu_mlw_size_isa(const int16_t *values, size_t n, EthosuMlwIsa isa,
    size_t *bytes, EthosuWeightError *e);

/* An encoder's choices for one stream: where its palette sections
 * start, their palettes, the runs of Golomb-Rice parameters its
 * searches chose (a few hundred bytes a section; malloc'd, freed with
 * ethosu_mlw_plan_free, NULL is fine), and the stream's length. */
size_t ethosu_mlw_plan_bytes(const EthosuMlwPlan *plan);
void ethosu_mlw_plan_free(EthosuMlwPlan *plan);

/* ethosu_mlw_encode_append of the n values plan was made from
 * (gathered again: ethosu_mlw_size overwrote its copy), following the
 * plan: no section scan, palette choice or parameter search, only the
 * index map and the slices' bits. The same bytes as without it. False
 * (e) for a plan made for another count of values, or a value out of
 * range. */
bool ethosu_mlw_encode_planned(EthosuMlwScratch *s, const EthosuMlwPlan *plan,
    int16_t *values, size_t n, uint8_t **buf, size_t *len, size_t *cap,
    EthosuWeightError *e);

#endif /* NPUIR_TARGETS_ETHOS_U_MLW_H */
