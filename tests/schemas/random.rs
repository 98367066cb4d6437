//! Random JSON Schemas, generated deterministically (a seeded LCG, no proptest: `build.rs`
//! runs it), and instances shaped to meet them. Shared by `build.rs` (which compiles each
//! schema with `validgen-codegen`) and `tests/json_schema_random.rs` (which regenerates the
//! same schemas, interprets them and compares the reports with the compiled validators').
//!
//! Every keyword validgen applies appears: `type` (one or a list), `enum`, `const`, numeric
//! bounds (exclusive too), `multipleOf` (fractional too), string lengths, `pattern`,
//! `items`/`prefixItems`, `contains` with `minContains`/`maxContains`, item counts,
//! `uniqueItems`, `properties`/`required`/`additionalProperties` (boolean and schema)/
//! `patternProperties`/`propertyNames`, property counts, `dependentRequired`/
//! `dependentSchemas`, `allOf`/`anyOf`/`oneOf`/`not`, `if`/`then`/`else`,
//! `unevaluatedProperties`/`unevaluatedItems` (over whatever siblings the schema has),
//! boolean schemas,
//! `$defs` with `$ref` (recursive too), `errorMessage` strings and objects; one schema in
//! four is rewritten in draft-07 forms (`items` arrays, `additionalItems`, `definitions`,
//! `dependencies`) under draft-07's `$schema`.

use serde_json::{Map, Value, json};

/// How many schemas are generated.
pub const COUNT: usize = 150;

/// Property names the schemas use (and the instances meet).
pub const NAMES: &[&str] = &["a", "b", "foo", "x-1", "n"];
/// ECMA-262 patterns within what validgen compiles.
pub const PATTERNS: &[&str] = &[
    "^a",
    "b$",
    "^[a-z]+$",
    "\\d",
    "^.{2,3}$",
    "a|b",
    "^\\w+$",
    "^(?:ab)+$",
    "[^x]",
    "^$",
    "é",
    "^x-",
];
/// Strings the instances hold: matching and not matching the patterns, around the lengths.
pub const STRINGS: &[&str] = &[
    "", "a", "ab", "abab", "foo", "b1", "xyz", "é", "a b", "Ab", "9", "😀", "x-1", "bb", "\n",
    "aaaa",
];
/// `multipleOf` values, integer and fractional.
const MULTIPLES: &[f64] = &[1.0, 2.0, 3.0, 0.5, 1.5, 0.25, 0.1, 0.01];
/// Numbers for bounds, `enum` and `const`.
const NUMBERS: &[f64] = &[0.0, 1.0, 2.0, 3.0, -1.0, 2.5, 10.0, 0.1, 100.0];

/// A small deterministic generator (64-bit LCG), as in `build.rs`.
pub struct Lcg(pub u64);

impl Lcg {
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }

    /// True one time in `n`.
    pub fn chance(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    fn pick<'a, T>(&mut self, list: &'a [T]) -> &'a T {
        &list[self.below(list.len())]
    }
}

/// A number as JSON: integers without a fraction.
fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// A literal value (for `enum` and `const`).
fn literal(g: &mut Lcg, depth: u32) -> Value {
    match g.below(if depth > 1 { 5 } else { 7 }) {
        0 => Value::Null,
        1 => json!(g.chance(2)),
        2 => number(*g.pick(NUMBERS)),
        3 | 4 => json!(*g.pick(STRINGS)),
        5 => Value::Array((0..g.below(3)).map(|_| literal(g, depth + 1)).collect()),
        _ => {
            let mut m = Map::new();
            for _ in 0..g.below(3) {
                m.insert((*g.pick(NAMES)).to_owned(), literal(g, depth + 1));
            }
            Value::Object(m)
        }
    }
}

