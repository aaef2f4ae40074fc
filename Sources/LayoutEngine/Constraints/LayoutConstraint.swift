import LayoutSolver
import Synchronization

private let constraintSerials = Atomic<UInt64>(0)

/// A relation between two attributes, as `NSLayoutConstraint`:
/// `first.attribute  relation  multiplier × second.attribute + constant`.
///
/// Activating a constraint installs it in its window's engine (or, for views
/// not yet in a window, when their hierarchy joins one). Setting `constant`
/// on an installed constraint goes through the solver's in-place path
/// (`Solver.setConstant`): no removal, no re-adding.
public final class LayoutConstraint: CustomStringConvertible {
    /// What created a constraint: the app, or the engine on a view's behalf.
    public enum Kind: Sendable, Hashable {
        /// Made by the app: anchors, `init`, or the Visual Format Language.
        case user
        /// A frame turned into constraints (`translatesAutoresizingMaskIntoConstraints`).
        case autoresizing
        /// Content hugging or compression resistance from an intrinsic size.
        case contentSize
        /// Places a system layout guide (safe area, margins, readable content).
        case guide
    }

    // Stored fields in this order so that the object with its header fits
    // a 128-byte heap block; declaration order would need a larger size
    // class, and a list of cells makes and frees constraints by the thousand.

    /// The items, unretained and unchecked, as UIKit's `unowned(unsafe)
    /// firstItem`: a constraint does not keep its views alive. Held
    /// `unowned`, each would cost an atomic operation to take, one to drop
    /// and two per read, on every constraint made, activated, installed and
    /// freed. The engine borrows them (`withItems`); an
    /// item going away marks the active constraints naming it (`goneItems`).
    let firstLink: Unmanaged<LayoutItem>
    let secondLink: Unmanaged<LayoutItem>?
    // The byte-sized fields next, beside the links: an item's `deinit`
    // reads the links and writes `goneItems` on the line its release of
    // the constraint touches anyway (at the end they would cost a cache
    // miss per constraint in a window's teardown).
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    public let secondAttribute: LayoutAttribute
    public let kind: Kind
    var active = false
    private var broken = false
    /// Bit 0: the first item is gone; bit 1: the second. Set by the item's
    /// `deinit` while the constraint was active (it then lives on in the
    /// other item's references, or the app's hands); engine paths skip it.
    var goneItems: UInt8 = 0
    /// Whether `storedSolverID` is the id of a removal still pending (see
    /// `removedSolverID`) rather than of the equation installed.
    private var storedIDIsRemoval = false
    /// What few constraints use, boxed: see `Extras`.
    private var extras: Extras?
    /// The slot of the engine it is installed in (see `EngineSlot`),
    /// unretained: slots are never freed. A window going away need not
    /// visit each of its constraints (a cache miss per constraint): its
    /// engine's slot
    /// moves on to a new stamp instead.
    private var slotLink: Unmanaged<EngineSlot>?
    public let multiplier: Double

    /// The constant term; changing it on an installed constraint is an
    /// in-place solver update.
    public var constant: Double {
        // A queued equation is added first, with the constant it was
        // installed with, so the solver sees what an immediate add would.
        willSet { engine?.applyQueuedAdditions() }
        didSet { if constant != oldValue { engine?.constantChanged(self) } }
    }
    /// `solverID` or `removedSolverID` (never both at once), 0 for none
    /// (the solver's ids start at 1).
    private var storedSolverID: UInt64 = 0
    /// Creation order, process-wide: pending constraints are installed in
    /// the order the app made them.
    /// 0 for the ones the engine makes, which are never pending (no atomic step for them).
    let serial: UInt64
    /// The token of the last `moveSubtree` that collected it for installing.
    var collectedMark = 0

    /// The priority. Changing it on an installed constraint removes it and
    /// adds it again at the new priority (UIKit forbids crossing to or from
    /// required on an active constraint; here it is simply allowed).
    public var priority: LayoutPriority {
        willSet { engine?.applyQueuedAdditions() }
        didSet { if priority != oldValue { engine?.priorityChanged(self) } }
    }
    /// `huggingPriority`'s value, 0 for none (priorities are 1 to 1000).
    private var storedHuggingPriority: Float = 0
    /// Its index in the engine's queue of additions when it was last queued
    /// (stale once applied; the engine checks the entry is still this one).
    var queuedAt: Int32 = -1
    /// The slot's stamp when it was installed.
    private var slotStamp: UInt32 = 0
    /// `firstSlot` and `secondSlot`.
    private var storedFirstSlot: Int32 = -1
    private var storedSecondSlot: Int32 = -1

