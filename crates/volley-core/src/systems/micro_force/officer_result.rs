//! What Chart 8 does to a firing-upon regiment's officer, as the answers
//! name it: the values of `officer`.

crate::categories! {
    /// Officer outcomes: no hit, then the six Chart 8 rows in order.
    pub enum Officer {
        NoHit = "no-hit",
        MinorWound = "minor-wound",
        LightWound = "light-wound",
        SeriousWound = "serious-wound",
        Death = "death",
        DeathHardTest = "death-brigade-tests-at-plus1",
        HeroicDeath = "heroic-death",
    }
}
