//! A schema keyword's location given to what its checks found: the innermost keyword names a
//! violation (JSON Schema 2020-12 core §12.4.2, `keywordLocation`).

use super::Budget;
use crate::ir::Violation;

/// `found`, the violations the checks of the keyword at `location` found, each without a
/// keyword yet given it; a `$ref` evaluation `budget` refused in them is located there too
/// ([`Budget::locate`]). The interpreter and the generated code both call it.
pub fn keyword_found(budget: &Budget, found: &mut [Violation], location: &str) {
    budget.locate(location);
    for v in found {
        if v.keyword.is_empty() {
            location.clone_into(&mut v.keyword);
        }
    }
}
