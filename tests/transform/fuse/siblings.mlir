// PIPELINE: fuse
// Sibling (input-reuse) fusion: after %in is printed (so its fill cannot
// move), a column sum in memory and an elementwise copy read it; the copy
// nest takes the column sum's slice for its row (one-to-one, each source
// iteration run once, the accumulation order kept), so %in is streamed
// once.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<7x11xf32>
  %colsum = memref.alloc() : memref<11xf32>
  %copy = memref.alloc() : memref<7x11xf32>
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 11 {
      %x = affine.apply affine_map<(d0, d1) -> ((d0 * 5 + d1 * 2) mod 9)>(%i, %j)
      %c = arith.index_cast %x : index to i32
      %f = arith.sitofp %c : i32 to f32
      affine.store %f, %in[%i, %j] : memref<7x11xf32>
    }
  }
  %pin = memref.cast %in : memref<7x11xf32> to memref<*xf32>
  call @printMemrefF32(%pin) : (memref<*xf32>) -> ()
  affine.for %j = 0 to 11 {
    affine.store %zero, %colsum[%j] : memref<11xf32>
  }
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 11 {
      %v = affine.load %in[%i, %j] : memref<7x11xf32>
      %s = affine.load %colsum[%j] : memref<11xf32>
      %n = arith.addf %s, %v : f32
      affine.store %n, %colsum[%j] : memref<11xf32>
    }
  }
  affine.for %i = 0 to 7 {
    affine.for %j = 0 to 11 {
      %v = affine.load %in[%i, %j] : memref<7x11xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %copy[%i, %j] : memref<7x11xf32>
    }
  }
  %p = memref.cast %colsum : memref<11xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  %q = memref.cast %copy : memref<7x11xf32> to memref<*xf32>
  call @printMemrefF32(%q) : (memref<*xf32>) -> ()
  memref.dealloc %in : memref<7x11xf32>
  memref.dealloc %colsum : memref<11xf32>
  memref.dealloc %copy : memref<7x11xf32>
  return
}
