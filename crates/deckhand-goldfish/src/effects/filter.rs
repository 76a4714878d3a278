//! Which deck cards a filter names, decided once per deck. Until the query language's
//! in-memory matcher reaches deckhand-core (branch `fxcore`), this reads the plain terms card
//! effects use (`t:zoid`, `sub:raptor`, `kw:unmanned`, `!"Exact Name"`, all of them
//! required); any other term makes the effect unplayed, with the term named, never guessed.

use deckhand_core::{fold_name, Card};

/// Whether `card` matches every term of `filter`, or the term this reader cannot evaluate.
pub fn matches(filter: &str, card: &Card) -> Result<bool, String> {
    let mut all = true;
    for term in terms(filter) {
        all &= term_matches(&term, card)?;
    }
    Ok(all)
}

fn term_matches(term: &str, card: &Card) -> Result<bool, String> {
    if let Some(name) = term.strip_prefix('!') {
        return Ok(fold_name(name.trim_matches('"')) == fold_name(&card.name));
    }
    let Some((key, value)) = term.split_once(':') else {
        return Err(format!(
            "the filter term `{term}` is not read by the goldfish yet"
        ));
    };
    let value = fold_name(value.trim_matches('"'));
    let keyword_name = |k: &String| fold_name(k.split(':').next().unwrap_or(k).trim());
    match key {
        "t" | "type" => Ok(fold_name(&card.card_type) == value),
        "sub" | "subtype" => Ok(card.subtypes.iter().any(|s| fold_name(s) == value)),
        "kw" | "keyword" => Ok(card.keywords.iter().any(|k| keyword_name(k) == value)),
        _ => Err(format!(
            "the filter term `{term}` is not read by the goldfish yet"
        )),
    }
}

/// Whitespace-separated terms; a quoted part stays whole.
fn terms(filter: &str) -> Vec<String> {
    let mut terms = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in filter.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                current.push(c);
            }
            c if c.is_whitespace() && !quoted => {
                if !current.is_empty() {
                    terms.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        terms.push(current);
    }
    terms
}
