// Where fragviz refuses an operation because CuTe refuses it, CuTe must refuse it: compiles
// algebra_refusals.cpp (one function per case, gen_algebra_cases.cpp) with the given compiler
// command and finds, for every case, an error whose instantiation began at that case's line and
// which names CuTe's message that fragviz quoted. g++ reports an instantiation's error once per
// file, so a case whose error an earlier case already drew is compiled again on its own. A case
// CuTe compiles fails this test.
// Usage: check_cute_refusals EXPECTATIONS COMPILER ARGS... SOURCE (the command prints its errors;
// its last argument is the generated source).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Expected {
  std::string id, message, text;
  bool found = false;
  std::string errors;  ///< the errors attributed to it
};

std::string shell_word(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// Runs the compiler command and attributes each error to the case whose line began its
/// instantiation ("required from here"), or at whose line it is.
void compile(const std::vector<std::string>& args, std::map<int, Expected>& cases) {
  std::string command;
  for (const std::string& a : args) command += shell_word(a) + " ";
  command += "2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) {
    std::cerr << "check_cute_refusals: cannot run " << command << "\n";
    std::exit(1);
  }
  const std::regex here(R"(algebra_refusals\.cpp[.a-z]*:(\d+):\d+:\s+required from here)");
  const std::regex direct(R"(algebra_refusals\.cpp[.a-z]*:(\d+):\d+: error: (.*))");
  const std::regex error(R"(: error: (.*))");
  int current = 0;
  char buffer[8192];
  std::string line;
  while (fgets(buffer, sizeof buffer, pipe)) {
    line += buffer;
    if (line.empty() || line.back() != '\n') continue;
    std::smatch m;
    if (std::regex_search(line, m, here)) {
      current = std::stoi(m[1]);
    } else if (std::regex_search(line, m, direct)) {
      current = std::stoi(m[1]);
      if (cases.count(current)) cases[current].errors += m[2].str() + "\n";
    } else if (std::regex_search(line, m, error) && cases.count(current)) {
      cases[current].errors += m[1].str() + "\n";
    }
    line.clear();
  }
  pclose(pipe);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: check_cute_refusals EXPECTATIONS COMPILER ARGS...\n";
    return 64;
  }
  std::map<int, Expected> cases;  // by line
  std::ifstream in(argv[1]);
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string at, id, message, text;
    std::getline(fields, at, '\t');
    std::getline(fields, id, '\t');
    std::getline(fields, message, '\t');
    std::getline(fields, text);
    cases[std::stoi(at)] = Expected{id, message, text, false, {}};
  }
  if (cases.empty()) {
    std::cerr << "check_cute_refusals: no cases in " << argv[1] << "\n";
    return 1;
  }
  std::vector<std::string> args(argv + 2, argv + argc);
  const std::string source = args.back();
  compile(args, cases);
  // Unconfirmed cases, each alone: the file's head (its includes) and the case's four lines.
  std::vector<std::string> lines;
  std::ifstream src(source);
  for (std::string l; std::getline(src, l);) lines.push_back(l);
  std::size_t head = 0;
  while (head < lines.size() && lines[head].rfind("void refusal_", 0) != 0) ++head;
  const std::string alone = source + ".alone.cpp";
  for (auto& [at, c] : cases) {
    if (c.errors.find(c.message) != std::string::npos) continue;
    std::ofstream one(alone, std::ios::trunc);
    for (std::size_t k = 0; k < head; ++k) one << lines[k] << "\n";
    for (int k = at - 2; k <= at + 1; ++k) one << lines[static_cast<std::size_t>(k)] << "\n";
    one.close();
    std::map<int, Expected> single{{static_cast<int>(head) + 2, c}};
    single.begin()->second.errors.clear();
    args.back() = alone;
    compile(args, single);
    c.errors = single.begin()->second.errors;
  }
  int failed = 0;
  std::map<std::string, int> by_message;
  for (auto& [at, c] : cases) {
    if (c.errors.find(c.message) != std::string::npos) {
      ++by_message[c.message];
      continue;
    }
    ++failed;
    std::cout << "FAIL case " << c.id << " (line " << at << "): " << c.text
              << "\n  fragviz: CuTe refuses it with \"" << c.message << "\"; CuTe "
              << (c.errors.empty() ? std::string("compiled it") : "said:\n" + c.errors) << "\n";
  }
  std::cout << "CuTe's refusals found, by its message:\n";
  for (const auto& [message, n] : by_message) std::cout << "  " << n << "  " << message << "\n";
  std::cout << (cases.size() - failed) << " of " << cases.size() << " refusals confirmed by CuTe\n";
  return failed == 0 ? 0 : 1;
}
