/* import/tflite/tflite.c: TFLite flatbuffer importer (in progress). */
#include "import/import.h"

IrOp *
import_tflite(IrContext *ctx, const char *path, const ImportOptions *opts)
{
	(void)opts;
	ir_emit_error(ctx, ir_loc_unknown(ctx), "%s: not yet", path);
	return NULL;
}
