//! Numbers with their nouns, as a player reads them: "1 Shard", "2 Shards", never
//! "Shard(s)" or "1 shields". Every count the app shows in a sentence goes through here.

/// `n` and the noun that agrees with it: `count(1, "card", "cards")` is "1 card", any
/// other number takes the plural ("0 cards", "2 cards").
pub fn count(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// The noun alone that agrees with `n` ("Energy" and "Shards" after a number written
/// elsewhere).
pub fn noun<'a>(n: i64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_takes_the_singular_and_every_other_number_the_plural() {
        for (n, expected) in [
            (0, "0 Shards"),
            (1, "1 Shard"),
            (2, "2 Shards"),
            (-1, "-1 Shards"),
            (11, "11 Shards"),
        ] {
            assert_eq!(count(n, "Shard", "Shards"), expected, "{n}");
        }
        assert_eq!(count(1, "Energy", "Energy"), "1 Energy");
        assert_eq!(noun(3, "shield", "shields"), "shields");
    }
}
