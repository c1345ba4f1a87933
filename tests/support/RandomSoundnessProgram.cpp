// The soundness fuzzer's program generator. A program is first built as a
// small model (functions, views with their strided geometry over a base
// buffer, loops with affine bounds, loads, stores, calls; arithmetic is
// opaque text), then executed abstractly by `Machine`, which evaluates every
// bound, condition and subscript (they are affine in loop variables and
// known index values) and rejects the draw if an access leaves its view or
// buffer, reads an element nothing wrote, two iterations of an
// affine.parallel touch one element and one writes it, or the program does
// too much work. A rejected draw is redrawn. Only then is the model printed.
//
// The families build shapes whose legality is subtle on purpose (aliasing
// views, steps, min/max bounds, zero-trip loops), so they are built loosely
// and the machine, not the family, is the judge of validity.
#include "support/RandomSoundnessProgram.h"
#include "support/SeededRng.h"

#include <algorithm>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace affjit::test {

namespace {

//===----------------------------------------------------------------------===//
// Model
//===----------------------------------------------------------------------===//

enum class Elem { F32, I32 };

const char *elemName(Elem e) { return e == Elem::F32 ? "f32" : "i32"; }

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }
int64_t modPos(int64_t a, int64_t b) {
  int64_t r = a % b;
  return r < 0 ? r + b : r;
}

/// `(sum of coef * var + k) op d + post`; without op, `sum + k`.
struct Expr {
  std::vector<std::pair<int, int64_t>> terms;
  int64_t k = 0;
  char op = 0; // 0, 'f' floordiv, 'c' ceildiv, 'm' mod
  int64_t d = 1;
  int64_t post = 0;
};

Expr cst(int64_t k) {
  Expr e;
  e.k = k;
  return e;
}
Expr var(int v, int64_t shift = 0, int64_t coef = 1) {
  Expr e;
  e.terms = {{v, coef}};
  e.k = shift;
  return e;
}
Expr plus(Expr e, int64_t c) {
  (e.op ? e.post : e.k) += c;
  return e;
}
Expr withTerm(Expr e, int v, int64_t coef) {
  e.terms.push_back({v, coef});
  return e;
}
/// `(e) op d`; `e` must not have an op yet.
Expr applyOp(Expr e, char op, int64_t d) {
  e.op = op;
  e.d = d;
  return e;
}

/// A loop variable or an index value (function argument or constant).
struct Var {
  std::string ssa;
  bool symbol = false;
  int64_t value = 0; // main's constants
};

/// Where a view's elements are: buffer element offset + sum idx_d *
/// strides_d, for 0 <= idx_d < sizes_d.
struct Geometry {
  int buffer = -1;
  int64_t offset = 0;
  std::vector<int64_t> sizes, strides;
};

std::vector<int64_t> rowMajor(const std::vector<int64_t> &shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int d = (int)shape.size() - 2; d >= 0; --d)
    s[d] = s[d + 1] * shape[d + 1];
  return s;
}

struct View {
  std::string ssa, type;
  Elem elem = Elem::F32;
  Geometry geo;
  /// The base view of this buffer: its type and geometry follow the
  /// buffer's final shape.
  int baseOf = -1;
  /// Typed with identity layout (an alloc, or a cast/reshape of one).
  bool identity = false;
  /// Typed with `?` sizes or strides: not a source of further views.
  bool dynamic = false;
  /// Kernel parameters: declared sizes (-1: dynamic), checked at calls.
  std::vector<int64_t> declSizes;
  int rank() const { return (int)geo.sizes.size(); }
};

struct Stmt;
using Body = std::vector<Stmt>;

struct Stmt {
  enum Kind { Line, Load, Store, For, If, Parallel, Call } kind = Line;
  /// Line: the op; Load: the result; Store: the stored value.
  std::string text;
  int view = -1;
  std::vector<Expr> subs;
  /// For (one) and Parallel (per dimension): max of lbs, min of ubs.
  std::vector<int> ivs;
  std::vector<std::vector<Expr>> lbs, ubs;
  std::vector<int64_t> steps;
  /// Results: For's iter_args types, Parallel's reduce types, If's types.
  std::vector<std::string> types, iterArgs, inits, reduceKinds, yields,
      elseYields;
  std::string result;
  std::vector<Expr> conds;
  std::vector<bool> isEq;
  Body body, elseBody;
  bool hasElse = false;
  int callee = -1;
  std::vector<int> argViews, argVars;
  /// Name of result k (`%r` or `%r#k`).
  std::string res(size_t k = 0) const {
    return types.size() == 1 ? result : result + "#" + std::to_string(k);
  }
};

Stmt lineS(std::string text) {
  Stmt s;
  s.text = std::move(text);
  return s;
}

struct Func {
  std::string name;
  std::vector<View> views;
  std::vector<int> paramViews, paramVars;
  Body body;
};

/// A fill's value: k = (sum coef_d * idx_d + c) mod m, then
/// (k - half) * scale (f32) or * imul (i32); specials replace some k.
struct Init {
  std::vector<int64_t> coef;
  int64_t c = 0, m = 7, half = 3, imul = 1;
  std::string scale = "1.0";
  std::vector<std::pair<int64_t, std::string>> specials;
};

struct Buffer {
  std::string ssa;
  std::vector<int64_t> shape;
  Elem elem = Elem::F32;
  Init init;
  bool fill = true, printed = true, bits = false, alloca = false;
  /// Shape decided by measuring the accesses (Machine in measure mode).
  bool late = false;
  int view = -1;
  int64_t elements() const {
    int64_t n = 1;
    for (int64_t s : shape)
      n *= s;
    return n;
  }
};

struct Reject : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class Data { Exact, Inexact, Special };

const std::vector<int64_t> kTrips = {1,  2,  3,  4,  5,  7,  8,  9,
                                     12, 15, 16, 17, 24, 31, 32, 33,
                                     40, 47, 48, 63, 64, 65};
const std::vector<int64_t> kSmallTrips = {1, 2, 3,  4,  5,  7,
                                          8, 9, 12, 15, 16, 17};
const std::vector<int64_t> kMidTrips = {1,  2,  3,  5,  7,  8,  9,
                                        15, 16, 17, 24, 31, 32, 33};

//===----------------------------------------------------------------------===//
// Builder
//===----------------------------------------------------------------------===//

class Gen {
public:
  explicit Gen(Rng &rng) : rng(rng) {
    // Families hold `main().body` across kernel() calls: no reallocation.
    funcs.reserve(kMaxFuncs);
    funcs.push_back({"main", {}, {}, {}, {}});
  }
  static constexpr size_t kMaxFuncs = 16;

  Rng &rng;
  std::vector<Var> vars;
  std::vector<Buffer> buffers;
  std::vector<Func> funcs;
  Body fills;
  bool special = false, looseZero = false;
  /// Views and subscripts stay unit-stride along the innermost loop, so
  /// the vectorizer takes the loops (views family).
  bool contiguous = false;
  /// The fill nests go into a function @init that @main calls: fusion
  /// does not see through calls, so the fills' index arithmetic (which
  /// keeps a loop scalar) stays out of the nests under test.
  bool fillsInFunction = false;
  /// Per element type: the buffer scalar results are stored into.
  int resultBuffer[2] = {-1, -1};
  int resultSlots[2] = {0, 0};

  Func &main() { return funcs[0]; }
  std::string fresh(const std::string &prefix) {
    return "%" + prefix + std::to_string(counter++);
  }
  int64_t pick(const std::vector<int64_t> &v) { return rng.pick(v); }

  int newVar(const std::string &prefix, bool symbol = false,
             int64_t value = 0) {
    vars.push_back({fresh(prefix), symbol, value});
    return (int)vars.size() - 1;
  }
  int iv(const char *prefix = "i") { return newVar(prefix); }
  int indexConst(Body &b, int64_t v) {
    int id = newVar("n", true, v);
    b.push_back(lineS(vars[id].ssa + " = arith.constant " + std::to_string(v) +
                      " : index"));
    return id;
  }
  std::string constant(Body &b, const std::string &literal, Elem e) {
    std::string name = fresh("c");
    b.push_back(
        lineS(name + " = arith.constant " + literal + " : " + elemName(e)));
    return name;
  }

  Elem pickElem(int percentI32 = 25) {
    return rng.chance(percentI32) ? Elem::I32 : Elem::F32;
  }
  Data pickData() { return rng.chance(50) ? Data::Exact : Data::Inexact; }

  //===--- buffers and views ---===//

  /// A buffer of `shape` in @main; returns its base view.
  int buffer(std::vector<int64_t> shape, Elem e, Data data, bool fill = true) {
    Buffer b;
    b.ssa = fresh(e == Elem::F32 ? "A" : "I");
    b.shape = std::move(shape);
    b.elem = e;
    b.fill = fill;
    b.init = makeInit((int)b.shape.size(), e, data);
    buffers.push_back(b);
    int id = (int)buffers.size() - 1;
    View v;
    v.ssa = b.ssa;
    v.elem = e;
    v.baseOf = id;
    v.identity = true;
    v.geo = {id, 0, b.shape, rowMajor(b.shape)};
    main().views.push_back(v);
    buffers[id].view = (int)main().views.size() - 1;
    return buffers[id].view;
  }
  /// A buffer whose shape is measured from its accesses (rank only here).
  int lateBuffer(int rank, Elem e, Data data, bool fill = true) {
    int v = buffer(std::vector<int64_t>(rank, 1), e, data, fill);
    buffers[main().views[v].baseOf].late = true;
    return v;
  }
  Buffer &bufferOf(int mainView) {
    return buffers[main().views[mainView].geo.buffer];
  }

  Init makeInit(int rank, Elem e, Data data) {
    static const std::vector<int64_t> moduli = {5, 7, 11, 13, 17, 19, 23};
    static const std::vector<std::string> exact = {"1.0",  "0.5", "0.25",
                                                   "-0.5", "2.0", "-1.0"};
    static const std::vector<std::string> inexact = {"0.1", "0.3",  "-0.7",
                                                     "1.1", "0.37", "-0.13"};
    Init in;
    for (int d = 0; d < rank; ++d)
      in.coef.push_back(rng.range(1, 9));
    in.c = rng.range(0, 20);
    in.m = rng.pick(moduli);
    in.half = in.m / 2;
    in.imul = rng.pick(std::vector<int64_t>{1, 3, -2, 7});
    in.scale = rng.pick(data == Data::Exact ? exact : inexact);
    if (data == Data::Special) {
      static const std::vector<std::string> specials = {
          "0x7FC00000", "-0.0",       "0.0",
          "0x7F800000", "0xFF800000", "0xFFC00000"};
      int n = (int)rng.range(1, 3);
      for (int i = 0; i < n; ++i) {
        std::string lit = rng.pick(specials);
        in.specials.push_back({rng.range(0, in.m - 1), lit});
        if (lit.rfind("0x", 0) == 0)
          special = true;
      }
    }
    return in;
  }

  std::string stridedType(const Geometry &g, Elem e, bool dyn = false) const {
    std::string t = "memref<";
    for (int64_t s : g.sizes)
      t += (dyn ? std::string("?") : std::to_string(s)) + "x";
    t += std::string(elemName(e)) + ", strided<[";
    for (size_t d = 0; d < g.strides.size(); ++d)
      t += (d ? ", " : "") +
           (dyn ? std::string("?") : std::to_string(g.strides[d]));
    t += "]";
    if (dyn)
      t += ", offset: ?";
    else if (g.offset)
      t += ", offset: " + std::to_string(g.offset);
    return t + ">>";
  }
  static std::string identityType(const std::vector<int64_t> &shape, Elem e,
                                  bool dyn = false) {
    std::string t = "memref<";
    for (int64_t s : shape)
      t += (dyn ? std::string("?") : std::to_string(s)) + "x";
    return t + elemName(e) + ">";
  }
  std::string typeOf(int func, int view) const {
    const View &v = funcs[func].views[view];
    if (v.baseOf >= 0)
      return identityType(buffers[v.baseOf].shape, v.elem);
    return v.type;
  }
  std::string mainType(int view) const { return typeOf(0, view); }

  int addView(Body &b, View v, const std::string &opText) {
    v.ssa = fresh("V");
    b.push_back(lineS(v.ssa + " = " + opText));
    main().views.push_back(v);
    return (int)main().views.size() - 1;
  }
  View derived(int src) {
    View v;
    v.elem = main().views[src].elem;
    v.geo = main().views[src].geo;
    return v;
  }

  int castDynamic(Body &b, int src) {
    View v = derived(src);
    const View &s = main().views[src];
    v.type = s.identity ? identityType(s.geo.sizes, v.elem, true)
                        : stridedType(s.geo, v.elem, true);
    v.dynamic = true;
    return addView(
        b, v, "memref.cast " + s.ssa + " : " + mainType(src) + " to " + v.type);
  }
  /// memref.cast to a given type with the same geometry (kernel calls).
  int castTo(Body &b, int src, const std::string &type) {
    if (mainType(src) == type)
      return src;
    View v = derived(src);
    v.type = type;
    v.dynamic = true;
    return addView(b, v,
                   "memref.cast " + main().views[src].ssa + " : " +
                       mainType(src) + " to " + type);
  }
  int subview(Body &b, int src, const std::vector<int64_t> &offs,
              const std::vector<int64_t> &sizes,
              const std::vector<int64_t> &steps,
              const std::vector<bool> &drop = {}) {
    const Geometry &g = main().views[src].geo;
    View v = derived(src);
    v.geo.sizes.clear();
    v.geo.strides.clear();
    for (size_t d = 0; d < offs.size(); ++d) {
      v.geo.offset += offs[d] * g.strides[d];
      if (drop.empty() || !drop[d]) {
        v.geo.sizes.push_back(sizes[d]);
        v.geo.strides.push_back(g.strides[d] * steps[d]);
      }
    }
    v.type = stridedType(v.geo, v.elem);
    auto list = [](const std::vector<int64_t> &l) {
      std::string s = "[";
      for (size_t i = 0; i < l.size(); ++i)
        s += (i ? ", " : "") + std::to_string(l[i]);
      return s + "]";
    };
    return addView(b, v,
                   "memref.subview " + main().views[src].ssa + list(offs) +
                       " " + list(sizes) + " " + list(steps) + " : " +
                       mainType(src) + " to " + v.type);
  }
  int reinterpret(Body &b, int baseView, int64_t offset,
                  const std::vector<int64_t> &sizes,
                  const std::vector<int64_t> &strides) {
    View v = derived(baseView);
    v.geo.offset = offset;
    v.geo.sizes = sizes;
    v.geo.strides = strides;
    v.type = stridedType(v.geo, v.elem);
    auto list = [](const std::vector<int64_t> &l) {
      std::string s = "[";
      for (size_t i = 0; i < l.size(); ++i)
        s += (i ? ", " : "") + std::to_string(l[i]);
      return s + "]";
    };
    return addView(b, v,
                   "memref.reinterpret_cast " + main().views[baseView].ssa +
                       " to offset: [" + std::to_string(offset) + "], sizes: " +
                       list(sizes) + ", strides: " + list(strides) + " : " +
                       mainType(baseView) + " to " + v.type);
  }
  /// Collapses a 2-D view whose rows are contiguous into 1-D.
  int collapse(Body &b, int src) {
    const View &s = main().views[src];
    View v = derived(src);
    v.geo.sizes = {s.geo.sizes[0] * s.geo.sizes[1]};
    v.geo.strides = {1};
    v.identity = s.identity;
    v.type = s.identity ? identityType(v.geo.sizes, v.elem)
                        : stridedType(v.geo, v.elem);
    return addView(b, v,
                   "memref.collapse_shape " + s.ssa +
                       " [[0, 1]] : " + mainType(src) + " into " + v.type);
  }
  /// Expands a 1-D view into rows x (size / rows).
  int expand(Body &b, int src, int64_t rows) {
    const View &s = main().views[src];
    int64_t cols = s.geo.sizes[0] / rows;
    View v = derived(src);
    v.geo.sizes = {rows, cols};
    v.geo.strides = {cols * s.geo.strides[0], s.geo.strides[0]};
    // MLIR gives an identity result to any source whose layout is the
    // identity, `strided<[1]>` included.
    v.identity = s.identity || (s.geo.offset == 0 && s.geo.strides[0] == 1);
    v.type = v.identity ? identityType(v.geo.sizes, v.elem)
                        : stridedType(v.geo, v.elem);
    return addView(b, v,
                   "memref.expand_shape " + s.ssa + " [[0, 1]] output_shape [" +
                       std::to_string(rows) + ", " + std::to_string(cols) +
                       "] : " + mainType(src) + " into " + v.type);
  }
  int transpose(Body &b, int src) {
    const View &s = main().views[src];
    View v = derived(src);
    std::swap(v.geo.sizes[0], v.geo.sizes[1]);
    std::swap(v.geo.strides[0], v.geo.strides[1]);
    v.type = stridedType(v.geo, v.elem);
    return addView(b, v,
                   "memref.transpose " + s.ssa + " (i, j) -> (j, i) : " +
                       mainType(src) + " to " + v.type);
  }

