//! Forward-only schema migrations, tracked with `PRAGMA user_version`.
//!
//! Never edit a migration that has shipped: append a new one. Migration N (1-based) moves
//! the schema from version N-1 to N inside one transaction.

use rusqlite::{Connection, TransactionBehavior};

use crate::StoreError;

pub(crate) const MIGRATIONS: &[&str] = &[
    // 1: games, sets, cards and a key/value table for bookkeeping.
    r#"
    CREATE TABLE games (
        id   TEXT PRIMARY KEY,
        name TEXT NOT NULL
    ) STRICT;

    CREATE TABLE sets (
        game TEXT NOT NULL REFERENCES games(id),
        code TEXT NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (game, code)
    ) STRICT;

    CREATE TABLE cards (
        id       TEXT PRIMARY KEY,
        game     TEXT NOT NULL REFERENCES games(id),
        name     TEXT NOT NULL,
        name_key TEXT NOT NULL,
        type     TEXT NOT NULL,
        set_code TEXT,
        number   TEXT,
        side     TEXT CHECK (side IN ('hero', 'villain')),
        color    TEXT,
        subtypes TEXT NOT NULL DEFAULT '[]',
        keywords TEXT NOT NULL DEFAULT '[]',
        text     TEXT,
        stats    TEXT NOT NULL DEFAULT '{}',
        FOREIGN KEY (game, set_code) REFERENCES sets(game, code)
    ) STRICT;

    CREATE INDEX cards_by_game_name ON cards (game, name_key);
    CREATE INDEX cards_by_name ON cards (name_key);

    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) STRICT;
    "#,
    // 2: a random id per database file and a counter bumped by every import, which
    // together tell derived data (the search index) whether it is current.
    r#"
    INSERT INTO meta (key, value) VALUES ('database_id', lower(hex(randomblob(16))));
    INSERT INTO meta (key, value) VALUES ('cards_generation', '0');
    "#,
    // 3: decks. Every save appends a version; the deck row mirrors the newest one for
    // listing. Deleting sets `deleted_at`, so a deck can be restored.
    r#"
    CREATE TABLE decks (
        id         INTEGER PRIMARY KEY,
        game       TEXT NOT NULL REFERENCES games(id),
        name       TEXT NOT NULL,
        version    INTEGER NOT NULL,
        card_count INTEGER NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        deleted_at TEXT
    ) STRICT;

    CREATE TABLE deck_versions (
        deck_id  INTEGER NOT NULL REFERENCES decks(id),
        version  INTEGER NOT NULL,
        saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
        name     TEXT NOT NULL,
        side     TEXT CHECK (side IN ('hero', 'villain')),
        notes    TEXT NOT NULL DEFAULT '',
        tags     TEXT NOT NULL DEFAULT '[]',
        -- [{"section": "main", "count": 3, "card": "<card id>"}, ...]
        cards    TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (deck_id, version)
    ) STRICT;

    CREATE INDEX decks_by_game ON decks (game, name);
    "#,
    // 4: the collection, the wishlist and a one-step undo journal. A collection row is
    // one card (a printing, by id) in one finish, condition, language and place; '' means
    // "not stated" so that the primary key treats it as a value (NULLs never collide).
    // No foreign key to `cards`: years of collection data must survive any reload of the
    // card data, and a row whose card is gone is shown rather than lost. `game` is kept
    // on the row so that "owned counts of a game" is one scan of a covering index.
    r#"
    CREATE TABLE collection (
        card      TEXT NOT NULL,
        game      TEXT NOT NULL REFERENCES games(id),
        finish    TEXT NOT NULL CHECK (finish IN ('normal', 'foil')),
        condition TEXT NOT NULL CHECK (condition IN ('', 'mint', 'near_mint',
                      'lightly_played', 'moderately_played', 'heavily_played', 'damaged')),
        language  TEXT NOT NULL,
        location  TEXT NOT NULL,
        count     INTEGER NOT NULL CHECK (count > 0),
        note      TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (card, finish, condition, language, location)
    ) STRICT, WITHOUT ROWID;

    CREATE INDEX collection_by_game ON collection (game, card, count);

    CREATE TABLE wishlist (
        card  TEXT PRIMARY KEY,
        game  TEXT NOT NULL REFERENCES games(id),
        count INTEGER NOT NULL CHECK (count > 0)
    ) STRICT, WITHOUT ROWID;

    CREATE INDEX wishlist_by_game ON wishlist (game, card);

    -- The state before the last change or import, for one undo: each row it touched,
    -- as it was (`count` NULL when the row did not exist). Wishlist rows use the
    -- collection's key with empty parts.
    CREATE TABLE collection_undo (
        list      TEXT NOT NULL CHECK (list IN ('collection', 'wishlist')),
        card      TEXT NOT NULL,
        finish    TEXT NOT NULL,
        condition TEXT NOT NULL,
        language  TEXT NOT NULL,
        location  TEXT NOT NULL,
        game      TEXT NOT NULL,
        count     INTEGER,
        note      TEXT,
        PRIMARY KEY (list, card, finish, condition, language, location)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE collection_undo_label (
        id      INTEGER PRIMARY KEY CHECK (id = 1),
        label   TEXT NOT NULL,
        made_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    ) STRICT;
    "#,
    // 5: a hash of each card's stored content, so that re-importing a file finds its
    // unchanged cards without reading them back. NULL (rows from before) compares by
    // content once and is then filled in.
    r#"
    ALTER TABLE cards ADD COLUMN content_hash INTEGER;
    "#,
    // 6: the format (a rule variant of the game, by id) a deck version is built for; NULL
    // is the game's own rules, as for every version saved before.
    r#"
    ALTER TABLE deck_versions ADD COLUMN format TEXT;
    "#,
    // 7: a card's printed effects as data (a JSON list, `deckhand_core::Effect`) and what
    // they leave out (a JSON `GoldfishNote`, NULL when they state all of its text).
    r#"
    ALTER TABLE cards ADD COLUMN effects TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE cards ADD COLUMN goldfish TEXT;
    "#,
    // 8: card images, kept in the database (copied in, never a path that can move), so
    // backups and restores carry them. One front image per card with its size and a
    // thumbnail made once at import; deleting the card deletes its image.
    r#"
    CREATE TABLE card_images (
        card         TEXT PRIMARY KEY REFERENCES cards(id) ON DELETE CASCADE,
        format       TEXT NOT NULL CHECK (format IN ('png', 'jpeg', 'webp')),
        width        INTEGER NOT NULL CHECK (width > 0),
        height       INTEGER NOT NULL CHECK (height > 0),
        data         BLOB NOT NULL,
        thumbnail    BLOB NOT NULL,
        added_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    ) STRICT;
    "#,
    // 9: a one-step undo journal for the cards a player changed (card add, edit, delete,
    // duplicate, a card import): each card the change touched, as it was (`existed` 0 when
    // the change added it, and the columns NULL).
    r#"
    CREATE TABLE card_undo (
        id           TEXT PRIMARY KEY,
        game         TEXT NOT NULL,
        existed      INTEGER NOT NULL CHECK (existed IN (0, 1)),
        name         TEXT,
        name_key     TEXT,
        type         TEXT,
        set_code     TEXT,
        number       TEXT,
        side         TEXT,
        color        TEXT,
        subtypes     TEXT,
        keywords     TEXT,
        text         TEXT,
        stats        TEXT,
        content_hash INTEGER,
        effects      TEXT,
        goldfish     TEXT
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE card_undo_label (
        id      INTEGER PRIMARY KEY CHECK (id = 1),
        label   TEXT NOT NULL,
        made_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    ) STRICT;
    "#,
    // 10: the images of the cards in the undo journal, as they were: undoing a card delete
    // brings its image back too (deleting the card had deleted it).
    r#"
    CREATE TABLE card_undo_images (
        card         TEXT PRIMARY KEY,
        format       TEXT NOT NULL,
        width        INTEGER NOT NULL,
        height       INTEGER NOT NULL,
        data         BLOB NOT NULL,
        thumbnail    BLOB NOT NULL,
        added_at     TEXT NOT NULL
    ) STRICT;
    "#,
    // 11: the card browser reads one window of a game's cards at a time, in name then id
    // order (`Store::card_rows`): with the id in the index, skipping to a window walks the
    // index alone and needs no sort. It replaces the (game, name_key) index it extends.
    r#"
    DROP INDEX cards_by_game_name;
    CREATE INDEX cards_by_game_name ON cards (game, name_key, id);
    "#,
    // 12: cards are listed in a player's order, numbers in names as numbers ("Grid Zoid
    // 553", "… 554", then "… 5530"; by the name key alone 5530 came between 553 and 554):
    // `name_order` is the name key with each run of digits led by its length
    // (`natural_key`, a function every connection of the store registers), and the card
    // browser's windows walk an index on it as they walked `cards_by_game_name`.
    r#"
    ALTER TABLE cards ADD COLUMN name_order TEXT NOT NULL DEFAULT '';
    UPDATE cards SET name_order = natural_key(name_key);
    CREATE INDEX cards_by_game_order ON cards (game, name_order, id);
    "#,
    // 13: the key of the input a card was imported from (its JSON exactly as written, read
    // by its game's definition: `deckhand_core::input_key`), so that re-importing a file
    // recognises an unchanged card without parsing it; and the content hash the key was
    // taken for: a key counts only while the row's `content_hash` is still that one, so
    // an edit or an undo that rewrites the row leaves the key stale without knowing of it.
    r#"
    ALTER TABLE cards ADD COLUMN input_key INTEGER;
    ALTER TABLE cards ADD COLUMN input_key_of INTEGER;
    "#,
    // 14: a note on each wishlist row ("the foil one", "ask at the shop"), edited in the row
    // as the collection's notes are; '' is no note, as in the collection.
    r#"
    ALTER TABLE wishlist ADD COLUMN note TEXT NOT NULL DEFAULT '';
    "#,
];

/// The sort key of a folded card name in which numbers compare as numbers (the core's,
/// shared with the search index's `order:name`).
pub(crate) use deckhand_core::natural_key;

/// Registers the SQL functions the schema's migrations and the store's writes use
/// (`natural_key`) on `conn`.
pub(crate) fn register_functions(conn: &Connection) -> Result<(), StoreError> {
    use rusqlite::functions::FunctionFlags;
    conn.create_scalar_function(
        "natural_key",
        1,
        FunctionFlags::SQLITE_UTF8
            | FunctionFlags::SQLITE_DETERMINISTIC
            | FunctionFlags::SQLITE_INNOCUOUS,
        |ctx| Ok(natural_key(&ctx.get::<String>(0)?)),
    )?;
    Ok(())
}

/// The schema version this build writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// The schema version recorded in the file (0 for a new one).
pub(crate) fn user_version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.query_row("PRAGMA user_version", [], |row| row.get(0))?)
}

