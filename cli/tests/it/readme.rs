//! The `console` blocks of the README and of every page under `docs/`, run: each `$ ` command (with its continuation lines: after a
//! `\`, or while a `(` is open) runs
//! in one `bash` per block, from the repository root, with `validgen` the binary under test,
//! and must print exactly the lines that follow it in the page (standard output and standard
//! error together, in order), so that the documentation cannot go stale (issues #17, #31).
//!
//! Blocks fenced as plain ```` ``` ```` or `text` are not run (usage lines, illustrations
//! whose files are not in the repository). A block preceded by `<!-- readme-test: fresh PATH
//! -->` starts with `PATH` (under `target/`) removed, so that commands that write files print
//! what they print on a fresh clone.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// One command of a block and the output the README shows for it.
struct Step {
    /// The command as written (continuation lines joined by `\` and a line break).
    command: String,
    /// The lines shown after it, trailing blank lines removed.
    expected: Vec<String>,
}

/// A `console` block: its first line in the README, the path to remove first, and its steps.
struct Block {
    line: usize,
    fresh: Option<String>,
    steps: Vec<Step>,
}

fn blocks(readme: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = readme.lines().enumerate().peekable();
    let mut fresh = None;
    while let Some((i, line)) = lines.next() {
        if let Some(path) = line
            .strip_prefix("<!-- readme-test: fresh ")
            .and_then(|r| r.strip_suffix(" -->"))
        {
            fresh = Some(path.to_owned());
            continue;
        }
        if line != "```console" {
            if line.starts_with("```") {
                fresh = None;
            }
            continue;
        }
        let mut steps: Vec<Step> = Vec::new();
        let mut continued = false;
        for (_, line) in lines.by_ref() {
            if line == "```" {
                break;
            }
            if continued {
                if let Some(step) = steps.last_mut() {
                    step.command.push('\n');
                    step.command.push_str(line);
                    continued = unfinished(&step.command);
                }
            } else if let Some(command) = line.strip_prefix("$ ") {
                steps.push(Step {
                    command: command.to_owned(),
                    expected: Vec::new(),
                });
                continued = unfinished(command);
            } else if let Some(step) = steps.last_mut() {
                step.expected.push(line.to_owned());
            }
        }
        for step in &mut steps {
            while step.expected.last().is_some_and(|l| l.is_empty()) {
                step.expected.pop();
            }
        }
        out.push(Block {
            line: i + 1,
            fresh: fresh.take(),
            steps,
        });
    }
    out
}

/// A command goes on to the next line: it ends with `\` or has a `(` not yet closed.
fn unfinished(command: &str) -> bool {
    let open = command.matches('(').count();
    command.ends_with('\\') || open > command.matches(')').count()
}

/// The marker printed before each step's output, to cut the block's output apart.
fn marker(n: usize) -> String {
    format!("<<<readme-step-{n}>>>")
}

/// Runs `block` in one `bash`, returning each step's output lines.
fn run(block: &Block, root: &Path, bin_dir: &Path) -> Vec<Vec<String>> {
    if let Some(path) = &block.fresh {
        assert!(
            path.starts_with("target/"),
            "fresh paths are under target/: {path}"
        );
        let _ = std::fs::remove_dir_all(root.join(path));
    }
    // Each command sees the exit status of the one before it (for `echo $?`), not the
    // marker's.
    let mut script = String::from("status=0\n");
    for (n, step) in block.steps.iter().enumerate() {
        script.push_str(&format!(
            "echo '{}'\n(exit $status)\n{{ {}\n}} 2>&1\nstatus=$?\n",
            marker(n),
            step.command
        ));
    }
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(root)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env_remove("RAYON_NUM_THREADS")
        .output()
        .expect("bash runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    let mut outputs: Vec<Vec<String>> = vec![Vec::new(); block.steps.len()];
    let mut current = None;
    for line in text.lines() {
        if let Some(n) = (0..block.steps.len()).find(|&n| line == marker(n)) {
            current = Some(n);
        } else if let Some(n) = current {
            outputs[n].push(line.to_owned());
        }
    }
    for o in &mut outputs {
        while o.last().is_some_and(|l| l.is_empty()) {
            o.pop();
        }
    }
    outputs
}

/// The pages whose blocks run: `README.md`, then every `.md` file under `docs/`, in path order.
fn pages(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "md") {
                out.push(path);
            }
        }
    }
    let mut docs = Vec::new();
    walk(&root.join("docs"), &mut docs);
    docs.sort();
    std::iter::once(root.join("README.md"))
        .chain(docs)
        .collect()
}

#[test]
fn every_console_block_prints_what_the_docs_show() {
    let root = common::root();
    // `validgen` on PATH is the binary under test.
    let bin_dir = tempfile::tempdir().expect("temp dir");
    let bin = Path::new(env!("CARGO_BIN_EXE_validgen"));
    std::os::unix::fs::symlink(bin, bin_dir.path().join("validgen")).expect("symlink");
    let mut failures = Vec::new();
    let mut counted = 0;
    for page in pages(&root) {
        let name = page
            .strip_prefix(&root)
            .unwrap_or(&page)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{name}: {e}"));
        let blocks = blocks(&text);
        counted += blocks.len();
        for block in &blocks {
            let outputs = run(block, &root, bin_dir.path());
            for (step, got) in block.steps.iter().zip(outputs) {
                if got != step.expected {
                    failures.push(format!(
                        "{name} block at line {}: `$ {}`\n--- {name}\n{}\n--- got\n{}",
                        block.line,
                        step.command,
                        step.expected.join("\n"),
                        got.join("\n")
                    ));
                }
            }
        }
    }
    // The README's main job and quick starts, and the reference pages' examples.
    assert!(counted >= 20, "console blocks found: {counted}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn blocks_are_cut_into_commands_and_outputs() {
    let text = "x\n<!-- readme-test: fresh target/a -->\n```console\n$ a \\\n  b\none\n\n$ c\n```\n```console\n$ d\n```\n";
    let blocks = blocks(text);
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0].line, 3);
    assert_eq!(blocks[0].fresh.as_deref(), Some("target/a"));
    assert_eq!(blocks[0].steps[0].command, "a \\\n  b");
    assert_eq!(blocks[0].steps[0].expected, vec!["one"]);
    assert!(blocks[0].steps[1].expected.is_empty());
    assert_eq!(blocks[1].fresh, None);
    assert_eq!(blocks[1].steps[0].command, "d");
}
