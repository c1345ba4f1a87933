// memref.global with dense initializers (constant 2-d f32, mutable i32 vector, splat f64, scalar):
// read, modified (the mutable one) and printed.
memref.global "private" constant @coeffs : memref<2x3xf32> = dense<[[1.5, 2.5, 3.5], [-1.0, 0.0, 4.25]]>
memref.global "private" @counts : memref<4xi32> = dense<[10, 20, 30, 40]>
memref.global "private" @halves : memref<3xf64> = dense<0.5>
memref.global "private" @scale : memref<f32> = dense<2.0>
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func private @printMemrefI32(memref<*xi32>) attributes { llvm.emit_c_interface }
func.func private @printMemrefF64(memref<*xf64>) attributes { llvm.emit_c_interface }
func.func @main() {
  %c = memref.get_global @coeffs : memref<2x3xf32>
  %n = memref.get_global @counts : memref<4xi32>
  %h = memref.get_global @halves : memref<3xf64>
  %s = memref.get_global @scale : memref<f32>
  %uc = memref.cast %c : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%uc) : (memref<*xf32>) -> ()
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 4 {
    %v = affine.load %n[%i] : memref<4xi32>
    %w = arith.addi %v, %one : i32
    affine.store %w, %n[%i] : memref<4xi32>
  }
  %n2 = memref.get_global @counts : memref<4xi32>
  %un = memref.cast %n2 : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%un) : (memref<*xi32>) -> ()
  %uh = memref.cast %h : memref<3xf64> to memref<*xf64>
  call @printMemrefF64(%uh) : (memref<*xf64>) -> ()
  %sv = affine.load %s[] : memref<f32>
  %c12 = affine.load %c[1, 2] : memref<2x3xf32>
  %p = arith.mulf %sv, %c12 : f32
  vector.print %p : f32
  return
}
