use super::*;

fn vocabulary() -> Vocabulary {
    Vocabulary {
        stats: ["power", "cost", "attack_energy", "energy_cost", "rps"]
            .map(String::from)
            .into(),
        games: ["pr-acg", "pr-dbg", "pr-hotg", "sms", "zoids-scramble"]
            .map(String::from)
            .into(),
    }
}

fn parsed(input: &str) -> String {
    match parse(input, &vocabulary()) {
        Ok(query) => query.to_string(),
        Err(err) => panic!("{input:?} failed: {err}"),
    }
}

/// Valid queries and the structure they parse to.
#[test]
fn valid_queries_parse_to_the_expected_structure() {
    let cases = [
        ("", "*"),
        ("   ", "*"),
        ("liger", "name|text:liger*"),
        ("shield liger", "(and name|text:shield name|text:liger*)"),
        ("Shield LIGER ", "(and name|text:shield name|text:liger*)"),
        ("\"deal damage\"", "name|text:\"deal damage\""),
        ("t:zoid power>=5", "(and type:zoid power>=5)"),
        ("type:\"foot soldier\"", "type:\"foot soldier\""),
        ("n:storm o:damage", "(and name:storm text:damage*)"),
        ("o:damage n:storm", "(and text:damage name:storm*)"),
        (
            "cost<=2 cost>0 cost<3 cost>1 cost=1 cost:1 cost!=1",
            "(and cost<=2 cost>0 cost<3 cost>1 cost=1 cost=1 cost!=1)",
        ),
        ("energy_cost:x", "energy_cost=x"),
        ("power:MAX", "power=max"),
        ("rps:rock", "rps=rock"),
        ("-t:zoid", "(not type:zoid)"),
        ("- liger", "(and name|text:- name|text:liger*)"),
        ("a or b", "(or name|text:a name|text:b*)"),
        (
            "a b or c",
            "(or (and name|text:a name|text:b) name|text:c*)",
        ),
        ("a and b", "(and name|text:a name|text:b*)"),
        (
            "(a or b) c",
            "(and (or name|text:a name|text:b) name|text:c*)",
        ),
        ("-(t:zoid or t:pilot)", "(not (or type:zoid type:pilot))"),
        ("/fl(y|ies)/", "name|text:/fl(y|ies)/"),
        ("name:/^storm/", "name:/^storm/"),
        ("o:/a\\/b/", "text:/a/b/"),
        ("!\"Shield Liger\"", "!\"shield liger\""),
        (
            "sub:liger kw:scouting s:zsx side:hero c:blue",
            "(and sub:liger kw:scouting set:zsx side:hero color:blue)",
        ),
        ("game:zoids", "game:zoids-scramble"),
        ("game:sms", "game:sms"),
        ("t!=zoid", "(not type:zoid)"),
        (
            "t:zoid order:power dir:desc",
            "type:zoid order:power dir:desc",
        ),
        ("order:name", "* order:name"),
        ("ORDER:Cost DIR:ASC", "* order:cost dir:asc"),
        ("Power>=5", "power>=5"),
        ("owned>=1", "owned>=1"),
        ("owned:0", "owned=0"),
        ("OWNED!=2 wanted<3", "(and owned!=2 wanted<3)"),
        ("wanted>0 -owned>=4", "(and wanted>0 (not owned>=4))"),
        ("owned<=1 or wanted=2", "(or owned<=1 wanted=2)"),
    ];
    for (input, expected) in cases {
        assert_eq!(parsed(input), expected, "for {input:?}");
    }
}

/// Invalid queries: the column of the error and the message a user sees.
#[test]
fn invalid_queries_report_the_column_and_a_hint() {
    let cases = [
        ("pwr>=5", 1, "unknown field 'pwr' at 1 — did you mean 'power'?"),
        ("t:zoid pow:3", 8, "unknown field 'pow' at 8 — did you mean 'power'?"),
        ("tpye:zoid", 1, "unknown field 'tpye' at 1 — did you mean 'type'?"),
        ("zzzz:1", 1, "unknown field 'zzzz' at 1 — fields: name, text, type, sub, kw, set, side, color, game, owned, wanted, or a stat"),
        ("ownd>=1", 1, "unknown field 'ownd' at 1 — did you mean 'owned'?"),
        ("owned:x", 7, "'x' at 7 is not a number: owned counts copies — compare it with a number, as in owned>=1 or owned:0"),
        ("wanted>/1/", 8, "'1' at 8 is not a number: wanted counts copies — compare it with a number, as in wanted>=1 or wanted:0"),
        ("a (b or c", 3, "unclosed ( opened at 3 — add a matching )"),
        ("a (b or (c)", 3, "unclosed ( opened at 3 — add a matching )"),
        ("a b)", 4, "unmatched ) at 4 — remove it, or open a ( before it"),
        ("\"deal damage", 1, "unclosed quote \" opened at 1 — close it with \""),
        ("o:/fly", 3, "unclosed regex / opened at 3 — close it with /"),
        ("/fl(y/", 4, "invalid regex at 4: unclosed group"),
        ("power>=", 8, "missing value after 'power>=' at 8 — write a value, as in power>=3"),
        ("power>x", 7, "'power>' at 1 needs a number — words such as X compare only with : or !=, as in power:x"),
        ("t>3", 1, "'t' at 1 is not a number: '>' cannot compare it — write t:value"),
        ("or a", 1, "'or' at 1 needs a term on both sides — as in a or b"),
        ("a or", 3, "'or' at 3 needs a term on both sides — as in a or b"),
        ("a and", 3, "'and' at 3 needs a term on both sides — as in a and b"),
        ("()", 1, "empty parentheses at 1"),
        ("game:chess", 6, "unknown game 'chess' at 6 — games: pr-acg, pr-dbg, pr-hotg, sms, zoids-scramble"),
        ("game:pr", 6, "unknown game 'pr' at 6 — games: pr-acg, pr-dbg, pr-hotg, sms, zoids-scramble"),
        ("side:good", 6, "unknown side 'good' at 6 — use side:hero or side:villain"),
        ("order:pwr", 7, "cannot order by 'pwr' at 7 — did you mean 'power'?"),
        ("dir:up", 5, "unknown direction 'up' at 5 — use dir:asc or dir:desc"),
        ("(order:name)", 2, "order: at 2 applies to the whole query — move it outside parentheses and negation"),
        ("t:/zoid/", 3, "a regex at 3 works only on name and text — write t:word or t:\"some words\""),
        ("\"\"", 1, "empty quotes at 1"),
        ("-or a", 2, "'or' at 2 needs a term on both sides — as in a or b"),
    ];
    for (input, column, message) in cases {
        let err = parse(input, &vocabulary()).expect_err(input);
        assert_eq!(
            (err.column, err.to_string().as_str()),
            (column, message),
            "for {input:?}"
        );
    }
}

