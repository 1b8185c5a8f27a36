"a.b"(%undefined) : (i32) -> ()
