// --timing prints a tree of the pipeline with wall time and percent;
// times vary, so only the shape is checked.
// RUN: npu-opt --register-test-ops --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --timing %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: ... Execution time report ...
// CHECK: Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK: ----Wall Time----  ----Name----
// CHECK-NEXT: {{^  +[0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)  parse\+verify$}}
// CHECK-NEXT: {{^  +[0-9.]+ \( *[0-9.]+%\)  'func.func' Pipeline$}}
// CHECK-NEXT: {{^  +[0-9.]+ \( *[0-9.]+%\)    cse$}}
// CHECK-NEXT: {{^  +[0-9.]+ \( *[0-9.]+%\)    canonicalize$}}
// CHECK-NEXT: {{^  +[0-9.]+ \( *[0-9.]+%\)    verify$}}
// CHECK-NEXT: {{^  +[0-9.]+ \( *[0-9.]+%\)  symbol-dce$}}
// CHECK-NEXT: {{^  +[0-9.]+ \( *[0-9.]+%\)  verify$}}
// CHECK-NEXT: {{^  +[0-9.]+ \( *[0-9.]+%\)  print$}}
// CHECK-NEXT: {{^  +[0-9.]+ \(100.0%\)  Total$}}

// -mlir-timing is accepted too.
// RUN: npu-opt -mlir-timing --cse %s -o /dev/null 2>&1 | FileCheck --check-prefix=MLIR %s
// MLIR: Execution time report

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
