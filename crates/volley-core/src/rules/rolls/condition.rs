//! The conditions of a roll rule: small expressions over what a roll point
//! shows (`defender.quality == "veteran" && defender.figures <= 6`), read once when
//! the house rule is loaded, each name and word checked against the point's
//! declaration, and evaluated at every roll as a walk over a few nodes.
//!
//! The grammar: `||` over `&&` over `!` over one comparison (`==`, `!=`,
//! `<`, `<=`, `>`, `>=`) between a name, a whole number, a `"word"`, `true`
//! or `false`; parentheses group. A name that is a yes-or-no stands alone
//! as a condition.

use super::{Read, ReadKind, Value};

/// A condition read and checked against a roll point's reads.
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    Any(Vec<Condition>),
    All(Vec<Condition>),
    Not(Box<Condition>),
    /// A read's value (by its place in the point's reads) against a value.
    Compare(usize, Comparison, Value),
    /// A yes-or-no read, as it is.
    Flag(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    Equal,
    NotEqual,
    Less,
    AtMost,
    Greater,
    AtLeast,
}

impl Comparison {
    fn holds(self, ordering: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Comparison::Equal => ordering == Equal,
            Comparison::NotEqual => ordering != Equal,
            Comparison::Less => ordering == Less,
            Comparison::AtMost => ordering != Greater,
            Comparison::Greater => ordering == Greater,
            Comparison::AtLeast => ordering != Less,
        }
    }
}

impl Condition {
    /// Does the condition hold for the values a roll point shows (in the
    /// order of its reads)?
    pub fn holds(&self, shown: &[Value]) -> bool {
        match self {
            Condition::Any(parts) => parts.iter().any(|c| c.holds(shown)),
            Condition::All(parts) => parts.iter().all(|c| c.holds(shown)),
            Condition::Not(c) => !c.holds(shown),
            Condition::Flag(at) => shown[*at] == Value::Flag(true),
            Condition::Compare(at, how, value) => match (shown[*at], value) {
                (Value::Number(a), Value::Number(b)) => how.holds(a.cmp(b)),
                (a, b) => how.holds(if a == *b {
                    std::cmp::Ordering::Equal
                } else {
                    std::cmp::Ordering::Less
                }),
            },
        }
    }

    /// Read `text` against `reads`; the message says where it stopped and
    /// why.
    pub fn parse(text: &str, reads: &[Read]) -> Result<Condition, String> {
        let tokens = tokens(text)?;
        let mut parser = Parser {
            tokens,
            at: 0,
            reads,
        };
        let condition = parser.any()?;
        match parser.tokens.get(parser.at) {
            None => Ok(condition),
            Some(t) => Err(format!("unexpected `{}` after a whole condition", t.text())),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Name(String),
    Number(i64),
    Word(String),
    Symbol(&'static str),
}

impl Token {
    fn text(&self) -> String {
        match self {
            Token::Name(n) => n.clone(),
            Token::Number(n) => n.to_string(),
            Token::Word(w) => format!("\"{w}\""),
            Token::Symbol(s) => s.to_string(),
        }
    }
}

/// The symbols, longest first so that `<=` is not read as `<`.
const SYMBOLS: [&str; 11] = ["&&", "||", "==", "!=", "<=", ">=", "<", ">", "!", "(", ")"];

fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let c = rest.chars().next().expect("not empty");
        let taken = if let Some(symbol) = SYMBOLS.iter().find(|s| rest.starts_with(**s)) {
            out.push(Token::Symbol(symbol));
            symbol.len()
        } else if c == '"' {
            let end = rest[1..]
                .find('"')
                .ok_or_else(|| format!("a word opened with `\"` is not closed: {rest}"))?;
            out.push(Token::Word(rest[1..=end].to_string()));
            end + 2
        } else if c.is_ascii_digit()
            || (c == '-' && rest[1..].starts_with(|d: char| d.is_ascii_digit()))
        {
            let len = 1 + rest[1..]
                .find(|d: char| !d.is_ascii_digit())
                .unwrap_or(rest.len() - 1);
            let number = rest[..len]
                .parse()
                .map_err(|_| format!("`{}` is too large a number", &rest[..len]))?;
            out.push(Token::Number(number));
            len
        } else if c.is_ascii_alphabetic() || c == '_' {
            let len = rest
                .find(|d: char| !(d.is_ascii_alphanumeric() || d == '_' || d == '.'))
                .unwrap_or(rest.len());
            out.push(Token::Name(rest[..len].to_string()));
            len
        } else {
            return Err(format!(
                "`{c}` has no meaning in a condition (it takes names, numbers, \"words\", \
                 true, false, ==, !=, <, <=, >, >=, &&, ||, ! and parentheses)"
            ));
        };
        rest = rest[taken..].trim_start();
    }
    if out.is_empty() {
        return Err("the condition is empty".to_string());
    }
    Ok(out)
}

struct Parser<'a> {
    tokens: Vec<Token>,
    at: usize,
    reads: &'a [Read],
}

