//! IP addresses, CIDRs and MAC addresses as Go reads them: `net.ParseIP` (through
//! `net/netip`: no leading zeros, no zone), k8s.io/utils' `ParseIPSloppy`/`ParseCIDRSloppy`
//! (its fork of Go 1.16's parser: an IPv4 field is any run of decimal digits up to 255, so
//! `010` is 10), and `net.ParseMAC`.

/// Go's `net.ParseIP(s) != nil`: what `net/netip.ParseAddr` reads without a zone.
pub(super) fn parse_ip(s: &str) -> bool {
    match s.bytes().find(|b| matches!(b, b'.' | b':' | b'%')) {
        Some(b'.') => crate::ip::is_ipv4(s),
        Some(b':') => crate::ip::is_ipv6(s),
        _ => false,
    }
}

/// k8s.io/utils `ParseIPSloppy(s) != nil`: an IPv4 address when the first `.` comes before
/// any `:`, else an IPv6 address.
pub(super) fn parse_ip_sloppy(s: &str) -> bool {
    match s.bytes().find(|b| matches!(b, b'.' | b':')) {
        Some(b'.') => sloppy_ipv4(s),
        Some(b':') => sloppy_ipv6(s),
        _ => false,
    }
}

/// k8s.io/utils `ParseCIDRSloppy`: a sloppy address (IPv4 tried first), `/`, and a decimal
/// prefix length no longer than the address.
pub(super) fn is_cidr_sloppy(s: &str) -> bool {
    let Some((addr, mask)) = s.split_once('/') else {
        return false;
    };
    let bits = if sloppy_ipv4(addr) {
        32
    } else if sloppy_ipv6(addr) {
        128
    } else {
        return false;
    };
    matches!(dtoi(mask), Some((n, used)) if used == mask.len() && n <= bits)
}

/// The forked `dtoi`: the leading decimal digits' value and count, `None` without a digit
/// or at 0xFFFFFF and beyond.
fn dtoi(s: &str) -> Option<(u32, usize)> {
    let mut n: u32 = 0;
    let mut i = 0;
    for b in s.bytes().take_while(u8::is_ascii_digit) {
        n = n * 10 + u32::from(b - b'0');
        if n >= 0xFF_FFFF {
            return None;
        }
        i += 1;
    }
    (i > 0).then_some((n, i))
}

/// The forked `xtoi`: the leading hexadecimal digits' value and count, as [`dtoi`].
fn xtoi(s: &str) -> Option<(u32, usize)> {
    let mut n: u32 = 0;
    let mut i = 0;
    for b in s.bytes() {
        let Some(d) = (b as char).to_digit(16) else {
            break;
        };
        n = n * 16 + d;
        if n >= 0xFF_FFFF {
            return None;
        }
        i += 1;
    }
    (i > 0).then_some((n, i))
}

/// The forked `parseIPv4`: four fields of decimal digits up to 255 separated by `.`.
fn sloppy_ipv4(s: &str) -> bool {
    let mut rest = s;
    for i in 0..4 {
        if i > 0 {
            let Some(r) = rest.strip_prefix('.') else {
                return false;
            };
            rest = r;
        }
        match dtoi(rest) {
            Some((n, used)) if n <= 0xFF => rest = &rest[used..],
            _ => return false,
        }
    }
    rest.is_empty()
}

/// The forked `parseIPv6`: groups of hexadecimal digits up to 0xFFFF, one `::` at most, an
/// IPv4 tail (sloppy) in the last 32 bits.
fn sloppy_ipv6(s: &str) -> bool {
    let mut rest = s;
    let mut ellipsis = false;
    if let Some(r) = rest.strip_prefix("::") {
        ellipsis = true;
        rest = r;
        if rest.is_empty() {
            return true;
        }
    }
    let mut bytes = 0;
    while bytes < 16 {
        let Some((_, used)) = xtoi(rest).filter(|(n, _)| *n <= 0xFFFF) else {
            return false;
        };
        if rest.as_bytes().get(used) == Some(&b'.') {
            if (!ellipsis && bytes != 12) || bytes + 4 > 16 || !sloppy_ipv4(rest) {
                return false;
            }
            rest = "";
            bytes += 4;
            break;
        }
        bytes += 2;
        rest = &rest[used..];
        if rest.is_empty() {
            break;
        }
        if !rest.starts_with(':') || rest.len() == 1 {
            return false;
        }
        rest = &rest[1..];
        if let Some(r) = rest.strip_prefix(':') {
            if ellipsis {
                return false;
            }
            ellipsis = true;
            rest = r;
            if rest.is_empty() {
                break;
            }
        }
    }
    rest.is_empty() && (bytes == 16) != ellipsis
}

/// Go's `net.ParseMAC`: 6, 8 or 20 bytes as `xx:xx:…`, `xx-xx-…`, `xxxx.xxxx.…` or bare
/// hexadecimal pairs.
pub(super) fn is_mac(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 12 {
        return false;
    }
    let hex2 = |i: usize| b[i].is_ascii_hexdigit() && b[i + 1].is_ascii_hexdigit();
    let sizes = |n: usize| matches!(n, 6 | 8 | 20);
    if matches!(b[2], b':' | b'-') {
        let sep = b[2];
        if !(b.len() + 1).is_multiple_of(3) || !sizes((b.len() + 1) / 3) {
            return false;
        }
        (0..b.len())
            .step_by(3)
            .all(|x| hex2(x) && (x + 2 == b.len() || b[x + 2] == sep))
    } else if b[4] == b'.' {
        if !(b.len() + 1).is_multiple_of(5) || !sizes(2 * (b.len() + 1) / 5) {
            return false;
        }
        (0..b.len())
            .step_by(5)
            .all(|x| hex2(x) && hex2(x + 2) && (x + 4 == b.len() || b[x + 4] == b'.'))
    } else {
        b.len().is_multiple_of(2) && sizes(b.len() / 2) && (0..b.len()).step_by(2).all(hex2)
    }
}
