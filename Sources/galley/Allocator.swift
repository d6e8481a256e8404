import FileSystem

/// Settings for the C allocator, made once at start-up.
enum Allocator {
    /// glibc grows each thread's heap by 128 KB at a time, with an `mprotect` call each time, and
    /// gives any block over 128 KB its own `mmap`. A rebuild of a big blog decodes megabytes of
    /// cache on every core: that made some 7,700 `mprotect` calls, a tenth of its time. Growing by
    /// 16 MB and keeping blocks up to 32 MB in the heap makes it some fifty.
    ///
    /// Not for the servers that build nothing (`host`, and `watch`, whose builds are child
    /// processes): there, blocks of a few hundred kilobytes come and go with each connection,
    /// and glibc's own settings give them back to the system when they are freed.
    static func tune(for command: String?) {
        guard command != "host", command != "watch" else { return }
        Platform.tuneAllocator(heapGrowth: 64 << 20, largestHeapBlock: 32 << 20)
    }
}
