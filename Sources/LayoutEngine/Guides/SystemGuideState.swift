/// Per-view safe-area and margin settings and the system guides made for them.
struct SystemGuideState {
    var safeAreaGuide: LayoutGuide?
    var marginsGuide: LayoutGuide?
    var readableGuide: LayoutGuide?
    /// The view's own margins; `directional` wins when set.
    var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var directionalMargins: DirectionalEdgeInsets?
    var insetsLayoutMarginsFromSafeArea = true
    var preservesSuperviewLayoutMargins = false
    var additionalSafeAreaInsets = EdgeInsets.zero
    /// What the guides' constants were last set from.
    var appliedSafeArea = EdgeInsets.zero
    var appliedMargins = EdgeInsets.zero
    var appliedReadableWidth = 0.0
    /// Views in this subtree (self included) whose guides follow the safe area.
    var dependentsInSubtree = 0
}
