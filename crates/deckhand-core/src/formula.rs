//! Spreadsheet formula injection (OWASP, "CSV Injection"): a spreadsheet program runs a
//! CSV cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula.
//! Every CSV writer puts such a cell out with a `'` before it, which spreadsheets show as
//! text; every CSV reader takes exactly that `'` off again, so an export reads back to
//! the same text. A plain number (`-1`, `+2`, `-0.5`) is no formula and stays as it is.

use std::borrow::Cow;

/// The characters that make a spreadsheet read a cell as a formula.
const TRIGGERS: &[char] = &['=', '+', '-', '@', '\t', '\r'];

/// `cell` as a CSV writer puts it out: with a `'` before it when a spreadsheet would run it
/// (or when it already starts with `'`s before such a cell, so that reading takes off only
/// the one added here).
pub fn neutralise_formula(cell: &str) -> Cow<'_, str> {
    if needs_quote(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// A cell as a CSV reader takes it: the `'` [`neutralise_formula`] put before it taken
/// off, any other cell unchanged.
pub fn read_neutralised(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if needs_quote(rest) => rest,
        _ => cell,
    }
}

/// Whether a spreadsheet would run `cell` as a formula, after any `'`s before it.
fn needs_quote(cell: &str) -> bool {
    let text = cell.trim_start_matches('\'');
    text.starts_with(TRIGGERS) && !is_plain_number(text)
}

/// `-1`, `+2`, `-0.5`: an optional sign, digits and at most one decimal point.
fn is_plain_number(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    !(whole.is_empty() && fraction.is_empty())
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_written_behind_a_quote_and_read_back_as_it_was() {
        let cases = [
            (
                "=HYPERLINK(\"http://x.test\",\"go\")",
                "'=HYPERLINK(\"http://x.test\",\"go\")",
            ),
            ("@risk", "'@risk"),
            ("-1 Power", "'-1 Power"),
            ("+ Draw", "'+ Draw"),
            ("\t=1+1", "'\t=1+1"),
            ("\r=1+1", "'\r=1+1"),
            ("-", "'-"),
            ("-.", "'-."),
            ("'=already quoted by hand", "''=already quoted by hand"),
            ("''@two", "'''@two"),
            // Numbers stay numbers, and text that starts otherwise stays as it is.
            ("-1", "-1"),
            ("+2", "+2"),
            ("-0.5", "-0.5"),
            ("-.5", "-.5"),
            ("Shield Liger", "Shield Liger"),
            ("'quoted", "'quoted"),
            ("'-1", "'-1"),
            ("a=b", "a=b"),
            ("", ""),
        ];
        for (text, written) in cases {
            assert_eq!(neutralise_formula(text), written, "{text:?}");
            assert_eq!(read_neutralised(written), text, "{written:?}");
        }
    }
}
