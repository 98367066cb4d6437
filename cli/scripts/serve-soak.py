#!/usr/bin/env python3
"""Soak test of `validgen serve`: steady load, catalog reloads and certificate rotations.

Starts the given `validgen` binary on a loopback port with a copy of a template catalog and a
certificate signed by a throw-away CA, then for --minutes:

- --clients threads post AdmissionReviews without pause, each over one keep-alive connection
  that it replaces every --reconnect requests (so that new handshakes meet rotated
  certificates). The reviews are the recorded conformance cases that carry their rules in the
  VM (the verdict, allowed and status code, must be the recorded reference's) and the
  example VMs that name a template of the catalog; every answer must equal, byte for byte,
  the first answer given to the same review (the catalog's rewrites below change no rule);
- every --rotate seconds a new leaf certificate and key are swapped in as the kubelet swaps a
  Secret's files (one rename of the `..data` link), and a catalog file is rewritten (its text
  alternates between the original and the original with a comment line);
- /proc/PID/status is read every 5 s (VmRSS) and /metrics every --rotate seconds.

At the end the server gets SIGTERM, and a JSON summary is printed: requests, failures (any
status but 200, a body differing from the expected one, a connection error), reloads by kind
and result, the RSS after the warm-up (--warmup seconds) and at the end, and the log's
ERROR/WARN lines. The exit status is 1 when anything failed, a reload failed, the server
did not stop cleanly, or the RSS at the end is more than 10 % over the warm-up value.

Needs Python 3 with PyYAML (to read the example VMs) and the openssl command.

    cargo build --release -p validgen-cli
    python3 cli/scripts/serve-soak.py --binary target/release/validgen --minutes 30
"""

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def openssl(*args):
    subprocess.run(["openssl", *args], check=True, capture_output=True)


def make_ca(d):
    key, crt = os.path.join(d, "ca.key"), os.path.join(d, "ca.crt")
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", key, "-out", crt, "-subj", "/CN=validgen soak CA", "-days", "2")
    return key, crt


def make_leaf(d, ca_key, ca_crt, serial):
    """Writes tls.key and tls.crt under d (a new folder) for 127.0.0.1, with `serial`."""
    os.makedirs(d)
    key, csr, crt = (os.path.join(d, n) for n in ("tls.key", "tls.csr", "tls.crt"))
    ext = os.path.join(d, "ext.cnf")
    with open(ext, "w") as f:
        f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", key, "-out", csr, "-subj", "/CN=localhost")
    openssl("x509", "-req", "-in", csr, "-CA", ca_crt, "-CAkey", ca_key, "-set_serial",
            str(serial), "-days", "1", "-extfile", ext, "-out", crt)
    os.remove(csr)
    os.remove(ext)


def swap_secret(secret_dir, ca_key, ca_crt, serial):
    """As the kubelet updates a mounted Secret: a new timestamped folder, then one atomic
    rename of the `..data` link the files point through."""
    name = "..%d" % serial
    make_leaf(os.path.join(secret_dir, name), ca_key, ca_crt, serial)
    tmp = os.path.join(secret_dir, "..data_tmp")
    os.symlink(name, tmp)
    old = os.readlink(os.path.join(secret_dir, "..data")) if os.path.islink(
        os.path.join(secret_dir, "..data")) else None
    os.rename(tmp, os.path.join(secret_dir, "..data"))
    for f in ("tls.crt", "tls.key"):
        p = os.path.join(secret_dir, f)
        if not os.path.islink(p):
            os.symlink(os.path.join("..data", f), p)
    if old:
        shutil.rmtree(os.path.join(secret_dir, old))


def review(vm, uid):
    return json.dumps({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
                       "request": {"uid": uid,
                                   "kind": {"group": "kubevirt.io", "version": "v1",
                                            "kind": "VirtualMachine"},
                                   "resource": {"group": "kubevirt.io", "version": "v1",
                                                "resource": "virtualmachines"},
                                   "namespace": "default", "operation": "CREATE",
                                   "object": vm}}, separators=(",", ":")).encode()


