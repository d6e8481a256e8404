/// What `--bind` and `--webhook-bind` take: an address alone. `127.0.0.1:8080` reached the
/// network layer as a host name and came back as "Name or service not known".
enum ListenAddress {
    /// Why `value`, given as `option`, is no address to listen on; nil when it may be one.
    static func problem(_ value: String, option: String, portOption: String = "--port") -> String? {
        // An IPv6 address has colons of its own: `::1`, `[::1]`.
        let bracketed = value.hasPrefix("[") && value.contains("]:")
        let colons = value.filter { $0 == ":" }.count
        guard bracketed || colons == 1, let colon = value.lastIndex(of: ":"),
              !value[value.index(after: colon)...].isEmpty, value[value.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
        let address = value[..<colon]
        return "\(option) takes an address alone, such as \(address.isEmpty ? "127.0.0.1" : String(address)); give the port with \(portOption)"
    }
}
