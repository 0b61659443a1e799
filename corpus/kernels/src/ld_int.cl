kernel void ld_int(global int *d, global const int *s) { size_t i = get_global_id(0); d[i] = s[i] + 1; }
