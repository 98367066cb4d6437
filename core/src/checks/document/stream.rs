//! What generated validators read JSON bytes with when they stream a verdict: the document in
//! one pass, without a tape or a `Value`, each value judged as it is read (see
//! `validgen-codegen`'s `emit::stream`).
//!
//! The pass answers only where it is sure to answer as the tape path does; anywhere else it
//! steps aside ([`Abort`]) and the caller parses a [`Tape`] and judges that: bytes that are not
//! JSON (the tape words the error), an object that repeats a key (serde_json keeps its first
//! place and last value), nesting deeper than the reader's limit, and `$ref` evaluations that
//! could spend the [`Budget`] or reach [`MAX_DEPTH`](super::MAX_DEPTH) nested definitions.

use std::borrow::Cow;

use super::budget::Budget;
use super::unique::{first_repeat, unique};
use crate::model::reader::{Abort, Reader, Res, decode};
use crate::model::{Scalar, Tape};

/// Objects with at most this many keys that no check names are searched for a repeated one
/// pair by pair; larger ones are sorted.
const PAIRWISE_MAX: usize = 8;

/// A document being streamed: the reader, the `$ref` budget of its one rule, the keys of the
/// open objects that no check names (to find a repeated one), and the items of the open
/// arrays whose items are compared (`uniqueItems`).
#[derive(Debug)]
pub struct Stream<'a> {
    reader: Reader<'a>,
    budget: Budget,
    others: Vec<Cow<'a, str>>,
    /// The open arrays whose items are compared, innermost last.
    compared: Vec<Compared>,
    /// The scalar items of those arrays, each array's after the one before.
    items: Vec<Scalar<'a>>,
    /// The last scalar read while an array is compared, with where it started.
    kept: Option<(usize, Scalar<'a>)>,
}

/// An open array whose items are compared.
#[derive(Debug)]
struct Compared {
    /// Where it starts (its `[`).
    start: usize,
    /// Where its items start in [`Stream::items`].
    mark: usize,
    /// Where its current item starts.
    item: usize,
    /// Some item is not a scalar: the array is read again whole.
    whole: bool,
}

