//! `volley serve`'s API, asked over HTTP of the real binary: every action's
//! default answer is byte for byte `volley odds --format json`, bad input is a
//! 400 with the command line's own message, the limits hold, a closed
//! connection stops its run, and no query makes the server fail.

use crate::common;
use crate::web;

use common::generate::Gen;

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use web::{Server, cli_json, encode, volley};

#[test]
fn every_actions_default_answer_is_the_command_lines_json() {
    let server = Server::start(&[]);
    let (status, body) = server.get("/api/systems");
    assert_eq!(status, 200);
    let systems: Value = serde_json::from_str(&body).unwrap();
    common::assert_contract("systems", &systems);
    let mut asked = 0;
    for system in systems.as_array().unwrap() {
        let name = system["name"].as_str().unwrap();
        for action in system["actions"].as_array().unwrap() {
            let action = action["name"].as_str().unwrap();
            let (status, body) = server.get(&format!("/api/odds?system={name}&action={action}"));
            let (ok, cli, _) = volley(&["odds", name, action, "--format", "json"]);
            assert!(ok);
            assert_eq!(status, 200, "{name} {action}: {body}");
            assert_eq!(body, cli, "{name} {action}");
            asked += 1;
        }
    }
    let library: usize = volley::systems::all()
        .iter()
        .map(|s| s.actions().len())
        .sum();
    assert_eq!(asked, library, "/api/systems lists every action");
}

