// Input of symbol-dce-visible.mlir (kept here because npu-opt prints
// `func.func nested @f`, which its parser does not read back yet, so the
// round-trip check must not see it).
module {
  module @pub {
    "builtin.func"() ({
    }) {sym_name = "nested_kept", sym_visibility = "neÃsted", type = () -> ()} : () -> ()
    func private @priv_gone()
    module @inner {
      "builtin.func"() ({
      }) {sym_name = "nested_in_visible", sym_visibility = "nested", type = () -> ()} : () -> ()
    }
  }
}
