// symbol-dce in nested symbol tables, checked against MLIR itself: the
// same file (MLIR 14 spellings, which npu-opt also reads) goes through
// mlir-opt-14 --symbol-dce and npu-opt --symbol-dce, and both outputs
// must keep and erase the same symbols.
// RUN: npu-opt --allow-unregistered-dialect --split-input-file --symbol-dce %s | FileCheck %s
// RUN: mlir-opt-14 --allow-unregistered-dialect --split-input-file --symbol-dce %s | FileCheck %s
// RUN: npu-opt --allow-unregistered-dialect --split-input-file --symbol-dce --pass-statistics %s 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// A public nested module is live; in it, public symbols are live and
// so is what they reference; its unused private symbol goes. In the
// top module (hidden: nothing outside can name its symbols) "nested"
// visibility acts as private: the unused module @nested_module goes
// (mlir-opt-14 agrees). A private module nobody references goes with
// what it holds. A private module reached through @m::@f stays, with
// @f (named by the path) and what @f uses, but not its unused private
// symbol. A reference resolves in the nearest symbol table:
// @outer_private, named only from inside @refs_outward, is unknown
// there (ignored) and erased at the top.
// Erased: @dead_nested_function, @nested_module, @private_module,
// @priv_unused, @outer_private (5); then @dead_in_func_module,
// @private_helper (2); nothing in the last case. Each split is a run
// with its statistics.
// STATS: (S) 5 num-dce'd
// STATS: (S) 2 num-dce'd
// STATS: (S) 0 num-dce'd

// CHECK-LABEL: module @public_module
// CHECK-NOT: @dead_nested_function
// CHECK: func{{(\.func)?}} private @private_nested_function()
// CHECK: func{{(\.func)?}} @public_function()
// CHECK-NOT: @nested_module
// CHECK-NOT: @kept_in_nested
// CHECK-NOT: @private_module
// CHECK-NOT: @in_dead_module
// CHECK: func{{(\.func)?}} @pub()
// CHECK-NOT: @priv_unused
// CHECK: func{{(\.func)?}} private @priv_used()
// CHECK: func{{(\.func)?}} @entry()
// CHECK-NOT: @outer_private()
// CHECK: module @refs_outward
// CHECK: func{{(\.func)?}} @user()
module {
  module @public_module {
    func private @dead_nested_function()
    func private @private_nested_function()
    func @public_function() {
      "foo.return"() {uses = [@private_nested_function]} : () -> ()
    }
  }
  module @nested_module attributes {sym_visibility = "nested"} {
    func private @unused_in_nested()
    func @kept_in_nested() {
      return
    }
  }
  module @private_module attributes {sym_visibility = "private"} {
    func @in_dead_module() {
      return
    }
  }
  module @used_private_module attributes {sym_visibility = "private"} {
    func @pub() {
      return
    }
    func private @priv_unused()
    func private @priv_used()
    func @entry() {
      "foo.return"() {uses = {a = [@priv_used]}} : () -> ()
    }
  }
  func private @outer_private()
  module @refs_outward {
    func @f() {
      "foo.return"() {uses = [@outer_private]} : () -> ()
    }
  }
  func @user() {
    "live.user"() {uses = [@public_module::@public_function, @used_private_module::@entry]} : () -> ()
    return
  }
}

// -----
// An unnamed module (not a symbol) is a live symbol table: its public
// function keeps the private helper it calls. A dead private function
// makes nothing live: the private helper only it calls goes too.
// CHECK-LABEL: module attributes {test.case = 2
// CHECK-NEXT: module {
// CHECK: func{{(\.func)?}} @entry()
// CHECK: func{{(\.func)?}} private @helper()
// CHECK-NOT: @dead_in_func_module
// CHECK-NOT: @private_helper
module attributes {test.case = 2} {
  module {
    func @entry() {
      "foo.call"() {callee = @helper} : () -> ()
      return
    }
    func private @helper()
  }
  func private @dead_in_func_module() {
    "foo.call"() {callee = @private_helper} : () -> ()
    return
  }
  func private @private_helper()
}

// -----
// Unregistered ops are not symbols (MLIR does not know they are): one
// with a private sym_name stays (its reference to the unknown @h is
// ignored); the regions of an unregistered op with two regions are
// scanned, so @g is live.
// CHECK-LABEL: module attributes {test.case = 3
// CHECK: "foo.sym"() {ref = @h, sym_name = "unregistered_symbol", sym_visibility = "private"}
// CHECK: func{{(\.func)?}} private @g()
// CHECK: "foo.two"()
module attributes {test.case = 3} {
  "foo.sym"() {sym_name = "unregistered_symbol", sym_visibility = "private", ref = @h} : () -> ()
  func private @g()
  "foo.two"() ({
    "foo.use"() {ref = @g} : () -> ()
  }, {
  }) : () -> ()
}

