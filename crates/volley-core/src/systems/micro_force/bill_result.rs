//! A cell of Chart 6 (the Butcher's Bill) as volley reads it: the steps lost
//! and the morale result it orders.

/// A Chart 6 cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BillResult {
    NoEffect,
    Shaken,
    /// Steps lost by infantry or cavalry, half stands lost by artillery.
    Loss {
        steps: u32,
        half_stands: u32,
    },
}

impl BillResult {
    pub fn parse(cell: &str) -> Option<Self> {
        Some(match cell {
            "-" => BillResult::NoEffect,
            "S" => BillResult::Shaken,
            _ => match cell.split_once('/') {
                Some((steps, stands)) => {
                    let stands: f64 = stands.parse().ok()?;
                    if stands < 0.0 || (stands * 2.0).fract() != 0.0 {
                        return None;
                    }
                    BillResult::Loss {
                        steps: steps.parse().ok()?,
                        half_stands: (stands * 2.0) as u32,
                    }
                }
                None => BillResult::Loss {
                    steps: cell.parse().ok()?,
                    half_stands: 0,
                },
            },
        })
    }

    pub fn label(self) -> String {
        match self {
            BillResult::NoEffect => "-".to_string(),
            BillResult::Shaken => "S".to_string(),
            BillResult::Loss {
                steps,
                half_stands: 0,
            } => steps.to_string(),
            BillResult::Loss { steps, half_stands } => {
                let stands = f64::from(half_stands) / 2.0;
                let text = if stands.fract() == 0.0 {
                    format!("{stands:.0}")
                } else {
                    format!("{stands}").trim_start_matches('0').to_string()
                };
                format!("{steps}/{text}")
            }
        }
    }
}
