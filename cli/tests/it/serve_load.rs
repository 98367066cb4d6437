//! Load test of `validgen serve` on loopback (ignored in the normal suite: it measures, it does
//! not assert a speed). Run it on an optimised build:
//!
//! ```sh
//! cargo test --release -p validgen-cli --test serve_load -- --ignored --nocapture
//! ```
//!
//! It starts the `validgen` binary (a separate process, as in a cluster) with the bundled
//! common-templates catalog and a fresh self-signed certificate, then sends `LOAD_REQUESTS`
//! reviews (default 50 000, after 1 000 unmeasured warm-up ones) over `LOAD_CONNECTIONS`
//! keep-alive HTTPS connections (default 8), stopping early after `LOAD_SECONDS` (default 60).
//! The reviews are the processed default VM of each of the 172 common templates (their own
//! rule sets, as VMs created from the templates carry them), taken from the conformance cases:
//! a realistic mix of allowed and denied VMs. `LOAD_VMS=plain` sends the same VMs without their
//! rules instead (nothing to evaluate: the cost of HTTPS, decoding and answering alone). It
//! prints requests/s and latency percentiles, and fails only on an error answer.

use crate::serve_support;

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use hyper::body::Bytes;
use serde_json::Value;

use serve_support::{Client, connect, review_body, self_signed, spawn_binary, write_cert};

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The review bodies: each common template's default VM, without its rules if `plain`.
fn bodies(plain: bool) -> Vec<Bytes> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/conformance/cases.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("read cases.jsonl");
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|c| {
            c["group"] == "catalog" && c["id"].as_str().is_some_and(|id| id.ends_with("-default"))
        })
        .enumerate()
        .map(|(i, c)| {
            let mut vm = c["input"]["vm"].clone();
            if plain && let Some(a) = vm["metadata"]["annotations"].as_object_mut() {
                a.remove("vm.kubevirt.io/validations");
            }
            Bytes::from(review_body(&format!("load-{i}"), &vm))
        })
        .collect()
}

/// CPU time (user + system) the process `pid` has used, from `/proc` (Linux; `None` elsewhere).
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    // USER_HZ is 100 on Linux.
    Some(Duration::from_millis(ticks * 10))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "load test: run with --release -- --ignored --nocapture"]
async fn webhook_load() {
    let requests = env_usize("LOAD_REQUESTS", 50_000);
    let connections = env_usize("LOAD_CONNECTIONS", 8).max(1);
    let seconds = env_usize("LOAD_SECONDS", 60) as u64;
    let plain = std::env::var("LOAD_VMS").is_ok_and(|v| v == "plain");
    let bodies = Arc::new(bodies(plain));
    assert_eq!(bodies.len(), 172, "one default VM per common template");

    let dir = tempfile::tempdir().expect("temporary folder");
    let cert = self_signed();
    let (cert_file, key_file) = write_cert(dir.path(), &cert);
    let templates = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/common-templates/templates"
    );
    let (mut child, mut log, addr) = spawn_binary(templates, &cert_file, &key_file);
    // The server logs every denial at info: drain it as a log collector would.
    let drain = std::thread::spawn(move || std::io::copy(&mut log, &mut std::io::sink()));

    let mut clients = Vec::new();
    for _ in 0..connections {
        clients.push(Client::over(connect(addr, &[&cert.der]).await).await);
    }
    // Warm-up (not measured): connections, caches, the allocator.
    for (i, c) in clients.iter_mut().enumerate() {
        for j in 0..1000 / connections {
            let r = c.review(bodies[(i + j) % bodies.len()].clone()).await;
            assert_eq!(r.status, 200, "warm-up answer");
        }
    }

    let next = Arc::new(AtomicUsize::new(0));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let server_cpu_before = cpu_time(child.id());
    let client_cpu_before = cpu_time(std::process::id());
    let start = Instant::now();
    let mut tasks = Vec::new();
    for mut c in clients {
        let (next, bodies) = (next.clone(), bodies.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut errors = 0usize;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= requests || Instant::now() >= deadline {
                    break;
                }
                let t = Instant::now();
                let r = c.review(bodies[i % bodies.len()].clone()).await;
                latencies.push(t.elapsed());
                if r.status != 200 || r.body.is_empty() {
                    errors += 1;
                }
            }
            (latencies, errors)
        }));
    }
    let mut latencies = Vec::new();
    let mut errors = 0;
    for t in tasks {
        let (l, e) = t.await.expect("client task");
        latencies.extend(l);
        errors += e;
    }
    let wall = start.elapsed();
    let server_cpu = cpu_time(child.id())
        .zip(server_cpu_before)
        .map(|(after, before)| after.saturating_sub(before));
    let client_cpu = cpu_time(std::process::id())
        .zip(client_cpu_before)
        .map(|(after, before)| after.saturating_sub(before));
    latencies.sort_unstable();
    let done = latencies.len();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "webhook load ({} VMs): {done} requests over {connections} connections in {:.2} s: \
         {:.0} req/s; latency p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms; \
         {errors} errors",
        if plain { "plain" } else { "catalog" },
        wall.as_secs_f64(),
        done as f64 / wall.as_secs_f64(),
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.90)),
        ms(percentile(&latencies, 0.99)),
        ms(percentile(&latencies, 1.0)),
    );
    if let (Some(server), Some(client)) = (server_cpu, client_cpu) {
        let per = |d: Duration| d.as_secs_f64() * 1e6 / done as f64;
        println!(
            "CPU per request: server {:.0} µs, client {:.0} µs (same two cores; load average \
             {})",
            per(server),
            per(client),
            std::fs::read_to_string("/proc/loadavg")
                .unwrap_or_default()
                .trim()
        );
    }

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(status.success());
    let exit = child.wait().expect("wait for the server");
    let _ = drain.join();
    assert_eq!(exit.code(), Some(0), "graceful stop");
    assert_eq!(errors, 0, "every review answered 200");
}
