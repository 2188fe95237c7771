//! The Fire Combat Results table in use, and the modifiers a fire reads with
//! it (compiled in `charts.rs`, where the options it depends on are read).

/// The Fire Combat Results table in use: its columns, and per row (infantry,
/// artillery, cavalry) the result in each column as an index into `labels`.
#[derive(Clone, Debug)]
pub struct Fcr {
    pub columns: Vec<i32>,
    /// Result names, no effect first, then by hits and add-on.
    pub labels: Vec<String>,
    pub hits: Vec<u32>,
    pub add: Vec<i32>,
    pub rows: [Vec<usize>; 3],
    /// Why the results are provisional (`None` for the user's published table).
    pub provisional: Option<String>,
}

/// The rows of the results table.
pub const FCR_ROWS: [&str; 3] = ["infantry", "artillery", "cavalry"];

/// The label of the no-effect result.
pub const NO_EFFECT: &str = "no-effect";

/// The best two of the good (negative) modifiers plus the worst two of the bad
/// (positive) ones.
pub fn best_and_worst_two(good: &[i32], bad: &[i32]) -> i32 {
    let mut good: Vec<i32> = good.iter().copied().filter(|g| *g < 0).collect();
    good.sort();
    let mut bad: Vec<i32> = bad.iter().copied().filter(|b| *b > 0).collect();
    bad.sort_by(|a, b| b.cmp(a));
    good.iter().take(2).sum::<i32>() + bad.iter().take(2).sum::<i32>()
}
