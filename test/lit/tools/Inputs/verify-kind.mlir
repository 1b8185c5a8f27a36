// A note annotated as an error.
// expected-error@+1 {{see existing symbol}}
func.func @f() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}
