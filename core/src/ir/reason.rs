//! Why a rule fails before anything is read from the document.

/// A rule that fails whatever the document: what is wrong with it. Each frontend's report
/// formatter gives the text (KubeVirt: the reference's error strings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A rule with the name of an earlier rule of the set.
    DuplicateName,
    /// A rule of a kind the rule language does not have.
    UnknownKind,
    /// A rule without a required key (KubeVirt: an empty `message`).
    MissingKey,
}