#[test]
fn fields_methods_and_comparisons_mean_what_the_flags_mean() {
    let server = Server::start(&[]);
    // Fields and method keys.
    let (status, body) = server.get(
        "/api/odds?system=micro-squad&action=engagement&a_stands=2&b_firepower=8&trials=70000&seed=9",
    );
    let cli =
        cli_json("odds micro-squad engagement a_stands=2 b_firepower=8 --trials 70000 --seed 9");
    assert_eq!(status, 200);
    assert_eq!(body, cli);
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["method"], "monte-carlo");
    assert!(
        answer["headline"]["text"]
            .as_str()
            .unwrap()
            .starts_with("P(winner = a) = ")
    );
    // method=exact is --exact; a comparison is `volley compare --variant variant:...`.
    let (_, exact) = server.get("/api/odds?system=micro-force&action=melee&method=exact");
    let cli = cli_json("odds micro-force melee --exact");
    assert_eq!(exact, cli);
    let (status, body) = server.get(
        "/api/compare?system=micro-squad&action=fire&terrain=woods&variant.firepower=9&variant.defense=5",
    );
    let cli =
        cli_json("compare micro-squad fire terrain=woods --variant variant:firepower=9,defense=5");
    assert_eq!(status, 200);
    assert_eq!(body, cli);
    // A pasted house rule is the variant's, as a house-rule file is on the
    // command line: only the spec, which names the file, differs.
    let text = std::fs::read_to_string("house_rules/woods_plus_6.toml").unwrap();
    let (status, body) = server.get(&format!(
        "/api/compare?system=micro-squad&action=fire&terrain=woods&variant.rule={}",
        encode(&text)
    ));
    let cli = cli_json(
        "compare micro-squad fire terrain=woods --variant variant:house_rules/woods_plus_6.toml",
    );
    assert_eq!(status, 200, "{body}");
    let mut api: Value = serde_json::from_str(&body).unwrap();
    let cli: Value = serde_json::from_str(&cli).unwrap();
    assert_eq!(api["variants"][0]["spec"], "house rule woods-plus-6");
    api["variants"][0]["spec"] = cli["variants"][0]["spec"].clone();
    assert_eq!(api, cli);
    // A pasted rule that changes a roll: the page compares it as the command
    // line does the file.
    let text = std::fs::read_to_string("house_rules/ms_point_blank.toml").unwrap();
    let (status, body) = server.get(&format!(
        "/api/compare?system=micro-squad&action=fire&range=3&variant.rule={}",
        encode(&text)
    ));
    let cli = cli_json(
        "compare micro-squad fire range=3 --variant variant:house_rules/ms_point_blank.toml",
    );
    assert_eq!(status, 200, "{body}");
    let mut api: Value = serde_json::from_str(&body).unwrap();
    let cli: Value = serde_json::from_str(&cli).unwrap();
    api["variants"][0]["spec"] = cli["variants"][0]["spec"].clone();
    assert_eq!(api, cli);
    // A pasted rule with a script: its own dice, the same answer as the file's.
    let text = std::fs::read_to_string("house_rules/mf_bugle_call.toml").unwrap();
    let (status, body) = server.get(&format!(
        "/api/compare?system=micro-force&action=charge&variant.rule={}",
        encode(&text)
    ));
    let cli =
        cli_json("compare micro-force charge --variant variant:house_rules/mf_bugle_call.toml");
    assert_eq!(status, 200, "{body}");
    let mut api: Value = serde_json::from_str(&body).unwrap();
    let cli: Value = serde_json::from_str(&cli).unwrap();
    api["variants"][0]["spec"] = cli["variants"][0]["spec"].clone();
    assert_eq!(api, cli);
    // A dotted variant key patches the chart, as an inline --variant does.
    let (status, body) = server.get(
        "/api/compare?system=micro-squad&action=fire&terrain=woods&variant.terrain.woods.personnel=6",
    );
    let cli = cli_json(
        "compare micro-squad fire terrain=woods --variant variant:terrain.woods.personnel=6",
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, cli);
    // What each field is worth, and a table: `volley effects` and `volley
    // table` with the same keys as their flags.
    for (path, command) in [
        (
            "/api/effects?system=deadly-field&action=charge&only=distance,attacker_quality",
            "effects deadly-field charge --only distance,attacker_quality",
        ),
        (
            "/api/table?system=micro-squad&action=crt&row=differential%3D0..3&col=die_mod%3D-1,0&show=result%3DE",
            "table micro-squad crt --row differential=0..3 --col die_mod=-1,0 --show result=E",
        ),
        (
            "/api/table?system=micro-force&action=melee&row=attacker_stands%3D1..3&show=winner&fractions=true",
            "table micro-force melee --row attacker_stands=1..3 --show winner --fractions",
        ),
    ] {
        let (status, body) = server.get(path);
        assert_eq!(status, 200, "{path}: {body}");
        assert_eq!(body, cli_json(command), "{path}");
    }
    // A table with no axis says which key to give, in the query's words.
    let (status, body) = server.get("/api/table?system=micro-force&action=charge");
    assert_eq!(status, 400);
    assert!(
        body.starts_with("error: query: key `row`: give a row axis, `row` FIELD=VALUES"),
        "{body}"
    );
}

/// The command line's message as the API words it: query keys, not fields
/// and flags.
fn in_query_words(cli: &str) -> String {
    let mut text = cli
        .replace("command line: field `", "query: key `")
        .replace("'--trials <N>'", "`trials`")
        .replace("error: --exact:", "error: query: key `method=exact`:")
        .replace("--budget)", "`budget`)");
    for key in ["trials", "precision", "seed", "confidence", "budget"] {
        text = text.replace(
            &format!("error: --{key}:"),
            &format!("error: query: key `{key}`:"),
        );
    }
    text
}

