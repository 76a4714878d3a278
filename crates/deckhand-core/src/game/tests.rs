use super::*;

pub(crate) const MINIMAL: &str = r#"
id = "tiny"
name = "Tiny Game"
card_size_mm = { width = 63.0, height = 88.0 }
[[card_types]]
name = "Unit"
stats = ["power"]
[stats.power]
label = "Power"
kind = "number"
[[sections]]
id = "main"
name = "Main"
"#;

pub(crate) fn error_of(text: &str) -> String {
    Game::from_toml("tiny.toml", text).unwrap_err().to_string()
}

#[test]
fn a_minimal_definition_loads() {
    let game = Game::from_toml("tiny.toml", MINIMAL).unwrap();
    assert_eq!(game.id, "tiny");
    assert!(game.card_type("unit").is_some());
}

#[test]
fn an_undeclared_stat_is_named_with_its_key() {
    let text = MINIMAL.replace(r#"stats = ["power"]"#, r#"stats = ["pwer"]"#);
    assert_eq!(
        error_of(&text),
        "tiny.toml: 7:10: card_types[0].stats[0]: unknown stat 'pwer' (declare it under [stats.pwer])"
    );
}

#[test]
fn an_unknown_key_is_a_line_and_column_error() {
    let text = MINIMAL.replace("name = \"Tiny Game\"", "name = \"Tiny Game\"\ncolour = 1");
    let err = error_of(&text);
    assert!(
        err.starts_with("tiny.toml: 4:1: unknown field `colour`"),
        "{err}"
    );
}

#[test]
fn an_inverted_range_is_rejected() {
    let text = MINIMAL.replace("kind = \"number\"", "kind = \"number\"\nmin = 5\nmax = 1");
    assert_eq!(
        error_of(&text),
        "tiny.toml: 8:8: stats.power: min 5 is greater than max 1"
    );
}

#[test]
fn a_duplicate_card_type_is_rejected() {
    let text = MINIMAL.replace(
        "[stats.power]",
        "[[card_types]]\nname = \"UNIT\"\n[stats.power]",
    );
    assert!(error_of(&text).contains("card_types[1].name"));
}

#[test]
fn print_sections_are_checked_when_the_definition_loads() {
    let with_print = |print: &str| format!("{MINIMAL}\n[print]\n{print}\n");
    let cases = [
        ("body = [\"pwr\"]", "print.body[0]: unknown stat 'pwr'"),
        (
            "corners = { top_left = [\"power\", \"cost\"] }",
            "print.corners.top_left[1]: unknown stat 'cost'",
        ),
        (
            "card_sizes = { Giant = { width = 70.0, height = 120.0 } }",
            "print.card_sizes.Giant",
        ),
        (
            "card_sizes = { Unit = { width = 0.0, height = 120.0 } }",
            "print.card_sizes.Unit",
        ),
        (
            "frame_by = \"side\"\nframe_colors = { purple = \"#ff00ff\" }",
            "print.frame_colors.purple",
        ),
        (
            "frame_by = \"color\"\nframe_colors = { Red = \"red\" }",
            "'red' is not a #rrggbb colour",
        ),
        (
            "back = { background = \"#12345\" }",
            "print.back.background",
        ),
        ("corner = []", "unknown field `corner`"),
    ];
    for (print, expected) in cases {
        let err = error_of(&with_print(print));
        assert!(err.contains(expected), "{print}: {err}");
    }
    let game = Game::from_toml(
        "tiny.toml",
        &with_print("card_sizes = { unit = { width = 70.0, height = 120.0 } }\nframe_by = \"type\"\nframe_colors = { Unit = \"#AA0000\" }"),
    )
    .unwrap();
    assert_eq!(game.card_size_for("UNIT").height, 120.0);
    assert_eq!(parse_hex_color("#AA0000"), Some([170, 0, 0]));
}

#[test]
fn die_faces_are_read_and_checked() {
    let with = |faces: &str| format!("{MINIMAL}\n[goldfish]\ndie_faces = {faces}\n");
    let game = Game::from_toml("tiny.toml", &with("[0, 0, 1, 1, 1, 2]")).unwrap();
    assert_eq!(game.goldfish.unwrap().die_faces, vec![0, 0, 1, 1, 1, 2]);
    assert_eq!(
        Game::from_toml("tiny.toml", MINIMAL).unwrap().goldfish,
        None
    );
    let cases = [
        (
            "[0, 12]",
            "goldfish.die_faces: a die face shows 0 to 9 hits, not 12",
        ),
        ("[-1]", "invalid value"),
        ("[1]\nsides = 6", "unknown field `sides`"),
    ];
    for (faces, expected) in cases {
        let err = error_of(&with(faces));
        assert!(err.contains(expected), "{faces}: {err}");
    }
}

#[test]
fn a_default_enemy_line_up_is_read_and_checked() {
    let with = |enemies: &str| format!("{MINIMAL}\n[goldfish]\nenemies = {enemies}\n");
    let game = Game::from_toml(
        "tiny.toml",
        &with(r#"[{ name = "Gravel Grunt", figures = 3 }, { name = "Clockjaw" }]"#),
    )
    .unwrap();
    let picks = game.goldfish.unwrap().enemies;
    assert_eq!(
        picks,
        [
            EnemyPick {
                name: "Gravel Grunt".into(),
                figures: 3
            },
            EnemyPick {
                name: "Clockjaw".into(),
                figures: 1
            }
        ]
    );
    let cases = [
        (
            r#"[{ name = "Grunts", figures = 5 }]"#,
            "goldfish.enemies[0].figures: an enemy takes 1 to 4 figures, not 5",
        ),
        (
            r#"[{ name = "Grunts", figures = 0 }]"#,
            "goldfish.enemies[0].figures: an enemy takes 1 to 4 figures, not 0",
        ),
        (
            r#"[{ name = "Grunts" }, { name = "GRUNTS" }]"#,
            "goldfish.enemies[1].name: 'GRUNTS' is empty or named twice",
        ),
        (r#"[{ name = " " }]"#, "goldfish.enemies[0].name"),
        (
            r#"[{ name = "Grunts", count = 2 }]"#,
            "unknown field `count`",
        ),
    ];
    for (enemies, expected) in cases {
        let err = error_of(&with(enemies));
        assert!(err.contains(expected), "{enemies}: {err}");
    }
}

#[test]
fn an_enemy_type_must_be_one_of_the_games_card_types() {
    let with = |types: &str| format!("{MINIMAL}\n[goldfish]\nenemy_types = {types}\n");
    let game = Game::from_toml("tiny.toml", &with(r#"["unit"]"#)).unwrap();
    assert_eq!(game.goldfish.unwrap().enemy_types, ["unit"]);
    let err = error_of(&with(r#"["Unit", "Monster"]"#));
    assert!(
        err.contains("goldfish.enemy_types[1]: 'Monster' is not one of the game's card types"),
        "{err}"
    );
}

#[test]
fn search_examples_are_read_and_a_blank_one_is_refused() {
    let with = |examples: &str| {
        MINIMAL.replace(
            "name = \"Tiny Game\"",
            &format!("name = \"Tiny Game\"\nsearch_examples = {examples}"),
        )
    };
    let game = Game::from_toml("tiny.toml", &with(r#"["t:unit power>=2"]"#)).unwrap();
    assert_eq!(game.search_examples, ["t:unit power>=2"]);
    assert!(Game::from_toml("tiny.toml", MINIMAL)
        .unwrap()
        .search_examples
        .is_empty());
    let err = error_of(&with(r#"["t:unit", " "]"#));
    assert!(err.contains("search_examples[1]: "), "{err}");
}
