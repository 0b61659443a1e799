#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
kernel void atomics_long(global long *a, global long *r) { size_t i = get_global_id(0);
  r[i] = atom_add(&a[0], 1L) + atom_cmpxchg(&a[1], 0L, (long)i) + atom_max(&a[2], (long)i); }