#[test]
fn bad_input_is_a_400_with_the_command_lines_message() {
    let server = Server::start(&["--max-trials", "100000"]);
    let cases: [(&str, &[&str]); 6] = [
        (
            "system=micro-squad&action=fire&firepower=99",
            &["odds", "micro-squad", "fire", "firepower=99"],
        ),
        (
            "system=micro-squad&action=fire&bogus=1",
            &["odds", "micro-squad", "fire", "bogus=1"],
        ),
        ("system=nope&action=fire", &["odds", "nope", "fire"]),
        (
            "system=micro-squad&action=charge",
            &["odds", "micro-squad", "charge"],
        ),
        (
            "system=micro-squad&action=fire&trials=abc",
            &["odds", "micro-squad", "fire", "--trials", "abc"],
        ),
        (
            "system=micro-squad&action=fire&trials=0",
            &["odds", "micro-squad", "fire", "--trials", "0"],
        ),
    ];
    for (query, args) in cases {
        let (status, body) = server.get(&format!("/api/odds?{query}"));
        let (ok, _, stderr) = volley(args);
        assert!(!ok);
        assert_eq!(status, 400, "{query}");
        let cli_line = in_query_words(stderr.lines().next().unwrap());
        assert_eq!(body.trim_end(), cli_line, "{query}");
        assert!(!body.contains("--"), "no flags in a query's error: {body}");
        assert_eq!(body.lines().count(), 1, "{query}: one line");
    }
    // What only the server refuses, each in one line that names what to change.
    let refused = [
        (
            "system=micro-squad&action=fire&trials=200000",
            "--max-trials",
        ),
        (
            "system=micro-squad&action=fire&budget=99999999",
            "key `budget`: 99999999 is over",
        ),
        ("action=fire", "`system`: missing"),
        (
            "system=micro-squad&action=fire&method=guess",
            "auto, exact or monte-carlo",
        ),
        (
            "system=micro-squad&action=fire&variant.firepower=9",
            "ask /api/compare",
        ),
        ("system=micro-squad&action=fire&rule=%5Bset", "house rule"),
        (
            "system=micro-squad&action=fire&rule=%5Bset%5D%0A%22crt.nope%22%20%3D%201",
            "crt.nope",
        ),
        // A script that never returns is stopped, and the answer refused.
        (
            "system=micro-squad&action=fire&rule=%5B%5Bscript%5D%5D%0Apoint%20%3D%20%22crt_roll%22%0Acode%20%3D%20%22fn%20before(roll)%20%7B%20loop%20%7B%7D%20%7D%22",
            "ran past 100,000 operations",
        ),
    ];
    for (query, says) in refused {
        let (status, body) = server.get(&format!("/api/odds?{query}"));
        assert_eq!(status, 400, "{query}: {body}");
        assert!(
            body.starts_with("error: ") && body.contains(says),
            "{query}: {body}"
        );
        assert_eq!(body.lines().count(), 1, "{query}: {body}");
    }
    let (status, body) = server.get("/api/compare?system=micro-squad&action=fire");
    assert_eq!(status, 400);
    assert!(body.contains("nothing to compare"), "{body}");
    // A variant's field is named as the variant's.
    let (status, body) =
        server.get("/api/compare?system=micro-squad&action=fire&variant.firepower=99");
    assert_eq!(status, 400);
    assert!(
        body.contains("key `variant.firepower`: 99 is out of range"),
        "{body}"
    );
    // An error in the variant's pasted rule names the rule and its line.
    let (status, body) = server.get(
        "/api/compare?system=micro-squad&action=fire&variant.rule=%5Bset%5D%0A%22terrain.woods.personel%22%20%3D%206",
    );
    assert_eq!(status, 400);
    assert!(
        body.starts_with("error: variant house rule:2: field `terrain.woods.personel`: "),
        "{body}"
    );
    assert_eq!(server.get("/nothing/here").0, 404);
}

#[test]
fn a_question_past_the_time_limit_is_stopped() {
    let server = Server::start(&["--time-limit", "1", "--max-trials", "1000000000"]);
    let started = Instant::now();
    let (status, body) =
        server.get("/api/odds?system=micro-squad&action=engagement&trials=1000000000");
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("stopped after") && body.contains("--time-limit"),
        "{body}"
    );
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// Ask `path` (a long Monte Carlo run on `/api/ask`) and return once its first
/// progress line is in: the run then holds a turn until the connection closes.
fn hold_a_long_question(server: &Server, path: &str) -> TcpStream {
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    while !line.contains("progress") {
        line.clear();
        reader.read_line(&mut line).unwrap();
    }
    stream
}

