// FRAGVIZ_HD marks the model's layout functions callable from host and device code, so probe and
// gate kernels use the one definition the views and tests use. Plain C++ compilers see nothing.
#pragma once

#if defined(__CUDACC__)
#define FRAGVIZ_HD __host__ __device__
#else
#define FRAGVIZ_HD
#endif
