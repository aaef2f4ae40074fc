import Foundation

/// A worker's stdout and stderr, read together with poll(2) so that neither
/// pipe can fill up and stall the worker while the other is being waited on.
final class StreamPair {
    enum Stream { case output, errors }

    private var descriptors: [(Stream, Int32)]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    init(output: Int32, errors: Int32) {
        descriptors = [(.output, output), (.errors, errors)]
    }

    var anyOpen: Bool { !descriptors.isEmpty }

    /// Waits up to `milliseconds` for data, hands what arrives to `body`,
    /// and forgets streams that reached end-of-file.
    func poll(milliseconds: Int32, _ body: (Stream, UnsafeRawBufferPointer) -> Void) {
        guard !descriptors.isEmpty else {
            usleep(useconds_t(max(1, min(milliseconds, 10)) * 1000))
            return
        }
        var fds = descriptors.map { pollfd(fd: $0.1, events: Int16(POLLIN), revents: 0) }
        let ready = Glibc.poll(&fds, nfds_t(fds.count), milliseconds)
        guard ready > 0 else { return }
        var closed: Set<Int32> = []
        for entry in fds where entry.revents != 0 {
            let stream = descriptors.first { $0.1 == entry.fd }!.0
            let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.withUnsafeBytes { body(stream, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                closed.insert(entry.fd)
            }
        }
        descriptors.removeAll { closed.contains($0.1) }
        for descriptor in closed { Glibc.close(descriptor) }
    }

    /// Closes the streams not yet at end-of-file; the pair owns both descriptors.
    func close() {
        for (_, descriptor) in descriptors { Glibc.close(descriptor) }
        descriptors.removeAll()
    }
}
