// std.br is checked as cf.br: a successor operand count that does not
// match the target block's arguments is an error at the branch.
// RUN: npu-opt %s --verify-diagnostics

"builtin.module"() ({
  "builtin.func"() ({
  ^bb0(%arg0: i32):
    // expected-error@+1 {{'cf.br' op branch has 0 operands for successor #0, but target block has 1}}
    "std.br"()[^bb1] : () -> ()
  ^bb1(%0: i32):
    "std.return"(%0) : (i32) -> ()
  }) {sym_name = "f", type = (i32) -> i32} : () -> ()
}) : () -> ()
