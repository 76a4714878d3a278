//! A report's first line in a player's words: the figure that answers "how does this deck
//! do", and why its games end as they do. A mean kill turn over the few games a deck wins
//! says little when most are lost (PR Deck-Building), so which figure leads depends on the
//! outcomes, not only on the game: [`headline`] decides, table-tested below.

use serde::{Deserialize, Serialize};

use crate::log::{GameResult, Outcome};
use crate::report::{Objective, SeatReport};

/// How a game's goldfish reads to a player: what it is, and what each way of ending means.
/// Each game's procedure states its own ([`crate::procedure::Procedure::TELLING`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Telling {
    /// What the goldfish is, in one sentence a player of the game agrees with.
    pub goldfish: &'static str,
    /// One game of it, singular and plural ("battle", "battles").
    pub game: (&'static str, &'static str),
    /// Why a game is won ("your fourth break"; Showdown's Heroes win by lasting).
    pub win: &'static str,
    /// Why a game ends in [`crate::Outcome::DeckOut`], [`crate::Outcome::Draw`] and
    /// [`crate::Outcome::Loss`], each a clause that reads before "around turn N".
    pub deck_out: &'static str,
    pub draw: &'static str,
    pub loss: &'static str,
}

/// The figure a report leads with, for one seat.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
pub struct Headline {
    /// The number as shown: "8.0%", "6.4", "14.2".
    pub value: String,
    /// What the number is: "of games won", "average kill turn".
    pub label: String,
    /// Why, in one sentence: "Most games lost: out of HP around turn 22."
    pub detail: String,
}

/// Games that ended each way other than a win, by the turn they ended on.
#[derive(Debug, Clone, Copy)]
pub struct Endings<'a> {
    pub deck_out: &'a [u64],
    pub draw: &'a [u64],
    pub loss: &'a [u64],
}

/// The headline of `seat`, a report of `objective` whose games end as `endings` counts.
pub fn headline(
    objective: &Objective,
    telling: &Telling,
    seat: &SeatReport,
    endings: Endings<'_>,
) -> Headline {
    let games = seat.games.max(1);
    let lost = seat.games - seat.wins;
    let share = |n: u64| percent(n as f64 / games as f64);
    let (one, many) = telling.game;
    let noun = |n: u64| deckhand_core::plural::noun(n as i64, one, many);

    // A figure read at a turn (Showdown's Power at turn 5) is the game's measure whatever
    // the endings; the endings then say what a game's end means.
    if let Some(turn) = objective.turn {
        let value = seat
            .by_turn(&objective.key)
            .and_then(|m| m.get(&turn).copied());
        let (count, outcome) = [
            (seat.wins, Outcome::Win),
            (seat.draws, Outcome::Draw),
            (seat.deck_outs, Outcome::DeckOut),
            (seat.losses.unwrap_or(0), Outcome::Loss),
        ]
        .into_iter()
        .max_by_key(|&(count, _)| count)
        .unwrap_or((0, Outcome::Win));
        let who = if count == seat.games {
            format!("every {one}")
        } else {
            format!("{} of {many}", share(count))
        };
        let (word, why) = telling.of(outcome);
        return Headline {
            value: value.map_or_else(|| "—".to_owned(), |v| format!("{v:.1}")),
            label: format!("{}, on average", objective.label),
            detail: format!("{word} in {who}: {why}."),
        };
    }

    let why_lost = || {
        let (count, why, turns) = [
            (seat.deck_outs, telling.deck_out, endings.deck_out),
            (seat.draws, telling.draw, endings.draw),
            (seat.losses.unwrap_or(0), telling.loss, endings.loss),
        ]
        .into_iter()
        .max_by_key(|&(count, ..)| count)
        .unwrap_or_default();
        let around = crate::report::histogram_stats(turns)
            .map(|s| format!(" around turn {}", s.median))
            .unwrap_or_default();
        (count, format!("{why}{around}"))
    };

    match seat.mean_kill_turn {
        // Most games won: how fast is the question.
        Some(mean) if 2 * seat.wins >= seat.games && objective.key == "mean_kill_turn" => {
            let detail = if lost == 0 {
                format!("Won every {one}.")
            } else {
                let (_, why) = why_lost();
                format!(
                    "Won {} of {many}; the others lost: {why}.",
                    share(seat.wins)
                )
            };
            Headline {
                value: format!("{mean:.1}"),
                label: "average kill turn".to_owned(),
                detail,
            }
        }
        // Most games lost, or a game ranked on the chance: how often, and why not.
        _ => {
            let (_, why) = why_lost();
            let detail = match seat.mean_kill_turn {
                None => format!("No {one} won: {why}."),
                Some(_) if 2 * lost > seat.games => format!("Most {many} lost: {why}."),
                Some(mean) => format!(
                    "Won on turn {mean:.1} on average; {} lost: {why}.",
                    deckhand_core::plural::count(lost as i64, one, many)
                ),
            };
            Headline {
                value: share(seat.wins),
                label: format!("of {} won", noun(2)),
                detail,
            }
        }
    }
}

/// How one game ended and why, for the end of its log: "Lost on turn 22: out of HP."
pub fn ending(telling: &Telling, result: GameResult) -> String {
    let (word, why) = telling.of(result.outcome);
    format!("{word} on turn {}: {why}.", result.turn)
}

impl Telling {
    /// The word for `outcome` and why it happens in this game.
    fn of(&self, outcome: Outcome) -> (&'static str, &'static str) {
        match outcome {
            Outcome::Win => ("Won", self.win),
            Outcome::DeckOut => ("Lost", self.deck_out),
            Outcome::Draw => ("A draw", self.draw),
            Outcome::Loss => ("Lost", self.loss),
        }
    }
}

