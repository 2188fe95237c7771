//! `volley completions SHELL`: the shell's completion script, on standard
//! output (`volley completions bash > ~/.local/share/bash-completion/completions/volley`).

use clap::{Args, CommandFactory};
use clap_complete::Shell;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn run(args: &CompletionsArgs) -> anyhow::Result<String> {
    let mut command = super::Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "volley", &mut script);
    Ok(String::from_utf8(script)?)
}