  /// A random view of `src` (a static view of @main), or -1.
  int randomView(Body &b, int src) {
    const View s = main().views[src];
    bool isBase = s.baseOf >= 0;
    const Geometry &g = s.geo;
    for (int attempt = 0; attempt < 8; ++attempt) {
      switch (rng.below(6)) {
      case 0:
        if (contiguous && rng.chance(50))
          break; // other views are more interesting
        return castDynamic(b, src);
      case 1: { // subview with offsets, sizes and (non-)unit strides
        std::vector<int64_t> offs, sizes, steps;
        for (int64_t n : g.sizes) {
          int64_t step =
              contiguous ? 1 : rng.pick(std::vector<int64_t>{1, 1, 2, 3});
          int64_t off = rng.range(0, std::min<int64_t>(3, n - 1));
          int64_t room = (n - 1 - off) / step + 1;
          offs.push_back(off);
          steps.push_back(step);
          sizes.push_back(rng.chance(60) ? room : rng.range(1, room));
        }
        return subview(b, src, offs, sizes, steps);
      }
      case 2: { // rank-reducing: one row or one column of a 2-D view
        if (s.rank() != 2)
          break;
        bool row = contiguous || rng.chance(50);
        int64_t at = rng.range(0, g.sizes[row ? 0 : 1] - 1);
        if (row)
          return subview(b, src, {at, 0}, {1, g.sizes[1]}, {1, 1},
                         {true, false});
        return subview(b, src, {0, at}, {g.sizes[0], 1}, {1, 1}, {false, true});
      }
      case 3: { // reinterpret_cast of the whole buffer, maybe overlapping
        if (!isBase)
          break;
        int64_t total = 1;
        for (int64_t n : g.sizes)
          total *= n;
        int64_t off = rng.range(0, 4);
        if (rng.chance(50)) {
          int64_t step =
              contiguous ? 1 : rng.pick(std::vector<int64_t>{1, 1, 2});
          int64_t size = (total - 1 - off) / step + 1;
          if (size < 1)
            break;
          return reinterpret(b, src, off, {size}, {step});
        }
        int64_t cols = contiguous ? rng.pick(std::vector<int64_t>{8, 9, 16, 17})
                                  : rng.range(2, 9);
        // Rows closer than a row's length overlap; farther leave gaps.
        int64_t rowStride = std::max<int64_t>(1, cols + rng.range(-3, 3));
        int64_t rows = (total - off - cols) / rowStride + 1;
        if (rows < 1 || off + (rows - 1) * rowStride + cols > total)
          break;
        return reinterpret(b, src, off, {rows, cols}, {rowStride, 1});
      }
      case 4: { // expand a 1-D view, collapse a 2-D one with contiguous rows
        if (s.dynamic)
          break;
        if (s.rank() == 1) {
          std::vector<int64_t> divisors;
          for (int64_t r = 2; r <= g.sizes[0] / 2; ++r)
            if (g.sizes[0] % r == 0)
              divisors.push_back(r);
          if (divisors.empty())
            break;
          return expand(b, src, rng.pick(divisors));
        }
        if (g.strides[1] == 1 && g.strides[0] == g.sizes[1])
          return collapse(b, src);
        break;
      }
      case 5:
        if (s.rank() == 2 && !contiguous)
          return transpose(b, src);
        break;
      }
    }
    return -1;
  }

  //===--- kernels ---===//

  int kernel() {
    if (funcs.size() == kMaxFuncs)
      throw Reject("too many kernels");
    funcs.push_back({"@k" + std::to_string(funcs.size()), {}, {}, {}, {}});
    return (int)funcs.size() - 1;
  }
  /// A memref parameter; `declSizes` -1 where the type says `?`.
  int memrefParam(int f, const std::string &type, Elem e,
                  std::vector<int64_t> declSizes) {
    View v;
    v.ssa = fresh("X");
    v.type = type;
    v.elem = e;
    v.declSizes = std::move(declSizes);
    v.geo.sizes = v.declSizes;
    funcs[f].views.push_back(v);
    funcs[f].paramViews.push_back((int)funcs[f].views.size() - 1);
    return (int)funcs[f].views.size() - 1;
  }
  int indexParam(int f) {
    int id = newVar("n", true);
    funcs[f].paramVars.push_back(id);
    return id;
  }
  Stmt call(int f, std::vector<int> argViews, std::vector<int> argVars) {
    Stmt s;
    s.kind = Stmt::Call;
    s.callee = f;
    s.argViews = std::move(argViews);
    s.argVars = std::move(argVars);
    return s;
  }

  //===--- statements ---===//

  Stmt load(const std::string &dst, int view, std::vector<Expr> subs) {
    Stmt s;
    s.kind = Stmt::Load;
    s.text = dst;
    s.view = view;
    s.subs = std::move(subs);
    return s;
  }
  std::string loadInto(Body &b, int view, std::vector<Expr> subs) {
    std::string v = fresh("v");
    b.push_back(load(v, view, std::move(subs)));
    return v;
  }
  void store(Body &b, const std::string &value, int view,
             std::vector<Expr> subs) {
    Stmt s;
    s.kind = Stmt::Store;
    s.text = value;
    s.view = view;
    s.subs = std::move(subs);
    b.push_back(s);
  }
  static Stmt loop(int iv, std::vector<Expr> lbs, std::vector<Expr> ubs,
                   int64_t step, Body body) {
    Stmt s;
    s.kind = Stmt::For;
    s.ivs = {iv};
    s.lbs = {std::move(lbs)};
    s.ubs = {std::move(ubs)};
    s.steps = {step};
    s.body = std::move(body);
    return s;
  }
  static Stmt loop(int iv, int64_t lo, int64_t hi, int64_t step, Body body) {
    return loop(iv, {cst(lo)}, {cst(hi)}, step, std::move(body));
  }

  //===--- arithmetic ---===//

  std::string op(Body &b, const std::string &name, const std::string &x,
                 const std::string &y, Elem e) {
    std::string v = fresh("v");
    b.push_back(lineS(v + " = arith." + name + " " + x + ", " + y + " : " +
                      elemName(e)));
    return v;
  }
  std::string binaryName(Elem e, bool allowMinMax = true) {
    if (e == Elem::I32)
      return rng.pick(std::vector<std::string>{"addi", "subi", "muli", "maxsi",
                                               "minsi", "andi", "ori", "xori",
                                               "addi"});
    std::vector<std::string> ops = {"addf", "subf", "mulf", "addf"};
    if (allowMinMax) {
      ops.push_back("maximumf");
      ops.push_back("minimumf");
      if (looseZero) {
        ops.push_back("maxnumf");
        ops.push_back("minnumf");
      }
    }
    return rng.pick(ops);
  }
  /// One op with a constant: scaling, offset, division.
  std::string unary(Body &b, const std::string &x, Elem e) {
    if (e == Elem::I32) {
      static const std::vector<std::pair<std::string, std::string>> ops = {
          {"addi", "3"},  {"muli", "3"},  {"divsi", "2"}, {"remsi", "7"},
          {"shrsi", "1"}, {"muli", "-2"}, {"xori", "5"},  {"subi", "4"}};
      auto [name, c] = ops[rng.below(ops.size())];
      return op(b, name, x, constant(b, c, e), e);
    }
    static const std::vector<std::pair<std::string, std::string>> ops = {
        {"mulf", "0.5"}, {"mulf", "-1.5"}, {"addf", "1.25"}, {"divf", "3.0"},
        {"mulf", "0.1"}, {"subf", "0.75"}, {"divf", "7.0"}};
    if (rng.chance(10)) {
      std::string v = fresh("v");
      b.push_back(lineS(v + " = arith.negf " + x + " : f32"));
      return v;
    }
    auto [name, c] = ops[rng.below(ops.size())];
    return op(b, name, x, constant(b, c, e), e);
  }
  /// Combines `in` into one value with random ops.
  std::string combine(Body &b, Elem e, const std::vector<std::string> &in,
                      bool allowMinMax = true) {
    std::string acc = in[0];
    for (size_t i = 1; i < in.size(); ++i)
      acc = op(b, binaryName(e, allowMinMax), acc, in[i], e);
    if (in.size() == 1 || rng.chance(40))
      acc = unary(b, acc, e);
    return acc;
  }

  /// Stores a scalar result into the element type's result buffer.
  void result(Body &b, const std::string &value, Elem e) {
    int k = e == Elem::F32 ? 0 : 1;
    if (resultBuffer[k] < 0)
      resultBuffer[k] = lateBuffer(1, e, Data::Exact);
    store(b, value, resultBuffer[k], {cst(resultSlots[k]++)});
  }

private:
  int counter = 0;
};

//===----------------------------------------------------------------------===//
// Abstract execution: the judge of a draw
//===----------------------------------------------------------------------===//

class Machine {
public:
  Machine(Gen &g, int64_t maxWork, bool measure)
      : g(g), maxWork(maxWork), measure(measure), val(g.vars.size(), 0) {
    for (const Var &v : g.vars)
      if (v.symbol)
        val[&v - g.vars.data()] = v.value;
    for (const Buffer &b : g.buffers) {
      written.emplace_back(measure ? 0 : b.elements(), 0);
      maxIndex.emplace_back(b.shape.size(), -1);
    }
  }

  void run() {
    Frame main{&g.funcs[0], {}};
    for (const View &v : g.funcs[0].views)
      main.geo.push_back(v.geo);
    if (!measure)
      exec(g.fills, main);
    exec(g.funcs[0].body, main);
    if (measure)
      return;
    // Printing reads every element.
    for (size_t id = 0; id < g.buffers.size(); ++id)
      if (g.buffers[id].printed || g.buffers[id].bits)
        for (uint8_t w : written[id])
          if (!w)
            throw Reject("a printed element nothing wrote");
  }

  std::set<int64_t> trips;
  std::vector<std::vector<int64_t>> maxIndex;

private:
  struct Frame {
    Func *f;
    std::vector<Geometry> geo;
  };
  struct Parallel {
    std::unordered_map<int64_t, std::pair<int64_t, bool>> touched;
    int64_t iteration = 0;
  };

  Gen &g;
  int64_t maxWork, work = 0;
  bool measure;
  std::vector<int64_t> val;
  std::vector<std::vector<uint8_t>> written;
  std::vector<Parallel *> parallels;

  int64_t eval(const Expr &e) const {
    int64_t s = e.k;
    for (auto [v, c] : e.terms)
      s += c * val[v];
    switch (e.op) {
    case 'f':
      return floorDiv(s, e.d) + e.post;
    case 'c':
      return ceilDiv(s, e.d) + e.post;
    case 'm':
      return modPos(s, e.d) + e.post;
    }
    return s;
  }
  int64_t lower(const std::vector<Expr> &l) const {
    int64_t v = eval(l[0]);
    for (const Expr &e : l)
      v = std::max(v, eval(e));
    return v;
  }
  int64_t upper(const std::vector<Expr> &l) const {
    int64_t v = eval(l[0]);
    for (const Expr &e : l)
      v = std::min(v, eval(e));
    return v;
  }
  void charge() {
    if (++work > maxWork)
      throw Reject("too much work");
  }

  void access(const Stmt &s, Frame &fr, bool write) {
    charge();
    const Geometry &geo = fr.geo[s.view];
    if (geo.buffer < 0)
      throw Reject("access through a view without geometry");
    const Buffer &buf = g.buffers[geo.buffer];
    bool lateBase =
        buf.late && fr.f == &g.funcs[0] && g.funcs[0].views[s.view].baseOf >= 0;
    int64_t linear = geo.offset;
    for (size_t d = 0; d < s.subs.size(); ++d) {
      int64_t x = eval(s.subs[d]);
      if (x < 0)
        throw Reject("negative subscript");
      if (measure && lateBase) {
        maxIndex[geo.buffer][d] = std::max(maxIndex[geo.buffer][d], x);
        continue;
      }
      if (x >= geo.sizes[d])
        throw Reject("subscript beyond the view");
      linear += x * geo.strides[d];
    }
    if (measure)
      return;
    if (linear < 0 || linear >= buf.elements())
      throw Reject("view beyond its buffer");
    uint8_t &w = written[geo.buffer][linear];
    if (!write && !w)
      throw Reject("read of an element nothing wrote");
    if (write)
      w = 1;
    int64_t key = ((int64_t)geo.buffer << 32) | linear;
    for (Parallel *p : parallels) {
      auto it = p->touched.find(key);
      if (it == p->touched.end()) {
        p->touched[key] = {p->iteration, write};
        continue;
      }
      auto &[iteration, wrote] = it->second;
      if (iteration != p->iteration && (write || wrote))
        throw Reject("race between parallel iterations");
      if (iteration != p->iteration)
        iteration = -1; // read by several iterations: no one may write it
      wrote = wrote || write;
    }
  }

  void exec(const Body &body, Frame &fr) {
    for (const Stmt &s : body)
      execStmt(s, fr);
  }

  void execStmt(const Stmt &s, Frame &fr) {
    switch (s.kind) {
    case Stmt::Line:
      return;
    case Stmt::Load:
      return access(s, fr, false);
    case Stmt::Store:
      return access(s, fr, true);
    case Stmt::For: {
      int64_t lb = lower(s.lbs[0]), ub = upper(s.ubs[0]);
      trips.insert(lb < ub ? (ub - lb + s.steps[0] - 1) / s.steps[0] : 0);
      for (int64_t i = lb; i < ub; i += s.steps[0]) {
        charge();
        val[s.ivs[0]] = i;
        exec(s.body, fr);
      }
      return;
    }
    case Stmt::If: {
      bool holds = true;
      for (size_t c = 0; c < s.conds.size(); ++c) {
        int64_t x = eval(s.conds[c]);
        holds = holds && (s.isEq[c] ? x == 0 : x >= 0);
      }
      return exec(holds ? s.body : s.elseBody, fr);
    }
    case Stmt::Parallel: {
      Parallel p;
      parallels.push_back(&p);
      parallelDim(s, fr, 0, p);
      parallels.pop_back();
      return;
    }
    case Stmt::Call: {
      Func &f = g.funcs[s.callee];
      Frame callee{&f, std::vector<Geometry>(f.views.size())};
      for (size_t a = 0; a < s.argViews.size(); ++a) {
        const View &param = f.views[f.paramViews[a]];
        const Geometry &arg = fr.geo[s.argViews[a]];
        for (size_t d = 0; d < param.declSizes.size(); ++d)
          if (param.declSizes[d] >= 0 && param.declSizes[d] != arg.sizes[d])
            throw Reject("argument shape differs from the parameter's");
        callee.geo[f.paramViews[a]] = arg;
      }
      std::vector<int64_t> saved = val;
      for (size_t a = 0; a < s.argVars.size(); ++a)
        val[f.paramVars[a]] = val[s.argVars[a]];
      exec(f.body, callee);
      for (size_t a = 0; a < s.argVars.size(); ++a)
        val[f.paramVars[a]] = saved[f.paramVars[a]];
      return;
    }
    }
  }

