// Seed 002's two chained batched matmuls (the fusion walk-through's input)
// as a complete program: @kernel is the seed's function unchanged, @main
// fills the inputs, runs it and prints a checksum of the result.
// TEST-SIZES: 8=2 128=16 384=24 512=32 64=8
module {
  func.func @kernel(%arg0: memref<8x128x384xf32>, %arg1: memref<8x384x512xf32>, %arg2: memref<8x128x512xf32>, %arg3: memref<8x512x64xf32>, %arg4: memref<8x128x64xf32>) {
    affine.for %arg5 = 0 to 8 {
      affine.for %arg6 = 0 to 128 {
        affine.for %arg7 = 0 to 512 {
          affine.for %arg8 = 0 to 384 {
            %0 = affine.load %arg0[%arg5, %arg6, %arg8] : memref<8x128x384xf32>
            %1 = affine.load %arg1[%arg5, %arg8, %arg7] : memref<8x384x512xf32>
            %2 = affine.load %arg2[%arg5, %arg6, %arg7] : memref<8x128x512xf32>
            %3 = arith.mulf %0, %1 : f32
            %4 = arith.addf %2, %3 : f32
            affine.store %4, %arg2[%arg5, %arg6, %arg7] : memref<8x128x512xf32>
          }
        }
      }
    }
    affine.for %arg5 = 0 to 8 {
      affine.for %arg6 = 0 to 128 {
        affine.for %arg7 = 0 to 64 {
          affine.for %arg8 = 0 to 512 {
            %0 = affine.load %arg2[%arg5, %arg6, %arg8] : memref<8x128x512xf32>
            %1 = affine.load %arg3[%arg5, %arg8, %arg7] : memref<8x512x64xf32>
            %2 = affine.load %arg4[%arg5, %arg6, %arg7] : memref<8x128x64xf32>
            %3 = arith.mulf %0, %1 : f32
            %4 = arith.addf %2, %3 : f32
            affine.store %4, %arg4[%arg5, %arg6, %arg7] : memref<8x128x64xf32>
          }
        }
      }
    }
    return
  }
  func.func private @printF32(f32)
  func.func private @printNewline()
  func.func @fill3(%m: memref<?x?x?xf32>, %scale: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %d0 = memref.dim %m, %c0 : memref<?x?x?xf32>
    %d1 = memref.dim %m, %c1 : memref<?x?x?xf32>
    %d2 = memref.dim %m, %c2 : memref<?x?x?xf32>
    affine.for %i = 0 to %d0 {
      affine.for %j = 0 to %d1 {
        affine.for %k = 0 to %d2 {
          %s = affine.apply affine_map<(d0, d1, d2) -> ((d0 * 7 + d1 * 3 + d2) mod 13)>(%i, %j, %k)
          %si = arith.index_cast %s : index to i32
          %sf = arith.sitofp %si : i32 to f32
          %v = arith.mulf %sf, %scale : f32
          memref.store %v, %m[%i, %j, %k] : memref<?x?x?xf32>
        }
      }
    }
    return
  }
  func.func @main() {
    %a = memref.alloc() : memref<8x128x384xf32>
    %b = memref.alloc() : memref<8x384x512xf32>
    %c = memref.alloc() : memref<8x128x512xf32>
    %d = memref.alloc() : memref<8x512x64xf32>
    %e = memref.alloc() : memref<8x128x64xf32>
    %s1 = arith.constant 0.125 : f32
    %s0 = arith.constant 0.0 : f32
    %ad = memref.cast %a : memref<8x128x384xf32> to memref<?x?x?xf32>
    %bd = memref.cast %b : memref<8x384x512xf32> to memref<?x?x?xf32>
    %cd = memref.cast %c : memref<8x128x512xf32> to memref<?x?x?xf32>
    %dd = memref.cast %d : memref<8x512x64xf32> to memref<?x?x?xf32>
    %ed = memref.cast %e : memref<8x128x64xf32> to memref<?x?x?xf32>
    call @fill3(%ad, %s1) : (memref<?x?x?xf32>, f32) -> ()
    call @fill3(%bd, %s1) : (memref<?x?x?xf32>, f32) -> ()
    call @fill3(%cd, %s0) : (memref<?x?x?xf32>, f32) -> ()
    call @fill3(%dd, %s1) : (memref<?x?x?xf32>, f32) -> ()
    call @fill3(%ed, %s0) : (memref<?x?x?xf32>, f32) -> ()
    call @kernel(%a, %b, %c, %d, %e) : (memref<8x128x384xf32>, memref<8x384x512xf32>, memref<8x128x512xf32>, memref<8x512x64xf32>, memref<8x128x64xf32>) -> ()
    %sum = affine.for %i = 0 to 8 iter_args(%acc = %s0) -> (f32) {
      %r = affine.load %e[%i, 5, 7] : memref<8x128x64xf32>
      %n = arith.addf %acc, %r : f32
      affine.yield %n : f32
    }
    call @printF32(%sum) : (f32) -> ()
    call @printNewline() : () -> ()
    memref.dealloc %a : memref<8x128x384xf32>
    memref.dealloc %b : memref<8x384x512xf32>
    memref.dealloc %c : memref<8x128x512xf32>
    memref.dealloc %d : memref<8x512x64xf32>
    memref.dealloc %e : memref<8x128x64xf32>
    return
  }
}
