//! Workspace-level tests live under `tests/tests/`.
