//! Rust names for templates: `rhel9-server-small` → `rhel9_server_small`.

/// The snake_case function name of a template: lower case, every run of characters that
/// cannot be in an identifier becomes one `_`; a leading digit or a Rust keyword gets a `t_`
/// prefix.
pub fn function_name(template: &str) -> String {
    let mut out = String::new();
    let mut gap = false;
    for c in template.chars() {
        if c.is_ascii_alphanumeric() {
            if gap && !out.is_empty() {
                out.push('_');
            }
            gap = false;
            out.push(c.to_ascii_lowercase());
        } else {
            gap = true;
        }
    }
    if out.is_empty()
        || out.starts_with(|c: char| c.is_ascii_digit())
        || syn::parse_str::<syn::Ident>(&out).is_err()
    {
        out.insert_str(0, "t_");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::function_name;

    #[test]
    fn template_names_become_snake_case_identifiers() {
        assert_eq!(function_name("rhel9-server-small"), "rhel9_server_small");
        assert_eq!(
            function_name("centos-stream9-desktop-large-arm64"),
            "centos_stream9_desktop_large_arm64"
        );
        assert_eq!(function_name("Fedora.Server--X"), "fedora_server_x");
        assert_eq!(function_name("7zip"), "t_7zip");
        assert_eq!(function_name("type"), "t_type");
        assert_eq!(function_name("---"), "t_");
    }
}
