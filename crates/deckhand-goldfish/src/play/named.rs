//! Which cards on the board an option names, so a player can pick by clicking a card.
//!
//! Every procedure labels its options for people with the cards' names ("Set Pilot Vera on
//! Thunder Liger", "Buy Wrench Jockey"), and every board shows the same names. Reading the
//! names back from the labels here, in one place, spares forty call sites a second
//! description of each option that could disagree with its label.

use crate::log::Zone;

/// The names of cards face up in `zones` that `label` names, each once, in the order the
/// label names them. The longest name wins where names overlap ("Red Ranger Zord" is not
/// also "Red Ranger"), and a name counts only as whole words ("Ray" is not in "Gray").
pub(crate) fn cards_named(label: &str, names: &[&str]) -> Vec<String> {
    let mut taken = vec![false; label.len()];
    let mut found: Vec<(usize, &str)> = Vec::new();
    for name in names {
        if name.is_empty() {
            continue;
        }
        let mut from = 0;
        while let Some(at) = label[from..].find(name).map(|i| i + from) {
            let end = at + name.len();
            if whole_words(label, at, end) && !taken[at..end].iter().any(|&t| t) {
                taken[at..end].iter_mut().for_each(|t| *t = true);
                if !found.iter().any(|(_, n)| n == name) {
                    found.push((at, name));
                }
            }
            from = at + label[at..].chars().next().map_or(1, char::len_utf8);
        }
    }
    found.sort_by_key(|(at, _)| *at);
    found.into_iter().map(|(_, n)| n.to_owned()).collect()
}

/// The distinct names of the cards face up in `zones`, the cards set on them included (a
/// Character's Equipment, a Zoid's Pilot, the Ranger a hand card belongs to), longest first
/// (so [`cards_named`] sees a longer name before any name inside it). A tracker's figures
/// ("Energy", "HP") and empty places are no cards.
///
/// With `only` not empty, the cards of those zones alone.
pub(crate) fn board_names<'a>(zones: &'a [Zone], only: &[&str]) -> Vec<&'a str> {
    let mut names: Vec<&str> = zones
        .iter()
        .filter(|z| only.is_empty() || only.contains(&z.id.as_str()))
        .flat_map(|z| &z.cards)
        .filter(|c| !c.tags.iter().any(|t| t == "counter" || t == "empty"))
        .flat_map(|c| {
            let attached = c.attached.iter().map(|a| a.name.as_str());
            std::iter::once(c.name.as_str()).chain(attached.filter(|&n| n != "(empty)"))
        })
        .collect();
    names.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    names.dedup();
    names
}

fn whole_words(label: &str, start: usize, end: usize) -> bool {
    let before = label[..start].chars().next_back();
    let after = label[end..].chars().next();
    !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_option_names_the_board_cards_its_label_names_longest_first_and_as_whole_words() {
        let names = [
            "Kestrel Wynd, Mercenary",
            "Dawnmane Liger",
            "Red Ranger Zord",
            "Red Ranger",
            "Ray",
            "Mercenary",
        ];
        let cases: &[(&str, &[&str])] = &[
            (
                "Set Kestrel Wynd, Mercenary as Energy on Dawnmane Liger",
                &["Kestrel Wynd, Mercenary", "Dawnmane Liger"],
            ),
            ("Summon Red Ranger Zord", &["Red Ranger Zord"]),
            (
                "Attach Red Ranger Zord to Red Ranger",
                &["Red Ranger Zord", "Red Ranger"],
            ),
            ("Battle the Gray Putty", &[]),
            ("Target Ray, then Ray again", &["Ray"]),
            ("Keep this hand", &[]),
        ];
        for (label, expected) in cases {
            assert_eq!(&cards_named(label, &names), expected, "{label}");
        }
    }
}