  void parallelDim(const Stmt &s, Frame &fr, size_t d, Parallel &p) {
    if (d == s.ivs.size()) {
      ++p.iteration;
      exec(s.body, fr);
      return;
    }
    int64_t lb = lower(s.lbs[d]), ub = upper(s.ubs[d]);
    trips.insert(lb < ub ? (ub - lb + s.steps[d] - 1) / s.steps[d] : 0);
    for (int64_t i = lb; i < ub; i += s.steps[d]) {
      charge();
      val[s.ivs[d]] = i;
      parallelDim(s, fr, d + 1, p);
    }
  }
};

//===----------------------------------------------------------------------===//
// Fitting constant loop ranges to the views they subscript
//===----------------------------------------------------------------------===//

/// A loop of constant bounds while a family shapes it.
struct Range {
  int iv;
  int64_t lo, hi, step = 1;
  int64_t last() const { return lo + (hi - lo - 1) / step * step; }
  bool empty() const { return lo >= hi; }
};

struct Access {
  std::vector<int64_t> sizes;
  std::vector<Expr> subs;
};

/// Shrinks `loops` until every access stays inside its sizes (judged at
/// the corners of the box: subscripts are monotone in each loop); false
/// when a constant part alone is out of range.
bool fitRanges(std::vector<Range> &loops, const std::vector<Access> &accs) {
  auto find = [&](int iv) -> Range * {
    for (Range &r : loops)
      if (r.iv == iv)
        return &r;
    return nullptr;
  };
  for (int round = 0; round < 400; ++round) {
    for (Range &r : loops)
      if (r.empty())
        return true;
    bool fixed = false;
    for (const Access &a : accs) {
      for (size_t d = 0; d < a.subs.size() && !fixed; ++d) {
        const Expr &e = a.subs[d];
        int64_t mn = e.k, mx = e.k;
        for (auto [v, c] : e.terms) {
          Range *r = find(v);
          if (!r)
            continue;
          int64_t x = c * r->lo, y = c * r->last();
          mn += std::min(x, y);
          mx += std::max(x, y);
        }
        if (e.op == 'f') {
          mn = floorDiv(mn, e.d) + e.post;
          mx = floorDiv(mx, e.d) + e.post;
        } else if (e.op == 'c') {
          mn = ceilDiv(mn, e.d) + e.post;
          mx = ceilDiv(mx, e.d) + e.post;
        } else if (e.op == 'm') {
          int64_t lo = mn;
          mn = e.post;
          mx = e.post + (lo >= 0 ? std::min(e.d - 1, mx) : e.d - 1);
        }
        bool tooBig = mx >= a.sizes[d], tooSmall = mn < 0;
        if (!tooBig && !tooSmall)
          continue;
        // Move the bound of the loop with the largest coefficient.
        Range *best = nullptr;
        int64_t bestCoef = 0;
        for (auto [v, c] : e.terms) {
          Range *r = find(v);
          if (r && std::abs(c) > std::abs(bestCoef)) {
            best = r;
            bestCoef = c;
          }
        }
        if (!best)
          return false;
        bool shrinkTop = tooBig == (bestCoef > 0);
        if (shrinkTop)
          best->hi = best->last();
        else
          best->lo += best->step;
        fixed = true;
      }
      if (fixed)
        break;
    }
    if (!fixed)
      return true;
  }
  return false;
}

/// Wraps `inner` in constant loops, outermost first.
Stmt wrap(const std::vector<Range> &loops, Body inner) {
  Body b = std::move(inner);
  for (int i = (int)loops.size() - 1; i >= 0; --i) {
    Stmt s = Gen::loop(loops[i].iv, loops[i].lo, loops[i].hi, loops[i].step,
                       std::move(b));
    if (i == 0)
      return s;
    b = Body{std::move(s)};
  }
  return lineS("");
}

std::vector<Expr> ivSubs(const std::vector<Range> &loops,
                         const std::vector<int64_t> &shifts = {}) {
  std::vector<Expr> subs;
  for (size_t d = 0; d < loops.size(); ++d)
    subs.push_back(var(loops[d].iv, shifts.empty() ? 0 : shifts[d]));
  return subs;
}

std::vector<Range> boxOver(Gen &g, const std::vector<int64_t> &shape,
                           int percentStep = 0) {
  std::vector<Range> loops;
  static const char *names[] = {"i", "j", "k"};
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t step =
        g.rng.chance(percentStep) ? g.pick(std::vector<int64_t>{2, 3, 4}) : 1;
    loops.push_back({g.iv(names[d % 3]), 0, shape[d], step});
  }
  return loops;
}

const std::vector<int64_t> &sizesOf(Gen &g, int view, int func = 0) {
  return g.funcs[func].views[view].geo.sizes;
}

//===----------------------------------------------------------------------===//
// Families
//===----------------------------------------------------------------------===//

/// A subscript shift, small next to `size` so loops keep iterations.
int64_t shiftFor(Rng &r, int64_t size) {
  return size <= 5 ? r.range(-1, 1) : r.range(-2, 2);
}

/// Subscripts of `reader` for a nest over `loops` (the writer's index
/// space): same rank with shifts or swapped, or crossing ranks
/// (linearized, one row, div/mod).
std::vector<Expr> readerSubs(Gen &g, const std::vector<Range> &loops,
                             const std::vector<int64_t> &readerSizes,
                             const std::vector<int64_t> &writerSizes) {
  Rng &r = g.rng;
  size_t rr = readerSizes.size(), rw = loops.size();
  auto shift = [&] { return r.range(-2, 2); };
  std::vector<Expr> subs;
  if (rr == rw) {
    bool swap = rw == 2 && !g.contiguous && r.chance(30);
    for (size_t d = 0; d < rr; ++d)
      subs.push_back(
          var(loops[swap ? 1 - d : d].iv, shiftFor(r, readerSizes[d])));
    return subs;
  }
  if (rr == 1) { // 2-D nest, 1-D reader
    switch (g.contiguous ? r.below(2) * 2 : r.below(3)) {
    case 0:
      return {
          withTerm(var(loops[0].iv, shift(), writerSizes[1]), loops[1].iv, 1)};
    case 1:
      return {var(loops[0].iv, shift())};
    default:
      return {var(loops[1].iv, shift())};
    }
  }
  // 1-D nest, 2-D reader.
  int64_t cols = readerSizes[1];
  switch (g.contiguous ? 0 : r.below(3)) {
  case 0:
    return {cst(r.range(0, readerSizes[0] - 1)), var(loops[0].iv, shift())};
  case 1:
    return {applyOp(var(loops[0].iv), 'f', cols),
            applyOp(var(loops[0].iv), 'm', cols)};
  default:
    return {var(loops[0].iv, shift()), cst(r.range(0, cols - 1))};
  }
}

/// One nest writing through `w` what it reads through `rd` (views of one
/// buffer, maybe the buffer itself), with shifted subscripts.
void viewNest(Gen &g, Body &out, int w, int rd) {
  Rng &r = g.rng;
  const std::vector<int64_t> ws = sizesOf(g, w), rs = sizesOf(g, rd);
  std::vector<Range> loops = boxOver(g, ws, g.contiguous ? 0 : 20);
  std::vector<int64_t> wshift;
  for (size_t d = 0; d < ws.size(); ++d)
    wshift.push_back(ws[d] <= 5 ? r.range(0, 1) : r.range(-1, 2));
  std::vector<Expr> wsubs = ivSubs(loops, wshift);
  std::vector<Expr> rsubs = readerSubs(g, loops, rs, ws);
  std::vector<Access> accs = {{ws, wsubs}, {rs, rsubs}};
  bool rmw = r.chance(40);
  std::vector<Expr> msubs;
  if (rmw) {
    std::vector<int64_t> mshift = wshift;
    mshift[r.below(mshift.size())] += r.range(-1, 1);
    msubs = ivSubs(loops, mshift);
    accs.push_back({ws, msubs});
  }
  if (!fitRanges(loops, accs))
    throw Reject("no in-bounds range");
  Body body;
  Elem e = g.main().views[w].elem;
  std::vector<std::string> in = {g.loadInto(body, rd, rsubs)};
  if (rmw)
    in.push_back(g.loadInto(body, w, msubs));
  g.store(body, g.combine(body, e, in), w, wsubs);
  out.push_back(wrap(loops, std::move(body)));
}

void familyViews(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem();
  Body &b = g.main().body;
  g.contiguous = r.chance(60);
  std::vector<int64_t> shape;
  if (r.chance(50))
    shape = {g.pick({17, 24, 31, 32, 33, 40, 48, 63, 64, 65, 70})};
  else if (g.contiguous)
    shape = {g.pick({2, 3, 4, 5, 8}), g.pick({8, 9, 15, 16, 17, 31, 33})};
  else
    shape = {g.pick({3, 4, 5, 7, 8, 9, 12}),
             g.pick({4, 5, 7, 8, 9, 12, 15, 16, 17})};
  int base = g.buffer(shape, e, g.pickData());
  std::vector<int> views = {base};
  if (shape.size() == 1 && r.chance(30)) { // rows of the same buffer
    std::vector<int64_t> divisors;
    for (int64_t rows = 2; rows <= shape[0] / 2; ++rows)
      if (shape[0] % rows == 0)
        divisors.push_back(rows);
    if (!divisors.empty())
      views.push_back(g.expand(b, base, g.pick(divisors)));
  }
  int nviews = (int)r.range(1, 3);
  for (int k = 0; k < nviews; ++k) {
    int src = r.chance(70) ? base : views[r.below(views.size())];
    if (g.main().views[src].dynamic)
      src = base;
    int v = g.randomView(b, src);
    if (v >= 0)
      views.push_back(v);
  }
  int nests = (int)r.range(1, 3);
  for (int n = 0; n < nests; ++n) {
    int w = views[r.below(views.size())];
    int rd = views[r.below(views.size())];
    if (rd == w && views.size() > 1 && r.chance(70))
      rd = views[(std::find(views.begin(), views.end(), w) - views.begin() + 1 +
                  r.below(views.size() - 1)) %
                 views.size()];
    viewNest(g, b, w, rd);
  }
  g.contiguous = false;
}

/// The parameter types of an aliasing kernel and the argument pairs @main
/// passes it.
struct AliasBindings {
  std::string types[2];
  std::vector<int64_t> decls[2];
  std::vector<std::pair<int, int>> pairs;
};

/// Per mode: the same buffer twice (static type), casts to a dynamic type,
/// overlapping subviews (unit stride or 2) whose offset the kernel does not
/// know, or one static and one dynamic parameter. Some modes also bind two
/// distinct buffers.
AliasBindings aliasBindings(Gen &g, Body &b, int mode, int A, int B) {
  Rng &r = g.rng;
  const std::vector<int64_t> shape = sizesOf(g, A);
  Elem e = g.main().views[A].elem;
  AliasBindings out;
  auto both = [&](const std::string &t, const std::vector<int64_t> &d) {
    out.types[0] = out.types[1] = t;
    out.decls[0] = out.decls[1] = d;
  };
  switch (mode) {
  case 0: // the same buffer twice, static type (1-D or 2-D)
  case 4:
    both(g.mainType(A), shape);
    out.pairs = {{A, A}};
    if (r.chance(40))
      out.pairs.push_back(r.chance(50) ? std::make_pair(A, B)
                                       : std::make_pair(B, A));
    break;
  case 1: { // dynamic type
    both(Gen::identityType(shape, e, true), {-1});
    int a = g.castTo(b, A, out.types[0]);
    out.pairs = {{a, a}};
    if (r.chance(40))
      out.pairs.push_back({a, g.castTo(b, B, out.types[0])});
    break;
  }
  case 2:   // overlapping unit-stride subviews, offset unknown in the kernel
  case 3: { // the same with stride 2
    int64_t step = mode == 2 ? 1 : 2;
    int64_t maxOff = r.range(1, 4);
    int64_t m = (shape[0] - 1 - maxOff) / step + 1;
    both("memref<" + std::to_string(m) + "x" + elemName(e) + ", strided<[" +
             std::to_string(step) + "], offset: ?>>",
         {m});
    int count = (int)r.range(1, 3);
    for (int c = 0; c < count; ++c) {
      int64_t o1 = r.range(0, maxOff), o2 = r.range(0, maxOff);
      int s1 = g.castTo(b, g.subview(b, A, {o1}, {m}, {step}), out.types[0]);
      int s2 = g.castTo(b, g.subview(b, A, {o2}, {m}, {step}), out.types[0]);
      out.pairs.push_back({s1, s2});
    }
    break;
  }
  default: // a static and a dynamic parameter
    out.types[0] = g.mainType(A);
    out.decls[0] = shape;
    out.types[1] = Gen::identityType(shape, e, true);
    out.decls[1] = {-1};
    out.pairs = {{A, g.castTo(b, A, out.types[1])}};
    break;
  }
  return out;
}

/// A kernel with two memref parameters that @main binds to one buffer
/// (the same value twice, casts of it, or overlapping subviews): nests
/// reading one parameter and writing the other with shifted subscripts,
/// the first maybe bounded by an index argument.
void familyArgAlias(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem();
  Body &b = g.main().body;
  int mode = (int)r.below(6);
  bool twoD = mode == 4;
  std::vector<int64_t> shape =
      twoD ? std::vector<int64_t>{g.pick({3, 4, 5, 8, 9}),
                                  g.pick({4, 7, 8, 9, 16, 17})}
           : std::vector<int64_t>{g.pick({16, 17, 24, 31, 33, 40, 48, 64})};
  int A = g.buffer(shape, e, g.pickData());
  int B = g.buffer(shape, e, g.pickData());
  int f = g.kernel();
  AliasBindings bind = aliasBindings(g, b, mode, A, B);
  int X = g.memrefParam(f, bind.types[0], e, bind.decls[0]);
  int Y = g.memrefParam(f, bind.types[1], e, bind.decls[1]);
  // Sizes every binding has (the smallest).
  std::vector<int64_t> sizes = sizesOf(g, bind.pairs[0].first);
  for (auto [a1, a2] : bind.pairs)
    for (int a : {a1, a2})
      for (size_t d = 0; d < sizes.size(); ++d)
        sizes[d] = std::min(sizes[d], sizesOf(g, a)[d]);
  bool symbolic = !twoD && r.chance(35);
  int nvar = symbolic ? g.indexParam(f) : -1;
  int64_t symLo = 0, symHi = 0;
  int nests = (int)r.range(1, 2);
  for (int k = 0; k < nests; ++k) {
    std::vector<Range> loops = boxOver(g, sizes, 20);
    std::vector<Expr> xs, ys, zs;
    for (size_t d = 0; d < loops.size(); ++d) {
      xs.push_back(var(loops[d].iv, shiftFor(r, sizes[d])));
      ys.push_back(var(loops[d].iv, shiftFor(r, sizes[d])));
      zs.push_back(var(loops[d].iv, shiftFor(r, sizes[d])));
    }
    if (!fitRanges(loops, {{sizes, xs}, {sizes, ys}, {sizes, zs}}))
      throw Reject("no in-bounds range");
    bool swapRoles = r.chance(30);
    int src = swapRoles ? Y : X, dst = swapRoles ? X : Y;
    Body body;
    std::vector<std::string> in = {g.loadInto(body, src, xs)};
    if (r.chance(50))
      in.push_back(g.loadInto(body, dst, zs));
    g.store(body, g.combine(body, e, in), dst, ys);
    Stmt nest = wrap(loops, std::move(body));
    if (symbolic && k == 0) { // upper bound %n, at most the fitted one
      nest.ubs[0] = {var(nvar)};
      symLo = loops[0].lo;
      symHi = loops[0].hi;
    }
    g.funcs[f].body.push_back(std::move(nest));
  }
  for (auto [a1, a2] : bind.pairs) {
    std::vector<int> vars;
    if (symbolic)
      vars.push_back(g.indexConst(
          b, std::max<int64_t>(
                 0, std::min(symHi, symLo + g.pick({-1, 0, 1, 2, 3, 7, 8, 9, 16,
                                                    17})))));
    b.push_back(g.call(f, {a1, a2}, vars));
  }
}

