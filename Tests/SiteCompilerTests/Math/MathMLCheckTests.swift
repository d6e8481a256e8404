@testable import SiteContent
import Testing

@testable import SiteCompiler

@Suite struct MathMLCheckTests {
    @Test func katexsMathMLPasses() {
        let katex = ##"<span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><semantics><mrow><mfrac><msub><mi>a</mi><mn>0</mn></msub><mi>b</mi></mfrac><mo>+</mo><mstyle mathcolor="#cc0000"><mtext>\href</mtext></mstyle><mo mathvariant="normal" lspace="0em" rspace="0em">′</mo></mrow><annotation encoding="application/x-tex">\frac{a_0}{b} &lt;script&gt;</annotation></semantics></math></span>"##
        #expect(MathMLCheck.isSafe(katex))
        #expect(MathMLCheck.isSafe("<math><mspace width=\"1em\"/></math>"))
    }

    @Test func anythingElseFails() {
        for html in [
            "<math><mi>x</mi></math><script>alert(1)</script>",
            #"<math><mi onclick="alert(1)">x</mi></math>"#,
            #"<math><mrow href="javascript:alert(1)">x</mrow></math>"#,
            #"<math><mi style="background:url(x)">x</mi></math>"#,
            #"<math><mi class="a" x>y</mi></math>"#,
            #"<math><mi class='a'>y</mi></math>"#,
            #"<math><mi class="a>">y</mi></math>"#,
            "<math><mi>x</mi>",
            "<math><mi>x</mo></math>",
            "<math><mi>a > b</mi></math>",
            "<a href=\"/\">x</a>",
            "<math><svg></svg></math>",
            "<math><mi>x</mi></math><!-- -->",
        ] {
            #expect(!MathMLCheck.isSafe(html), "\(html)")
        }
    }
}
