// A 3x3 convolution in NCHW layout, f32: out[n][k][h][w] = sum over c, r, s
// of in[n][c][h+r][w+s] * W[k][c][r][s], with 1 image, 64 input and 96
// output channels, a 58x58 input and a 56x56 output (no padding, stride
// 1), in the naive order (n, k, h, w; out = 0; c, r, s: out += ...), the
// sum through memory. One of the naive kernels of
// benchmarks/KernelBench.cpp (the C peer is conv2d-nchw.c). @main fills
// the inputs from their indices, calls @kernel and prints a digest of out.
// TEST-SIZES: 64=4 96=10 58=10 56=8
module {
  func.func @kernel(%in: memref<1x64x58x58xf32>, %W: memref<96x64x3x3xf32>,
                    %out: memref<1x96x56x56xf32>) {
    %zero = arith.constant 0.0 : f32
    affine.for %n = 0 to 1 {
      affine.for %k = 0 to 96 {
        affine.for %h = 0 to 56 {
          affine.for %w = 0 to 56 {
            affine.store %zero, %out[%n, %k, %h, %w] : memref<1x96x56x56xf32>
            affine.for %c = 0 to 64 {
              affine.for %r = 0 to 3 {
                affine.for %s = 0 to 3 {
                  %x = affine.load %in[%n, %c, %h + %r, %w + %s] : memref<1x64x58x58xf32>
                  %f = affine.load %W[%k, %c, %r, %s] : memref<96x64x3x3xf32>
                  %p = arith.mulf %x, %f : f32
                  %o = affine.load %out[%n, %k, %h, %w] : memref<1x96x56x56xf32>
                  %a = arith.addf %o, %p : f32
                  affine.store %a, %out[%n, %k, %h, %w] : memref<1x96x56x56xf32>
                }
              }
            }
          }
        }
      }
    }
    return
  }
  func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }

  // m[i][j][k][l] = ((a*i + b*j + c*k + d*l) mod n) * scale, exact in f32.
  func.func @fill4(%m: memref<?x?x?x?xf32>, %a: index, %b: index, %c: index,
                   %d: index, %n: index, %scale: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %d0 = memref.dim %m, %c0 : memref<?x?x?x?xf32>
    %d1 = memref.dim %m, %c1 : memref<?x?x?x?xf32>
    %d2 = memref.dim %m, %c2 : memref<?x?x?x?xf32>
    %d3 = memref.dim %m, %c3 : memref<?x?x?x?xf32>
    affine.for %i = 0 to %d0 {
      affine.for %j = 0 to %d1 {
        affine.for %k = 0 to %d2 {
          affine.for %l = 0 to %d3 {
            %ai = arith.muli %a, %i : index
            %bj = arith.muli %b, %j : index
            %ck = arith.muli %c, %k : index
            %dl = arith.muli %d, %l : index
            %s0 = arith.addi %ai, %bj : index
            %s1 = arith.addi %s0, %ck : index
            %s2 = arith.addi %s1, %dl : index
            %r = arith.remsi %s2, %n : index
            %ri = arith.index_cast %r : index to i32
            %rf = arith.sitofp %ri : i32 to f32
            %v = arith.mulf %rf, %scale : f32
            memref.store %v, %m[%i, %j, %k, %l] : memref<?x?x?x?xf32>
          }
        }
      }
    }
    return
  }

  // Prints the sums of the channels of m (each in row-major order), channel
  // j of image i added into element j mod 8.
  func.func @digest4(%m: memref<?x?x?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f32
    %d0 = memref.dim %m, %c0 : memref<?x?x?x?xf32>
    %d1 = memref.dim %m, %c1 : memref<?x?x?x?xf32>
    %d2 = memref.dim %m, %c2 : memref<?x?x?x?xf32>
    %d3 = memref.dim %m, %c3 : memref<?x?x?x?xf32>
    %dig = memref.alloc() : memref<8xf32>
    affine.for %k = 0 to 8 {
      affine.store %zero, %dig[%k] : memref<8xf32>
    }
    affine.for %i = 0 to %d0 {
      affine.for %j = 0 to %d1 {
        %ch = affine.for %k = 0 to %d2 iter_args(%acc = %zero) -> (f32) {
          %row = affine.for %l = 0 to %d3 iter_args(%acc2 = %acc) -> (f32) {
            %v = affine.load %m[%i, %j, %k, %l] : memref<?x?x?x?xf32>
            %n = arith.addf %acc2, %v : f32
            affine.yield %n : f32
          }
          affine.yield %row : f32
        }
        %o = affine.load %dig[%j mod 8] : memref<8xf32>
        %n = arith.addf %o, %ch : f32
        affine.store %n, %dig[%j mod 8] : memref<8xf32>
      }
    }
    %u = memref.cast %dig : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %dig : memref<8xf32>
    return
  }

  func.func @main() {
    %in = memref.alloc() : memref<1x64x58x58xf32>
    %W = memref.alloc() : memref<96x64x3x3xf32>
    %out = memref.alloc() : memref<1x96x56x56xf32>
    %ind = memref.cast %in : memref<1x64x58x58xf32> to memref<?x?x?x?xf32>
    %Wd = memref.cast %W : memref<96x64x3x3xf32> to memref<?x?x?x?xf32>
    %outd = memref.cast %out : memref<1x96x56x56xf32> to memref<?x?x?x?xf32>
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %n1021 = arith.constant 1021 : index
    %n1031 = arith.constant 1031 : index
    %s1024 = arith.constant 0.0009765625 : f32
    %s512 = arith.constant 0.001953125 : f32
    call @fill4(%ind, %c1, %c5, %c3, %c1, %n1021, %s512) : (memref<?x?x?x?xf32>, index, index, index, index, index, f32) -> ()
    call @fill4(%Wd, %c3, %c7, %c2, %c1, %n1031, %s1024) : (memref<?x?x?x?xf32>, index, index, index, index, index, f32) -> ()
    call @kernel(%in, %W, %out) : (memref<1x64x58x58xf32>, memref<96x64x3x3xf32>, memref<1x96x56x56xf32>) -> ()
    call @digest4(%outd) : (memref<?x?x?x?xf32>) -> ()
    memref.dealloc %in : memref<1x64x58x58xf32>
    memref.dealloc %W : memref<96x64x3x3xf32>
    memref.dealloc %out : memref<1x96x56x56xf32>
    return
  }
}