/// Producers and consumers with steps 2, 3, 4 (a nest writing every 4th
/// element followed by one reading them all), through a filled temporary.
void familySteps(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem();
  Body &b = g.main().body;
  bool twoD = r.chance(35);
  std::vector<int64_t> shape =
      twoD ? std::vector<int64_t>{g.pick({4, 5, 8, 9, 12, 16, 17}),
                                  g.pick({7, 8, 9, 15, 16, 17, 31, 33})}
           : std::vector<int64_t>{
                 g.pick({9, 12, 15, 16, 17, 24, 31, 32, 33, 48, 63, 64, 65})};
  int A = g.buffer(shape, e, g.pickData());
  int T = g.buffer(shape, e, g.pickData());
  int B = g.buffer(shape, e, g.pickData());
  // An unprinted T may be fused away: the consumer then needs the
  // producer's step and the fill's elements in between.
  g.bufferOf(T).printed = r.chance(50);
  int nests = (int)r.range(2, 3);
  for (int k = 0; k < nests; ++k) {
    bool producer = k == 0 || r.chance(30);
    std::vector<Range> loops = boxOver(g, shape, 0);
    int dst = producer ? T : B, src = producer ? A : T;
    if (producer) {
      for (Range &l : loops) {
        if (r.chance(twoD ? 60 : 100))
          l.step = g.pick({2, 3, 4});
        l.lo = r.range(0, 3);
      }
    } else if (r.chance(30)) {
      loops[r.below(loops.size())].step = g.pick({2, 3, 4});
    }
    std::vector<Expr> wsubs = ivSubs(loops);
    if (producer && !twoD && r.chance(25)) // T[2 * i]: every other element
      wsubs[0] = var(loops[0].iv, r.range(0, 1), 2);
    std::vector<Expr> rsubs = ivSubs(loops), r2;
    bool second = r.chance(50);
    if (second) {
      std::vector<int64_t> s(shape.size(), 0);
      s.back() = r.range(1, 2);
      r2 = ivSubs(loops, s);
    }
    std::vector<Access> accs = {{shape, wsubs}, {shape, rsubs}};
    if (second)
      accs.push_back({shape, r2});
    if (!fitRanges(loops, accs))
      throw Reject("no in-bounds range");
    Body body;
    std::vector<std::string> in = {g.loadInto(body, src, rsubs)};
    if (second)
      in.push_back(g.loadInto(body, producer ? T : src, r2));
    g.store(body, g.combine(body, e, in), dst, wsubs);
    if (producer && !second && r.chance(25)) {
      // The same loops as one affine.parallel band.
      Stmt p;
      p.kind = Stmt::Parallel;
      for (const Range &l : loops) {
        p.ivs.push_back(l.iv);
        p.lbs.push_back({cst(l.lo)});
        p.ubs.push_back({cst(l.hi)});
        p.steps.push_back(l.step);
      }
      p.body = std::move(body);
      b.push_back(std::move(p));
    } else {
      b.push_back(wrap(loops, std::move(body)));
    }
  }
}

/// Two- and three-deep nests whose inner bounds are min/max/floordiv/
/// ceildiv/mod of outer loop variables; buffers sized by measuring.
void familyBounds(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem();
  Body &b = g.main().body;
  int i = g.iv("i"), j = g.iv("j");
  int64_t K = g.pick(kMidTrips);
  auto lowerFor = [&](int o) -> std::vector<Expr> {
    switch (r.below(7)) {
    case 0:
      return {cst(r.range(0, 2))};
    case 1:
      return {var(o)};
    case 2:
      return {applyOp(var(o), 'f', 2)};
    case 3:
      return {applyOp(var(o), 'c', 3)};
    case 4:
      return {applyOp(var(o), 'm', 3)};
    case 5:
      return {cst(0), var(o, -3)};
    default:
      return {applyOp(var(o), 'f', 2), cst(1)};
    }
  };
  auto upperFor = [&](int o) -> std::vector<Expr> {
    switch (r.below(9)) {
    case 0:
      return {cst(K)};
    case 1:
      return {var(o, 1)};
    case 2:
      return {var(o, 3)};
    case 3:
      return {var(o, 4), cst(K)};
    case 4:
      return {plus(applyOp(var(o), 'f', 2), 3)};
    case 5:
      return {plus(applyOp(var(o), 'c', 2), 1)};
    case 6:
      return {var(o, 1, 2), cst(K)};
    case 7:
      return {plus(applyOp(var(o), 'm', 5), 2)};
    default:
      return {cst(K), plus(applyOp(var(o), 'f', 3), 5), var(o, 2)};
    }
  };
  int64_t outerHi = g.pick(kMidTrips);
  int64_t outerStep = r.chance(25) ? g.pick({2, 3}) : 1;
  std::vector<Expr> outerLb = {cst(r.chance(30) ? r.range(1, 3) : 0)};
  std::vector<Expr> outerUb = {cst(outerHi)};
  if (r.chance(25)) // a max/min of constants and symbols-free maps
    outerUb.push_back(cst(outerHi + r.range(-3, 3)));
  int shape = (int)r.below(4);
  Body body;
  Stmt inner;
  if (shape == 3) { // three deep: C[i, j] += A[i, k] * B[k, j]
    int k = g.iv("k");
    int A = g.lateBuffer(2, e, g.pickData());
    int Bm = g.lateBuffer(2, e, g.pickData());
    int C = g.lateBuffer(2, e, g.pickData());
    Body kb;
    std::string a = g.loadInto(kb, A, {var(i), var(k)});
    std::string bb = g.loadInto(kb, Bm, {var(k), var(j)});
    std::string c = g.loadInto(kb, C, {var(i), var(j)});
    std::string p = g.op(kb, e == Elem::F32 ? "mulf" : "muli", a, bb, e);
    g.store(kb, g.op(kb, e == Elem::F32 ? "addf" : "addi", c, p, e), C,
            {var(i), var(j)});
    std::vector<Expr> klb =
        r.chance(50) ? std::vector<Expr>{var(j)} : lowerFor(j);
    std::vector<Expr> kub =
        r.chance(50) ? std::vector<Expr>{var(j, 3), var(i, 5)} : upperFor(i);
    body.push_back(Gen::loop(k, klb, kub, 1, std::move(kb)));
  } else if (shape == 2) { // a row accumulation in memory
    int A = g.lateBuffer(2, e, g.pickData());
    int S = g.lateBuffer(1, e, g.pickData());
    std::string x = g.loadInto(body, A, {var(i), var(j)});
    std::string s = g.loadInto(body, S, {var(i)});
    g.store(body, g.op(body, e == Elem::F32 ? "addf" : "addi", s, x, e), S,
            {var(i)});
  } else if (shape == 1) { // 1-D: B[i + j] from A[j]
    int A = g.lateBuffer(1, e, g.pickData());
    int B = g.lateBuffer(1, e, g.pickData());
    std::vector<std::string> in = {g.loadInto(body, A, {var(j)})};
    if (r.chance(50))
      in.push_back(g.loadInto(body, B, {withTerm(var(i), j, 1)}));
    g.store(body, g.combine(body, e, in), B, {withTerm(var(i), j, 1)});
  } else { // T[i, j] from A[i, j] and A[j, i]
    int A = g.lateBuffer(2, e, g.pickData());
    int T = g.lateBuffer(2, e, g.pickData());
    std::vector<std::string> in = {g.loadInto(body, A, {var(i), var(j)})};
    if (r.chance(50))
      in.push_back(g.loadInto(body, A, {var(j), var(i)}));
    g.store(body, g.combine(body, e, in), T, {var(i), var(j)});
  }
  Stmt jl = Gen::loop(j, lowerFor(i), upperFor(i), r.chance(20) ? 2 : 1,
                      std::move(body));
  b.push_back(Gen::loop(i, outerLb, outerUb, outerStep, Body{std::move(jl)}));
}

/// A kernel whose loops are bounded by index arguments: called with sizes
/// that make loops run zero, one or a few times; triangular domains.
void familySymbolic(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem();
  Body &b = g.main().body;
  int64_t c0 = g.pick({0, 1, 5, 16, 40});
  int calls = (int)r.range(2, 4);
  std::vector<std::pair<int64_t, int64_t>> args; // (n, m)
  int64_t maxN = 1;
  for (int c = 0; c < calls; ++c) {
    int64_t n = std::max<int64_t>(
        0, c0 + g.pick({-10, -1, 0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33}));
    n = std::min<int64_t>(n, 70);
    int64_t m = std::max<int64_t>(0, n - g.pick({0, 1, 2, 3, 8, 9}));
    args.push_back({n, m});
    maxN = std::max(maxN, n);
  }
  // Triangles over [0, n) x [0, n) must stay small.
  bool tri = maxN <= 40;
  int64_t N = maxN + 3;
  bool dyn = r.chance(40);
  std::vector<int64_t> shape1 = {N}, shape2 = {N, N};
  int A = g.buffer(shape1, e, g.pickData());
  int B = g.buffer(shape1, e, g.pickData());
  int M = tri ? g.buffer(shape2, e, g.pickData()) : -1;
  int f = g.kernel();
  auto param = [&](int mainView, const std::vector<int64_t> &shape) {
    std::string t =
        dyn ? Gen::identityType(shape, e, true) : g.mainType(mainView);
    return g.memrefParam(f, t, e,
                         dyn ? std::vector<int64_t>(shape.size(), -1) : shape);
  };
  int XA = param(A, shape1), XB = param(B, shape1);
  int XM = tri ? param(M, shape2) : -1;
  int n = g.indexParam(f), m = g.indexParam(f);
  Body &kb = g.funcs[f].body;
  int nests = (int)r.range(1, 3);
  for (int k = 0; k < nests; ++k) {
    int i = g.iv("i"), j = g.iv("j");
    int kind = (int)r.below(tri ? 6 : 3);
    Body body;
    switch (kind) {
    case 0: { // i = c0 to %n [step s]: B[i] from A[i], A[i + 1]
      std::vector<std::string> in = {g.loadInto(body, XA, {var(i)})};
      if (r.chance(50))
        in.push_back(g.loadInto(body, XA, {var(i, 1)}));
      g.store(body, g.combine(body, e, in), XB, {var(i, r.range(0, 2))});
      kb.push_back(Gen::loop(i, {cst(c0)}, {var(n)},
                             r.chance(30) ? g.pick({2, 3, 4}) : 1,
                             std::move(body)));
      break;
    }
    case 1: { // i = %m to %n
      std::vector<std::string> in = {g.loadInto(body, XB, {var(i)})};
      g.store(body, g.combine(body, e, in), XA, {var(i, r.range(0, 1))});
      kb.push_back(Gen::loop(i, {var(m)}, {var(n)}, 1, std::move(body)));
      break;
    }
    case 2: { // a reduction over %m to min(%n, K) stored to B[0]
      std::string init = g.loadInto(kb, XB, {cst(0)});
      Stmt l = Gen::loop(i, {var(m)}, {var(n), cst(g.pick(kTrips))}, 1, {});
      std::string acc = g.fresh("acc");
      l.iterArgs = {acc};
      l.inits = {init};
      l.types = {elemName(e)};
      l.result = g.fresh("r");
      std::string x = g.loadInto(l.body, XA, {var(i)});
      std::string y = g.op(l.body, g.binaryName(e), acc, x, e);
      l.yields = {y};
      std::string res = l.res();
      kb.push_back(std::move(l));
      g.store(kb, res, XB, {cst(0)});
      break;
    }
    case 3: { // triangle j = i to %n
      std::vector<std::string> in = {g.loadInto(body, XA, {var(j)})};
      if (r.chance(50))
        in.push_back(g.loadInto(body, XM, {var(j), var(i)}));
      g.store(body, g.combine(body, e, in), XM, {var(i), var(j)});
      Stmt jl = Gen::loop(j, {var(i)}, {var(n)}, 1, std::move(body));
      kb.push_back(Gen::loop(i, {cst(0)}, {var(n)}, 1, Body{std::move(jl)}));
      break;
    }
    case 4: { // triangle j = 1 to i - 2
      std::vector<std::string> in = {
          g.loadInto(body, XM, {var(i), var(j, -1)})};
      in.push_back(g.loadInto(body, XB, {var(j)}));
      g.store(body, g.combine(body, e, in), XM, {var(i), var(j)});
      Stmt jl = Gen::loop(j, {cst(1)}, {var(i, -2)}, 1, std::move(body));
      kb.push_back(Gen::loop(i, {cst(0)}, {var(n)}, 1, Body{std::move(jl)}));
      break;
    }
    default: { // i = 0 to %n, j = 0 to %m: both symbolic
      std::vector<std::string> in = {g.loadInto(body, XM, {var(i), var(j)})};
      in.push_back(g.loadInto(body, XA, {var(i)}));
      g.store(body, g.combine(body, e, in), XM, {var(j), var(i)});
      Stmt jl = Gen::loop(j, {cst(0)}, {var(m)}, 1, std::move(body));
      kb.push_back(Gen::loop(i, {cst(0)}, {var(n)}, 1, Body{std::move(jl)}));
      break;
    }
    }
  }
  std::vector<int> argViews = {A, B};
  if (tri)
    argViews.push_back(M);
  for (size_t a = 0; a < argViews.size(); ++a)
    argViews[a] = g.castTo(b, argViews[a],
                           g.funcs[f].views[g.funcs[f].paramViews[a]].type);
  for (auto [nv, mv] : args)
    b.push_back(
        g.call(f, argViews, {g.indexConst(b, nv), g.indexConst(b, mv)}));
}

/// An iter_args reduction of `src` over `loop` (1-D) whose result goes to
/// the result buffer; kinds per element type.
Stmt reductionLoop(Gen &g, Elem e, int iv, std::vector<Expr> lbs,
                   std::vector<Expr> ubs, int64_t step, int src,
                   std::vector<Expr> subs, std::vector<std::string> &results,
                   const std::string &init) {
  Rng &r = g.rng;
  Stmt l = Gen::loop(iv, std::move(lbs), std::move(ubs), step, {});
  l.result = g.fresh("r");
  std::string x = g.loadInto(l.body, src, std::move(subs));
  if (r.chance(30))
    x = g.unary(l.body, x, e);
  int count = r.chance(25) ? 2 : 1;
  for (int k = 0; k < count; ++k) {
    std::string acc = g.fresh("acc");
    l.iterArgs.push_back(acc);
    l.inits.push_back(init);
    l.types.push_back(elemName(e));
    std::string y;
    if (e == Elem::F32 && r.chance(20)) { // running max as compare + select
      std::string c = g.fresh("v");
      l.body.push_back(lineS(c + " = arith.cmpf " +
                             g.rng.pick(std::vector<std::string>{
                                 "ogt", "olt", "oge", "ole", "ugt", "ult"}) +
                             ", " + x + ", " + acc + " : f32"));
      y = g.fresh("v");
      l.body.push_back(
          lineS(y + " = arith.select " + c + ", " + x + ", " + acc + " : f32"));
    } else {
      std::string name =
          e == Elem::F32
              ? r.pick(std::vector<std::string>{"addf", "addf", "mulf",
                                                "maximumf", "minimumf"})
              : r.pick(std::vector<std::string>{
                    "addi", "muli", "maxsi", "minsi", "andi", "ori", "xori"});
      if (name == "mulf") // keep products finite: multiply by x / 4 + 1
        y = g.op(l.body, "mulf", acc,
                 g.op(l.body, "addf",
                      g.op(l.body, "mulf", x, g.constant(l.body, "0.25", e), e),
                      g.constant(l.body, "1.0", e), e),
                 e);
      else
        y = g.op(l.body, name, acc, x, e);
    }
    l.yields.push_back(y);
  }
  for (size_t k = 0; k < l.types.size(); ++k)
    results.push_back(l.res(k));
  return l;
}