/// A server with one turn: `question` holds it, then the page closes; the
/// next question gets the turn, not a 503 after a minute of a billion trials.
fn a_closed_page_frees_the_only_turn(question: &str) {
    let server = Server::start(&[
        "--max-running",
        "1",
        "--max-trials",
        "1000000000",
        "--queue-wait",
        "60",
    ]);
    drop(hold_a_long_question(&server, question));
    let (status, body) = server.get("/api/odds?system=micro-squad&action=fire");
    assert_eq!(status, 200, "{body}");
}

#[test]
fn closing_the_page_stops_its_run_and_frees_its_turn() {
    a_closed_page_frees_the_only_turn(
        "/api/ask?system=micro-squad&action=engagement&trials=1000000000",
    );
}

#[test]
fn closing_the_page_stops_a_comparison_too() {
    a_closed_page_frees_the_only_turn(
        "/api/ask?system=micro-squad&action=engagement&variant.b_firepower=8&trials=1000000000",
    );
}

#[test]
fn a_server_at_its_limit_of_running_questions_says_it_is_busy() {
    let server = Server::start(&[
        "--max-running",
        "1",
        "--queue-wait",
        "1",
        "--max-trials",
        "1000000000",
    ]);
    let _running = hold_a_long_question(
        &server,
        "/api/ask?system=micro-squad&action=engagement&trials=1000000000",
    );
    // Another long question waits, then is told the server is busy.
    let (status, body) = server.get("/api/odds?system=micro-squad&action=engagement&seed=2");
    assert_eq!(status, 503, "{body}");
    assert!(body.starts_with("error: the server is busy"), "{body}");
    assert!(body.contains("1 long question is running"), "{body}");
    assert!(body.contains("ask again"), "{body}");
    // A quick one has turns of its own: answered at once.
    let started = Instant::now();
    let (status, body) = server.get("/api/odds?system=micro-squad&action=fire");
    assert_eq!(status, 200, "{body}");
    assert!(started.elapsed() < Duration::from_secs(1));
}

#[test]
fn a_question_that_could_pass_the_memory_budget_is_refused_naming_what_to_lower() {
    let (ok, _, err) = volley(&["serve", "--port", "0", "--max-memory", "300"]);
    assert!(
        !ok && err.contains("--max-memory: 300 MB is too little"),
        "{err}"
    );
    let server = Server::start(&["--max-memory", "600"]);
    // A plan at the default budget may hold 1.1 GiB: refused before it runs.
    let (status, body) = server.get("/api/plan?system=deadly-field&action=firefight");
    assert_eq!(status, 400, "{body}");
    assert!(
        body.starts_with("error: query: key `budget`: this question may hold up to ")
            && body.contains("--max-memory")
            && body.ends_with("lower `budget`\n"),
        "{body}"
    );
    // Within its share at a smaller budget, it is answered.
    let (status, body) = server.get("/api/plan?system=deadly-field&action=firefight&budget=200000");
    assert_eq!(status, 200, "{body}");
    // A quick question needs no share of the long lane's.
    assert_eq!(
        server.get("/api/odds?system=micro-squad&action=fire").0,
        200
    );
}

#[test]
fn a_repeat_of_a_running_question_joins_it_and_a_recent_one_is_answered_at_once() {
    let server = Server::start(&["--max-running", "1", "--queue-wait", "1"]);
    let plan = "/api/plan?system=micro-force&action=firefight&turns=4&opponent=best";
    // Both asked at once: with one long turn and a one-second wait, the
    // second would be refused busy if it did not join the first's run.
    let port = server.port;
    let first = std::thread::spawn(move || web::request(port, "GET", plan, None));
    std::thread::sleep(Duration::from_millis(200));
    let second = server.get(plan);
    let first = first.join().unwrap();
    assert_eq!(first.0, 200, "{}", first.1);
    assert_eq!(second, first, "the one run's answer");
    // An answer given lately (a second's exact engagement) is given again.
    let engagement = "/api/odds?system=micro-squad&action=engagement&a_stands=4&b_stands=4";
    let answered = server.get(engagement);
    assert_eq!(answered.0, 200, "{}", answered.1);
    let started = Instant::now();
    assert_eq!(server.get(engagement), answered);
    assert!(started.elapsed() < Duration::from_millis(300), "kept");
}

