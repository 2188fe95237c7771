//! `volley serve [--port N] [--bind ADDR]`: the web calculator.

use crate::serve::Limits;
use clap::Args;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on; the default serves this machine only. Use
    /// 0.0.0.0 to let a phone on the same network ask.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Most Monte Carlo trials one question may ask for.
    #[arg(long, default_value_t = 10_000_000, value_name = "N")]
    pub max_trials: u64,
    /// Longest a Monte Carlo run or a plan may go, in seconds; it is stopped
    /// then (an exact odds answer is bounded by its budget instead).
    #[arg(long, default_value_t = 60, value_name = "SECONDS")]
    pub time_limit: u64,
    /// Long questions (plans, engagements, large runs) answered at once;
    /// later ones wait for a turn. Quick ones (one action's dice, a few
    /// thousand trials) have turns of their own and never wait behind them.
    #[arg(long, default_value_t = 2, value_name = "N")]
    pub max_running: usize,
    /// Memory the questions may hold together, in MiB (at least 512;
    /// default: half this machine's). A long question reserves the most it
    /// may hold before it starts; one that alone could pass this is refused,
    /// naming what to lower.
    #[arg(long, value_name = "MIB")]
    pub max_memory: Option<u64>,
    /// How long a question waits, in all, for a turn (a long one also for
    /// its memory) before the server answers 503 (busy), in seconds.
    #[arg(long, default_value_t = 10, value_name = "SECONDS")]
    pub queue_wait: u64,
}

/// The least `--max-memory`: the quick lane's share and room for the
/// smallest plan.
const MIN_MEMORY_MB: u64 = 512;

pub fn run(args: &ServeArgs) -> anyhow::Result<String> {
    if args.max_running == 0 || args.max_trials == 0 || args.time_limit == 0 {
        return Err(anyhow::anyhow!(
            "--max-running, --max-trials and --time-limit must be at least 1"
        ));
    }
    let max_memory = match args.max_memory {
        Some(mb) if mb < MIN_MEMORY_MB => {
            return Err(anyhow::anyhow!(
                "--max-memory: {mb} MB is too little for a plan beside the quick questions; give at least {MIN_MEMORY_MB} (MiB)"
            ));
        }
        Some(mb) => mb.saturating_mul(1 << 20),
        None => crate::api::limits::default_max_memory(),
    };
    let limits = Limits {
        max_trials: args.max_trials,
        time_limit: Duration::from_secs(args.time_limit),
        max_running: args.max_running,
        queue_wait: Duration::from_secs(args.queue_wait),
        max_memory,
        ..Limits::default()
    };
    crate::serve::serve(SocketAddr::new(args.bind, args.port), limits, |url| {
        println!("volley serve: open {url} (Ctrl-C stops)");
        let _ = std::io::stdout().flush();
    })?;
    Ok(String::new())
}