/// affine.if in loops, iter_args reductions, affine.parallel with and
/// without reduce.
void familyControl(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem();
  Body &b = g.main().body;
  std::vector<int64_t> shape = {g.pick(kSmallTrips), g.pick(kMidTrips)};
  int A = g.buffer(shape, e, r.chance(50) ? Data::Exact : g.pickData());
  bool exactA =
      g.bufferOf(A).init.scale.find_first_of("137") == std::string::npos ||
      e == Elem::I32;
  int parts = (int)r.range(1, 3);
  for (int p = 0; p < parts; ++p) {
    switch (r.below(5)) {
    case 0: { // affine.if on (i, j), with or without else and results
      int T = g.buffer(shape, e, g.pickData());
      std::vector<Range> loops = boxOver(g, shape, 10);
      int i = loops[0].iv, j = loops[1].iv;
      Stmt s;
      s.kind = Stmt::If;
      // Loads only in bounds where the condition holds: j - d or j + d.
      int64_t guardShift = 0;
      switch (r.chance(40) ? 6 + r.below(2) : r.below(6)) {
      case 6:
        guardShift = -r.range(1, 3);
        s.conds = {var(j, guardShift)};
        s.isEq = {false};
        break;
      case 7:
        guardShift = r.range(1, 3);
        s.conds = {var(j, shape[1] - 1 - guardShift, -1)};
        s.isEq = {false};
        break;
      case 0:
        s.conds = {withTerm(var(i), j, -1)};
        s.isEq = {false};
        break;
      case 1:
        s.conds = {applyOp(var(i), 'm', 2)};
        s.isEq = {true};
        break;
      case 2:
        s.conds = {withTerm(var(i, -r.range(2, 9)), j, 1)};
        s.isEq = {false};
        break;
      case 3:
        s.conds = {var(j, -2), var(j, r.range(3, 12), -1)};
        s.isEq = {false, false};
        break;
      case 4:
        s.conds = {applyOp(withTerm(var(i), j, 1), 'm', 3)};
        s.isEq = {true};
        break;
      default:
        s.conds = {withTerm(var(j, -1), i, -1)};
        s.isEq = {false};
        break;
      }
      Body body;
      std::string x = g.loadInto(body, A, {var(i), var(j)});
      bool results = r.chance(40);
      std::vector<std::string> thenIn = {x};
      if (guardShift) // masked lanes must not fault or be checked
        thenIn.push_back(g.loadInto(s.body, A, {var(i), var(j, guardShift)}));
      std::string a = g.combine(s.body, e, thenIn);
      std::string c = g.combine(s.elseBody, e, {x});
      s.hasElse = results || r.chance(70);
      if (results) {
        s.types = {elemName(e)};
        s.result = g.fresh("r");
        s.yields = {a};
        s.elseYields = {c};
        body.push_back(std::move(s));
        g.store(body, body.back().res(), T, {var(i), var(j)});
      } else {
        // A masked store may also be shifted out of the loop's range.
        int64_t storeShift = guardShift && r.chance(50) ? guardShift : 0;
        g.store(s.body, a, T, {var(i), var(j, storeShift)});
        if (s.hasElse)
          g.store(s.elseBody, c, T, {var(i), var(j)});
        body.push_back(std::move(s));
      }
      b.push_back(wrap(loops, std::move(body)));
      break;
    }
    case 1: { // row-wise and whole reductions through iter_args
      int i = g.iv("i"), j = g.iv("j");
      std::vector<std::string> results;
      if (r.chance(50)) {
        int S = g.buffer({shape[0]}, e, g.pickData());
        Body body;
        std::string init = g.loadInto(body, S, {var(i)});
        int64_t lo = r.chance(20) ? 1 : 0;
        body.push_back(reductionLoop(g, e, j, {cst(lo)}, {cst(shape[1])},
                                     r.chance(20) ? 2 : 1, A, {var(i), var(j)},
                                     results, init));
        g.store(body, results[0], S, {var(i)});
        b.push_back(Gen::loop(i, 0, shape[0], 1, std::move(body)));
      } else {
        std::string init =
            g.constant(b,
                       e == Elem::F32 ? g.rng.pick(std::vector<std::string>{
                                            "0.0", "1.0", "-0.0", "-100.0"})
                                      : "0",
                       e);
        b.push_back(reductionLoop(g, e, j, {cst(0)}, {cst(shape[1])}, 1, A,
                                  {cst(r.range(0, shape[0] - 1)), var(j)},
                                  results, init));
        for (const std::string &res : results)
          g.result(b, res, e);
      }
      break;
    }
    case 2:   // affine.parallel band writing its own elements
    case 3: { // affine.parallel with reduce
      bool reduce = r.below(2) == 0;
      int T = g.buffer(shape, e, g.pickData());
      Stmt s;
      s.kind = Stmt::Parallel;
      bool twoDims = r.chance(50);
      std::vector<Range> loops = boxOver(g, shape, 25);
      if (!twoDims)
        loops.pop_back();
      std::vector<Expr> rsubs = ivSubs(loops);
      if (!twoDims)
        rsubs.push_back(cst(r.range(0, shape[1] - 1)));
      std::vector<Expr> shifted = rsubs;
      shifted[0] = plus(shifted[0], 1);
      if (!fitRanges(loops, {{shape, shifted}}))
        throw Reject("no in-bounds range");
      for (const Range &l : loops) {
        s.ivs.push_back(l.iv);
        s.lbs.push_back({cst(l.lo)});
        s.ubs.push_back({cst(l.hi)});
        s.steps.push_back(l.step);
      }
      std::string x = g.loadInto(s.body, A, rsubs);
      std::string y = g.loadInto(s.body, A, shifted);
      std::string v = g.combine(s.body, e, {x, y});
      if (!reduce) {
        g.store(s.body, v, T, rsubs);
        b.push_back(std::move(s));
        break;
      }
      std::string kind, yield = x;
      if (e == Elem::I32) {
        kind = r.pick(std::vector<std::string>{"addi", "muli", "andi", "ori"});
        yield = v;
      } else {
        // Sums and products must not depend on the order threads add in.
        kind = r.pick(
            std::vector<std::string>{"addf", "mulf", "maximumf", "minimumf"});
        if (kind == "addf" && !exactA)
          kind = "maximumf";
        if (kind == "mulf") {
          std::string zero = g.constant(s.body, "0.0", e);
          std::string c = g.fresh("v");
          s.body.push_back(
              lineS(c + " = arith.cmpf oge, " + x + ", " + zero + " : f32"));
          yield = g.fresh("v");
          s.body.push_back(lineS(
              yield + " = arith.select " + c + ", " +
              g.constant(s.body,
                         r.pick(std::vector<std::string>{"2.0", "-1.0"}), e) +
              ", " + g.constant(s.body, "0.5", e) + " : f32"));
        } else if (kind != "addf") {
          yield = v;
        }
      }
      if (r.chance(50)) // also write, per iteration
        g.store(s.body, v, T, rsubs);
      s.reduceKinds = {kind};
      s.types = {elemName(e)};
      s.result = g.fresh("r");
      s.yields = {yield};
      std::string res = s.res();
      b.push_back(std::move(s));
      g.result(b, res, e);
      break;
    }
    default: { // iter_args reduction with an affine.if choosing the update
      int i = g.iv("i");
      Stmt l = Gen::loop(i, 0, shape[1], 1, {});
      std::string acc = g.fresh("acc");
      l.iterArgs = {acc};
      l.inits = {g.constant(b, e == Elem::F32 ? "0.0" : "0", e)};
      l.types = {elemName(e)};
      l.result = g.fresh("r");
      std::string x = g.loadInto(l.body, A, {cst(0), var(i)});
      Stmt s;
      s.kind = Stmt::If;
      s.conds = {applyOp(var(i), 'm', g.pick({2, 3}))};
      s.isEq = {true};
      s.hasElse = true;
      s.types = {elemName(e)};
      s.result = g.fresh("r");
      s.yields = {g.op(s.body, e == Elem::F32 ? "addf" : "addi", acc, x, e)};
      s.elseYields = {acc};
      l.yields = {s.res()};
      l.body.push_back(std::move(s));
      std::string res = l.res();
      b.push_back(std::move(l));
      g.result(b, res, e);
      break;
    }
    }
  }
}

/// NaN, -0.0 and +0.0 into minimumf/maximumf (and minnumf/maxnumf, whose
/// choice between zeros is unspecified), reductions and compare-selects.
void familyFloatSpecial(Gen &g) {
  Rng &r = g.rng;
  Body &b = g.main().body;
  Elem e = Elem::F32;
  g.looseZero = g.looseZero || r.chance(50);
  std::vector<int64_t> shape =
      r.chance(50)
          ? std::vector<int64_t>{g.pick(kTrips)}
          : std::vector<int64_t>{g.pick(kSmallTrips), g.pick(kMidTrips)};
  int A = g.buffer(shape, e, Data::Special);
  int B = g.buffer(shape, e, Data::Special);
  int parts = (int)r.range(2, 3);
  std::vector<std::string> minmax = {"maximumf", "minimumf"};
  if (g.looseZero)
    minmax = {"maxnumf",  "minnumf", "maximumf",
              "minimumf", "maxnumf", "minnumf"};
  for (int p = 0; p < parts; ++p) {
    switch (r.below(4)) {
    case 0: { // elementwise C = op(A, B shifted)
      int C = g.buffer(shape, e, g.pickData());
      std::vector<Range> loops = boxOver(g, shape, 15);
      std::vector<int64_t> sh(shape.size(), 0);
      sh.back() = r.range(0, 2);
      std::vector<Expr> bs = ivSubs(loops, sh);
      if (!fitRanges(loops, {{shape, bs}}))
        throw Reject("no in-bounds range");
      Body body;
      std::string x = g.loadInto(body, A, ivSubs(loops));
      std::string y = g.loadInto(body, B, bs);
      std::string v = g.op(body, r.pick(minmax), x, y, e);
      if (r.chance(40))
        v = g.op(body, r.pick(minmax), v, g.constant(body, "-0.0", e), e);
      g.store(body, v, C, ivSubs(loops));
      b.push_back(wrap(loops, std::move(body)));
      break;
    }
    case 1: { // iter_args reduction with a min/max kind or a sum
      int i = g.iv("i");
      static const std::vector<std::string> inits = {
          "0.0", "-0.0", "0x7FC00000", "0xFF800000", "0x7F800000", "1.0"};
      Stmt l = Gen::loop(i, 0, shape.back(), r.chance(20) ? 2 : 1, {});
      std::string acc = g.fresh("acc");
      l.iterArgs = {acc};
      l.inits = {g.constant(b, r.pick(inits), e)};
      l.types = {"f32"};
      l.result = g.fresh("r");
      std::vector<Expr> subs = {var(i)};
      if (shape.size() == 2)
        subs.insert(subs.begin(), cst(r.range(0, shape[0] - 1)));
      std::string x = g.loadInto(l.body, r.chance(50) ? A : B, subs);
      std::vector<std::string> kinds = minmax;
      kinds.push_back("addf");
      l.yields = {g.op(l.body, r.pick(kinds), acc, x, e)};
      std::string res = l.res();
      b.push_back(std::move(l));
      g.result(b, res, e);
      break;
    }
    case 2: { // running best by compare + select, with its index
      int i = g.iv("i");
      Stmt l = Gen::loop(i, 0, shape.back(), 1, {});
      std::string m = g.fresh("acc"), k = g.fresh("acc");
      l.iterArgs = {m, k};
      l.inits = {g.constant(b,
                            r.pick(std::vector<std::string>{
                                "0xFF800000", "0.0", "-0.0", "0x7FC00000"}),
                            e),
                 g.constant(b, "-1", Elem::I32)};
      l.types = {"f32", "i32"};
      l.result = g.fresh("r");
      std::vector<Expr> subs = {var(i)};
      if (shape.size() == 2)
        subs.insert(subs.begin(), cst(r.range(0, shape[0] - 1)));
      std::string x = g.loadInto(l.body, A, subs);
      std::string c = g.fresh("v"), nm = g.fresh("v"), ii = g.fresh("v"),
                  nk = g.fresh("v");
      l.body.push_back(
          lineS(c + " = arith.cmpf " +
                r.pick(std::vector<std::string>{"ogt", "olt", "oge", "ole",
                                                "ugt", "ult", "uge", "ule"}) +
                ", " + x + ", " + m + " : f32"));
      l.body.push_back(
          lineS(nm + " = arith.select " + c + ", " + x + ", " + m + " : f32"));
      l.body.push_back(lineS(ii + " = arith.index_cast " + g.vars[i].ssa +
                             " : index to i32"));
      l.body.push_back(
          lineS(nk + " = arith.select " + c + ", " + ii + ", " + k + " : i32"));
      l.yields = {nm, nk};
      std::string r0 = l.res(0), r1 = l.res(1);
      b.push_back(std::move(l));
      g.result(b, r0, e);
      g.result(b, r1, Elem::I32);
      break;
    }
    default: { // affine.parallel reduce maximumf/minimumf
      Stmt s;
      s.kind = Stmt::Parallel;
      int i = g.iv("i");
      s.ivs = {i};
      s.lbs = {{cst(0)}};
      s.ubs = {{cst(shape.back())}};
      s.steps = {r.chance(25) ? 2 : 1};
      std::vector<Expr> subs = {var(i)};
      if (shape.size() == 2)
        subs.insert(subs.begin(), cst(r.range(0, shape[0] - 1)));
      std::string x = g.loadInto(s.body, B, subs);
      s.reduceKinds = {
          r.pick(std::vector<std::string>{"maximumf", "minimumf"})};
      s.types = {"f32"};
      s.result = g.fresh("r");
      s.yields = {x};
      std::string res = s.res();
      b.push_back(std::move(s));
      g.result(b, res, e);
      break;
    }
    }
  }
}

