//! Lists of checks a catalog emits once, as functions of the shared module, called wherever
//! the emitted code reaches them: their verdict (`__vl_<k>`) and their report (`__rl_<k>`).
//!
//! - The annotation branches' lists ([`install`]), whose verdict both `<name>_output`'s branch
//!   function and the verdict path reach: emitted inline, a schema's subschemas were verdict
//!   code in its rule verdict, its definitions' and each annotation branch (a branch nested
//!   in another once more): the SchemaStore collection's annotation branches were 18 % of its
//!   generated code.
//! - Every list printed longer than [`MIN_OUTLINED`] that the verdict path or the report meets,
//!   and the lists nested in a function's list where together they would make it longer than
//!   [`MAX_INLINE`] ([`widen`]: an object of 605 properties each a little shorter).
//!   Inline, a schema's verdict was one function (its rule verdict, and again the stream's
//!   tape-mode list), and the report judged each subtree by its verdict inline before walking
//!   it, so each subschema's verdict was written once per level above it; and rustc's type
//!   check grows faster than the function it checks: `partial-eslint-plugins.json`'s 605
//!   properties type-checked in 40.6 s, its first 150 in 2.8 s (`-Z time-passes`).
//!
//! A list's function takes the variables its inline code read (`__v`, `__depth`, `__budget`;
//! the report's `__at` and `__out` too), so the verdict, the report and the `$ref` evaluations
//! they take are the same. Lists are known by their printed checks (`Debug`: every value and
//! pattern of the IR, `$ref`s by their shared name, see `shared`), so that a list met by
//! several rule sets, the annotation plan's (compiled apart) among them, is one function. A
//! list reaching a ytt validation (whose `Debug` need not show all it does, and whose report
//! reads `__root`) stays inline.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_core::ir::{Check, RuleSet};

use super::verdict::{Over, function_body, verdict_fn};

/// Installed lists printed shorter are inlined: a call is about as long as their code.
const MIN_PRINTED: usize = 400;

/// Lists printed shorter than this stay inline unless installed or widened ([`widen`]): a
/// function holds at most about this much of its list inline (some 8 000 lines of verdict,
/// 25 000 of report; the type check of `partial-eslint-plugins.json`'s 61 000-line report
/// function was what grew faster than its length). Large enough that the schemas of the
/// benchmarks (Helm charts' values, a CRD, the Dev Container schema) are written almost as
/// they were: at 2 000 and 24 000, loops' closures were no longer inlined as before and their
/// verdicts were up to 8 % and 4 % slower.
const MIN_OUTLINED: usize = 64_000;

/// Most of a function's list written inline: past it, [`widen`] gives the lists nested in it
/// functions of their own.
const MAX_INLINE: usize = MIN_OUTLINED;

/// Lists printed shorter stay inline even where [`widen`] gives their siblings functions.
const MIN_WIDE: usize = 150;

thread_local! {
    /// The lists emitted as functions while a catalog is emitted.
    static HOISTED: RefCell<Option<Hoisted>> = const { RefCell::new(None) };
}

/// The lists emitted as functions, numbered in order of first appearance.
struct Hoisted {
    /// The installed lists, whose verdicts are `__vl_0` onwards (written by [`functions`]).
    installed: Vec<Vec<Check>>,
    /// Each verdict function's number, by its list's printed checks.
    verdicts: HashMap<String, usize>,
    /// The body of each verdict function past the installed ones (empty while it is written).
    verdict_bodies: Vec<TokenStream>,
    /// Each report function's number, by its key ([`report_key`]).
    reports: HashMap<String, usize>,
    /// The body of each report function.
    report_bodies: Vec<TokenStream>,
    /// The printed checks of the lists [`widen`] gave functions to, whatever their length.
    wide: HashSet<String>,
    /// Set once [`functions`] has written them: a list met later stays inline.
    sealed: bool,
}

