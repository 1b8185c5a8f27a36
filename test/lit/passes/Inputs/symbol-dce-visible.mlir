// Input of symbol-dce-visible.mlir, read by both npu-opt and mlir-opt-14
// (MLIR 14 spellings: `builtin.func`, `func`).
module {
  module @pub {
    "builtin.func"() ({
    }) {sym_name = "nested_kept", sym_visibility = "nested", type = () -> ()} : () -> ()
    func private @priv_gone()
    module @inner {
      "builtin.func"() ({
      }) {sym_name = "nested_in_visible", sym_visibility = "nested", type = () -> ()} : () -> ()
    }
  }
}
