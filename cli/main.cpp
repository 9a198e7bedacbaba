// fragviz-cli: the model, the probes and the gate from a terminal or a headless GPU server.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <streambuf>
#include <string>
#include <vector>

#include "commands.hpp"
#include "fragviz/util/cli_checks.hpp"
#include "fragviz/util/words.hpp"
#include "unexpected_options.hpp"

namespace {

/// The name the user typed for the option CLI11 calls `name` (its first long name, e.g. --lane),
/// which may be an alias (--thread): the last alias of that option found on the command line, or
/// `name` when none is (a message names the flag the user wrote, not the one CLI11 chose).
std::string typed_option_name(const CLI::App* app, const std::string& name, int argc, char** argv) {
  std::string typed = name;
  const auto visit = [&](const CLI::App* a, const auto& self) -> void {
    if (const CLI::Option* o = a->get_option_no_throw(name))
      for (const std::string& l : o->get_lnames())
        for (int i = 1; i < argc; ++i) {
          const std::string w = argv[i], flag = "--" + l;
          if (w == flag || w.rfind(flag + "=", 0) == 0) typed = flag;
        }
    for (const CLI::App* sub : a->get_subcommands()) self(sub, self);
  };
  visit(app, visit);
  return typed;
}

/// std::cerr's buffer: every control character but newline and tab written as an escape
/// (words.hpp's escape_controls), so no user text a message echoes (a layout's excerpt under its
/// caret, a hint that repeats the command line) can move the cursor or recolour the terminal.
/// Standard output is left alone: it may carry a PNG (`export --png -`).
class EscapingBuffer : public std::streambuf {
 public:
  explicit EscapingBuffer(std::streambuf* to) : to_(to) {}

 protected:
  int overflow(int c) override {
    if (c == traits_type::eof()) return 0;
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && u != '\n' && u != '\t') || u == 0x7f) {
      const std::string e = fragviz::escape_controls(std::string(1, static_cast<char>(u)));
      return to_->sputn(e.data(), static_cast<std::streamsize>(e.size())) ==
                     static_cast<std::streamsize>(e.size())
                 ? c
                 : traits_type::eof();
    }
    return to_->sputc(static_cast<char>(u)) == traits_type::eof() ? traits_type::eof() : c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; ++i)
      if (overflow(static_cast<unsigned char>(s[i])) == traits_type::eof()) return i;
    return n;
  }
  int sync() override { return to_->pubsync(); }

 private:
  std::streambuf* to_;
};

}  // namespace

