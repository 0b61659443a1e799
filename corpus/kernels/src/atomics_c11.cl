// ocloc-options: -cl-std=CL2.0
kernel void atomics_c11(global atomic_int *a, global int *r) { size_t i = get_global_id(0);
  r[i] = atomic_fetch_add_explicit(&a[0], 1, memory_order_relaxed, memory_scope_work_group)
       + atomic_fetch_add_explicit(&a[1], 1, memory_order_seq_cst, memory_scope_device)
       + atomic_load_explicit(&a[2], memory_order_acquire, memory_scope_device);
  atomic_store_explicit(&a[3], 7, memory_order_release, memory_scope_device); }