/// A share as a percentage with one decimal: "8.0%", "100.0%".
fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{FigureValue, MEAN_KILL_TURN, WIN_CHANCE};
    use std::borrow::Cow;

    const TELLING: Telling = Telling {
        goldfish: "",
        game: ("game", "games"),
        win: "a Hero deck wins by lasting the 15 turns",
        deck_out: "your deck ran out",
        draw: "a Villain deck cannot win against an opponent who never fights",
        loss: "out of HP",
    };

    /// A seat of 100 games: `wins` of them won (kill turn 6 each), the rest lost as
    /// `hp_losses` says (out of HP at turn 22, else a deck-out at turn 14).
    fn seat(wins: u64, hp_losses: bool) -> (SeatReport, Vec<u64>, Vec<u64>) {
        let games = 100;
        let mut report: SeatReport =
            serde_json::from_str(
            r#"{"games": 0, "wins": 0, "win_chance": 0, "kill_turns": {}, "mean_kill_turn": null,
                "mean_kill_turn_ci95": null, "median_kill_turn": null, "deck_outs": 0, "draws": 0}"#,
        )
        .unwrap();
        report.games = games;
        report.wins = wins;
        report.mean_kill_turn = (wins > 0).then_some(6.0);
        let mut deck_out = vec![0; 30];
        let mut loss = vec![0; 30];
        if hp_losses {
            report.losses = Some(games - wins);
            loss[22] = games - wins;
        } else {
            report.deck_outs = games - wins;
            deck_out[14] = games - wins;
        }
        (report, deck_out, loss)
    }

    #[test]
    fn the_headline_is_the_kill_turn_when_most_games_are_won_else_the_win_rate_and_why() {
        // (objective, wins of 100, losses to HP, value, label, detail)
        let cases: &[(&Objective, u64, bool, &str, &str, &str)] = &[
            (
                &MEAN_KILL_TURN,
                100,
                false,
                "6.0",
                "average kill turn",
                "Won every game.",
            ),
            (
                &MEAN_KILL_TURN,
                90,
                false,
                "6.0",
                "average kill turn",
                "Won 90.0% of games; the others lost: your deck ran out around turn 14.",
            ),
            (
                &MEAN_KILL_TURN,
                10,
                false,
                "10.0%",
                "of games won",
                "Most games lost: your deck ran out around turn 14.",
            ),
            (
                &WIN_CHANCE,
                8,
                true,
                "8.0%",
                "of games won",
                "Most games lost: out of HP around turn 22.",
            ),
            (
                &WIN_CHANCE,
                60,
                true,
                "60.0%",
                "of games won",
                "Won on turn 6.0 on average; 40 games lost: out of HP around turn 22.",
            ),
            (
                &WIN_CHANCE,
                0,
                true,
                "0.0%",
                "of games won",
                "No game won: out of HP around turn 22.",
            ),
        ];
        for &(objective, wins, hp, value, label, detail) in cases {
            let (report, deck_out, loss) = seat(wins, hp);
            let endings = Endings {
                deck_out: &deck_out,
                draw: &[],
                loss: &loss,
            };
            let got = headline(objective, &TELLING, &report, endings);
            let want = Headline {
                value: value.into(),
                label: label.into(),
                detail: detail.into(),
            };
            assert_eq!(got, want, "{} with {wins} wins", objective.label);
        }
    }

    #[test]
    fn a_figure_read_at_a_turn_leads_and_the_detail_says_what_every_ending_means() {
        let objective = Objective {
            key: Cow::Borrowed("power_by_turn"),
            label: Cow::Borrowed("Power on the Table at turn 5"),
            better: crate::report::Better::Higher,
            turn: Some(5),
            said: Cow::Borrowed("your Power on the Table at turn 5"),
            unit: crate::report::ObjectiveUnit::Amount,
        };
        let (mut report, ..) = seat(0, false);
        report.deck_outs = 0;
        report.draws = 100;
        report.figures.insert(
            "power_by_turn",
            FigureValue::ByTurn([(4, 9.0), (5, 14.25)].into_iter().collect()),
        );
        let endings = Endings {
            deck_out: &[],
            draw: &[],
            loss: &[],
        };
        let got = headline(&objective, &TELLING, &report, endings);
        assert_eq!(got.value, "14.2");
        assert_eq!(got.label, "Power on the Table at turn 5, on average");
        assert_eq!(
            got.detail,
            "A draw in every game: a Villain deck cannot win against an opponent who never fights."
        );
        report.draws = 30;
        report.wins = 70;
        let got = headline(&objective, &TELLING, &report, endings);
        assert_eq!(
            got.detail,
            "Won in 70.0% of games: a Hero deck wins by lasting the 15 turns."
        );
    }

    #[test]
    fn a_logged_game_ends_with_its_outcome_its_turn_and_why() {
        for (outcome, turn, expected) in [
            (Outcome::Win, 15, "Won on turn 15: a Hero deck wins by lasting the 15 turns."),
            (Outcome::DeckOut, 14, "Lost on turn 14: your deck ran out."),
            (Outcome::Loss, 22, "Lost on turn 22: out of HP."),
            (
                Outcome::Draw,
                15,
                "A draw on turn 15: a Villain deck cannot win against an opponent who never fights.",
            ),
        ] {
            assert_eq!(ending(&TELLING, GameResult { outcome, turn }), expected);
        }
    }
}
