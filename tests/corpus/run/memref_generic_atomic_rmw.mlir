// RUN-MLIR-EXTRA-PASSES: --convert-arith-to-llvm
// memref.generic_atomic_rmw on integers, in an affine.for and in an
// affine.parallel: a saturating counter (add, then clamp), a product and a
// conditional update through arith.select. Its result is the element's
// value before the update. MLIR 19 lowers the body only once its arith ops
// are LLVM ops, hence the extra pass; it cannot lower float bodies at all
// (tests/unit/AtomicOpsTest.cpp covers those).
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %m = memref.alloc() : memref<4xi32>
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 4 {
    affine.store %z, %m[%i] : memref<4xi32>
  }
  affine.store %one, %m[1] : memref<4xi32>
  %cap = arith.constant 20 : i32
  %three = arith.constant 3 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  affine.for %i = 0 to 8 {
    %ii = arith.index_cast %i : index to i32
    %old = memref.generic_atomic_rmw %m[%c0] : memref<4xi32> {
    ^bb0(%cur: i32):
      %s = arith.addi %cur, %ii : i32
      %c = arith.minsi %s, %cap : i32
      memref.atomic_yield %c : i32
    }
    vector.print %old : i32
    %p = memref.generic_atomic_rmw %m[%c1] : memref<4xi32> {
    ^bb0(%cur: i32):
      %t = arith.muli %cur, %three : i32
      memref.atomic_yield %t : i32
    }
    vector.print %p : i32
    // Keeps the largest odd value seen.
    %q = memref.generic_atomic_rmw %m[%c2] : memref<4xi32> {
    ^bb0(%cur: i32):
      %odd = arith.andi %ii, %one : i32
      %isOdd = arith.cmpi ne, %odd, %z : i32
      %larger = arith.cmpi sgt, %ii, %cur : i32
      %take = arith.andi %isOdd, %larger : i1
      %v = arith.select %take, %ii, %cur : i32
      memref.atomic_yield %v : i32
    }
    vector.print %q : i32
  }
  // Many iterations of a parallel loop bump one shared counter and a
  // per-bin total.
  %bins = memref.alloc() : memref<5xi64>
  %lz = arith.constant 0 : i64
  affine.for %b = 0 to 5 {
    affine.store %lz, %bins[%b] : memref<5xi64>
  }
  affine.parallel (%i) = (0) to (50000) {
    %old = memref.generic_atomic_rmw %m[%c0] : memref<4xi32> {
    ^bb0(%cur: i32):
      %s = arith.addi %cur, %one : i32
      memref.atomic_yield %s : i32
    }
    %b = affine.apply affine_map<(d0) -> (d0 mod 5)>(%i)
    %w = arith.index_cast %i : index to i64
    %t = memref.generic_atomic_rmw %bins[%b] : memref<5xi64> {
    ^bb0(%cur: i64):
      %s = arith.addi %cur, %w : i64
      memref.atomic_yield %s : i64
    }
  }
  %um = memref.cast %m : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%um) : (memref<*xi32>) -> ()
  affine.for %b = 0 to 5 {
    %v = affine.load %bins[%b] : memref<5xi64>
    vector.print %v : i64
  }
  memref.dealloc %m : memref<4xi32>
  memref.dealloc %bins : memref<5xi64>
  return
}
