// The custom-syntax op printer registry, filled once from every dialect.
#include "frontend/print/OpPrinters.h"

namespace affjit {

const OpPrinterRegistry &OpPrinterRegistry::get() {
  static const OpPrinterRegistry registry = [] {
    OpPrinterRegistry r;
    registerFuncOpPrinters(r);
    registerArithOpPrinters(r);
    registerAffineOpPrinters(r);
    registerMemRefOpPrinters(r);
    registerVectorOpPrinters(r);
    return r;
  }();
  return registry;
}

OpPrintFn OpPrinterRegistry::lookup(std::string_view name) const {
  auto it = printers.find(std::string(name));
  return it == printers.end() ? nullptr : it->second;
}

} // namespace affjit
