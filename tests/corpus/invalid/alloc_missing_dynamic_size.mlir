// EXPECT-ERROR: 4:8: 'memref.alloc' op dimension operand count does not equal memref dynamic dimension count
// memref.alloc of memref<?xf32> without a size operand
func.func @f() {
  %0 = memref.alloc() : memref<?xf32>
  return
}