/// While the guard lives, the verdict path calls `__vl_<k>` for each list of `lists` (those
/// printed shorter than [`MIN_PRINTED`], or reaching a ytt validation, stay inline) and for
/// every list printed longer than [`MIN_OUTLINED`], and the report calls `__rl_<k>` for the
/// latter. Install them before any code that reaches them is emitted; [`functions`] writes
/// them, last.
pub(crate) fn install(lists: impl IntoIterator<Item = Vec<Check>>) -> Guard {
    let mut hoisted = Hoisted {
        installed: Vec::new(),
        verdicts: HashMap::new(),
        verdict_bodies: Vec::new(),
        reports: HashMap::new(),
        report_bodies: Vec::new(),
        wide: HashSet::new(),
        sealed: false,
    };
    for cs in lists {
        if cs.is_empty() || Check::any_extension(&cs) {
            continue;
        }
        let Some(printed) = printed_from(&cs, MIN_PRINTED) else {
            continue;
        };
        if hoisted.verdicts.contains_key(&printed) {
            continue;
        }
        hoisted.verdicts.insert(printed, hoisted.installed.len());
        hoisted.installed.push(cs);
    }
    HOISTED.with(|h| *h.borrow_mut() = Some(hoisted));
    Guard(())
}

/// Uninstalls the lists when dropped.
pub(crate) struct Guard(());

impl Drop for Guard {
    fn drop(&mut self) {
        HOISTED.with(|h| *h.borrow_mut() = None);
    }
}

/// Whether lists are emitted as functions: the shared module has them.
pub(crate) fn any() -> bool {
    HOISTED.with(|h| h.borrow().is_some())
}

/// Before a function's body is written from `cs`: where the lists nested in its checks that
/// would be written inline (printed shorter than [`MIN_OUTLINED`]) are longer than
/// [`MAX_INLINE`] together, the longest of them (printed at least [`MIN_WIDE`] long) get
/// functions until the rest fits: a wide object's small properties stay inline.
pub(crate) fn widen(cs: &[Check]) {
    if !any() {
        return;
    }
    let mut inline = Vec::new();
    let mut total = 0;
    for c in cs {
        for list in c.nested() {
            match printed_from(list, MIN_WIDE) {
                Some(printed) if printed.len() < MIN_OUTLINED => {
                    total += printed.len();
                    inline.push(printed);
                }
                Some(_) => {}
                None => total += MIN_WIDE,
            }
        }
    }
    if total <= MAX_INLINE {
        return;
    }
    // Longest first; among lists alike in length, the first written.
    inline.sort_by_key(|printed| std::cmp::Reverse(printed.len()));
    let mut wide = Vec::new();
    for printed in inline {
        if total <= MAX_INLINE {
            break;
        }
        total -= printed.len();
        wide.push(printed);
    }
    HOISTED.with(|h| {
        if let Some(h) = h.borrow_mut().as_mut() {
            h.wide.extend(wide);
        }
    });
}

/// Whether the list printed as `printed` gets a function when it has none yet.
fn outlined(printed: &str) -> bool {
    printed.len() >= MIN_OUTLINED
        || HOISTED.with(|h| {
            h.borrow()
                .as_ref()
                .is_some_and(|h| h.wide.contains(printed))
        })
}

/// `Debug` of `cs`, when it prints at least `min` bytes long (told without printing more).
fn printed_from(cs: &[Check], min: usize) -> Option<String> {
    /// Counts what is written, failing once `min` is reached.
    struct Probe {
        written: usize,
        min: usize,
    }
    impl std::fmt::Write for Probe {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.written += s.len();
            if self.written >= self.min {
                Err(std::fmt::Error)
            } else {
                Ok(())
            }
        }
    }
    let mut probe = Probe { written: 0, min };
    if write!(probe, "{cs:?}").is_ok() {
        return None;
    }
    Some(format!("{cs:?}"))
}

/// Which function of a list: its verdict or its report.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Verdict,
    Report,
}

impl Hoisted {
    /// The numbers of `kind`'s functions by their keys, the bodies [`number`] wrote, and the
    /// number of the first of those (the installed lists' verdicts come first).
    fn table(&mut self, kind: Kind) -> (&mut HashMap<String, usize>, &mut Vec<TokenStream>, usize) {
        match kind {
            Kind::Verdict => (
                &mut self.verdicts,
                &mut self.verdict_bodies,
                self.installed.len(),
            ),
            Kind::Report => (&mut self.reports, &mut self.report_bodies, 0),
        }
    }
}

