// run_user_kernel_gate (kernel_process.hpp): spawn the kernel runner, follow it, read its report.
#include "fragviz/device/kernel_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <thread>
#include <vector>

#include "fragviz/gate/user_kernel.hpp"
#include "fragviz/report/report_json.hpp"
#include "fragviz/util/file_check.hpp"
#include "fragviz/util/utc_time.hpp"
#include "fragviz/util/words.hpp"

extern char** environ;

#ifndef FRAGVIZ_KERNEL_RUNNER_PATH
#define FRAGVIZ_KERNEL_RUNNER_PATH ""
#endif

namespace fragviz {
namespace {

constexpr const char* kRunnerName = "fragviz-kernel-runner";
/// Bytes of the runner's standard error quoted when it stops without a report.
constexpr std::size_t kStderrTail = 2000;

bool is_executable(const std::string& path) {
  struct stat st {};
  return !path.empty() && stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
         access(path.c_str(), X_OK) == 0;
}

std::string self_dir() {
  std::vector<char> buf(4096);
  const ssize_t len = readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  if (len <= 0) return {};
  std::string p(buf.data(), static_cast<std::size_t>(len));
  const std::size_t slash = p.rfind('/');
  return slash == std::string::npos ? std::string() : p.substr(0, slash);
}

std::string read_tail(const std::string& path, std::size_t max) {
  std::ifstream f(path, std::ios::binary);
  std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (s.size() > max) s = "..." + s.substr(s.size() - max);
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

bool read_floats(const std::string& path, std::size_t count, std::vector<float>& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  f.seekg(0, std::ios::end);
  if (f.tellg() != static_cast<std::streamoff>(count * sizeof(float))) return false;
  f.seekg(0);
  out.resize(count);
  return static_cast<bool>(
      f.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(count * sizeof(float))));
}

/// A temporary folder for the child's files, removed with them on scope exit.
class TempDir {
 public:
  TempDir() {
    const char* base = std::getenv("TMPDIR");
    std::string templ =
        std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/fragviz-kernel-XXXXXX";
    if (mkdtemp(templ.data()) != nullptr) path_ = templ;
  }
  ~TempDir() {
    if (path_.empty()) return;
    for (const char* f : {"report.json", "output.f32", "reference.f32", "stderr.txt"})
      std::remove((path_ + "/" + f).c_str());
    rmdir(path_.c_str());
  }
  const std::string& path() const { return path_; }
  std::string file(const char* name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

std::string signal_words(int sig) {
  const char* name = strsignal(sig);
  return "signal " + std::to_string(sig) + (name != nullptr ? std::string(" (") + name + ")" : std::string());
}

}  // namespace

std::string find_kernel_runner(std::string& why_not) {
  if (const char* env = std::getenv("FRAGVIZ_KERNEL_RUNNER"); env != nullptr && *env != '\0') {
    if (is_executable(env)) return env;
    why_not = std::string("FRAGVIZ_KERNEL_RUNNER=") + env + " is not an executable file";
    return {};
  }
  const std::string dir = self_dir();
  for (const std::string& p : {dir.empty() ? std::string() : dir + "/" + kRunnerName,
                               dir.empty() ? std::string() : dir + "/../cli/" + kRunnerName,
                               std::string(FRAGVIZ_KERNEL_RUNNER_PATH)})
    if (is_executable(p)) return p;
  why_not = std::string(kRunnerName) +
            " was not found (it is built only with CUDA; set FRAGVIZ_KERNEL_RUNNER to its path)";
  return {};
}

GateReport run_user_kernel_gate(const GateRequest& req, const KernelProcessOptions& opts,
                                GateControl* control) {
  GateReport report;
  report.created_utc = utc_now();
  report.request = req;
  report.device.error = "not queried (the kernel runner stopped before reporting)";
  const auto stop = [&report](ErrorKind kind, std::string why) {
    report.error = std::move(why);
    report.error_kind = kind;
    report.cancelled = kind == ErrorKind::cancelled;
    return report;
  };
  if (control != nullptr) control->progress_permille.store(0);
  if (auto why = user_kernel_request_problem(req)) return stop(why->kind, why->message);
  const UserKernel& k = *req.kernel;
  if (auto why = input_file_problem(k.source_path))
    return stop(ErrorKind::refused, "cannot read kernel source " + echo_text(k.source_path) + ": " + *why);
  if (auto why = user_kernel_include_problem(k)) return stop(why->kind, why->message);
  std::string runner = opts.runner;
  if (runner.empty()) {
    std::string why;
    runner = find_kernel_runner(why);
    if (runner.empty()) return stop(ErrorKind::no_device, why);
  } else if (!is_executable(runner)) {
    return stop(ErrorKind::no_device, "kernel runner " + runner + " is not an executable file");
  }
  TempDir tmp;
  if (tmp.path().empty())
    return stop(ErrorKind::io, std::string("cannot create a temporary folder: ") + std::strerror(errno));

  const bool want_output = opts.want_output && req.n <= GateReport::kMaxInOrderListN;
  std::vector<std::string> args = {runner,
                                   "--source",
                                   k.source_path,
                                   "--entry",
                                   k.entry,
                                   "--block",
                                   k.block_text,
                                   "--grid",
                                   k.grid_text,
                                   "--smem",
                                   std::to_string(k.dynamic_smem_bytes),
                                   "--n",
                                   std::to_string(req.n),
                                   "--seed",
                                   std::to_string(req.seed),
                                   "--runs",
                                   std::to_string(req.timed_runs),
                                   "--report",
                                   tmp.file("report.json")};
  for (const std::string& dir : k.include_dirs) args.insert(args.end(), {"-I", dir});
  if (!req.with_cublas) args.push_back("--no-cublas");
  if (want_output) {
    args.insert(args.end(), {"--output", tmp.file("output.f32"), "--reference", tmp.file("reference.f32")});
  }
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  // The child's standard output is a pipe ("progress N" lines), its standard error a file.
  int pipefd[2];
  // Only this end is non-blocking: the child's standard output stays an ordinary blocking pipe.
  if (pipe2(pipefd, O_CLOEXEC) != 0)
    return stop(ErrorKind::internal, std::string("pipe failed: ") + std::strerror(errno));
  if (fcntl(pipefd[0], F_SETFL, O_NONBLOCK) != 0) {
    const int e = errno;
    close(pipefd[0]);
    close(pipefd[1]);
    return stop(ErrorKind::internal, std::string("fcntl (O_NONBLOCK) failed: ") + std::strerror(e));
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, pipefd[1], STDOUT_FILENO);
  const std::string err_path = tmp.file("stderr.txt");
  posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  // The child's environment: this one's, with CUDA_VISIBLE_DEVICES emptied when asked to hide
  // the devices (CUDA's own switch; the runner then reports no device after compiling).
  std::vector<std::string> env_strings;
  for (char** e = environ; *e != nullptr; ++e) {
    if (opts.hide_devices && std::strncmp(*e, "CUDA_VISIBLE_DEVICES=", 21) == 0) continue;
    env_strings.emplace_back(*e);
  }
  if (opts.hide_devices) env_strings.emplace_back("CUDA_VISIBLE_DEVICES=");
  std::vector<char*> envp;
  for (std::string& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, runner.c_str(), &fa, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  close(pipefd[1]);
  if (spawned != 0) {
    close(pipefd[0]);
    return stop(ErrorKind::internal, "cannot start " + runner + ": " + std::strerror(spawned));
  }

  // Follow it: progress, cancel, timeout. Every path below reaps the child.
  using Clock = std::chrono::steady_clock;
  const Clock::time_point t0 = Clock::now();
  std::string pending;
  int status = 0;
  enum class End { exited, cancelled, timed_out } end = End::exited;
  for (;;) {
    char buf[512];
    ssize_t got = 0;
    while ((got = read(pipefd[0], buf, sizeof buf)) > 0) pending.append(buf, static_cast<std::size_t>(got));
    for (std::size_t nl; (nl = pending.find('\n')) != std::string::npos; pending.erase(0, nl + 1)) {
      int p = 0;
      if (control != nullptr && std::sscanf(pending.c_str(), "progress %d", &p) == 1 && p >= 0 && p <= 1000)
        control->progress_permille.store(p);
    }
    const pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) {
      status = 0;
      break;
    }
    const bool cancel = control != nullptr && control->cancel.load();
    const bool late = std::chrono::duration<double>(Clock::now() - t0).count() > opts.timeout_s;
    if (cancel || late) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      end = cancel ? End::cancelled : End::timed_out;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  close(pipefd[0]);

  if (end == End::cancelled) return stop(ErrorKind::cancelled, "cancelled");
  if (end == End::timed_out) {
    char secs[32];
    std::snprintf(secs, sizeof secs, "%g", opts.timeout_s);
    return stop(ErrorKind::cuda, std::string("the kernel runner did not finish within ") + secs +
                                     " s and was killed (a kernel that never returns?)");
  }
  const std::string err_tail = read_tail(err_path, kStderrTail);
  if (WIFSIGNALED(status)) {
    return stop(ErrorKind::internal, "the kernel runner died of " + signal_words(WTERMSIG(status)) +
                                         (err_tail.empty() ? std::string() : ": " + err_tail));
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  Outcome<ReportFile> loaded = load_report(tmp.file("report.json"));
  if (code != 0 || !loaded || !loaded.value->gate) {
    return stop(ErrorKind::internal,
                "the kernel runner exited with status " + std::to_string(code) +
                    (loaded ? std::string(" and no gate report")
                            : " without a readable report (" + loaded.error.message + ")") +
                    (err_tail.empty() ? std::string() : ": " + err_tail));
  }
  GateReport child = std::move(*loaded.value->gate);
  if (child.ran && want_output) {
    const std::size_t nn = static_cast<std::size_t>(req.n) * static_cast<std::size_t>(req.n);
    if (!read_floats(tmp.file("output.f32"), nn, child.output) ||
        !read_floats(tmp.file("reference.f32"), nn, child.reference)) {
      child.output.clear();
      child.reference.clear();
    }
  }
  if (control != nullptr) control->progress_permille.store(1000);
  return child;
}

}  // namespace fragviz
