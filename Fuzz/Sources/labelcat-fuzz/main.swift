// labelcat-fuzz: libFuzzer targets for the inputs labelcat reads (docs/fuzzing.md).
//
//   LABELCAT_FUZZ_TARGET=tokens labelcat-fuzz [libFuzzer flags] [CORPUS_DIR…]   fuzz
//   LABELCAT_FUZZ_TARGET=tokens labelcat-fuzz FILE…                            run saved inputs once
//   labelcat-fuzz --list                                     the targets: NAME<TAB>MAX_LEN<TAB>DICTIONARIES
//   labelcat-fuzz --self-test                                the checks see what they must (SelfTest)
import CLibFuzzer
import Foundation

if CommandLine.arguments.dropFirst().first == "--list" {
    for target in FuzzTarget.all { print("\(target.name)\t\(target.maxLength)\t\(target.dictionaries.joined(separator: ","))") }
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "--self-test" {
    do {
        let problems = try SelfTest.run(scratch: try ScratchDirectory())
        for problem in problems { FileHandle.standardError.write(Data("labelcat-fuzz: self-test: \(problem)\n".utf8)) }
        print(problems.isEmpty ? "labelcat-fuzz: self-test passed (every check sees the failure it is there to find)" : "labelcat-fuzz: self-test FAILED")
        exit(problems.isEmpty ? 0 : 1)
    } catch {
        FileHandle.standardError.write(Data("labelcat-fuzz: self-test: \(error)\n".utf8))
        exit(1)
    }
}
guard let name = ProcessInfo.processInfo.environment["LABELCAT_FUZZ_TARGET"],
      let target = FuzzTarget.all.first(where: { $0.name == name }) else {
    FileHandle.standardError.write(Data("labelcat-fuzz: set LABELCAT_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))\n".utf8))
    exit(2)
}

/// What runs one input: set once, before libFuzzer starts (its callback is a C function and
/// cannot capture).
nonisolated(unsafe) var runInput: ([UInt8]) -> Void = { _ in }
do {
    let scratch = try ScratchDirectory()
    let run = try target.prepare(scratch)
    InputHistory.open(in: scratch)
    runInput = { input in
        InputHistory.record(input)
        run(input)
    }
} catch {
    FileHandle.standardError.write(Data("labelcat-fuzz: cannot prepare target \(target.name): \(error)\n".utf8))
    exit(2)
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    runInput(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
})
