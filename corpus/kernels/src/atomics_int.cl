kernel void atomics_int(global int *a, global int *r) {
  size_t i = get_global_id(0);
  r[i] = atomic_add(&a[0], 1) + atomic_sub(&a[1], 1) + atomic_xchg(&a[2], (int)i) + atomic_min(&a[3], (int)i)
       + atomic_max(&a[4], (int)i) + atomic_and(&a[5], 3) + atomic_or(&a[6], 4) + atomic_xor(&a[7], 5)
       + atomic_inc(&a[8]) + atomic_dec(&a[9]) + atomic_cmpxchg(&a[10], 0, (int)i); }
