//! Where each version of the test manifest names files, policies, resources and variables:
//! the one table the file checks read, so that v1alpha1 (flat, as kyverno
//! `cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go`) and v1beta1 (under `spec`, as the
//! proposal) share every check.

use crate::Version;

/// What the files named by a field hold, hence how they are indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// Policies (and bindings, exceptions): indexed by [`super::policies`].
    Policies,
    /// The resources policies are applied to: indexed by [`super::resources`].
    Resources,
    /// Mutate-existing targets: results may name them too (kyverno `commands/test/output.go`
    /// matches `responses.Target`).
    Targets,
    /// JSON payloads: results name them by the test's own string (`testResponse.Trigger[jp.name]`).
    JsonPayloads,
    /// A values file (v1alpha1 `variables`, v1beta1 `variablesFile`): decoded strictly as
    /// kyverno's `v1alpha1.Values` by [`super::strict`], then checked by
    /// [`super::variables`].
    Values,
    /// A user-info file (v1alpha1 `userinfo`, v1beta1 `userInfoFile`): decoded strictly as
    /// kyverno's `v1alpha1.UserInfo` by [`super::strict`].
    UserInfo,
    /// A context file (`context`): decoded strictly as kyverno's `v1alpha1.Context` by
    /// [`super::strict`].
    Context,
    /// Mocked cluster resources (a `ClusterResource`): its `spec.crds` name more files,
    /// relative to the test's directory (kyverno `commands/test/test.go`).
    ClusterResources,
    /// Files that only have to exist and parse (exceptions, payloads, expected patched or
    /// generated resources…).
    Plain,
}

/// How a named path becomes a file path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Resolve {
    /// An absolute path is kept, a relative one is joined to the test's directory (kyverno
    /// `path.GetFullPath`).
    Full,
    /// Always joined to the test's directory, even an absolute path (kyverno reads these with
    /// `filepath.Join(testDir, p)`: `variables`, `userinfo`, `context`, and the expected
    /// resources of a result in `commands/test/command.go` `checkResult`).
    Join,
}

/// A field of the test document that names files.
#[derive(Debug, Clone, Copy)]
pub(super) struct FileField {
    /// JSON Pointer of the field in the test document (or, for [`Layout::result_files`], in a
    /// result).
    pub pointer: &'static str,
    /// A list of paths (else one path).
    pub many: bool,
    pub role: Role,
    pub resolve: Resolve,
    /// A directory is read as every `.yaml`/`.yml` file under it (kyverno `policy.fsLoad`
    /// for policies); elsewhere a directory is an error.
    pub dir_ok: bool,
}

/// Where a version names things.
#[derive(Debug)]
pub(super) struct Layout {
    /// The fields of the document that name files.
    pub files: &'static [FileField],
    /// The fields of a result that name files.
    pub result_files: &'static [FileField],
    /// The results list.
    pub results: &'static str,
    /// A result's expected patched resource (the mutate rule's file).
    pub patched: &'static str,
    /// A result's expected generated resource(s) (the generate rule's files).
    pub generated: &'static [&'static str],
    /// A result's own namespace for its resources (v1beta1 only).
    pub result_namespace: Option<&'static str>,
    /// Inline variables with `policies[{name, rules[{name}], resources[{name}]}]`.
    pub inline_values: &'static str,
    /// The `resourceFiles` of `globalContextEntries` (kyverno refuses absolute and escaping
    /// paths before reading them, `apis/v1alpha1/test.go` `ValidateGlobalContextEntries`).
    pub global_context: Option<&'static str>,
}

const fn field(pointer: &'static str, many: bool, role: Role, resolve: Resolve) -> FileField {
    FileField {
        pointer,
        many,
        role,
        resolve,
        dir_ok: false,
    }
}