/// Brings the schema up to [`SCHEMA_VERSION`]. Only migrates: whether to back the file up
/// first is the caller's decision (see `Store::open`).
pub fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    migrate_to(conn, SCHEMA_VERSION)
}

/// Applies the migrations up to `target`, one transaction each. Each starts `BEGIN
/// IMMEDIATE` and reads `user_version` inside it: of several processes opening one new
/// database at once, each waits for the write lock (the busy timeout applies) and finds
/// the version the one before it left, so none applies a migration twice.
pub(crate) fn migrate_to(conn: &mut Connection, target: i64) -> Result<(), StoreError> {
    register_functions(conn)?;
    loop {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let current = user_version(&tx)?;
        if !(0..=SCHEMA_VERSION).contains(&current) {
            return Err(StoreError::NewerSchema {
                found: current,
                known: SCHEMA_VERSION,
            });
        }
        if current >= target {
            return Ok(());
        }
        let started = std::time::Instant::now();
        tx.execute_batch(MIGRATIONS[current as usize])?;
        tx.pragma_update(None, "user_version", current + 1)?;
        tx.commit()?;
        // Only a file's migrations are news; restore builds in-memory schemas to compare.
        if conn.path().is_some_and(|p| !p.is_empty()) {
            tracing::info!(
                from = current,
                to = current + 1,
                ms = started.elapsed().as_millis() as u64,
                "database migrated"
            );
        }
    }
}

/// A private in-memory database migrated to `version`: the schema a file of that
/// version must have, taken from the migrations themselves.
pub(crate) fn schema_at(version: i64) -> Result<Connection, StoreError> {
    let mut conn = Connection::open_in_memory()?;
    migrate_to(&mut conn, version)?;
    Ok(conn)
}
