// One function with 150 loop nests over 16x64 buffers: elementwise nests,
// nests reading their producer one column over, and a small matmul every
// 12th nest. Large enough that the JIT moves its nests into functions of
// their own (and cuts a fused row loop into runs of inner loops) and
// compiles the module in parts on several threads; the output must not
// change.
func.func private @printMemrefF32(memref<*xf32>) attributes { llvm.emit_c_interface }
func.func @main() {
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %w = memref.alloc() : memref<64x64xf32>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %s = affine.apply affine_map<(d0, d1) -> ((d0 * 3 + d1) mod 5)>(%i, %j)
      %si = arith.index_cast %s : index to i32
      %f = arith.sitofp %si : i32 to f32
      %g = arith.mulf %f, %quarter : f32
      affine.store %g, %w[%i, %j] : memref<64x64xf32>
    }
  }
  %a0 = memref.alloc() : memref<16x64xf32>
  %a1 = memref.alloc() : memref<16x64xf32>
  %a2 = memref.alloc() : memref<16x64xf32>
  %a3 = memref.alloc() : memref<16x64xf32>
  %a4 = memref.alloc() : memref<16x64xf32>
  %a5 = memref.alloc() : memref<16x64xf32>
  %a6 = memref.alloc() : memref<16x64xf32>
  %a7 = memref.alloc() : memref<16x64xf32>
  %a8 = memref.alloc() : memref<16x64xf32>
  %a9 = memref.alloc() : memref<16x64xf32>
  %a10 = memref.alloc() : memref<16x64xf32>
  %a11 = memref.alloc() : memref<16x64xf32>
  %a12 = memref.alloc() : memref<16x64xf32>
  %a13 = memref.alloc() : memref<16x64xf32>
  %a14 = memref.alloc() : memref<16x64xf32>
  %a15 = memref.alloc() : memref<16x64xf32>
  %a16 = memref.alloc() : memref<16x64xf32>
  %a17 = memref.alloc() : memref<16x64xf32>
  %a18 = memref.alloc() : memref<16x64xf32>
  %a19 = memref.alloc() : memref<16x64xf32>
  %a20 = memref.alloc() : memref<16x64xf32>
  %a21 = memref.alloc() : memref<16x64xf32>
  %a22 = memref.alloc() : memref<16x64xf32>
  %a23 = memref.alloc() : memref<16x64xf32>
  %a24 = memref.alloc() : memref<16x64xf32>
  %a25 = memref.alloc() : memref<16x64xf32>
  %a26 = memref.alloc() : memref<16x64xf32>
  %a27 = memref.alloc() : memref<16x64xf32>
  %a28 = memref.alloc() : memref<16x64xf32>
  %a29 = memref.alloc() : memref<16x64xf32>
  %a30 = memref.alloc() : memref<16x64xf32>
  %a31 = memref.alloc() : memref<16x64xf32>
  %a32 = memref.alloc() : memref<16x64xf32>
  %a33 = memref.alloc() : memref<16x64xf32>
  %a34 = memref.alloc() : memref<16x64xf32>
  %a35 = memref.alloc() : memref<16x64xf32>
  %a36 = memref.alloc() : memref<16x64xf32>
  %a37 = memref.alloc() : memref<16x64xf32>
  %a38 = memref.alloc() : memref<16x64xf32>
  %a39 = memref.alloc() : memref<16x64xf32>
  %a40 = memref.alloc() : memref<16x64xf32>
  %a41 = memref.alloc() : memref<16x64xf32>
  %a42 = memref.alloc() : memref<16x64xf32>
  %a43 = memref.alloc() : memref<16x64xf32>
  %a44 = memref.alloc() : memref<16x64xf32>
  %a45 = memref.alloc() : memref<16x64xf32>
  %a46 = memref.alloc() : memref<16x64xf32>
  %a47 = memref.alloc() : memref<16x64xf32>
  %a48 = memref.alloc() : memref<16x64xf32>
  %a49 = memref.alloc() : memref<16x64xf32>
  %a50 = memref.alloc() : memref<16x64xf32>
  %a51 = memref.alloc() : memref<16x64xf32>
  %a52 = memref.alloc() : memref<16x64xf32>
  %a53 = memref.alloc() : memref<16x64xf32>
  %a54 = memref.alloc() : memref<16x64xf32>
  %a55 = memref.alloc() : memref<16x64xf32>
  %a56 = memref.alloc() : memref<16x64xf32>
  %a57 = memref.alloc() : memref<16x64xf32>
  %a58 = memref.alloc() : memref<16x64xf32>
  %a59 = memref.alloc() : memref<16x64xf32>
  %a60 = memref.alloc() : memref<16x64xf32>
  %a61 = memref.alloc() : memref<16x64xf32>
  %a62 = memref.alloc() : memref<16x64xf32>
  %a63 = memref.alloc() : memref<16x64xf32>
  %a64 = memref.alloc() : memref<16x64xf32>
  %a65 = memref.alloc() : memref<16x64xf32>
  %a66 = memref.alloc() : memref<16x64xf32>
  %a67 = memref.alloc() : memref<16x64xf32>
  %a68 = memref.alloc() : memref<16x64xf32>
  %a69 = memref.alloc() : memref<16x64xf32>
  %a70 = memref.alloc() : memref<16x64xf32>
  %a71 = memref.alloc() : memref<16x64xf32>
  %a72 = memref.alloc() : memref<16x64xf32>
  %a73 = memref.alloc() : memref<16x64xf32>
  %a74 = memref.alloc() : memref<16x64xf32>
  %a75 = memref.alloc() : memref<16x64xf32>
  %a76 = memref.alloc() : memref<16x64xf32>
  %a77 = memref.alloc() : memref<16x64xf32>
  %a78 = memref.alloc() : memref<16x64xf32>
  %a79 = memref.alloc() : memref<16x64xf32>
  %a80 = memref.alloc() : memref<16x64xf32>
  %a81 = memref.alloc() : memref<16x64xf32>
  %a82 = memref.alloc() : memref<16x64xf32>
  %a83 = memref.alloc() : memref<16x64xf32>
  %a84 = memref.alloc() : memref<16x64xf32>
  %a85 = memref.alloc() : memref<16x64xf32>
  %a86 = memref.alloc() : memref<16x64xf32>
  %a87 = memref.alloc() : memref<16x64xf32>
  %a88 = memref.alloc() : memref<16x64xf32>
  %a89 = memref.alloc() : memref<16x64xf32>
  %a90 = memref.alloc() : memref<16x64xf32>
  %a91 = memref.alloc() : memref<16x64xf32>
  %a92 = memref.alloc() : memref<16x64xf32>
  %a93 = memref.alloc() : memref<16x64xf32>
  %a94 = memref.alloc() : memref<16x64xf32>
  %a95 = memref.alloc() : memref<16x64xf32>
  %a96 = memref.alloc() : memref<16x64xf32>
  %a97 = memref.alloc() : memref<16x64xf32>
  %a98 = memref.alloc() : memref<16x64xf32>
  %a99 = memref.alloc() : memref<16x64xf32>
  %a100 = memref.alloc() : memref<16x64xf32>
  %a101 = memref.alloc() : memref<16x64xf32>
  %a102 = memref.alloc() : memref<16x64xf32>
  %a103 = memref.alloc() : memref<16x64xf32>
  %a104 = memref.alloc() : memref<16x64xf32>
  %a105 = memref.alloc() : memref<16x64xf32>
  %a106 = memref.alloc() : memref<16x64xf32>
  %a107 = memref.alloc() : memref<16x64xf32>
  %a108 = memref.alloc() : memref<16x64xf32>
  %a109 = memref.alloc() : memref<16x64xf32>
  %a110 = memref.alloc() : memref<16x64xf32>
  %a111 = memref.alloc() : memref<16x64xf32>
  %a112 = memref.alloc() : memref<16x64xf32>
  %a113 = memref.alloc() : memref<16x64xf32>
  %a114 = memref.alloc() : memref<16x64xf32>
  %a115 = memref.alloc() : memref<16x64xf32>
  %a116 = memref.alloc() : memref<16x64xf32>
  %a117 = memref.alloc() : memref<16x64xf32>
  %a118 = memref.alloc() : memref<16x64xf32>
  %a119 = memref.alloc() : memref<16x64xf32>
  %a120 = memref.alloc() : memref<16x64xf32>
  %a121 = memref.alloc() : memref<16x64xf32>
  %a122 = memref.alloc() : memref<16x64xf32>
  %a123 = memref.alloc() : memref<16x64xf32>
  %a124 = memref.alloc() : memref<16x64xf32>
  %a125 = memref.alloc() : memref<16x64xf32>
  %a126 = memref.alloc() : memref<16x64xf32>
  %a127 = memref.alloc() : memref<16x64xf32>
  %a128 = memref.alloc() : memref<16x64xf32>
  %a129 = memref.alloc() : memref<16x64xf32>
  %a130 = memref.alloc() : memref<16x64xf32>
  %a131 = memref.alloc() : memref<16x64xf32>
  %a132 = memref.alloc() : memref<16x64xf32>
  %a133 = memref.alloc() : memref<16x64xf32>
  %a134 = memref.alloc() : memref<16x64xf32>
  %a135 = memref.alloc() : memref<16x64xf32>
  %a136 = memref.alloc() : memref<16x64xf32>
  %a137 = memref.alloc() : memref<16x64xf32>
  %a138 = memref.alloc() : memref<16x64xf32>
  %a139 = memref.alloc() : memref<16x64xf32>
  %a140 = memref.alloc() : memref<16x64xf32>
  %a141 = memref.alloc() : memref<16x64xf32>
  %a142 = memref.alloc() : memref<16x64xf32>
  %a143 = memref.alloc() : memref<16x64xf32>
  %a144 = memref.alloc() : memref<16x64xf32>
  %a145 = memref.alloc() : memref<16x64xf32>
  %a146 = memref.alloc() : memref<16x64xf32>
  %a147 = memref.alloc() : memref<16x64xf32>
  %a148 = memref.alloc() : memref<16x64xf32>
  %a149 = memref.alloc() : memref<16x64xf32>
  %a150 = memref.alloc() : memref<16x64xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %s = affine.apply affine_map<(d0, d1) -> ((d0 * 64 + d1) mod 7)>(%i, %j)
      %si = arith.index_cast %s : index to i32
      %f = arith.sitofp %si : i32 to f32
      affine.store %f, %a0[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a0[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a1[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a1[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a2[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a2[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a2[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a3[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a2[%i, 63] : memref<16x64xf32>
    affine.store %e, %a3[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a3[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a4[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a4[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a5[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a5[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a5[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a6[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a5[%i, 63] : memref<16x64xf32>
    affine.store %e, %a6[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a6[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a7[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a7[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a8[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a8[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a8[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a9[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a8[%i, 63] : memref<16x64xf32>
    affine.store %e, %a9[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a9[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a10[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a10[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a11[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a11[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a12[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a12[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a13[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a13[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a14[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a14[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a14[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a15[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a14[%i, 63] : memref<16x64xf32>
    affine.store %e, %a15[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a15[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a16[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a16[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a17[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a17[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a17[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a18[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a17[%i, 63] : memref<16x64xf32>
    affine.store %e, %a18[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a18[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a19[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a19[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a20[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a20[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a20[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a21[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a20[%i, 63] : memref<16x64xf32>
    affine.store %e, %a21[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a21[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a22[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a22[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a23[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a23[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a24[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a24[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a25[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a25[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a26[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a26[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a26[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a27[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a26[%i, 63] : memref<16x64xf32>
    affine.store %e, %a27[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a27[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a28[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a28[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a29[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a29[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a29[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a30[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a29[%i, 63] : memref<16x64xf32>
    affine.store %e, %a30[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a30[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a31[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a31[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a32[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a32[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a32[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a33[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a32[%i, 63] : memref<16x64xf32>
    affine.store %e, %a33[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a33[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a34[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a34[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a35[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a35[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a36[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a36[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a37[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a37[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a38[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a38[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a38[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a39[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a38[%i, 63] : memref<16x64xf32>
    affine.store %e, %a39[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a39[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a40[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a40[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a41[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a41[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a41[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a42[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a41[%i, 63] : memref<16x64xf32>
    affine.store %e, %a42[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a42[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a43[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a43[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a44[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a44[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a44[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a45[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a44[%i, 63] : memref<16x64xf32>
    affine.store %e, %a45[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a45[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a46[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a46[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a47[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a47[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a48[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a48[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a49[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a49[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a50[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a50[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a50[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a51[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a50[%i, 63] : memref<16x64xf32>
    affine.store %e, %a51[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a51[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a52[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a52[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a53[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a53[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a53[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a54[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a53[%i, 63] : memref<16x64xf32>
    affine.store %e, %a54[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a54[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a55[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a55[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a56[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a56[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a56[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a57[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a56[%i, 63] : memref<16x64xf32>
    affine.store %e, %a57[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a57[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a58[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a58[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a59[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a59[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a60[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a60[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a61[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a61[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a62[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a62[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a62[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a63[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a62[%i, 63] : memref<16x64xf32>
    affine.store %e, %a63[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a63[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a64[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a64[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a65[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a65[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a65[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a66[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a65[%i, 63] : memref<16x64xf32>
    affine.store %e, %a66[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a66[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a67[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a67[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a68[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a68[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a68[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a69[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a68[%i, 63] : memref<16x64xf32>
    affine.store %e, %a69[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a69[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a70[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a70[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a71[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a71[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a72[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a72[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a73[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a73[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a74[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a74[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a74[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a75[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a74[%i, 63] : memref<16x64xf32>
    affine.store %e, %a75[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a75[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a76[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a76[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a77[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a77[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a77[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a78[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a77[%i, 63] : memref<16x64xf32>
    affine.store %e, %a78[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a78[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a79[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a79[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a80[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a80[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a80[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a81[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a80[%i, 63] : memref<16x64xf32>
    affine.store %e, %a81[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a81[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a82[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a82[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a83[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a83[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a84[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a84[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a85[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a85[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a86[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a86[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a86[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a87[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a86[%i, 63] : memref<16x64xf32>
    affine.store %e, %a87[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a87[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a88[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a88[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a89[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a89[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a89[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a90[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a89[%i, 63] : memref<16x64xf32>
    affine.store %e, %a90[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a90[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a91[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a91[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a92[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a92[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a92[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a93[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a92[%i, 63] : memref<16x64xf32>
    affine.store %e, %a93[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a93[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a94[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a94[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a95[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a95[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a96[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a96[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a97[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a97[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a98[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a98[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a98[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a99[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a98[%i, 63] : memref<16x64xf32>
    affine.store %e, %a99[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a99[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a100[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a100[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a101[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a101[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a101[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a102[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a101[%i, 63] : memref<16x64xf32>
    affine.store %e, %a102[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a102[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a103[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a103[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a104[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a104[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a104[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a105[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a104[%i, 63] : memref<16x64xf32>
    affine.store %e, %a105[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a105[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a106[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a106[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a107[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a107[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a108[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a108[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a109[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a109[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a110[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a110[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a110[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a111[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a110[%i, 63] : memref<16x64xf32>
    affine.store %e, %a111[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a111[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a112[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a112[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a113[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a113[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a113[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a114[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a113[%i, 63] : memref<16x64xf32>
    affine.store %e, %a114[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a114[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a115[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a115[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a116[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a116[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a116[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a117[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a116[%i, 63] : memref<16x64xf32>
    affine.store %e, %a117[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a117[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a118[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a118[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a119[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a119[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a120[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a120[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a121[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a121[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a122[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a122[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a122[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a123[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a122[%i, 63] : memref<16x64xf32>
    affine.store %e, %a123[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a123[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a124[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a124[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a125[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a125[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a125[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a126[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a125[%i, 63] : memref<16x64xf32>
    affine.store %e, %a126[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a126[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a127[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a127[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a128[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a128[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a128[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a129[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a128[%i, 63] : memref<16x64xf32>
    affine.store %e, %a129[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a129[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a130[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a130[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a131[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a131[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a132[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a132[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a133[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a133[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a134[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a134[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a134[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a135[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a134[%i, 63] : memref<16x64xf32>
    affine.store %e, %a135[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a135[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a136[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a136[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a137[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a137[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a137[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a138[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a137[%i, 63] : memref<16x64xf32>
    affine.store %e, %a138[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a138[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a139[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a139[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a140[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a140[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a140[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a141[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a140[%i, 63] : memref<16x64xf32>
    affine.store %e, %a141[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a141[%i, %j] : memref<16x64xf32>
      %c = arith.constant 2.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a142[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a142[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a143[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %z = arith.constant 0.0 : f32
      %s = affine.for %l = 0 to 64 iter_args(%acc = %z) -> (f32) {
        %x = affine.load %a143[%i, %l] : memref<16x64xf32>
        %y = affine.load %w[%l, %j] : memref<64x64xf32>
        %m = arith.mulf %x, %y : f32
        %n = arith.addf %acc, %m : f32
        affine.yield %n : f32
      }
      %r = arith.mulf %s, %quarter : f32
      affine.store %r, %a144[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a144[%i, %j] : memref<16x64xf32>
      %c = arith.constant 0.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a145[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a145[%i, %j] : memref<16x64xf32>
      %c = arith.constant 1.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a146[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a146[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a146[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a147[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a146[%i, 63] : memref<16x64xf32>
    affine.store %e, %a147[%i, 63] : memref<16x64xf32>
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a147[%i, %j] : memref<16x64xf32>
      %c = arith.constant 3.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a148[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a148[%i, %j] : memref<16x64xf32>
      %c = arith.constant 4.0 : f32
      %m = arith.mulf %x, %half : f32
      %a = arith.addf %m, %c : f32
      affine.store %a, %a149[%i, %j] : memref<16x64xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 63 {
      %x = affine.load %a149[%i, %j + 1] : memref<16x64xf32>
      %y = affine.load %a149[%i, %j] : memref<16x64xf32>
      %d = arith.subf %x, %y : f32
      affine.store %d, %a150[%i, %j] : memref<16x64xf32>
    }
    %e = affine.load %a149[%i, 63] : memref<16x64xf32>
    affine.store %e, %a150[%i, 63] : memref<16x64xf32>
  }
  %u = memref.cast %a150 : memref<16x64xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %a0 : memref<16x64xf32>
  memref.dealloc %a1 : memref<16x64xf32>
  memref.dealloc %a2 : memref<16x64xf32>
  memref.dealloc %a3 : memref<16x64xf32>
  memref.dealloc %a4 : memref<16x64xf32>
  memref.dealloc %a5 : memref<16x64xf32>
  memref.dealloc %a6 : memref<16x64xf32>
  memref.dealloc %a7 : memref<16x64xf32>
  memref.dealloc %a8 : memref<16x64xf32>
  memref.dealloc %a9 : memref<16x64xf32>
  memref.dealloc %a10 : memref<16x64xf32>
  memref.dealloc %a11 : memref<16x64xf32>
  memref.dealloc %a12 : memref<16x64xf32>
  memref.dealloc %a13 : memref<16x64xf32>
  memref.dealloc %a14 : memref<16x64xf32>
  memref.dealloc %a15 : memref<16x64xf32>
  memref.dealloc %a16 : memref<16x64xf32>
  memref.dealloc %a17 : memref<16x64xf32>
  memref.dealloc %a18 : memref<16x64xf32>
  memref.dealloc %a19 : memref<16x64xf32>
  memref.dealloc %a20 : memref<16x64xf32>
  memref.dealloc %a21 : memref<16x64xf32>
  memref.dealloc %a22 : memref<16x64xf32>
  memref.dealloc %a23 : memref<16x64xf32>
  memref.dealloc %a24 : memref<16x64xf32>
  memref.dealloc %a25 : memref<16x64xf32>
  memref.dealloc %a26 : memref<16x64xf32>
  memref.dealloc %a27 : memref<16x64xf32>
  memref.dealloc %a28 : memref<16x64xf32>
  memref.dealloc %a29 : memref<16x64xf32>
  memref.dealloc %a30 : memref<16x64xf32>
  memref.dealloc %a31 : memref<16x64xf32>
  memref.dealloc %a32 : memref<16x64xf32>
  memref.dealloc %a33 : memref<16x64xf32>
  memref.dealloc %a34 : memref<16x64xf32>
  memref.dealloc %a35 : memref<16x64xf32>
  memref.dealloc %a36 : memref<16x64xf32>
  memref.dealloc %a37 : memref<16x64xf32>
  memref.dealloc %a38 : memref<16x64xf32>
  memref.dealloc %a39 : memref<16x64xf32>
  memref.dealloc %a40 : memref<16x64xf32>
  memref.dealloc %a41 : memref<16x64xf32>
  memref.dealloc %a42 : memref<16x64xf32>
  memref.dealloc %a43 : memref<16x64xf32>
  memref.dealloc %a44 : memref<16x64xf32>
  memref.dealloc %a45 : memref<16x64xf32>
  memref.dealloc %a46 : memref<16x64xf32>
  memref.dealloc %a47 : memref<16x64xf32>
  memref.dealloc %a48 : memref<16x64xf32>
  memref.dealloc %a49 : memref<16x64xf32>
  memref.dealloc %a50 : memref<16x64xf32>
  memref.dealloc %a51 : memref<16x64xf32>
  memref.dealloc %a52 : memref<16x64xf32>
  memref.dealloc %a53 : memref<16x64xf32>
  memref.dealloc %a54 : memref<16x64xf32>
  memref.dealloc %a55 : memref<16x64xf32>
  memref.dealloc %a56 : memref<16x64xf32>
  memref.dealloc %a57 : memref<16x64xf32>
  memref.dealloc %a58 : memref<16x64xf32>
  memref.dealloc %a59 : memref<16x64xf32>
  memref.dealloc %a60 : memref<16x64xf32>
  memref.dealloc %a61 : memref<16x64xf32>
  memref.dealloc %a62 : memref<16x64xf32>
  memref.dealloc %a63 : memref<16x64xf32>
  memref.dealloc %a64 : memref<16x64xf32>
  memref.dealloc %a65 : memref<16x64xf32>
  memref.dealloc %a66 : memref<16x64xf32>
  memref.dealloc %a67 : memref<16x64xf32>
  memref.dealloc %a68 : memref<16x64xf32>
  memref.dealloc %a69 : memref<16x64xf32>
  memref.dealloc %a70 : memref<16x64xf32>
  memref.dealloc %a71 : memref<16x64xf32>
  memref.dealloc %a72 : memref<16x64xf32>
  memref.dealloc %a73 : memref<16x64xf32>
  memref.dealloc %a74 : memref<16x64xf32>
  memref.dealloc %a75 : memref<16x64xf32>
  memref.dealloc %a76 : memref<16x64xf32>
  memref.dealloc %a77 : memref<16x64xf32>
  memref.dealloc %a78 : memref<16x64xf32>
  memref.dealloc %a79 : memref<16x64xf32>
  memref.dealloc %a80 : memref<16x64xf32>
  memref.dealloc %a81 : memref<16x64xf32>
  memref.dealloc %a82 : memref<16x64xf32>
  memref.dealloc %a83 : memref<16x64xf32>
  memref.dealloc %a84 : memref<16x64xf32>
  memref.dealloc %a85 : memref<16x64xf32>
  memref.dealloc %a86 : memref<16x64xf32>
  memref.dealloc %a87 : memref<16x64xf32>
  memref.dealloc %a88 : memref<16x64xf32>
  memref.dealloc %a89 : memref<16x64xf32>
  memref.dealloc %a90 : memref<16x64xf32>
  memref.dealloc %a91 : memref<16x64xf32>
  memref.dealloc %a92 : memref<16x64xf32>
  memref.dealloc %a93 : memref<16x64xf32>
  memref.dealloc %a94 : memref<16x64xf32>
  memref.dealloc %a95 : memref<16x64xf32>
  memref.dealloc %a96 : memref<16x64xf32>
  memref.dealloc %a97 : memref<16x64xf32>
  memref.dealloc %a98 : memref<16x64xf32>
  memref.dealloc %a99 : memref<16x64xf32>
  memref.dealloc %a100 : memref<16x64xf32>
  memref.dealloc %a101 : memref<16x64xf32>
  memref.dealloc %a102 : memref<16x64xf32>
  memref.dealloc %a103 : memref<16x64xf32>
  memref.dealloc %a104 : memref<16x64xf32>
  memref.dealloc %a105 : memref<16x64xf32>
  memref.dealloc %a106 : memref<16x64xf32>
  memref.dealloc %a107 : memref<16x64xf32>
  memref.dealloc %a108 : memref<16x64xf32>
  memref.dealloc %a109 : memref<16x64xf32>
  memref.dealloc %a110 : memref<16x64xf32>
  memref.dealloc %a111 : memref<16x64xf32>
  memref.dealloc %a112 : memref<16x64xf32>
  memref.dealloc %a113 : memref<16x64xf32>
  memref.dealloc %a114 : memref<16x64xf32>
  memref.dealloc %a115 : memref<16x64xf32>
  memref.dealloc %a116 : memref<16x64xf32>
  memref.dealloc %a117 : memref<16x64xf32>
  memref.dealloc %a118 : memref<16x64xf32>
  memref.dealloc %a119 : memref<16x64xf32>
  memref.dealloc %a120 : memref<16x64xf32>
  memref.dealloc %a121 : memref<16x64xf32>
  memref.dealloc %a122 : memref<16x64xf32>
  memref.dealloc %a123 : memref<16x64xf32>
  memref.dealloc %a124 : memref<16x64xf32>
  memref.dealloc %a125 : memref<16x64xf32>
  memref.dealloc %a126 : memref<16x64xf32>
  memref.dealloc %a127 : memref<16x64xf32>
  memref.dealloc %a128 : memref<16x64xf32>
  memref.dealloc %a129 : memref<16x64xf32>
  memref.dealloc %a130 : memref<16x64xf32>
  memref.dealloc %a131 : memref<16x64xf32>
  memref.dealloc %a132 : memref<16x64xf32>
  memref.dealloc %a133 : memref<16x64xf32>
  memref.dealloc %a134 : memref<16x64xf32>
  memref.dealloc %a135 : memref<16x64xf32>
  memref.dealloc %a136 : memref<16x64xf32>
  memref.dealloc %a137 : memref<16x64xf32>
  memref.dealloc %a138 : memref<16x64xf32>
  memref.dealloc %a139 : memref<16x64xf32>
  memref.dealloc %a140 : memref<16x64xf32>
  memref.dealloc %a141 : memref<16x64xf32>
  memref.dealloc %a142 : memref<16x64xf32>
  memref.dealloc %a143 : memref<16x64xf32>
  memref.dealloc %a144 : memref<16x64xf32>
  memref.dealloc %a145 : memref<16x64xf32>
  memref.dealloc %a146 : memref<16x64xf32>
  memref.dealloc %a147 : memref<16x64xf32>
  memref.dealloc %a148 : memref<16x64xf32>
  memref.dealloc %a149 : memref<16x64xf32>
  memref.dealloc %a150 : memref<16x64xf32>
  memref.dealloc %w : memref<64x64xf32>
  return
}
