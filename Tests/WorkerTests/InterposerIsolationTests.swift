import Foundation
import Testing

/// The worker's allocation counter defines malloc and its siblings for a
/// whole process. It belongs in the worker executable only (a malloc
/// interposer the worker once used, linked into this test bundle, crashed
/// other suites' threads): test targets run the worker as a process.
@Suite struct InterposerIsolationTests {
    @Test func theTestProcessHasNoAllocationCounter() throws {
        // RTLD_DEFAULT (a null handle): every image loaded into this process.
        let counter = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "lb_allocation_counter_start")
        #expect(counter == nil, "a test target links layoutbench-worker or AllocationInterposer; depend on neither, run the binary")
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        #expect(!maps.contains("MallocInterposer"))
    }
}
