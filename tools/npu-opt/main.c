/* tools/npu-opt/main.c: placeholder until the driver lands. */
#include "ir/ir.h"

int
main(void)
{
	return 0;
}