def verdict(body):
    """(allowed, status code) of an AdmissionReview response body: what the recorded
    reference decided. Messages are not compared: validgen words malformed rule sets and
    warnings its own way, as README and SEMANTICS.md say (`tests/it` holds them)."""
    r = json.loads(body)["response"]
    return (r["allowed"], r.get("status", {}).get("code"))


def load_work():
    """(label, body, recorded verdict or None) for every review of the load."""
    work = []
    with open(os.path.join(ROOT, "tests/conformance/cases.jsonl")) as f:
        for line in f:
            c = json.loads(line)
            e = c["expected"]
            if (c["input"].get("templates") or c.get("nondeterministic")
                    or c.get("reference_panicked") or e.get("mode") != "webhook"
                    or e.get("http_status") != 200 or not e.get("response_body")):
                continue
            uid = "oracle-" + c["id"]
            work.append((c["id"], review(c["input"]["vm"], uid),
                         verdict(e["response_body"].encode())))
    vms = os.path.join(ROOT, "examples/vms/processed")
    for name in sorted(os.listdir(vms)):
        with open(os.path.join(vms, name)) as f:
            for i, vm in enumerate(yaml.safe_load_all(f)):
                if vm:
                    work.append(("%s#%d" % (name, i), review(vm, "soak-%s-%d" % (name, i)), None))
    return work


class Totals:
    def __init__(self):
        self.lock = threading.Lock()
        self.requests = 0
        self.failures = []
        self.first = {}

    def fail(self, what):
        with self.lock:
            if len(self.failures) < 50:
                self.failures.append(what)
            else:
                self.failures[-1] = "… and more"


