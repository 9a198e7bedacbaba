// FRAGVIZ_HD marks the model's functions callable from host and device code (layouts, the gate's
// geometry and input generator), so probe and gate kernels use the one definition the views and
// tests use. Plain C++ compilers see nothing. The only such marker in the tree.
#pragma once

#if defined(__CUDACC__)
#define FRAGVIZ_HD __host__ __device__
#else
#define FRAGVIZ_HD
#endif
