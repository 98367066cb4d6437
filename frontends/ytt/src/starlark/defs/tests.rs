//! The interpreter of `def` bodies against starlark-go's behaviour (texts as ytt 0.48 prints
//! them, checked against the real binary; see `tests/conformance/ytt/packages.jsonl`).

use std::borrow::Cow;

use serde_json::json;

use super::*;

fn module(code: &str) -> Result<Module, LoadError> {
    let lines = code
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim().to_owned()))
        .filter(|(_, l)| !l.is_empty())
        .collect();
    Module::from_lines("h.star", lines, &[])
}

fn run(code: &str, name: &str, args: Vec<Val<'_>>) -> String {
    match module(code) {
        Ok(m) => m.call(name, args).map_or_else(|e| e, |v| v.repr()),
        Err((line, e)) => format!("{line}: {e}"),
    }
}

const SUM: &str = "
def total(v, lim=3):
  t = 0
  for i in range(len(v)):
    t += v[i]
  end
  if t > lim:
    fail(\"too big: {}\".format(t))
  elif t == 0:
    return False
  else:
    t = t * 2
  end
  return t
end
";

#[test]
fn statements_run_as_starlark_go() {
    let data = json!([1, 3]);
    assert_eq!(
        run(SUM, "total", vec![Val::Fragment(&data)]),
        "fail: too big: 4"
    );
    assert_eq!(
        run(SUM, "total", vec![Val::Fragment(&data), Val::Int(10)]),
        "8"
    );
    let empty = json!([]);
    assert_eq!(run(SUM, "total", vec![Val::Fragment(&empty)]), "False");
    assert_eq!(
        run(SUM, "total", vec![]),
        "function total missing 1 argument (v)"
    );
    assert_eq!(
        run(SUM, "total", vec![Val::None, Val::None, Val::None]),
        "function total accepts at most 2 positional arguments (3 given)"
    );
}

#[test]
fn loops_break_continue_and_dicts() {
    let code = "
def first_big(m):
  for k in m:
    if m[k] < 5:
      continue
    end
    return k
  end
  return None
end
def pairs():
  out = []
  for a, b in [(1, 2), (3, 4)]:
    out = out + [a + b]
    if a > 2:
      break
    end
  end
  return out
end
def lookup(d):
  return {\"a\": 1}[d]
end
";
    let m = json!({"x": 1, "y": 9});
    assert_eq!(run(code, "first_big", vec![Val::Fragment(&m)]), "\"y\"");
    assert_eq!(run(code, "pairs", vec![]), "[3, 7]");
    assert_eq!(
        run(code, "lookup", vec![Val::Str(Cow::Borrowed("b"))]),
        "key \"b\" not in dict"
    );
}

#[test]
fn calls_between_functions_and_recursion() {
    let code = "
def f(v, unused):
  return g(v) + 1
end
def g(v):
  return v * 2
end
def r(v):
  return r(v)
end
";
    assert_eq!(run(code, "f", vec![Val::Int(2), Val::None]), "5");
    assert_eq!(
        run(code, "r", vec![Val::Int(1)]),
        "function r called recursively"
    );
}

#[test]
fn a_loop_that_does_not_end_fails_closed() {
    let code = "
def spin(v):
  for i in range(1000000000000):
    v = v + 1
  end
  return True
end
def slow(v):
  n = 0
  for i in range(50000):
    for j in range(50000):
      n += 1
    end
  end
  return True
end
";
    for f in ["spin", "slow"] {
        let got = run(code, f, vec![Val::Int(0)]);
        assert!(
            got.starts_with("validgen: h.star:") && got.contains("more than 100000 steps"),
            "{got}"
        );
    }
}

#[test]
fn load_errors_at_their_line() {
    assert_eq!(
        run("def f(v):\nif v:\npass\nend\nend", "f", vec![]),
        "3: use of reserved keyword 'pass' is not allowed"
    );
    assert_eq!(
        run("def f(v):\nreturn w\nend", "f", vec![]),
        "2: undefined: w"
    );
    assert_eq!(
        run("def f(v):\nreturn v", "f", vec![]),
        "1: mismatched set of block openings (if/else/elif/for/def) and closing (end)"
    );
    assert_eq!(
        run("def f(v):\nbreak\nend", "f", vec![]),
        "2: break not in a loop"
    );
    assert!(run("def f(v):\nv[0] = 1\nend", "f", vec![]).starts_with("2: unsupported"));
    assert_eq!(
        run(
            "def f(v):\nx = y\ny = 1\nreturn x\nend",
            "f",
            vec![Val::None]
        ),
        "local variable y referenced before assignment"
    );
}

#[test]
fn source_round_trips() {
    let m = module(SUM).unwrap_or_else(|e| panic!("{e:?}"));
    let again = Module::parse(&m.source());
    assert_eq!(again.as_ref().map(Module::source), Ok(m.source()));
    let data = json!([1]);
    assert_eq!(
        again.map(|m| m
            .call("total", vec![Val::Fragment(&data)])
            .map(|v| v.repr())),
        Ok(Ok("2".to_owned()))
    );
}

/// Checked against ytt 0.48.0 (a schema rule `lambda v: run(v)` loading this file, `v` = 3):
/// its `found:` is this text.
const CLOSURES: &str = r#"
load("@ytt:assert", "assert")
def later(v):
  x = 1
  g = lambda: x + v
  x = 2
  return g()
end
def seq(v):
  return v + 1
end
checks = [seq, later]
def run(v):
  out = []
  for c in checks:
    out = out + [c(v)]
  end
  r = assert.try_to(lambda: fail("no"))
  s = assert.try_to(lambda: v["missing"])
  fail(str(out) + " " + str(r) + " " + str(s) + " " + str(seq) + " " + str(assert.try_to) + " " + str(type(assert.try_to)) + " " + str(type(seq)) + " " + str(lambda: 1))
end
"#;

#[test]
fn globals_function_values_closures_and_assert_as_starlark_go() {
    assert_eq!(
        run(CLOSURES, "run", vec![Val::Int(3)]),
        r#"fail: [4, 5] (None, "fail: no") (None, "unhandled index operation int[string]") <function seq> <built-in function assert.try_to> builtin_function_or_method function <function lambda>"#
    );
    assert_eq!(
        run("def f(v):\n  g = len\n  return g(v)\nend\n", "f", vec![]),
        "2: unsupported Starlark: the builtin len as a value"
    );
    assert_eq!(
        run(
            "def f(v):\n  g = 1\n  return g(v)\nend\n",
            "f",
            vec![Val::Int(1)]
        ),
        "invalid call of non-function (int)"
    );
    assert_eq!(
        run("checks = [f]\ndef f(v):\n  return v\nend\n", "f", vec![]),
        "1: global variable f referenced before assignment"
    );
    assert_eq!(
        run(
            "load(\"@ytt:struct\", \"struct\")\ndef f(v):\n  return struct.make(a=v)\nend\n",
            "f",
            vec![]
        ),
        "3: unsupported Starlark: `struct.make` (of `@ytt:struct`; validgen runs assert.fail, assert.try_to)"
    );
}

#[test]
fn the_budget_is_not_caught_by_try_to() {
    let code = "load(\"@ytt:assert\", \"assert\")\ndef spin(v):\n  for i in range(v):\n    i += 1\n  end\nend\ndef f(v):\n  return assert.try_to(lambda: spin(v))\nend\n";
    assert!(run(code, "f", vec![Val::Int(200_000)]).contains("ran more than 100000 steps"));
    assert_eq!(run(code, "f", vec![Val::Int(3)]), "(None, None)");
}
