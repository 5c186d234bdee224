//! How numbers read in logs and tables, the same in every ruleset.

/// A number with its sign as people write it: "+2", "−8" (a true minus,
/// U+2212, never the hyphen).
pub fn signed(value: i64) -> String {
    let sign = if value < 0 { '\u{2212}' } else { '+' };
    format!("{sign}{}", value.unsigned_abs())
}

/// A whole number with thousands separators: "1,000,000", "-5".
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// "1 turn", "3 turns".
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_are_true_minus_and_plus() {
        assert_eq!(signed(-8), "\u{2212}8");
        assert_eq!(signed(0), "+0");
        assert_eq!(signed(2), "+2");
        assert_eq!(
            signed(i64::MIN),
            format!("\u{2212}{}", i64::MIN.unsigned_abs())
        );
        assert_eq!(count(1, "turn", "turns"), "1 turn");
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(thousands(-999), "-999");
        assert_eq!(thousands(i64::MIN), "-9,223,372,036,854,775,808");
        assert_eq!(count(2, "turn", "turns"), "2 turns");
    }
}
