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

/// Whether an option can be stored; if not, the field at fault and why.
pub type OptionCheck<'a> =
    dyn Fn(&crate::store::records::OptionRecord) -> Result<(), (&'static str, String)> + 'a;

/// Refuses the first `[[options]]` entry that `check` rejects (an unknown
/// ruleset, a key the ruleset does not have, a value it does not take), at
/// its line, as `option set` refuses it on the command line.
pub fn check_options(
    name: &str,
    text: &str,
    file: &CampaignFile,
    check: &OptionCheck<'_>,
) -> Result<(), CampaignError> {
    for (i, o) in file.options.iter().enumerate() {
        if let Err((field, message)) = check(o) {
            return Err(CampaignError::InFile {
                file: name.to_string(),
                line: locate(text, "options", i, field),
                field: format!("options.{field}"),
                message,
            });
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
    let mut message = e.message().trim().to_string();
    // An unquoted date is a TOML datetime, which serde reports as a map.
    if message.starts_with("invalid type: map, expected a string")
        && text[offset..]
            .trim_start()
            .starts_with(|c: char| c.is_ascii_digit())
    {
        message = "a date must be written in quotes, e.g. \"2157-04-12T05:00:00\"".to_string();
    }
    // The keys leading to the error (array entries skipped): the deepest
    // entry of the document the error's place sits in.
    let mut keys = key_path_at(text, offset);
    // A missing key has no place of its own: name it from the message.
    if let Some(missing) = message
        .strip_prefix("missing field `")
        .and_then(|r| r.split('`').next())
    {
        keys.push(missing.to_string());
    }
    CampaignError::InFile {
        file: name.to_string(),
        line: line_at(text, offset),
        field: if keys.is_empty() {
            "(top level)".to_string()
        } else {
            keys.join(".")
        },
        message,
    }
}

/// Reads a campaign or results file as text, refusing one larger than
/// [`MAX_FILE_BYTES`](crate::core::limits::MAX_FILE_BYTES) (an endless input
/// included) before it fills the memory.
pub fn read_file(path: &std::path::Path) -> Result<String, CampaignError> {
    use std::io::Read;
    let name = path.display().to_string();
    let limit = crate::core::limits::MAX_FILE_BYTES;
    let cannot = |e: std::io::Error| CampaignError::File {
        file: name.clone(),
        message: format!(
            "cannot read it: {}; check the path",
            crate::store::error::plain_io(&e)
        ),
    };
    if path.is_dir() {
        return Err(CampaignError::File {
            file: name.clone(),
            message: "is a folder; give the campaign or results file in it".into(),
        });
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if bytes.len() as u64 > limit {
        return Err(CampaignError::File {
            file: name,
            message: format!(
                "is larger than {} MiB, more than any campaign file; is it the right file?",
                limit / (1024 * 1024)
            ),
        });
    }
    read_text(&name, bytes)
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

/// The line of `field` in entry `index` of `[[section]]` (or of `[section]`,
/// or of the top level when `section` is empty); `field` may be dotted
/// (`result.turns`). Falls back to the deepest part found (the entry, then the
/// section), then to line 1. Read from the spans of the parsed document, so
/// inline tables, dotted and quoted keys are found as well as plain ones.
pub fn locate(text: &str, section: &str, index: usize, field: &str) -> usize {
    let mut steps = Vec::new();
    if !section.is_empty() {
        steps.push(Step::Key(section));
        steps.push(Step::Entry(index));
    }
    steps.extend(field.split('.').map(Step::Key));
    line_at(text, offset_of(text, &steps).unwrap_or(0))
}

/// One step into a TOML document: a key, or an entry of an array (a step
/// that a single table skips, as `[campaign]` is entry 0 of `campaign`).
enum Step<'a> {
    Key(&'a str),
    Entry(usize),
}

type Doc<'i> = toml::Spanned<toml::de::DeValue<'i>>;

/// The document's top level as a value, parsed as far as it goes, and
/// whether it is TOML throughout.
fn document(text: &str) -> (Doc<'_>, bool) {
    let (table, errors) = toml::de::DeTable::parse_recoverable(text);
    let span = table.span();
    let doc = toml::Spanned::new(span, toml::de::DeValue::Table(table.into_inner()));
    (doc, errors.is_empty())
}

fn entry<'a, 'i>(table: &'a toml::de::DeTable<'i>, key: &str) -> Option<(usize, &'a Doc<'i>)> {
    table
        .iter()
        .find(|(k, _)| k.get_ref() == key)
        .map(|(k, v)| (k.span().start, v))
}

/// Where the deepest step found begins in `text`: the key where written,
/// else the entry.
fn offset_of(text: &str, steps: &[Step]) -> Option<usize> {
    let (doc, _) = document(text);
    let mut here = &doc;
    let mut found = None;
    for step in steps {
        match (step, here.get_ref()) {
            (Step::Key(k), toml::de::DeValue::Table(t)) => match entry(t, k) {
                Some((at, value)) => {
                    found = Some(at);
                    here = value;
                }
                None => break,
            },
            (Step::Entry(i), toml::de::DeValue::Array(a)) => match a.get(*i) {
                Some(value) => {
                    found = Some(value.span().start);
                    here = value;
                }
                None => break,
            },
            (Step::Entry(0), toml::de::DeValue::Table(_)) => {}
            _ => break,
        }
    }
    found
}

/// The keys (array entries skipped) of the place in `text` that `offset`
/// falls in: the deepest key or value that holds it, else the table (or
/// array entry) whose header comes last before it.
fn key_path_at(text: &str, offset: usize) -> Vec<String> {
    use toml::de::DeValue;
    type Span = std::ops::Range<usize>;
    /// A key with its value, or an entry of an array of tables (`key` is
    /// then its header).
    struct Node {
        keys: Vec<String>,
        key: Span,
        value: Span,
        table: bool,
        entry: bool,
    }
    fn collect(value: &Doc<'_>, keys: &[String], out: &mut Vec<Node>) {
        match value.get_ref() {
            DeValue::Table(t) => {
                for (k, v) in t.iter() {
                    let mut keys = keys.to_vec();
                    keys.push(k.get_ref().to_string());
                    out.push(Node {
                        keys: keys.clone(),
                        key: k.span(),
                        value: v.span(),
                        table: matches!(v.get_ref(), DeValue::Table(_)),
                        entry: false,
                    });
                    collect(v, &keys, out);
                }
            }
            DeValue::Array(a) => {
                for v in a.iter() {
                    if matches!(v.get_ref(), DeValue::Table(_)) {
                        out.push(Node {
                            keys: keys.to_vec(),
                            key: v.span(),
                            value: v.span(),
                            table: true,
                            entry: true,
                        });
                    }
                    collect(v, keys, out);
                }
            }
            _ => {}
        }
    }
    let (doc, clean) = document(text);
    let mut nodes = Vec::new();
    collect(&doc, &[], &mut nodes);
    let found = if clean {
        let holds = |span: &Span| span.start <= offset && offset < span.end;
        nodes
            .iter()
            .filter(|n| holds(&n.key) || holds(&n.value))
            .max_by_key(|n| (n.keys.len(), n.key.start))
            .or_else(|| {
                nodes
                    .iter()
                    .filter(|n| n.table && n.value.start <= offset)
                    .max_by_key(|n| (n.value.start, n.keys.len()))
            })
    } else {
        // Not TOML here: only a key written on the error's line, before it,
        // is worth naming.
        let line = line_at(text, offset);
        nodes
            .iter()
            .filter(|n| !n.entry && n.key.start <= offset && line_at(text, n.key.start) == line)
            .max_by_key(|n| (n.key.start, n.keys.len()))
    };
    found.map(|n| n.keys.clone()).unwrap_or_default()
}

/// The line (from 1) holding byte `offset` of `text`.
fn line_at(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    text.as_bytes()[..offset]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
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
        assert_eq!(locate(TEXT, "sides", 7, "code"), 5, "the section");
        assert_eq!(locate(TEXT, "battles", 0, "code"), 1);
        assert_eq!(locate(TEXT, "", 0, "campaign"), 1);
    }

    #[test]
    fn locate_reads_inline_tables_dotted_and_quoted_keys() {
        let text = "[[battles]]\ncode = \"a\"\n[battles.result]\nmode = \"auto\"\nturns = -1\n\n[[battles]]\ncode = \"b\"\nresult = { mode = \"auto\", turns = -2 }\n\n[[sides]]\n\"code\" = \"x\"\nname.first = \"y\"\n";
        assert_eq!(locate(text, "battles", 0, "result.turns"), 5);
        assert_eq!(locate(text, "battles", 1, "result.turns"), 9);
        assert_eq!(locate(text, "battles", 1, "result.winner"), 9, "the table");
        assert_eq!(locate(text, "sides", 0, "code"), 12);
        assert_eq!(locate(text, "sides", 0, "name.first"), 13);
    }

    #[test]
    fn toml_errors_name_the_key_where_it_is_written() {
        let field = |text: &str| match parse("f.toml", text).unwrap_err() {
            CampaignError::InFile { line, field, .. } => (line, field),
            e => panic!("{e}"),
        };
        let inline = "sides = [{ code = \"a\", name = \"A\", medical = \"superb\" }]\n";
        assert_eq!(field(inline), (1, "sides.medical".to_string()));
        assert_eq!(
            field("[[sides]]\ncode = \"a\"\n"),
            (1, "sides.name".to_string())
        );
        assert_eq!(field("\"sides\" = 3\n"), (1, "sides".to_string()));
        let nested = "[[battles]]\ncode = \"c\"\nname = \"C\"\nat = \"2157-01-01\"\nattacker = [\"a\"]\ndefender = [\"b\"]\n[battles.result]\nmode = \"auto\"\nseed = \"x\"\n";
        assert_eq!(field(nested), (9, "battles.result.seed".to_string()));
        let broken = "[[sides]]\ncode = \"a\nname = \"A\"\n";
        assert_eq!(field(broken), (2, "sides.code".to_string()));
        assert_eq!(
            field("[[sides]\ncode = \"a\"\n"),
            (1, "(top level)".to_string())
        );
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
