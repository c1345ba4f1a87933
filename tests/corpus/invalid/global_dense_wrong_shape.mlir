// EXPECT-ERROR: 3:48: inferred shape of elements literal ([4]) does not match type ([2, 2])
// memref.global initializer whose shape differs from the memref
memref.global "private" @g : memref<2x2xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
