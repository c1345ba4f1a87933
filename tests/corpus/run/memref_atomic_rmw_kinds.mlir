// memref.atomic_rmw of every kind MLIR 19's MemRefToLLVM lowers, on f32,
// f64, i32 and i64, in sequential affine.for loops: the results are the
// old values, the memory holds the combined ones.
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %f = memref.alloc() : memref<4xf32>
  %g = memref.alloc() : memref<2xf64>
  %n = memref.alloc() : memref<8xi32>
  %l = memref.alloc() : memref<1xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f0 = arith.constant 0.0 : f32
  %fm = arith.constant -2.5 : f32
  %fp = arith.constant 7.25 : f32
  affine.for %i = 0 to 4 {
    affine.store %f0, %f[%i] : memref<4xf32>
  }
  affine.store %fm, %f[2] : memref<4xf32>
  affine.store %fp, %f[3] : memref<4xf32>
  %i7 = arith.constant 7 : i32
  %im = arith.constant -6 : i32
  affine.for %i = 0 to 8 {
    affine.store %i7, %n[%i] : memref<8xi32>
  }
  affine.store %im, %n[3] : memref<8xi32>
  affine.store %im, %n[5] : memref<8xi32>
  %g0 = arith.constant 1.0 : f64
  affine.store %g0, %g[0] : memref<2xf64>
  affine.store %g0, %g[1] : memref<2xf64>
  %l0 = arith.constant 100 : i64
  affine.store %l0, %l[0] : memref<1xi64>
  // Float kinds: the loop value as a float, folded into one element each.
  affine.for %i = 0 to 6 {
    %ii = arith.index_cast %i : index to i32
    %x = arith.sitofp %ii : i32 to f32
    %a = memref.atomic_rmw addf %x, %f[%c0] : (f32, memref<4xf32>) -> f32
    %h = arith.constant 2.0 : f32
    %y = arith.subf %x, %h : f32
    %b = memref.atomic_rmw assign %y, %f[%c1] : (f32, memref<4xf32>) -> f32
    %c2 = arith.constant 2 : index
    %c = memref.atomic_rmw maximumf %y, %f[%c2] : (f32, memref<4xf32>) -> f32
    %c3 = arith.constant 3 : index
    %d = memref.atomic_rmw minimumf %x, %f[%c3] : (f32, memref<4xf32>) -> f32
    vector.print %a : f32
    vector.print %b : f32
    vector.print %c : f32
    vector.print %d : f32
    %xd = arith.extf %x : f32 to f64
    %e = memref.atomic_rmw addf %xd, %g[%c1] : (f64, memref<2xf64>) -> f64
    vector.print %e : f64
  }
  // Integer kinds, each on its own element.
  affine.for %i = 0 to 5 {
    %ii = arith.index_cast %i : index to i32
    %k = arith.constant 3 : i32
    %v = arith.subi %ii, %k : i32
    %a = memref.atomic_rmw addi %v, %n[%c0] : (i32, memref<8xi32>) -> i32
    %b = memref.atomic_rmw maxs %v, %n[%c1] : (i32, memref<8xi32>) -> i32
    %c2 = arith.constant 2 : index
    %c = memref.atomic_rmw maxu %v, %n[%c2] : (i32, memref<8xi32>) -> i32
    %c3 = arith.constant 3 : index
    %d = memref.atomic_rmw mins %v, %n[%c3] : (i32, memref<8xi32>) -> i32
    %c4 = arith.constant 4 : index
    %e = memref.atomic_rmw minu %v, %n[%c4] : (i32, memref<8xi32>) -> i32
    %c5 = arith.constant 5 : index
    %o = memref.atomic_rmw ori %ii, %n[%c5] : (i32, memref<8xi32>) -> i32
    %c6 = arith.constant 6 : index
    %an = memref.atomic_rmw andi %v, %n[%c6] : (i32, memref<8xi32>) -> i32
    %c7 = arith.constant 7 : index
    %as = memref.atomic_rmw assign %v, %n[%c7] : (i32, memref<8xi32>) -> i32
    vector.print %a : i32
    vector.print %b : i32
    vector.print %c : i32
    vector.print %d : i32
    vector.print %e : i32
    vector.print %o : i32
    vector.print %an : i32
    vector.print %as : i32
    %w = arith.extsi %v : i32 to i64
    %q = memref.atomic_rmw addi %w, %l[%c0] : (i64, memref<1xi64>) -> i64
    vector.print %q : i64
  }
  %uf = memref.cast %f : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
  %un = memref.cast %n : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%un) : (memref<*xi32>) -> ()
  %g1 = memref.load %g[%c1] : memref<2xf64>
  vector.print %g1 : f64
  %l1 = memref.load %l[%c0] : memref<1xi64>
  vector.print %l1 : i64
  memref.dealloc %f : memref<4xf32>
  memref.dealloc %g : memref<2xf64>
  memref.dealloc %n : memref<8xi32>
  memref.dealloc %l : memref<1xi64>
  return
}
