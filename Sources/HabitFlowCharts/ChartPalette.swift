/// The colours of every chart, in one place: each names what a day or a week means, so a
/// test (and a reader) can find the data in the picture.
public enum ChartPalette {
    /// The picture's background.
    public static let background = "#ffffff"
    /// Axis and legend text.
    public static let label = "#57606a"
    /// The title.
    public static let title = "#1f2328"
    /// Grid lines.
    public static let grid = "#d8dee4"
    /// A day done (complete), a goal week met, the strength line.
    public static let done = "#2da44e"
    /// A day with some value short of its target.
    public static let partly = "#9be9a8"
    /// A required day that passed without completion.
    public static let missed = "#d0d7de"
    /// A day with nothing required (target 0, a weekly habit's unlogged day).
    public static let rest = "#f0f3f6"
    /// Today and later days, still open.
    public static let open = "#ffffff"
    /// A goal week that has passed short of its target.
    public static let short = "#d4a72c"
    /// The goal's target line.
    public static let target = "#cf222e"
}
