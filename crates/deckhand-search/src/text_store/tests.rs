use super::*;
use crate::trigram::keys;

fn store(parts: &[&[(&str, Option<&str>)]]) -> TextStore {
    let mut files = Vec::new();
    let mut rows = 0;
    for cards in parts {
        let mut writer = PartWriter::new(rows);
        for (name, text) in cards.iter() {
            writer.push(name, *text);
        }
        rows += cards.len() as u32;
        files.push(OwnedBytes::new(writer.into_bytes()));
    }
    TextStore::from_parts(files).expect("well-formed parts")
}

fn rows_of(set: Option<RowSet>, rows: u32) -> Vec<u64> {
    let set = set.expect("a restricted set");
    (0..u64::from(rows)).filter(|r| set.contains(*r)).collect()
}

fn trigram(text: &str) -> TrigramQuery {
    TrigramQuery::Trigram(keys(text)[0])
}

#[test]
fn records_read_back_as_written_across_parts() {
    let store = store(&[
        &[("Storm Hawk", Some("Flying.")), ("Quick Order", None)],
        &[("Ember Cub", Some(""))],
    ]);
    assert_eq!(store.rows(), 3);
    assert_eq!(
        store.get(0),
        Some((&b"Storm Hawk"[..], Some(&b"Flying."[..])))
    );
    assert_eq!(store.get(1), Some((&b"Quick Order"[..], None)));
    assert_eq!(store.get(2), Some((&b"Ember Cub"[..], Some(&b""[..]))));
    assert_eq!(store.get(3), None);
}

#[test]
fn trigram_candidates_are_the_rows_holding_them_per_field() {
    let store = store(&[
        &[
            ("Storm Hawk", Some("Flying. Storms pass.")),
            ("Quick Order", None),
        ],
        &[("Ember Cub", Some("It flies; a STORM."))],
    ]);
    let cases: &[(TrigramQuery, Which, &[u64])] = &[
        (trigram("sto"), Which::Name, &[0]),
        (trigram("sto"), Which::Text, &[0, 2]),
        (trigram("fli"), Which::Text, &[2]),
        (trigram("zzz"), Which::Text, &[]),
        (
            TrigramQuery::And(vec![trigram("fly"), trigram("sto")]),
            Which::Text,
            &[0],
        ),
        (
            TrigramQuery::Or(vec![trigram("fly"), trigram("fli")]),
            Which::Text,
            &[0, 2],
        ),
    ];
    for (query, which, expected) in cases {
        assert_eq!(
            rows_of(store.candidates(query, *which), store.rows()),
            *expected,
            "{query:?} {which:?}"
        );
    }
    assert_eq!(store.candidates(&TrigramQuery::All, Which::Text), None);
}

#[test]
fn many_rows_keep_their_postings_exact() {
    let cards: Vec<(String, Option<String>)> = (0..1000)
        .map(|i| {
            (
                format!("Card {i}"),
                (i % 7 == 0).then(|| format!("seven {i}")),
            )
        })
        .collect();
    let borrowed: Vec<(&str, Option<&str>)> = cards
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_deref()))
        .collect();
    let store = store(&[&borrowed]);
    let expected: Vec<u64> = (0..1000).filter(|i| i % 7 == 0).collect();
    assert_eq!(
        rows_of(store.candidates(&trigram("sev"), Which::Text), 1000),
        expected
    );
}

#[test]
fn damaged_parts_are_refused_and_a_bad_row_reads_as_nothing() {
    let mut writer = PartWriter::new(0);
    writer.push("A", Some("B"));
    let bytes = writer.into_bytes();
    assert!(TextStore::from_parts(vec![OwnedBytes::new(b"garbage".to_vec())]).is_none());
    let mut truncated = bytes.clone();
    truncated.remove(0);
    let store = TextStore::from_parts(vec![OwnedBytes::new(truncated)]);
    if let Some(store) = store {
        // The footer survived: reads must still stay in bounds.
        let _ = store.get(0);
    }
    // A part that does not start where the previous one ended.
    let mut second = PartWriter::new(5);
    second.push("C", None);
    assert!(TextStore::from_parts(vec![
        OwnedBytes::new(bytes),
        OwnedBytes::new(second.into_bytes())
    ])
    .is_none());
}
