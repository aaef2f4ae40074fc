/// A node of an ``ArrayTreap``: its heap priority and its children, as
/// indices into the treap's node array (-1 for none).
protocol ArrayTreapNode {
    var priority: UInt64 { get }
    var left: Int32 { get set }
    var right: Int32 { get set }
}

/// An implicit-key treap whose nodes live in one array and link by `Int32`
/// index (-1 for none): ``SectionOffsets`` and ``LinePool``. Conformers keep
/// their own aggregates (in `update`) and their own node making (priorities,
/// free list); the shared part is the linear-time build.
///
/// The requirements are internal only because a conformance needs them to be;
/// they are the conformers' own treap plumbing, not API for other callers.
protocol ArrayTreap {
    associatedtype Node: ArrayTreapNode
    /// What one node is made from.
    associatedtype Element
    var nodes: [Node] { get set }
    /// A new node for `element`, with a fresh priority and no children.
    mutating func make(_ element: Element) -> Int32
    /// Recomputes node `t`'s subtree aggregates from its children's.
    mutating func update(_ t: Int32)
}

extension ArrayTreap {
    /// Builds a tree of `elements` in order, one node each, and returns its
    /// root (-1 when `elements` is empty). Every node made is updated once,
    /// after its children. - Complexity: O(n) (a Cartesian-tree build).
    mutating func buildTree(_ elements: [Element]) -> Int32 {
        // The stack is the right spine; each node's right child is the one
        // above it, so a node is complete (and updated) when it is popped.
        var stack: [Int32] = []
        for element in elements {
            let t = make(element)
            var last: Int32 = -1
            while let top = stack.last, nodes[Int(top)].priority < nodes[Int(t)].priority {
                update(top)
                last = stack.removeLast()
            }
            nodes[Int(t)].left = last
            if let top = stack.last { nodes[Int(top)].right = t }
            stack.append(t)
        }
        for t in stack.reversed() { update(t) }
        return stack.first ?? -1
    }
}