/// Streams `bytes` through `verdict` (the root value's function: its bit 0 is the verdict):
/// `Some(valid)` when the pass answered, `None` when it stepped aside (see the module's
/// documentation) and the tape path must answer.
#[inline]
pub fn stream(bytes: &[u8], verdict: impl FnOnce(&mut Stream<'_>) -> Res<u64>) -> Option<bool> {
    let text = std::str::from_utf8(bytes).ok()?;
    let mut s = Stream {
        reader: Reader::new(text),
        budget: Budget::default(),
        others: Vec::new(),
        compared: Vec::new(),
        items: Vec::new(),
        kept: None,
    };
    let bits = verdict(&mut s).ok()?;
    if s.budget.spent() {
        return None;
    }
    s.reader.end().ok()?;
    Some(bits & 1 == 1)
}

impl<'a> Stream<'a> {
    /// The next byte after whitespace: what the next value is.
    ///
    /// # Errors
    /// The end of the text.
    #[inline]
    pub fn peek(&mut self) -> Res<u8> {
        self.reader.peek()
    }

    /// The budget checks take `$ref` evaluations from.
    #[inline]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Takes `n` `$ref` evaluations from the budget.
    ///
    /// # Errors
    /// Fewer are left: the tape path, which may take fewer, decides.
    #[inline]
    pub fn take(&self, n: u32) -> Res<()> {
        if self.budget.take_many(n) {
            Ok(())
        } else {
            Err(Abort)
        }
    }

    /// The scalar at the reader (kept too while an array's items are compared, for
    /// [`Stream::item_end`]).
    ///
    /// # Errors
    /// Not a scalar, or not JSON.
    #[inline]
    pub fn scalar(&mut self) -> Res<Scalar<'a>> {
        if self.compared.is_empty() {
            return Scalar::read(&mut self.reader);
        }
        self.reader.peek()?;
        let start = self.reader.position();
        let x = Scalar::read(&mut self.reader)?;
        self.kept = Some((start, x.clone()));
        Ok(x)
    }

    /// The value at the reader, skipped (checked as JSON).
    ///
    /// # Errors
    /// Not JSON.
    #[inline]
    pub fn skip(&mut self) -> Res<()> {
        self.reader.skip()
    }

    /// The value at the reader (an array or object) read into a tape of its own, for checks
    /// that compare whole values.
    ///
    /// # Errors
    /// Not JSON.
    pub fn tape(&mut self) -> Res<Tape<'a>> {
        let raw = self.reader.raw()?;
        Tape::parse(raw.as_bytes()).map_err(|_| Abort)
    }

    /// Opens an object: whether it has an entry. Its keys no check names go above
    /// [`Stream::mark`].
    ///
    /// # Errors
    /// Not JSON.
    #[inline]
    pub fn enter_object(&mut self) -> Res<bool> {
        self.reader.enter_object()
    }

    /// The next entry's key when `named` recognises it as written (see
    /// [`Reader::named_key`]: a key some check names, plainly written), with its `:`; else
    /// `None`, and [`Stream::key`] reads it.
    ///
    /// # Errors
    /// Not JSON.
    #[inline]
    pub fn named_key(
        &mut self,
        named: impl FnOnce(&[u8]) -> Option<(usize, usize)>,
    ) -> Res<Option<usize>> {
        self.reader.named_key(named)
    }

    /// The next entry's key (decoded: borrowed unless it holds an escape).
    ///
    /// # Errors
    /// Not JSON.
    #[inline]
    pub fn key(&mut self) -> Res<Cow<'a, str>> {
        match self.reader.key()? {
            (key, false) => Ok(Cow::Borrowed(key)),
            (key, true) => decode(key).map(Cow::Owned),
        }
    }

    /// After an entry's value: whether another follows.
    ///
    /// # Errors
    /// Not JSON.
    #[inline]
    pub fn next_entry(&mut self) -> Res<bool> {
        self.reader.next_entry()
    }

    /// Opens an array: whether it has an item.
    ///
    /// # Errors
    /// Not JSON.
    #[inline]
    pub fn enter_array(&mut self) -> Res<bool> {
        self.reader.enter_array()
    }

    /// After an item: whether another follows.
    ///
    /// # Errors
    /// Not JSON.
    #[inline]
    pub fn next_item(&mut self) -> Res<bool> {
        self.reader.next_item()
    }

    /// Opens the array at the reader (peeked) for its items to be compared: each is read
    /// between [`Stream::item_start`] and [`Stream::item_end`], and [`Stream::unique_close`]
    /// compares them once the array is closed.
    #[inline]
    pub fn unique_open(&mut self) {
        self.compared.push(Compared {
            start: self.reader.position(),
            mark: self.items.len(),
            item: 0,
            whole: false,
        });
    }

    /// The next item of the innermost compared array starts.
    ///
    /// # Errors
    /// The end of the text.
    #[inline]
    pub fn item_start(&mut self) -> Res<()> {
        self.reader.peek()?;
        if let Some(c) = self.compared.last_mut() {
            c.item = self.reader.position();
        }
        Ok(())
    }

    /// The item has been read: kept if it was a scalar (the last one read, from where the
    /// item started), else the array will be read again whole.
    #[inline]
    pub fn item_end(&mut self) {
        let kept = self.kept.take();
        if let Some(c) = self.compared.last_mut() {
            match kept {
                Some((start, x)) if start == c.item => self.items.push(x),
                _ => c.whole = true,
            }
        }
    }

    /// The innermost compared array is closed (the reader is past it): whether its items
    /// differ, as [`unique`] compares them (scalars as they were read; an array with an
    /// array or object among its items read again whole into a tape).
    ///
    /// # Errors
    /// Not JSON (it was read already: cannot happen).
    pub fn unique_close(&mut self) -> Res<bool> {
        let Some(c) = self.compared.pop() else {
            return Err(Abort);
        };
        let differ = if c.whole {
            let text = &self.reader.text()[c.start..self.reader.position()];
            let tape = Tape::parse(text.as_bytes()).map_err(|_| Abort)?;
            unique(tape.root()).is_none()
        } else {
            let items = &self.items[c.mark..];
            first_repeat(items.len(), |i| items.get(i)).is_none()
        };
        self.items.truncate(c.mark);
        Ok(differ)
    }

    /// Where the keys of the object being opened will start among the keys kept.
    #[inline]
    pub fn mark(&self) -> usize {
        self.others.len()
    }

    /// Keeps a key no check names, to find repeats when its object closes.
    #[inline]
    pub fn other_key(&mut self, key: Cow<'a, str>) {
        self.others.push(key);
    }

    /// The object whose keys start at `mark` is closed: its kept keys are dropped.
    ///
    /// # Errors
    /// Two of them are the same key.
    #[inline(always)]
    pub fn close_object(&mut self, mark: usize) -> Res<()> {
        // Most objects keep no key, or one (nothing to compare): only the test here, inlined,
        // where the comparison's setup cost every object (olm's streamed verdict: 5 %).
        if self.others.len() <= mark + 1 {
            self.others.truncate(mark);
            return Ok(());
        }
        self.close_kept(mark)
    }

    /// [`Stream::close_object`] of an object that kept two keys or more.
    #[inline(never)]
    fn close_kept(&mut self, mark: usize) -> Res<()> {
        let keys = self.others.get_mut(mark..).unwrap_or_default();
        let repeated = match keys {
            // The most frequent (a map of two entries): one comparison, without the loops' setup.
            [a, b] => a == b,
            _ if keys.len() <= PAIRWISE_MAX => {
                (1..keys.len()).any(|j| keys[..j].contains(&keys[j]))
            }
            _ => {
                keys.sort_unstable();
                keys.windows(2).any(|w| w[0] == w[1])
            }
        };
        self.others.truncate(mark);
        if repeated { Err(Abort) } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of the object at the reader kept as "no check names it"; its values skipped.
    fn keys_repeat(text: &str) -> Option<bool> {
        stream(text.as_bytes(), |s| {
            let mark = s.mark();
            if s.enter_object()? {
                loop {
                    let key = s.key()?;
                    s.other_key(key);
                    s.skip()?;
                    if !s.next_entry()? {
                        break;
                    }
                }
            }
            s.close_object(mark)?;
            Ok(1)
        })
    }

    #[test]
    fn repeated_keys_step_aside_in_small_and_large_objects() {
        assert_eq!(keys_repeat(r#"{"a":1,"b":2}"#), Some(true));
        assert_eq!(keys_repeat(r#"{"a":1,"b":2,"a":3}"#), None);
        let many: Vec<String> = (0..20).map(|i| format!("\"k{i}\":{i}")).collect();
        let text = format!("{{{}}}", many.join(","));
        assert_eq!(keys_repeat(&text), Some(true));
        let text = format!("{{{},\"k7\":0}}", many.join(","));
        assert_eq!(keys_repeat(&text), None);
    }

    /// The object at the stream, its keys kept and its objects' keys too, level by level.
    fn keep_nested(s: &mut Stream<'_>) -> Res<()> {
        if s.peek()? != b'{' {
            return s.skip();
        }
        let mark = s.mark();
        if s.enter_object()? {
            loop {
                let key = s.key()?;
                keep_nested(s)?;
                s.other_key(key);
                if !s.next_entry()? {
                    break;
                }
            }
        }
        s.close_object(mark)
    }

    #[test]
    fn each_object_compares_its_own_keys_whatever_its_size_and_depth() {
        let repeat = |text: &str| stream(text.as_bytes(), |s| keep_nested(s).map(|()| 1));
        for (text, distinct) in [
            (r#"{}"#, true),
            (r#"{"a":{}}"#, true),
            (r#"{"a":{"a":1}}"#, true),
            (r#"{"a":{"a":{"a":1}},"b":{"b":1}}"#, true),
            (r#"{"a":{"b":1,"b":2}}"#, false),
            (r#"{"a":{"b":1},"a":2}"#, false),
            (r#"{"a":{"b":{"c":1},"c":2},"b":3,"c":4}"#, true),
            (r#"{"a":{"b":{"c":1,"c":1}}}"#, false),
        ] {
            assert_eq!(repeat(text), distinct.then_some(true), "{text}");
        }
    }

    #[test]
    fn escaped_keys_are_keys_and_bad_json_and_trailing_text_step_aside() {
        assert_eq!(keys_repeat(r#"{"\u0061":1}"#), Some(true));
        assert_eq!(keys_repeat(r#"{"\u0061":1,"a":2}"#), None);
        assert_eq!(keys_repeat(r#"{"a":1,}"#), None);
        assert_eq!(keys_repeat(r#"{"a":1} x"#), None);
        assert_eq!(keys_repeat(r#"{"a":1}  "#), Some(true));
        assert_eq!(keys_repeat("{\"a\":1}\u{0}"), None);
        assert_eq!(stream(b"\xff", |_| Ok(1)), None);
    }

    /// Whether the items of the array `text` differ, as the stream compares them (items read
    /// as scalars where they are, skipped where not).
    fn differ(text: &str) -> Option<bool> {
        let mut answer = None;
        stream(text.as_bytes(), |s| {
            s.peek()?;
            s.unique_open();
            if s.enter_array()? {
                loop {
                    s.item_start()?;
                    if matches!(s.peek()?, b'[' | b'{') {
                        s.skip()?;
                    } else {
                        s.scalar()?;
                    }
                    s.item_end();
                    if !s.next_item()? {
                        break;
                    }
                }
            }
            answer = Some(s.unique_close()?);
            Ok(1)
        })?;
        answer
    }

    #[test]
    fn items_compared_when_their_array_closes_as_unique_compares_them() {
        for (text, want) in [
            ("[]", true),
            (r#"[1, "1", true, null]"#, true),
            ("[1, 1.0]", false),
            (r#"["a", "\u0061"]"#, false),
            (r#"[{"a": 1}, {"a": 1.0}]"#, false),
            (r#"[[1, 2], [2, 1]]"#, true),
            (r#"[0, false, [0], {"": 0}]"#, true),
        ] {
            let v: serde_json::Value = serde_json::from_str(text).expect("JSON");
            assert_eq!(unique(&v).is_none(), want, "{text}");
            assert_eq!(differ(text), Some(want), "{text}");
        }
        let many: Vec<String> = (0..40).map(|i| i.to_string()).collect();
        assert_eq!(differ(&format!("[{}]", many.join(","))), Some(true));
        assert_eq!(differ(&format!("[{},7.0]", many.join(","))), Some(false));
    }

    #[test]
    fn a_spent_budget_steps_aside() {
        assert_eq!(stream(b"1", |s| s.scalar().map(|_| 1)), Some(true));
        assert_eq!(
            stream(b"1", |s| {
                s.scalar()?;
                s.take(super::super::MAX_REFS + 1).map(|()| 1)
            }),
            None
        );
        assert_eq!(
            stream(b"1", |s| {
                s.scalar()?;
                s.take(super::super::MAX_REFS)?;
                Ok(1)
            }),
            Some(true)
        );
    }
}
