//! The parsed form of a query. `Display` prints a compact S-expression, which the
//! table-driven tests compare against.

use std::fmt;

/// A whole query: an optional filter expression plus ordering directives.
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    /// `None` matches every card.
    pub expr: Option<Expr>,
    pub order: Option<SortKey>,
    pub direction: Option<Direction>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Not(Box<Expr>),
    /// Words that must all occur in the target (the last bare word may be a prefix).
    Words {
        target: TextTarget,
        words: String,
        prefix: bool,
    },
    /// Words that must occur together, in order.
    Phrase {
        target: TextTarget,
        phrase: String,
    },
    /// A regular expression over the whole name and/or text (case-insensitive).
    Regex {
        target: TextTarget,
        pattern: String,
    },
    /// `!"Exact Name"`: the whole name, folded.
    ExactName(String),
    /// A stat compared with a number or a word.
    Stat {
        stat: String,
        op: CmpOp,
        value: StatOperand,
    },
    /// `owned>=1`, `wanted:0`: the copies of the card in the player's collection or
    /// wishlist (every finish and place added up), compared with a number.
    Collection {
        list: CollectionList,
        op: CmpOp,
        count: i64,
    },
}

/// Which of the player's lists a collection clause counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CollectionList {
    /// `owned`: copies in the collection.
    Owned,
    /// `wanted`: copies on the wishlist.
    Wanted,
}

impl CollectionList {
    pub fn name(self) -> &'static str {
        match self {
            CollectionList::Owned => "owned",
            CollectionList::Wanted => "wanted",
        }
    }
}

/// Which card field(s) a text clause searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextTarget {
    NameOrText,
    Name,
    Text,
    Type,
    Subtype,
    Keyword,
    Set,
    Side,
    Color,
    Game,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatOperand {
    Number(i64),
    /// A non-numeric value such as `X`, `MAX`, `rock` or a pilot type (folded).
    Word(String),
}

/// What `order:` sorts by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SortKey {
    Name,
    Type,
    Set,
    Game,
    Stat(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Asc,
    Desc,
}

impl TextTarget {
    pub fn name(self) -> &'static str {
        match self {
            TextTarget::NameOrText => "name|text",
            TextTarget::Name => "name",
            TextTarget::Text => "text",
            TextTarget::Type => "type",
            TextTarget::Subtype => "sub",
            TextTarget::Keyword => "kw",
            TextTarget::Set => "set",
            TextTarget::Side => "side",
            TextTarget::Color => "color",
            TextTarget::Game => "game",
        }
    }
}

impl CmpOp {
    /// Whether `left op right` holds.
    pub fn holds(self, left: i64, right: i64) -> bool {
        match self {
            CmpOp::Eq => left == right,
            CmpOp::Ne => left != right,
            CmpOp::Lt => left < right,
            CmpOp::Le => left <= right,
            CmpOp::Gt => left > right,
            CmpOp::Ge => left >= right,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |f: &mut fmt::Formatter<'_>, head: &str, items: &[Expr]| {
            write!(f, "({head}")?;
            for item in items {
                write!(f, " {item}")?;
            }
            write!(f, ")")
        };
        match self {
            Expr::And(items) => list(f, "and", items),
            Expr::Or(items) => list(f, "or", items),
            Expr::Not(inner) => write!(f, "(not {inner})"),
            Expr::Words {
                target,
                words,
                prefix,
            } => {
                write!(
                    f,
                    "{}:{words}{}",
                    target.name(),
                    if *prefix { "*" } else { "" }
                )
            }
            Expr::Phrase { target, phrase } => write!(f, "{}:\"{phrase}\"", target.name()),
            Expr::Regex { target, pattern } => write!(f, "{}:/{pattern}/", target.name()),
            Expr::ExactName(name) => write!(f, "!\"{name}\""),
            Expr::Stat { stat, op, value } => {
                let value = match value {
                    StatOperand::Number(n) => n.to_string(),
                    StatOperand::Word(w) => w.clone(),
                };
                write!(f, "{stat}{}{value}", op.symbol())
            }
            Expr::Collection { list, op, count } => {
                write!(f, "{}{}{count}", list.name(), op.symbol())
            }
        }
    }
}

impl Query {
    /// Whether the query counts copies in the collection or wishlist (`owned`, `wanted`):
    /// then the search needs the player's collection (`deckhand_search::Collection`).
    pub fn uses_collection(&self) -> bool {
        fn walk(expr: &Expr) -> bool {
            match expr {
                Expr::And(items) | Expr::Or(items) => items.iter().any(walk),
                Expr::Not(inner) => walk(inner),
                Expr::Collection { .. } => true,
                _ => false,
            }
        }
        self.expr.as_ref().is_some_and(walk)
    }
}

impl fmt::Display for Query {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.expr {
            Some(expr) => write!(f, "{expr}")?,
            None => write!(f, "*")?,
        }
        if let Some(order) = &self.order {
            let key = match order {
                SortKey::Name => "name",
                SortKey::Type => "type",
                SortKey::Set => "set",
                SortKey::Game => "game",
                SortKey::Stat(stat) => stat,
            };
            write!(f, " order:{key}")?;
        }
        if let Some(direction) = self.direction {
            write!(
                f,
                " dir:{}",
                if direction == Direction::Asc {
                    "asc"
                } else {
                    "desc"
                }
            )?;
        }
        Ok(())
    }
}
