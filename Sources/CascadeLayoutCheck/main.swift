// cascade-layout-check: runs `ProvidedSizingCheck` (meant for a `-c release` build; see
// scripts/release-check.sh). `cascade-layout-check` exits 0 when `.provided` sizing matches
// fixed heights on every path, 1 otherwise; `cascade-layout-check reenter` must die with the
// layout's precondition failure for a provider that calls back into the layout.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "reenter" {
    ProvidedSizingCheck.reenter()
    print("cascade-layout-check: a re-entrant height provider was not stopped")
    exit(1)
}
let scale = arguments.first.flatMap { Int($0) } ?? 200_000
let differences = ProvidedSizingCheck.differences(scale: scale)
for line in differences { print(line) }
print("cascade-layout-check: \(differences.isEmpty ? "ok" : "FAILED"), .provided sizing over \(scale) items")
exit(differences.isEmpty ? 0 : 1)
