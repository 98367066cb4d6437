//! Byte offsets to line and column.

use super::Location;

/// Turns byte offsets into [`Location`]s. Offsets asked in increasing order cost, in total, one
/// pass over the text; an earlier offset restarts from the beginning.
pub(crate) struct Locator<'a> {
    text: &'a str,
    /// The last located position: its offset, line and column.
    at: Location,
}

impl<'a> Locator<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Locator {
            text,
            at: Location {
                line: 1,
                column: 1,
                offset: 0,
            },
        }
    }

    /// The location of byte `offset` (clamped to the text; a position inside a character is
    /// moved back to the character's start).
    pub(crate) fn locate(&mut self, offset: usize) -> Location {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        if offset < self.at.offset {
            self.at = Location {
                line: 1,
                column: 1,
                offset: 0,
            };
        }
        let Location {
            mut line,
            mut column,
            ..
        } = self.at;
        for c in self.text[self.at.offset..offset].chars() {
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        self.at = Location {
            line,
            column,
            offset,
        };
        self.at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_character_columns() {
        let text = "[\n  {\"ſ\": 1},\n]";
        let mut l = Locator::new(text);
        assert_eq!(
            l.locate(0),
            Location {
                line: 1,
                column: 1,
                offset: 0
            }
        );
        assert_eq!(
            l.locate(2),
            Location {
                line: 2,
                column: 1,
                offset: 2
            }
        );
        // after the two-byte `ſ`: column counts characters
        let colon = text.find(':').unwrap_or_default();
        assert_eq!(
            l.locate(colon),
            Location {
                line: 2,
                column: 7,
                offset: colon
            }
        );
        // backwards, and past the end
        assert_eq!(l.locate(1).line, 1);
        assert_eq!(
            l.locate(999),
            Location {
                line: 3,
                column: 2,
                offset: text.len()
            }
        );
        // inside a character
        let s = text.find('ſ').unwrap_or_default();
        assert_eq!(l.locate(s + 1).offset, s);
    }
}
