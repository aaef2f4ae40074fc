// The collection view's public vocabulary: layouts, index paths, batch
// updates, views and counters come with `import CollectionViews`, so a
// benchmark driver needs one import (as LayoutEngine re-exports Geometry).
@_exported import CollectionLayout
@_exported import LayoutEngine