#[test]
fn the_page_streams_progress_then_the_answer() {
    let server = Server::start(&[]);
    let (status, body) =
        server.get("/api/ask?system=micro-squad&action=engagement&trials=300000&seed=4");
    assert_eq!(status, 200);
    let lines: Vec<Value> = body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last = lines.last().unwrap();
    let progress: Vec<&Value> = lines
        .iter()
        .filter(|l| l.get("progress").is_some())
        .collect();
    assert!(!progress.is_empty(), "progress before the answer: {body}");
    assert_eq!(
        progress.last().unwrap()["progress"]["done"],
        300000,
        "progress reaches the planned trials"
    );
    let (_, odds) =
        server.get("/api/odds?system=micro-squad&action=engagement&trials=300000&seed=4");
    assert_eq!(last["odds"], serde_json::from_str::<Value>(&odds).unwrap());
    let (_, body) = server.get("/api/ask?system=micro-squad&action=fire&variant.defense=6");
    let answer: Value = serde_json::from_str(body.lines().last().unwrap()).unwrap();
    assert_eq!(answer["compare"]["variants"][0]["spec"], "defense=6");
    let (_, body) = server.get("/api/ask?system=micro-squad&action=fire&firepower=-1");
    let answer: Value = serde_json::from_str(body.lines().last().unwrap()).unwrap();
    assert_eq!(answer["status"], 400);
    assert!(answer["error"].as_str().unwrap().contains("firepower"));
}

#[test]
fn fields_describe_every_field_the_action_takes() {
    let server = Server::start(&[]);
    for system in volley::systems::all() {
        for action in system.actions() {
            let question =
                volley::ask::question::Question::new(system.name(), action.name(), &[], &[])
                    .unwrap();
            let (status, body) = server.get(&format!(
                "/api/fields?system={}&action={}",
                system.name(),
                action.name()
            ));
            assert_eq!(status, 200);
            let v: Value = serde_json::from_str(&body).unwrap();
            common::assert_contract("fields", &v);
            let fields = v["fields"].as_array().unwrap();
            assert_eq!(fields.len(), question.fields().len());
            for (json, spec) in fields.iter().zip(question.fields()) {
                assert_eq!(json["name"], spec.name);
                assert_eq!(json["default"], spec.default.as_str());
                assert!(json["kind"].is_string() && json["help"].is_string());
            }
        }
    }
}

#[test]
fn no_query_makes_the_server_fail() {
    let mut server = Server::start(&["--max-trials", "20000", "--time-limit", "5"]);
    let pieces = [
        "system=micro-squad",
        "system=micro-force",
        "system=deadly-field",
        "system=%FF%FE",
        "action=fire",
        "action=charge",
        "action=engagement",
        "firepower=1e308",
        "firepower=-9223372036854775809",
        "terrain=woods%2Bwoods%2Bwoods",
        "a_stands=10",
        "turns=0",
        "trials=18446744073709551616",
        "precision=NaN",
        "confidence=2",
        "seed=-1",
        "rule=%5Bset%5D%0A%22%22%20%3D%201",
        "rule=%00%00",
        "variant.rule=%5B%5B",
        "variant.=1",
        "%3D%3D%3D",
        "&&&",
        "method=",
        "budget=0",
        "distance=..",
        "stands=1..1000000",
    ];
    // A fixed pseudo-random walk over combinations of the pieces.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..150 {
        let n = 1 + next() % 5;
        let query: Vec<&str> = (0..n)
            .map(|_| pieces[(next() % pieces.len() as u64) as usize])
            .collect();
        let endpoint = ["odds", "compare", "fields", "ask"][(next() % 4) as usize];
        let (status, body) = server.get(&format!("/api/{endpoint}?{}", query.join("&")));
        assert!(
            matches!(status, 200 | 400),
            "/api/{endpoint}?{}: {status} {body}",
            query.join("&")
        );
        if status == 400 {
            assert!(
                body.starts_with("error: ") && body.lines().count() == 1,
                "{body}"
            );
        }
    }
    assert!(server.alive());
}