    /// The first item. Reading it once the item is gone traps if the
    /// constraint was active then, and is undefined otherwise, as in UIKit.
    public var firstItem: LayoutItem {
        precondition(goneItems & 1 == 0, "\(Self.goneMessage) (first item)")
        return firstLink.takeUnretainedValue()
    }
    /// The second item, nil for a constant (`width == 40`); as `firstItem`.
    public var secondItem: LayoutItem? {
        precondition(goneItems & 2 == 0, "\(Self.goneMessage) (second item)")
        return secondLink?.takeUnretainedValue()
    }
    private static let goneMessage = "LayoutConstraint: its item was deallocated, and constraints do not keep "
        + "their items alive; keep the view while you use the constraint"

    /// Whether `item` is the first item, or the second: compares the links,
    /// so it reads neither item (and holds for a gone one).
    @inline(__always) func isFirstItem(_ item: LayoutItem) -> Bool {
        firstLink.toOpaque() == Unmanaged.passUnretained(item).toOpaque()
    }
    @inline(__always) func isSecondItem(_ item: LayoutItem) -> Bool {
        secondLink?.toOpaque() == Unmanaged.passUnretained(item).toOpaque()
    }

    /// Calls `body` with both items borrowed, no retain or release: the
    /// engine's paths, where the items are alive in a tree.
    @inline(__always)
    func withItems<R>(_ body: (LayoutItem, LayoutItem?) throws -> R) rethrows -> R {
        try firstLink._withUnsafeGuaranteedRef { first in
            guard let secondLink else { return try body(first, nil) }
            return try secondLink._withUnsafeGuaranteedRef { try body(first, $0) }
        }
    }

    /// Whether the constraint takes part in layout. Setting it activates or
    /// deactivates the constraint (see `activate`).
    public var isActive: Bool {
        get { active }
        set { newValue ? Self.activate([self]) : Self.deactivate([self]) }
    }

    // MARK: Engine state

    /// The engine this constraint is installed in (nil when pending or
    /// inactive, or when its window has gone: a closed engine reads as nil).
    var engine: Engine? {
        get { engineLink?.takeUnretainedValue() }
        set {
            slotLink = newValue.map { .passUnretained($0.slot) }
            slotStamp = newValue?.slot.stamp ?? 0
        }
    }
    /// The same, unretained: the per-constraint paths compare and borrow it.
    var engineLink: Unmanaged<Engine>? {
        @inline(__always) get { slotLink?._withUnsafeGuaranteedRef { $0.engine(stamp: slotStamp) } }
    }
    /// Whether it is installed in some open engine.
    var isInstalled: Bool { @inline(__always) get { engineLink != nil } }
    /// Whether it is installed in `engine`.
    @inline(__always) func isInstalled(in engine: Engine) -> Bool {
        engineLink?.toOpaque() == Unmanaged.passUnretained(engine).toOpaque()
    }
    /// The id of its equation in the engine's solver (set while installed).
    /// Only the id: the solver holds the equation, and a second copy here
    /// was a retain of its terms at every install and a release, of a cold
    /// buffer, when the constraint went.
    var solverID: UInt64? {
        get { storedIDIsRemoval || storedSolverID == 0 ? nil : storedSolverID }
        set {
            if let id = newValue {
                storedSolverID = id
                storedIDIsRemoval = false
            } else if !storedIDIsRemoval {
                storedSolverID = 0
            }
        }
    }
    /// The id its equation had when it was last uninstalled: while that
    /// removal is still pending in the solver, installing it again unchanged
    /// takes the removal back instead (`Solver.restore`). It shares
    /// `solverID`'s storage: an installed constraint has no pending removal.
    var removedSolverID: UInt64? {
        get { storedIDIsRemoval ? storedSolverID : nil }
        set {
            if let id = newValue {
                storedSolverID = id
                storedIDIsRemoval = true
            } else if storedIDIsRemoval {
                storedSolverID = 0
                storedIDIsRemoval = false
            }
        }
    }

    /// The fields most constraints never set, in a box made at the first
    /// set: the rest is then a 128-byte heap block instead of 160.
    private final class Extras {
        var identifier: String?
        var brokenTerms: [Term]?
        var anchorConstant = 0.0
    }
    private var extrasForWriting: Extras {
        if let extras { return extras }
        let made = Extras()
        extras = made
        return made
    }

