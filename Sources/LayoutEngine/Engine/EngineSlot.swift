import Synchronization

/// Slots handed back by closed engines, for the next engine to open.
private let freeEngineSlots = Mutex<[EngineSlot]>([])

/// Where an installed constraint finds its engine without holding it.
///
/// One per open engine, taken from a pool and handed back when the engine
/// closes, its stamp moved on: a constraint keeps the slot (unretained:
/// slots are never freed) and the stamp it was installed under, and reads
/// no engine once they differ. A retained engine reference would cost every
/// constraint an atomic retain when installed and a release when freed,
/// and a retain and release at every read.
final class EngineSlot: @unchecked Sendable {
    /// The open engine, unretained (it clears this before it goes).
    /// Touched only on that engine's thread, as the engine itself is.
    private var engine: Unmanaged<Engine>?
    /// Moves on at every close. Atomic only so that a constraint read on a
    /// stray thread sees a whole stamp; relaxed loads cost a plain load.
    private let stampStorage = Atomic<UInt32>(0)

    private init() {}

    /// The stamp constraints installed now are installed under.
    var stamp: UInt32 { stampStorage.load(ordering: .relaxed) }

    /// The engine, if it is still the one a constraint installed under `stamp` went into.
    @inline(__always) func engine(stamp: UInt32) -> Unmanaged<Engine>? {
        stampStorage.load(ordering: .relaxed) == stamp ? engine : nil
    }

    /// A free slot, reused when one is.
    static func take() -> EngineSlot {
        freeEngineSlots.withLock { $0.popLast() } ?? EngineSlot()
    }

    /// Points the slot at its engine, once the engine is made.
    func open(_ engine: Engine) {
        self.engine = .passUnretained(engine)
    }

    /// The engine is closing: constraints installed in it read nil from now
    /// on, and the slot goes back to the pool (unless its stamp has run out).
    func close() {
        engine = nil
        let next = stampStorage.add(1, ordering: .relaxed).newValue
        if next != .max { freeEngineSlots.withLock { $0.append(self) } }
    }
}
