//! Character-class tables of Go's `regexp/syntax`: the ASCII Perl and POSIX groups and the
//! names accepted by `\p{…}` (Go 1.25+ lookup rules, Unicode 17 as in Go 1.27).

/// An ASCII group (`\d`, `[:alpha:]`, …) as inclusive code-point ranges.
pub(crate) type Ranges = &'static [(u32, u32)];

/// `\d` and `[:digit:]` (as Go regexp/syntax perl_groups.go: ASCII only).
pub(crate) const DIGIT: Ranges = &[(0x30, 0x39)];
/// `\s`: tab, newline, form feed, carriage return, space (no vertical tab).
pub(crate) const PERL_SPACE: Ranges = &[(0x09, 0x0a), (0x0c, 0x0d), (0x20, 0x20)];
/// `\w` and `[:word:]`.
pub(crate) const WORD: Ranges = &[(0x30, 0x39), (0x41, 0x5a), (0x5f, 0x5f), (0x61, 0x7a)];

/// The Perl class escape (`d`, `s`, `w`, upper case negated) named by `c`.
pub(crate) fn perl_group(c: u8) -> Option<(Ranges, bool)> {
    match c {
        b'd' => Some((DIGIT, false)),
        b'D' => Some((DIGIT, true)),
        b's' => Some((PERL_SPACE, false)),
        b'S' => Some((PERL_SPACE, true)),
        b'w' => Some((WORD, false)),
        b'W' => Some((WORD, true)),
        _ => None,
    }
}

/// The POSIX class named by `name` (the whole `[:alpha:]` / `[:^alpha:]` text).
pub(crate) fn posix_group(name: &str) -> Option<(Ranges, bool)> {
    let inner = name.strip_prefix("[:")?.strip_suffix(":]")?;
    let (negated, base) = match inner.strip_prefix('^') {
        Some(b) => (true, b),
        None => (false, inner),
    };
    let ranges: Ranges = match base {
        "alnum" => &[(0x30, 0x39), (0x41, 0x5a), (0x61, 0x7a)],
        "alpha" => &[(0x41, 0x5a), (0x61, 0x7a)],
        "ascii" => &[(0x00, 0x7f)],
        "blank" => &[(0x09, 0x09), (0x20, 0x20)],
        "cntrl" => &[(0x00, 0x1f), (0x7f, 0x7f)],
        "digit" => DIGIT,
        "graph" => &[(0x21, 0x7e)],
        "lower" => &[(0x61, 0x7a)],
        "print" => &[(0x20, 0x7e)],
        "punct" => &[(0x21, 0x2f), (0x3a, 0x40), (0x5b, 0x60), (0x7b, 0x7e)],
        "space" => &[(0x09, 0x0d), (0x20, 0x20)],
        "upper" => &[(0x41, 0x5a)],
        "word" => WORD,
        "xdigit" => &[(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)],
        _ => return None,
    };
    Some((ranges, negated))
}