/// The generated field values of the hostile-input properties, asked of the
/// API and of the command line: the API answers what `volley odds` prints, or
/// refuses with the line it prints, case for case.
#[test]
fn generated_questions_get_the_command_lines_answer_or_refusal() {
    let server = Server::start(&[]);
    let mut g = Gen::new(15);
    let actions: Vec<_> = volley::systems::all()
        .iter()
        .flat_map(|s| s.actions().into_iter().map(move |a| (s.name(), a.name())))
        .collect();
    let (mut answered, mut refused) = (0, 0);
    for case in 0..120 {
        let (system, action) = *g.pick(&actions);
        let question = volley::ask::question::Question::new(system, action, &[], &[]).unwrap();
        let specs = question.fields().to_vec();
        let mut fields: Vec<(String, String)> = Vec::new();
        for _ in 0..1 + g.below(3) {
            let (name, value) = if g.chance(10) || specs.is_empty() {
                ("no_such_field".to_string(), g.junk())
            } else {
                let spec = g.pick(&specs);
                (spec.name.to_string(), g.value_for(&spec.kind))
            };
            if !fields.iter().any(|(n, _)| *n == name) {
                fields.push((name, value));
            }
        }
        // Small runs: the point is the answer-or-refusal.
        let method: &[&str] = if g.chance(50) {
            &["--exact", "--budget", "50000"]
        } else {
            &["--trials", "2000"]
        };
        let mut query = format!("system={system}&action={action}");
        let mut args = vec!["odds".to_string(), system.to_string(), action.to_string()];
        for (name, value) in &fields {
            query.push_str(&format!("&{}={}", encode(name), encode(value)));
            args.push(format!("{name}={value}"));
        }
        query.push_str(if method[0] == "--exact" {
            "&method=exact&budget=50000"
        } else {
            "&trials=2000"
        });
        args.extend(method.iter().map(|m| m.to_string()));
        args.extend(["--format".to_string(), "json".to_string()]);
        let (status, body) = server.get(&format!("/api/odds?{query}"));
        let label = format!("case {case}: {query}");
        if args.iter().any(|a| a.contains('\0')) {
            // No command line can carry a NUL byte: the API alone refuses it.
            assert_eq!(status, 400, "{label}: {body}");
            assert!(
                body.starts_with("error: ") && body.lines().count() == 1,
                "{label}"
            );
            refused += 1;
            continue;
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (ok, stdout, stderr) = volley(&args);
        if ok {
            assert_eq!(status, 200, "{label}: {body}");
            assert_eq!(body, stdout, "{label}");
            answered += 1;
        } else {
            assert_eq!(status, 400, "{label}: {body}");
            assert_eq!(
                body.trim_end(),
                in_query_words(stderr.lines().next().unwrap_or("")),
                "{label}"
            );
            refused += 1;
        }
    }
    assert!(
        answered > 10 && refused > 10,
        "{answered} answered, {refused} refused"
    );
}

#[test]
fn a_precision_not_reached_is_said_with_what_was() {
    let server = Server::start(&["--max-trials", "20000"]);
    let (status, body) = server.get("/api/odds?system=micro-squad&action=fire&precision=0.0001");
    assert_eq!(status, 200, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["trials"], 20000);
    let short = &answer["precision_not_reached"];
    assert_eq!(short["asked"], 0.0001, "{body}");
    assert!(short["reached"].as_f64().unwrap() > 0.0001, "{body}");
    // Met, it says nothing.
    let (_, body) = server.get("/api/odds?system=micro-squad&action=fire&precision=0.01");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(answer.get("precision_not_reached").is_none(), "{body}");
}

#[test]
fn a_plan_is_the_command_lines_json_and_refuses_in_its_words() {
    let server = Server::start(&[]);
    for (query, args) in [
        (
            "system=micro-force&action=firefight&turns=2&range=4&check_trials=20000&seed=3",
            vec![
                "turns=2",
                "range=4",
                "--check-trials",
                "20000",
                "--seed",
                "3",
            ],
        ),
        (
            "system=deadly-field&action=firefight&turns=2&opponent=best&check_trials=10000",
            vec!["turns=2", "--opponent", "best", "--check-trials", "10000"],
        ),
        (
            "system=deadly-field&action=firefight&turns=2&goal=mean(b_figures_lost)&check_trials=0",
            vec![
                "turns=2",
                "--goal",
                "mean(b_figures_lost)",
                "--check-trials",
                "0",
            ],
        ),
    ] {
        let (status, body) = server.get(&format!("/api/plan?{query}"));
        assert_eq!(status, 200, "{query}: {body}");
        let system = if query.contains("micro-force") {
            "micro-force"
        } else {
            "deadly-field"
        };
        let mut cli = vec!["plan", system, "firefight", "--format", "json"];
        cli.extend(args);
        let (ok, out, err) = volley(&cli);
        assert!(ok, "{err}");
        assert_eq!(body, out, "{query}: the command line's JSON, byte for byte");
    }
    for (query, says) in [
        ("system=micro-force&action=charge", "has no choices to plan"),
        (
            "system=micro-force&action=firefight&trials=5",
            "takes no method keys",
        ),
        (
            "system=micro-force&action=firefight&goal=P(x=y)",
            "no outcome `x`",
        ),
        (
            "system=micro-force&action=firefight&check_trials=99999999999",
            "--check-trials",
        ),
        (
            "system=micro-force&action=firefight&opponent=worst",
            "opponent",
        ),
        (
            "system=micro-force&action=firefight&budget=9999999999",
            "largest exact budget",
        ),
    ] {
        let (status, body) = server.get(&format!("/api/plan?{query}"));
        assert_eq!(status, 400, "{query}: {body}");
        assert!(body.contains(says), "{query}: {body}");
        assert_eq!(body.trim().lines().count(), 1, "one line: {body}");
    }
    // The actions with choices say so in the catalogue the page reads.
    let (_, systems) = server.get("/api/systems");
    let systems: Value = serde_json::from_str(&systems).unwrap();
    let planned: Vec<String> = systems
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| {
            s["actions"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|a| !a["choices"].as_array().unwrap().is_empty())
                .map(move |a| {
                    format!(
                        "{} {}",
                        s["name"].as_str().unwrap(),
                        a["name"].as_str().unwrap()
                    )
                })
        })
        .collect();
    assert_eq!(planned, ["micro-force firefight", "deadly-field firefight"]);
}

