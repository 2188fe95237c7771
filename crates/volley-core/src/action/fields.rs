//! Typed action fields. An action declares its fields once, with
//! [`action_fields!`]: each field's name is the struct member's name, written in
//! one place, so the list `--help` shows and the values the model reads cannot
//! drift apart, and a misspelt name is a compile error. Fields that come in
//! families (a unit's fields under a role prefix, one side of an engagement) are a
//! [`FieldGroup`], declared and read by one type.

use super::field_spec::FieldSpec;
use super::scenario::Scenario;
use crate::error::InputError;

/// A Rust type a field reads into.
pub trait FieldType: Sized {
    fn read(scenario: &Scenario, name: &str) -> Self;
}

/// `FieldType` for the types the scenario reads directly, each by its reader.
macro_rules! read_by {
    ($($ty:ty => $reader:ident),+ $(,)?) => {
        $(impl FieldType for $ty {
            fn read(s: &Scenario, name: &str) -> Self {
                s.$reader(name)
            }
        })+
    };
}

read_by!(i64 => int, i32 => int32, f64 => number, bool => flag, Option<i64> => limit);

impl FieldType for u32 {
    /// Fields read as `u32` declare a lower bound of 0 or more.
    fn read(s: &Scenario, name: &str) -> Self {
        u32::try_from(s.int(name)).unwrap_or(0)
    }
}

impl FieldType for u8 {
    /// Fields read as `u8` declare bounds within 0..=255.
    fn read(s: &Scenario, name: &str) -> Self {
        u8::try_from(s.int(name)).unwrap_or(0)
    }
}

impl FieldType for String {
    fn read(s: &Scenario, name: &str) -> Self {
        s.text(name).to_string()
    }
}

impl FieldType for Vec<String> {
    fn read(s: &Scenario, name: &str) -> Self {
        s.list(name).to_vec()
    }
}

/// Fields declared and read together.
pub trait FieldGroup {
    /// What the fields read into.
    type Value;

    /// The fields, for `--help` and validation.
    fn specs(&self) -> Vec<FieldSpec>;

    /// Read (and check) the group's values.
    fn read(&self, scenario: &Scenario) -> Result<Self::Value, InputError>;
}

/// Declare an action's fields as a struct:
///
/// ```ignore
/// action_fields! {
///     /// Fields of `micro-squad fire`.
///     pub struct FireFields(charts: &Charts) {
///         firepower: i64 = fields::strength(6, "firer's firepower"),
///         range: i64 = FieldSpec::int(1, 400, 5, "range in inches"),
///     }
///     groups {
///         firer: MarkerGroup = MarkerGroup { prefix: "firer", this_turn: false },
///     }
/// }
/// ```
///
/// Groups written before the fields (`struct Name(charts: &Charts) groups
/// { ... } { ... }`) list their fields first: an engagement's two sides,
/// then what the sides share.
///
/// Each field's constructor gets the member's name as its first argument. The
/// struct has `specs(params)` (the field list) and `read(params, scenario)`.
///
/// A struct declared with one `charts: &Charts` parameter also implements
/// [`crate::action::ActionFields`], which [`crate::action::ChartAction`] reads.
#[macro_export]
macro_rules! action_fields {
    // An action's own fields, read with its charts: the struct and its
    // `ActionFields`. The body is matched once, by the `@plain` rule.
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident ($param:ident : & $cty:ty) $($body:tt)*
    ) => {
        $crate::action_fields! {
            @plain $(#[$meta])* $vis struct $name ($param: & $cty) $($body)*
        }

        impl $crate::action::ActionFields for $name {
            type Charts = $cty;

            fn field_specs(charts: &$cty) -> Vec<$crate::action::FieldSpec> {
                $name::specs(charts)
            }

            fn read_fields(
                charts: &$cty,
                scenario: &$crate::action::Scenario,
            ) -> Result<Self, $crate::error::InputError> {
                $name::read(charts, scenario)
            }
        }
    };
    // Fields read with other parameters: the struct alone.
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident ($($param:ident : $pty:ty),* $(,)?) $($body:tt)*
    ) => {
        $crate::action_fields! {
            @plain $(#[$meta])* $vis struct $name ($($param: $pty),*) $($body)*
        }
    };
    (
        @plain
        $(#[$meta:meta])*
        $vis:vis struct $name:ident ($($param:ident : $pty:ty),* $(,)?)
        $( groups { $( $(#[$lmeta:meta])* $lfield:ident : $lty:ty = $lexpr:expr ),* $(,)? } )?
        {
            $( $(#[$fmeta:meta])* $field:ident : $fty:ty = $($seg:ident)::+ ( $($arg:expr),* $(,)? ) ),* $(,)?
        }
        $( groups { $( $(#[$gmeta:meta])* $gfield:ident : $gty:ty = $gexpr:expr ),* $(,)? } )?
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug)]
        $vis struct $name {
            $($( $(#[$lmeta])* pub $lfield: <$lty as $crate::action::FieldGroup>::Value, )*)?
            $( $(#[$fmeta])* pub $field: $fty, )*
            $($( $(#[$gmeta])* pub $gfield: <$gty as $crate::action::FieldGroup>::Value, )*)?
        }

        #[allow(dead_code, unused_variables, unused_mut)]
        impl $name {
            /// The fields, in order.
            pub fn specs($($param: $pty),*) -> Vec<$crate::action::FieldSpec> {
                let mut specs = Vec::new();
                $($( specs.extend($crate::action::FieldGroup::specs(&$lexpr)); )*)?
                specs.extend([ $( $($seg)::+ (stringify!($field), $($arg),*) ),* ]);
                $($( specs.extend($crate::action::FieldGroup::specs(&$gexpr)); )*)?
                specs
            }

            /// The values of a resolved scenario.
            pub fn read(
                $($param: $pty,)*
                scenario: &$crate::action::Scenario,
            ) -> Result<Self, $crate::error::InputError> {
                Ok($name {
                    $($( $lfield: $crate::action::FieldGroup::read(&$lexpr, scenario)?, )*)?
                    $( $field: <$fty as $crate::action::FieldType>::read(scenario, stringify!($field)), )*
                    $($( $gfield: $crate::action::FieldGroup::read(&$gexpr, scenario)?, )*)?
                })
            }
        }
    };
}

/// The field name `{prefix}_{name}` as a `&'static str`, for field groups under a
/// role prefix. Each name is allocated once and kept (the set is small and fixed:
/// the groups' prefixes times their fields).
pub fn prefixed(prefix: &str, name: &str) -> &'static str {
    interned(format!("{prefix}_{name}"))
}

/// `text` as a `&'static str`, allocated once and kept: for the names and
/// help texts a field is given when it is built (a group's, from its role;
/// a help worded for the action): the set is small and fixed, the fields
/// of every action.
pub(crate) fn interned(text: String) -> &'static str {
    use std::collections::BTreeSet;
    use std::sync::{Mutex, OnceLock};
    static TEXTS: OnceLock<Mutex<BTreeSet<&'static str>>> = OnceLock::new();
    let mut texts = TEXTS
        .get_or_init(|| Mutex::new(BTreeSet::new()))
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(known) = texts.get(text.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(text.into_boxed_str());
    texts.insert(leaked);
    leaked
}
