// Seed 004 memref.global: private initialized, external declaration, uninitialized, constant.
memref.global "private" @x : memref<2xf32> = dense<[0.0, 2.0]>
memref.global "private" @y : memref<4xi32>
memref.global @z : memref<3xf16> = uninitialized
memref.global constant @c : memref<2xi32> = dense<[1, 4]>
