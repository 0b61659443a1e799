kernel void stateless64(global int *d, global const int *s, ulong off) { size_t i = get_global_id(0); d[i + off] = s[i + off * 3]; }
