// The syntax of the vector dialect's shape, element, mask and outer
// product ops, custom and generic forms.
func.func @shape_ops(%a: vector<4x8xf32>, %b: vector<8xf32>, %c: vector<4xf32>, %s: f32, %i: i32, %j: index, %z: vector<i32>) -> vector<4x8xf32> {
  %0 = vector.extract_strided_slice %a {offsets = [1, 2], sizes = [2, 3], strides = [1, 1]} : vector<4x8xf32> to vector<2x3xf32>
  %1 = vector.extract_strided_slice %a {offsets = [2], sizes = [1], strides = [1]} : vector<4x8xf32> to vector<1x8xf32>
  %2 = vector.insert_strided_slice %c, %a {offsets = [3, 4], strides = [1]} : vector<4xf32> into vector<4x8xf32>
  %3 = vector.insert_strided_slice %0, %2 {offsets = [0, 0], strides = [1, 1]} : vector<2x3xf32> into vector<4x8xf32>
  %4 = vector.extractelement %b[%i : i32] : vector<8xf32>
  %5 = vector.insertelement %4, %c[%j : index] : vector<4xf32>
  %6 = vector.extractelement %z[] : vector<i32>
  %7 = vector.insertelement %6, %z[] : vector<i32>
  %8 = vector.shuffle %b, %c [0, 9, 3, 11] : vector<8xf32>, vector<4xf32>
  %9 = vector.shuffle %a, %a [7, 0] : vector<4x8xf32>, vector<4x8xf32>
  %10 = vector.shuffle %z, %7 [1, 0, 1] : vector<i32>, vector<i32>
  %11 = vector.transpose %a, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %12 = vector.transpose %z, [] : vector<i32> to vector<i32>
  %13 = vector.outerproduct %c, %b : vector<4xf32>, vector<8xf32>
  %14 = vector.outerproduct %c, %b, %13 : vector<4xf32>, vector<8xf32>
  %15 = vector.outerproduct %c, %b, %14 {kind = #vector.kind<maximumf>} : vector<4xf32>, vector<8xf32>
  %16 = vector.outerproduct %c, %s : vector<4xf32>, f32
  %17 = vector.outerproduct %c, %s, %16 {kind = #vector.kind<mul>} : vector<4xf32>, f32
  %18 = "vector.outerproduct"(%c, %b) <{kind = #vector.kind<minnumf>}> : (vector<4xf32>, vector<8xf32>) -> vector<4x8xf32>
  %19 = vector.bitcast %b : vector<8xf32> to vector<16xf16>
  %20 = vector.bitcast %a : vector<4x8xf32> to vector<4x4xi64>
  %21 = vector.bitcast %z : vector<i32> to vector<f32>
  %22 = vector.shape_cast %a : vector<4x8xf32> to vector<32xf32>
  %23 = vector.shape_cast %22 : vector<32xf32> to vector<2x2x8xf32>
  %24 = vector.constant_mask [2, 3] : vector<4x8xi1>
  %25 = vector.constant_mask [0] : vector<i1>
  %26 = vector.create_mask %j, %j : vector<4x8xi1>
  %27 = vector.create_mask %j : vector<i1>
  %28 = "vector.shuffle"(%b, %b) <{mask = [1, 2]}> : (vector<8xf32>, vector<8xf32>) -> vector<2xf32>
  %29 = "vector.transpose"(%11) <{permutation = array<i64: 1, 0>}> : (vector<8x4xf32>) -> vector<4x8xf32>
  %30 = "vector.constant_mask"() <{mask_dim_sizes = [4]}> : () -> vector<4xi1>
  %31 = vector.extract_strided_slice %b {offsets = [0], sizes = [8], strides = [1], tag = "kept"} : vector<8xf32> to vector<8xf32>
  %32 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %33 = arith.constant dense<7> : vector<2x3x4xi8>
  %34 = arith.constant dense<1.5> : vector<f64>
  return %15 : vector<4x8xf32>
}

func.func @signedness(%a: vector<4xi8>, %b: vector<2x2xsi32>) -> (vector<4xui8>, vector<2x4xi16>) {
  %0 = vector.bitcast %a : vector<4xi8> to vector<4xui8>
  %1 = vector.bitcast %b : vector<2x2xsi32> to vector<2x4xi16>
  return %0, %1 : vector<4xui8>, vector<2x4xi16>
}
