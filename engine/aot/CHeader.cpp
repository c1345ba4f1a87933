// C declarations of ahead-of-time entry points (CHeader.h).
#include "engine/aot/CHeader.h"

#include <cctype>
#include <set>
#include <sstream>

namespace affjit {

namespace {

/// The C spelling of the scalar `t` and a short name for type names
/// (`float`, `f32`); nullopt if C has none here.
std::optional<std::pair<std::string, std::string>> scalarType(Type t) {
  if (t.isIndex())
    return std::pair<std::string, std::string>{"int64_t", "index"};
  switch (t.getKind()) {
  case TypeKind::F32:
    return std::pair<std::string, std::string>{"float", "f32"};
  case TypeKind::F64:
    return std::pair<std::string, std::string>{"double", "f64"};
  case TypeKind::F16:
    return std::pair<std::string, std::string>{"_Float16", "f16"};
  case TypeKind::Integer:
    break;
  default:
    return std::nullopt;
  }
  unsigned w = t.getWidth();
  if (w == 1)
    return std::pair<std::string, std::string>{"bool", "i1"};
  if (w != 8 && w != 16 && w != 32 && w != 64)
    return std::nullopt;
  bool isUnsigned = t.getSignedness() == Signedness::Unsigned;
  std::string bits = std::to_string(w);
  return std::pair<std::string, std::string>{(isUnsigned ? "uint" : "int") +
                                                 bits + "_t",
                                             (isUnsigned ? "ui" : "i") + bits};
}

/// The descriptor types a header defines, by name, with their definitions.
class Descriptors {
public:
  /// The C type of `t`'s descriptor (defined on first use); "" if its
  /// element type has no C spelling.
  std::string of(Type t) {
    if (t.isUnrankedMemRef()) {
      define("affjit_unranked_memref", "AFFJIT_UNRANKED_MEMREF_DEFINED",
             "  int64_t rank;\n  void *descriptor;\n");
      return "affjit_unranked_memref";
    }
    auto element = scalarType(t.getElementType());
    if (!element)
      return "";
    std::string rank = std::to_string(t.getRank());
    std::string name = "affjit_memref_" + element->second + "_" + rank + "d";
    std::string body = "  " + element->first + " *allocated;\n  " +
                       element->first + " *aligned;\n  int64_t offset;\n";
    if (t.getRank() > 0)
      body +=
          "  int64_t sizes[" + rank + "];\n  int64_t strides[" + rank + "];\n";
    std::string macro = name + "_DEFINED";
    for (char &c : macro)
      c = (char)std::toupper((unsigned char)c);
    define(name, macro, body);
    return name;
  }
  const std::string &text() const { return definitions; }

private:
  void define(const std::string &name, const std::string &macro,
              const std::string &body) {
    if (!defined.emplace(name).second)
      return;
    definitions += "#ifndef " + macro + "\n#define " + macro +
                   "\ntypedef struct {\n" + body + "} " + name + ";\n#endif\n";
  }
  std::set<std::string> defined;
  std::string definitions;
};

/// The C type of a value of type `t` held in a struct or returned: the
/// scalar, or the descriptor by value; "" if none.
std::string valueType(Type t, Descriptors &descriptors) {
  if (t.isAnyMemRef())
    return descriptors.of(t);
  auto scalar = scalarType(t);
  return scalar ? scalar->first : "";
}

/// `void f(...)`, `float f(...)` or `void f(f_results *out, ...)` for one
/// entry; "" with `error` if a type has no C spelling.
std::string declaration(const EntryFunction &entry, Descriptors &descriptors,
                        std::string &structs, std::string &error) {
  const auto &[name, type] = entry;
  const std::vector<Type> &results = type.getResults();
  std::string ret = "void";
  std::vector<std::string> params;
  auto fail = [&](Type t) {
    error = "@" + name + ": " + t.str() +
            " has no C type in a generated header (use f16, f32, f64, index, "
            "i1, i8..i64 and memrefs of them)";
    return std::string();
  };
  if (results.size() == 1 && !results[0].isAnyMemRef()) {
    ret = valueType(results[0], descriptors);
    if (ret.empty())
      return fail(results[0]);
  } else if (results.size() == 1) {
    std::string d = valueType(results[0], descriptors);
    if (d.empty())
      return fail(results[0]);
    params.push_back(d + " *result");
  } else if (!results.empty()) {
    std::string fields;
    for (size_t i = 0; i < results.size(); ++i) {
      std::string field = valueType(results[i], descriptors);
      if (field.empty())
        return fail(results[i]);
      fields += "  " + field + " r" + std::to_string(i) + ";\n";
    }
    structs += "typedef struct {\n" + fields + "} " + name + "_results;\n";
    params.push_back(name + "_results *results");
  }
  for (size_t i = 0; i < type.getInputs().size(); ++i) {
    Type t = type.getInputs()[i];
    std::string c = valueType(t, descriptors);
    if (c.empty())
      return fail(t);
    params.push_back(c + (t.isAnyMemRef() ? " *" : " ") + "arg" +
                     std::to_string(i));
  }
  std::string list;
  for (const std::string &p : params)
    list += (list.empty() ? "" : ", ") + p;
  return "/* " + type.str() + " */\n" + ret + " " + name + "(" +
         (list.empty() ? "void" : list) + ");\n";
}

} // namespace

std::optional<std::string>
writeCHeader(const std::vector<EntryFunction> &entries, const CHeaderInfo &info,
             std::string &error) {
  Descriptors descriptors;
  std::string structs, declarations;
  for (const EntryFunction &entry : entries) {
    if (entry.first == "main")
      continue; // C's own main: nothing to declare.
    std::string d = declaration(entry, descriptors, structs, error);
    if (d.empty())
      return std::nullopt;
    declarations += d;
  }
  std::ostringstream os;
  os << "/*\n";
  for (const std::string &line : info.comment)
    os << " * " << line << "\n";
  os << " */\n#ifndef " << info.guard << "\n#define " << info.guard
     << "\n\n#include <stdbool.h>\n#include <stdint.h>\n\n#ifdef __cplusplus\n"
        "extern \"C\" {\n#endif\n\n"
     << descriptors.text() << (descriptors.text().empty() ? "" : "\n")
     << structs << (structs.empty() ? "" : "\n") << declarations
     << "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n";
  return os.str();
}

} // namespace affjit
