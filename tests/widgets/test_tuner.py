"""The tuner widget, headless: pick a range and a target, press Run, the bar and chart fill, the answer is the
result's own sentence; refusals land in the status line; closing gives back every widget."""

from __future__ import annotations

import html

from playbook.widgets.tuner import TunerView, parameter_options, target_kinds

from .conftest import build_and_close, open_models


def test_the_planet_tuner_offers_medal_tracks_and_corporation_targets() -> None:
    view = TunerView()
    names = [name for _, name in view.parameter.options]
    assert "track_edits.makeshift.civ" in names and "track_edits.standard.civ" in names
    assert view.parameter.value == "track_edits.makeshift.civ"  # the chosen corporation's first medal track
    assert ("Makeshift: every medal on the civ track moved by", "track_edits.makeshift.civ") in parameter_options(
        view.game
    )
    assert target_kinds(view.game)[:2] == ["corporation score margin", "corporation win rate"]
    assert view.target.value == "corporation score margin" and view.value.value == 0.0
    assert view.corporation.value == "makeshift" and view.agent_picker.layout.display == "none"
    view.parameter.value = "track_edits.makeshift.civ"
    assert (view.low.value, view.high.value) == (-2.0, 4.0)
    view.close()


def test_pressing_run_fills_the_chart_and_answers_in_the_results_words() -> None:
    before = open_models()
    view = TunerView(parameter="track_edits.makeshift.civ", target="corporation score margin", trials=3, games=3)
    view.low.value, view.high.value = -1.0, 3.0
    seen: list[int] = []
    view.progress.observe(lambda change: seen.append(change["new"]), names="value")
    view.run_button.click()
    result = view.result
    assert result is not None
    assert seen[-1] == len(result.trials) and len(seen) >= len(result.trials)  # the bar moved trial by trial
    drawn = view.chart.spec["data"][0]
    assert drawn["y"] == result.trials.dropna(subset=["value"])["value"].tolist()
    assert html.escape(result.sentence()) in view.answer.value
    assert ("reached within ±2.0" in result.sentence()) == result.reached
    assert "Done: " in view.status.text
    view.close()
    assert open_models() == before  # a tuner that ran gives back its widgets too


def test_a_parts_unknown_tuner_plays_the_picked_agents_for_a_game_length() -> None:
    view = TunerView("parts_unknown", trials=2, games=3)
    assert view.target.value == "game length" and "money supply" in view.target.options
    assert view.corporation.layout.display == "none" and view.agent_picker.layout.display is None
    view.parameter.value = "calendar_length"
    view.low.value, view.high.value = 8.0, 14.0
    view.value.value = 30.0
    result = view.run()
    assert result is not None and list(result.trials.columns)[:2] == ["trial", "calendar_length"]
    assert html.escape(result.sentence()) in view.answer.value
    view.close()


def test_a_refused_range_is_shown_in_the_status_line_not_raised() -> None:
    view = TunerView("parts_unknown", trials=1, games=2)
    view.parameter.value = "calendar_length"
    view.low.value, view.high.value = 5.0, 5.0
    assert view.run() is None
    assert html.escape("parameters['calendar_length']: low (5) must be below high (5)") in view.status.text
    view.close()


def test_closing_the_tuner_gives_back_every_model_and_the_view() -> None:
    before = open_models()
    refs = build_and_close(lambda: TunerView("parts_unknown"), 2) + build_and_close(TunerView, 2)
    assert open_models() == before
    assert not [ref for ref in refs if ref() is not None]
