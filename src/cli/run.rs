//! `volley run [EXPERIMENT.toml | FOLDER]...`.

use crate::experiment::{self, Experiment};
use crate::reports;
use clap::Args;
use std::fmt::Write;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct RunArgs {
    /// Experiment files, or folders of them (every .toml in a folder); default:
    /// the folder experiments/.
    pub experiments: Vec<PathBuf>,
    /// Folder that receives one sub-folder per experiment (`--reports` is
    /// the same flag's older name).
    #[arg(
        long = "out",
        visible_alias = "reports",
        value_name = "DIR",
        default_value = "reports"
    )]
    pub out: PathBuf,
    /// Most sweep points an experiment may have (the product of its axes'
    /// lengths); a larger sweep is refused before anything runs.
    #[arg(long, default_value_t = experiment::MAX_POINTS)]
    pub max_points: u64,
    /// Run only shard K of N of each experiment (K from 0 to N-1: a job of a
    /// Slurm array or a Kubernetes Indexed Job) and save its slice as
    /// REPORTS/NAME/slices/K-of-N.json; `volley merge` writes the report from
    /// the N slices. Points, and blocks of 65,536 trials of a run with a
    /// trial count, are dealt to the shards in turn.
    #[arg(long, value_name = "K/N", value_parser = crate::engine::Shard::parse)]
    pub shard: Option<crate::engine::Shard>,
}

pub fn run(args: &RunArgs) -> anyhow::Result<String> {
    let given = if args.experiments.is_empty() {
        vec![PathBuf::from("experiments")]
    } else {
        args.experiments.clone()
    };
    // A folder stands for every experiment file in it.
    let mut files = Vec::new();
    for path in &given {
        if path.is_dir() {
            let found = experiment::discover(path)?;
            if found.is_empty() {
                anyhow::bail!("no experiment files (*.toml) in {}", path.display());
            }
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    // Read and check every file before running any.
    let experiments = files
        .iter()
        .map(|f| Experiment::from_file(f))
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = String::new();
    if let Some(shard) = args.shard {
        for e in &experiments {
            let path = reports::run_shard(e, &args.out, args.max_points, shard)?;
            let _ = writeln!(
                out,
                "{}: shard {}/{} -> {}",
                e.name,
                shard.index,
                shard.count,
                path.display()
            );
        }
        return Ok(out);
    }
    // The experiments of one run that ask the same plan solve it once.
    let prepared = experiments
        .iter()
        .filter(|e| e.plan.is_some())
        .filter_map(|e| experiment::Prepared::new(e, args.max_points, None).ok());
    let plans = std::sync::Arc::new(experiment::PlanMemo::expecting(
        &prepared.collect::<Vec<_>>(),
    ));
    for e in &experiments {
        if std::io::stderr().is_terminal() {
            eprintln!("running {} ({})", e.name, e.file);
        }
        // Several points: a bar of points, which forecasts a long run (the
        // points run over the thread pool together, so their trials make no
        // one bar); one point: a bar of its trials.
        let several = e.sweep.iter().any(|axis| axis.values.len() > 1);
        // A precision run's trial count is only a cap: no forecast from it.
        let bar = match (several, e.precision.is_some()) {
            (true, _) => None,
            (false, true) => Some(super::progress::TerminalProgress::without_forecast()),
            (false, false) => Some(super::progress::TerminalProgress::new()),
        };
        let points = several.then(super::progress::TerminalProgress::points);
        let hooks = experiment::Hooks {
            trials: bar.as_ref().map(|b| b.hook()),
            points: points.as_ref().map(|p| p.hook()),
        };
        let outcome = reports::run(e, &args.out, hooks, args.max_points, &plans)?;
        let _ = writeln!(
            out,
            "{}: {} points -> {}/README.md ({} files)",
            e.name,
            outcome.points,
            outcome.folder.display(),
            outcome.files.len()
        );
    }
    let gallery = reports::gallery::write(&args.out)?;
    let _ = writeln!(out, "gallery: {}", gallery.display());
    Ok(out)
}
