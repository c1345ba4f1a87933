// The registry of custom-syntax op printers, filled by one file per dialect
// (AffineOpsPrinter.cpp, ...). A printer writes the op from its name on
// (the printer has already written `%results = `), on one line or with
// nested regions via Printer::printRegion.
#pragma once

#include "frontend/print/Printer.h"

#include <string>
#include <string_view>
#include <unordered_map>

namespace affjit {

using OpPrintFn = void (*)(Printer &, Operation &);

class OpPrinterRegistry {
public:
  static const OpPrinterRegistry &get();
  /// The custom printer of `name`; null means print generically.
  OpPrintFn lookup(std::string_view name) const;
  void add(std::string name, OpPrintFn fn) { printers[std::move(name)] = fn; }
  /// Every op with a custom-syntax printer, sorted.
  std::vector<std::string> names() const { return sortedOpNames(printers); }

private:
  std::unordered_map<std::string, OpPrintFn> printers;
};

/// Syntax shared across dialects.
/// `name [attr-dict] [%a, %b : T, U]`: func.return, affine.yield,
/// memref.alloca_scope.return.
void printReturnLikeOp(Printer &p, Operation &op);
/// `name %a [attr-dict] : T to U`: arith casts, vector.broadcast.
void printCastLikeOp(Printer &p, Operation &op);

void registerFuncOpPrinters(OpPrinterRegistry &r);
void registerArithOpPrinters(OpPrinterRegistry &r);
void registerAffineOpPrinters(OpPrinterRegistry &r);
void registerMemRefOpPrinters(OpPrinterRegistry &r);
void registerVectorOpPrinters(OpPrinterRegistry &r);
void registerScfOpPrinters(OpPrinterRegistry &r);
void registerMemRefAtomicOpPrinters(OpPrinterRegistry &r);
void registerControlFlowOpPrinters(OpPrinterRegistry &r);

} // namespace affjit
