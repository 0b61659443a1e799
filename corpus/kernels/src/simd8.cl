__attribute__((intel_reqd_sub_group_size(8))) kernel void simd8(global int *d, global const int *s) { size_t i = get_global_id(0); d[i] = s[i] + 1; }
