// "Did you mean ...": the catalogue names nearest to a mistyped instruction name, for every
// command and option that takes one (fragviz-cli layout/probe/export/descriptor, the app's --instr).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fragviz {

/// Which catalogue's names a command accepts (bits, or-ed).
enum NameSets : unsigned {
  kMmaSyncNames = 1,  ///< the mma.sync catalogue (catalogue.hpp)
  kWgmmaNames = 2,    ///< the wgmma catalogue (wgmma.hpp)
  kMoveNames = 4,     ///< stmatrix .x1/.x2/.x4 (.trans) and movmatrix (matrix_move.hpp)
};

/// Every full mnemonic of the sets in `sets`, in catalogue order.
std::vector<std::string> catalogue_names(unsigned sets);

/// Up to `max` names of `sets` nearest to `typed`, nearest first; none when no name is near.
/// Case is ignored. Names that hold what was typed come first: the whole text (without its
/// prefix) as a substring, or each of its dot-separated words as a word, with a typed word inside
/// the name's shape ("m16n8k16", "m16n8k16.f16"); fewest words added first, then catalogue order. Then names
/// are compared as their dot-separated words, without the "mma.sync.aligned." and
/// "wgmma.mma_async.sync.aligned." prefixes (either spelling is accepted everywhere): a word left
/// out costs 1, a word the name lacks or a wrong word 2, a word off by one or two characters
/// ("f23", "k61") 1; a name is near at a cost of 4 or less and when its first word (the shape) is
/// among the words typed, give or take two characters; ties ordered by characters changed.
std::vector<std::string> nearest_names(std::string_view typed, unsigned sets, std::size_t max = 3);

/// The catalogue name of `sets` that `typed` spells ignoring case, with or without its
/// mma.sync/wgmma prefix ("MMA.SYNC.ALIGNED.M16N8K16.ROW.COL.F32.F16.F16.F32"), or "" if none.
std::string catalogue_name_ignoring_case(std::string_view typed, unsigned sets);

/// "; did you mean:\n  NAME\n  NAME" for nearest_names(typed, sets), or "" when none is near.
std::string did_you_mean(std::string_view typed, unsigned sets);

/// Up to `max` of `names` (any list: CuTe's MMA and copy atoms, the CTA presets) nearest to
/// `typed`, case ignored: first the names that hold what was typed, in list order, then those at
/// most max(2, length / 4) characters away (Levenshtein), nearest first; none when none is near.
std::vector<std::string> nearest_of(std::string_view typed, const std::vector<std::string>& names,
                                    std::size_t max = 3);

/// "; did you mean:\n  NAME\n  NAME" for nearest_of(typed, names), or "" when none is near.
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& names);

}  // namespace fragviz
