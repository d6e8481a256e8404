/// Settings for the C allocator, made once at start-up.
enum Allocator {
    /// glibc grows each thread's heap by 128 KB at a time, with an `mprotect` call each time, and
    /// gives any block over 128 KB its own `mmap`. A rebuild of a big blog decodes megabytes of
    /// cache on every core: that made some 7,700 `mprotect` calls, a tenth of its time. Growing by
    /// 16 MB and keeping blocks up to 32 MB in the heap makes it some fifty.
    static func tune() {
        #if os(Linux)
        // <malloc.h> is not part of the Glibc module; these are its M_TOP_PAD and M_MMAP_THRESHOLD.
        _ = mallopt(-2, 64 << 20)
        _ = mallopt(-3, 32 << 20)
        #endif
    }
}

#if os(Linux)
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
