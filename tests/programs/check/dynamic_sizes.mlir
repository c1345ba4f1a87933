// `?` dimensions: a subscript bounded by `memref.dim` of the same memref, or
// by the operand that sized its memref.alloc, is proved in bounds; where the
// answer depends on sizes known only at run time, the access "may be" out
// of bounds, a warning that leaves the exit status 0 (expected diagnostics at
// the end). mlir-opt reports every access to a `?` dimension as an error.
// EXPECT-EXIT: 0
func.func @bounded_by_dim(%A: memref<?xf32>, %B: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  // The last element, through an affine map of the size.
  affine.for %i = 0 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
    %w = affine.load %A[%i + 1] : memref<?xf32>
  }
  %rows = memref.dim %B, %c0 : memref<?x?xf32>
  %cols = memref.dim %B, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %rows {
    affine.for %j = 0 to %cols {
      %x = affine.load %B[%i, %j] : memref<?x?xf32>
    }
  }
  // Tiles of 32 clamped to the size, and whole vectors below it.
  affine.for %t = 0 to %n step 32 {
    affine.for %i = affine_map<(d0) -> (d0)>(%t) to min affine_map<(d0)[s0] -> (d0 + 32, s0)>(%t)[%n] {
      %y = affine.load %A[%i] : memref<?xf32>
    }
  }
  affine.for %i = 0 to affine_map<()[s0] -> (s0 floordiv 8)>()[%n] {
    %z = affine.vector_load %A[%i * 8] : memref<?xf32>, vector<8xf32>
  }
  return
}

func.func @bounded_by_alloc(%n: index, %m: index) {
  %A = memref.alloc(%n, %m) : memref<4x?x?xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to %m {
        %v = affine.load %A[%i, %j, %k] : memref<4x?x?xf32>
      }
    }
  }
  return
}

// A static size seen through memref.dim is a constant.
func.func @static_dim(%C: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %k = memref.dim %C, %c0 : memref<16xf32>
  affine.for %i = 0 to %k {
    %v = affine.load %C[%i] : memref<16xf32>
  }
  return
}

func.func @depends_on_runtime_sizes(%A: memref<?xf32>, %B: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %len = memref.dim %A, %c0 : memref<?xf32>
  // Past the last element.
  affine.for %i = 0 to %len {
    %v = affine.load %A[%i + 1] : memref<?xf32>
  }
  // A bound unrelated to the size.
  affine.for %i = 0 to %n {
    %w = affine.load %A[%i] : memref<?xf32>
  }
  // Transposed: rows bound columns and columns rows.
  %rows = memref.dim %B, %c0 : memref<?x?xf32>
  %cols = memref.dim %B, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %rows {
    affine.for %j = 0 to %cols {
      %x = affine.load %B[%j, %i] : memref<?x?xf32>
    }
  }
  // The size of another memref.
  %blen = memref.dim %B, %c0 : memref<?x?xf32>
  affine.for %i = 0 to %blen {
    %y = affine.load %A[%i] : memref<?xf32>
  }
  // A constant index into a memref that may be shorter.
  %z = affine.load %A[%c1] : memref<?xf32>
  return
}
// EXPECT: 66:10: warning: 'affine.load' op memref may be out of upper bound access along dimension #1 (depends on runtime sizes)
// EXPECT: 70:10: warning: 'affine.load' op memref may be out of upper bound access along dimension #1 (depends on runtime sizes)
// EXPECT: 77:12: warning: 'affine.load' op memref may be out of upper bound access along dimension #1 (depends on runtime sizes)
// EXPECT: 77:12: warning: 'affine.load' op memref may be out of upper bound access along dimension #2 (depends on runtime sizes)
// EXPECT: 83:10: warning: 'affine.load' op memref may be out of upper bound access along dimension #1 (depends on runtime sizes)
// EXPECT: 86:8: warning: 'affine.load' op memref may be out of upper bound access along dimension #1 (depends on runtime sizes)
