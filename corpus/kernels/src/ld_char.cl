kernel void ld_char(global char *d, global const char *s) { size_t i = get_global_id(0); d[i] = s[i] + 1; }
