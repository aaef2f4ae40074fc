import Foundation
import Testing

/// The malloc interposer replaces malloc/free for a whole process. It belongs
/// in the worker executable only: linked into this test bundle (through a
/// test target depending on `layoutbench-worker`) it crashed other suites'
/// threads. Test targets run the worker as a process instead.
@Suite struct InterposerIsolationTests {
    @Test func theTestProcessDoesNotLoadTheMallocInterposer() throws {
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        #expect(!maps.contains("MallocInterposer"), "a test target links layoutbench-worker or AllocationInterposer; depend on neither, run the binary")
    }
}
