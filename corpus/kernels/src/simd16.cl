__attribute__((intel_reqd_sub_group_size(16))) kernel void simd16(global int *d, global const int *s) { size_t i = get_global_id(0); d[i] = s[i] + 1; }
