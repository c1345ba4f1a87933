// Shared knowledge about the vector subset's ops for their parser, printer
// and verifier: the combining kinds of vector.reduction and the default
// (minor identity) permutation map of transfer ops.
#pragma once

#include "frontend/ir/AffineMap.h"
#include "frontend/ir/Types.h"

#include <string>
#include <string_view>

namespace affjit {

/// `#vector.kind<add>` -> `add`; empty if `text` is not a kind attribute.
std::string_view vectorKindName(std::string_view text);
/// Whether `kind` is a vector combining kind, and which element types it
/// accepts.
bool isVectorKind(std::string_view kind);
bool vectorKindAcceptsFloat(std::string_view kind);
bool vectorKindAcceptsInt(std::string_view kind);

/// MLIR's inferTransferOpMaskType: the vector's sizes in source-dimension
/// order (the inverse permutation), broadcast dimensions dropped, of i1.
Type transferMaskType(Type vectorType, const AffineMap &map);

/// `(d0, ..., dN-1) -> (dN-R, ..., dN-1)`: a transfer's default map.
AffineMap minorIdentityMap(unsigned sourceRank, unsigned vectorRank);

} // namespace affjit
