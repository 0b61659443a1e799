#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void ld_half(global half *d, global const half *s) { size_t i = get_global_id(0); d[i] = s[i] * (half)2; }
