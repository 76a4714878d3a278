//! Splits a query into tokens, each with the 1-based column where it starts.

use super::error::QueryError;

#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    LParen,
    RParen,
    /// `-` directly before a term: negation.
    Minus,
    Or,
    And,
    Word(String),
    Quoted(String),
    Regex(String),
    /// `!"Exact Name"`
    Exact(String),
    /// `field op value`, e.g. `power>=5`, `o:"deal damage"`, `name:/^storm/`.
    Field {
        name: String,
        op: String,
        value: Value,
        value_column: usize,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Word(String),
    Quoted(String),
    Regex(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Spanned {
    pub token: Token,
    pub column: usize,
}

pub fn tokenize(input: &str) -> Result<Vec<Spanned>, QueryError> {
    let chars: Vec<char> = input.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let token = match c {
            '(' => {
                i += 1;
                Token::LParen
            }
            ')' => {
                i += 1;
                Token::RParen
            }
            '-' if chars
                .get(i + 1)
                .is_some_and(|n| !n.is_whitespace() && *n != ')') =>
            {
                i += 1;
                Token::Minus
            }
            '"' => {
                let (text, next) = delimited(&chars, i, '"')?;
                i = next;
                Token::Quoted(text)
            }
            '/' => {
                let (text, next) = delimited(&chars, i, '/')?;
                i = next;
                Token::Regex(text)
            }
            '!' if chars.get(i + 1) == Some(&'"') => {
                let (text, next) = delimited(&chars, i + 1, '"')?;
                i = next;
                Token::Exact(text)
            }
            _ => {
                let (token, next) = word_or_field(&chars, i)?;
                i = next;
                token
            }
        };
        tokens.push(Spanned { token, column });
    }
    Ok(tokens)
}

/// Reads `"…"` or `/…/` starting at `start` (the opening delimiter). A backslash escapes
/// the delimiter; inside a regex other escapes are kept for the regex engine.
fn delimited(chars: &[char], start: usize, delimiter: char) -> Result<(String, usize), QueryError> {
    let mut text = String::new();
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' if chars.get(i + 1) == Some(&delimiter) => {
                text.push(delimiter);
                i += 2;
            }
            '\\' if delimiter == '/' && i + 1 < chars.len() => {
                text.push('\\');
                text.push(chars[i + 1]);
                i += 2;
            }
            c if c == delimiter => return Ok((text, i + 1)),
            c => {
                text.push(c);
                i += 1;
            }
        }
    }
    let what = if delimiter == '"' {
        "quote \""
    } else {
        "regex /"
    };
    Err(QueryError::new(
        start + 1,
        format!("unclosed {what} opened at {}", start + 1),
        Some(format!("close it with {delimiter}")),
    ))
}

fn is_word_end(c: char) -> bool {
    c.is_whitespace() || c == '(' || c == ')' || c == '"'
}

fn word_or_field(chars: &[char], start: usize) -> Result<(Token, usize), QueryError> {
    // A field name is an identifier directly followed by an operator.
    let mut i = start;
    while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    let identifier_end = i;
    let op = if identifier_end > start && chars[start].is_ascii_alphabetic() {
        operator_at(chars, identifier_end)
    } else {
        None
    };
    let Some(op) = op else {
        let mut end = start;
        while end < chars.len() && !is_word_end(chars[end]) {
            end += 1;
        }
        let word: String = chars[start..end].iter().collect();
        let token = match word.to_ascii_lowercase().as_str() {
            "or" => Token::Or,
            "and" => Token::And,
            _ => Token::Word(word),
        };
        return Ok((token, end));
    };
    let name: String = chars[start..identifier_end].iter().collect();
    let value_start = identifier_end + op.len();
    let value_column = value_start + 1;
    let (value, next) = match chars.get(value_start) {
        Some('"') => {
            let (text, next) = delimited(chars, value_start, '"')?;
            (Value::Quoted(text), next)
        }
        Some('/') => {
            let (text, next) = delimited(chars, value_start, '/')?;
            (Value::Regex(text), next)
        }
        Some(c) if !is_word_end(*c) => {
            let mut end = value_start;
            while end < chars.len() && !is_word_end(chars[end]) {
                end += 1;
            }
            (Value::Word(chars[value_start..end].iter().collect()), end)
        }
        _ => {
            return Err(QueryError::new(
                value_column,
                format!("missing value after '{name}{op}' at {value_column}"),
                Some(format!("write a value, as in {name}{op}3")),
            ))
        }
    };
    Ok((
        Token::Field {
            name,
            op: op.to_owned(),
            value,
            value_column,
        },
        next,
    ))
}

fn operator_at(chars: &[char], i: usize) -> Option<&'static str> {
    let next = chars.get(i + 1).copied();
    match (chars.get(i).copied()?, next) {
        ('!', Some('=')) => Some("!="),
        ('<', Some('=')) => Some("<="),
        ('>', Some('=')) => Some(">="),
        (':', _) => Some(":"),
        ('=', _) => Some("="),
        ('<', _) => Some("<"),
        ('>', _) => Some(">"),
        _ => None,
    }
}
