// PolyBench correlation, f32, over a 1024x768 data matrix (N=1024
// observations of M=768 variables), in PolyBench's loop order: mean[j] and
// stddev[j] = sqrt(in-order sum of squared deviations / n) (1 where it is
// at most 0.1); data[i][j] = (data[i][j] - mean[j]) / (sqrt(n) *
// stddev[j]); then for i < M - 1: corr[i][i] = 1, for j = i + 1 to M:
// corr[i][j] = sum over k of data[k][i] * data[k][j], in order,
// corr[j][i] = corr[i][j]; corr[M-1][M-1] = 1. One of the naive kernels of
// benchmarks/KernelBench.cpp (the C peer is correlation.c). @main fills
// data from its indices, calls @kernel and prints digests of corr and of
// the normalized data.
// TEST-SIZES: 1024=20 768=12 767=11
module {
  func.func @kernel(%fn: f32, %data: memref<1024x768xf32>,
                    %corr: memref<768x768xf32>, %mean: memref<768xf32>,
                    %stddev: memref<768xf32>) {
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %eps = arith.constant 0.1 : f32
    affine.for %j = 0 to 768 {
      affine.store %zero, %mean[%j] : memref<768xf32>
      affine.for %i = 0 to 1024 {
        %d = affine.load %data[%i, %j] : memref<1024x768xf32>
        %m = affine.load %mean[%j] : memref<768xf32>
        %s = arith.addf %m, %d : f32
        affine.store %s, %mean[%j] : memref<768xf32>
      }
      %m = affine.load %mean[%j] : memref<768xf32>
      %q = arith.divf %m, %fn : f32
      affine.store %q, %mean[%j] : memref<768xf32>
    }
    affine.for %j = 0 to 768 {
      affine.store %zero, %stddev[%j] : memref<768xf32>
      affine.for %i = 0 to 1024 {
        %d = affine.load %data[%i, %j] : memref<1024x768xf32>
        %m = affine.load %mean[%j] : memref<768xf32>
        %e = arith.subf %d, %m : f32
        %e2 = arith.mulf %e, %e : f32
        %s = affine.load %stddev[%j] : memref<768xf32>
        %t = arith.addf %s, %e2 : f32
        affine.store %t, %stddev[%j] : memref<768xf32>
      }
      %s = affine.load %stddev[%j] : memref<768xf32>
      %v = arith.divf %s, %fn : f32
      %r = math.sqrt %v : f32
      %small = arith.cmpf ole, %r, %eps : f32
      %sd = arith.select %small, %one, %r : f32
      affine.store %sd, %stddev[%j] : memref<768xf32>
    }
    %sqn = math.sqrt %fn : f32
    affine.for %i = 0 to 1024 {
      affine.for %j = 0 to 768 {
        %d = affine.load %data[%i, %j] : memref<1024x768xf32>
        %m = affine.load %mean[%j] : memref<768xf32>
        %c = arith.subf %d, %m : f32
        affine.store %c, %data[%i, %j] : memref<1024x768xf32>
        %c2 = affine.load %data[%i, %j] : memref<1024x768xf32>
        %sd = affine.load %stddev[%j] : memref<768xf32>
        %den = arith.mulf %sqn, %sd : f32
        %n = arith.divf %c2, %den : f32
        affine.store %n, %data[%i, %j] : memref<1024x768xf32>
      }
    }
    affine.for %i = 0 to 767 {
      affine.store %one, %corr[%i, %i] : memref<768x768xf32>
      affine.for %j = affine_map<(d0) -> (d0 + 1)>(%i) to 768 {
        affine.store %zero, %corr[%i, %j] : memref<768x768xf32>
        affine.for %k = 0 to 1024 {
          %a = affine.load %data[%k, %i] : memref<1024x768xf32>
          %b = affine.load %data[%k, %j] : memref<1024x768xf32>
          %p = arith.mulf %a, %b : f32
          %c = affine.load %corr[%i, %j] : memref<768x768xf32>
          %s = arith.addf %c, %p : f32
          affine.store %s, %corr[%i, %j] : memref<768x768xf32>
        }
        %t = affine.load %corr[%i, %j] : memref<768x768xf32>
        affine.store %t, %corr[%j, %i] : memref<768x768xf32>
      }
    }
    affine.store %one, %corr[767, 767] : memref<768x768xf32>
    return
  }

  func.func @fill2(%m: memref<?x?xf32>, %a: index, %b: index, %c: index,
                   %n: index, %scale: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d0 = memref.dim %m, %c0 : memref<?x?xf32>
    %d1 = memref.dim %m, %c1 : memref<?x?xf32>
    affine.for %i = 0 to %d0 {
      affine.for %j = 0 to %d1 {
        %ai = arith.muli %a, %i : index
        %bj = arith.muli %b, %j : index
        %s0 = arith.addi %ai, %bj : index
        %s1 = arith.addi %s0, %c : index
        %r = arith.remsi %s1, %n : index
        %ri = arith.index_cast %r : index to i32
        %rf = arith.sitofp %ri : i32 to f32
        %v = arith.mulf %rf, %scale : f32
        memref.store %v, %m[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }
  func.func @digest2(%m: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %d0 = memref.dim %m, %c0 : memref<?x?xf32>
    %d1 = memref.dim %m, %c1 : memref<?x?xf32>
    %dig = memref.alloc() : memref<8xf32>
    affine.for %k = 0 to 8 {
      affine.store %zero, %dig[%k] : memref<8xf32>
    }
    affine.for %i = 0 to %d0 {
      affine.for %j = 0 to %d1 {
        %v = affine.load %m[%i, %j] : memref<?x?xf32>
        %o = affine.load %dig[%j mod 8] : memref<8xf32>
        %n = arith.addf %o, %v : f32
        affine.store %n, %dig[%j mod 8] : memref<8xf32>
      }
    }
    %u = memref.cast %dig : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %dig : memref<8xf32>
    return
  }
  func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

  func.func @main() {
    %data = memref.alloc() : memref<1024x768xf32>
    %corr = memref.alloc() : memref<768x768xf32>
    %mean = memref.alloc() : memref<768xf32>
    %stddev = memref.alloc() : memref<768xf32>
    %dd = memref.cast %data : memref<1024x768xf32> to memref<?x?xf32>
    %cd = memref.cast %corr : memref<768x768xf32> to memref<?x?xf32>
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %n1033 = arith.constant 1033 : index
    %s1024 = arith.constant 0.0009765625 : f32
    %fn = arith.constant 1024.0 : f32
    call @fill2(%dd, %c3, %c5, %c1, %n1033, %s1024) : (memref<?x?xf32>, index, index, index, index, f32) -> ()
    call @kernel(%fn, %data, %corr, %mean, %stddev) : (f32, memref<1024x768xf32>, memref<768x768xf32>, memref<768xf32>, memref<768xf32>) -> ()
    call @digest2(%cd) : (memref<?x?xf32>) -> ()
    call @digest2(%dd) : (memref<?x?xf32>) -> ()
    memref.dealloc %data : memref<1024x768xf32>
    memref.dealloc %corr : memref<768x768xf32>
    memref.dealloc %mean : memref<768xf32>
    memref.dealloc %stddev : memref<768xf32>
    return
  }
}
