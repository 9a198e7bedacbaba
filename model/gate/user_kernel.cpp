// Launch geometry, request checks and NVRTC log parsing for user kernels (user_kernel.hpp).
#include "fragviz/gate/user_kernel.hpp"

#include <algorithm>
#include <cctype>
#include <limits>

#include "fragviz/gate/gate_host.hpp"
#include "fragviz/util/parse_limits.hpp"
#include "fragviz/util/words.hpp"

namespace fragviz {
namespace {

using I64 = std::int64_t;
constexpr I64 kMaxDim = std::numeric_limits<int>::max();

/// Recursive descent over: expr = term {(+|-) term}; term = unary {(*|/|%) unary};
/// unary = [-] primary; primary = number | n | ( expr ). Values stay below 2^62 in magnitude, so
/// no operation overflows before the range check.
class NExpression {
 public:
  NExpression(std::string_view text, int n) : s_(text), n_(n) {}

  Outcome<I64> parse() {
    I64 v = 0;
    if (!expr(v)) return fail();
    skip_space();
    if (pos_ != s_.size()) {
      set_error("unexpected '" + std::string(1, s_[pos_]) + "'");
      return fail();
    }
    return Outcome<I64>::ok(v);
  }

 private:
  static constexpr I64 kLimit = I64{1} << 62;

  Outcome<I64> fail() const {
    const int col = static_cast<int>(error_pos_) + 1;
    return Outcome<I64>::fail(ErrorKind::refused, "col " + std::to_string(col) + ": " + error_, col);
  }
  void set_error(std::string why) {
    if (error_.empty()) {
      error_ = std::move(why);
      error_pos_ = pos_;
    }
  }
  void skip_space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool eat(char c) {
    skip_space();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool in_range(I64 v) {
    if (v >= kLimit || v <= -kLimit) {
      set_error("value out of range");
      return false;
    }
    return true;
  }
  bool expr(I64& v) {
    if (!term(v)) return false;
    for (;;) {
      I64 r = 0;
      if (eat('+')) {
        if (!term(r) || !in_range(v + r)) return false;
        v += r;
      } else if (eat('-')) {
        if (!term(r) || !in_range(v - r)) return false;
        v -= r;
      } else {
        return true;
      }
    }
  }
  bool term(I64& v) {
    if (!unary(v)) return false;
    for (;;) {
      skip_space();
      const std::size_t at = pos_;
      char op = 0;
      if (eat('*'))
        op = '*';
      else if (eat('/'))
        op = '/';
      else if (eat('%'))
        op = '%';
      else
        return true;
      I64 r = 0;
      if (!unary(r)) return false;
      if (op == '*') {
        // |v|, |r| < 2^62: check the product against the limit by division first.
        if (r != 0 && (v >= kLimit / (r < 0 ? -r : r) || v <= -kLimit / (r < 0 ? -r : r))) {
          pos_ = at;
          set_error("value out of range");
          return false;
        }
        v *= r;
      } else {
        if (r == 0) {
          pos_ = at;
          set_error("division by zero");
          return false;
        }
        v = op == '/' ? v / r : v % r;
      }
    }
  }
  /// Enters one level of nesting (a parenthesis or a unary minus); false past the limit.
  bool nest() {
    if (++depth_ <= kMaxParseNesting) return true;
    set_error(nesting_too_deep_message());
    return false;
  }
  bool unary(I64& v) {
    if (eat('-')) {
      if (!nest() || !unary(v)) return false;
      --depth_;
      v = -v;
      return true;
    }
    return primary(v);
  }
  bool primary(I64& v) {
    skip_space();
    if (pos_ >= s_.size()) {
      set_error("expression ends early (expected a number, n or '(')");
      return false;
    }
    const char c = s_[pos_];
    if (c == '(') {
      if (!nest()) return false;
      ++pos_;
      if (!expr(v)) return false;
      if (!eat(')')) {
        set_error("missing ')'");
        return false;
      }
      --depth_;
      return true;
    }
    if (c == 'n') {
      ++pos_;
      if (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) {
        --pos_;
        set_error("unknown name (only n is known)");
        return false;
      }
      v = n_;
      return true;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      v = 0;
      while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
        const int digit = s_[pos_] - '0';
        // Checked before the multiplication, which could overflow int64 past kLimit.
        if (v > (kLimit - 1 - digit) / 10) {
          set_error("number out of range");
          return false;
        }
        v = v * 10 + digit;
        ++pos_;
      }
      return true;
    }
    set_error(std::isalpha(static_cast<unsigned char>(c)) || c == '_'
                  ? "unknown name (only n is known)"
                  : "unexpected '" + std::string(1, c) + "' (expected a number, n or '(')");
    return false;
  }