#[test]
fn a_lone_minus_is_a_word_not_a_negation() {
    // "-" followed by a space is literal text (card text like "- 1").
    assert_eq!(
        parsed("a - b"),
        "(and name|text:a name|text:- name|text:b*)"
    );
}

/// A quarter of the 2 MiB stack of the app's worker threads. A debug build needs about
/// 384 KiB for [`MAX_NESTING`] levels; an unbounded recursion overflows it at about a
/// hundred, aborting the whole test binary.
pub(crate) const SMALL_STACK: usize = 512 * 1024;

/// Runs `work` on a thread with a [`SMALL_STACK`].
pub(crate) fn on_small_stack<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(SMALL_STACK)
            .spawn_scoped(scope, work)
            .expect("a thread")
            .join()
            .expect("the thread finished")
    })
}

/// Issue 16: 6,000 `(` or 100,000 `-` overflowed the stack (exit 134). Every recursive
/// construct is refused past [`MAX_NESTING`] levels, at the column of the first too many.
#[test]
fn queries_nested_deeper_than_the_limit_are_an_error_at_the_column_not_a_crash() {
    let deep = MAX_NESTING + 1;
    let cases: Vec<(String, usize)> = vec![
        ("(".repeat(6_000), deep),
        (format!("{}a{}", "(".repeat(6_000), ")".repeat(6_000)), deep),
        (format!("{}a", "-".repeat(100_000)), deep),
        (format!("x {}a", "-(".repeat(50_000)), 2 + deep),
        (format!("{}a", "(-".repeat(40)), deep),
        (format!("{}a", "a or (".repeat(10_000)), 6 * deep),
        (
            format!("/{}a{}/", "(".repeat(10_000), ")".repeat(10_000)),
            1 + deep,
        ),
        (
            format!("o:/{}a{}/", "(".repeat(100), ")".repeat(100)),
            3 + deep,
        ),
    ];
    for (input, column) in cases {
        let err = on_small_stack(|| parse(&input, &vocabulary())).expect_err("too deep");
        let head: String = input.chars().take(20).collect();
        assert_eq!(
            err.message,
            format!("query nested deeper than {MAX_NESTING} levels at column {column}"),
            "for {head:?}…"
        );
        assert_eq!(err.column, column, "for {head:?}…");
    }
}

/// The limit itself parses, prints and drops on a small stack.
#[test]
fn queries_nested_exactly_to_the_limit_parse() {
    let n = MAX_NESTING;
    let cases = [
        format!("{}a{}", "(".repeat(n), ")".repeat(n)),
        format!("{}a", "-".repeat(n)),
        format!("{}a or b{}", "(-".repeat(n / 2), ")".repeat(n / 2)),
        format!("/{}a{}/", "(".repeat(n), ")".repeat(n)),
    ];
    for input in cases {
        let printed = on_small_stack(|| parse(&input, &vocabulary()).map(|q| q.to_string()));
        assert!(printed.is_ok(), "{input}: {printed:?}");
    }
}

proptest::proptest! {
    /// Any input parses or yields an error pointing inside (or just past) the input.
    #[test]
    fn any_input_parses_or_errors_without_panicking(input in "\\PC{0,40}") {
        if let Err(err) = parse(&input, &vocabulary()) {
            proptest::prop_assert!(err.column >= 1 && err.column <= input.chars().count() + 1,
                "column {} for {:?}", err.column, input);
        }
    }

    /// Inputs built from the query language's own pieces never panic either.
    #[test]
    fn query_shaped_input_never_panics(parts in proptest::collection::vec(
        proptest::sample::select(vec!["(", ")", "-", "or", "and", "\"", "/", "!", "t:", "power>=", "3", "x", "liger", "order:", "dir:", ":", "\\"]), 0..12)) {
        let input = parts.join(" ");
        let _ = parse(&input, &vocabulary());
        let _ = parse(&parts.concat(), &vocabulary());
    }
}

/// A word the index does not keep would be dropped, and the query match every card.
#[test]
fn a_word_too_long_to_index_is_refused_at_its_column() {
    let long = "x".repeat(40);
    for (query, column) in [
        (long.clone(), 1),
        (format!("t:zoid text:{long}"), 13),
        (format!("zoid \"storm {long}\""), 6),
        (format!("name:{}-{long}", "a"), 6),
    ] {
        let err = parse(&query, &vocabulary()).unwrap_err();
        assert_eq!(err.column, column, "{query}: {err}");
        assert!(err.to_string().contains("too long to search"), "{err}");
    }
    // One letter shorter is indexed, and searched.
    parsed(&"x".repeat(39));
}