/// Some of `NAMES` (at least `min`).
fn names(g: &mut Lcg, min: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for n in NAMES {
        if g.chance(3) {
            out.push((*n).to_owned());
        }
    }
    while out.len() < min {
        let n = (*g.pick(NAMES)).to_owned();
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

/// One keyword (or a group of related ones) that holds no schema; `$ref` too when `can_ref`.
fn leaf(g: &mut Lcg, can_ref: bool, out: &mut Map<String, Value>) {
    let types = [
        "null", "boolean", "integer", "number", "string", "array", "object",
    ];
    match g.below(if can_ref { 16 } else { 14 }) {
        0 => {
            let t = if g.chance(3) {
                let mut list: Vec<&str> = types.iter().copied().filter(|_| g.chance(3)).collect();
                if list.is_empty() {
                    list.push(*g.pick(&types));
                }
                json!(list)
            } else {
                json!(*g.pick(&types))
            };
            out.insert("type".into(), t);
        }
        1 => {
            let values: Vec<Value> = (0..1 + g.below(4)).map(|_| literal(g, 0)).collect();
            out.insert("enum".into(), Value::Array(values));
        }
        2 => {
            out.insert("const".into(), literal(g, 0));
        }
        3 | 4 => {
            let k = *g.pick(&["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]);
            out.insert(k.into(), number(*g.pick(NUMBERS)));
        }
        5 => {
            out.insert("multipleOf".into(), number(*g.pick(MULTIPLES)));
        }
        6 => {
            let k = *g.pick(&["minLength", "maxLength"]);
            out.insert(k.into(), json!(g.below(5)));
        }
        7 => {
            out.insert("pattern".into(), json!(g.pick(PATTERNS)));
        }
        8 => {
            let k = *g.pick(&["minItems", "maxItems"]);
            out.insert(k.into(), json!(g.below(4)));
        }
        9 => {
            out.insert("uniqueItems".into(), json!(!g.chance(4)));
        }
        10 => {
            out.insert("required".into(), json!(names(g, 1)));
        }
        11 => {
            let k = *g.pick(&["minProperties", "maxProperties"]);
            out.insert(k.into(), json!(g.below(4)));
        }
        12 => {
            let mut m = Map::new();
            for n in names(g, 1) {
                m.insert(n, json!(names(g, 0)));
            }
            out.insert("dependentRequired".into(), Value::Object(m));
        }
        13 => {
            out.insert("format".into(), json!("date"));
        }
        _ => {
            let r = *g.pick(&["#", "#/$defs/d0", "#/$defs/list", "#/$defs/tree"]);
            out.insert("$ref".into(), json!(r));
        }
    }
}

/// A random schema nested up to `depth` deep: a boolean schema now and then, otherwise one
/// to three keyword groups and sometimes an `errorMessage`. `$ref`s only appear below a
/// keyword that moves to a child of the instance (`can_ref`), so that no chain of references
/// comes back to the same instance location.
pub fn schema(g: &mut Lcg, depth: u32, can_ref: bool) -> Value {
    if g.chance(8) {
        return json!(!g.chance(3));
    }
    let mut map = Map::new();
    for _ in 0..1 + g.below(3) {
        if depth == 0 || g.chance(2) {
            leaf(g, can_ref, &mut map);
        } else {
            applicator(g, depth - 1, can_ref, &mut map);
        }
    }
    if g.chance(6) {
        let message = if g.chance(2) {
            json!("custom message")
        } else {
            let mut m = Map::new();
            let keys: Vec<String> = map.keys().cloned().collect();
            if let Some(k) = keys.first() {
                m.insert(k.clone(), json!(format!("{k} failed")));
            }
            if g.chance(2) {
                m.insert("_".into(), json!("something else failed"));
            }
            if let Some(Value::Object(p)) = map.get("properties")
                && let Some(name) = p.keys().next()
            {
                m.insert("properties".into(), json!({ name.clone(): "bad property" }));
            }
            if let Some(Value::Array(r)) = map.get("required")
                && let Some(name) = r.first().and_then(Value::as_str)
            {
                m.insert(
                    "required".into(),
                    json!({ name: format!("{name} is required") }),
                );
            }
            Value::Object(m)
        };
        map.insert("errorMessage".into(), message);
    }
    Value::Object(map)
}

/// A keyword (or group) holding schemas.
fn applicator(g: &mut Lcg, depth: u32, can_ref: bool, out: &mut Map<String, Value>) {
    match g.below(15) {
        0 => {
            out.insert("items".into(), schema(g, depth, true));
        }
        1 => {
            let list: Vec<Value> = (0..1 + g.below(2))
                .map(|_| schema(g, depth, true))
                .collect();
            out.insert("prefixItems".into(), Value::Array(list));
            if g.chance(2) {
                out.insert("items".into(), schema(g, depth, true));
            }
        }
        2 => {
            out.insert("contains".into(), schema(g, depth, true));
            if g.chance(2) {
                out.insert("minContains".into(), json!(g.below(3)));
            }
            if g.chance(2) {
                out.insert("maxContains".into(), json!(g.below(3)));
            }
        }
        3 | 4 => {
            let mut m = Map::new();
            for n in names(g, 1) {
                m.insert(n, schema(g, depth, true));
            }
            out.insert("properties".into(), Value::Object(m));
            if g.chance(2) {
                out.insert("required".into(), json!(names(g, 1)));
            }
            if g.chance(3) {
                out.insert("additionalProperties".into(), json!(g.chance(2)));
            }
        }
        5 => {
            out.insert("additionalProperties".into(), schema(g, depth, true));
        }
        6 => {
            let mut m = Map::new();
            for _ in 0..1 + g.below(2) {
                m.insert((*g.pick(PATTERNS)).to_owned(), schema(g, depth, true));
            }
            out.insert("patternProperties".into(), Value::Object(m));
        }
        7 => {
            out.insert("propertyNames".into(), schema(g, depth, true));
        }
        8 => {
            let mut m = Map::new();
            for n in names(g, 1) {
                m.insert(n, schema(g, depth, can_ref));
            }
            out.insert("dependentSchemas".into(), Value::Object(m));
        }
        9 | 10 => {
            let k = *g.pick(&["allOf", "anyOf", "oneOf"]);
            let list: Vec<Value> = (0..1 + g.below(3))
                .map(|_| schema(g, depth, can_ref))
                .collect();
            out.insert(k.into(), Value::Array(list));
        }
        11 => {
            out.insert("not".into(), schema(g, depth, can_ref));
        }
        12 | 13 => {
            let k = if g.chance(2) {
                "unevaluatedProperties"
            } else {
                "unevaluatedItems"
            };
            let v = if g.chance(2) {
                json!(false)
            } else {
                schema(g, depth, true)
            };
            out.insert(k.into(), v);
        }
        _ => {
            out.insert("if".into(), schema(g, depth, can_ref));
            if g.chance(4) != g.chance(4) || g.chance(2) {
                out.insert("then".into(), schema(g, depth, can_ref));
            }
            if g.chance(2) {
                out.insert("else".into(), schema(g, depth, can_ref));
            }
        }
    }
}

/// A root schema: random keywords, and `$defs` `d0` (random), `list` (a recursive linked
/// list) and `tree` (a recursive tree), which its `$ref`s may name.
fn root(g: &mut Lcg) -> Value {
    let mut map = match schema(g, 2, false) {
        Value::Object(m) => m,
        b => Map::from_iter([("allOf".to_owned(), json!([b]))]),
    };
    let d0 = schema(g, 1, false);
    let list = json!({
        "type": ["object", "null"],
        "properties": {"n": {"type": "integer"}, "foo": {"$ref": "#/$defs/list"}},
    });
    let tree = json!({
        "anyOf": [
            {"type": "string"},
            {"type": "array", "items": {"$ref": "#/$defs/tree"}, "maxItems": 3},
        ],
    });
    map.insert(
        "$defs".into(),
        json!({"d0": d0, "list": list, "tree": tree}),
    );
    Value::Object(map)
}

/// The draft-07 forms of a 2020-12 schema: `prefixItems` as an `items` array and `items`
/// beside it as `additionalItems`, `$defs` as `definitions`, `dependentRequired` and
/// `dependentSchemas` as `dependencies`; `minContains`/`maxContains` are dropped.
fn draft7(schema: Value) -> Value {
    let Value::Object(map) = schema else {
        return schema;
    };
    let each = |v: Value| -> Value {
        match v {
            Value::Array(list) => Value::Array(list.into_iter().map(draft7).collect()),
            Value::Object(m) => Value::Object(m.into_iter().map(|(k, s)| (k, draft7(s))).collect()),
            other => other,
        }
    };
    let prefix = map.contains_key("prefixItems");
    let mut out = Map::new();
    let mut dependencies = Map::new();
    for (k, v) in map {
        match k.as_str() {
            "$defs" => {
                out.insert("definitions".into(), each(v));
            }
            "$ref" => {
                let r = v
                    .as_str()
                    .unwrap_or_default()
                    .replace("$defs", "definitions");
                out.insert(k, json!(r));
            }
            "prefixItems" => {
                out.insert("items".into(), each(v));
            }
            "items" if prefix => {
                out.insert("additionalItems".into(), draft7(v));
            }
            // 2019-09 on: unknown in draft-07.
            "minContains" | "maxContains" | "unevaluatedProperties" | "unevaluatedItems" => {}
            "dependentRequired" | "dependentSchemas" => {
                if let Value::Object(m) = each(v) {
                    dependencies.extend(m);
                }
            }
            "properties" | "patternProperties" | "allOf" | "anyOf" | "oneOf" => {
                out.insert(k, each(v));
            }
            "items"
            | "contains"
            | "additionalProperties"
            | "propertyNames"
            | "not"
            | "if"
            | "then"
            | "else" => {
                out.insert(k, draft7(v));
            }
            _ => {
                out.insert(k, v);
            }
        }
    }
    if !dependencies.is_empty() {
        out.insert("dependencies".into(), Value::Object(dependencies));
    }
    Value::Object(out)
}

/// The `COUNT` schemas, each with its validator's name: the same on every call.
pub fn schemas() -> Vec<(String, Value)> {
    let mut g = Lcg(0x005c_4e3a);
    (0..COUNT)
        .map(|i| {
            let mut s = root(&mut g);
            if i % 4 == 3 {
                s = draft7(s);
                if let Value::Object(m) = &mut s {
                    m.insert(
                        "$schema".into(),
                        json!("http://json-schema.org/draft-07/schema#"),
                    );
                }
            }
            (format!("random_{i}"), s)
        })
        .collect()
}

/// The schema a `$ref` of the random schemas names.
#[allow(dead_code)]
fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    if reference == "#" {
        return Some(root);
    }
    let defs = root.get("$defs").or_else(|| root.get("definitions"))?;
    defs.get(reference.rsplit('/').next()?)
}

/// A value with no regard to any schema.
#[allow(dead_code)]
pub fn plain(g: &mut Lcg) -> Value {
    match g.below(8) {
        0 => Value::Null,
        1 => json!(g.chance(2)),
        2 | 3 => json!(g.below(9) as i64 - 3),
        4 => number(*g.pick(NUMBERS) + 0.5),
        _ => json!(*g.pick(STRINGS)),
    }
}

/// A number at or beside `n`.
#[allow(dead_code)]
fn around(n: &Value, g: &mut Lcg) -> Value {
    let Some(x) = n.as_f64() else {
        return n.clone();
    };
    match g.below(5) {
        0 | 1 => n.clone(),
        2 => number(x - 1.0),
        3 => number(x + 1.0),
        _ => number(x + 0.5),
    }
}

/// An instance shaped by `schema` (one of its keywords, picked at random, guides each
/// level): near-valid and near-invalid values both.
#[allow(dead_code)]
pub fn near(schema: &Value, root: &Value, g: &mut Lcg, depth: u32) -> Value {
    let Value::Object(map) = schema else {
        return plain(g);
    };
    let keys: Vec<&String> = map
        .keys()
        .filter(|k| {
            !matches!(
                k.as_str(),
                "$defs" | "definitions" | "$schema" | "errorMessage"
            )
        })
        .collect();
    if keys.is_empty() || depth > 6 || g.chance(10) {
        return plain(g);
    }
    let k = keys[g.below(keys.len())].as_str();
    let v = &map[k];
    let pick = |list: &Value, g: &mut Lcg| -> Option<Value> {
        let list = list.as_array()?;
        list.get(g.below(list.len())).cloned()
    };
    match k {
        "const" => v.clone(),
        "enum" => pick(v, g).unwrap_or(Value::Null),
        "type" => {
            let t = match v {
                Value::Array(_) => pick(v, g).unwrap_or_default(),
                one => one.clone(),
            };
            match t.as_str().unwrap_or_default() {
                "null" => Value::Null,
                "boolean" => json!(g.chance(2)),
                "integer" => json!(g.below(9) as i64 - 3),
                "number" => number(g.below(9) as f64 - 2.5),
                "string" => json!(*g.pick(STRINGS)),
                "array" => array_near(map, root, g, depth),
                _ => object_near(map, root, g, depth),
            }
        }
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" => around(v, g),
        "multipleOf" => {
            let m = v.as_f64().unwrap_or(1.0);
            let k = g.below(7) as f64 - 2.0;
            match g.below(3) {
                0 => number(m * k + 0.5),
                1 => number(k),
                _ => number(m * k),
            }
        }
        "minLength" | "maxLength" => {
            let n = (v.as_u64().unwrap_or(0) as usize + g.below(3)).saturating_sub(1);
            json!(if g.chance(2) { "é" } else { "a" }.repeat(n))
        }
        "pattern" | "format" => json!(*g.pick(STRINGS)),
        "minItems" | "maxItems" | "items" | "prefixItems" | "additionalItems" | "contains"
        | "minContains" | "maxContains" | "uniqueItems" | "unevaluatedItems" => {
            array_near(map, root, g, depth)
        }
        "properties"
        | "required"
        | "additionalProperties"
        | "patternProperties"
        | "propertyNames"
        | "minProperties"
        | "maxProperties"
        | "dependentRequired"
        | "dependentSchemas"
        | "dependencies"
        | "unevaluatedProperties" => object_near(map, root, g, depth),
        "allOf" | "anyOf" | "oneOf" => match pick(v, g) {
            Some(s) => near(&s, root, g, depth + 1),
            None => plain(g),
        },
        "not" => near(v, root, g, depth + 1),
        "if" | "then" | "else" => {
            let branches: Vec<&Value> = ["if", "then", "else"]
                .iter()
                .filter_map(|b| map.get(*b))
                .collect();
            near(branches[g.below(branches.len())], root, g, depth + 1)
        }
        "$ref" => match v.as_str().and_then(|r| resolve(root, r)) {
            Some(t) => near(t, root, g, depth + 1),
            None => plain(g),
        },
        _ => plain(g),
    }
}

/// An array shaped by the array keywords of `map`.
#[allow(dead_code)]
fn array_near(map: &Map<String, Value>, root: &Value, g: &mut Lcg, depth: u32) -> Value {
    let bound = ["minItems", "maxItems", "minContains", "maxContains"]
        .iter()
        .filter_map(|k| map.get(*k).and_then(Value::as_u64))
        .next();
    let len = match bound {
        Some(n) if g.chance(2) => (n as usize + g.below(3)).saturating_sub(1),
        _ => g.below(4),
    };
    let prefix: &[Value] = map
        .get("prefixItems")
        .or_else(|| map.get("items").filter(|i| i.is_array()))
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice);
    let rest = map
        .get("items")
        .filter(|i| !i.is_array())
        .or_else(|| map.get("additionalItems"))
        .or_else(|| map.get("unevaluatedItems"));
    let mut out = Vec::new();
    for i in 0..len {
        let s = match (prefix.get(i), map.get("contains")) {
            (Some(p), _) => Some(p),
            (None, Some(c)) if g.chance(2) => Some(c),
            _ => rest,
        };
        out.push(match s {
            Some(s) => near(s, root, g, depth + 1),
            None => plain(g),
        });
    }
    if !out.is_empty() && g.chance(3) {
        let dup = out[g.below(out.len())].clone();
        out.push(dup);
    }
    Value::Array(out)
}

/// An object shaped by the object keywords of `map`.
#[allow(dead_code)]
fn object_near(map: &Map<String, Value>, root: &Value, g: &mut Lcg, depth: u32) -> Value {
    let mut names: Vec<String> = NAMES.iter().map(|n| (*n).to_owned()).collect();
    names.extend(["ab".to_owned(), "9".to_owned()]);
    let mut out = Map::new();
    for n in names {
        if g.chance(2) {
            continue;
        }
        let s = map
            .get("properties")
            .and_then(|p| p.get(&n))
            .or_else(|| map.get("additionalProperties"))
            .or_else(|| map.get("unevaluatedProperties"));
        let v = match s {
            Some(s) => near(s, root, g, depth + 1),
            None => plain(g),
        };
        out.insert(n, v);
    }
    Value::Object(out)
}
