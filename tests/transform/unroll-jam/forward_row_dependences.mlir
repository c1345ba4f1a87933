// PIPELINE: scalrep,unroll-jam
// Row loops whose rows depend on each other, forward along the inner
// loops: unroll-jam may block them (UnrollJamLegality.h). In @atax row
// i + 1 updates y[j] after row i, and in @bicg s[j]: each innermost body
// is laid out copy by copy, so each j's updates stay in row order, and
// each row's sum gets a register of its own. In @backward row i reads
// B[i - 1, j + 1], which row i - 1 writes at its later j + 1: jamming
// would run the read first, so it is left alone.
// 11 rows: 8 jammed, 3 left in the original loop. The program prints the
// results' bits; the data round differently in any other order.
func.func private @printMemrefI32(memref<*xi32>)
func.func @atax(%A: memref<11x40xf32>, %x: memref<40xf32>, %y: memref<40xf32>, %t: memref<11xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 11 {
    affine.store %zero, %t[%i] : memref<11xf32>
    affine.for %j = 0 to 40 {
      %s = affine.load %t[%i] : memref<11xf32>
      %a = affine.load %A[%i, %j] : memref<11x40xf32>
      %b = affine.load %x[%j] : memref<40xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.addf %s, %p : f32
      affine.store %q, %t[%i] : memref<11xf32>
    }
    affine.for %j = 0 to 40 {
      %o = affine.load %y[%j] : memref<40xf32>
      %a = affine.load %A[%i, %j] : memref<11x40xf32>
      %s = affine.load %t[%i] : memref<11xf32>
      %p = arith.mulf %a, %s : f32
      %q = arith.addf %o, %p : f32
      affine.store %q, %y[%j] : memref<40xf32>
    }
  }
  return
}
func.func @bicg(%A: memref<11x40xf32>, %r: memref<11xf32>, %p: memref<40xf32>, %s: memref<40xf32>, %q: memref<11xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 11 {
    affine.store %zero, %q[%i] : memref<11xf32>
    affine.for %j = 0 to 40 {
      %a = affine.load %A[%i, %j] : memref<11x40xf32>
      %ri = affine.load %r[%i] : memref<11xf32>
      %so = affine.load %s[%j] : memref<40xf32>
      %m = arith.mulf %ri, %a : f32
      %sn = arith.addf %so, %m : f32
      affine.store %sn, %s[%j] : memref<40xf32>
      %qo = affine.load %q[%i] : memref<11xf32>
      %pj = affine.load %p[%j] : memref<40xf32>
      %n = arith.mulf %a, %pj : f32
      %qn = arith.addf %qo, %n : f32
      affine.store %qn, %q[%i] : memref<11xf32>
    }
  }
  return
}
func.func @backward(%B: memref<12x41xf32>, %x: memref<40xf32>, %t: memref<12xf32>) {
  affine.for %i = 1 to 12 {
    affine.for %j = 0 to 40 {
      %s = affine.load %t[%i] : memref<12xf32>
      %a = affine.load %B[%i - 1, %j + 1] : memref<12x41xf32>
      %b = affine.load %x[%j] : memref<40xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.addf %s, %p : f32
      affine.store %q, %t[%i] : memref<12xf32>
      affine.store %q, %B[%i, %j] : memref<12x41xf32>
    }
  }
  return
}
// m[i][j] = ((7i + 3j) mod 23 - 11) * 0.37, v[j] = ((5j) mod 13 - 6) * 0.29.
func.func @fill(%m: memref<?x?xf32>, %v: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<?x?xf32>
  %d1 = memref.dim %m, %c1 : memref<?x?xf32>
  %dv = memref.dim %v, %c0 : memref<?xf32>
  %k = arith.constant 0.37 : f32
  %h = arith.constant 0.29 : f32
  affine.for %i = 0 to %d0 {
    affine.for %j = 0 to %d1 {
      %e = affine.apply affine_map<(d0, d1) -> ((d0 * 7 + d1 * 3) mod 23 - 11)>(%i, %j)
      %w = arith.index_cast %e : index to i32
      %f = arith.sitofp %w : i32 to f32
      %g = arith.mulf %f, %k : f32
      memref.store %g, %m[%i, %j] : memref<?x?xf32>
    }
  }
  affine.for %j = 0 to %dv {
    %e = affine.apply affine_map<(d0) -> ((d0 * 5) mod 13 - 6)>(%j)
    %w = arith.index_cast %e : index to i32
    %f = arith.sitofp %w : i32 to f32
    %g = arith.mulf %f, %h : f32
    memref.store %g, %v[%j] : memref<?xf32>
  }
  return
}
func.func @printBits(%v: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %v, %c0 : memref<?xf32>
  %bits = memref.alloc(%n) : memref<?xi32>
  affine.for %j = 0 to %n {
    %f = affine.load %v[%j] : memref<?xf32>
    %b = arith.bitcast %f : f32 to i32
    affine.store %b, %bits[%j] : memref<?xi32>
  }
  %u = memref.cast %bits : memref<?xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %bits : memref<?xi32>
  return
}
func.func @main() {
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<11x40xf32>
  %B = memref.alloc() : memref<12x41xf32>
  %x = memref.alloc() : memref<40xf32>
  %r = memref.alloc() : memref<11xf32>
  %y = memref.alloc() : memref<40xf32>
  %s = memref.alloc() : memref<40xf32>
  %t = memref.alloc() : memref<11xf32>
  %q = memref.alloc() : memref<11xf32>
  %u = memref.alloc() : memref<12xf32>
  %Ad = memref.cast %A : memref<11x40xf32> to memref<?x?xf32>
  %Bd = memref.cast %B : memref<12x41xf32> to memref<?x?xf32>
  %xd = memref.cast %x : memref<40xf32> to memref<?xf32>
  %rd = memref.cast %r : memref<11xf32> to memref<?xf32>
  %ud = memref.cast %u : memref<12xf32> to memref<?xf32>
  call @fill(%Ad, %xd) : (memref<?x?xf32>, memref<?xf32>) -> ()
  call @fill(%Bd, %rd) : (memref<?x?xf32>, memref<?xf32>) -> ()
  call @fill(%Bd, %ud) : (memref<?x?xf32>, memref<?xf32>) -> ()
  affine.for %j = 0 to 40 {
    affine.store %zero, %y[%j] : memref<40xf32>
    affine.store %zero, %s[%j] : memref<40xf32>
  }
  call @atax(%A, %x, %y, %t) : (memref<11x40xf32>, memref<40xf32>, memref<40xf32>, memref<11xf32>) -> ()
  call @bicg(%A, %r, %x, %s, %q) : (memref<11x40xf32>, memref<11xf32>, memref<40xf32>, memref<40xf32>, memref<11xf32>) -> ()
  call @backward(%B, %x, %u) : (memref<12x41xf32>, memref<40xf32>, memref<12xf32>) -> ()
  %yd = memref.cast %y : memref<40xf32> to memref<?xf32>
  %sd = memref.cast %s : memref<40xf32> to memref<?xf32>
  %td = memref.cast %t : memref<11xf32> to memref<?xf32>
  %qd = memref.cast %q : memref<11xf32> to memref<?xf32>
  call @printBits(%yd) : (memref<?xf32>) -> ()
  call @printBits(%sd) : (memref<?xf32>) -> ()
  call @printBits(%td) : (memref<?xf32>) -> ()
  call @printBits(%qd) : (memref<?xf32>) -> ()
  call @printBits(%ud) : (memref<?xf32>) -> ()
  return
}
