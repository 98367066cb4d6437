//! Standard error during a run: notes and errors, and a progress bar for long runs on a
//! terminal.

use std::io::{IsTerminal, Write};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Runs over more files than this show a progress bar (when standard error is a terminal).
pub(super) const PROGRESS_MIN_FILES: usize = 200;

/// Standard error, with a progress bar over the files when there is one.
pub(super) struct Console {
    bar: Option<ProgressBar>,
    /// Standard output is the terminal too: the bar must be hidden while it is written.
    stdout_is_terminal: bool,
}

impl Console {
    /// A console for a run over `files` files: a progress bar when they are more than
    /// [`PROGRESS_MIN_FILES`] and standard error is a terminal.
    pub(super) fn new(files: usize) -> Console {
        let bar = wants_progress(files, std::io::stderr().is_terminal()).then(|| {
            let bar =
                ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::stderr());
            if let Ok(style) =
                ProgressStyle::with_template("{bar:40} {pos}/{len} files, {elapsed} ({eta} left)")
            {
                bar.set_style(style);
            }
            bar
        });
        Console {
            bar,
            stdout_is_terminal: std::io::stdout().is_terminal(),
        }
    }

    /// Prints a line on standard error, above the bar.
    pub(super) fn note(&self, line: &str) {
        self.suspend(|| {
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        });
    }

    /// Runs `f`, which writes standard output, with the bar hidden when both are on the
    /// terminal.
    pub(super) fn stdout<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.stdout_is_terminal => bar.suspend(f),
            _ => f(),
        }
    }

    /// Runs `f` (which prints on standard error) with the bar hidden.
    fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// One more file done.
    pub(super) fn tick(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Removes the bar.
    pub(super) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Whether a run over `files` files shows a progress bar.
fn wants_progress(files: usize, stderr_is_terminal: bool) -> bool {
    stderr_is_terminal && files > PROGRESS_MIN_FILES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_long_runs_on_a_terminal_show_progress() {
        assert!(wants_progress(PROGRESS_MIN_FILES + 1, true));
        assert!(!wants_progress(PROGRESS_MIN_FILES, true));
        assert!(!wants_progress(10_000, false));
    }
}
