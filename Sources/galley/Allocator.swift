import FileSystem

/// Settings for the C allocator, made once at start-up.
enum Allocator {
    /// glibc grows each thread's heap by 128 KB at a time, with an `mprotect` call each time, and
    /// gives any block over 128 KB its own `mmap`. A rebuild of a big blog decodes megabytes of
    /// cache on every core: that made some 7,700 `mprotect` calls, a tenth of its time. Growing by
    /// 16 MB and keeping blocks up to 32 MB in the heap makes it some fifty.
    static func tune() {
        Platform.tuneAllocator(heapGrowth: 64 << 20, largestHeapBlock: 32 << 20)
    }
}
