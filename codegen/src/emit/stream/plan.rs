//! The plan of a streamed verdict: which checks apply to each value the stream reads, and how
//! each is judged from what one pass over the value sees.
//!
//! A value is judged against a set of *goals* (lists of checks whose verdict its parent wants).
//! Each goal is expanded at the value: its `allOf`/`anyOf`/`oneOf`/`not`/`if` and `$ref`s
//! become a [`Formula`] over *atoms*, the checks left (leaves, and those that reach into
//! entries or items). On an array or an object, each atom is judged from the pass: by the
//! container's type or size, by the names of its keys, or by the verdicts of the goals its
//! entries and items get (a set of goals too: one generated function per distinct set). A
//! scalar is judged by each goal's checks directly (`scalar.rs`). What the pass cannot judge
//! (an array or object compared whole: `const`, `enum`, `uniqueItems`; one whose unevaluated
//! entries or items depend on which `anyOf`/`oneOf`/`if` branch holds, or on `contains`, known
//! only after its entries have gone by) is read into a tape and judged there by the tape path's
//! own verdict code. An `unevaluated*` whose evaluated set is static is an atom like
//! `additionalProperties`: its names become arms, its patterns dispatch, its positions items.
//!
//! The stream must answer as the tape path does, including its `$ref` budget and nesting limit
//! (see `validgen_core::checks::document::Stream`): it takes, at each value, at least the
//! evaluations the tape path takes there (it evaluates every goal whole, where the tape path
//! stops at a first failure), and steps aside where a set would be judged with a check reached
//! twice through `$ref`s (where the tape path would evaluate it twice) or where definitions
//! nest without end at one value.

use std::collections::{BTreeSet, HashMap};

use validgen_core::ir::evaluated::{static_items, static_properties};
use validgen_core::ir::{Check, JsonType, Measure, Regex, RuleSet};

/// A list of checks, by its place in [`Plan::lists`].
pub(super) type ListId = usize;

/// Most goals one value's function answers (the bits of its `u64`).
const MAX_GOALS: usize = 64;
/// Most functions one schema's stream adds to its catalog's; values judged by sets beyond are
/// read into tapes.
const MAX_NODES: usize = 2048;
/// Most atoms the goals of one value expand to.
const MAX_ATOMS: usize = 1024;
/// Most key names one object's entries are matched against (bits of a `u128`).
const MAX_ARMS: usize = 128;
/// Most patterns the keys no check names are matched against (each combination of matches
/// gets its own set of goals).
const MAX_PATTERNS: usize = 3;
/// Most array positions with goals of their own (`prefixItems`, `items` after them).
const MAX_POSITIONS: usize = 32;

/// A goal's verdict over the atoms of its value.
#[derive(Debug, Clone)]
pub(super) enum Formula {
    Known(bool),
    Atom(usize),
    All(Vec<Formula>),
    Any(Vec<Formula>),
    /// Exactly one holds.
    One(Vec<Formula>),
    Not(Box<Formula>),
    /// `if`, `then`, `else`.
    If(Box<[Formula; 3]>),
}

/// The streamed verdicts of a catalog's schemas, one plan for all: its rule set holds every
/// definition (`shared::Shared::catalog`, each named by its shared number), so that a list of
/// checks some schemas reach through the same definitions is one goal, and a set of goals one
/// node, whichever schema's document reaches it.
pub(super) struct Plan<'s> {
    pub set: &'s RuleSet,
    /// Every list of checks a goal names.
    pub lists: Vec<&'s [Check]>,
    list_ids: HashMap<(usize, usize), ListId>,
    printed_ids: HashMap<String, ListId>,
    /// One per distinct set of goals: node 0 is the document's.
    pub nodes: Vec<Node>,
    node_ids: HashMap<Vec<ListId>, usize>,
    /// The lists whose verdict is asked of a tape (generic verdict functions).
    pub tape_lists: BTreeSet<ListId>,
    has_ref: HashMap<usize, bool>,
    /// Each definition's [`Plan::chain`], once known.
    def_chain: HashMap<&'s str, Option<u32>>,
    /// Each definition's [`Plan::reach`], once a tape needs one.
    def_reach: Option<HashMap<&'s str, Option<u32>>>,
    /// The first node of the schema being planned (for [`MAX_NODES`]).
    first: usize,
}

