//! The command line: clap definitions and one file per subcommand. `main` parses,
//! runs, prints one clear message on bad input and maps it to a non-zero exit.

mod compare;
mod completions;
mod effects;
mod gallery;
mod guide;
mod merge;
mod odds;
mod plan;
mod progress;
mod rules;
mod run;
mod sensitivity;
mod serve;
mod sheet;
mod site;
mod solve;
mod systems;
mod table;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

pub use crate::request::{MethodArgs, explain, given_twice, key_values};

/// volley: exact and Monte Carlo odds for wargame combat tables.
#[derive(Debug, Parser)]
#[command(name = "volley", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the rule systems and their actions.
    Systems,
    /// Print a system's charts as volley reads them, with provenance marks.
    Rules(rules::RulesArgs),
    /// Answer one question: the outcome distribution of one action.
    Odds(odds::OddsArgs),
    /// A probability table of one action over one or two swept fields.
    Table(table::TableArgs),
    /// Run experiment files (default: every experiment in experiments/).
    Run(run::RunArgs),
    /// Add up the saved tallies of a sharded run (`odds --shard K/N --save-tally`).
    Merge(merge::MergeArgs),
    /// Compare a question with its variants (house rules, field values) on the
    /// same trials: every difference with its paired interval and test.
    Compare(compare::CompareArgs),
    /// What each field is worth: the headline's change for every one-step move
    /// of a field, largest first (a tornado chart with --plot).
    Effects(effects::EffectsArgs),
    /// The value of a field that meets a target: "how many stands for even
    /// odds?" (every value tried, exact where it fits).
    Solve(solve::SolveArgs),
    /// Best play: when to charge and when to fire again, solved exactly over
    /// an engagement's choices (the value of playing well, the policy).
    Plan(plan::PlanArgs),
    /// Which unsure readings of a card matter: every rules option switched to
    /// each alternative, the headline's change (--out: every action).
    Sensitivity(sensitivity::SensitivityArgs),
    /// Every house rule of a folder compared with the card at the question
    /// it names: the report `house-rule-gallery`.
    Gallery(gallery::GalleryArgs),
    /// Write the generated pages of the guide (how each card is read, the
    /// patchable charts and their bounds) into docs/.
    Guide(guide::GuideArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// The calculator in a browser: a local web page that asks any action of any
    /// system, and its JSON API.
    Serve(serve::ServeArgs),
    /// A system's printable quick-reference: its charts' odds, exact, beside
    /// the modifiers that feed them (HTML, one or two pages)
    Sheet(sheet::SheetArgs),
    /// The calculator as a folder of static files any web host serves: the
    /// page, with volley's core compiled to WebAssembly, offline after the
    /// first visit (builds the core from this clone; needs the wasm32 target
    /// and wasm-bindgen-cli)
    Site(site::SiteArgs),
}

/// Run the CLI and return the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Systems => systems::run(),
        Command::Rules(args) => rules::run(&args),
        Command::Odds(args) => odds::run(&args),
        Command::Table(args) => table::run(&args),
        Command::Run(args) => run::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Effects(args) => effects::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Plan(args) => plan::run(&args),
        Command::Sensitivity(args) => sensitivity::run(&args),
        Command::Gallery(args) => gallery::run(&args),
        Command::Guide(args) => guide::run(&args),
        Command::Completions(args) => completions::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Sheet(args) => sheet::run(&args),
        Command::Site(args) => site::run(&args),
    };
    match result {
        Ok(text) => write_out(&text),
        Err(error) => {
            eprintln!("error: {}", in_command_line_words(&error));
            ExitCode::from(1)
        }
    }
}

/// An error with its causes, as `{:#}` writes them (`outer: inner`), an
/// error in the arguments in the command line's words (`command line: field
/// \`x\`: ...`).
fn in_command_line_words(error: &anyhow::Error) -> String {
    error
        .chain()
        .map(
            |cause| match cause.downcast_ref::<crate::error::InputError>() {
                Some(input) => input.worded(command_line_place, crate::request::flag_of),
                None => cause.to_string(),
            },
        )
        .collect::<Vec<_>>()
        .join(": ")
}

/// Where the command line says an argument's error is: the field, given as
/// `field=value`.
fn command_line_place(field: &str) -> String {
    match field {
        "" => "command line: ".to_string(),
        field => format!("command line: field `{field}`: "),
    }
}

/// Print a command's output. A reader that stops early (`volley ... | head`)
/// closes the pipe: that is the reader being done, not an error; any other
/// failure to write is one.
fn write_out(text: &str) -> ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: writing the output: {e}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