    /// A name for logs, as `NSLayoutConstraint.identifier`.
    public var identifier: String? {
        get { extras?.identifier }
        set { if newValue != nil || extras != nil { extrasForWriting.identifier = newValue } }
    }
    /// A broken constraint's terms (the solver refused it and holds none),
    /// to add it again at a new priority.
    var brokenTerms: [Term]? {
        get { extras?.brokenTerms }
        set { if newValue != nil || extras != nil { extrasForWriting.brokenTerms = newValue } }
    }
    /// What the anchors contribute to the solver constant (baseline offsets).
    var anchorConstant: Double {
        get { extras?.anchorConstant ?? 0 }
        set { if newValue != 0 || extras != nil { extrasForWriting.anchorConstant = newValue } }
    }
    /// True when the engine refused it as unsatisfiable and broke it.
    public internal(set) var isBroken: Bool {
        get {
            engine?.applyQueuedAdditions()   // its equation may still be queued: settle it first
            return broken
        }
        set { broken = newValue }
    }
    /// Content size only, as UIKit's `NSContentSizeLayoutConstraint`: one
    /// equality per axis whose growing side weighs at the hugging priority
    /// and whose shrinking side at `priority` (compression resistance) — a
    /// two-sided preference in the solver. Nil for every other constraint.
    public internal(set) var huggingPriority: LayoutPriority? {
        get { storedHuggingPriority == 0 ? nil : LayoutPriority(storedHuggingPriority) }
        set { storedHuggingPriority = newValue?.rawValue ?? 0 }
    }
    /// Its index in its first and second items' `references` (-1: not there).
    var firstSlot: Int {
        get { Int(storedFirstSlot) }
        set { storedFirstSlot = Int32(truncatingIfNeeded: newValue) }
    }
    var secondSlot: Int {
        get { Int(storedSecondSlot) }
        set { storedSecondSlot = Int32(truncatingIfNeeded: newValue) }
    }