int main(int argc, char** argv) {
  // Never destroyed: std::cerr is flushed after main's statics are gone (ios_base::Init's
  // destructor), so a static buffer here was used after its end (ASan: SEGV at every exit).
  static EscapingBuffer* const escaping_stderr = new EscapingBuffer(std::cerr.rdbuf());
  std::cerr.rdbuf(escaping_stderr);
  CLI::App app{
      "fragviz-cli: mma.sync / ldmatrix fragment layouts, bank conflicts, GPU probes and the matmul gate"};
  app.require_subcommand(1);
  // CLI11's own messages ("Could not convert: --n = ...", "not in {...}", "not expected: ...")
  // echo the user's words whole: each one over kEchoChars is clipped there as every message of
  // ours clips it (words.hpp's echo_text), an --option=value's value too.
  app.failure_message([&app, argc, argv](const CLI::App* a, const CLI::Error& e) {
    std::string m = CLI::FailureMessage::simple(a, e);
    // Another command's option (`banks --width`): which commands take it, and this one's way of
    // saying the same, before CLI11's "Run with --help".
    if (const std::string extras = "The following argument"; m.rfind(extras, 0) == 0 && argc > 1) {
      const std::string why = fragviz::cli::explain_unexpected_options(
          app, argv[1], std::vector<std::string>(argv + 2, argv + argc));
      const auto line_end = m.find('\n');
      if (!why.empty() && line_end != std::string::npos) m.insert(line_end + 1, why);
    }
    // A number of digits too large for its option ("Could not convert: --n = 99999999999"): in
    // the words every other refused number gets (cli_checks.hpp).
    if (const std::string conv = "Could not convert: "; m.rfind(conv, 0) == 0) {
      const auto eq = m.find(" = ");
      if (eq != std::string::npos) {
        const auto end = std::min(m.find('\n', eq), m.size());  // CLI11's "Run with --help" follows
        m = m.substr(conv.size(), eq - conv.size()) + ": the number '" +
            fragviz::echo_text(m.substr(eq + 3, end - eq - 3)) + "' is too large for it" + m.substr(end);
      }
    }
    // "--lane: ..." where the user typed --thread: their word for it.
    if (m.rfind("--", 0) == 0) {
      const auto colon = m.find(':');
      if (colon != std::string::npos) {
        const std::string name = m.substr(0, colon);
        m = typed_option_name(a, name, argc, argv) + m.substr(colon);
      }
    }
    for (int i = 1; i < argc; ++i) {
      std::string word = argv[i];
      const auto eq = word.find('=');
      for (const std::string& w : {word, eq == std::string::npos ? std::string() : word.substr(eq + 1)}) {
        // Long words are clipped; control characters (an ESC that would recolour the terminal)
        // written as escapes.
        if (w.empty() || (w.size() <= fragviz::kEchoChars && fragviz::escape_controls(w) == w)) continue;
        const std::string clipped = fragviz::echo_text(w);
        for (auto at = m.find(w); at != std::string::npos; at = m.find(w, at + clipped.size()))
          m.replace(at, w.size(), clipped);
      }
    }
    return m;
  });
  int exit_code = 0;
  fragviz::cli::add_layout_command(app, exit_code);
  fragviz::cli::add_banks_command(app, exit_code);
  fragviz::cli::add_descriptor_command(app, exit_code);
  fragviz::cli::add_tcgen05_desc_command(app, exit_code);
  fragviz::cli::add_tmem_command(app, exit_code);
  fragviz::cli::add_probe_command(app, exit_code);
  fragviz::cli::add_device_command(app, exit_code);
  fragviz::cli::add_gate_command(app, exit_code);
  fragviz::cli::add_bench_command(app, exit_code);
  fragviz::cli::add_relations_command(app, exit_code);
  fragviz::cli::add_diff_command(app, exit_code);
  fragviz::cli::add_export_command(app, exit_code);
  fragviz::cli::add_algebra_command(app, exit_code);
  fragviz::cli::add_tiled_command(app, exit_code);
  // One rule for every option that takes a value, whatever its command: an empty value is refused
  // (CLI11 reads "" as 0, and a command would take an empty --instr as not given), and a
  // whole-number option refuses what is no whole number in the words above.
  for (CLI::App* c : app.get_subcommands([](CLI::App*) { return true; }))
    for (CLI::Option* o : c->get_options()) {
      if (o->get_items_expected_min() <= 0) continue;  // a flag
      o->check(fragviz::kNonEmpty);
      const std::string type = o->get_type_name();
      if (type.rfind("INT", 0) == 0 || type.rfind("UINT", 0) == 0)
        o->check(fragviz::whole_number(type.rfind("INT", 0) == 0));
    }
  // A first word that is no subcommand gets its own message (CLI11 would only say that a
  // subcommand is required).
  const auto all = app.get_subcommands([](CLI::App*) { return true; });
  const bool known =
      argc > 1 && std::any_of(all.begin(), all.end(), [&](CLI::App* c) { return c->get_name() == argv[1]; });
  if (argc > 1 && argv[1][0] != '-' && !known) {
    std::cerr << "fragviz-cli: unknown command '" << fragviz::echo_text(argv[1])
              << "'; commands: layout, banks, descriptor, tcgen05-desc, tmem, device, probe, gate, bench, "
                 "relations, diff, "
                 "export, algebra, tiled (see --help)\n";
    return fragviz::cli::kExitUsage;
  }
  // Every way out checks that standard output was written (help text included): a full disk or a
  // closed pipe is never an exit 0.
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);  // prints help, or the error and a hint
    return fragviz::cli::finish_output(rc == 0 ? 0 : fragviz::cli::kExitUsage);
  }
  return fragviz::cli::finish_output(exit_code);
}
