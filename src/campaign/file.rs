//! Reading and writing campaign files: TOML text to checked records and back,
//! with every problem pinned to a line and field of the file.

use super::error::CampaignError;
use super::records::CampaignFile;
use super::validate::{check_file, KnownCodes};

/// Parses campaign-file text; `name` is how the file is named in messages.
pub fn parse(name: &str, text: &str) -> Result<CampaignFile, CampaignError> {
    toml::from_str(text).map_err(|e| toml_error(name, text, &e))
}

/// Parses and checks a file against the codes the campaign already holds.
pub fn parse_checked(
    name: &str,
    text: &str,
    existing: &KnownCodes,
) -> Result<CampaignFile, CampaignError> {
    let mut file = parse(name, text)?;
    for s in &mut file.stands {
        super::derived::normalise(s);
    }
    if let Some(p) = check_file(&file, existing).into_iter().next() {
        return Err(CampaignError::InFile {
            file: name.to_string(),
            line: locate(text, p.section, p.index, p.problem.field),
            field: if p.section.is_empty() {
                p.problem.field.to_string()
            } else {
                format!("{}.{}", p.section, p.problem.field)
            },
            message: p.problem.message,
        });
    }
    Ok(file)
}

/// Refuses a file naming a ruleset this build cannot fight with (`known`).
pub fn check_rulesets(
    name: &str,
    text: &str,
    file: &CampaignFile,
    known: &[&str],
) -> Result<(), CampaignError> {
    let refuse = |section: &str, index: usize, value: &str| CampaignError::InFile {
        file: name.to_string(),
        line: locate(text, section, index, "ruleset"),
        field: format!("{section}.ruleset"),
        message: format!(
            "unknown ruleset `{value}`; allowed values: {}",
            known.join(", ")
        ),
    };
    if let Some(c) = &file.campaign {
        if !known.contains(&c.ruleset.as_str()) {
            return Err(refuse("campaign", 0, &c.ruleset));
        }
    }
    for (i, b) in file.battles.iter().enumerate() {
        if !known.contains(&b.ruleset.as_str()) {
            return Err(refuse("battles", i, &b.ruleset));
        }
    }
    Ok(())
}

/// Writes records as campaign-file text.
pub fn to_text(file: &CampaignFile) -> String {
    toml::to_string(file).expect("campaign records always serialise to TOML")
}

/// Turns a TOML or type error into a message with its line and the key it concerns.
pub fn toml_error(name: &str, text: &str, e: &toml::de::Error) -> CampaignError {
    let offset = e.span().map(|s| s.start).unwrap_or(0).min(text.len());
    let line = text[..offset].matches('\n').count() + 1;
    let message = e.message().trim().to_string();
    // The table the error sits in: the nearest header at or above its line.
    let section = text
        .lines()
        .take(line)
        .filter_map(|l| {
            let t = l.trim();
            t.strip_prefix("[[")
                .and_then(|r| r.strip_suffix("]]"))
                .or_else(|| t.strip_prefix('[').and_then(|r| r.strip_suffix(']')))
                .map(|s| s.trim().to_string())
        })
        .last();
    let key = text
        .lines()
        .nth(line - 1)
        .and_then(|l| l.split_once('='))
        .map(|(k, _)| k.trim().to_string())
        .filter(|k| !k.is_empty() && !k.starts_with('['))
        // A missing key has no line of its own: name it from the message.
        .or_else(|| {
            message
                .strip_prefix("missing field `")
                .and_then(|r| r.split('`').next())
                .map(str::to_string)
        });
    let field = match (section, key) {
        (Some(s), Some(k)) => format!("{s}.{k}"),
        (None, Some(k)) => k,
        (Some(s), None) => s,
        (None, None) => "(top level)".to_string(),
    };
    CampaignError::InFile {
        file: name.to_string(),
        line,
        field,
        message,
    }
}

/// Campaign and results files are UTF-8; a file that is not is refused with
/// the line and byte where the first bad byte sits.
pub fn read_text(name: &str, bytes: Vec<u8>) -> Result<String, CampaignError> {
    let bytes = match bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        // A byte-order mark some editors write is not part of the text.
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let good = &e.as_bytes()[..at];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at
            - good
                .iter()
                .rposition(|&b| b == b'\n')
                .map(|p| p + 1)
                .unwrap_or(0)
            + 1;
        CampaignError::InFile {
            file: name.to_string(),
            line,
            field: format!("byte {column} of the line"),
            message: "not UTF-8 text; save the file as UTF-8".to_string(),
        }
    })
}

/// The line of `field` in entry `index` of `[[section]]` (or of `[section]`),
/// falling back to the entry's header line, then to line 1.
pub fn locate(text: &str, section: &str, index: usize, field: &str) -> usize {
    let array_header = format!("[[{section}]]");
    let table_header = format!("[{section}]");
    let mut seen = 0usize;
    let mut start: Option<usize> = None;
    let lines: Vec<&str> = text.lines().collect();
    for (n, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        if t.starts_with(&array_header) || (index == 0 && t.starts_with(&table_header)) {
            if seen == index {
                start = Some(n);
                break;
            }
            seen += 1;
        }
    }
    let Some(start) = start else { return 1 };
    for (n, line) in lines.iter().enumerate().skip(start + 1) {
        let t = line.trim_start();
        if t.starts_with('[') {
            break;
        }
        if let Some((k, _)) = t.split_once('=') {
            if k.trim() == field {
                return n + 1;
            }
        }
    }
    start + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "[campaign]\nname = \"x\"\nstart = \"2157-01-01T00:00:00\"\n\n[[sides]]\ncode = \"a\"\nname = \"A\"\n\n[[sides]]\ncode = \"b\"\nname = \"B\"\nsupply_points = -1\n";

    #[test]
    fn locate_finds_field_in_nth_entry() {
        assert_eq!(locate(TEXT, "sides", 1, "supply_points"), 12);
        assert_eq!(locate(TEXT, "sides", 1, "missing"), 9);
        assert_eq!(locate(TEXT, "campaign", 0, "start"), 3);
    }

    #[test]
    fn check_problems_name_line_and_field() {
        let err = parse_checked("f.toml", TEXT, &KnownCodes::new()).unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.starts_with("f.toml, line 12, field `sides.supply_points`"),
            "{msg}"
        );
    }

    #[test]
    fn unknown_enum_names_field_and_allowed_values() {
        let text = "[[sides]]\ncode = \"a\"\nname = \"A\"\nmedical = \"superb\"\n";
        let msg = parse("f.toml", text).unwrap_err().to_string();
        assert!(msg.contains("line 4"), "{msg}");
        assert!(msg.contains("`sides.medical`"), "{msg}");
        assert!(msg.contains("excellent, normal, none"), "{msg}");
    }
}