    /// The full initialiser, as `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    public convenience init(item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
                            toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute,
                            multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required) {
        self.init(first: .passUnretained(item), attribute, relation, second: toItem.map(Unmanaged.passUnretained),
                  secondAttribute, multiplier: multiplier, constant: constant, priority: priority)
    }

    /// One the engine makes (`kind`: autoresizing, content size, guide), multiplier 1.
    convenience init(kind: Kind, _ item: LayoutItem, _ attribute: LayoutAttribute, _ relation: LayoutRelation,
                     _ toItem: LayoutItem?, _ secondAttribute: LayoutAttribute, constant: Double, priority: LayoutPriority) {
        self.init(first: .passUnretained(item), attribute, relation, second: toItem.map(Unmanaged.passUnretained),
                  secondAttribute, multiplier: 1, constant: constant, priority: priority, kind: kind)
    }

    /// The designated initialiser, items given as links (anchors make
    /// constraints through it: an item passed as a reference was a
    /// retained copy).
    init(first: Unmanaged<LayoutItem>, _ attribute: LayoutAttribute, _ relation: LayoutRelation,
         second: Unmanaged<LayoutItem>?, _ secondAttribute: LayoutAttribute, multiplier: Double, constant: Double,
         priority: LayoutPriority = .required, kind: Kind = .user) {
        self.firstLink = first
        self.firstAttribute = attribute
        self.relation = relation
        self.secondLink = second
        self.secondAttribute = second == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.kind = kind
        self.serial = kind == .user ? constraintSerials.add(1, ordering: .relaxed).oldValue : 0
    }

    /// The solver's form of this constraint for `expression` (first − second).
    func solverConstraint(_ expression: consuming Expression) -> Constraint {
        if let hug = huggingPriority { return Constraint(expression, above: hug, below: priority) }
        return Constraint(expression, relation.solverRelation, priority: priority)
    }

    /// The same equation queued flat into `batch` over the terms appended
    /// since its last equation, under the fresh id `id`.
    func queueEquation(constant: Double, in batch: inout EquationBatch, id: UInt64) {
        if let hug = huggingPriority {
            batch.endEquation(constant: constant, relation: .equal, priority: priority, abovePriority: hug, id: id)
        } else {
            batch.endEquation(constant: constant, relation: relation.solverRelation, priority: priority, id: id)
        }
    }

    /// Sets both priorities of a two-sided content-size constraint; an
    /// installed one is replaced in the solver once, not once per priority.
    func setContentPriorities(compressionResistance resist: LayoutPriority, hugging hug: LayoutPriority) {
        guard resist != priority || hug != huggingPriority else { return }
        huggingPriority = hug
        if resist != priority { priority = resist } else { engine?.priorityChanged(self) }
    }

    /// Returns self after setting the priority, for chaining: `a.constraint(equalTo: b).withPriority(750)`.
    @discardableResult
    public func withPriority(_ priority: LayoutPriority) -> LayoutConstraint {
        self.priority = priority
        return self
    }

    /// Returns self after setting the identifier, for chaining.
    @discardableResult
    public func withIdentifier(_ identifier: String) -> LayoutConstraint {
        self.identifier = identifier
        return self
    }

    // MARK: Activation

    /// Activates constraints as one batch, as `NSLayoutConstraint.activate`:
    /// each is installed in its window's engine (the solver minimises once,
    /// when values are next read). Views must share a common ancestor.
    public static func activate(_ constraints: [LayoutConstraint]) {
        // Each constraint borrowed from the array (the caller's array keeps
        // it alive): `for c in constraints` retained and released every one.
        for i in constraints.indices {
            Unmanaged.passUnretained(constraints[i])._withUnsafeGuaranteedRef { c in
                guard !c.active else { return }
                precondition(c.goneItems == 0, goneMessage)
                c.active = true
                c.withItems { first, second in
                    first.addReference(c, asFirst: true)
                    second?.addReference(c, asFirst: false)
                    first.installationEngine(with: second)?._withUnsafeGuaranteedRef {
                        $0.install(c)
                    }
                }
            }
        }
    }

    /// Deactivates constraints as one batch, as `NSLayoutConstraint.deactivate`.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for c in constraints where c.active {
            c.active = false
            c.engine?.uninstall(c)
            // Only from the items still there: a gone item's references went with it.
            if c.goneItems & 1 == 0 { c.firstLink._withUnsafeGuaranteedRef { $0.removeReference(c, asFirst: true) } }
            if c.goneItems & 2 == 0 { c.secondLink?._withUnsafeGuaranteedRef { $0.removeReference(c, asFirst: false) } }
            c.isBroken = false
        }
    }

    // MARK: Description

    /// UIKit-style: `<LayoutConstraint 'id' Label(title).width == 50 @750>`.
    public var description: String {
        var s = "<"
        switch kind {
        case .user: s += "LayoutConstraint"
        case .autoresizing: s += "AutoresizingMaskLayoutConstraint"
        case .contentSize: s += "ContentSizeLayoutConstraint"
        case .guide: s += "LayoutGuideConstraint"
        }
        if let identifier { s += " '\(identifier)'" }
        s += " \(firstItem.debugName).\(firstAttribute.rawValue) \(relation.rawValue) "
        var rhs = ""
        if let secondItem {
            rhs = (multiplier == 1 ? "" : "\(formatNumber(multiplier))*") + "\(secondItem.debugName).\(secondAttribute.rawValue)"
        }
        if rhs.isEmpty {
            rhs = formatNumber(constant)
        } else if constant != 0 {
            rhs += constant < 0 ? " - \(formatNumber(-constant))" : " + \(formatNumber(constant))"
        }
        s += rhs
        if let hug = huggingPriority {
            s += " Hug:\(hug) CompressionResistance:\(priority)"
        } else if !priority.isRequired {
            s += " @\(priority)"
        }
        return s + ">"
    }

    /// The fields that make two constraints "equal" for churn counting.
    var signature: ConstraintSignature {
        ConstraintSignature(first: firstLink._withUnsafeGuaranteedRef(ObjectIdentifier.init), firstAttribute: firstAttribute,
                            relation: relation, second: secondLink?._withUnsafeGuaranteedRef(ObjectIdentifier.init),
                            secondAttribute: secondAttribute, multiplier: multiplier,
                            constant: constant, priority: priority.rawValue)
    }
}

/// Everything but identity: a constraint removed and one with the same
/// signature added in the same pass is churn.
struct ConstraintSignature: Hashable {
    let first: ObjectIdentifier
    let firstAttribute: LayoutAttribute
    let relation: LayoutRelation
    let second: ObjectIdentifier?
    let secondAttribute: LayoutAttribute
    let multiplier: Double
    let constant: Double
    let priority: Float

    /// One word mixed from the fields, hashed once. The synthesised hash would
    /// feed every field to the hasher, the attributes as their `String` raw
    /// values, a large part of a toggled constraint's cost. Equal signatures
    /// still hash alike (the attributes and relation are left out; a
    /// collision costs one `==`).
    func hash(into hasher: inout Hasher) {
        var h = UInt64(UInt(bitPattern: first)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(second.map { UInt(bitPattern: $0) } ?? 0) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= (constant == 0 ? 0 : constant.bitPattern) &* 0x1656_67B1_9E37_79F9
        h ^= (multiplier == 0 ? 0 : multiplier.bitPattern) &+ UInt64(priority.bitPattern)
        hasher.combine(h)
    }
}

func formatNumber(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
}
