//! Recursive-descent parser: tokens → [`Query`].
//!
//! Grammar (implicit `and` binds tighter than `or`):
//! ```text
//! query   := or
//! or      := and ("or" and)*
//! and     := unary (["and"] unary)*
//! unary   := "-" unary | primary
//! primary := "(" or ")" | WORD | "QUOTED" | /REGEX/ | !"EXACT" | FIELD OP VALUE
//! ```
//!
//! Only `(` and `-` recurse (`or` and `and` loop), and each counts towards
//! [`MAX_NESTING`], so no query can exhaust the stack here, in the compiler or when its
//! AST is printed or dropped: the deepest AST the parser builds is about three nodes per
//! level. Regexes are held to the same depth.

use crate::{fold_name, Game, Games};
use std::collections::BTreeSet;

use super::ast::{CmpOp, CollectionList, Direction, Expr, Query, SortKey, StatOperand, TextTarget};
use super::error::QueryError;
use super::lexer::{tokenize, Spanned, Token, Value};
use super::matcher::LONG_WORD;

/// What the parser must know about the data: which stats and games exist.
#[derive(Debug, Clone, Default)]
pub struct Vocabulary {
    pub stats: BTreeSet<String>,
    pub games: Vec<String>,
}

impl Vocabulary {
    pub fn from_games(games: &Games) -> Vocabulary {
        Vocabulary {
            stats: games.iter().flat_map(|g| g.stats.keys().cloned()).collect(),
            games: games.ids().into_iter().map(str::to_owned).collect(),
        }
    }

    /// One game's words: what an effect filter of its cards may name.
    pub fn for_game(game: &Game) -> Vocabulary {
        Vocabulary {
            stats: game.stats.keys().cloned().collect(),
            games: vec![game.id.clone()],
        }
    }
}

/// Field names and their aliases, for text clauses.
const TEXT_FIELDS: &[(&str, TextTarget)] = &[
    ("name", TextTarget::Name),
    ("n", TextTarget::Name),
    ("text", TextTarget::Text),
    ("o", TextTarget::Text),
    ("oracle", TextTarget::Text),
    ("type", TextTarget::Type),
    ("t", TextTarget::Type),
    ("sub", TextTarget::Subtype),
    ("subtype", TextTarget::Subtype),
    ("kw", TextTarget::Keyword),
    ("keyword", TextTarget::Keyword),
    ("set", TextTarget::Set),
    ("s", TextTarget::Set),
    ("side", TextTarget::Side),
    ("color", TextTarget::Color),
    ("c", TextTarget::Color),
    ("game", TextTarget::Game),
];

const SORT_FIELDS: &[&str] = &["name", "type", "set", "game"];

/// The player's lists, counted per card: `owned>=1`, `wanted:0`.
const COLLECTION_FIELDS: &[(&str, CollectionList)] = &[
    ("owned", CollectionList::Owned),
    ("wanted", CollectionList::Wanted),
];

/// Whether `name` is a word of the query language (a field or its alias, a player's list,
/// or an ordering key): a game's stat may not take one, or search could not reach it.
pub fn is_query_word(name: &str) -> bool {
    TEXT_FIELDS.iter().any(|(field, _)| *field == name)
        || COLLECTION_FIELDS.iter().any(|(field, _)| *field == name)
        || SORT_FIELDS.contains(&name)
        || ["order", "dir", "direction"].contains(&name)
}

/// The deepest nesting of parentheses and negations (together) a query may have, and
/// the deepest nesting of groups and repetitions inside a regex. Anything deeper is an
/// error: the parser, the compiler and the AST's `Drop` all recurse once per level.
pub const MAX_NESTING: usize = 64;

/// Parses `input`. An empty or all-blank query matches every card.
pub fn parse(input: &str, vocabulary: &Vocabulary) -> Result<Query, QueryError> {
    let tokens = tokenize(input)?;
    let mut parser = Parser {
        tokens,
        position: 0,
        nesting: 0,
        vocabulary,
        order: None,
        direction: None,
    };
    let expr = parser.or(0, false)?;
    if let Some(extra) = parser.peek() {
        // Only a stray `)` can stop the top level early.
        return Err(QueryError::new(
            extra.column,
            format!("unmatched ) at {}", extra.column),
            Some("remove it, or open a ( before it".into()),
        ));
    }
    Ok(Query {
        expr,
        order: parser.order,
        direction: parser.direction,
    })
}

