"""The stacking study (docs/lab/stacking.md) measures chains as the published table defines them."""

from unokit.lab.stacking_study import main, play_one, study


def test_stacking_study_no_chains_without_stacking_and_chains_with_P4():
    r = study(hands=40, players=(2,), rules=("UNO 1121", "UNO 1121 P4"), progress=False)
    base, p4 = r["results"]
    assert base["chain2"] == 0 and base["longest"] == 0
    assert p4["chain2"] > 0.2 and p4["chain_mean"] >= 2


def test_stacking_study_hesitant_agent_stacks_less_often():
    kw = dict(hands=60, players=(4,), rules=("UNO 1121 P4",), progress=False)
    always = study(agent="always", **kw)["results"][0]
    hesitant = study(agent="hesitant", **kw)["results"][0]
    assert hesitant["chain2"] < always["chain2"]


def test_stacking_study_one_hand_counts_a_chain_of_stacked_cards():
    chains = [c for s in range(30) for c in play_one("UNO 1121 P1", 2, s)["chains"]]
    assert chains and max(chains) >= 2 and min(chains) >= 1


def test_stacking_study_cli_rejects_bad_counts(capsys):
    assert main(["--hands", "0"]) == 2
    assert "at least one hand" in capsys.readouterr().err


def test_stacking_study_in_processes_gives_the_same_numbers():
    kw = dict(hands=15, players=(2, 4), rules=("UNO 1121", "UNO 1121 P4"), progress=False, seed=3)
    assert study(jobs=2, **kw) == study(jobs=1, **kw)