/// Elementwise chains through temporaries (fusion's producer-consumer and
/// sibling cases), with shifted, transposed and broadcast reads and a row
/// reduction in the chain.
void familyChain(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem();
  Body &b = g.main().body;
  bool twoD = r.chance(50);
  std::vector<int64_t> shape =
      twoD ? std::vector<int64_t>{g.pick(kSmallTrips), g.pick(kMidTrips)}
           : std::vector<int64_t>{g.pick(kTrips)};
  bool square = twoD && r.chance(30);
  if (square)
    shape[1] = shape[0];
  std::vector<int> values = {g.buffer(shape, e, g.pickData())};
  if (r.chance(50))
    values.push_back(g.buffer(shape, e, g.pickData()));
  int bcast = twoD && r.chance(40) ? g.buffer({shape[1]}, e, g.pickData()) : -1;
  int nests = (int)r.range(2, 4);
  for (int k = 0; k < nests; ++k) {
    // A temporary: unfilled when this nest writes all of it.
    int T = g.buffer(shape, e, g.pickData(), false);
    Buffer &tb = g.bufferOf(T);
    tb.alloca = r.chance(20);
    tb.printed = k == nests - 1 || r.chance(40);
    std::vector<Range> loops = boxOver(g, shape, k > 0 ? 10 : 0);
    int src = r.chance(70) ? values.back() : values[r.below(values.size())];
    std::vector<int64_t> sh(shape.size(), 0);
    if (r.chance(40))
      sh[r.below(sh.size())] = r.range(-1, 2);
    std::vector<Expr> rsubs = ivSubs(loops, sh);
    if (square && r.chance(30))
      std::swap(rsubs[0], rsubs[1]);
    std::vector<Expr> wsubs = ivSubs(loops);
    std::vector<Access> accs = {{shape, rsubs}, {shape, wsubs}};
    if (!fitRanges(loops, accs))
      throw Reject("no in-bounds range");
    bool covers = true;
    for (size_t d = 0; d < loops.size(); ++d)
      covers = covers && loops[d].lo == 0 && loops[d].hi == shape[d] &&
               loops[d].step == 1;
    tb.fill = !covers;
    Body body;
    std::vector<std::string> in = {g.loadInto(body, src, rsubs)};
    if (values.size() > 1 && r.chance(50))
      in.push_back(
          g.loadInto(body, values[r.below(values.size())], ivSubs(loops)));
    if (bcast >= 0 && r.chance(50))
      in.push_back(g.loadInto(body, bcast, {var(loops[1].iv)}));
    int dst = T;
    if (r.chance(15)) // written through a view of the temporary
      dst = g.castDynamic(b, T);
    if (twoD && r.chance(20)) {
      // A row reduction: T[i, 0] gets the row's sum; the rest a copy.
      g.store(body, g.combine(body, e, in), dst, wsubs);
      b.push_back(wrap(loops, std::move(body)));
      std::vector<std::string> results;
      int i = g.iv("i"), j = g.iv("j");
      Body rb;
      std::string init = g.loadInto(rb, T, {var(i), cst(0)});
      rb.push_back(reductionLoop(g, e, j, {cst(1)}, {cst(shape[1])}, 1, T,
                                 {var(i), var(j)}, results, init));
      g.store(rb, results[0], T, {var(i), cst(0)});
      b.push_back(Gen::loop(i, 0, shape[0], 1, std::move(rb)));
    } else {
      g.store(body, g.combine(body, e, in), dst, wsubs);
      b.push_back(wrap(loops, std::move(body)));
    }
    values.push_back(T);
  }
}

/// Matmul-like three-deep nests: loop orders, alpha scaling, transposed
/// operands, accumulation in memory or iter_args, chained products.
void familyMatmul(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem(20);
  Body &b = g.main().body;
  const char *add = e == Elem::F32 ? "addf" : "addi";
  const char *mul = e == Elem::F32 ? "mulf" : "muli";
  int64_t M = g.pick(kMidTrips), N = g.pick(kMidTrips), K = g.pick(kMidTrips);
  switch (r.below(5)) {
  case 0: // columns for whole vectors
    N = g.pick({16, 17, 31, 32, 33});
    break;
  case 1: // wide: j and k past tile's smallest tile (64); B past 64 KiB
    M = g.pick({2, 3, 5});
    N = g.pick({65, 70, 72, 80, 130, 144});
    K = g.pick({65, 67, 70, 129});
    break;
  case 2: // tall: row blocks of unroll-jam, then panels of B
    M = g.pick({64, 65, 70});
    N = g.pick({16, 17, 32, 33});
    K = g.pick({8, 9, 16});
    break;
  }
  bool transB = r.chance(25);
  int A = g.buffer({M, K}, e, g.pickData());
  int B =
      g.buffer(transB ? std::vector<int64_t>{N, K} : std::vector<int64_t>{K, N},
               e, g.pickData());
  int C = g.buffer({M, N}, e, g.pickData());
  if (r.chance(30)) { // C *= beta first
    std::vector<Range> loops = boxOver(g, {M, N});
    Body body;
    std::string c = g.loadInto(body, C, ivSubs(loops));
    g.store(body,
            g.op(body, mul, c,
                 g.constant(body, e == Elem::F32 ? "1.5" : "3", e), e),
            C, ivSubs(loops));
    b.push_back(wrap(loops, std::move(body)));
  }
  int chained = r.chance(25) ? g.pick({1, 2}) : 0;
  int i = g.iv("i"), j = g.iv("j"), k = g.iv("k");
  std::string alpha =
      r.chance(40) ? g.constant(b, e == Elem::F32 ? "0.7" : "2", e) : "";
  bool iterArgs = r.chance(35);
  Body kb;
  std::string a = g.loadInto(kb, A, {var(i), var(k)});
  if (!alpha.empty())
    a = g.op(kb, mul, alpha, a, e);
  std::string bv = g.loadInto(kb, B,
                              transB ? std::vector<Expr>{var(j), var(k)}
                                     : std::vector<Expr>{var(k), var(j)});
  std::string p = g.op(kb, mul, a, bv, e);
  int64_t lo = r.chance(15) ? 1 : 0;
  if (iterArgs) { // for i, j: C[i, j] = fold over k
    Stmt l = Gen::loop(k, 0, K, 1, std::move(kb));
    std::string acc = g.fresh("acc");
    l.iterArgs = {acc};
    l.types = {elemName(e)};
    l.result = g.fresh("r");
    l.yields = {g.op(l.body, add, acc, p, e)};
    Body jb;
    l.inits = {g.loadInto(jb, C, {var(i), var(j)})};
    std::string res = l.res();
    jb.push_back(std::move(l));
    g.store(jb, res, C, {var(i), var(j)});
    Stmt jl = Gen::loop(j, 0, N, 1, std::move(jb));
    b.push_back(Gen::loop(i, lo, M, 1, Body{std::move(jl)}));
  } else {
    std::string c = g.loadInto(kb, C, {var(i), var(j)});
    g.store(kb, g.op(kb, add, c, p, e), C, {var(i), var(j)});
    std::vector<int> order = {i, j, k};
    r.shuffle(order);
    std::map<int, std::pair<int64_t, int64_t>> range = {
        {i, {lo, M}}, {j, {0, N}}, {k, {0, K}}};
    Body inner = std::move(kb);
    for (int d = 2; d >= 0; --d) {
      auto [l0, h0] = range[order[d]];
      int64_t step = d == 1 && r.chance(10) ? 2 : 1;
      Stmt s = Gen::loop(order[d], l0, h0, step, std::move(inner));
      inner = Body{std::move(s)};
    }
    b.push_back(std::move(inner[0]));
  }
  if (chained) { // D = C * E: the product feeds another one
    int64_t P = g.pick(kMidTrips);
    int E = g.buffer({N, P}, e, g.pickData());
    int D = g.buffer({M, P}, e, g.pickData(), chained == 1);
    int i2 = g.iv("i"), j2 = g.iv("j"), k2 = g.iv("k");
    Body kb2;
    std::string c = g.loadInto(kb2, C, {var(i2), var(k2)});
    std::string ev = g.loadInto(kb2, E, {var(k2), var(j2)});
    std::string pr = g.op(kb2, mul, c, ev, e);
    Body jb;
    if (chained == 2) { // D initialized in the nest, not filled
      std::string zero = g.constant(jb, e == Elem::F32 ? "0.0" : "0", e);
      g.store(jb, zero, D, {var(i2), var(j2)});
    }
    std::string d = g.loadInto(kb2, D, {var(i2), var(j2)});
    g.store(kb2, g.op(kb2, add, d, pr, e), D, {var(i2), var(j2)});
    jb.push_back(Gen::loop(k2, 0, N, 1, std::move(kb2)));
    Stmt jl = Gen::loop(j2, 0, P, 1, std::move(jb));
    b.push_back(Gen::loop(i2, 0, M, 1, Body{std::move(jl)}));
  }
}

/// Stencils in a time loop: Jacobi 1-D/2-D with a copy back, Seidel 2-D in
/// place, forward recurrences along rows.
void familyStencil(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem(20);
  Body &b = g.main().body;
  bool f32 = e == Elem::F32;
  const char *add = f32 ? "addf" : "addi";
  int64_t T = r.range(1, 4);
  int t = g.iv("t");
  // Averages keep values bounded: f32 multiplies, i32 shifts right.
  auto scale = [&](Body &body, const std::string &x, int terms) {
    if (f32)
      return g.op(body, "mulf", x,
                  g.constant(body,
                             terms == 9   ? "0.111"
                             : terms == 5 ? "0.2"
                             : terms == 3 ? "0.333"
                                          : "0.5",
                             e),
                  e);
    return g.op(body, "divsi", x, g.constant(body, std::to_string(terms), e),
                e);
  };
  auto sum = [&](Body &body, const std::vector<std::string> &in) {
    std::string acc = in[0];
    for (size_t k = 1; k < in.size(); ++k)
      acc = g.op(body, add, acc, in[k], e);
    return acc;
  };
  Body tb;
  switch (r.below(5)) {
  case 0: { // Jacobi 1-D
    int64_t N = g.pick({5, 9, 16, 17, 31, 33, 64, 65});
    int A = g.buffer({N}, e, g.pickData()), B = g.buffer({N}, e, g.pickData());
    int i = g.iv("i"), i2 = g.iv("i");
    Body body;
    std::vector<std::string> in;
    for (int d = -1; d <= 1; ++d)
      in.push_back(g.loadInto(body, A, {var(i, d)}));
    g.store(body, scale(body, sum(body, in), 3), B, {var(i)});
    tb.push_back(Gen::loop(i, 1, N - 1, 1, std::move(body)));
    Body copy;
    g.store(copy, g.loadInto(copy, B, {var(i2)}), A, {var(i2)});
    tb.push_back(Gen::loop(i2, 1, N - 1, 1, std::move(copy)));
    break;
  }
  case 1: { // Jacobi 2-D, 5 points
    int64_t R = g.pick({4, 5, 9, 16, 17}), C = g.pick({5, 9, 16, 17, 33});
    int A = g.buffer({R, C}, e, g.pickData());
    int B = g.buffer({R, C}, e, g.pickData());
    int i = g.iv("i"), j = g.iv("j"), i2 = g.iv("i"), j2 = g.iv("j");
    Body body;
    std::vector<std::string> in = {g.loadInto(body, A, {var(i), var(j)}),
                                   g.loadInto(body, A, {var(i, -1), var(j)}),
                                   g.loadInto(body, A, {var(i, 1), var(j)}),
                                   g.loadInto(body, A, {var(i), var(j, -1)}),
                                   g.loadInto(body, A, {var(i), var(j, 1)})};
    g.store(body, scale(body, sum(body, in), 5), B, {var(i), var(j)});
    Stmt jl = Gen::loop(j, 1, C - 1, 1, std::move(body));
    tb.push_back(Gen::loop(i, 1, R - 1, 1, Body{std::move(jl)}));
    Body copy;
    g.store(copy, g.loadInto(copy, B, {var(i2), var(j2)}), A,
            {var(i2), var(j2)});
    Stmt jc = Gen::loop(j2, 1, C - 1, 1, std::move(copy));
    tb.push_back(Gen::loop(i2, 1, R - 1, 1, Body{std::move(jc)}));
    break;
  }
  case 2: { // Seidel 2-D in place, 9 points
    int64_t R = g.pick({4, 5, 9, 16, 17}), C = g.pick({5, 9, 16, 17, 33});
    int A = g.buffer({R, C}, e, g.pickData());
    int i = g.iv("i"), j = g.iv("j");
    Body body;
    std::vector<std::string> in;
    for (int di = -1; di <= 1; ++di)
      for (int dj = -1; dj <= 1; ++dj)
        in.push_back(g.loadInto(body, A, {var(i, di), var(j, dj)}));
    g.store(body, scale(body, sum(body, in), 9), A, {var(i), var(j)});
    Stmt jl = Gen::loop(j, 1, C - 1, 1, std::move(body));
    tb.push_back(Gen::loop(i, 1, R - 1, 1, Body{std::move(jl)}));
    break;
  }
  case 3: { // 1-D forward recurrence in place
    int64_t N = g.pick(kTrips) + 1;
    int A = g.buffer({N}, e, g.pickData());
    int i = g.iv("i");
    int64_t d = r.range(1, 2);
    Body body;
    std::string prev = g.loadInto(body, A, {var(i, -d)});
    std::string cur = g.loadInto(body, A, {var(i)});
    g.store(body, scale(body, g.op(body, add, prev, cur, e), 2), A, {var(i)});
    tb.push_back(Gen::loop(i, d, N, 1, std::move(body)));
    break;
  }
  default: { // rows depending on rows above (skewing's shape)
    int64_t R = g.pick({3, 8, 9, 16, 17}), C = g.pick({5, 9, 16, 17, 33});
    int A = g.buffer({R, C}, e, g.pickData());
    int i = g.iv("i"), j = g.iv("j");
    static const std::vector<std::pair<int64_t, int64_t>> offsets = {
        {0, -1}, {0, -2}, {-1, -1}, {-1, 0}, {-1, 1}, {-1, 2}, {-2, 1}, {0, 0}};
    std::vector<std::pair<int64_t, int64_t>> picked = {offsets[r.below(2)]};
    for (int k = 0; k < 2; ++k)
      picked.push_back(offsets[r.below(offsets.size())]);
    Body body;
    std::vector<std::string> in;
    for (auto [di, dj] : picked)
      in.push_back(g.loadInto(body, A, {var(i, di), var(j, dj)}));
    g.store(body, scale(body, sum(body, in), 3), A, {var(i), var(j)});
    Stmt jl = Gen::loop(j, 2, C - 2, 1, std::move(body));
    tb.push_back(Gen::loop(i, 2, R, 1, Body{std::move(jl)}));
    break;
  }
  }
  b.push_back(Gen::loop(t, 0, T, 1, std::move(tb)));
}

