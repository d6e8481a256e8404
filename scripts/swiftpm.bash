# Sourced by the scripts that build with SwiftPM, which set $root. SwiftPM evaluates every
# package manifest again (10 to 15 s for Galley's 29 packages) whenever its environment differs
# from the last run's, and bash's own variables differ with how a script was started: SHLVL
# counts the shells above it, cd sets OLDPWD and PWD, and `_` names the last command. So
# scripts/galley run by hand, by scripts/test or by CI each paid for an evaluation of its own.
# `swiftpm build …` runs `swift build …` from the repository's root with those left out.
swiftpm() {
  (cd "$root" && exec env -u SHLVL -u OLDPWD -u _ swift "$@")
}
