//! What each system's sheet holds: its charts, each as questions to the
//! system's own actions, over the values a player meets at the table.

/// A table's columns: outcomes of one question a row, or one field's values
/// with one outcome (a set of values, summed) shown in every cell.
pub enum Columns {
    /// Each column a set of one variable's values, summed ("D or worse").
    Outcomes { groups: &'static [Group] },
    /// Each column a value of `field`; every cell P(variable in shown).
    Field {
        field: &'static str,
        values: &'static [&'static str],
        variable: &'static str,
        shown: &'static [&'static str],
    },
}

/// A column of outcomes: its heading, the variable, the values summed.
pub type Group = (&'static str, &'static str, &'static [&'static str]);

/// One table of a sheet.
pub struct SectionSpec {
    pub title: &'static str,
    pub note: &'static str,
    pub action: &'static str,
    /// Fields held fixed.
    pub fixed: &'static [(&'static str, &'static str)],
    /// The row field and its values.
    pub rows: (&'static str, &'static [&'static str]),
    /// The rows' heading, when the field's name says too little.
    pub row_label: Option<&'static str>,
    pub columns: Columns,
}

const DIFFERENTIALS: &[&str] = &[
    "-3", "-2", "-1", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
];
const DIE_MODS: &[&str] = &["-4", "-3", "-2", "-1", "0", "1", "2", "3", "4"];
const CRT_RESULTS: &[Group] = &[
    ("no effect", "result", &["-"]),
    ("S", "result", &["S"]),
    ("(S)", "result", &["(S)"]),
    ("D", "result", &["D"]),
    ("E", "result", &["E"]),
    ("D or E", "result", &["D", "E"]),
    ("any effect", "result", &["S", "(S)", "D", "E"]),
];
const MA_RESULTS: &[Group] = &[
    ("no fire", "result", &["no-fire"]),
    ("no effect", "result", &["none"]),
    ("S", "result", &["S"]),
    ("D", "result", &["D"]),
    ("E", "result", &["E"]),
    ("D or E", "result", &["D", "E"]),
];
const STANDS: &[&str] = &["1", "2", "3", "4", "5", "6"];
const MMPS: &[&str] = &[
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12",
];
const LEVEL_AFTER: &[Group] = &[
    ("passes", "passed", &["yes"]),
    ("Good Order", "level_after", &["good-order"]),
    ("Disorder", "level_after", &["disorder"]),
    ("Shaken", "level_after", &["shaken"]),
    ("Routed", "level_after", &["routed"]),
];

/// The sheet's tables for `system` (a name `crate::systems::find` knows).
pub fn for_system(system: &str) -> Vec<SectionSpec> {
    match system {
        "micro-squad" => micro_squad(),
        "micro-armour" => micro_armour(),
        "micro-force" => micro_force(),
        "deadly-field" => deadly_field(),
        "hex-acw" => hex_acw(),
        "stand-and-die" => stand_and_die(),
        _ => Vec::new(),
    }
}

/// A GHQ card's attack as two tables by differential: each result (`results`)
/// with no modifier, and D or E by the total of the roll's modifiers; each
/// table's title and note in `words`.
fn by_differential(
    action: &'static str,
    results: &'static [Group],
    words: [(&'static str, &'static str); 2],
) -> Vec<SectionSpec> {
    let [(each_title, each_note), (die_title, die_note)] = words;
    let section = |title, note, columns| SectionSpec {
        title,
        note,
        action,
        fixed: &[],
        rows: ("differential", DIFFERENTIALS),
        row_label: Some("differential"),
        columns,
    };
    vec![
        section(each_title, each_note, Columns::Outcomes { groups: results }),
        section(
            die_title,
            die_note,
            Columns::Field {
                field: "die_mod",
                values: DIE_MODS,
                variable: "result",
                shown: &["D", "E"],
            },
        ),
    ]
}

fn micro_squad() -> Vec<SectionSpec> {
    by_differential(
        "crt",
        CRT_RESULTS,
        [
            (
                "Combat Results Table: each result by differential",
                "2D6 plus the attack's modifiers on the differential's column (firepower minus defense), no modifier: the chance of each result.",
            ),
            (
                "Combat Results Table: D or E by differential and die modifier",
                "The chance the target is Disorganized or Eliminated, by the total of the roll's modifiers (terrain, range and the rest).",
            ),
        ],
    )
}

fn micro_armour() -> Vec<SectionSpec> {
    by_differential(
        "fire",
        MA_RESULTS,
        [
            (
                "Standard fire: each result by differential",
                "A firing stand's cohesion roll, then the CRT on the differential's column, no other modifier (the card's defaults otherwise): the chance of each result.",
            ),
            (
                "Standard fire: D or E by differential and die modifier",
                "The chance the target is Disorganized or Eliminated, by the total of the roll's modifiers.",
            ),
        ],
    )
}

fn micro_force() -> Vec<SectionSpec> {
    vec![
        SectionSpec {
            title: "Chart 6: steps lost by firing stands (1 AV a stand)",
            note: "One volley at a line in the open, 1 AV a stand: steps lost, and the chance the target routs after its S test.",
            action: "fire",
            fixed: &[("av_per_stand", "1")],
            rows: ("firer_stands", &["1", "2", "3", "4", "5", "6", "7", "8"]),
            row_label: Some("firing stands"),
            columns: Columns::Outcomes {
                groups: &[
                    ("0 steps", "steps_lost", &["0"]),
                    ("1 step", "steps_lost", &["1"]),
                    ("2 steps", "steps_lost", &["2"]),
                    ("3 or more", "steps_lost", &["3", "4", "5", "6", "7", "8"]),
                    ("target routs", "morale_after", &["routed", "eliminated"]),
                ],
            },
        },
        SectionSpec {
            title: "Chart 10: the attacker wins the melee, by stands",
            note: "Melee dice by stand ratio, highest die plus modifiers, no modifier: the chance the attacker wins the round (a tie melees again).",
            action: "melee",
            fixed: &[],
            rows: ("attacker_stands", STANDS),
            row_label: Some("attacker stands"),
            columns: Columns::Field {
                field: "defender_stands",
                values: STANDS,
                variable: "winner",
                shown: &["attacker"],
            },
        },
        SectionSpec {
            title: "Chart 10: a tie, by stands",
            note: "The chance the round is a tie (both lose 2 steps and melee again).",
            action: "melee",
            fixed: &[],
            rows: ("attacker_stands", STANDS),
            row_label: Some("attacker stands"),
            columns: Columns::Field {
                field: "defender_stands",
                values: STANDS,
                variable: "winner",
                shown: &["tie"],
            },
        },
        SectionSpec {
            title: "Charge: it works, by the charger's competence and distance",
            note: "The default charge (4 stands in attack column at 4 stands in line, open ground, the defender firing): the chance it works (the defender skedaddles, or the charger wins the melee), the charge bonus roll, opportunity fire, both cohesion checks and the melee included.",
            action: "charge",
            fixed: &[],
            rows: ("attacker_competence", &["0", "1", "2", "3"]),
            row_label: Some("charger's competence"),
            columns: Columns::Field {
                field: "distance",
                values: &["2", "4", "6", "8", "10"],
                variable: "works",
                shown: &["yes"],
            },
        },
    ]
}

fn deadly_field() -> Vec<SectionSpec> {
    vec![
        SectionSpec {
            title: "Morale check from Good Order, by MMP",
            note: "2D6 at or above the final Morale Point passes (a natural 12 always passes; a natural 2 routs and a 3 shakes a non-Elite unit); the level after the check.",
            action: "morale-check",
            fixed: &[("level", "good-order")],
            rows: ("mmp", MMPS),
            row_label: Some("MMP"),
            columns: Columns::Outcomes {
                groups: LEVEL_AFTER,
            },
        },
        SectionSpec {
            title: "Morale check of a Shaken unit, by MMP",
            note: "The same check for a unit already Shaken: passing by 1-4 improves one level, by 5 or more two; failing by 1-4 drops one, by 5 or more two.",
            action: "morale-check",
            fixed: &[("level", "shaken")],
            rows: ("mmp", MMPS),
            row_label: Some("MMP"),
            columns: Columns::Outcomes {
                groups: LEVEL_AFTER,
            },
        },
        SectionSpec {
            title: "Rally of a Routed unit, by MMP",
            note: "A rally attempt: the chance it passes (2D6 at or above the MMP), and that it rallies (the unit is no longer Routed: 2D6 above the MMP, or a natural 12; a roll equal to the MMP passes but holds the level).",
            action: "rally",
            fixed: &[],
            rows: ("mmp", MMPS),
            row_label: Some("MMP"),
            columns: Columns::Outcomes {
                groups: &[
                    ("passes", "passed", &["yes"]),
                    ("rallies", "rallied", &["yes"]),
                ],
            },
        },
        SectionSpec {
            title: "Fire: a hit, by the target's cover and the range band",
            note: "The default regiments, 6 figures firing: the chance of a hit.",
            action: "fire",
            fixed: &[],
            rows: ("target_cover", &crate::systems::deadly_field::COVERS),
            row_label: Some("cover"),
            columns: Columns::Field {
                field: "band",
                values: &["long", "normal", "short", "point-blank"],
                variable: "hit",
                shown: &["yes"],
            },
        },
        SectionSpec {
            title: "Charge: it carries, by the charger's quality and distance",
            note: "A charge over open ground at the default defender (a trained regiment in the open): the chance it carries the position (the defender driven off or surrendering), reaction fire, checks, impact and melee included.",
            action: "charge",
            fixed: &[],
            rows: (
                "attacker_quality",
                &["elite", "veteran", "trained", "green"],
            ),
            row_label: Some("quality"),
            columns: Columns::Field {
                field: "distance",
                values: &["1", "2", "3", "4", "6", "8"],
                variable: "carries",
                shown: &["yes"],
            },
        },
        SectionSpec {
            title: "Impact: who wins, by the impact MMPs",
            note: "FIV = 2D6 + figures - impact MMP, 12 figures a side, the defender's impact MMP 6.",
            action: "impact",
            fixed: &[("defender_mmp", "6")],
            rows: ("attacker_mmp", &["2", "4", "5", "6", "7", "8", "10", "12"]),
            row_label: Some("attacker's MMP"),
            columns: Columns::Outcomes {
                groups: &[
                    ("attacker wins", "attacker_wins", &["yes"]),
                    ("melee", "impact", &["melee"]),
                    ("stops short", "impact", &["stop-short"]),
                ],
            },
        },
    ]
}

fn hex_acw() -> Vec<SectionSpec> {
    const INFANTRY: &[&str] = &["5", "10", "11", "20", "30", "31", "40", "50", "51", "75"];
    // Every number the Casualties table gives, and no other.
    const CASUALTIES: &[Group] = &[
        ("0", "casualties", &["0"]),
        ("1", "casualties", &["1"]),
        ("2", "casualties", &["2"]),
        ("3", "casualties", &["3"]),
        ("5", "casualties", &["5"]),
        ("7", "casualties", &["7"]),
        ("8", "casualties", &["8"]),
        ("11", "casualties", &["11"]),
        ("14", "casualties", &["14"]),
        ("21", "casualties", &["21"]),
    ];
    vec![
        SectionSpec {
            title: "Casualties table: hits by infantry firing",
            note: "Infantry figures firing from one hex at 1-2 hexes (firepower 2 a figure; the table's bands are 1-20, 21-60, 61-100, 101+), no cover: the casualties the target takes on 1D6. The columns are every number the Casualties table gives (4, 6, 9 and the like never occur).",
            action: "fire",
            fixed: &[],
            rows: ("infantry", INFANTRY),
            row_label: Some("infantry firing"),
            columns: Columns::Outcomes { groups: CASUALTIES },
        },
        SectionSpec {
            title: "Casualties table: hits by guns firing",
            note: "Guns firing, at any range up to 5 hexes (the card gives a gun firepower 20 at every range, so the range changes nothing), no cover: the casualties the target takes on 1D6.",
            action: "fire",
            fixed: &[("infantry", "0")],
            rows: ("guns", &["1", "2", "3", "4", "5", "6"]),
            row_label: Some("guns firing"),
            columns: Columns::Outcomes { groups: CASUALTIES },
        },
    ]
}

fn stand_and_die() -> Vec<SectionSpec> {
    const FIGURES: &[&str] = &["1", "2", "3", "4", "5", "6", "8", "10", "12", "15", "20"];
    const CASUALTIES: &[Group] = &[
        ("0", "casualties", &["0"]),
        ("1", "casualties", &["1"]),
        ("2", "casualties", &["2"]),
        ("3", "casualties", &["3"]),
        (
            "4 or more",
            "casualties",
            &["4", "5", "6", "7", "8", "9", "10"],
        ),
    ];
    vec![
        SectionSpec {
            title: "Attack: casualties by infantry attacking a standing hex",
            note: "One hex attacks an adjacent enemy hex standing in the open: the chance per firer is summed and its fraction decided on a d10; the casualties the defender takes.",
            action: "attack",
            fixed: &[],
            rows: ("infantry", FIGURES),
            row_label: Some("infantry attacking"),
            columns: Columns::Outcomes { groups: CASUALTIES },
        },
        SectionSpec {
            title: "Attack on a hex in cover: at least one casualty, by posture",
            note: "The same attack against a hex in cover that stands, or falls back under pressure: the chance of at least one casualty.",
            action: "attack",
            fixed: &[("cover", "true")],
            rows: ("infantry", FIGURES),
            row_label: Some("infantry attacking (target in cover)"),
            columns: Columns::Field {
                field: "posture",
                values: &["standing", "fallback"],
                variable: "casualties",
                shown: &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
            },
        },
    ]
}
