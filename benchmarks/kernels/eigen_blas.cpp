// Eigen behind the two CBLAS signatures benchmarks/KernelBench.cpp's BLAS
// rows call (cblas_sgemm, cblas_sgemv; row-major, unit vector strides), so
// that the `eigen` row runs the same computations through Eigen's matrix
// products. Built -O3 -march=native without OpenMP (one thread) into a
// module that KernelBench dlopens like OpenBLAS and BLIS.
#include <Eigen/Dense>

namespace {

constexpr int kRowMajor = 101, kNoTrans = 111;

using RowMajor =
    Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Strided = Eigen::OuterStride<>;
using ConstMatrix = Eigen::Map<const RowMajor, 0, Strided>;
using Matrix = Eigen::Map<RowMajor, 0, Strided>;
using ConstVector = Eigen::Map<const Eigen::VectorXf>;
using Vector = Eigen::Map<Eigen::VectorXf>;

/// `m` scaled by `beta` as BLAS does it: beta == 0 overwrites (NaNs
/// included).
template <typename M> void scale(M &&m, float beta) {
  if (beta == 0.0f)
    m.setZero();
  else if (beta != 1.0f)
    m *= beta;
}

} // namespace

extern "C" {

/// C = alpha op(A) op(B) + beta C, row-major only (other orders do nothing:
/// KernelBench never asks for them).
void cblas_sgemm(int order, int transA, int transB, int m, int n, int k,
                 float alpha, const float *a, int lda, const float *b, int ldb,
                 float beta, float *c, int ldc) {
  if (order != kRowMajor)
    return;
  bool ta = transA != kNoTrans, tb = transB != kNoTrans;
  ConstMatrix A(a, ta ? k : m, ta ? m : k, Strided(lda));
  ConstMatrix B(b, tb ? n : k, tb ? k : n, Strided(ldb));
  Matrix C(c, m, n, Strided(ldc));
  scale(C, beta);
  if (!ta && !tb)
    C.noalias() += alpha * A * B;
  else if (ta && !tb)
    C.noalias() += alpha * A.transpose() * B;
  else if (!ta && tb)
    C.noalias() += alpha * A * B.transpose();
  else
    C.noalias() += alpha * A.transpose() * B.transpose();
}

/// y = alpha op(A) x + beta y, row-major, unit strides only.
void cblas_sgemv(int order, int trans, int m, int n, float alpha,
                 const float *a, int lda, const float *x, int incx, float beta,
                 float *y, int incy) {
  if (order != kRowMajor || incx != 1 || incy != 1)
    return;
  ConstMatrix A(a, m, n, Strided(lda));
  bool t = trans != kNoTrans;
  ConstVector X(x, t ? m : n);
  Vector Y(y, t ? n : m);
  scale(Y, beta);
  if (t)
    Y.noalias() += alpha * A.transpose() * X;
  else
    Y.noalias() += alpha * A * X;
}

/// "Eigen 3.4.0", for the row's label.
const char *affjit_eigen_version() {
  return "Eigen " EIGEN_MAKESTRING(EIGEN_WORLD_VERSION) "." EIGEN_MAKESTRING(
      EIGEN_MAJOR_VERSION) "." EIGEN_MAKESTRING(EIGEN_MINOR_VERSION);
}

} // extern "C"
