// The instruction and wgmma pickers' filter (70 and 144 entries): what the user types above the
// list narrows it as they type. Plain C++, no ImGui: tests/app/test_picker_filter.cpp checks it.
#pragma once

#include <string_view>
#include <vector>

namespace fragviz::app {

/// Whether an entry shows under `filter`: each word of it (split at spaces) is part of the entry's
/// mnemonic, or part of its other name `also` (a gate variant's CTA tile preset name,
/// "gate-broken-swap-b"), or is its picker group's name, ignoring case ("k16 bf16", "S8 m16n8k32",
/// "fp8 n256"; "s8" is no group, so it keeps the u8 entries of "s8/u8" out). An empty filter (or
/// one of spaces) shows every entry.
bool picker_matches(std::string_view filter, std::string_view mnemonic, std::string_view group = {},
                    std::string_view also = {});

/// The entry Enter takes among `shown` (the labels the filter lets through, in list order), in every
/// picker of the app (filtered_list, the instruction and wgmma pickers): the
/// first whose label equals the filter ignoring case and the filter's outer spaces ("A" takes "A"
/// over "all"), else the first whose other name in `also` (parallel to `shown`, may be empty)
/// equals it ("gate-reg-db" takes reg-db over reg-db-128x256), else the first that starts with it,
/// else the first. Returns an index into `shown`, or -1 when it is empty.
int enter_choice(std::string_view filter, const std::vector<std::string_view>& shown,
                 const std::vector<std::string_view>& also = {});

/// picker_matches for the wgmma picker's entry wgmma_catalogue()[index]: its mnemonic and group.
bool wgmma_entry_shown(std::string_view filter, int index);

}  // namespace fragviz::app
