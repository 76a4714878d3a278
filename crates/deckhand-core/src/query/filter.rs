//! Effect filters: the query language with the clauses that mean something for one card in
//! play. Collection counts (`owned`, `wanted`) belong to the player, not the card; regexes
//! and ordering mean nothing for a card in a zone; so effect filters refuse them.

use super::ast::{Expr, Query};
use super::error::QueryError;
use super::lexer::{tokenize, Token, Value};
use super::parser::{parse, Vocabulary};

/// Why `query` cannot be an effect filter, if it cannot.
pub fn filter_error(query: &Query) -> Option<String> {
    if query.order.is_some() || query.direction.is_some() {
        return Some("an effect filter cannot order cards (order:, dir:)".into());
    }
    query.expr.as_ref().and_then(expr_error)
}

fn expr_error(expr: &Expr) -> Option<String> {
    match expr {
        Expr::And(items) | Expr::Or(items) => items.iter().find_map(expr_error),
        Expr::Not(inner) => expr_error(inner),
        Expr::Regex { .. } => Some(
            "an effect filter cannot use a regex: use words, \"a phrase\" or !\"Exact Name\""
                .into(),
        ),
        Expr::Collection { list, .. } => Some(format!(
            "an effect filter cannot count copies in your collection ({}): it tests the card itself",
            list.name()
        )),
        _ => None,
    }
}

/// Parses an effect filter (`t:zoid power<=3`) with a game's words. `Ok(None)` for a filter
/// with no clause (every card). A refused clause is an error at its column.
pub fn parse_filter(input: &str, vocabulary: &Vocabulary) -> Result<Option<Expr>, QueryError> {
    let query = parse(input, vocabulary)?;
    match filter_error(&query) {
        None => Ok(query.expr),
        Some(message) => {
            let column = refused_column(input).unwrap_or(1);
            Err(QueryError {
                column,
                message: format!("{message} (at {column})"),
                hint: None,
            })
        }
    }
}

/// The column of the first refused clause (the parser has accepted `input`).
fn refused_column(input: &str) -> Option<usize> {
    tokenize(input).ok()?.into_iter().find_map(|spanned| {
        let refused = match &spanned.token {
            Token::Regex(_) => true,
            Token::Field { name, value, .. } => {
                let name = name.to_ascii_lowercase();
                matches!(value, Value::Regex(_))
                    || ["owned", "wanted", "order", "dir", "direction"].contains(&name.as_str())
            }
            _ => false,
        };
        refused.then_some(spanned.column)
    })
}
