import Diagnostics
import Text

/// The biggest table a piece of Markdown can make, found before cmark-gfm reads it: its table
/// extension gives every row as many cells as the header has, so eighteen kilobytes of a wide
/// header and short rows made 621 MB of HTML in two minutes; and it appends each cell to its
/// row's list from the start of the list, so a row costs the square of its cells.
package enum TableSize {
    /// A table (by the line of its delimiter row, counted from the Markdown's first line) with
    /// more columns than ``InputLimits/tableColumns`` or more cells than ``InputLimits/tableCells``.
    package struct Oversized: Equatable {
        package var line: Int
        package var columns: Int
        package var rows: Int
    }

    /// The first oversized table in `markdown`, or nil. Errs towards more: every line made only
    /// of `|`, `-`, `:` and blanks (after any `>` of a block quote) is taken for a delimiter row,
    /// and every line after it up to a blank one for a row.
    package static func firstOversized(in markdown: String) -> Oversized? {
        // Most posts have no table at all.
        guard UTF8Search.contains(byte: UInt8(ascii: "|"), in: markdown) else { return nil }
        var markdown = markdown
        return markdown.withUTF8 { bytes -> Oversized? in
            var lines: [Range<Int>] = []
            var start = 0
            for index in bytes.indices where bytes[index] == 0x0A {
                lines.append(start..<index)
                start = index + 1
            }
            lines.append(start..<bytes.count)
            // How many lines in a row, from each one on, are not blank: a table's rows at most.
            var run = [Int](repeating: 0, count: lines.count + 1)
            for number in lines.indices.reversed() where !isBlank(bytes[lines[number]]) { run[number] = run[number + 1] + 1 }
            for (number, range) in lines.enumerated() {
                let columns = delimiterColumns(bytes[range])
                guard columns > 1 else { continue }
                let rows = 1 + run[number + 1]
                if columns > InputLimits.tableColumns || columns * rows > InputLimits.tableCells {
                    return Oversized(line: number + 1, columns: columns, rows: rows)
                }
            }
            return nil
        }
    }

    /// The cells of a delimiter row such as `| --- | :-: |`; 0 for any other line.
    private static func delimiterColumns(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var pipes = 0, dashes = 0
        var content = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">") }
        while let last = content.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == 0x0D { content = content.dropLast() }
        for byte in content {
            switch byte {
            case UInt8(ascii: "|"): pipes += 1
            case UInt8(ascii: "-"): dashes += 1
            case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"): break
            default: return 0
            }
        }
        guard pipes > 0, dashes > 0 else { return 0 }
        // `a | b` has two cells, `| a | b |` two as well.
        let outer = (content.first == UInt8(ascii: "|") ? 1 : 0) + (content.last == UInt8(ascii: "|") ? 1 : 0)
        return max(1, pipes + 1 - outer)
    }

    private static func isBlank(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">") || $0 == 0x0D }
    }
}
