#include <affjit/Buffer.h>
#include <affjit/Engine.h>

#include <cstdio>

int main() {
  affjit::Engine engine; // host CPU, -O3
  if (auto err = engine.compile(R"mlir(
    func.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
      %c0 = arith.constant 0 : index
      %n = memref.dim %x, %c0 : memref<?xf32>
      affine.for %i = 0 to %n {
        %xi = affine.load %x[%i] : memref<?xf32>
        %yi = affine.load %y[%i] : memref<?xf32>
        %p = arith.mulf %a, %xi : f32
        %s = arith.addf %p, %yi : f32
        affine.store %s, %y[%i] : memref<?xf32>
      }
      return
    }
    func.func @sum(%x: memref<?xf32>) -> f32 {
      %c0 = arith.constant 0 : index
      %n = memref.dim %x, %c0 : memref<?xf32>
      %zero = arith.constant 0.0 : f32
      %s = affine.for %i = 0 to %n iter_args(%acc = %zero) -> (f32) {
        %xi = affine.load %x[%i] : memref<?xf32>
        %t = arith.addf %acc, %xi : f32
        affine.yield %t : f32
      }
      return %s : f32
    })mlir")) {
    std::fprintf(stderr, "%s\n", err.message().c_str());
    return 1;
  }
  affjit::MemRef<float, 1> x({1024}), y({1024});
  for (int i = 0; i < 1024; ++i) {
    x(i) = float(i);
    y(i) = 2.5f;
  }
  if (auto err = engine.call("saxpy", 2.0f, x, y)) {
    std::fprintf(stderr, "%s\n", err.message().c_str());
    return 1;
  }
  std::printf("y[10] = %g\n", y(10));

  // Look a function up once, call it many times; call<float> returns its
  // f32 result.
  affjit::Expected<affjit::Function> sum = engine.lookup("sum");
  if (!sum) {
    std::fprintf(stderr, "%s\n", sum.error().message().c_str());
    return 1;
  }
  affjit::Expected<float> total = sum->call<float>(y);
  if (!total) {
    std::fprintf(stderr, "%s\n", total.error().message().c_str());
    return 1;
  }
  std::printf("sum(y) = %.1f\n", *total);
}
