import Foundation

/// Whether Debian's KaTeX and a Node.js to run it are here (scripts/test installs them).
package enum DebianKaTeX {
    package static let isInstalled = access("/usr/bin/node", X_OK) == 0 && access("/usr/share/nodejs/katex/dist/katex.js", R_OK) == 0
}
