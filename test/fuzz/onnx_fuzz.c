/* test/fuzz/onnx_fuzz.c: libFuzzer target for the ONNX importer (the
 * checks are those of import_fuzz.h). */
#include "import/onnx/conv.h"
#include "test/fuzz/import_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return import_fuzz_input(data, size, "fuzz.onnx", onnx_import_file);
}
