// Subscripts and loop bounds with mod, floordiv and ceildiv of negative
// and positive values, in the form mlir-opt --lower-affine expands them
// to (remsi/divsi with cmpi and select fix-ups): raise-scf reads each
// sequence back as the affine operation, so every loop and access is
// affine again.
module {
  func.func @main() {
    %alloc = memref.alloc() : memref<8x8xf32>
    %alloc_0 = memref.alloc() : memref<8xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    scf.for %arg0 = %c0 to %c8 step %c1 {
      %c0_3 = arith.constant 0 : index
      %c8_4 = arith.constant 8 : index
      %c1_5 = arith.constant 1 : index
      scf.for %arg1 = %c0_3 to %c8_4 step %c1_5 {
        %0 = arith.index_cast %arg0 : index to i32
        %1 = arith.index_cast %arg1 : index to i32
        %2 = arith.muli %0, %1 : i32
        %3 = arith.sitofp %2 : i32 to f32
        memref.store %3, %alloc[%arg0, %arg1] : memref<8x8xf32>
      }
      memref.store %cst, %alloc_0[%arg0] : memref<8xf32>
    }
    %c-9 = arith.constant -9 : index
    %c14 = arith.constant 14 : index
    %c1_2 = arith.constant 1 : index
    scf.for %arg0 = %c-9 to %c14 step %c1_2 {
      %c4 = arith.constant 4 : index
      %c0_3 = arith.constant 0 : index
      %c1_4 = arith.constant 1 : index
      %0 = arith.cmpi sle, %arg0, %c0_3 : index
      %1 = arith.subi %c0_3, %arg0 : index
      %2 = arith.subi %arg0, %c1_4 : index
      %3 = arith.select %0, %1, %2 : index
      %4 = arith.divsi %3, %c4 : index
      %5 = arith.subi %c0_3, %4 : index
      %6 = arith.addi %4, %c1_4 : index
      %7 = arith.select %0, %5, %6 : index
      %c3 = arith.constant 3 : index
      %8 = arith.addi %7, %c3 : index
      %c3_5 = arith.constant 3 : index
      %c0_6 = arith.constant 0 : index
      %c-1 = arith.constant -1 : index
      %9 = arith.cmpi slt, %arg0, %c0_6 : index
      %10 = arith.subi %c-1, %arg0 : index
      %11 = arith.select %9, %10, %arg0 : index
      %12 = arith.divsi %11, %c3_5 : index
      %13 = arith.subi %c-1, %12 : index
      %14 = arith.select %9, %13, %12 : index
      %c6 = arith.constant 6 : index
      %15 = arith.addi %14, %c6 : index
      %c1_7 = arith.constant 1 : index
      scf.for %arg1 = %8 to %15 step %c1_7 {
        %c8_8 = arith.constant 8 : index
        %16 = arith.remsi %arg0, %c8_8 : index
        %c0_9 = arith.constant 0 : index
        %17 = arith.cmpi slt, %16, %c0_9 : index
        %18 = arith.addi %16, %c8_8 : index
        %19 = arith.select %17, %18, %16 : index
        %20 = arith.addi %arg1, %arg0 : index
        %c5 = arith.constant 5 : index
        %21 = arith.remsi %20, %c5 : index
        %c0_10 = arith.constant 0 : index
        %22 = arith.cmpi slt, %21, %c0_10 : index
        %23 = arith.addi %21, %c5 : index
        %24 = arith.select %22, %23, %21 : index
        %25 = memref.load %alloc[%19, %24] : memref<8x8xf32>
        %c9 = arith.constant 9 : index
        %26 = arith.addi %arg0, %c9 : index
        %c4_11 = arith.constant 4 : index
        %c0_12 = arith.constant 0 : index
        %c-1_13 = arith.constant -1 : index
        %27 = arith.cmpi slt, %26, %c0_12 : index
        %28 = arith.subi %c-1_13, %26 : index
        %29 = arith.select %27, %28, %26 : index
        %30 = arith.divsi %29, %c4_11 : index
        %31 = arith.subi %c-1_13, %30 : index
        %32 = arith.select %27, %31, %30 : index
        %33 = memref.load %alloc_0[%32] : memref<8xf32>
        %34 = arith.addf %25, %33 : f32
        %35 = arith.addf %34, %cst_1 : f32
        %c9_14 = arith.constant 9 : index
        %36 = arith.addi %arg0, %c9_14 : index
        %c4_15 = arith.constant 4 : index
        %c0_16 = arith.constant 0 : index
        %c-1_17 = arith.constant -1 : index
        %37 = arith.cmpi slt, %36, %c0_16 : index
        %38 = arith.subi %c-1_17, %36 : index
        %39 = arith.select %37, %38, %36 : index
        %40 = arith.divsi %39, %c4_15 : index
        %41 = arith.subi %c-1_17, %40 : index
        %42 = arith.select %37, %41, %40 : index
        memref.store %35, %alloc_0[%42] : memref<8xf32>
      }
    }
    %cast = memref.cast %alloc_0 : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}

