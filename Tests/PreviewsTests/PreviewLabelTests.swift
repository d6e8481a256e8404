import TestThreads
import Testing

@testable import Previews

@Suite(.onBlockingPool) struct PreviewLabelTests {
    @Test(arguments: [
        ("post/nanoc-on-ipad", "post-nanoc-on-ipad"),
        ("feature/x", "feature-x"),
        ("feature_x", "feature-x"),
        ("feature-x", "feature-x"),
        ("Feature/X", "feature-x"),
        ("héllo", "hello"),
        ("Crème/Brûlée", "creme-brulee"),
        ("release@1.2", "release-1-2"),
        ("my branch name", "my-branch-name"),
        ("fix--double---hyphens", "fix-double-hyphens"),
        ("-leading/and/trailing-", "leading-and-trailing"),
        ("a..b", "a-b"),
        ("tab\there", "tab-here"),
        ("日本語/post", "post"),
        ("émoji-😀-post", "emoji-post"),
        ("main", "main"),
        ("2024/10/08-draft", "2024-10-08-draft"),
    ])
    func sanitizes(branch: String, label: String) {
        #expect(PreviewLabel.make(for: branch) == label)
    }

    @Test(arguments: ["///", "😀", "日本語", "--", " "])
    func aNameThatLeavesNothingGetsAHash(branch: String) {
        let label = PreviewLabel.make(for: branch)
        #expect(label.hasPrefix("branch-"))
        #expect(label.count == "branch-".count + 8)
        #expect(label == PreviewLabel.make(for: branch))
    }

    @Test func longNamesAreCutAndKeepApart() {
        let stem = "post/" + String(repeating: "a-very-long-branch-name-", count: 4)
        let one = PreviewLabel.make(for: stem + "one"), two = PreviewLabel.make(for: stem + "two")
        #expect(one.count <= 63 && two.count <= 63)
        #expect(one != two)
        #expect(one.hasPrefix("post-a-very-long-branch-name-a-very-long-branch-name"))
        #expect(!one.contains("--"))
        #expect(one.range(of: #"^[a-z0-9]([a-z0-9-]*[a-z0-9])?$"#, options: .regularExpression) != nil)
        let exactly63 = String(repeating: "b", count: 63)
        #expect(PreviewLabel.make(for: exactly63) == exactly63)
        #expect(PreviewLabel.make(for: exactly63 + "c").count == 63)
    }

    @Test func everyLabelIsAValidHostnameLabel() {
        let names = ["a", "A/B/C", "x" + String(repeating: "-y", count: 80), "ü" + String(repeating: "z", count: 70), "_-_", "ß-straße"]
        for name in names {
            let label = PreviewLabel.make(for: name)
            #expect(label.count <= 63 && !label.isEmpty)
            #expect(label.range(of: #"^[a-z0-9]([a-z0-9-]*[a-z0-9])?$"#, options: .regularExpression) != nil, "\(name) -> \(label)")
        }
    }

    @Test func theManifestKeepsTheFirstOwnerAndDisambiguatesLaterOnes() {
        var manifest = PreviewManifest()
        let first = manifest.claim("feature/x")
        let second = manifest.claim("feature_x")
        let third = manifest.claim("feature-x")
        #expect(first == "feature-x")
        #expect(second.hasPrefix("feature-x-") && second.count == "feature-x-".count + 12)
        #expect(third.hasPrefix("feature-x-") && third != second)
        #expect(manifest.claim("feature_x") == second)
        #expect(manifest.label(of: "feature-x") == third)

        var long = PreviewManifest()
        let stem = String(repeating: "long-", count: 20)
        let a = long.claim(stem)
        let b = long.claim(stem.uppercased())
        #expect(a != b && a.count <= 63 && b.count <= 63)
    }
}
