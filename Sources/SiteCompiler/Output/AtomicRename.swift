#if canImport(Glibc)
import Glibc
#endif

/// Swaps two paths in one step with Linux's `renameat2(RENAME_EXCHANGE)`.
///
/// Swift's Glibc module does not import `renameat2`, so it is looked up in the C library at
/// run time; on systems without it the caller falls back to two renames.
enum AtomicRename {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameExchange: UInt32 = 1 << 1

    private static let renameat2: RenameAt2? = {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
        return nil
        #endif
    }()

    /// Whether the exchange happened; false where the kernel or file system does not offer it.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
        guard let renameat2 else { return false }
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
        return false
        #endif
    }
}