struct Parser<'a> {
    tokens: Vec<Spanned>,
    position: usize,
    /// Parentheses and negations open around the current token.
    nesting: usize,
    vocabulary: &'a Vocabulary,
    order: Option<SortKey>,
    direction: Option<Direction>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Spanned> {
        self.tokens.get(self.position)
    }

    fn next(&mut self) -> Option<Spanned> {
        let token = self.tokens.get(self.position).cloned();
        self.position += 1;
        token
    }

    fn is_last(&self) -> bool {
        self.position == self.tokens.len()
    }

    /// Enters one level of `(` or `-` at `column`; [`Parser::leave`] closes it.
    fn enter(&mut self, column: usize) -> Result<(), QueryError> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err(too_deep(column));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.nesting -= 1;
    }

    fn or(&mut self, depth: usize, negated: bool) -> Result<Option<Expr>, QueryError> {
        let mut alternatives = Vec::new();
        let mut pending_or: Option<usize> = None;
        if let Some(Spanned {
            token: Token::Or,
            column,
        }) = self.peek()
        {
            return Err(dangling("or", *column));
        }
        loop {
            let branch = self.and(depth, negated)?;
            match (branch, pending_or) {
                (Some(expr), _) => alternatives.push(expr),
                (None, Some(column)) => return Err(dangling("or", column)),
                (None, None) => {}
            }
            match self.peek() {
                Some(Spanned {
                    token: Token::Or,
                    column,
                }) => {
                    pending_or = Some(*column);
                    self.position += 1;
                }
                _ => break,
            }
        }
        Ok(match alternatives.len() {
            0 => None,
            1 => alternatives.pop(),
            _ => Some(Expr::Or(alternatives)),
        })
    }

    fn and(&mut self, depth: usize, negated: bool) -> Result<Option<Expr>, QueryError> {
        let mut terms = Vec::new();
        loop {
            match self.peek() {
                None
                | Some(Spanned {
                    token: Token::RParen | Token::Or,
                    ..
                }) => break,
                Some(Spanned {
                    token: Token::And,
                    column,
                }) => {
                    let column = *column;
                    self.position += 1;
                    let follows_term = !terms.is_empty();
                    let precedes_term = !matches!(
                        self.peek(),
                        None | Some(Spanned {
                            token: Token::RParen | Token::Or | Token::And,
                            ..
                        })
                    );
                    if !(follows_term && precedes_term) {
                        return Err(dangling("and", column));
                    }
                }
                Some(_) => {
                    if let Some(expr) = self.unary(depth, negated)? {
                        terms.push(expr);
                    }
                }
            }
        }
        Ok(match terms.len() {
            0 => None,
            1 => terms.pop(),
            _ => Some(Expr::And(terms)),
        })
    }

    fn unary(&mut self, depth: usize, negated: bool) -> Result<Option<Expr>, QueryError> {
        let Some(Spanned {
            token: Token::Minus,
            column,
        }) = self.peek().cloned()
        else {
            return self.primary(depth, negated);
        };
        self.position += 1;
        self.enter(column)?;
        let inner = self.unary(depth, true)?;
        self.leave();
        match inner {
            Some(inner) => Ok(Some(Expr::Not(Box::new(inner)))),
            None => Err(QueryError::new(
                column,
                format!("nothing to negate after - at {column}"),
                Some("put a term right after -, as in -t:zoid".into()),
            )),
        }
    }

    fn primary(&mut self, depth: usize, negated: bool) -> Result<Option<Expr>, QueryError> {
        let Some(Spanned { token, column }) = self.next() else {
            return Ok(None);
        };
        if token != Token::LParen {
            return self.term(token, column, depth, negated);
        }
        self.enter(column)?;
        let inner = self.or(depth + 1, negated)?;
        self.leave();
        match self.next() {
            Some(Spanned {
                token: Token::RParen,
                ..
            }) => {}
            _ => {
                return Err(QueryError::new(
                    column,
                    format!("unclosed ( opened at {column}"),
                    Some("add a matching )".into()),
                ))
            }
        }
        inner
            .map(Some)
            .ok_or_else(|| QueryError::new(column, format!("empty parentheses at {column}"), None))
    }

    /// A primary that is not a group. Out of line, so that the frames of the recursion
    /// through `(` stay small (they are what [`MAX_NESTING`] multiplies).
    #[inline(never)]
    fn term(
        &mut self,
        token: Token,
        column: usize,
        depth: usize,
        negated: bool,
    ) -> Result<Option<Expr>, QueryError> {
        let last = self.is_last();
        match token {
            Token::RParen => Err(QueryError::new(
                column,
                format!("unmatched ) at {column}"),
                None,
            )),
            Token::Word(word) => {
                searchable(&word, column)?;
                Ok(Some(Expr::Words {
                    target: TextTarget::NameOrText,
                    words: fold_name(&word),
                    prefix: last,
                }))
            }
            Token::Quoted(phrase) => {
                Ok(Some(phrase_expr(TextTarget::NameOrText, &phrase, column)?))
            }
            Token::Regex(pattern) => Ok(Some(regex_expr(TextTarget::NameOrText, pattern, column)?)),
            Token::Exact(name) => Ok(Some(Expr::ExactName(fold_name(&name)))),
            Token::Field {
                name,
                op,
                value,
                value_column,
            } => self.field(
                &name,
                &op,
                value,
                column,
                value_column,
                depth,
                negated,
                last,
            ),
            // Reached only right after a `-`: `-or`, `-and`.
            Token::Or => Err(dangling("or", column)),
            Token::And => Err(dangling("and", column)),
            Token::LParen | Token::Minus => unreachable!("primary() and unary() take these"),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn field(
        &mut self,
        name: &str,
        op: &str,
        value: Value,
        column: usize,
        value_column: usize,
        depth: usize,
        negated: bool,
        last: bool,
    ) -> Result<Option<Expr>, QueryError> {
        let key = name.to_ascii_lowercase();
        if key == "order" || key == "dir" || key == "direction" {
            if depth > 0 || negated {
                return Err(QueryError::new(
                    column,
                    format!("{key}: at {column} applies to the whole query"),
                    Some("move it outside parentheses and negation".into()),
                ));
            }
            let word = value_word(&value).to_ascii_lowercase();
            if key == "order" {
                self.order = Some(self.sort_key(&word, value_column)?);
            } else {
                self.direction = Some(match word.as_str() {
                    "asc" => Direction::Asc,
                    "desc" => Direction::Desc,
                    _ => {
                        return Err(QueryError::new(
                            value_column,
                            format!("unknown direction '{word}' at {value_column}"),
                            Some("use dir:asc or dir:desc".into()),
                        ))
                    }
                });
            }
            return Ok(None);
        }
        if let Some((_, target)) = TEXT_FIELDS.iter().find(|(alias, _)| *alias == key) {
            return self
                .text_field(*target, &key, op, value, column, value_column, last)
                .map(Some);
        }
        if let Some((_, list)) = COLLECTION_FIELDS.iter().find(|(field, _)| *field == key) {
            return collection_field(*list, op, value, value_column).map(Some);
        }
        if self.vocabulary.stats.contains(&key) {
            return stat_field(key, op, value, column, value_column).map(Some);
        }
        let candidates = TEXT_FIELDS
            .iter()
            .map(|(alias, _)| *alias)
            .chain(COLLECTION_FIELDS.iter().map(|(field, _)| *field))
            .chain(self.vocabulary.stats.iter().map(String::as_str))
            .chain(["order", "dir"]);
        Err(QueryError::new(
            column,
            format!("unknown field '{name}' at {column}"),
            Some(match suggest(&key, candidates) {
                Some(s) => format!("did you mean '{s}'?"),
                None => {
                    "fields: name, text, type, sub, kw, set, side, color, game, owned, wanted, or a stat"
                        .into()
                }
            }),
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn text_field(
        &self,
        target: TextTarget,
        key: &str,
        op: &str,
        value: Value,
        column: usize,
        value_column: usize,
        last: bool,
    ) -> Result<Expr, QueryError> {
        let negate = match op {
            ":" | "=" => false,
            "!=" => true,
            _ => {
                return Err(QueryError::new(
                    column,
                    format!("'{key}' at {column} is not a number: '{op}' cannot compare it"),
                    Some(format!("write {key}:value")),
                ))
            }
        };
        let expr = match (target, value) {
            (TextTarget::Game, value) => {
                let word = value_word(&value).to_ascii_lowercase();
                Expr::Words {
                    target,
                    words: self.game_id(&word, value_column)?,
                    prefix: false,
                }
            }
            (TextTarget::Side, value) => {
                let word = value_word(&value).to_ascii_lowercase();
                if word != "hero" && word != "villain" {
                    return Err(QueryError::new(
                        value_column,
                        format!("unknown side '{word}' at {value_column}"),
                        Some("use side:hero or side:villain".into()),
                    ));
                }
                Expr::Words {
                    target,
                    words: word,
                    prefix: false,
                }
            }
            (TextTarget::Name | TextTarget::Text, Value::Regex(pattern)) => {
                regex_expr(target, pattern, value_column)?
            }
            (_, Value::Regex(_)) => {
                return Err(QueryError::new(
                    value_column,
                    format!("a regex at {value_column} works only on name and text"),
                    Some(format!("write {key}:word or {key}:\"some words\"")),
                ))
            }
            (_, Value::Quoted(phrase)) => phrase_expr(target, &phrase, value_column)?,
            (_, Value::Word(word)) => {
                searchable(&word, value_column)?;
                Expr::Words {
                    target,
                    words: fold_name(&word),
                    prefix: last && matches!(target, TextTarget::Name | TextTarget::Text),
                }
            }
        };
        Ok(if negate {
            Expr::Not(Box::new(expr))
        } else {
            expr
        })
    }

    fn game_id(&self, word: &str, column: usize) -> Result<String, QueryError> {
        if self.vocabulary.games.iter().any(|g| g == word) {
            return Ok(word.to_owned());
        }
        let matching: Vec<&String> = self
            .vocabulary
            .games
            .iter()
            .filter(|g| g.starts_with(word))
            .collect();
        match matching.as_slice() {
            [only] => Ok((*only).clone()),
            _ => Err(QueryError::new(
                column,
                format!("unknown game '{word}' at {column}"),
                Some(format!("games: {}", self.vocabulary.games.join(", "))),
            )),
        }
    }

    fn sort_key(&self, word: &str, column: usize) -> Result<SortKey, QueryError> {
        match word {
            "name" => return Ok(SortKey::Name),
            "type" => return Ok(SortKey::Type),
            "set" => return Ok(SortKey::Set),
            "game" => return Ok(SortKey::Game),
            stat if self.vocabulary.stats.contains(stat) => {
                return Ok(SortKey::Stat(stat.to_owned()))
            }
            _ => {}
        }
        let candidates = SORT_FIELDS
            .iter()
            .copied()
            .chain(self.vocabulary.stats.iter().map(String::as_str));
        Err(QueryError::new(
            column,
            format!("cannot order by '{word}' at {column}"),
            Some(match suggest(word, candidates) {
                Some(s) => format!("did you mean '{s}'?"),
                None => "order by name, type, set, game or a stat".into(),
            }),
        ))
    }
}

fn too_deep(column: usize) -> QueryError {
    QueryError::new(
        column,
        format!("query nested deeper than {MAX_NESTING} levels at column {column}"),
        Some("remove some parentheses or negations".into()),
    )
}

fn dangling(word: &str, column: usize) -> QueryError {
    QueryError::new(
        column,
        format!("'{word}' at {column} needs a term on both sides"),
        Some(format!("as in a {word} b")),
    )
}

fn value_word(value: &Value) -> &str {
    match value {
        Value::Word(w) | Value::Quoted(w) | Value::Regex(w) => w,
    }
}

/// Refuses a word the index does not keep (40 bytes or more): looking for it would find
/// nothing, and dropping it silently would match every card.
fn searchable(text: &str, column: usize) -> Result<(), QueryError> {
    match text
        .split(|c: char| !c.is_alphanumeric())
        .find(|w| w.len() >= LONG_WORD)
    {
        Some(long) => Err(QueryError::new(
            column,
            format!(
                "the word '{}' at {column} is too long to search: words of up to {} letters are indexed",
                crate::clip(long),
                LONG_WORD - 1
            ),
            Some("search for a shorter part of it, with * after it".into()),
        )),
        None => Ok(()),
    }
}

fn phrase_expr(target: TextTarget, phrase: &str, column: usize) -> Result<Expr, QueryError> {
    searchable(phrase, column)?;
    let phrase = fold_name(phrase);
    if phrase.is_empty() {
        return Err(QueryError::new(
            column,
            format!("empty quotes at {column}"),
            None,
        ));
    }
    Ok(Expr::Phrase { target, phrase })
}

fn regex_expr(target: TextTarget, pattern: String, column: usize) -> Result<Expr, QueryError> {
    if pattern.is_empty() {
        return Err(QueryError::new(
            column,
            format!("empty regex at {column}"),
            None,
        ));
    }
    let parsed = regex_syntax::ParserBuilder::new()
        .nest_limit(MAX_NESTING as u32)
        .build()
        .parse(&pattern);
    if let Err(err) = parsed {
        // Point at the offending character inside the pattern (+1 for the opening /).
        let offset = match &err {
            regex_syntax::Error::Parse(e) => e.span().start.offset,
            regex_syntax::Error::Translate(e) => e.span().start.offset,
            _ => 0,
        };
        let at = column + 1 + pattern[..offset.min(pattern.len())].chars().count();
        if let regex_syntax::Error::Parse(e) = &err {
            if let regex_syntax::ast::ErrorKind::NestLimitExceeded(_) = e.kind() {
                return Err(too_deep(at));
            }
        }
        let kind = match &err {
            regex_syntax::Error::Parse(e) => e.kind().to_string(),
            regex_syntax::Error::Translate(e) => e.kind().to_string(),
            other => other.to_string(),
        };
        return Err(QueryError::new(
            at,
            format!("invalid regex at {at}: {kind}"),
            None,
        ));
    }
    Ok(Expr::Regex { target, pattern })
}

fn cmp_op(op: &str) -> CmpOp {
    match op {
        ":" | "=" => CmpOp::Eq,
        "!=" => CmpOp::Ne,
        "<" => CmpOp::Lt,
        "<=" => CmpOp::Le,
        ">" => CmpOp::Gt,
        ">=" => CmpOp::Ge,
        _ => unreachable!("the lexer only produces these operators"),
    }
}

/// `owned>=1`: a count of copies, so only a whole number compares with it.
fn collection_field(
    list: CollectionList,
    op: &str,
    value: Value,
    value_column: usize,
) -> Result<Expr, QueryError> {
    let field = list.name();
    let count = match &value {
        Value::Word(word) | Value::Quoted(word) => word.trim().parse::<i64>().ok(),
        Value::Regex(_) => None,
    };
    let Some(count) = count else {
        return Err(QueryError::new(
            value_column,
            format!(
                "'{}' at {value_column} is not a number: {field} counts copies",
                value_word(&value)
            ),
            Some(format!(
                "compare it with a number, as in {field}>=1 or {field}:0"
            )),
        ));
    };
    Ok(Expr::Collection {
        list,
        op: cmp_op(op),
        count,
    })
}

fn stat_field(
    stat: String,
    op: &str,
    value: Value,
    column: usize,
    value_column: usize,
) -> Result<Expr, QueryError> {
    let op = cmp_op(op);
    let value = match value {
        Value::Regex(_) => {
            return Err(QueryError::new(
                value_column,
                format!("a regex at {value_column} works only on name and text"),
                Some(format!("compare {stat} with a number, as in {stat}>=3")),
            ))
        }
        Value::Word(word) | Value::Quoted(word) => match word.trim().parse::<i64>() {
            Ok(n) => StatOperand::Number(n),
            Err(_) => StatOperand::Word(fold_name(&word)),
        },
    };
    if matches!(value, StatOperand::Word(_)) && !matches!(op, CmpOp::Eq | CmpOp::Ne) {
        return Err(QueryError::new(
            value_column,
            format!("'{stat}{}' at {column} needs a number", op.symbol()),
            Some(format!(
                "words such as X compare only with : or !=, as in {stat}:x"
            )),
        ));
    }
    Ok(Expr::Stat { stat, op, value })
}

/// The closest candidate to a mistyped name, if any is close enough to be a typo.
pub fn suggest<'a>(input: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = if input.chars().count() <= 4 { 2 } else { 3 };
    candidates
        .into_iter()
        .map(|c| {
            let distance = strsim::damerau_levenshtein(input, c);
            // "pow" for "power": a prefix is as good as a near miss.
            let distance = if c.starts_with(input) && input.len() >= 2 {
                distance.min(1)
            } else {
                distance
            };
            (distance, c)
        })
        .filter(|(distance, _)| *distance <= limit)
        // Equal edit distances: prefer the more similar spelling ("pwr" → "power", not "kw").
        .min_by(|(da, a), (db, b)| {
            da.cmp(db).then_with(|| {
                strsim::jaro_winkler(input, b).total_cmp(&strsim::jaro_winkler(input, a))
            })
        })
        .map(|(_, c)| c)
}
