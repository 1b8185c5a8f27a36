// npu-translate --export-alloc-csv reads its MLIR through ir/input.h as
// the other tools do: a device or a directory is refused at once (it
// used to read /dev/zero until memory ran out), stdin works as "-", and
// no output file is made.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: npu-opt --plan-memory='capacity=64' %s -o %t.d/planned.mlir
// RUN: %npu_build/bin/npu-translate --export-alloc-csv %t.d/planned.mlir | FileCheck %s --check-prefix=CSV
// RUN: cat %t.d/planned.mlir | %npu_build/bin/npu-translate --export-alloc-csv - | FileCheck %s --check-prefix=CSV
// CSV: id,lower,upper,size,offset
// CSV-NEXT: a,0,1,16,{{[0-9]+}}
// RUN: not %npu_build/bin/npu-translate --export-alloc-csv /dev/zero -o %t.d/z.csv 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: npu-translate: cannot read '/dev/zero': not a regular file or pipe
// RUN: not %npu_build/bin/npu-translate --export-alloc-csv %t.d -o %t.d/d.csv 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: npu-translate: cannot read '{{.*}}': is a directory
// RUN: not %npu_build/bin/npu-translate --export-alloc-csv %t.d/missing.mlir -o %t.d/m.csv 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: npu-translate: cannot open '{{.*}}missing.mlir': No such file or directory
// RUN: not ls %t.d/z.csv %t.d/d.csv %t.d/m.csv
// A parse error in stdin is located in <stdin>.
// RUN: echo 'func.func @f( {' | not %npu_build/bin/npu-translate --export-alloc-csv - 2>&1 | FileCheck %s --check-prefix=STDIN
// STDIN: <stdin>:1:{{[0-9]+}}: error:
func.func @main() {
  %a = "buffer.alloc"() {alignment = 1 : i64, live_start = 0 : i64, live_end = 1 : i64, name = "a", size = 16 : i64} : () -> memref<16xi8, "sram">
  return
}
