// The README's first command: the example model prints with the builtin
// sugar, and its generic form is the example file itself.
// RUN: npu-opt --allow-unregistered-dialect %npu_src/examples/tiny-cnn.mlir | FileCheck %s
// RUN: npu-opt --allow-unregistered-dialect --print-op-generic %npu_src/examples/tiny-cnn.mlir | FileCheck --check-prefix=GENERIC %s

// CHECK: module {
// CHECK-NEXT: func.func @tiny_cnn(%arg0: tensor<1x32x32x3xf32>) -> tensor<1x10xf32> {
// CHECK: "graph.conv2d"(%arg0, %0, %1)
// CHECK: "graph.softmax"(%8)
// CHECK-NEXT: return %9 : tensor<1x10xf32>

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT: "func.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: tensor<1x32x32x3xf32>):
// GENERIC: "func.return"(%9) : (tensor<1x10xf32>) -> ()
// GENERIC-NEXT: }) {function_type = (tensor<1x32x32x3xf32>) -> tensor<1x10xf32>, sym_name = "tiny_cnn"} : () -> ()