/// One set of goals: the function of a value judged against it.
pub(super) struct Node {
    pub goals: Vec<ListId>,
    /// The most definitions the goals nest at one value.
    pub chain: u32,
    /// Where arrays or objects are read into a tape: the most definitions any list the goals
    /// reach nests at one value (`None`: without end), what the tape's verdict may nest at
    /// each of its values.
    pub reach: Option<u32>,
    pub judge: Judge,
}

/// How a node judges its value.
pub(super) enum Judge {
    /// The pass steps aside at any value (definitions nesting without end at one value, too
    /// many goals or atoms).
    StepAside,
    /// Scalars by their checks; arrays and objects read into tapes (past [`MAX_NODES`]).
    Tape,
    Stream(Box<Streamed>),
}

/// The atoms of a node's goals, and how arrays and objects are read for them.
pub(super) struct Streamed {
    /// One per goal.
    pub formulas: Vec<Formula>,
    /// The `$ref`s expanded at the value: the evaluations the tape path takes there at most.
    pub refs: u32,
    /// `None`: read into a tape.
    pub object: Option<ObjectPlan>,
    pub array: Option<ArrayPlan>,
}

/// How an atom is judged on an array or an object.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Judged {
    Known(bool),
    /// Holds until an entry or item breaks it (a variable starting `true`).
    Each,
    /// `required`: these arms' keys were all seen.
    Keys(Vec<usize>),
    /// The container's size is within bounds.
    Size(Option<u64>, Option<u64>),
    /// `contains`: the count of items that satisfied it is within bounds.
    Contains(u64, Option<u64>),
    /// `uniqueItems`: the items, read again once the array is closed, differ.
    Unique,
}

/// What an entry or item does: the goals its value is judged against (a node, and which
/// atom each of its bits feeds), and the atoms its mere presence breaks.
#[derive(Debug, Clone, Default)]
pub(super) struct Effect {
    pub call: Option<Call>,
    pub breaks: Vec<usize>,
}

#[derive(Debug, Clone)]
pub(super) struct Call {
    pub node: usize,
    /// (bit of the node's answer, atom it feeds).
    pub uses: Vec<(usize, usize)>,
}

pub(super) struct ObjectPlan {
    /// Whether any atom reads the entries (else the object is skipped whole).
    pub read: bool,
    pub atoms: Vec<Judged>,
    /// Keys some check names, sorted, each with its effect.
    pub arms: Vec<(String, Effect)>,
    pub other: Dispatch,
    /// `propertyNames`: (atom, node judging the key as a string).
    pub names: Vec<(usize, usize)>,
}

/// What the keys no check names do.
pub(super) enum Dispatch {
    Static(Effect),
    /// The effect of each combination of these patterns matching (bit `i`: pattern `i`).
    Patterns(Vec<Regex>, Vec<Effect>),
}

pub(super) struct ArrayPlan {
    pub read: bool,
    pub atoms: Vec<Judged>,
    /// The effects of the first items, by position.
    pub positions: Vec<Effect>,
    /// The effect of the items after them.
    pub rest: Effect,
}