/// Column and row reductions: sums down columns in memory or iter_args,
/// matrix-vector products down columns and along rows (atax, bicg, mvt).
void familyReduce(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem(20);
  Body &b = g.main().body;
  const char *add = e == Elem::F32 ? "addf" : "addi";
  const char *mul = e == Elem::F32 ? "mulf" : "muli";
  int64_t R = g.pick(kMidTrips), C = g.pick(kMidTrips);
  if (r.chance(50)) // enough rows to stream in strips of 8
    R = g.pick({8, 9, 16, 17, 24, 33, 37, 48, 64});
  if (r.chance(30))
    C = g.pick({48, 50, 64, 65});
  int A = g.buffer({R, C}, e, g.pickData());
  int i = g.iv("i"), j = g.iv("j");
  switch (r.below(5)) {
  case 0: { // out[j] += A[i, j], column sums in memory (either order)
    int out = g.buffer({C}, e, g.pickData());
    Body body;
    std::string s = g.loadInto(body, out, {var(j)});
    std::string x = g.loadInto(body, A, {var(i), var(j)});
    std::string v =
        r.chance(25)
            ? g.op(body, e == Elem::F32 ? "maximumf" : "maxsi", s, x, e)
            : g.op(body, add, s, x, e);
    g.store(body, v, out, {var(j)});
    bool rowsOuter = r.chance(50);
    Stmt inner =
        Gen::loop(rowsOuter ? j : i, 0, rowsOuter ? C : R, 1, std::move(body));
    Body outer;
    if (!rowsOuter && r.chance(50)) // out[j] = 0 first: scalrep's form
      g.store(outer, g.constant(outer, e == Elem::F32 ? "0.0" : "0", e), out,
              {var(j)});
    outer.push_back(std::move(inner));
    b.push_back(Gen::loop(rowsOuter ? i : j, 0, rowsOuter ? R : C, 1,
                          std::move(outer)));
    break;
  }
  case 1: { // column or row sums through iter_args
    bool column = r.chance(50);
    int out = g.buffer({column ? C : R}, e, g.pickData());
    int o = column ? j : i, in = column ? i : j;
    std::vector<std::string> results;
    Body body;
    std::string init = r.chance(50)
                           ? g.loadInto(body, out, {var(o)})
                           : g.constant(body, e == Elem::F32 ? "0.0" : "1", e);
    body.push_back(reductionLoop(g, e, in, {cst(0)}, {cst(column ? R : C)}, 1,
                                 A, {var(i), var(j)}, results, init));
    g.store(body, results[0], out, {var(o)});
    b.push_back(Gen::loop(o, 0, column ? C : R, 1, std::move(body)));
    break;
  }
  case 2: { // atax: tmp[i] = A[i, :] . x; y[j] += A[i, j] * tmp[i]
    int x = g.buffer({C}, e, g.pickData());
    int y = g.buffer({C}, e, g.pickData());
    int tmp = g.buffer({R}, e, g.pickData());
    int j2 = g.iv("j");
    Body b1;
    std::string t = g.loadInto(b1, tmp, {var(i)});
    std::string a = g.loadInto(b1, A, {var(i), var(j)});
    std::string xv = g.loadInto(b1, x, {var(j)});
    g.store(b1, g.op(b1, add, t, g.op(b1, mul, a, xv, e), e), tmp, {var(i)});
    Body b2;
    std::string yv = g.loadInto(b2, y, {var(j2)});
    std::string a2 = g.loadInto(b2, A, {var(i), var(j2)});
    std::string t2 = g.loadInto(b2, tmp, {var(i)});
    g.store(b2, g.op(b2, add, yv, g.op(b2, mul, a2, t2, e), e), y, {var(j2)});
    Body ib;
    ib.push_back(Gen::loop(j, 0, C, 1, std::move(b1)));
    ib.push_back(Gen::loop(j2, 0, C, 1, std::move(b2)));
    b.push_back(Gen::loop(i, 0, R, 1, std::move(ib)));
    break;
  }
  case 3: { // bicg: s[j] += r[i] * A[i, j]; q[i] += A[i, j] * p[j]
    int rv = g.buffer({R}, e, g.pickData()), p = g.buffer({C}, e, g.pickData());
    int s = g.buffer({C}, e, g.pickData()), q = g.buffer({R}, e, g.pickData());
    Body body;
    std::string a = g.loadInto(body, A, {var(i), var(j)});
    std::string sv = g.loadInto(body, s, {var(j)});
    std::string rr = g.loadInto(body, rv, {var(i)});
    g.store(body, g.op(body, add, sv, g.op(body, mul, rr, a, e), e), s,
            {var(j)});
    std::string qv = g.loadInto(body, q, {var(i)});
    std::string pv = g.loadInto(body, p, {var(j)});
    g.store(body, g.op(body, add, qv, g.op(body, mul, a, pv, e), e), q,
            {var(i)});
    Stmt jl = Gen::loop(j, 0, C, 1, std::move(body));
    b.push_back(Gen::loop(i, 0, R, 1, Body{std::move(jl)}));
    break;
  }
  default: { // mvt: x1 += A y1 by rows, x2 += A^T y2 down columns (square)
    int64_t S = std::min(R, C);
    int Sq = g.buffer({S, S}, e, g.pickData());
    int x1 = g.buffer({S}, e, g.pickData()),
        y1 = g.buffer({S}, e, g.pickData());
    int x2 = g.buffer({S}, e, g.pickData()),
        y2 = g.buffer({S}, e, g.pickData());
    for (int pass = 0; pass < 2; ++pass) {
      int ii = g.iv("i"), jj = g.iv("j");
      int xo = pass ? x2 : x1, yo = pass ? y2 : y1;
      Body body;
      std::string xv = g.loadInto(body, xo, {var(ii)});
      std::string a = g.loadInto(body, Sq,
                                 pass ? std::vector<Expr>{var(jj), var(ii)}
                                      : std::vector<Expr>{var(ii), var(jj)});
      std::string yv = g.loadInto(body, yo, {var(jj)});
      g.store(body, g.op(body, add, xv, g.op(body, mul, a, yv, e), e), xo,
              {var(ii)});
      Stmt jl = Gen::loop(jj, 0, S, 1, std::move(body));
      b.push_back(Gen::loop(ii, 0, S, 1, Body{std::move(jl)}));
    }
    break;
  }
  }
}

/// The optimizer's target shapes (reductions kept in registers, column
/// sums, matmuls, stencils, transposed updates) over views of one buffer,
/// where an element the nest keeps or streams is also reached through
/// another view.
void familyViewShapes(Gen &g) {
  Rng &r = g.rng;
  Elem e = g.pickElem(20);
  Body &b = g.main().body;
  const char *add = e == Elem::F32 ? "addf" : "addi";
  const char *mul = e == Elem::F32 ? "mulf" : "muli";
  int64_t R = g.pick({8, 9, 16, 17}), C = g.pick({16, 17, 31, 33});
  switch (r.below(5)) {
  case 0: { // S[i] += A[i, j] where S is column c0 of A
    int A = g.buffer({R, C}, e, g.pickData());
    int64_t c0 = r.range(0, C - 1);
    int S = g.subview(b, A, {0, c0}, {R, 1}, {1, 1}, {false, true});
    int i = g.iv("i"), j = g.iv("j");
    Body body;
    if (r.chance(50)) { // in memory: scalrep's register candidate
      std::string s = g.loadInto(body, S, {var(i)});
      std::string x = g.loadInto(body, A, {var(i), var(j)});
      g.store(body, g.op(body, add, s, x, e), S, {var(i)});
      Stmt jl = Gen::loop(j, 0, C, 1, std::move(body));
      b.push_back(Gen::loop(i, 0, R, 1, Body{std::move(jl)}));
    } else { // through iter_args, stored back into the column
      std::vector<std::string> results;
      std::string init = g.loadInto(body, S, {var(i)});
      body.push_back(reductionLoop(g, e, j, {cst(0)}, {cst(C)}, 1, A,
                                   {var(i), var(j)}, results, init));
      g.store(body, results[0], S, {var(i)});
      b.push_back(Gen::loop(i, 0, R, 1, std::move(body)));
    }
    break;
  }
  case 1: { // O[j] += A[i, j] where O is row r0 of A (column sums)
    int A = g.buffer({R, C}, e, g.pickData());
    int64_t r0 = r.range(0, R - 1);
    int O = g.subview(b, A, {r0, 0}, {1, C}, {1, 1}, {true, false});
    int i = g.iv("i"), j = g.iv("j");
    Body body;
    std::string o = g.loadInto(body, O, {var(j)});
    std::string x = g.loadInto(body, A, {var(i), var(j)});
    g.store(body, g.op(body, add, o, x, e), O, {var(j)});
    bool rowsOuter = r.chance(50);
    Stmt inner =
        Gen::loop(rowsOuter ? j : i, 0, rowsOuter ? C : R, 1, std::move(body));
    b.push_back(Gen::loop(rowsOuter ? i : j, 0, rowsOuter ? R : C, 1,
                          Body{std::move(inner)}));
    break;
  }
  case 2: { // C += A * B with C, A, B windows of one buffer
    int64_t M = g.pick({2, 3, 8, 9}), N = g.pick({8, 16, 17}),
            K = g.pick({3, 8, 9});
    int64_t rows = std::max(M, K) + r.range(0, 4), cols = N + K;
    int X = g.buffer({rows, cols}, e, g.pickData());
    int A = g.subview(b, X, {0, 0}, {M, K}, {1, 1});
    int B = g.subview(b, X, {r.range(0, rows - K), r.range(0, cols - N)},
                      {K, N}, {1, 1});
    int Cv = g.subview(b, X, {r.range(0, rows - M), r.range(0, cols - N)},
                       {M, N}, {1, 1});
    int i = g.iv("i"), j = g.iv("j"), k = g.iv("k");
    Body kb;
    std::string a = g.loadInto(kb, A, {var(i), var(k)});
    if (r.chance(40))
      a = g.op(kb, mul, g.constant(kb, e == Elem::F32 ? "0.5" : "2", e), a, e);
    std::string bv = g.loadInto(kb, B, {var(k), var(j)});
    std::string c = g.loadInto(kb, Cv, {var(i), var(j)});
    g.store(kb, g.op(kb, add, c, g.op(kb, mul, a, bv, e), e), Cv,
            {var(i), var(j)});
    std::vector<int> order = {i, j, k};
    if (r.chance(50))
      std::swap(order[1], order[2]);
    std::map<int, int64_t> hi = {{i, M}, {j, N}, {k, K}};
    Body inner = std::move(kb);
    for (int d = 2; d >= 0; --d) {
      Stmt l = Gen::loop(order[d], 0, hi[order[d]], 1, std::move(inner));
      inner = Body{std::move(l)};
    }
    b.push_back(std::move(inner[0]));
    break;
  }
  case 3: { // a stencil in a time loop from one view of a buffer into another
    int X = g.buffer({R + 2, C}, e, g.pickData());
    int64_t shift = r.range(0, 2);
    int In = g.subview(b, X, {0, 0}, {R, C}, {1, 1});
    int Out = g.subview(b, X, {shift, 0}, {R, C}, {1, 1});
    int t = g.iv("t"), i = g.iv("i"), j = g.iv("j");
    Body body;
    std::vector<std::string> in = {g.loadInto(body, In, {var(i), var(j, -1)}),
                                   g.loadInto(body, In, {var(i), var(j)}),
                                   g.loadInto(body, In, {var(i), var(j, 1)})};
    std::string sum =
        g.op(body, add, g.op(body, add, in[0], in[1], e), in[2], e);
    std::string v =
        e == Elem::F32
            ? g.op(body, "mulf", sum, g.constant(body, "0.333", e), e)
            : g.op(body, "divsi", sum, g.constant(body, "3", e), e);
    g.store(body, v, Out, {var(i), var(j)});
    Stmt jl = Gen::loop(j, 1, C - 1, 1, std::move(body));
    Stmt il = Gen::loop(i, 0, R, 1, Body{std::move(jl)});
    b.push_back(Gen::loop(t, 0, r.range(1, 3), 1, Body{std::move(il)}));
    break;
  }
  default: { // X[i, j] = f(X^T[i, j], X[i, j]): an update through a transpose
    int X = g.buffer({R, R}, e, g.pickData());
    int T = g.transpose(b, X);
    int i = g.iv("i"), j = g.iv("j");
    Body body;
    std::vector<std::string> in = {g.loadInto(body, T, {var(i), var(j)}),
                                   g.loadInto(body, X, {var(i), var(j)})};
    g.store(body, g.combine(body, e, in), X, {var(i), var(j)});
    Stmt jl = Gen::loop(j, 0, R, 1, std::move(body));
    b.push_back(Gen::loop(i, 0, R, 1, Body{std::move(jl)}));
    break;
  }
  }
}

using Family = void (*)(Gen &);

struct FamilyEntry {
  const char *name;
  Family build;
};

void familyMixed(Gen &g);

const FamilyEntry kFamilies[] = {
    {"views", familyViews},
    {"arg-alias", familyArgAlias},
    {"steps", familySteps},
    {"bounds", familyBounds},
    {"symbolic", familySymbolic},
    {"control", familyControl},
    {"float-special", familyFloatSpecial},
    {"chain", familyChain},
    {"matmul", familyMatmul},
    {"stencil", familyStencil},
    {"reduce", familyReduce},
    {"view-shapes", familyViewShapes},
    {"mixed", familyMixed},
};
constexpr size_t kNumFamilies = sizeof(kFamilies) / sizeof(kFamilies[0]);