/// A Unicode class accepted by Go's `\p{…}`, in a form the `regex` crate can express.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UniClass {
    /// A general category the `regex` crate knows under the same short name (`Lu`, `N`, `LC`, `Cn`…).
    Category(&'static str),
    /// Go's `C`: `Cc | Cf | Co | Cs` (its table has no unassigned code points).
    OtherC,
    /// A script (Go's `unicode.Scripts`, i.e. the Script property, not Script_Extensions).
    Script(&'static str),
    /// Explicit ranges: `ASCII`, `Any`, `Cs` (surrogates: empty for valid UTF-8), and the
    /// Unicode 17 scripts the `regex` crate (Unicode 16) does not know yet (their blocks).
    Ranges(Ranges),
}

/// Go's general categories (`unicode.Categories`, with `Cn` since Go 1.25), keyed by their
/// canonical spelling. `LC` is handled by the `Lc` special case.
const CATEGORIES: &[&str] = &[
    "C", "Cc", "Cf", "Cn", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn",
    "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm",
    "So", "Z", "Zl", "Zp", "Zs",
];

/// General-category aliases (`unicode.CategoryAliases`, from PropertyValueAliases.txt).
const CATEGORY_ALIASES: &[(&str, &str)] = &[
    ("Other", "C"),
    ("Control", "Cc"),
    ("cntrl", "Cc"),
    ("Format", "Cf"),
    ("Unassigned", "Cn"),
    ("Private_Use", "Co"),
    ("Surrogate", "Cs"),
    ("Letter", "L"),
    ("Cased_Letter", "LC"),
    ("Lowercase_Letter", "Ll"),
    ("Modifier_Letter", "Lm"),
    ("Other_Letter", "Lo"),
    ("Titlecase_Letter", "Lt"),
    ("Uppercase_Letter", "Lu"),
    ("Mark", "M"),
    ("Combining_Mark", "M"),
    ("Spacing_Mark", "Mc"),
    ("Enclosing_Mark", "Me"),
    ("Nonspacing_Mark", "Mn"),
    ("Number", "N"),
    ("Decimal_Number", "Nd"),
    ("digit", "Nd"),
    ("Letter_Number", "Nl"),
    ("Other_Number", "No"),
    ("Punctuation", "P"),
    ("punct", "P"),
    ("Connector_Punctuation", "Pc"),
    ("Dash_Punctuation", "Pd"),
    ("Close_Punctuation", "Pe"),
    ("Final_Punctuation", "Pf"),
    ("Initial_Punctuation", "Pi"),
    ("Other_Punctuation", "Po"),
    ("Open_Punctuation", "Ps"),
    ("Symbol", "S"),
    ("Currency_Symbol", "Sc"),
    ("Modifier_Symbol", "Sk"),
    ("Math_Symbol", "Sm"),
    ("Other_Symbol", "So"),
    ("Separator", "Z"),
    ("Line_Separator", "Zl"),
    ("Paragraph_Separator", "Zp"),
    ("Space_Separator", "Zs"),
];

/// Scripts of Unicode 16 (known to both Go 1.27 and the `regex` crate).
const SCRIPTS: &[&str] = &[
    "Adlam",
    "Ahom",
    "Anatolian_Hieroglyphs",
    "Arabic",
    "Armenian",
    "Avestan",
    "Balinese",
    "Bamum",
    "Bassa_Vah",
    "Batak",
    "Bengali",
    "Bhaiksuki",
    "Bopomofo",
    "Brahmi",
    "Braille",
    "Buginese",
    "Buhid",
    "Canadian_Aboriginal",
    "Carian",
    "Caucasian_Albanian",
    "Chakma",
    "Cham",
    "Cherokee",
    "Chorasmian",
    "Common",
    "Coptic",
    "Cuneiform",
    "Cypriot",
    "Cypro_Minoan",
    "Cyrillic",
    "Deseret",
    "Devanagari",
    "Dives_Akuru",
    "Dogra",
    "Duployan",
    "Egyptian_Hieroglyphs",
    "Elbasan",
    "Elymaic",
    "Ethiopic",
    "Garay",
    "Georgian",
    "Glagolitic",
    "Gothic",
    "Grantha",
    "Greek",
    "Gujarati",
    "Gunjala_Gondi",
    "Gurmukhi",
    "Gurung_Khema",
    "Han",
    "Hangul",
    "Hanifi_Rohingya",
    "Hanunoo",
    "Hatran",
    "Hebrew",
    "Hiragana",
    "Imperial_Aramaic",
    "Inherited",
    "Inscriptional_Pahlavi",
    "Inscriptional_Parthian",
    "Javanese",
    "Kaithi",
    "Kannada",
    "Katakana",
    "Kawi",
    "Kayah_Li",
    "Kharoshthi",
    "Khitan_Small_Script",
    "Khmer",
    "Khojki",
    "Khudawadi",
    "Kirat_Rai",
    "Lao",
    "Latin",
    "Lepcha",
    "Limbu",
    "Linear_A",
    "Linear_B",
    "Lisu",
    "Lycian",
    "Lydian",
    "Mahajani",
    "Makasar",
    "Malayalam",
    "Mandaic",
    "Manichaean",
    "Marchen",
    "Masaram_Gondi",
    "Medefaidrin",
    "Meetei_Mayek",
    "Mende_Kikakui",
    "Meroitic_Cursive",
    "Meroitic_Hieroglyphs",
    "Miao",
    "Modi",
    "Mongolian",
    "Mro",
    "Multani",
    "Myanmar",
    "Nabataean",
    "Nag_Mundari",
    "Nandinagari",
    "New_Tai_Lue",
    "Newa",
    "Nko",
    "Nushu",
    "Nyiakeng_Puachue_Hmong",
    "Ogham",
    "Ol_Chiki",
    "Ol_Onal",
    "Old_Hungarian",
    "Old_Italic",
    "Old_North_Arabian",
    "Old_Permic",
    "Old_Persian",
    "Old_Sogdian",
    "Old_South_Arabian",
    "Old_Turkic",
    "Old_Uyghur",
    "Oriya",
    "Osage",
    "Osmanya",
    "Pahawh_Hmong",
    "Palmyrene",
    "Pau_Cin_Hau",
    "Phags_Pa",
    "Phoenician",
    "Psalter_Pahlavi",
    "Rejang",
    "Runic",
    "Samaritan",
    "Saurashtra",
    "Sharada",
    "Shavian",
    "Siddham",
    "SignWriting",
    "Sinhala",
    "Sogdian",
    "Sora_Sompeng",
    "Soyombo",
    "Sundanese",
    "Sunuwar",
    "Syloti_Nagri",
    "Syriac",
    "Tagalog",
    "Tagbanwa",
    "Tai_Le",
    "Tai_Tham",
    "Tai_Viet",
    "Takri",
    "Tamil",
    "Tangsa",
    "Tangut",
    "Telugu",
    "Thaana",
    "Thai",
    "Tibetan",
    "Tifinagh",
    "Tirhuta",
    "Todhri",
    "Toto",
    "Tulu_Tigalari",
    "Ugaritic",
    "Vai",
    "Vithkuqi",
    "Wancho",
    "Warang_Citi",
    "Yezidi",
    "Yi",
    "Zanabazar_Square",
];

/// Scripts new in Unicode 17 (Go 1.27), approximated by their blocks.
const SCRIPTS_17: &[(&str, Ranges)] = &[
    ("Beria_Erfe", &[(0x16ea0, 0x16edf)]),
    ("Chisoi", &[(0x16d80, 0x16daf)]),
    ("Sidetic", &[(0x10940, 0x1095f)]),
    ("Tai_Yo", &[(0x1e6c0, 0x1e6ff)]),
    ("Tolong_Siki", &[(0x11db0, 0x11def)]),
];

const ASCII: Ranges = &[(0, 0x7f)];
const ANY: Ranges = &[(0, 0x10ffff)];
const NONE: Ranges = &[];

/// Go's canonical spelling of a class name (regexp/syntax parse.go, Go 1.25+): separators
/// `_`, `-` and space dropped, first letter upper case, the others lower case (ASCII only).
pub(crate) fn canonical_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut first = true;
    for c in name.chars() {
        if c == '_' || c == '-' || c == ' ' {
            continue;
        }
        if first {
            out.push(c.to_ascii_uppercase());
            first = false;
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

fn category(short: &'static str) -> UniClass {
    match short {
        "C" => UniClass::OtherC,
        "Cs" => UniClass::Ranges(NONE),
        _ => UniClass::Category(short),
    }
}

/// Resolves a `\p{name}` name (without a leading `^`) as Go does. The boolean asks for the
/// class to be inverted (`Assigned` is Go's inverted `Cn`).
pub(crate) fn lookup_unicode(name: &str) -> Option<(UniClass, bool)> {
    let canon = canonical_name(name);
    match canon.as_str() {
        "Any" => return Some((UniClass::Ranges(ANY), false)),
        "Assigned" => return Some((UniClass::Category("Cn"), true)),
        "Ascii" => return Some((UniClass::Ranges(ASCII), false)),
        "Lc" => return Some((UniClass::Category("LC"), false)),
        _ => {}
    }
    if let Some(c) = CATEGORIES.iter().find(|c| **c == canon) {
        return Some((category(c), false));
    }
    if let Some(s) = SCRIPTS.iter().find(|s| canonical_name(s) == canon) {
        return Some((UniClass::Script(s), false));
    }
    if let Some((_, r)) = SCRIPTS_17.iter().find(|(s, _)| canonical_name(s) == canon) {
        return Some((UniClass::Ranges(r), false));
    }
    if let Some((_, short)) = CATEGORY_ALIASES
        .iter()
        .find(|(alias, _)| canonical_name(alias) == canon)
    {
        return Some((category(short), false));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_names_follow_go() {
        assert_eq!(canonical_name("upper case-let ter"), "Uppercaseletter");
        assert_eq!(canonical_name("__upper case-let ter"), "Uppercaseletter");
        assert_eq!(canonical_name("LC"), "Lc");
        assert_eq!(canonical_name("greek"), "Greek");
        assert_eq!(canonical_name(""), "");
    }

    #[test]
    fn lookups() {
        assert_eq!(
            lookup_unicode("Lu"),
            Some((UniClass::Category("Lu"), false))
        );
        assert_eq!(
            lookup_unicode("lu"),
            Some((UniClass::Category("Lu"), false))
        );
        assert_eq!(
            lookup_unicode("Uppercase_Letter"),
            Some((UniClass::Category("Lu"), false))
        );
        assert_eq!(
            lookup_unicode("Greek"),
            Some((UniClass::Script("Greek"), false))
        );
        assert_eq!(
            lookup_unicode("Canadian_Aboriginal"),
            Some((UniClass::Script("Canadian_Aboriginal"), false))
        );
        assert_eq!(
            lookup_unicode("Assigned"),
            Some((UniClass::Category("Cn"), true))
        );
        assert_eq!(lookup_unicode("C"), Some((UniClass::OtherC, false)));
        assert_eq!(lookup_unicode("Other"), Some((UniClass::OtherC, false)));
        assert!(lookup_unicode("Greek_Extended").is_none());
        assert!(lookup_unicode("Alphabetic").is_none());
        assert!(lookup_unicode("sc=Greek").is_none());
        assert!(lookup_unicode("").is_none());
        assert!(lookup_unicode("Unknown").is_none());
    }
}
