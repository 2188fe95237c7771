//! The shape every system has: one charts type compiled from its card, what
//! it says about itself (a const [`SystemAbout`]), and how it prints each
//! chart. Each system's struct implements [`ChartSystem`] (the registry of
//! systems holds those impls); the blanket impl below makes it a [`System`],
//! so compiling, checking and describing the charts are written once for
//! all of them.

use super::{CompiledCharts, System, SystemAbout, charts_of, compile_charts};
use crate::error::InputError;
use crate::rules::RuleBook;

/// A rule system over one compiled charts type.
pub trait ChartSystem: Sync {
    /// The charts its card compiles into.
    type Charts: CompiledCharts + Send + Sync + 'static;

    /// Its name, title, card, actions and charts.
    const ABOUT: &'static SystemAbout;

    /// Prints chart `name` (any of `ABOUT.charts` but `options`) as volley
    /// reads it, with its provenance, into `out`.
    const DESCRIBE_CHART: DescribeChart<Self::Charts>;
}

/// How a system prints one of its charts: `(charts, chart name, out)`.
pub type DescribeChart<C> = fn(&C, &str, &mut String);

impl<S: ChartSystem> System for S {
    fn about(&self) -> &SystemAbout {
        S::ABOUT
    }

    fn check_rules(&self, rules: &RuleBook) -> Result<(), String> {
        compile_charts::<S::Charts>(rules).map(|_| ())
    }

    fn describe_chart(
        &self,
        rules: &RuleBook,
        chart: &str,
        out: &mut String,
    ) -> Result<(), InputError> {
        (S::DESCRIBE_CHART)(&*charts_of::<S::Charts>(rules)?, chart, out);
        Ok(())
    }
}
