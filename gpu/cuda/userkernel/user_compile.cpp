// compile_user_kernel (kernel_runner.hpp): NVRTC, the contract's declaration, the cubin's symbols.
#include <elf.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "fragviz/device/kernel_runner.hpp"
#include "fragviz/util/words.hpp"
#include "nvrtc_lazy.hpp"

#ifndef FRAGVIZ_CUDA_INCLUDE_DIR
#define FRAGVIZ_CUDA_INCLUDE_DIR ""
#endif

namespace fragviz {
namespace {

/// Name the compiler gives the declaration appended to the user's source (its messages then say
/// which part is ours).
constexpr const char* kContractFile = "fragviz-contract";
/// Largest source read (a kernel file, not a data file).
constexpr std::streamoff kMaxSourceBytes = 4 << 20;
/// Messages put into the error text; the rest are counted.
constexpr std::size_t kMaxListedDiagnostics = 20;

bool is_file(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

/// The folder holding cuda_fp16.h: $CUDA_PATH, $CUDA_HOME, the toolkit this build saw,
/// /usr/local/cuda. Empty when none has it (NVRTC then says it cannot open the header).
std::string cuda_include_dir() {
  std::vector<std::string> dirs;
  for (const char* var : {"CUDA_PATH", "CUDA_HOME"})
    if (const char* v = std::getenv(var); v != nullptr && *v != '\0')
      dirs.push_back(std::string(v) + "/include");
  for (const char* d : {FRAGVIZ_CUDA_INCLUDE_DIR, "/usr/local/cuda/include"})
    if (*d != '\0') dirs.emplace_back(d);
  for (const std::string& d : dirs)
    if (is_file(d + "/cuda_fp16.h")) return d;
  return {};
}

std::string folder_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string(".")
         : slash == 0               ? std::string("/")
                                    : path.substr(0, slash);
}

/// Names of the functions a cubin (ELF64) defines: symbols of type STT_FUNC with a section.
/// Returns false when the image is no ELF64 file NVRTC would write.
bool cubin_functions(const std::vector<char>& image, std::vector<std::string>& names) {
  if (image.size() < sizeof(Elf64_Ehdr)) return false;
  Elf64_Ehdr eh;
  std::memcpy(&eh, image.data(), sizeof eh);
  if (std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64) return false;
  if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff > image.size() ||
      static_cast<std::uint64_t>(eh.e_shnum) * sizeof(Elf64_Shdr) > image.size() - eh.e_shoff)
    return false;
  auto section = [&](std::size_t i) {
    Elf64_Shdr sh;
    std::memcpy(&sh, image.data() + eh.e_shoff + i * sizeof(Elf64_Shdr), sizeof sh);
    return sh;
  };
  auto inside = [&](std::uint64_t off, std::uint64_t size) {
    return off <= image.size() && size <= image.size() - off;
  };
  for (std::size_t i = 0; i < eh.e_shnum; ++i) {
    const Elf64_Shdr sym = section(i);
    if (sym.sh_type != SHT_SYMTAB || sym.sh_link >= eh.e_shnum || !inside(sym.sh_offset, sym.sh_size))
      continue;
    const Elf64_Shdr str = section(sym.sh_link);
    if (!inside(str.sh_offset, str.sh_size)) return false;
    for (std::uint64_t off = 0; off + sizeof(Elf64_Sym) <= sym.sh_size; off += sizeof(Elf64_Sym)) {
      Elf64_Sym s;
      std::memcpy(&s, image.data() + sym.sh_offset + off, sizeof s);
      if (ELF64_ST_TYPE(s.st_info) != STT_FUNC || s.st_shndx == SHN_UNDEF || s.st_name >= str.sh_size)
        continue;
      const char* name = image.data() + str.sh_offset + s.st_name;
      names.emplace_back(name, strnlen(name, str.sh_size - s.st_name));
    }
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return true;
}

/// "Used 10 registers, used 0 barriers; 0 bytes stack frame, 0 bytes spill stores, ..." (as
/// gpu/cuda/ptxas_capture.cmake joins them for the built-in kernels) for
/// `entry` from ptxas -v's lines in the program log.
std::string ptxas_lines_for(const std::string& log, const std::string& entry) {
  std::istringstream in(log);
  std::string line, used, rest;
  bool mine = false;
  while (std::getline(in, line)) {
    if (line.find("Compiling entry function '") != std::string::npos)
      mine = line.find("'" + entry + "'") != std::string::npos;
    if (!mine) continue;
    std::size_t at = line.find("Used ");
    if (at == std::string::npos) at = line.find("bytes stack frame");
    if (at == std::string::npos) continue;
    if (line.compare(at, 5, "Used ") != 0) {
      // "0 bytes stack frame, ...": from the number before it.
      const std::size_t dot = line.find('.');
      at = line.find_first_not_of(" \t.", dot == std::string::npos ? 0 : dot);
    }
    std::string& into = line.compare(at, 5, "Used ") == 0 ? used : rest;
    if (!into.empty()) into += "; ";
    into += line.substr(at);
  }
  return used.empty() || rest.empty() ? used + rest : used + "; " + rest;
}

}  // namespace

std::string user_kernel_arch(int sm) { return "sm_" + std::to_string(sm) + (sm >= 90 ? "a" : ""); }

UserCompileOutcome compile_user_kernel(const UserKernel& k, const std::string& arch) {
  UserCompileOutcome out;
  out.arch = arch;
  const auto fail = [&out](ErrorKind kind, std::string why) {
    out.error = Error{kind, std::move(why)};
    out.cubin.clear();
    return out;
  };
  if (!is_c_identifier(k.entry))
    return fail(ErrorKind::refused,
                "entry '" + echo_text(k.entry) + "' is not a C identifier (the kernel must be extern \"C\")");
  // ---- The source. ----
  // An unreadable source is refused (nothing ran), like a missing entry.
  if (!is_file(k.source_path))
    return fail(ErrorKind::refused, "cannot read kernel source " + k.source_path + ": no such file");
  if (auto why = user_kernel_include_problem(k)) return fail(why->kind, why->message);
  std::ifstream f(k.source_path, std::ios::binary);
  if (!f) return fail(ErrorKind::refused, "cannot read kernel source " + k.source_path);
  f.seekg(0, std::ios::end);
  const std::streamoff size = f.tellg();
  if (size > kMaxSourceBytes)
    return fail(ErrorKind::refused, "kernel source " + k.source_path + " is larger than 4 MiB");
  f.seekg(0);
  std::string source(static_cast<std::size_t>(size < 0 ? 0 : size), '\0');
  if (!f.read(source.data(), static_cast<std::streamsize>(source.size())))
    return fail(ErrorKind::refused, "cannot read kernel source " + k.source_path);
  if (source.find('\0') != std::string::npos)
    return fail(ErrorKind::refused, "kernel source " + k.source_path + " is not text (it holds a NUL byte)");
  // The contract: the entry declared with its signature after the user's code. A definition with
  // other parameters then conflicts ("more than one instance ... has C linkage"); a missing one
  // leaves the entry undefined in the cubin.
  std::string entry_decl(kUserKernelSignature);
  entry_decl.replace(entry_decl.find("NAME"), 4, k.entry);
  source += "\n#line 1 \"" + std::string(kContractFile) + "\"\n" + std::string(kUserKernelHeader) + "\n" +
            entry_decl + ";\n";

  // ---- NVRTC. ----
  std::string load_error;
  const cuda::NvrtcApi* api = cuda::nvrtc_api(load_error);
  if (api == nullptr) return fail(ErrorKind::no_device, load_error);
  nvrtcProgram prog = nullptr;
  nvrtcResult r = api->create_program(&prog, source.c_str(), k.source_path.c_str(), 0, nullptr, nullptr);
  if (r != NVRTC_SUCCESS)
    return fail(ErrorKind::internal, std::string("nvrtcCreateProgram failed: ") + api->get_error_string(r));
  const std::string arch_opt = "-arch=" + arch;
  const std::string cuda_inc = cuda_include_dir();
  const std::string user_inc = "-I" + folder_of(k.source_path);
  // -default-device: a function without __host__/__device__ is a device function, as NVRTC (device
  // code only) can use nothing else; CUTLASS's headers have such constexpr helpers
  // (cutlass/platform/platform.h), an error without it ("host functions are not allowed in JIT mode").
  std::vector<std::string> opts = {arch_opt,          "-std=c++17", "-lineinfo", "--ptxas-options=-v",
                                   "-default-device", user_inc};
  // The user's folders (-I, --cutlass) before the toolkit's, in the order given, as nvcc -I does.
  for (const std::string& dir : k.include_dirs) opts.push_back("-I" + dir);
  if (!cuda_inc.empty()) {
    opts.push_back("-I" + cuda_inc);
    // libcu++ (<cuda/std/...>, which CuTe includes under NVRTC) moved to include/cccl in CUDA 13;
    // in CUDA 12 it is in include itself.
    if (is_file(cuda_inc + "/cccl/cuda/std/type_traits")) opts.push_back("-I" + cuda_inc + "/cccl");
  }
  // NVRTC 12.9 and newer cache compiles (with the driver's cache, so only where a driver is): a
  // cached compile runs no ptxas and its log has no "Used N registers" line, so the second gate
  // run of the same kernel showed no ptxas line (H200, 2026-12-01). The NVRTC guide, "Caching".
  int nvrtc_major = 0, nvrtc_minor = 0;
  if (api->version(&nvrtc_major, &nvrtc_minor) == NVRTC_SUCCESS &&
      (nvrtc_major > 12 || (nvrtc_major == 12 && nvrtc_minor >= 9)))
    opts.push_back("--no-cache");
  std::vector<const char*> argv;
  for (const std::string& o : opts) argv.push_back(o.c_str());
  const nvrtcResult compiled = api->compile_program(prog, static_cast<int>(argv.size()), argv.data());
  std::size_t log_size = 0;
  std::string log;
  if (api->get_program_log_size(prog, &log_size) == NVRTC_SUCCESS && log_size > 1) {
    log.resize(log_size);
    if (api->get_program_log(prog, log.data()) != NVRTC_SUCCESS) log.clear();
    while (!log.empty() && log.back() == '\0') log.pop_back();
  }
  std::size_t cubin_size = 0;
  if (compiled == NVRTC_SUCCESS && api->get_cubin_size(prog, &cubin_size) == NVRTC_SUCCESS &&
      cubin_size > 0) {
    out.cubin.resize(cubin_size);
    if (api->get_cubin(prog, out.cubin.data()) != NVRTC_SUCCESS) out.cubin.clear();
  }
  api->destroy_program(&prog);

  if (compiled != NVRTC_SUCCESS) {
    out.diagnostics = parse_nvrtc_log(log);
    for (CompileDiagnostic& d : out.diagnostics) {
      if (d.file == kContractFile) {
        // Our declaration clashed with the user's definition: say so in the user's terms.
        d.file = k.source_path;
        d.line = 0;
        d.message =
            "entry '" + k.entry + "' must be declared as " + entry_decl + " (compiler: " + d.message + ")";
      }
    }
    // Errors first and short: a CuTe static_assert is a header's line, then where the source
    // instantiated it; warnings (CUTLASS has many) would push the error out of sight.
    const std::string lines = compile_error_lines(out.diagnostics, k.source_path, kMaxListedDiagnostics);
    return fail(ErrorKind::compile,
                "compile error (NVRTC, " + arch + ")" +
                    (lines.empty() ? ": " + std::string(api->get_error_string(compiled)) : lines) +
                    compile_contract_hint(out.diagnostics));
  }
  if (out.cubin.empty()) return fail(ErrorKind::internal, "NVRTC compiled but returned no cubin");
  if (!cubin_functions(out.cubin, out.kernels))
    return fail(ErrorKind::internal, "NVRTC's cubin is not an ELF64 image");
  if (!std::binary_search(out.kernels.begin(), out.kernels.end(), k.entry)) {
    std::string names;
    bool mangled = false;  // a C++ name (Itanium ABI: "_Z..."), which the extern "C" hint is for
    for (const std::string& n : out.kernels) {
      names += (names.empty() ? "" : ", ") + n;
      mangled = mangled || n.rfind("_Z", 0) == 0;
    }
    return fail(
        ErrorKind::refused,
        "no kernel named '" + echo_text(k.entry) + "' is defined in " + echo_text(k.source_path) +
            (names.empty()
                 ? std::string(" (it defines no kernel)")
                 : " (it defines: " + echo_text(names) +
                       (mangled ? "; a C++ name is mangled: declare the kernel extern \"C\")" : ")")));
  }
  out.ptxas = ptxas_lines_for(log, k.entry);
  return out;
}

}  // namespace fragviz
