kernel void ld_long(global long *d, global const long *s) { size_t i = get_global_id(0); d[i] = s[i] + 1; }
