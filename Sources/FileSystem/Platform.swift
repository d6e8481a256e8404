import CPlatform
import Foundation

#if !os(Linux)
#error("Galley runs on Linux only; a port starts here, in FileSystem/Platform.swift")
#endif

/// Every call Galley makes that only Linux has, behind a small API: a port to another system
/// rewrites this file (and CPlatform's C shims) instead of hunting through the code for them.
package enum Platform {
    /// The `open` flag for a descriptor that only names a folder, to look names up below it
    /// without the right to read it.
    package static let pathOnly = GALLEY_O_PATH

    /// Opens `path` below the open folder `folder`, the kernel refusing any path that would
    /// leave it and, with `noLinks`, any that passes through a symbolic link. -1 with `errno`
    /// set; `ENOSYS` where the kernel cannot resolve beneath a folder, for the caller to check
    /// the path its own way.
    package static func openBeneath(_ folder: Int32, _ path: String, _ flags: Int32, mode: mode_t = 0, noLinks: Bool) -> Int32 {
        // Through `withCString`: a String handed to C as it is is first copied into a new
        // array (`utf8CString`), 900 instructions a call, where a native string's own bytes do.
        path.withCString { galley_open_beneath(folder, $0, flags, UInt32(mode), noLinks ? 1 : 0) }
    }

    /// Swaps the names `a` (in the open folder `aFolder`) and `b` (in `bFolder`) in one step;
    /// false where the kernel or the file system cannot.
    package static func exchange(_ aFolder: Int32, _ a: String, _ bFolder: Int32, _ b: String) -> Bool {
        galley_exchange(aFolder, a, bFolder, b) == 0
    }

    /// A new file that lives in memory only, open for reading and writing and gone once its
    /// last descriptor is closed: for what a program reads on its standard input, which may
    /// hold a secret that must not reach a disk. -1 with `errno` set where the system has none.
    package static func memoryFile(named name: String) -> Int32 {
        galley_memory_file(name)
    }

    /// What `stat` says of the running executable; nil when the system will not say.
    package static func runningExecutable() -> stat? {
        var info = stat()
        return stat("/proc/self/exe", &info) == 0 ? info : nil
    }

    /// Asks the C allocator to grow its heaps `heapGrowth` bytes at a time and to keep blocks up
    /// to `largestHeapBlock` bytes in a heap rather than map each on its own.
    package static func tuneAllocator(heapGrowth: Int32, largestHeapBlock: Int32) {
        // <malloc.h> is not part of the Glibc module; these are its M_TOP_PAD and M_MMAP_THRESHOLD.
        _ = mallopt(-2, heapGrowth)
        _ = mallopt(-3, largestHeapBlock)
    }
}

@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

extension stat {
    /// The last access time, as `utimensat` takes it.
    package var accessTime: timespec { st_atim }
    /// The modification time, as `utimensat` takes it.
    package var modificationTime: timespec { st_mtim }
    /// The modification time, in nanoseconds since 1970 (see ``timespec/nanoseconds``).
    package var modifiedNanoseconds: Int { st_mtim.nanoseconds }
    /// The change time (of contents or metadata, which no one can set by hand), in nanoseconds since 1970.
    package var changedNanoseconds: Int { st_ctim.nanoseconds }
    /// The inode, size and modification time, in hex: what a program's installed file changes
    /// by when an upgrade replaces it, stamped where asking the program would take a process.
    package var replacementStamp: String {
        "\(String(st_ino, radix: 16))-\(String(st_size, radix: 16))-\(String(modifiedNanoseconds, radix: 16))"
    }
}

extension timespec {
    /// Nanoseconds since 1970. A time after April 2262 (or before 1678), which a file can be
    /// given (`touch -d @10000000000`, an unpacked archive) but which does not fit, counts as
    /// the latest (or earliest) there is: newer than any other, never settled, rather than a
    /// crash.
    package var nanoseconds: Int {
        let (product, overflow) = tv_sec.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return tv_sec > 0 ? .max : .min }
        let (sum, beyond) = product.addingReportingOverflow(tv_nsec)
        return beyond ? .max : sum
    }
}