  std::string_view s_;
  int n_;
  std::size_t pos_ = 0;
  int depth_ = 0;  ///< parentheses and unary minuses open at pos_
  std::string error_;
  std::size_t error_pos_ = 0;
};

const char* axis_name(int i) { return i == 0 ? "x" : i == 1 ? "y" : "z"; }
int axis(const Dim3& d, int i) { return i == 0 ? d.x : i == 1 ? d.y : d.z; }

}  // namespace

Outcome<std::int64_t> eval_n_expression(std::string_view text, int n) { return NExpression(text, n).parse(); }

Outcome<Dim3> parse_dim3(std::string_view text, int n, std::string_view what) {
  const std::string name(what);
  if (text.find_first_not_of(" \t") == std::string_view::npos)
    return Outcome<Dim3>::fail(ErrorKind::refused, name + " is empty (give X[,Y[,Z]])");
  int parts[3] = {1, 1, 1};
  std::size_t start = 0;
  for (int i = 0;; ++i) {
    const std::size_t comma = text.find(',', start);
    const std::string_view part =
        text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    if (i == 3)
      return Outcome<Dim3>::fail(ErrorKind::refused,
                                 name + " '" + echo_text(text) + "' has more than 3 parts");
    const auto v = eval_n_expression(part, n);
    if (!v) {
      // Point the column at the whole text, not the part.
      const int col = v.column + static_cast<int>(start);
      return Outcome<Dim3>::fail(ErrorKind::refused,
                                 name + " '" + echo_text(text) + "', col " + std::to_string(col) + ": " +
                                     v.error.message.substr(v.error.message.find(": ") + 2),
                                 col);
    }
    if (*v < 1 || *v > kMaxDim) {
      return Outcome<Dim3>::fail(ErrorKind::refused, name + " '" + echo_text(text) + "': " + axis_name(i) +
                                                         " is " + std::to_string(*v) +
                                                         " at n = " + std::to_string(n) +
                                                         " (a launch dimension is 1 to 2147483647)");
    }
    parts[i] = static_cast<int>(*v);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return Outcome<Dim3>::ok(Dim3{parts[0], parts[1], parts[2]});
}

bool is_c_identifier(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

std::optional<Error> user_launch_problem(const Dim3& block, const Dim3& grid, int dynamic_smem,
                                         const LaunchLimits& limits, int static_smem, int kernel_max_threads,
                                         const char* whose) {
  const auto refused = [](std::string why) { return Error{ErrorKind::refused, std::move(why)}; };
  for (int i = 0; i < 3; ++i) {
    if (axis(block, i) < 1) return refused(std::string("block.") + axis_name(i) + " must be at least 1");
    if (axis(block, i) > axis(limits.max_block, i))
      return refused(std::string("block.") + axis_name(i) + " = " + std::to_string(axis(block, i)) +
                     " exceeds " + std::string(whose) + " maximum " +
                     std::to_string(axis(limits.max_block, i)));
  }
  const std::uint64_t threads = block.count();
  if (threads > static_cast<std::uint64_t>(limits.max_threads_per_block))
    return refused("block of " + std::to_string(threads) + " threads exceeds " + std::string(whose) +
                   " maximum of " + std::to_string(limits.max_threads_per_block));
  if (kernel_max_threads > 0 && threads > static_cast<std::uint64_t>(kernel_max_threads))
    return refused("block of " + std::to_string(threads) +
                   " threads exceeds the compiled kernel's maximum of " + std::to_string(kernel_max_threads) +
                   " (cudaFuncAttributes::maxThreadsPerBlock: its registers)");
  for (int i = 0; i < 3; ++i) {
    if (axis(grid, i) < 1) return refused(std::string("grid.") + axis_name(i) + " must be at least 1");
    if (axis(grid, i) > axis(limits.max_grid, i))
      return refused(std::string("grid.") + axis_name(i) + " = " + std::to_string(axis(grid, i)) +
                     " exceeds " + std::string(whose) + " maximum " +
                     std::to_string(axis(limits.max_grid, i)));
  }
  if (dynamic_smem < 0) return refused("dynamic shared memory must not be negative");
  const long long smem = static_cast<long long>(dynamic_smem) + static_smem;
  if (smem > limits.max_dynamic_smem_optin)
    return refused(std::to_string(dynamic_smem) + " bytes of dynamic shared memory" +
                   (static_smem > 0 ? " + " + std::to_string(static_smem) + " static" : std::string()) +
                   " exceed " + std::string(whose) + " opt-in maximum of " +
                   std::to_string(limits.max_dynamic_smem_optin) + " bytes per block");
  return std::nullopt;
}

std::optional<Error> user_kernel_request_problem(const GateRequest& req) {
  const auto refused = [](std::string why) { return Error{ErrorKind::refused, std::move(why)}; };
  if (req.variant != GateVariant::user_kernel || !req.kernel)
    return refused("no user kernel given (source, entry, block, grid)");
  const UserKernel& k = *req.kernel;
  if (k.source_path.empty()) return refused("no kernel source file given");
  if (!is_c_identifier(k.entry))
    return refused("entry '" + echo_text(k.entry) +
                   "' is not a C identifier (the kernel must be extern \"C\")");
  if (auto why = gate_size_problem(req.n, 0, GateVariant::user_kernel)) return refused(*why);
  const auto block = parse_dim3(k.block_text, req.n, "block");
  if (!block) return block.error;
  const auto grid = parse_dim3(k.grid_text, req.n, "grid");
  if (!grid) return grid.error;
  // The limits every CUDA GPU shares; the runner checks the device's own (and its shared memory).
  LaunchLimits common;
  common.max_dynamic_smem_optin = std::numeric_limits<int>::max();
  if (k.dynamic_smem_bytes < 0) return refused("--smem must not be negative");
  if (k.dynamic_smem_bytes > kMaxDynamicSmemOptinBytes)
    return refused(std::to_string(k.dynamic_smem_bytes) +
                   " bytes of dynamic shared memory exceed the opt-in maximum of every GPU: " +
                   std::to_string(kMaxDynamicSmemOptinBytes) +
                   " bytes (227 KiB) per block on sm_90 and sm_100, less on "
                   "the others");
  return user_launch_problem(*block, *grid, k.dynamic_smem_bytes, common, 0, 0, "every CUDA GPU's");
}

std::string CompileDiagnostic::text() const {
  std::string s;
  if (!file.empty()) s += file + ":" + (line > 0 ? std::to_string(line) + ":" : std::string()) + " ";
  if (!severity.empty()) s += severity + ": ";
  return s + message;
}

namespace {

/// The position an instantiation line ends with: "... at line 85 of my.cu" (file "my.cu") or
/// "... at line 1114" (file `own_file`); nullopt for a line of another form.
std::optional<SourceLine> instantiation_position(std::string_view line, const std::string& own_file) {
  const std::size_t at = line.rfind(" at line ");
  if (at == std::string_view::npos) return std::nullopt;
  std::string_view rest = line.substr(at + 9);
  const std::size_t digits = rest.find_first_not_of("0123456789");
  const std::string_view num = rest.substr(0, digits);
  if (num.empty() || num.size() > 9) return std::nullopt;
  SourceLine where;
  where.line = std::stoi(std::string(num));
  rest.remove_prefix(num.size());
  if (rest.empty()) {
    where.file = own_file;
  } else if (rest.substr(0, 4) == " of " && rest.size() > 4) {
    where.file = std::string(rest.substr(4));
  } else {
    return std::nullopt;
  }
  return where;
}

}  // namespace

std::vector<CompileDiagnostic> parse_nvrtc_log(std::string_view log) {
  std::vector<CompileDiagnostic> out;
  // Set from a "detected during" line of the last message to the next line that is not indented.
  bool in_context = false;
  std::size_t start = 0;
  while (start < log.size()) {
    std::size_t end = log.find('\n', start);
    if (end == std::string_view::npos) end = log.size();
    std::string_view line = log.substr(start, end - start);
    start = end + 1;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    if (line.empty()) continue;
    // `file(line): severity: message`; the source excerpt and caret lines that follow start with
    // blanks, and the closing "N errors detected in the compilation of ..." is a summary.
    const std::size_t paren = line.find("): ");
    const std::size_t open = paren == std::string_view::npos ? paren : line.rfind('(', paren);
    if (open != std::string_view::npos && open > 0) {
      const std::string_view num = line.substr(open + 1, paren - open - 1);
      const bool digits = !num.empty() && num.find_first_not_of("0123456789") == std::string_view::npos;
      const std::string_view rest = line.substr(paren + 3);
      const std::size_t colon = rest.find(": ");
      if (digits && colon != std::string_view::npos) {
        CompileDiagnostic d;
        d.file = std::string(line.substr(0, open));
        d.line = std::stoi(std::string(num.substr(0, 9)));
        d.severity = std::string(rest.substr(0, colon));
        d.message = std::string(rest.substr(colon + 2));
        out.push_back(std::move(d));
        in_context = false;
        continue;
      }
    }
    if (line.front() == ' ' || line.front() == '\t') {
      // The instantiation context of the last message ("detected during:" and one line per
      // template, or "detected during instantiation of ... at line N of F" on one line), else a
      // continuation of the previous message (NVRTC indents wrapped text too) or the excerpt.
      if (!out.empty() && line.find("detected during") != std::string_view::npos) in_context = true;
      if (in_context && !out.empty())
        if (auto where = instantiation_position(line, out.back().file))
          out.back().instantiated_at.push_back(std::move(*where));
      continue;
    }
    in_context = false;
    if (line.find("detected in the compilation of") != std::string_view::npos) continue;
    CompileDiagnostic d;
    d.message = std::string(line);
    out.push_back(std::move(d));
  }
  return out;
}

std::string compile_error_lines(const std::vector<CompileDiagnostic>& diagnostics,
                                const std::string& source_path, std::size_t max_listed) {
  std::vector<std::pair<std::string, int>> lines;  // text and how often it came
  for (const CompileDiagnostic& d : diagnostics) {
    const bool quiet = d.severity.rfind("warning", 0) == 0 || d.severity.rfind("remark", 0) == 0;
    if (quiet || d.message == "Compilation terminated.") continue;
    CompileDiagnostic shown = d;
    if (shown.message.size() > kMaxDiagnosticChars)
      shown.message = shown.message.substr(0, kMaxDiagnosticChars) + " [... " +
                      std::to_string(d.message.size() - kMaxDiagnosticChars) + " more characters]";
    std::string text = shown.text();
    if (!d.file.empty() && d.file != source_path)
      for (const SourceLine& at : d.instantiated_at)
        if (at.file == source_path) {
          text += " (instantiated at " + at.file + ":" + std::to_string(at.line) + ")";
          break;
        }
    auto same = std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.first == text; });
    if (same != lines.end())
      ++same->second;
    else
      lines.emplace_back(std::move(text), 1);
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size() && i < max_listed; ++i)
    out += "\n" + lines[i].first +
           (lines[i].second > 1 ? " (" + std::to_string(lines[i].second) + " times)" : std::string());
  if (lines.size() > max_listed) out += "\n... and " + std::to_string(lines.size() - max_listed) + " more";
  return out;
}

std::string compile_contract_hint(const std::vector<CompileDiagnostic>& diagnostics) {
  for (const CompileDiagnostic& d : diagnostics)
    if (d.severity.rfind("error", 0) == 0 &&
        (d.message.find("identifier \"__half\" is undefined") != std::string::npos ||
         d.message.find("identifier \"__half2\" is undefined") != std::string::npos))
      return "\n__half is declared in <cuda_fp16.h>: put " + std::string(kUserKernelHeader) +
             " at the top of the source, before the entry";
  return {};
}

}  // namespace fragviz
