/* import/common/onnx_stub.c: a placeholder import_onnx until import/onnx
 * defines the real one; the tflite engineer deletes this file then. */
#include "import/import.h"

IrOp *
import_onnx(IrContext *ctx, const char *path, const ImportOptions *opts)
{
	(void)opts;
	ir_emit_error(ctx, ir_loc_unknown(ctx), "%s: ONNX import is not "
	    "built yet", path);
	return NULL;
}