/// The number of `kind`'s function of the list known as `key`, numbering it when `outline`
/// (its body then written by `write`, outside the table's borrow: the lists inside it are
/// numbered meanwhile); `None` where it has none (or no catalog is being emitted).
fn number(
    kind: Kind,
    key: String,
    outline: bool,
    write: impl FnOnce() -> TokenStream,
) -> Option<usize> {
    let (k, fresh) = HOISTED.with(|h| {
        let mut h = h.borrow_mut();
        let h = h.as_mut()?;
        let sealed = h.sealed;
        let (numbers, bodies, first) = h.table(kind);
        if let Some(&k) = numbers.get(&key) {
            return Some((k, false));
        }
        if sealed || !outline {
            return None;
        }
        let k = first + bodies.len();
        numbers.insert(key, k);
        bodies.push(TokenStream::new());
        Some((k, true))
    })?;
    if fresh {
        let body = write();
        HOISTED.with(|h| {
            if let Some(h) = h.borrow_mut().as_mut() {
                let (_, bodies, first) = h.table(kind);
                if let Some(slot) = bodies.get_mut(k - first) {
                    *slot = body;
                }
            }
        });
    }
    Some(k)
}

/// An expression calling the verdict function of `cs` (`$ref`s naming the definitions of
/// `set`), when it has one: installed, printed longer than [`MIN_OUTLINED`], or widened
/// ([`widen`]).
pub(super) fn call(cs: &[Check], set: &RuleSet) -> Option<TokenStream> {
    if !any() || Check::any_extension(cs) {
        return None;
    }
    let printed = printed_from(cs, MIN_WIDE)?;
    let outline = outlined(&printed);
    let k = number(Kind::Verdict, printed, outline, || function_body(cs, set))?;
    let f = format_ident!("__vl_{}", k);
    Some(quote!(#f(__v, __depth, __budget)))
}

/// A statement calling the report function of `cs` (`$ref`s naming the definitions of `set`),
/// when it has one: printed longer than [`MIN_OUTLINED`], or widened ([`widen`]). `inline`
/// writes the function's body.
pub(super) fn report_call(
    cs: &[Check],
    set: &RuleSet,
    inline: impl FnOnce() -> TokenStream,
) -> Option<TokenStream> {
    if !any() || Check::any_extension(cs) {
        return None;
    }
    let printed = printed_from(cs, MIN_WIDE)?;
    if !outlined(&printed) {
        return None;
    }
    // A `$ref`'s report depends on whether a definition of the set holds an extension.
    let key = format!(
        "{}{printed}",
        u8::from(super::any_definition_extension(set))
    );
    let k = number(Kind::Report, key, true, || {
        widen(cs);
        inline()
    })?;
    let f = format_ident!("__rl_{}", k);
    Some(quote!(#f(__v, __at, __depth, __budget, __out);))
}

/// The functions of the lists (`__vl_<k>`, `__rl_<k>`), the installed lists' `$ref`s naming
/// the definitions of `set` (the catalog's, `shared::Shared::catalog`); nothing when none is
/// installed. Called once, after all other code of the catalog is emitted: lists met later
/// stay inline.
pub(crate) fn functions(set: &RuleSet) -> TokenStream {
    let installed = HOISTED.with(|h| h.borrow().as_ref().map(|h| h.installed.clone()));
    let installed: Vec<TokenStream> = installed
        .unwrap_or_default()
        .iter()
        .map(|cs| function_body(cs, set))
        .collect();
    let (outlined, reports) = HOISTED.with(|h| {
        let mut h = h.borrow_mut();
        match h.as_mut() {
            Some(h) => {
                h.sealed = true;
                (h.verdict_bodies.clone(), h.report_bodies.clone())
            }
            None => (Vec::new(), Vec::new()),
        }
    });
    let verdicts = installed
        .iter()
        .chain(&outlined)
        .enumerate()
        .map(|(k, body)| {
            let f = verdict_fn(&format_ident!("__vl_{}", k), Over::Instance, body);
            quote!(#[inline] #f)
        });
    let reports = reports
        .iter()
        .enumerate()
        .map(|(k, body)| super::report_fn(&format_ident!("__rl_{}", k), body));
    quote!(#(#verdicts)* #(#reports)*)
}
