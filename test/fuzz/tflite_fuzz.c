/* test/fuzz/tflite_fuzz.c: libFuzzer target for the TFLite importer (the
 * checks are those of import_fuzz.h). */
#include "import/tflite/tflite.h"
#include "test/fuzz/import_fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return import_fuzz_input(data, size, "fuzz.tflite", tfl_import_file);
}