const V1ALPHA1_FILES: &[FileField] = &[
    FileField {
        dir_ok: true,
        ..field("/policies", true, Role::Policies, Resolve::Full)
    },
    field("/resources", true, Role::Resources, Resolve::Full),
    field("/targetResources", true, Role::Targets, Resolve::Full),
    field("/paramResources", true, Role::Plain, Resolve::Full),
    field(
        "/clusterResources",
        true,
        Role::ClusterResources,
        Resolve::Full,
    ),
    field("/exceptions", true, Role::Plain, Resolve::Full),
    field("/jsonPayloads", true, Role::JsonPayloads, Resolve::Full),
    field("/httpPayloads", true, Role::Plain, Resolve::Full),
    field("/envoyPayloads", true, Role::Plain, Resolve::Full),
    field("/variables", false, Role::Values, Resolve::Join),
    field("/userinfo", false, Role::UserInfo, Resolve::Join),
    field("/context", false, Role::Context, Resolve::Join),
];

const V1ALPHA1_RESULT_FILES: &[FileField] = &[
    field("/patchedResources", false, Role::Plain, Resolve::Join),
    field("/generatedResource", false, Role::Plain, Resolve::Join),
    field("/generatedResources", true, Role::Plain, Resolve::Join),
    field("/cloneSourceResource", false, Role::Plain, Resolve::Full),
];

/// v1beta1: the proposal's `spec` fields, plus the v1alpha1 fields a lossless migration
/// carries under `spec` (payloads grouped under `spec.payloads`, as our v1beta1 CRD
/// `crds/cli.kyverno.io_kyvernotests.yaml`); the proposal supports relative and absolute
/// paths everywhere.
const V1BETA1_FILES: &[FileField] = &[
    FileField {
        dir_ok: true,
        ..field("/spec/policies", true, Role::Policies, Resolve::Full)
    },
    field("/spec/resources", true, Role::Resources, Resolve::Full),
    field("/spec/targetResources", true, Role::Targets, Resolve::Full),
    field("/spec/paramResources", true, Role::Plain, Resolve::Full),
    field(
        "/spec/clusterResources",
        true,
        Role::ClusterResources,
        Resolve::Full,
    ),
    field("/spec/exceptions", true, Role::Plain, Resolve::Full),
    field(
        "/spec/payloads/json",
        true,
        Role::JsonPayloads,
        Resolve::Full,
    ),
    field("/spec/payloads/http", true, Role::Plain, Resolve::Full),
    field("/spec/payloads/envoy", true, Role::Plain, Resolve::Full),
    field("/spec/variablesFile", false, Role::Values, Resolve::Full),
    field("/spec/userInfoFile", false, Role::UserInfo, Resolve::Full),
    field("/spec/context", false, Role::Context, Resolve::Full),
];

const V1BETA1_RESULT_FILES: &[FileField] = &[
    field("/patchedResource", false, Role::Plain, Resolve::Full),
    field("/generatedResource", false, Role::Plain, Resolve::Full),
    field("/generatedResources", true, Role::Plain, Resolve::Full),
    field("/cloneSourceResource", false, Role::Plain, Resolve::Full),
];

const V1ALPHA1: Layout = Layout {
    files: V1ALPHA1_FILES,
    result_files: V1ALPHA1_RESULT_FILES,
    results: "/results",
    patched: "/patchedResources",
    generated: &["/generatedResource", "/generatedResources"],
    result_namespace: None,
    inline_values: "/values",
    global_context: Some("/globalContextEntries"),
};

const V1BETA1: Layout = Layout {
    files: V1BETA1_FILES,
    result_files: V1BETA1_RESULT_FILES,
    results: "/spec/results",
    patched: "/patchedResource",
    generated: &["/generatedResource", "/generatedResources"],
    result_namespace: Some("/namespace"),
    inline_values: "/spec/variables",
    global_context: Some("/spec/globalContextEntries"),
};

/// The layout of `version`.
pub(super) fn layout(version: Version) -> &'static Layout {
    match version {
        Version::V1alpha1 => &V1ALPHA1,
        Version::V1beta1 => &V1BETA1,
    }
}