def client(port, ctx, work, totals, stop, reconnect, seed):
    rnd = random.Random(seed)
    conn, used = None, 0
    while not stop.is_set():
        label, body, expected = work[rnd.randrange(len(work))]
        try:
            if conn is None or used >= reconnect:
                if conn:
                    conn.close()
                conn, used = http.client.HTTPSConnection("127.0.0.1", port, context=ctx,
                                                         timeout=30), 0
            conn.request("POST", "/virtualmachine-validate", body=body,
                         headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            data = r.read()
            used += 1
            if r.status != 200:
                totals.fail("%s: status %d %r" % (label, r.status, data[:200]))
            elif expected is not None and verdict(data) != expected:
                totals.fail("%s: verdict %r, recorded %r" % (label, verdict(data), expected))
            else:
                with totals.lock:
                    first = totals.first.setdefault(label, data)
                if first != data:
                    totals.fail("%s: answer changed: %r then %r" % (label, first[:300],
                                                                    data[:300]))
            with totals.lock:
                totals.requests += 1
        except (OSError, http.client.HTTPException) as e:
            totals.fail("%s: %s: %s" % (label, type(e).__name__, e))
            if conn:
                conn.close()
            conn = None
    if conn:
        conn.close()


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def metrics(port, ctx):
    c = http.client.HTTPSConnection("127.0.0.1", port, context=ctx, timeout=10)
    c.request("GET", "/metrics")
    text = c.getresponse().read().decode()
    c.close()
    reloads = {}
    for line in text.splitlines():
        if line.startswith("validgen_webhook_reloads_total{"):
            labels, value = line.rsplit(" ", 1)
            reloads[labels[len("validgen_webhook_reloads_total"):]] = int(float(value))
    return reloads


def served_serial(port, ctx):
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        with ctx.wrap_socket(s, server_hostname="127.0.0.1") as t:
            der = t.getpeercert(binary_form=True)
    out = subprocess.run(["openssl", "x509", "-inform", "DER", "-noout", "-serial"], input=der,
                         capture_output=True, check=True).stdout.decode()
    return int(out.strip().split("=")[1], 16)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", required=True)
    p.add_argument("--minutes", type=float, default=30)
    p.add_argument("--rotate", type=float, default=60, help="seconds between rotations")
    p.add_argument("--warmup", type=float, default=120, help="seconds before the RSS baseline")
    p.add_argument("--clients", type=int, default=4)
    p.add_argument("--reconnect", type=int, default=200, help="requests per connection")
    p.add_argument("--catalog", default=os.path.join(ROOT, "examples/common-templates/templates"))
    a = p.parse_args()

    work = load_work()
    d = tempfile.mkdtemp(prefix="validgen-soak-")
    catalog = os.path.join(d, "catalog")
    shutil.copytree(a.catalog, catalog)
    rewritten = os.path.join(catalog, sorted(n for n in os.listdir(catalog)
                                             if n.endswith(".yaml"))[0])
    original = open(rewritten, "rb").read()
    secret = os.path.join(d, "secret")
    os.makedirs(secret)
    ca_key, ca_crt = make_ca(d)
    serial = 1
    swap_secret(secret, ca_key, ca_crt, serial)
    ctx = ssl.create_default_context(cafile=ca_crt)
    port = free_port()
    log = open(os.path.join(d, "serve.log"), "w+")
    server = subprocess.Popen([a.binary, "serve", "--templates", catalog,
                               "--tls-cert", os.path.join(secret, "tls.crt"),
                               "--tls-key", os.path.join(secret, "tls.key"),
                               "--listen", "127.0.0.1:%d" % port],
                              stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            c = http.client.HTTPSConnection("127.0.0.1", port, context=ctx, timeout=2)
            c.request("GET", "/readyz")
            if c.getresponse().status == 200:
                break
        except OSError:
            time.sleep(0.1)
    else:
        sys.exit("the server did not become ready; log in " + log.name)

    totals, stop = Totals(), threading.Event()
    threads = [threading.Thread(target=client, args=(port, ctx, work, totals, stop, a.reconnect,
                                                     i)) for i in range(a.clients)]
    for t in threads:
        t.start()
    start = time.time()
    end = start + a.minutes * 60
    next_rotation = start + a.rotate
    samples, rotations, serial_misses = [], [], 0
    while time.time() < end:
        time.sleep(5)
        now = time.time()
        samples.append((round(now - start), rss_kib(server.pid), totals.requests))
        if now >= next_rotation:
            next_rotation += a.rotate
            serial += 1
            swap_secret(secret, ca_key, ca_crt, serial)
            text = original if serial % 2 else original + b"\n# soak rewrite %d\n" % serial
            tmp = rewritten + ".tmp"
            with open(tmp, "wb") as f:
                f.write(text)
            os.rename(tmp, rewritten)
            time.sleep(3)  # the default --reload-interval is 1 s
            seen = served_serial(port, ctx)
            if seen != serial:
                serial_misses += 1
            rotations.append({"at_s": round(now - start), "serial": serial, "served": seen,
                              "reloads": metrics(port, ctx)})
    stop.set()
    for t in threads:
        t.join()
    reloads = metrics(port, ctx)
    server.send_signal(signal.SIGTERM)
    code = server.wait(timeout=60)
    log.seek(0)
    bad_lines = [l.rstrip("\n") for l in log if " ERROR " in l or " WARN " in l]

    baseline = next((r for t, r, _ in samples if t >= a.warmup), None)
    final = samples[-1][1] if samples else None
    growth = (final - baseline) / baseline if baseline and final else None
    summary = {
        "minutes": a.minutes, "clients": a.clients, "reviews_in_load": len(work),
        "requests": totals.requests,
        "requests_per_s": round(totals.requests / (time.time() - start), 1),
        "failures": totals.failures, "rotations": len(rotations),
        "served_serial_misses": serial_misses, "reloads": reloads,
        "rss_kib_after_warmup": baseline, "rss_kib_at_end": final,
        "rss_kib_max": max((r for _, r, _ in samples), default=None),
        "rss_growth": None if growth is None else round(growth, 4),
        "exit_status": code, "log_error_or_warn_lines": bad_lines[:20],
        "rss_samples": samples[::12], "work_dir": d,
    }
    print(json.dumps(summary, indent=1))
    ok = (not totals.failures and not serial_misses and code == 0 and not bad_lines
          and all(v == 0 for k, v in reloads.items() if 'result="error"' in k)
          and growth is not None and growth <= 0.10)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
