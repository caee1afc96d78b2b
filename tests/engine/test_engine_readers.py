"""Bad input to the readers of text (README: the engine's command line; CONTRACT.md): each
class of it is one line naming where (stdin, the option, the field) and what, exit status 2,
nothing on standard output, never a traceback; and arbitrary text into a reader raises
nothing but its documented error."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_cli import ROOT, run

from engine.game.reading import cut, quoted
from engine.notation.code import CodeError, parse, parse_rules
from engine.notation.sheet import SheetError, parse_sheet
from engine.teaching.scenario import ScenarioError, loads

#: A position to move from, every hand shown (Block, two players).
POSITION = "b2/1233.4456/-/*20/0"
#: A scenario whose text is fine.
SCENARIO = """\
id = "stdin"
rules = "block"

[start]
hands = [["1-2", "3-3"], ["4-4", "5-6"]]
"""

# The three commands that read a game the same way, each with the options it needs.
COMMANDS = (("replay",), ("solve", "--seconds", "1"), ("appraise", "--seconds", "0.2"))


def examples(count: int) -> settings:
    return settings(max_examples=count, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


class Bytes(io.TextIOWrapper):
    """Standard input as a process has it: text over bytes, decoded strictly."""

    def __init__(self, data: bytes) -> None:
        super().__init__(io.BytesIO(data), encoding="utf-8", errors="strict")


def one_line(args: tuple[str, ...], monkeypatch: pytest.MonkeyPatch | None = None,
             stdin: object = None) -> str:
    """The one error line of a command that refuses its input."""
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", stdin)
    result = run(*args)
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def process(args: tuple[str, ...], data: bytes | None, *,
            strict: bool = False) -> subprocess.CompletedProcess[bytes]:
    """The real command line, standard input holding ``data`` (None: closed)."""
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    if strict:  # a machine whose locale decodes standard input strictly
        env["PYTHONIOENCODING"] = "utf-8:strict"
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, input=data,
                          stdin=subprocess.DEVNULL if data is None else None,
                          preexec_fn=_close_stdin if data is None else None,
                          capture_output=True, timeout=120, check=False, env=env)


def _close_stdin() -> None:
    os.close(0)


def assert_one_line(result: subprocess.CompletedProcess[bytes], start: str) -> str:
    assert result.returncode == 2, result
    assert result.stdout == b""
    err = result.stderr.decode("utf-8")
    lines = [x for x in err.splitlines() if "RuntimeWarning" not in x]  # a stale build
    assert len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith(start), lines[0]
    return lines[0]


# -- 1. standard input closed, or not there ---------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
def test_standard_input_closed_is_named(command: tuple[str, ...],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    line = one_line((*command, "-"), monkeypatch, None)
    assert line == "stdin: standard input is closed: give a scenario or a code on it"


def test_standard_input_closed_on_the_real_command_line() -> None:
    line = assert_one_line(process(("replay", "-"), None), "stdin: ")
    assert "closed" in line


@pytest.mark.parametrize("text", ["", "\n", "   \n\t\n"])
def test_empty_standard_input_is_named(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    line = one_line(("replay", "-"), monkeypatch, Bytes(text.encode()))
    assert line == "stdin: empty: give a scenario or a code on standard input"


def test_standard_input_that_cannot_be_read(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = Bytes(b"")
    stream.close()
    line = one_line(("replay", "-"), monkeypatch, stream)
    assert line.startswith("stdin: cannot be read: ")


# -- 2 and 3. bytes that are not UTF-8: refused alike in a file and on standard input ---------


@pytest.mark.parametrize("data", [b"b2/12.34/-/*20/\xff", SCENARIO.encode() + b"#\xff\xfe\n",
                                  b"\xc3", b"id = \"\xed\xa0\x80\"\n"])
def test_bytes_that_are_not_utf8_are_refused_on_standard_input_as_in_a_file(
        data: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from_stdin = one_line(("replay", "-"), monkeypatch, Bytes(data))
    path = tmp_path / "stdin.toml"
    path.write_bytes(data)
    from_file = one_line(("replay", str(path)))
    assert from_stdin.startswith("stdin: not UTF-8 text: byte 0x")
    assert from_file.startswith("stdin.toml: not UTF-8 text: byte 0x")
    assert from_stdin.removeprefix("stdin") == from_file.removeprefix("stdin.toml")
    assert "codec" not in from_stdin


def test_the_byte_that_is_not_utf8_is_named_with_its_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    line = one_line(("replay", "-"), monkeypatch, Bytes(SCENARIO.encode() + b"# \xff\n"))
    assert line == ("stdin: not UTF-8 text: byte 0xff (line 6, byte "
                    f"{len(SCENARIO) + 3}) cannot be read; save it as UTF-8")


@pytest.mark.parametrize("strict", [False, True])
def test_bytes_that_are_not_utf8_on_the_real_command_line(strict: bool) -> None:
    """Whatever the locale does with standard input (Python's UTF-8 mode lets such bytes
    through as escapes; a strict locale fails in Python's words), the engine reads the bytes
    itself and names them."""
    for data in (b"b2/12.34/-/*20/\xff\n", SCENARIO.encode() + b"# \xff\n"):
        line = assert_one_line(process(("replay", "-"), data, strict=strict), "stdin: ")
        assert line.startswith("stdin: not UTF-8 text: byte 0xff"), line


def test_a_byte_order_mark_is_refused_on_standard_input_as_in_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = "\ufeff".encode() + SCENARIO.encode()
    path = tmp_path / "stdin.toml"
    path.write_bytes(data)
    assert one_line(("replay", "-"), monkeypatch, Bytes(data)).removeprefix("stdin") == \
        one_line(("replay", str(path))).removeprefix("stdin.toml")


# -- 4. codes are ASCII only ----------------------------------------------------------------


@pytest.mark.parametrize(("code", "field", "at", "char"), [
    ("b2/1233.4456/-/*20/\u0660", "turn", 19, "\u0660"),          # Arabic-Indic 0 as a seat
    ("b\u0663/1233.4456/-/*20/0", "rules", 1, "\u0663"),           # Arabic-Indic 3 players
    ("b2/1233.4456/-/*20/0p\uff11", "turn", 21, "\uff11"),          # full-width 1 passes
    ("b\u00b2/1233.4456/-/*20/0", "rules", 1, "\u00b2"),           # superscript 2
    ("b2/1233.4456/-/*2\u00b2/0", "stock", 17, "\u00b2"),
    ("b2/1233.4456/-/*\u06f2\u06f0/0", "stock", 16, "\u06f2"),    # Persian digits
    ("b2/1233.4456/-/*20/0/n\u0663.-", "lacks", 22, "\u0663"),
    ("b2/12\u0663\u0663.4456/-/*20/0", "hands", 5, "\u0663"),
    ("b2/1233.4456/-/*20/0/mL\uff13\uff14", "moves", 23, "\uff13"),
    ("g4x\u0667/11.22.33.44/-/*20/0", "rules", 3, "\u0667"),
    ("b2/1233.4456/\u00e9/*20/0", "line", 13, "\u00e9"),
    ("\ufeffb2/1233.4456/-/*20/0", "rules", 0, "\ufeff"),
])
def test_a_character_that_is_not_ascii_is_refused_where_it_stands(
        code: str, field: str, at: int, char: str) -> None:
    with pytest.raises(CodeError) as e:
        parse(code)
    assert (e.value.field, e.value.offset, e.value.reason) == (field, at, "not_ascii")
    assert e.value.params == {"char": char}
    for option in ("--position", "--round"):
        line = one_line(("replay", option, code))
        assert line.startswith(f"{option[2:]}: {field}, character {at + 1}: {char!r} is not "
                               "part of a code"), line
        assert "invalid literal" not in line


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_refuses_a_digit_of_another_script(
        command: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    code = "b2/1233.4456/-/*20/\u0660"
    assert one_line((*command, "--position", code)).startswith("position: turn, character 20")
    assert one_line((*command, "-"), monkeypatch, Bytes(code.encode())).startswith(
        "stdin: turn, character 20: '\u0660' is not part of a code")


def test_the_rules_field_alone_is_ascii_only() -> None:
    with pytest.raises(CodeError) as e:
        parse_rules("b\u0663")
    assert e.value.offset == 1 and "'\u0663'" in e.value.message


# -- 5. what an error quotes is cut short ----------------------------------------------------


def test_quoting_cuts_long_text() -> None:
    assert quoted("abc") == "'abc'"
    assert quoted("x" * 100) == "'" + "x" * 32 + "…'"
    assert quoted(list(range(100))).endswith("…") and len(quoted(list(range(100)))) == 33
    assert cut("y" * 40) == "y" * 32 + "…" and cut("short") == "short"


@pytest.mark.parametrize("code", [
    "b2/1233.4456/-/*" + "9" * 1_000_000 + "/0",
    "b2/1233.4456/-/*20/0x" + "y" * 1_000_000,
    "b" + "2" * 1_000_000 + "/1233.4456/-/*20/0",
    "q" * 1_000_000 + "/1233.4456/-/*20/0",
    "b2/1233.4456/-/*20/0/n" + "-" * 1_000_000,
])
def test_a_very_long_token_is_not_echoed_whole(code: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    line = one_line(("replay", "-"), monkeypatch, Bytes(code.encode()))
    assert line.startswith("stdin: ") and len(line) < 300, line[:400]


@pytest.mark.parametrize("text", [
    SCENARIO.replace("[start]", "[start]\n" + "k" * 100_000 + " = 1"),
    SCENARIO.replace('"block"', '"' + "b" * 100_000 + '"'),
    SCENARIO + "[options]\nplayers = \"" + "p" * 100_000 + "\"\n",
    SCENARIO + "[[moves]]\nplay = \"" + "1" * 100_000 + "\"\n",
    SCENARIO + "[[moves]]\nplay = \"1-2\"\nend = \"" + "e" * 100_000 + "\"\n",
    SCENARIO.replace('"1-2"', '"' + "1" * 100_000 + '"'),
    SCENARIO.replace('"1-2"', "[" + "1," * 50_000 + "1]"),
])
def test_a_scenario_quotes_a_long_value_cut_short(text: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    line = one_line(("replay", "-"), monkeypatch, Bytes(text.encode()))
    assert line.startswith("stdin: ") and len(line) < 300, line[:400]


def test_a_long_number_option_is_cut_short() -> None:
    result = run("solve", "--position", POSITION, "--seconds", "x" * 100_000)
    assert result.returncode == 2 and len(result.stderr) < 300


# -- 6. what a seat is known to lack agrees with its hand --------------------------------------


@pytest.mark.parametrize(("code", "seat", "value", "at"), [
    ("b2/23.*5/-/*20/0/n3.-", 0, 3, 18),       # the case: a seat's view
    ("b2/1233.4456/-/*20/0/n-.56", 1, 5, 24),   # every hand shown
    ("b2/1233.4456/-/*20/0/n14.-", 0, 1, 22),
])
def test_a_seat_said_to_lack_a_value_it_holds_is_refused(code: str, seat: int, value: int,
                                                         at: int) -> None:
    with pytest.raises(CodeError) as e:
        parse(code)
    assert e.value.reason == "lacks_held" and e.value.field == "lacks"
    assert e.value.params["seat"] == seat and e.value.params["value"] == value
    assert e.value.offset == at
    line = one_line(("appraise", "--position", code))
    assert line.startswith(f"position: lacks, character {at + 1}: seat {seat} is said to lack "
                           f"{value}, but holds "), line


def test_what_the_engine_writes_of_what_a_seat_lacks_is_read_back() -> None:
    from engine.notation.code import Position
    moves = '[[moves]]\nplay = "1-2"\n[[moves]]\npass = true\n'
    state = loads(SCENARIO + moves, "x").replay()
    for seat in (None, 0, 1):
        position = Position.from_state(state, seat)
        assert position.lacks[1] == {1, 2}
        assert parse(position.text()) == position


# -- 7. arbitrary text: nothing but the documented error ------------------------------------


TEXT = st.text(st.characters(codec="utf-8"), max_size=60) | st.text(
    st.sampled_from("0123456bgdxpznm/.*-LRo_\u0663\uff11\u00b2 "), max_size=60)


@examples(600)
@given(TEXT)
def test_arbitrary_text_into_the_code_reader_raises_only_a_code_error(text: str) -> None:
    try:
        parse(text)
    except CodeError as e:
        assert 0 <= e.offset <= len(text)
        assert len(str(e)) < 400
        assert e.reason != "syntax" or "what" in e.params, e  # says what is wrong there


@examples(400)
@given(TEXT.map(lambda s: "b2/" + s) | TEXT.map(lambda s: "g4x6/s-/r5/" + s) | TEXT)
def test_arbitrary_text_into_the_sheet_reader_raises_only_a_sheet_error(text: str) -> None:
    try:
        parse_sheet(text)
    except SheetError as e:
        assert len(str(e)) < 400


@examples(300)
@given(st.binary(max_size=40).map(lambda b: SCENARIO.encode() + b) | st.binary(max_size=40)
       | TEXT.map(str.encode))
def test_arbitrary_bytes_on_standard_input_are_one_line(data: bytes) -> None:
    mp = pytest.MonkeyPatch()
    try:
        mp.setattr("sys.stdin", Bytes(data))
        result = run("code", "-")
    finally:
        mp.undo()
    assert result.returncode in (0, 2)
    if result.returncode == 2:
        assert result.stdout == "" and len(result.stderr.splitlines()) == 1
        assert result.stderr.startswith("stdin: ")


@examples(200)
@given(st.text(max_size=80))
def test_arbitrary_text_into_the_scenario_reader_raises_only_a_scenario_error(
        text: str) -> None:
    try:
        loads(SCENARIO + text, "x")
    except ScenarioError:
        pass


@pytest.mark.parametrize(("code", "at"), [
    ("b2/s0/t100/o\u0661.3456.-", 12),      # an Arabic-Indic 1 as the seat that went out
    ("b2/s\u0660/t100", 4),
    ("b2/s0/t\uff11\uff10\uff10", 7),
    ("b2/s0/t100/o\u00b9.3456.-", 12),      # a superscript 1: was Python's int() error
    ("b2/s0/t100/b.t\u0663.t4", 14),
    ("b\u0662/s0/t100", 1),
])
def test_the_sheet_code_is_ascii_only(code: str, at: int) -> None:
    with pytest.raises(SheetError) as e:
        parse_sheet(code)
    assert e.value.code == "syntax" and e.value.params["at"] == at
    assert "is not part of a sheet code" in str(e.value)


def test_a_sheet_code_quotes_a_long_token_cut_short() -> None:
    for code in ("b2/s0/t" + "1" * 100_000, "b2/s0/t100/" + "o" * 100_000,
                 "b2/" + "s" * 100_000 + "/t100", "b2/s0/t100/b.t" + "9" * 100_000 + ".t1"):
        with pytest.raises(SheetError) as e:
            parse_sheet(code)
        assert len(str(e.value)) < 300


# -- the rest of each class: the other readers of text -----------------------------------


@pytest.mark.parametrize("value", ["\u00b2", "\u0663", "\uff14", "4" * 5000])
def test_an_option_read_from_text_is_ascii_digits(value: str) -> None:
    """The address's and the command line's options (``players=…``): a digit of another
    script is no number here either (a superscript was Python's own int() error)."""
    from engine.game.rules import RulesError, ruleset_from_options
    with pytest.raises(RulesError) as e:
        ruleset_from_options({"rules": "block", "players": value})
    assert "must be a whole number" in str(e.value) and len(str(e.value)) < 200


def test_bench_refuses_an_option_of_another_script_in_one_line() -> None:
    result = run("bench", "--rules", "block", "--players", "\u00b2", "--games", "1")
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_a_lesson_that_is_not_utf8_is_one_problem_named(tmp_path: Path) -> None:
    from engine.teaching.lessons import check_paths
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "bad.toml").write_bytes(b'id = "bad"\n# \xff\n')
    problems, _ = check_paths([str(tmp_path)])
    assert any(p.startswith("bad.toml: not UTF-8 text: byte 0xff (line 2") for p in problems), \
        problems


@pytest.mark.parametrize("args", [
    ("replay", "x.toml", "--lang", "z" * 100_000),
    ("replay", "--position", POSITION, "--lang", "a\nb"),
    ("solve", "--position", POSITION, "--seconds", "1\n2"),
    ("appraise", "--position", POSITION, "--seat", "\u0661" * 1000),
    ("replay", "y" * 100_000 + ".toml"),
])
def test_an_option_or_file_name_typed_is_quoted_on_one_short_line(args: tuple[str, ...]
                                                                  ) -> None:
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and len(result.stderr) < 400, \
        result.stderr[:500]


def test_a_scenario_key_with_a_line_break_is_named_on_one_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = SCENARIO.replace("[start]", '[start]\n"a\\nb" = 1')
    line = one_line(("replay", "-"), monkeypatch, Bytes(text.encode()))
    assert line == "stdin: start.a\\nb: unknown key"


@pytest.mark.parametrize(("option", "value"), [("--seat", "\u0660"), ("--seed", "1_0"),
                                               ("--seed", "\uff11"), ("--seat", "\u00b2")])
def test_a_number_option_is_ascii_digits(option: str, value: str) -> None:
    """As a code's fields: int() would read an Arabic-Indic 0 as seat 0, "1_0" as 10."""
    result = run("appraise", "--position", POSITION, option, value)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"python -m engine appraise: argument {option}: {value!r} is not " \
        "a whole number\n"