impl Parser<'_> {
    fn peek_symbol(&self, symbol: &str) -> bool {
        matches!(self.tokens.get(self.at), Some(Token::Symbol(s)) if *s == symbol)
    }

    fn next(&mut self) -> Result<Token, String> {
        let token = self
            .tokens
            .get(self.at)
            .cloned()
            .ok_or_else(|| "the condition ends too soon".to_string())?;
        self.at += 1;
        Ok(token)
    }

    fn any(&mut self) -> Result<Condition, String> {
        let mut parts = vec![self.all()?];
        while self.peek_symbol("||") {
            self.at += 1;
            parts.push(self.all()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Condition::Any(parts)
        })
    }

    fn all(&mut self) -> Result<Condition, String> {
        let mut parts = vec![self.not()?];
        while self.peek_symbol("&&") {
            self.at += 1;
            parts.push(self.not()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Condition::All(parts)
        })
    }

    fn not(&mut self) -> Result<Condition, String> {
        if self.peek_symbol("!") {
            self.at += 1;
            return Ok(Condition::Not(Box::new(self.not()?)));
        }
        if self.peek_symbol("(") {
            self.at += 1;
            let inner = self.any()?;
            if !self.peek_symbol(")") {
                return Err("a `(` is not closed".to_string());
            }
            self.at += 1;
            return Ok(inner);
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Result<Condition, String> {
        let name = match self.next()? {
            Token::Name(name) => name,
            other => {
                return Err(format!(
                    "a comparison starts with a name the roll point shows, not `{}`",
                    other.text()
                ));
            }
        };
        let at = self.read(&name)?;
        let read = &self.reads[at];
        let how = match self.tokens.get(self.at) {
            Some(Token::Symbol(s)) => match *s {
                "==" => Some(Comparison::Equal),
                "!=" => Some(Comparison::NotEqual),
                "<" => Some(Comparison::Less),
                "<=" => Some(Comparison::AtMost),
                ">" => Some(Comparison::Greater),
                ">=" => Some(Comparison::AtLeast),
                _ => None,
            },
            _ => None,
        };
        let Some(how) = how else {
            return match read.kind {
                ReadKind::Flag => Ok(Condition::Flag(at)),
                _ => Err(format!(
                    "`{name}` is {}: compare it (`{name} == ...`)",
                    read.kind.said()
                )),
            };
        };
        self.at += 1;
        let value = self.value_for(read)?;
        let ordered = matches!(how, Comparison::Equal | Comparison::NotEqual);
        if !ordered && !matches!(read.kind, ReadKind::Number) {
            return Err(format!(
                "`{name}` is {}: it is compared with == or != only",
                read.kind.said()
            ));
        }
        Ok(Condition::Compare(at, how, value))
    }

    /// The read named `name`, by its place.
    fn read(&self, name: &str) -> Result<usize, String> {
        self.reads
            .iter()
            .position(|r| r.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = self.reads.iter().map(|r| r.name).collect();
                format!(
                    "this roll point shows no `{name}`; it shows {}",
                    crate::error::one_of(&names)
                )
            })
    }

    /// The value compared with `read`, of its kind.
    fn value_for(&mut self, read: &Read) -> Result<Value, String> {
        let token = self.next()?;
        match (&read.kind, token) {
            (ReadKind::Number, Token::Number(n)) => Ok(Value::Number(n)),
            (ReadKind::Flag, Token::Name(n)) if n == "true" || n == "false" => {
                Ok(Value::Flag(n == "true"))
            }
            (ReadKind::Word(words), Token::Word(w)) => words
                .iter()
                .find(|known| **known == w)
                .map(|known| Value::Word(known))
                .ok_or_else(|| {
                    format!(
                        "`{}` is never \"{w}\"; it is {}",
                        read.name,
                        crate::error::one_of(words)
                    )
                }),
            (ReadKind::Word(_), Token::Name(word)) => Err(format!(
                "`{}` is compared with a word in quotes: write \"{word}\"",
                read.name
            )),
            (kind, token) => Err(format!(
                "`{}` is {}, not `{}`",
                read.name,
                kind.said(),
                token.text()
            )),
        }
    }
}
