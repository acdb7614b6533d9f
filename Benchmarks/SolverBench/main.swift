// labelcat-solver-bench: times the Cassowary solver and scene solving, in a release build.
//
//     swift build -c release --static-swift-stdlib --product labelcat-solver-bench && .build/release/labelcat-solver-bench
//
// Prints one JSON line per case.
//   labelcat-solver-bench [VIEWS…|priorities]   the solver alone: scenes of VIEWS views (default
//                                               50, 100, 200 and 400), then the priority cases
//   labelcat-solver-bench scenes [--device NAME] [--verbose] PATH…
//                                               every scene of the storyboards and xibs under PATH,
//                                               solved for its labels' texts: the share solved,
//                                               findings, frames against the saved ones, solve
//                                               time against the engine's layout time
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "scenes": try runScenes(Array(arguments.dropFirst()))
default: try runSolverCases(arguments)
}
