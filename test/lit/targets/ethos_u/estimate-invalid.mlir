// ethos-u-estimate's bad inputs: clear errors, exit 1, no report file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not npu-opt --ethos-u-estimate %s 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: not npu-opt --ethos-u-target --ethos-u-estimate='report=%t/no/such/dir/r.csv' %s 2>&1 | FileCheck %s --check-prefix=WRITE
// RUN: not npu-opt --ethos-u-target --ethos-u-estimate='weight-sizes=%t/missing.txt' %s 2>&1 | FileCheck %s --check-prefix=SIZES
// RUN: printf '208 dense\nnot a size\n' > %t/bad.txt
// RUN: not npu-opt --ethos-u-target --ethos-u-estimate='weight-sizes=%t/bad.txt' %s 2>&1 | FileCheck %s --check-prefix=BADSIZE
// RUN: not npu-opt --ethos-u-target --ethos-u-estimate='report=%t/f.csv' %S/Inputs/float-conv.mlir 2>&1 | FileCheck %s --check-prefix=FLOAT
// RUN: not ls %t/f.csv
// RUN: not npu-opt --ethos-u-target --ethos-u-estimate='optimise=speed' %s 2>&1 | FileCheck %s --check-prefix=OPT

// NOTARGET: error: the module has no npu.target attribute (run ethos-u-target first)
// WRITE: error: cannot write '{{.*}}/no/such/dir/r.csv': No such file or directory
// SIZES: error: cannot read weight sizes '{{.*}}missing.txt'
// BADSIZE: bad.txt:2:1: error: expected '<bytes> <weights name>'
// FLOAT: float-conv.mlir:4:10: error: 'graph.conv2d' op cannot estimate this op on the Ethos-U: it needs static shapes and integer (8, 16 or 32-bit) feature maps
// OPT: error: {{.*}}optimise{{.*}}
module {
  func.func @main(%arg0: tensor<1x4x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<1x4x!quant.uniform<i8:f32, 0.5:-1>> {
    %0 = "graph.add"(%arg0, %arg0) : (tensor<1x4x!quant.uniform<i8:f32, 0.5:-1>>, tensor<1x4x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<1x4x!quant.uniform<i8:f32, 0.5:-1>>
    return %0 : tensor<1x4x!quant.uniform<i8:f32, 0.5:-1>>
  }
}