impl<'s> Plan<'s> {
    /// A plan with no schema yet, over the definitions of `set`.
    pub fn new(set: &'s RuleSet) -> Plan<'s> {
        Plan {
            set,
            lists: Vec::new(),
            list_ids: HashMap::new(),
            printed_ids: HashMap::new(),
            nodes: Vec::new(),
            node_ids: HashMap::new(),
            tape_lists: BTreeSet::new(),
            has_ref: HashMap::new(),
            def_chain: HashMap::new(),
            def_reach: None,
            first: 0,
        }
    }

    /// The node of a schema's document, whose goal is `root` (its rule's check), planned with
    /// every node it reaches that earlier schemas' plans did not.
    pub fn root(&mut self, root: &'s Check) -> usize {
        self.first = self.nodes.len();
        let list = self.list(std::slice::from_ref(root));
        let node = self.node(vec![list]);
        let mut next = self.first;
        while next < self.nodes.len() {
            self.build(next);
            next += 1;
        }
        node
    }

    /// The id of `list`: one for lists that print alike (`Debug`: every value and pattern of
    /// the IR, `$ref`s by their shared name), wherever they sit (two schemas' own subschemas
    /// alike, a subschema repeated in one).
    fn list(&mut self, list: &'s [Check]) -> ListId {
        let key = (list.as_ptr() as usize, list.len());
        if let Some(&id) = self.list_ids.get(&key) {
            return id;
        }
        let id = *self
            .printed_ids
            .entry(format!("{list:?}"))
            .or_insert(self.lists.len());
        if id == self.lists.len() {
            self.lists.push(list);
        }
        self.list_ids.insert(key, id);
        id
    }

    /// The node of a set of goals (made, to be built, if new).
    fn node(&mut self, mut goals: Vec<ListId>) -> usize {
        goals.sort_unstable();
        goals.dedup();
        if let Some(&n) = self.node_ids.get(&goals) {
            return n;
        }
        self.node_ids.insert(goals.clone(), self.nodes.len());
        self.nodes.push(Node {
            goals,
            chain: 0,
            reach: Some(0),
            judge: Judge::StepAside,
        });
        self.nodes.len() - 1
    }

    fn build(&mut self, n: usize) {
        let goals = self.nodes[n].goals.clone();
        let lists: Vec<&'s [Check]> = goals.iter().map(|&g| self.lists[g]).collect();
        let chain = lists
            .iter()
            .try_fold(0, |m, &l| Some(m.max(self.chain(l, &mut Vec::new())?)));
        let Some(chain) = chain else {
            return; // definitions without end at one value: step aside
        };
        self.nodes[n].chain = chain;
        if goals.len() > MAX_GOALS {
            return;
        }
        if self.nodes.len() - self.first > MAX_NODES {
            self.tape(n);
            self.nodes[n].judge = Judge::Tape;
            return;
        }
        let mut x = Expansion::default();
        let formulas: Vec<Formula> = lists.iter().map(|l| x.list(self, l)).collect();
        if x.atoms.len() > MAX_ATOMS {
            return;
        }
        let object = if x.twice { None } else { self.object(&x.atoms) };
        let array = if x.twice { None } else { self.array(&x.atoms) };
        if object.is_none() || array.is_none() {
            self.tape(n);
        }
        self.nodes[n].judge = Judge::Stream(Box::new(Streamed {
            formulas,
            refs: x.refs,
            object,
            array,
        }));
    }

    /// Asks a tape for the verdicts of node `n`'s goals.
    fn tape(&mut self, n: usize) {
        let goals = self.nodes[n].goals.clone();
        self.tape_lists.extend(goals.iter().copied());
        let mut reach = Some(0);
        for g in goals {
            reach = most(reach, self.reach(self.lists[g]));
        }
        self.nodes[n].reach = reach;
    }

    /// How objects are read for `atoms`; `None`: into a tape.
    fn object(&mut self, atoms: &[&'s Check]) -> Option<ObjectPlan> {
        let set = self.set;
        let mut judged = Vec::with_capacity(atoms.len());
        let mut names: BTreeSet<&'s str> = BTreeSet::new();
        let mut regexes: Vec<&'s Regex> = Vec::new();
        let mut key_checks = Vec::new();
        for (a, c) in atoms.iter().enumerate() {
            judged.push(match c {
                Check::Type { types } => Judged::Known(type_in(JsonType::Object, types)),
                Check::Required { keys } => {
                    names.extend(keys.iter().map(String::as_str));
                    Judged::Each
                }
                Check::NoExtraKeys { allowed } => {
                    names.extend(allowed.iter().map(String::as_str));
                    Judged::Each
                }
                Check::Const { value } if !value.is_object() => Judged::Known(false),
                Check::AnyValue { values } if !values.iter().any(|v| v.is_object()) => {
                    Judged::Known(false)
                }
                Check::Const { .. } | Check::AnyValue { .. } | Check::OneNotNull { .. } => {
                    return None;
                }
                Check::Size {
                    measure: Measure::Entries,
                    min,
                    max,
                } => Judged::Size(*min, *max),
                Check::Never => Judged::Known(false),
                Check::Properties { properties } => {
                    names.extend(properties.iter().map(|(k, _)| k.as_str()));
                    Judged::Each
                }
                Check::PatternProperties { patterns } => {
                    regexes.extend(patterns.iter().map(|(re, _)| re));
                    Judged::Each
                }
                Check::AdditionalProperties {
                    known, patterns, ..
                } => {
                    names.extend(known.iter().map(String::as_str));
                    regexes.extend(patterns);
                    Judged::Each
                }
                Check::PropertyNames { checks } => {
                    let list = self.list(checks);
                    key_checks.push((a, list));
                    Judged::Each
                }
                // A set of evaluated properties that depends on the value steps aside.
                Check::Unevaluated {
                    checks,
                    properties: Some(_),
                    ..
                } => {
                    let fixed = static_properties(checks, &set.definitions)?;
                    names.extend(&fixed.names);
                    regexes.extend(&fixed.patterns);
                    Judged::Each
                }
                Check::Unevaluated { .. } => Judged::Known(true),
                _ => Judged::Known(passes_containers(c)?),
            });
        }
        if names.len() > MAX_ARMS {
            return None;
        }
        let names: Vec<&str> = names.into_iter().collect();
        // Required keys become arms' bits.
        for (a, c) in atoms.iter().enumerate() {
            if let Check::Required { keys } = c {
                let arms = keys
                    .iter()
                    .filter_map(|k| names.binary_search(&k.as_str()).ok())
                    .collect();
                judged[a] = Judged::Keys(arms);
            }
        }
        let arms = names
            .iter()
            .map(|&k| {
                let effect = self.effect(atoms, |c| key_lists(c, Key::Named(k), set));
                (k.to_owned(), effect)
            })
            .collect();
        let mut distinct: Vec<&Regex> = Vec::new();
        for re in regexes {
            if !distinct.iter().any(|d| same_regex(d, re)) {
                distinct.push(re);
            }
        }
        let other = if distinct.is_empty() {
            Dispatch::Static(self.effect(atoms, |c| key_lists(c, Key::Other(&[], 0), set)))
        } else if distinct.len() > MAX_PATTERNS {
            return None;
        } else {
            let effects = (0..1usize << distinct.len())
                .map(|mask| self.effect(atoms, |c| key_lists(c, Key::Other(&distinct, mask), set)))
                .collect();
            Dispatch::Patterns(distinct.into_iter().cloned().collect(), effects)
        };
        let names = key_checks
            .into_iter()
            .map(|(a, list)| (a, self.node(vec![list])))
            .collect();
        Some(ObjectPlan {
            read: judged.iter().any(|j| !matches!(j, Judged::Known(_))),
            atoms: judged,
            arms,
            other,
            names,
        })
    }

    /// How arrays are read for `atoms`; `None`: into a tape.
    fn array(&mut self, atoms: &[&'s Check]) -> Option<ArrayPlan> {
        let set = self.set;
        let mut judged = Vec::with_capacity(atoms.len());
        let mut positions = 0;
        for c in atoms {
            judged.push(match c {
                Check::Type { types } => Judged::Known(type_in(JsonType::Array, types)),
                Check::Const { value } if !value.is_array() => Judged::Known(false),
                Check::AnyValue { values } if !values.iter().any(|v| v.is_array()) => {
                    Judged::Known(false)
                }
                Check::Const { .. } | Check::AnyValue { .. } => return None,
                Check::Unique => Judged::Unique,
                Check::Size {
                    measure: Measure::Items,
                    min,
                    max,
                } => Judged::Size(*min, *max),
                Check::Never => Judged::Known(false),
                Check::Items { from, .. } => {
                    positions = positions.max(*from);
                    Judged::Each
                }
                Check::PrefixItems { items } => {
                    positions = positions.max(items.len());
                    Judged::Each
                }
                Check::Contains { min, max, .. } => Judged::Contains(*min, *max),
                Check::Unevaluated {
                    checks,
                    items: Some(_),
                    contains_evaluates,
                    ..
                } => {
                    let fixed = static_items(checks, &set.definitions, *contains_evaluates)?;
                    positions = positions.max(fixed.prefix).max(fixed.from.unwrap_or(0));
                    Judged::Each
                }
                Check::Unevaluated { .. } => Judged::Known(true),
                _ => Judged::Known(passes_containers(c)?),
            });
        }
        if positions > MAX_POSITIONS {
            return None;
        }
        let at = (0..positions)
            .map(|i| self.effect(atoms, |c| item_lists(c, i, set)))
            .collect();
        let rest = self.effect(atoms, |c| item_lists(c, positions, set));
        Some(ArrayPlan {
            read: judged.iter().any(|j| !matches!(j, Judged::Known(_))),
            atoms: judged,
            positions: at,
            rest,
        })
    }

    /// The effect of an entry or item whose value each atom gives the lists `lists` returns
    /// (and which breaks the atoms for which it returns `None`).
    fn effect(
        &mut self,
        atoms: &[&'s Check],
        lists: impl Fn(&'s Check) -> Option<Vec<&'s [Check]>>,
    ) -> Effect {
        let mut effect = Effect::default();
        let mut given: Vec<(ListId, usize)> = Vec::new();
        for (a, c) in atoms.iter().enumerate() {
            match lists(c) {
                None => effect.breaks.push(a),
                Some(ls) => {
                    for l in ls {
                        let id = self.list(l);
                        given.push((id, a));
                    }
                }
            }
        }
        if !given.is_empty() {
            let node = self.node(given.iter().map(|&(l, _)| l).collect());
            let goals = &self.nodes[node].goals;
            let uses = given
                .iter()
                .map(|&(l, a)| {
                    let bit = goals
                        .binary_search(&l)
                        .expect("a node holds every list given");
                    (bit, a)
                })
                .collect();
            effect.call = Some(Call { node, uses });
        }
        effect
    }

    /// The most definitions `list` nests at one value (`None`: without end); `open`: the
    /// definitions being expanded.
    fn chain(&mut self, list: &'s [Check], open: &mut Vec<&'s str>) -> Option<u32> {
        let mut most = 0;
        for c in list {
            let n = match c {
                Check::Ref { name } => match self.set.definitions.get_key_value(name) {
                    None => 0,
                    Some((name, def)) => {
                        let name = name.as_str();
                        let n = match self.def_chain.get(name) {
                            Some(&known) => known,
                            None if open.contains(&name) => return None,
                            None => {
                                open.push(name);
                                let n = self.chain(def, open);
                                open.pop();
                                // A definition in a cycle is in it whoever asks.
                                self.def_chain.insert(name, n);
                                n
                            }
                        };
                        1 + n?
                    }
                },
                Check::Keyword { .. }
                | Check::AnyOf { .. }
                | Check::OneOf { .. }
                | Check::Not { .. }
                | Check::IfThenElse { .. }
                | Check::Unevaluated { .. } => c
                    .in_place()
                    .into_iter()
                    .try_fold(0, |m, l| Some(m.max(self.chain(l, open)?)))?,
                _ => 0,
            };
            most = most.max(n);
        }
        Some(most)
    }

    /// The most definitions any list reachable from `list` (nested in it, or in a definition
    /// a `$ref` names) nests at one value (`None`: without end).
    fn reach(&mut self, list: &'s [Check]) -> Option<u32> {
        let mut refs = Vec::new();
        let mut most_here = self.local(list, &mut refs);
        if self.def_reach.is_none() {
            self.def_reach = Some(self.definitions_reach());
        }
        let table = self.def_reach.as_ref()?;
        for r in refs {
            most_here = most(most_here, table.get(r).copied().unwrap_or(Some(0)));
        }
        most_here
    }

    /// The most definitions `list` or a list nested in it nests at one value (`None`: without
    /// end), the names its `$ref`s (at any depth) appended to `refs`.
    fn local(&mut self, list: &'s [Check], refs: &mut Vec<&'s str>) -> Option<u32> {
        let mut here = self.chain(list, &mut Vec::new());
        let mut todo = vec![list];
        while let Some(l) = todo.pop() {
            for c in l {
                if let Check::Ref { name } = c {
                    refs.push(name);
                }
                for n in c.nested() {
                    here = most(here, self.chain(n, &mut Vec::new()));
                    todo.push(n);
                }
            }
        }
        here
    }

    /// Each definition's [`Plan::reach`]: its own lists' nesting, and the most of the
    /// definitions its `$ref`s name, grown until stable (`$ref`s may cycle).
    fn definitions_reach(&mut self) -> HashMap<&'s str, Option<u32>> {
        let set = self.set;
        let mut own = Vec::with_capacity(set.definitions.len());
        for (name, def) in &set.definitions {
            let mut refs = Vec::new();
            let here = self.local(def, &mut refs);
            own.push((name.as_str(), here, refs));
        }
        let mut table: HashMap<&'s str, Option<u32>> =
            own.iter().map(|(name, here, _)| (*name, *here)).collect();
        loop {
            let mut changed = false;
            for (name, _, refs) in &own {
                let mut value = table[name];
                for r in refs {
                    value = most(value, table.get(r).copied().unwrap_or(Some(0)));
                }
                if value != table[name] {
                    table.insert(name, value);
                    changed = true;
                }
            }
            if !changed {
                return table;
            }
        }
    }

    /// Whether `c` holds a `$ref` (at any depth of its nested checks).
    fn has_ref(&mut self, c: &'s Check) -> bool {
        let key = std::ptr::from_ref(c) as usize;
        if let Some(&known) = self.has_ref.get(&key) {
            return known;
        }
        let found = matches!(c, Check::Ref { .. })
            || c.nested()
                .into_iter()
                .any(|l| l.iter().any(|n| self.has_ref(n)));
        self.has_ref.insert(key, found);
        found
    }
}

/// The atoms of a node's goals as they are expanded.
#[derive(Default)]
struct Expansion<'s> {
    atoms: Vec<&'s Check>,
    index: HashMap<usize, usize>,
    refs: u32,
    /// An atom holding a `$ref` was reached twice.
    twice: bool,
}

impl<'s> Expansion<'s> {
    fn list(&mut self, plan: &mut Plan<'s>, list: &'s [Check]) -> Formula {
        Formula::All(list.iter().map(|c| self.check(plan, c)).collect())
    }

    fn check(&mut self, plan: &mut Plan<'s>, c: &'s Check) -> Formula {
        match c {
            Check::Keyword { checks, .. } => self.list(plan, checks),
            Check::AnyOf { branches } => {
                Formula::Any(branches.iter().map(|b| self.list(plan, b)).collect())
            }
            Check::OneOf { branches } => {
                Formula::One(branches.iter().map(|b| self.list(plan, b)).collect())
            }
            Check::Not { checks } => Formula::Not(Box::new(self.list(plan, checks))),
            Check::IfThenElse {
                condition,
                then,
                otherwise,
            } => Formula::If(Box::new([
                self.list(plan, condition),
                self.list(plan, then),
                self.list(plan, otherwise),
            ])),
            // Definitions nest a finite number of times here: `Node::chain` was bounded.
            Check::Ref { name } => match plan.set.definitions.get(name) {
                Some(def) => {
                    self.refs = self.refs.saturating_add(1);
                    self.list(plan, def)
                }
                None => Formula::Known(false),
            },
            // As the verdict path: a KubeVirt check or a ytt validation here fails closed.
            Check::IntRange { .. }
            | Check::LengthRange { .. }
            | Check::Pattern { .. }
            | Check::Enum { .. }
            | Check::Fail { .. }
            | Check::Extension(_) => Formula::Known(false),
            // The other keywords expand here; what is left unevaluated is an atom of the
            // entries and items.
            Check::Unevaluated { checks, .. } => {
                Formula::All(vec![self.list(plan, checks), self.atom(plan, c)])
            }
            atom => self.atom(plan, atom),
        }
    }

    fn atom(&mut self, plan: &mut Plan<'s>, atom: &'s Check) -> Formula {
        let key = std::ptr::from_ref(atom) as usize;
        if let Some(&i) = self.index.get(&key) {
            self.twice |= plan.has_ref(atom);
            return Formula::Atom(i);
        }
        self.index.insert(key, self.atoms.len());
        self.atoms.push(atom);
        Formula::Atom(self.atoms.len() - 1)
    }
}

/// The larger of two nestings (`None`: without end).
fn most(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    Some(a?.max(b?))
}

/// The atoms without which `f` cannot hold (its conjuncts that are atoms).
pub(super) fn necessary(f: &Formula) -> Vec<usize> {
    match f {
        Formula::Atom(i) => vec![*i],
        Formula::All(fs) => fs.iter().flat_map(necessary).collect(),
        _ => Vec::new(),
    }
}

/// Whether a value of type `t` is of one of `types` (an integer is a number too).
fn type_in(t: JsonType, types: &[JsonType]) -> bool {
    validgen_core::checks::document::type_in(t, types)
}

/// The verdict on any array or object of a leaf that reads no more of them than their type:
/// `None` for the others.
fn passes_containers(c: &Check) -> Option<bool> {
    match c {
        Check::Never => Some(false),
        Check::NotNull
        | Check::NumberRange { .. }
        | Check::MultipleOf { .. }
        | Check::Matches { .. }
        | Check::Format { .. }
        | Check::Size { .. }
        // These read what the other kind of container holds: this kind passes.
        | Check::Unique
        | Check::OneNotNull { .. }
        | Check::Required { .. }
        | Check::NoExtraKeys { .. }
        | Check::Properties { .. }
        | Check::PatternProperties { .. }
        | Check::AdditionalProperties { .. }
        | Check::PropertyNames { .. }
        | Check::Items { .. }
        | Check::PrefixItems { .. }
        | Check::Contains { .. } => Some(true),
        _ => None,
    }
}

/// An object's key: one some check names, or another (with which of `patterns` it matches,
/// as the bits of a mask).
#[derive(Clone, Copy)]
enum Key<'k> {
    Named(&'k str),
    Other(&'k [&'k Regex], usize),
}

impl Key<'_> {
    /// Whether the key matches `re`; `None` when a named key's match took over the pattern's
    /// backtracking limit (decided at build time, as the tape decides it at run time).
    fn matches(&self, re: &Regex) -> Option<bool> {
        match *self {
            Key::Named(k) => re.is_match(k).ok(),
            Key::Other(patterns, mask) => Some(
                patterns
                    .iter()
                    .position(|p| same_regex(p, re))
                    .is_some_and(|i| mask >> i & 1 == 1),
            ),
        }
    }

    fn named(&self, names: &[String]) -> bool {
        match *self {
            Key::Named(k) => names.iter().any(|n| n == k),
            Key::Other(..) => false,
        }
    }
}

/// The lists of checks an entry with `key` gets from atom `c` (`None`: its presence breaks
/// `c`).
fn key_lists<'s>(c: &'s Check, key: Key<'_>, set: &RuleSet) -> Option<Vec<&'s [Check]>> {
    Some(match c {
        Check::Unevaluated {
            checks,
            properties: Some(cs),
            ..
        } => {
            let evaluated = static_properties(checks, &set.definitions).is_none_or(|fixed| {
                fixed.all
                    || matches!(key, Key::Named(k) if fixed.names.contains(&k))
                    || fixed
                        .patterns
                        .iter()
                        .any(|re| key.matches(re) == Some(true))
            });
            if evaluated {
                Vec::new()
            } else {
                vec![cs.as_slice()]
            }
        }
        Check::Properties { properties } => properties
            .iter()
            .filter(|(name, _)| matches!(key, Key::Named(k) if k == name))
            .map(|(_, cs)| cs.as_slice())
            .collect(),
        // A key over a pattern's limit is a violation of `patternProperties`: its presence
        // breaks the check.
        Check::PatternProperties { patterns } => {
            let mut lists = Vec::new();
            for (re, cs) in patterns {
                if key.matches(re)? {
                    lists.push(cs.as_slice());
                }
            }
            lists
        }
        Check::AdditionalProperties {
            known,
            patterns,
            checks,
        } => {
            if key.named(known) || patterns.iter().any(|re| key.matches(re) == Some(true)) {
                Vec::new()
            } else {
                vec![checks.as_slice()]
            }
        }
        Check::NoExtraKeys { allowed } if !key.named(allowed) => return None,
        _ => Vec::new(),
    })
}

/// The lists of checks item `i` gets from atom `c`.
fn item_lists<'s>(c: &'s Check, i: usize, set: &RuleSet) -> Option<Vec<&'s [Check]>> {
    Some(match c {
        Check::Unevaluated {
            checks,
            items: Some(cs),
            contains_evaluates,
            ..
        } => match static_items(checks, &set.definitions, *contains_evaluates) {
            Some(fixed) if !fixed.evaluates(i) => vec![cs.as_slice()],
            _ => Vec::new(),
        },
        Check::Items { from, checks } if i >= *from => vec![checks.as_slice()],
        Check::PrefixItems { items } => items.get(i).map(Vec::as_slice).into_iter().collect(),
        Check::Contains { checks, .. } => vec![checks.as_slice()],
        _ => Vec::new(),
    })
}

/// Whether two patterns are the same (dialect and text).
fn same_regex(a: &Regex, b: &Regex) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b) && a.as_str() == b.as_str()
}