/// Two other families' shapes in one program.
void familyMixed(Gen &g) {
  size_t a = g.rng.below(kNumFamilies - 1);
  size_t b = g.rng.below(kNumFamilies - 1);
  kFamilies[a].build(g);
  if (b != a)
    kFamilies[b].build(g);
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

class Printer {
public:
  explicit Printer(const Gen &g) : g(g) {}

  std::string program(uint64_t seed, const std::string &family) {
    os << "// affjit soundness program: seed " << seed << ", family " << family
       << "\n";
    os << "// affjit_gen_soundness_program " << seed
       << " > p.mlir && affjit run p.mlir --pipeline=none\n";
    os << "func.func private @printMemrefF32(memref<*xf32>)\n";
    os << "func.func private @printMemrefI32(memref<*xi32>)\n";
    for (size_t f = 1; f < g.funcs.size(); ++f)
      kernel((int)f);
    if (g.fillsInFunction)
      initFunc();
    mainFunc();
    return os.str();
  }

  std::vector<bool> bitDumps;

private:
  const Gen &g;
  std::ostringstream os;
  int func = 0;
  int tmp = 0;

  std::string name(int v) const { return g.vars[v].ssa; }

  std::string linear(const Expr &e, const std::function<std::string(int)> &nm,
                     int64_t k) const {
    std::string s;
    for (auto [v, c] : e.terms) {
      if (c == 0)
        continue;
      std::string term = nm(v);
      if (s.empty()) {
        s = c == 1 ? term : term + " * " + std::to_string(c);
        continue;
      }
      s += c < 0 ? " - " : " + ";
      s += std::abs(c) == 1 ? term : term + " * " + std::to_string(std::abs(c));
    }
    if (s.empty())
      return std::to_string(k);
    if (k)
      s += (k < 0 ? " - " : " + ") + std::to_string(std::abs(k));
    return s;
  }
  std::string expr(const Expr &e,
                   const std::function<std::string(int)> &nm) const {
    if (!e.op)
      return linear(e, nm, e.k + e.post);
    std::string lin = linear(e, nm, e.k);
    if (lin.find(' ') != std::string::npos)
      lin = "(" + lin + ")";
    std::string s = lin +
                    (e.op == 'f'   ? " floordiv "
                     : e.op == 'c' ? " ceildiv "
                                   : " mod ") +
                    std::to_string(e.d);
    if (e.post)
      s += (e.post < 0 ? " - " : " + ") + std::to_string(std::abs(e.post));
    return s;
  }
  /// In subscripts and affine.parallel bounds: SSA names, symbols marked.
  std::string ssaExpr(const Expr &e) const {
    return expr(e, [&](int v) {
      return g.vars[v].symbol ? "symbol(" + name(v) + ")" : name(v);
    });
  }
  /// `(d0, d1)[s0]`, `(%i, %j)[%n]` and the exprs over them.
  std::string mapOf(const std::vector<Expr> &exprs, bool isSet,
                    const std::vector<bool> &eqs = {}) const {
    std::vector<int> dims, syms;
    for (const Expr &e : exprs)
      for (auto [v, c] : e.terms) {
        auto &list = g.vars[v].symbol ? syms : dims;
        if (std::find(list.begin(), list.end(), v) == list.end())
          list.push_back(v);
      }
    auto nm = [&](int v) {
      auto &list = g.vars[v].symbol ? syms : dims;
      size_t i = std::find(list.begin(), list.end(), v) - list.begin();
      return (g.vars[v].symbol ? "s" : "d") + std::to_string(i);
    };
    std::string s = isSet ? "affine_set<(" : "affine_map<(";
    for (size_t i = 0; i < dims.size(); ++i)
      s += (i ? ", d" : "d") + std::to_string(i);
    s += ")";
    if (!syms.empty()) {
      s += "[";
      for (size_t i = 0; i < syms.size(); ++i)
        s += (i ? ", s" : "s") + std::to_string(i);
      s += "]";
    }
    s += isSet ? " : (" : " -> (";
    for (size_t i = 0; i < exprs.size(); ++i) {
      s += (i ? ", " : "") + expr(exprs[i], nm);
      if (isSet)
        s += eqs[i] ? " == 0" : " >= 0";
    }
    s += ")>(";
    for (size_t i = 0; i < dims.size(); ++i)
      s += (i ? ", " : "") + name(dims[i]);
    s += ")";
    if (!syms.empty()) {
      s += "[";
      for (size_t i = 0; i < syms.size(); ++i)
        s += (i ? ", " : "") + name(syms[i]);
      s += "]";
    }
    return s;
  }
  std::string bound(const std::vector<Expr> &l, bool lower) const {
    if (l.size() == 1 && l[0].terms.empty() && !l[0].op)
      return std::to_string(l[0].k + l[0].post);
    return std::string(l.size() > 1 ? (lower ? "max " : "min ") : "") +
           mapOf(l, false);
  }
  std::string parallelBound(const std::vector<Expr> &l, bool lower) const {
    if (l.size() == 1)
      return ssaExpr(l[0]);
    std::string s = lower ? "max(" : "min(";
    for (size_t i = 0; i < l.size(); ++i)
      s += (i ? ", " : "") + ssaExpr(l[i]);
    return s + ")";
  }
  std::string typeList(const std::vector<std::string> &types) const {
    std::string s = "(";
    for (size_t i = 0; i < types.size(); ++i)
      s += (i ? ", " : "") + types[i];
    return s + ")";
  }
  std::string resultPrefix(const Stmt &s) const {
    if (s.types.empty())
      return "";
    if (s.types.size() == 1)
      return s.result + " = ";
    return s.result + ":" + std::to_string(s.types.size()) + " = ";
  }
  void yield(const std::vector<std::string> &values,
             const std::vector<std::string> &types, int ind) {
    if (values.empty())
      return;
    std::string v, t;
    for (size_t i = 0; i < values.size(); ++i) {
      v += (i ? ", " : "") + values[i];
      t += (i ? ", " : "") + types[i];
    }
    indent(ind) << "affine.yield " << v << " : " << t << "\n";
  }
  std::ostream &indent(int n) { return os << std::string(2 * n, ' '); }
  std::string subs(const std::vector<Expr> &s) const {
    std::string out = "[";
    for (size_t i = 0; i < s.size(); ++i)
      out += (i ? ", " : "") + ssaExpr(s[i]);
    return out + "]";
  }

  void stmt(const Stmt &s, int ind) {
    const Func &f = g.funcs[func];
    switch (s.kind) {
    case Stmt::Line:
      if (!s.text.empty())
        indent(ind) << s.text << "\n";
      return;
    case Stmt::Load:
      indent(ind) << s.text << " = affine.load " << f.views[s.view].ssa
                  << subs(s.subs) << " : " << g.typeOf(func, s.view) << "\n";
      return;
    case Stmt::Store:
      indent(ind) << "affine.store " << s.text << ", " << f.views[s.view].ssa
                  << subs(s.subs) << " : " << g.typeOf(func, s.view) << "\n";
      return;
    case Stmt::For: {
      indent(ind) << resultPrefix(s) << "affine.for " << name(s.ivs[0]) << " = "
                  << bound(s.lbs[0], true) << " to " << bound(s.ubs[0], false);
      if (s.steps[0] != 1)
        os << " step " << s.steps[0];
      if (!s.iterArgs.empty()) {
        os << " iter_args(";
        for (size_t i = 0; i < s.iterArgs.size(); ++i)
          os << (i ? ", " : "") << s.iterArgs[i] << " = " << s.inits[i];
        os << ") -> " << typeList(s.types);
      }
      os << " {\n";
      body(s.body, ind + 1);
      yield(s.yields, s.types, ind + 1);
      indent(ind) << "}\n";
      return;
    }
    case Stmt::Parallel: {
      std::string ivs, lbs, ubs, steps;
      bool unit = true;
      for (size_t d = 0; d < s.ivs.size(); ++d) {
        ivs += (d ? ", " : "") + name(s.ivs[d]);
        lbs += (d ? ", " : "") + parallelBound(s.lbs[d], true);
        ubs += (d ? ", " : "") + parallelBound(s.ubs[d], false);
        steps += (d ? ", " : "") + std::to_string(s.steps[d]);
        unit = unit && s.steps[d] == 1;
      }
      indent(ind) << resultPrefix(s) << "affine.parallel (" << ivs << ") = ("
                  << lbs << ") to (" << ubs << ")";
      if (!unit)
        os << " step (" << steps << ")";
      if (!s.reduceKinds.empty()) {
        os << " reduce (";
        for (size_t i = 0; i < s.reduceKinds.size(); ++i)
          os << (i ? ", " : "") << "\"" << s.reduceKinds[i] << "\"";
        os << ") -> " << typeList(s.types);
      }
      os << " {\n";
      body(s.body, ind + 1);
      yield(s.yields, s.types, ind + 1);
      indent(ind) << "}\n";
      return;
    }
    case Stmt::If: {
      indent(ind) << resultPrefix(s) << "affine.if "
                  << mapOf(s.conds, true, s.isEq);
      if (!s.types.empty())
        os << " -> " << typeList(s.types);
      os << " {\n";
      body(s.body, ind + 1);
      yield(s.yields, s.types, ind + 1);
      if (s.hasElse) {
        indent(ind) << "} else {\n";
        body(s.elseBody, ind + 1);
        yield(s.elseYields, s.types, ind + 1);
      }
      indent(ind) << "}\n";
      return;
    }
    case Stmt::Call: {
      const Func &callee = g.funcs[s.callee];
      std::string args, types;
      for (size_t a = 0; a < s.argViews.size(); ++a) {
        args += (a ? ", " : "") + f.views[s.argViews[a]].ssa;
        types += (a ? ", " : "") + g.typeOf(s.callee, callee.paramViews[a]);
      }
      for (int v : s.argVars) {
        args += (args.empty() ? "" : ", ") + name(v);
        types += std::string(types.empty() ? "" : ", ") + "index";
      }
      indent(ind) << "call " << callee.name << "(" << args << ") : (" << types
                  << ") -> ()\n";
      return;
    }
    }
  }
  void body(const Body &b, int ind) {
    for (const Stmt &s : b)
      stmt(s, ind);
  }

  void kernel(int f) {
    func = f;
    const Func &k = g.funcs[f];
    os << "func.func " << k.name << "(";
    bool first = true;
    for (int v : k.paramViews) {
      os << (first ? "" : ", ") << k.views[v].ssa << ": " << g.typeOf(f, v);
      first = false;
    }
    for (int v : k.paramVars) {
      os << (first ? "" : ", ") << name(v) << ": index";
      first = false;
    }
    os << ") {\n";
    body(k.body, 1);
    os << "  return\n}\n";
  }

  void printBuffer(const std::string &ssa, const std::string &type, Elem e) {
    std::string u = "%u" + std::to_string(tmp++);
    const char *fn = e == Elem::F32 ? "printMemrefF32" : "printMemrefI32";
    const char *t = e == Elem::F32 ? "memref<*xf32>" : "memref<*xi32>";
    os << "  " << u << " = memref.cast " << ssa << " : " << type << " to " << t
       << "\n";
    os << "  call @" << fn << "(" << u << ") : (" << t << ") -> ()\n";
  }

  /// Copies an f32 buffer's bits into an i32 buffer and prints that.
  void printBits(const Buffer &b) {
    std::string bits = "%bits" + std::to_string(tmp++);
    std::string type = Gen::identityType(b.shape, Elem::I32);
    os << "  " << bits << " = memref.alloc() : " << type << "\n";
    std::string idx;
    for (size_t d = 0; d < b.shape.size(); ++d) {
      std::string iv = "%b" + std::to_string(tmp++);
      idx += (d ? ", " : "") + iv;
      os << std::string(2 * (d + 1), ' ') << "affine.for " << iv << " = 0 to "
         << b.shape[d] << " {\n";
    }
    std::string in = std::string(2 * (b.shape.size() + 1), ' ');
    std::string x = "%bx" + std::to_string(tmp),
                y = "%by" + std::to_string(tmp);
    os << in << x << " = affine.load " << b.ssa << "[" << idx
       << "] : " << Gen::identityType(b.shape, Elem::F32) << "\n";
    os << in << y << " = arith.bitcast " << x << " : f32 to i32\n";
    os << in << "affine.store " << y << ", " << bits << "[" << idx
       << "] : " << type << "\n";
    for (size_t d = b.shape.size(); d > 0; --d)
      os << std::string(2 * d, ' ') << "}\n";
    printBuffer(bits, type, Elem::I32);
    os << "  memref.dealloc " << bits << " : " << type << "\n";
  }

  /// The filled buffers, as `%A0: T, ...` (params) or `%A0, ...` and
  /// `T, ...` (a call).
  std::string filled(bool params, bool types) const {
    std::string s;
    for (const Buffer &b : g.buffers) {
      if (!b.fill)
        continue;
      std::string t = Gen::identityType(b.shape, b.elem);
      s += (s.empty() ? "" : ", ") + (params  ? b.ssa + ": " + t
                                      : types ? t
                                              : b.ssa);
    }
    return s;
  }
  /// @init(%A0: T, ...) holding the fill nests; the parameters are named
  /// like @main's buffers, so the nests print unchanged.
  void initFunc() {
    func = 0;
    os << "func.func @init(" << filled(true, false) << ") {\n";
    body(g.fills, 1);
    os << "  return\n}\n";
  }

  void mainFunc() {
    func = 0;
    os << "func.func @main() {\n";
    for (const Buffer &b : g.buffers)
      os << "  " << b.ssa << " = memref." << (b.alloca ? "alloca" : "alloc")
         << "() : " << Gen::identityType(b.shape, b.elem) << "\n";
    if (!g.fillsInFunction)
      body(g.fills, 1);
    else if (!g.fills.empty())
      os << "  call @init(" << filled(false, false) << ") : ("
         << filled(false, true) << ") -> ()\n";
    body(g.funcs[0].body, 1);
    for (const Buffer &b : g.buffers) {
      if (b.printed) {
        printBuffer(b.ssa, Gen::identityType(b.shape, b.elem), b.elem);
        bitDumps.push_back(false);
      }
      if (b.bits) {
        printBits(b);
        bitDumps.push_back(true);
      }
    }
    for (const Buffer &b : g.buffers)
      if (!b.alloca)
        os << "  memref.dealloc " << b.ssa << " : "
           << Gen::identityType(b.shape, b.elem) << "\n";
    os << "  return\n}\n";
  }
};

//===----------------------------------------------------------------------===//
// Finishing a draw
//===----------------------------------------------------------------------===//

/// `(sum coef_d * idx_d + c) mod m` of the fill's loop variables, as an
/// index; the fill's values are a function of it.
std::string fillHash(Gen &g, Body &body, const std::vector<Range> &loops,
                     const Init &in) {
  std::string dims, operands, sum;
  for (size_t d = 0; d < loops.size(); ++d) {
    std::string dn = "d" + std::to_string(d);
    dims += (d ? ", " : "") + dn;
    operands += (d ? ", " : "") + g.vars[loops[d].iv].ssa;
    sum += (d ? " + " : "") + dn + " * " + std::to_string(in.coef[d]);
  }
  std::string k = g.fresh("v");
  body.push_back(lineS(k + " = affine.apply affine_map<(" + dims + ") -> ((" +
                       sum + " + " + std::to_string(in.c) + ") mod " +
                       std::to_string(in.m) + ")>(" + operands + ")"));
  std::string ki = g.fresh("v");
  body.push_back(lineS(ki + " = arith.index_cast " + k + " : index to i32"));
  return ki;
}

/// The element for hash `ki` (i32): (ki - half) * imul, or for f32
/// (ki - half) * scale with the special values replacing some hashes.
std::string fillValue(Gen &g, Body &body, const std::string &ki,
                      const Buffer &buf) {
  const Init &in = buf.init;
  std::string s =
      g.op(body, "subi", ki,
           g.constant(body, std::to_string(in.half), Elem::I32), Elem::I32);
  if (buf.elem == Elem::I32)
    return g.op(body, "muli", s,
                g.constant(body, std::to_string(in.imul), Elem::I32),
                Elem::I32);
  std::string f = g.fresh("v");
  body.push_back(lineS(f + " = arith.sitofp " + s + " : i32 to f32"));
  std::string v =
      g.op(body, "mulf", f, g.constant(body, in.scale, Elem::F32), Elem::F32);
  for (auto [at, literal] : in.specials) {
    std::string c = g.fresh("v"), sel = g.fresh("v");
    body.push_back(lineS(c + " = arith.cmpi eq, " + ki + ", " +
                         g.constant(body, std::to_string(at), Elem::I32) +
                         " : i32"));
    body.push_back(lineS(sel + " = arith.select " + c + ", " +
                         g.constant(body, literal, Elem::F32) + ", " + v +
                         " : f32"));
    v = sel;
  }
  return v;
}

/// The fill nest of buffer `id`: each element a function of its indices.
Stmt fillNest(Gen &g, int id) {
  const Buffer &buf = g.buffers[id];
  std::vector<Range> loops = boxOver(g, buf.shape);
  Body body;
  std::string ki = fillHash(g, body, loops, buf.init);
  g.store(body, fillValue(g, body, ki, buf), buf.view, ivSubs(loops));
  return wrap(loops, std::move(body));
}

/// Shapes of late buffers from their measured accesses, geometry of base
/// views, fill nests, which buffers get a bit dump.
void finish(Gen &g, int64_t maxWork) {
  bool late = false;
  for (const Buffer &b : g.buffers)
    late = late || b.late;
  if (late) {
    Machine m(g, maxWork, true);
    m.run();
    for (size_t id = 0; id < g.buffers.size(); ++id) {
      Buffer &b = g.buffers[id];
      if (!b.late)
        continue;
      for (size_t d = 0; d < b.shape.size(); ++d)
        b.shape[d] = std::max<int64_t>(1, m.maxIndex[id][d] + 1 +
                                              (g.rng.chance(30) ? 1 : 0));
    }
  }
  for (size_t id = 0; id < g.buffers.size(); ++id) {
    Buffer &b = g.buffers[id];
    View &v = g.main().views[b.view];
    v.geo = {(int)id, 0, b.shape, rowMajor(b.shape)};
    if (b.fill)
      g.fills.push_back(fillNest(g, (int)id));
    b.bits =
        b.elem == Elem::F32 && !g.special && !g.looseZero && g.rng.chance(30);
  }
  g.fillsInFunction = !g.fills.empty() && g.rng.chance(75);
}

const FamilyEntry &familyNamed(const std::string &name) {
  for (const FamilyEntry &f : kFamilies)
    if (name == f.name)
      return f;
  throw std::invalid_argument("unknown soundness family '" + name + "'");
}

} // namespace

const std::vector<std::string> &soundnessFamilies() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const FamilyEntry &f : kFamilies)
      n.push_back(f.name);
    return n;
  }();
  return names;
}

SoundnessProgram generateSoundness(uint64_t seed,
                                   const SoundnessOptions &opts) {
  Rng familyRng(seed);
  const FamilyEntry &family = opts.family.empty()
                                  ? kFamilies[familyRng.below(kNumFamilies)]
                                  : familyNamed(opts.family);
  std::string lastReason;
  for (uint64_t attempt = 0; attempt < 200; ++attempt) {
    Rng rng(mixSeed(seed) + attempt);
    Gen g(rng);
    // Some programs of every family may combine with minnumf/maxnumf.
    g.looseZero = rng.chance(10);
    try {
      family.build(g);
      finish(g, opts.maxWork);
      Machine m(g, opts.maxWork, false);
      m.run();
      SoundnessProgram p;
      Printer printer(g);
      p.text = printer.program(seed, family.name);
      p.family = family.name;
      p.fastMathComparable = !g.special;
      p.zeroSignUnspecified = g.looseZero;
      p.bitDumps = printer.bitDumps;
      p.tripCounts = m.trips;
      return p;
    } catch (const Reject &r) {
      lastReason = r.what();
    }
  }
  throw std::runtime_error("soundness generator: no valid program for seed " +
                           std::to_string(seed) + " (" + family.name +
                           "): " + lastReason);
}

std::string generateSoundnessProgram(uint64_t seed,
                                     const SoundnessOptions &opts) {
  return generateSoundness(seed, opts).text;
}

} // namespace affjit::test
