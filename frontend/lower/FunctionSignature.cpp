// MLIR-compatible function signatures and argument (un)packing.
#include "frontend/lower/FunctionSignature.h"

namespace affjit {

static void appendExpandedTypes(LoweringContext &lc, Type t,
                                std::vector<llvm::Type *> &out) {
  llvm::IRBuilder<> &b = lc.builder();
  if (t.isMemRef()) {
    out.push_back(b.getPtrTy());
    out.push_back(b.getPtrTy());
    out.push_back(b.getInt64Ty());
    for (int64_t i = 0; i < 2 * t.getRank(); ++i)
      out.push_back(b.getInt64Ty());
  } else if (t.isUnrankedMemRef()) {
    out.push_back(b.getInt64Ty());
    out.push_back(b.getPtrTy());
  } else {
    out.push_back(lc.convertType(t));
  }
}

static llvm::Type *resultType(LoweringContext &lc, Type fnType) {
  const auto &results = fnType.getResults();
  if (results.empty())
    return lc.builder().getVoidTy();
  if (results.size() == 1)
    return lc.convertType(results[0]);
  std::vector<llvm::Type *> fields;
  for (Type r : results)
    fields.push_back(lc.convertType(r));
  return llvm::StructType::get(lc.ctx(), fields);
}

llvm::FunctionType *convertFunctionType(LoweringContext &lc, Type fnType) {
  std::vector<llvm::Type *> params;
  for (Type t : fnType.getInputs())
    appendExpandedTypes(lc, t, params);
  return llvm::FunctionType::get(resultType(lc, fnType), params, false);
}

llvm::FunctionType *convertCInterfaceType(LoweringContext &lc, Type fnType) {
  llvm::IRBuilder<> &b = lc.builder();
  llvm::Type *ret = resultType(lc, fnType);
  std::vector<llvm::Type *> params;
  if (ret->isStructTy()) {
    params.push_back(b.getPtrTy());
    ret = b.getVoidTy();
  }
  for (Type t : fnType.getInputs())
    params.push_back(isDescriptorType(t) ? b.getPtrTy() : lc.convertType(t));
  return llvm::FunctionType::get(ret, params, false);
}

void expandArgument(LoweringContext &lc, Type t, llvm::Value *v,
                    std::vector<llvm::Value *> &out) {
  llvm::IRBuilder<> &b = lc.builder();
  if (t.isMemRef()) {
    out.push_back(b.CreateExtractValue(v, {0}));
    out.push_back(b.CreateExtractValue(v, {1}));
    out.push_back(b.CreateExtractValue(v, {2}));
    for (unsigned i = 0; i < t.getRank(); ++i)
      out.push_back(b.CreateExtractValue(v, {3, i}));
    for (unsigned i = 0; i < t.getRank(); ++i)
      out.push_back(b.CreateExtractValue(v, {4, i}));
  } else if (t.isUnrankedMemRef()) {
    out.push_back(b.CreateExtractValue(v, {0}));
    out.push_back(b.CreateExtractValue(v, {1}));
  } else {
    out.push_back(v);
  }
}

llvm::Value *collapseArguments(LoweringContext &lc, Type t,
                               llvm::Function::arg_iterator &it) {
  llvm::IRBuilder<> &b = lc.builder();
  if (!isDescriptorType(t))
    return &*it++;
  llvm::Value *d = llvm::UndefValue::get(lc.convertType(t));
  if (t.isUnrankedMemRef()) {
    d = b.CreateInsertValue(d, &*it++, {0});
    return b.CreateInsertValue(d, &*it++, {1});
  }
  d = b.CreateInsertValue(d, &*it++, {0});
  d = b.CreateInsertValue(d, &*it++, {1});
  d = b.CreateInsertValue(d, &*it++, {2});
  for (unsigned i = 0; i < t.getRank(); ++i)
    d = b.CreateInsertValue(d, &*it++, {3, i});
  for (unsigned i = 0; i < t.getRank(); ++i)
    d = b.CreateInsertValue(d, &*it++, {4, i});
  return d;
}

llvm::Value *packResults(LoweringContext &lc, Type fnType,
                         const std::vector<llvm::Value *> &results) {
  if (results.empty())
    return nullptr;
  if (results.size() == 1)
    return results[0];
  llvm::Value *s = llvm::UndefValue::get(resultType(lc, fnType));
  for (unsigned i = 0; i < results.size(); ++i)
    s = lc.builder().CreateInsertValue(s, results[i], {i});
  return s;
}

} // namespace affjit
