#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void ld_double(global double *d, global const double *s) { size_t i = get_global_id(0); d[i] = s[i] * 2.0; }
