// ethos-u-legalize's own failures and the target attribute.
//
// A report that cannot be written is an error at the module, exit 1, and
// leaves no file behind.
// RUN: not npu-opt %s --ethos-u-legalize='report=%t.missing/report.txt' -o %t.out 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: ethos-u-legalize: cannot write the report to '{{.*}}.missing/report.txt'
// RUN: not test -e %t.missing/report.txt
// RUN: not test -e %t.out
//
// An unknown rule set is an option error; nothing is written.
// RUN: not npu-opt %s --ethos-u-legalize='rules=fast' -o %t.rules 2>&1 | FileCheck %s --check-prefix=RULES
// RULES: error: invalid value 'fast' for option 'rules' (expected one of 'npu-ir', 'vela')
// RUN: not test -e %t.rules
//
// The accelerator comes from npu.target; without it, ethos-u55-128.
// RUN: npu-opt %s --ethos-u-legalize='report=-' -o /dev/null | FileCheck %s --check-prefix=U65
// U65: ethos-u-legalize: accelerator ethos-u65-256
// RUN: sed 's/attributes {npu.target = .*} {/{/' %s | npu-opt --ethos-u-legalize='report=-' -o /dev/null | FileCheck %s --check-prefix=DEF
// DEF: ethos-u-legalize: accelerator ethos-u55-128
// RUN: sed 's/npu.target = {accel = "ethos-u65-256"}/npu.target = "ethos-u55-64"/' %s | npu-opt --ethos-u-legalize='report=-' -o /dev/null | FileCheck %s --check-prefix=STR
// STR: ethos-u-legalize: accelerator ethos-u55-64
//
// A bad option value is a usage error of the pass.
// RUN: not npu-opt %s --ethos-u-legalize='reprt=x' 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: {{.*}}reprt

module attributes {npu.target = {accel = "ethos-u65-256"}} {
  func.func @f(%x: tensor<1x4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<1x4x!quant.uniform<i8:f32, 0.5:1>> {
    %0 = "graph.relu"(%x) : (tensor<1x4x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<1x4x!quant.uniform<i8:f32, 0.5:1>>
    return %0 : tensor<1x4x!quant.uniform<i8:f32, 0.5:1>>
  }
}
