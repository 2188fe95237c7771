//! The `volley` binary: parse, run, map errors to an exit code.

fn main() -> std::process::ExitCode {
    volley::cli::main()
}
