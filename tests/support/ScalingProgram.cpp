// The scaling programs (see ScalingProgram.h).
#include "support/ScalingProgram.h"

#include <string>

namespace affjit::test {

namespace {

constexpr int kSize = 256;
constexpr int kDeepSize = 64;

std::string type(int rows, int cols) {
  return "memref<" + std::to_string(rows) + "x" + std::to_string(cols) +
         "xf32>";
}

/// The buffer nest `k` of the chain reads.
std::string chainInput(int k) {
  return k == 0 ? "%in" : "%t" + std::to_string(k);
}

/// The buffer nest `k` of `n` writes.
std::string chainOutput(int k, int n) {
  return k == n - 1 ? "%out" : "%t" + std::to_string(k + 1);
}

void printElementwise(std::string &s, const std::string &in,
                      const std::string &out, const std::string &t) {
  s += "  affine.for %i = 0 to 256 {\n"
       "    affine.for %j = 0 to 256 {\n"
       "      %v = affine.load " +
       in + "[%i, %j] : " + t +
       "\n"
       "      %w = arith.mulf %v, %c2 : f32\n"
       "      %x = arith.addf %w, %c1 : f32\n"
       "      affine.store %x, " +
       out + "[%i, %j] : " + t +
       "\n"
       "    }\n"
       "  }\n";
}

void printShifted(std::string &s, const std::string &in, const std::string &out,
                  const std::string &t) {
  s += "  affine.for %i = 0 to 256 {\n"
       "    affine.for %j = 0 to 255 {\n"
       "      %a = affine.load " +
       in + "[%i, %j] : " + t +
       "\n"
       "      %b = affine.load " +
       in + "[%i, %j + 1] : " + t +
       "\n"
       "      %d = arith.subf %b, %a : f32\n"
       "      affine.store %d, " +
       out + "[%i, %j] : " + t +
       "\n"
       "    }\n"
       "  }\n";
}

void printMatmul(std::string &s, const std::string &in, const std::string &out,
                 const std::string &t) {
  s += "  affine.for %i = 0 to 256 {\n"
       "    affine.for %j = 0 to 256 {\n"
       "      affine.store %c0, " +
       out + "[%i, %j] : " + t +
       "\n"
       "      affine.for %k = 0 to 256 {\n"
       "        %a = affine.load " +
       in + "[%i, %k] : " + t +
       "\n"
       "        %b = affine.load %wt[%k, %j] : " +
       t +
       "\n"
       "        %c = affine.load " +
       out + "[%i, %j] : " + t +
       "\n"
       "        %p = arith.mulf %a, %b : f32\n"
       "        %q = arith.addf %c, %p : f32\n"
       "        affine.store %q, " +
       out + "[%i, %j] : " + t +
       "\n"
       "      }\n"
       "    }\n"
       "  }\n";
}

std::string constants() {
  return "  %c0 = arith.constant 0.0 : f32\n"
         "  %c1 = arith.constant 1.0 : f32\n"
         "  %c2 = arith.constant 2.0 : f32\n";
}

std::string chain(int n) {
  std::string t = type(kSize, kSize);
  std::string s = "func.func @main(%in: " + t + ", %wt: " + t + ", %out: " + t +
                  ") {\n" + constants();
  for (int k = 1; k < n; ++k)
    s += "  %t" + std::to_string(k) + " = memref.alloc() : " + t + "\n";
  for (int k = 0; k < n; ++k) {
    std::string in = chainInput(k), out = chainOutput(k, n);
    if (k % 8 == 7)
      printMatmul(s, in, out, t);
    else if (k % 2 == 1)
      printShifted(s, in, out, t);
    else
      printElementwise(s, in, out, t);
  }
  for (int k = 1; k < n; ++k)
    s += "  memref.dealloc %t" + std::to_string(k) + " : " + t + "\n";
  return s + "  return\n}\n";
}

std::string independent(int n) {
  std::string t = type(kSize, kSize);
  std::string s = "func.func @main() {\n" + constants();
  for (int k = 0; k < n; ++k) {
    std::string b = "%b" + std::to_string(k);
    s += "  " + b + " = memref.alloc() : " + t + "\n";
    s += "  affine.for %i = 0 to 256 {\n"
         "    affine.for %j = 0 to 256 {\n"
         "      %x = affine.apply affine_map<(d0, d1) -> (d0 + d1 + " +
         std::to_string(k) +
         ")>(%i, %j)\n"
         "      %y = arith.index_cast %x : index to i32\n"
         "      %f = arith.sitofp %y : i32 to f32\n"
         "      %g = arith.mulf %f, %c2 : f32\n"
         "      affine.store %g, " +
         b + "[%i, %j] : " + t +
         "\n"
         "    }\n"
         "  }\n";
  }
  for (int k = 0; k < n; ++k)
    s += "  memref.dealloc %b" + std::to_string(k) + " : " + t + "\n";
  return s + "  return\n}\n";
}

std::string deep(int n) {
  std::string t = type(kDeepSize, kDeepSize);
  std::string s =
      "func.func @main(%in: " + t + ", %out: " + t + ") {\n" + constants();
  for (int k = 1; k < n; ++k)
    s += "  %t" + std::to_string(k) + " = memref.alloc() : " + t + "\n";
  s += "  affine.for %i = 0 to 64 {\n"
       "    affine.for %j = 0 to 64 {\n";
  for (int k = 0; k < n; ++k) {
    std::string id = std::to_string(k);
    s += "      %v" + id + " = affine.load " + chainInput(k) +
         "[%i, %j] : " + t + "\n";
    s += "      %w" + id + " = arith.mulf %v" + id + ", %c2 : f32\n";
    s += "      %x" + id + " = arith.addf %w" + id + ", %c1 : f32\n";
    s += "      affine.store %x" + id + ", " + chainOutput(k, n) +
         "[%i, %j] : " + t + "\n";
  }
  s += "    }\n"
       "  }\n";
  for (int k = 1; k < n; ++k)
    s += "  memref.dealloc %t" + std::to_string(k) + " : " + t + "\n";
  return s + "  return\n}\n";
}

} // namespace

std::string generateScalingProgram(const std::string &shape, int n) {
  if (shape == "chain")
    return chain(n);
  if (shape == "independent")
    return independent(n);
  if (shape == "deep")
    return deep(n);
  return "";
}

} // namespace affjit::test
