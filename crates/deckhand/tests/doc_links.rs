//! The manual's links hold: every relative link in README.md, ARCHITECTURE.md and docs/*.md
//! reaches a file and, when it names one, a heading of that file; and every
//! `docs/<page>.md#<anchor>` a code comment points at exists. Moving a section or renaming a
//! heading breaks the code comments that cite it, which nothing else would notice.
//!
//! Anchors are GitHub's: a heading lower-cased, punctuation dropped, spaces turned into
//! hyphens, a repeated heading suffixed `-1`, `-2`…; an explicit `<a id="…">` counts too.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The anchor GitHub gives a heading's text.
fn slug(heading: &str) -> String {
    let text = strip_inline(heading);
    let mut out = String::new();
    for c in text.trim().chars() {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            out.extend(c.to_lowercase());
        } else if c == ' ' {
            out.push('-');
        }
    }
    out
}

/// A heading's text as GitHub slugs it: `[text](url)` is its text, code spans keep their
/// content.
fn strip_inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|i| open + i) else {
            break;
        };
        let Some(end) = rest[close..].find(')').map(|i| close + i) else {
            break;
        };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out.replace('`', "")
}

/// The lines of a Markdown page outside fenced code blocks, with their numbers.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            lines.push((i + 1, line));
        }
    }
    lines
}

/// Every anchor a page has.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut all = BTreeSet::new();
    for (_, line) in prose(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let base = slug(&line[hashes..]);
            let n = seen.entry(base.clone()).or_insert(0);
            all.insert(if *n == 0 {
                base.clone()
            } else {
                format!("{base}-{n}")
            });
            *n += 1;
        }
        let mut rest = line;
        while let Some(i) = rest.find("id=\"") {
            rest = &rest[i + 4..];
            if let Some(end) = rest.find('"') {
                all.insert(rest[..end].to_owned());
            }
        }
    }
    all
}

/// The link targets of a page, outside code: `[text](target)` and `[label]: target`.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in prose(text) {
        // Code spans hold examples, not links.
        let line: String = line.split('`').step_by(2).collect::<Vec<_>>().join("");
        let mut rest = line.as_str();
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            found.push((number, target.trim_matches(['<', '>']).to_owned()));
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with('[') {
            if let Some(i) = trimmed.find("]: ") {
                found.push((number, trimmed[i + 3..].trim().to_owned()));
            }
        }
    }
    found
}

/// What is wrong with each relative link of the page `page` (its text `text`): a file that
/// does not exist, or a heading its target page does not have.
fn broken_links(page: &Path, text: &str) -> Vec<String> {
    let dir = page.parent().unwrap();
    let mut broken = Vec::new();
    for (line, target) in links(text) {
        if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (file, anchor) = match target.split_once('#') {
            Some((file, anchor)) => (file, Some(anchor)),
            None => (target.as_str(), None),
        };
        let at = format!("{}:{line}: {target}", page.display());
        if file.is_empty() {
            let anchor = anchor.unwrap_or_default();
            if !anchors(text).contains(anchor) {
                broken.push(format!("{at}: no heading #{anchor}"));
            }
            continue;
        }
        let path = dir.join(file);
        if !path.exists() {
            broken.push(format!("{at}: no such file"));
            continue;
        }
        if let Some(anchor) = anchor {
            let is_markdown = path.extension().is_some_and(|e| e == "md");
            let target_text = if is_markdown {
                fs::read_to_string(&path).ok()
            } else {
                None
            };
            match target_text {
                Some(t) if anchors(&t).contains(anchor) => {}
                Some(_) => broken.push(format!("{at}: no heading #{anchor}")),
                None => broken.push(format!("{at}: an anchor into a file that is not Markdown")),
            }
        }
    }
    broken
}

fn manual_pages() -> Vec<PathBuf> {
    let root = repo();
    let mut pages = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    let mut docs: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

#[test]
fn every_relative_link_in_the_readme_architecture_and_docs_reaches_a_file_and_heading() {
    let pages = manual_pages();
    assert!(
        pages.len() > 3,
        "the manual's pages were not found: {pages:?}"
    );
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in &pages {
        let text = fs::read_to_string(page).unwrap();
        checked += links(&text).len();
        broken.extend(broken_links(page, &text));
    }
    assert!(
        checked > 20,
        "only {checked} links found: the link reader is broken"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// Every source file under `dir` a comment may cite the manual from.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() {
            if !matches!(
                name.as_ref(),
                "node_modules" | "target" | "dist" | "reports"
            ) {
                sources(&path, out);
            }
        } else if ["rs", "ts", "svelte", "mjs", "sh", "toml"]
            .iter()
            .any(|ext| name.ends_with(&format!(".{ext}")))
        {
            out.push(path);
        }
    }
}

/// `docs/<page>.md#<anchor>` in `text`, with line numbers.
fn cited_anchors(text: &str) -> Vec<(usize, String, String)> {
    let mut cited = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("docs/") {
            rest = &rest[at + 5..];
            let page: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            let after = &rest[page.len()..];
            let Some(anchor) = after.strip_prefix(".md#") else {
                continue;
            };
            let anchor: String = anchor
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            cited.push((i + 1, page, anchor));
        }
    }
    cited
}

#[test]
fn every_docs_section_a_code_comment_points_at_exists() {
    let root = repo();
    let mut files = Vec::new();
    for dir in [
        "crates",
        "src",
        "src-tauri/src",
        "ui/src",
        "tests",
        "scripts",
        "data",
    ] {
        sources(&root.join(dir), &mut files);
    }
    let mut pages: BTreeMap<String, Option<BTreeSet<String>>> = BTreeMap::new();
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in files {
        let Ok(text) = fs::read_to_string(&file) else {
            continue;
        };
        for (line, page, anchor) in cited_anchors(&text) {
            checked += 1;
            let known = pages.entry(page.clone()).or_insert_with(|| {
                let path = root.join("docs").join(format!("{page}.md"));
                fs::read_to_string(path).ok().map(|t| anchors(&t))
            });
            let at = format!("{}:{line}: docs/{page}.md#{anchor}", file.display());
            match known {
                None => broken.push(format!("{at}: no such page")),
                Some(known) if !known.contains(&anchor) => {
                    broken.push(format!("{at}: no such heading"))
                }
                Some(_) => {}
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} citations found: the reader is broken"
    );
    assert!(
        broken.is_empty(),
        "comments citing missing sections:\n{}",
        broken.join("\n")
    );
}

#[test]
fn a_link_to_a_missing_file_or_heading_is_reported_and_a_good_one_is_not() {
    let dir = std::env::temp_dir().join(format!("deckhand-doc-links-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let other =
        "# Other page\n\n## `pr-acg` — Plan value: [the pilot](x.md)\n\n## Setup\n## Setup\n";
    fs::write(dir.join("other.md"), other).unwrap();
    let page = dir.join("page.md");
    let text = "# Page\n\
        [good](other.md#pr-acg--plan-value-the-pilot) [second](other.md#setup-1)\n\
        [self](#page) `[code](missing.md)`\n\
        [gone](missing.md) [no heading](other.md#nothing)\n\
        ```\n[fenced](missing-too.md)\n```\n\
        [label]: other.md#setup\n";
    let broken = broken_links(&page, text);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(broken.len(), 2, "{broken:#?}");
    assert!(
        broken[0].ends_with("missing.md: no such file"),
        "{broken:#?}"
    );
    assert!(
        broken[1].ends_with("other.md#nothing: no heading #nothing"),
        "{broken:#?}"
    );
}
