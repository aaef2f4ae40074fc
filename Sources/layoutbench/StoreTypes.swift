import ResultStore

// The store's type names, reachable where the analysis' namesakes are also
// imported (the module `ResultStore` shares its name with an actor, so
// `ResultStore.ExpectationVerdict` cannot qualify them).
typealias StoredVerdict = ExpectationVerdict
