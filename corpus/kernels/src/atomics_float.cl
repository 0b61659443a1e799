kernel void atomics_float(global float *a, global float *r) { size_t i = get_global_id(0);
  r[i] = atomic_xchg(&a[0], (float)i); }
