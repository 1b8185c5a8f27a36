// Unknown names and bad configuration files: clear errors, exit 1.
// RUN: not npu-opt --ethos-u-target='accel=ethos-u66' %s 2>&1 | FileCheck %s --check-prefix=ACCEL
// RUN: not npu-opt --ethos-u-target='system=Fast' %s 2>&1 | FileCheck %s --check-prefix=SYSTEM
// RUN: not npu-opt --ethos-u-target='memory-mode=Cache' %s 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: not npu-opt --ethos-u-target='config=%S/Inputs/missing.ini' %s 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not npu-opt --ethos-u-target='config=%S/Inputs/bad-header.ini' %s 2>&1 | FileCheck %s --check-prefix=HEADER
// RUN: not npu-opt --ethos-u-target='accel=odd config=%S/Inputs/bad-values.ini' %s 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: not npu-opt --ethos-u-target='accel=odd2 config=%S/Inputs/bad-values.ini' %s 2>&1 | FileCheck %s --check-prefix=MACS
// RUN: not npu-opt --ethos-u-target='system=NoPort config=%S/Inputs/bad-values.ini' %s 2>&1 | FileCheck %s --check-prefix=PORT
// RUN: not npu-opt --ethos-u-target='memory-mode=FlashArena config=%S/Inputs/bad-values.ini' %s 2>&1 | FileCheck %s --check-prefix=ARENA

// ACCEL: target-invalid.mlir:[[@LINE+9]]:1: error: unknown accelerator 'ethos-u66' (accel=); valid: ethos-u55-32, ethos-u55-64, ethos-u55-128, ethos-u55-256, ethos-u65-256, ethos-u65-512
// SYSTEM: error: unknown system 'Fast' (system=); valid: Ethos_U55_Deep_Embedded, Ethos_U55_High_End_Embedded, Ethos_U65_Embedded, Ethos_U65_Mid_End, Ethos_U65_High_End, Ethos_U65_Client_Server
// MODE: error: unknown memory-mode 'Cache' (memory-mode=); valid: Sram_Only, Shared_Sram, Dedicated_Sram, Dedicated_Sram_512KB
// MISSING: error: cannot read Ethos-U configuration file '{{.*}}missing.ini': No such file or directory
// HEADER: bad-header.ini:3:1: error: malformed section header, expected [kind name]
// VALUE: bad-values.ini:4:1: error: accelerator 'odd': 'macs' is not a whole number
// MACS: bad-values.ini:8:1: error: accelerator 'odd2': 'macs' is not consistent
// PORT: bad-values.ini:13:1: error: system 'NoPort': 'axi1' is not sram, dram, on-chip-flash or off-chip-flash
// ARENA: bad-values.ini:17:1: error: memory-mode 'FlashArena': 'arena' is not a port to sram or dram
module {
}
