// The three tools word --version and an unknown option the same way:
// "TOOL (npu-ir) X.Y.Z"; "TOOL: unknown option 'ARG'" then "Try 'TOOL
// --help'.", exit status 2.
// RUN: npu-opt --version | FileCheck %s --check-prefix=OPTV
// RUN: %npu_build/bin/npu-run --version | FileCheck %s --check-prefix=RUNV
// RUN: %npu_build/bin/npu-translate --version | FileCheck %s --check-prefix=TRV
// RUN: not npu-opt --bogus 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not %npu_build/bin/npu-run --bogus 2>&1 | FileCheck %s --check-prefix=EXEC
// RUN: not %npu_build/bin/npu-translate --bogus 2>&1 | FileCheck %s --check-prefix=TR
// RUN: %python %S/Inputs/expect-exit.py 2 npu-opt --bogus
// RUN: %python %S/Inputs/expect-exit.py 2 %npu_build/bin/npu-run --bogus
// RUN: %python %S/Inputs/expect-exit.py 2 %npu_build/bin/npu-translate --bogus
// RUN: not %npu_build/bin/npu-run --entry 2>&1 | FileCheck %s --check-prefix=RUNVAL

// OPTV: {{^}}npu-opt (npu-ir) {{[0-9]+\.[0-9]+\.[0-9]+$}}
// RUNV: {{^}}npu-run (npu-ir) {{[0-9]+\.[0-9]+\.[0-9]+$}}
// TRV: {{^}}npu-translate (npu-ir) {{[0-9]+\.[0-9]+\.[0-9]+$}}
// OPT: {{^}}npu-opt: unknown option '--bogus'{{$}}
// OPT-NEXT: {{^}}Try 'npu-opt --help'.{{$}}
// EXEC: {{^}}npu-run: unknown option '--bogus'{{$}}
// EXEC-NEXT: {{^}}Try 'npu-run --help'.{{$}}
// TR: {{^}}npu-translate: unknown option '--bogus'{{$}}
// TR-NEXT: {{^}}Try 'npu-translate --help'.{{$}}
// RUNVAL: {{^}}npu-run: option '--entry' needs a value: --entry=VALUE{{$}}
