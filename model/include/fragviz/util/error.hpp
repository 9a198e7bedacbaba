// The error every layer returns: a kind that callers act on and a message for people. Generic: no
// report, device or view type in here (outcome.hpp pairs it with a value).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fragviz {

/// What kind of failure an error message reports. Set where the error arises (the model's
/// refusals, gpu/cuda/, gpu/nocuda/) and carried next to the message, so callers act on the kind
/// (the CLI's exit code, the app's wording) and the wording can change freely.
enum class ErrorKind {
  none,        ///< no error: the message is empty
  refused,     ///< judged and refused before anything ran (geometry, size, an SM the device lacks)
  malformed,   ///< user text (a layout, a lane pattern) that does not parse: the message names the column
  no_device,   ///< no usable GPU, or a build without CUDA
  cuda,        ///< a CUDA or cuBLAS call failed
  internal,    ///< anything else that stopped a run: host memory, the gate's self-checks
  io,          ///< a file or standard output could not be read or written
  cancelled,   ///< the caller asked the run to stop
  unrecorded,  ///< read from a report that stored the message but not its kind (a version 1 report's
               ///< errors; a device's error in any version)
  compile,     ///< a user kernel's source did not compile (the message lists file:line: messages)
};
/// The kind's name as reports store it: "none", "refused", "no_device", ... ("unknown" for a value
/// outside the enum).
std::string_view to_string(ErrorKind k);
/// The kind named `text` (to_string's words), or nullopt.
std::optional<ErrorKind> parse_error_kind(std::string_view text);

/// An error message and its kind.
struct Error {
  ErrorKind kind = ErrorKind::none;
  std::string message;
};

}  // namespace fragviz