#[test]
fn a_plan_streams_its_progress_then_the_plan() {
    let server = Server::start(&[]);
    let query = "system=deadly-field&action=firefight&turns=4";
    let (status, body) = server.get(&format!("/api/plan/ask?{query}"));
    assert_eq!(status, 200, "{body}");
    let lines: Vec<Value> = body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let told: Vec<(u64, u64)> = lines
        .iter()
        .filter_map(|l| {
            Some((
                l["progress"]["done"].as_u64()?,
                l["progress"]["planned"].as_u64()?,
            ))
        })
        .collect();
    // Four turns: 4 decision points built, then valued.
    assert_eq!(told.first(), Some(&(0, 8)), "{body}");
    assert_eq!(told.last(), Some(&(8, 8)), "{body}");
    let (status, plan) = server.get(&format!("/api/plan?{query}"));
    assert_eq!(status, 200);
    let plan: Value = serde_json::from_str(&plan).unwrap();
    assert_eq!(lines.last().unwrap()["plan"], plan);
}

#[test]
fn closing_the_page_stops_its_plan_and_frees_its_turn() {
    let server = Server::start(&["--max-running", "1", "--queue-wait", "3"]);
    // The best reply takes about 5 s alone here: it would hold the only
    // long turn past the next question's wait, had it gone on.
    drop(hold_a_long_question(
        &server,
        "/api/plan/ask?system=micro-force&action=firefight&opponent=best",
    ));
    let (status, body) =
        server.get("/api/odds?system=micro-squad&action=engagement&trials=100000&seed=3");
    assert_eq!(status, 200, "{body}");
}
