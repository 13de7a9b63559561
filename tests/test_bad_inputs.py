"""Every bad input ends in one line (issue 29): each command of ``blackjack-spec --help`` given
a bad argument, path, number or environment exits with status 2 and exactly one line on
standard error, naming what is wrong; no traceback, and nothing written.

The table (:data:`BAD`) runs in-process, through the command line's ``main``, in a folder of
its own holding a file, an empty file, a binary file, an empty folder, a folder of someone's
notes and a dump whose index is damaged (:func:`workspace`; arguments name them relatively);
``new-regulation`` writes into a stand-in for the checkout there. What needs a process of its
own runs as one: a reader that closes the pipe, Ray, and a few rows of the table again, to
show the in-process run is what a user sees."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import spec_engine.__main__ as cli
from spec_engine.catalog import DATA, REGULATION_IDS

REQUIRED = os.environ.get("BLACKJACK_SPEC_EXTRAS") == "required"
"""make test sets it: the optional extras are installed and their tests must run, not skip."""
CHANGED = '{"CL": {"decks": 1}}'
UNPLAYABLE = '{"CL": {"double_on_blackjack": true}}'


def closed_port() -> int:
    """A port on 127.0.0.1 nobody listens on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Bad:
    """A bad input: the command line, the environment it runs in, and what its one line says."""

    argv: tuple[str, ...]
    says: str
    env: dict[str, str | None] = field(default_factory=dict)
    """Variables set (None: unset) for the run."""
    hidden: tuple[str, ...] = ()
    """Modules made impossible to import (an environment without that extra)."""
    notes: int = 0
    """Lines starting ``note:`` besides the error (the overrides that apply, said as they load)."""


def bad(*argv: str, says: str, **options: object) -> object:
    case = Bad(tuple(argv), says, **options)  # type: ignore[arg-type]
    shown = " ".join(argv) or "(nothing)"
    extra = "".join(f" {k}={v}" for k, v in case.env.items()) + "".join(f" without {m}" for m in case.hidden)
    return pytest.param(case, id=f"{shown}{extra}")


def each(*commands: tuple[str, ...], says: str, **options: object) -> list[object]:
    """The same bad input to each of ``commands``."""
    return [bad(*argv, says=says, **options) for argv in commands]


OVERRIDES = "BLACKJACK_SPEC_OVERRIDES"
SIM = ("simulate", "CL", "--rounds", "10", "--strategy", "simple")
PLAY = ("play", "CL", "--seed", "1")
REPLAY = ("vectors", "--check", "damaged")
FIGURING = (("odds", "CL"), ("strategy", "CL"), ("cost", "CL", "ES"), SIM)
"""Commands that compute figures (the analysis extra)."""
READING = (("rules", "CL"), ("check",), PLAY, FIGURING[0], FIGURING[2], SIM)
"""Commands that read the overrides."""

BAD = [
    # the command line itself
    bad(says="the following arguments are required: COMMAND"),
    bad("bogus", says="invalid choice: 'bogus'"),
    bad("regulations", "extra", says="unrecognized arguments: extra"),
    bad("check", "--foo", says="unrecognized arguments: --foo"),
    bad("changelog", "extra", says="unrecognized arguments: extra"),
    # a regulation missing or unknown
    bad("rules", says="the following arguments are required: regulation"),
    bad("rules", "XX", says=f"unknown regulation 'XX'; known: {', '.join(REGULATION_IDS)}"),
    bad("clauses", "XX", says="unknown regulation 'XX'"),
    bad("play", "XX", "--seed", "1", says="unknown regulation 'XX'"),
    bad("odds", "XX", says="unknown regulation 'XX'"),
    bad("strategy", "XX", says="unknown regulation 'XX'"),
    bad("cost", "XX", says="unknown regulation 'XX'"),
    bad("cost", "CL", "XX", says="unknown regulation 'XX'"),
    bad("simulate", "XX", "--rounds", "10", says="unknown regulation 'XX'"),
    # numbers
    bad("play", "CL", says="the following arguments are required: --seed"),
    bad("play", "CL", "--seed", "x", says="argument --seed: invalid int value: 'x'"),
    bad("play", "CL", "--seed", "1", "--boxes", "x", says="argument --boxes: invalid int value: 'x'"),
    bad("play", "CL", "--seed", "1", "--boxes", "0", says="--boxes 0: CL's table has boxes 1 to 6"),
    bad("play", "CL", "--seed", "1", "--boxes", "7", says="--boxes 7: CL's table has boxes 1 to 6"),
    bad("play", "CL", "--seed", "1", "--boxes", "-2", says="--boxes -2: CL's table has boxes 1 to 6"),
    bad("simulate", "CL", says="one of the arguments --rounds --shoes is required"),
    bad("simulate", "CL", "--rounds", "0", says="argument --rounds: 0: at least 1"),
    bad("simulate", "CL", "--rounds", "-5", says="argument --rounds: -5: at least 1"),
    bad("simulate", "CL", "--rounds", "x", says="argument --rounds: 'x' is not a whole number"),
    bad(*SIM, "--workers", "0", says="argument --workers: 0: at least 1"),
    bad(*SIM, "--workers", "two", says="argument --workers: 'two' is not a whole number"),
    bad(*SIM, "--seed", "x", says="argument --seed: invalid int value: 'x'"),
    bad("simulate", "CL", "--rounds", "10", "--strategy", "best", says="argument --strategy: invalid choice: 'best'"),
    # cost's changes
    bad("cost", "CL", says="give a second rulebook or --set RULE=VALUE: nothing differs from itself"),
    bad("cost", "CL", "--set", "decks", says="--set: expected RULE=VALUE, not 'decks'"),
    bad("cost", "CL", "--set", "nope=1", says="--set: unknown rule 'nope'"),
    bad("cost", "CL", "--set", "decks=0", says="--set [decks]: value 0 is not a whole number >= 1"),
    bad("cost", "CL", "--set", "decks=x", says="--set [decks]: value 'x' is not a whole number >= 1"),
    bad("cost", "CL", "--set", "decks=1", "--set", "decks=4", says="--set: decks is set twice; set each rule once"),
    # BLACKJACK_SPEC_OVERRIDES
    *each(*READING, says="BLACKJACK_SPEC_OVERRIDES: not valid JSON", env={OVERRIDES: "{bad"}),
    bad("rules", "CL", says="expected a JSON object", env={OVERRIDES: "[]"}),
    bad("check", says="unknown regulation 'XX'", env={OVERRIDES: '{"XX": {}}'}),
    bad(*PLAY, says="the changes for CL must be an object of rule values", env={OVERRIDES: '{"CL": 3}'}),
    bad("strategy", "CL", says="[CL]: unknown rule 'nope'", env={OVERRIDES: '{"CL": {"nope": 3}}'}),
    *each(*READING, says="[decks]: value 0 is not a whole number >= 1", env={OVERRIDES: '{"CL": {"decks": 0}}'}),
    *each(*FIGURING, says="double_on_blackjack = True: the engine cannot play", env={OVERRIDES: UNPLAYABLE}, notes=1),
    bad("clauses", "XX", says="unknown regulation 'XX'", env={OVERRIDES: CHANGED}),  # (no note)
    # the odds cache
    *each(
        *FIGURING[:3],
        says="BLACKJACK_SPEC_CACHE: cannot keep the figures in file.txt/odds (Not a directory)",
        env={"BLACKJACK_SPEC_CACHE": "file.txt"},
    ),
    bad(
        "odds",
        "IT",
        "--no-cache",
        says="XDG_CACHE_HOME: cannot keep the figures in file.txt/blackjack-spec/odds",
        env={"BLACKJACK_SPEC_CACHE": None, "XDG_CACHE_HOME": "file.txt"},
    ),
    # simulate --out
    bad(*SIM, "--out", "", says="--out: the file's name is empty"),
    bad(*SIM, "--out", "missing/run.jsonl", says="--out missing/run.jsonl: the folder missing does not exist"),
    bad(*SIM, "--out", "file.txt/run.jsonl", says="--out file.txt/run.jsonl: the folder file.txt does not exist"),
    bad(*SIM, "--out", "empty", says="--out empty: cannot write it (Is a directory)"),
    bad(*SIM, "--out", "file.txt", says="--out file.txt: line 1 is not a finished chunk of a simulation"),
    bad(*SIM, "--out", "list.json", says="--out list.json: line 1 is not a finished chunk of a simulation"),
    bad(*SIM, "--out", "binary.bin", says="--out binary.bin: cannot be read as a results file ('utf-8' codec"),
    # simulate --ray
    bad(*SIM, "--ray", "local", says="--ray local: the Ray runner needs the ray extra", hidden=("ray",)),
    bad(*SIM, "--ray", "", says="--ray : not HOST:PORT, ray://HOST:PORT, auto or local"),
    bad(*SIM, "--ray", "nowhere", says="--ray nowhere: not HOST:PORT, ray://HOST:PORT, auto or local"),
    bad(*SIM, "--ray", ":6379", says="--ray :6379: not HOST:PORT"),
    bad(*SIM, "--ray", "head:port", says="--ray head:port: not HOST:PORT"),
    bad(*SIM, "--ray", "127.0.0.1:{closed}", says="cannot reach the Ray cluster: Connection refused"),
    bad(*SIM, "--ray", "ray://127.0.0.1:{closed}", says="cannot reach the Ray cluster: Connection refused"),
    # without the analysis extra
    *each(*FIGURING, says="the odds need the analysis extra (numpy)", hidden=("spec_engine.analysis",)),
    # new-regulation
    bad("new-regulation", says="the following arguments are required: id, --text"),
    bad("new-regulation", "CL", "--text", "file.txt", says="id: CL is already a regulation"),
    bad("new-regulation", "xy", "--text", "file.txt", says="id: 'xy': an id is two capital letters"),
    bad("new-regulation", "XY", "--text", "missing.txt", says="--text: cannot read missing.txt (No such file or"),
    bad("new-regulation", "XY", "--text", "empty", says="--text: cannot read empty (Is a directory)"),
    bad("new-regulation", "XY", "--text", "binary.bin", says="--text: cannot read binary.bin ('utf-8' codec"),
    bad("new-regulation", "XY", "--text", "empty.txt", says="--text: empty.txt is empty: there is no text to give"),
    bad(
        "new-regulation", "XY", "--text", "file.txt", "--language", "english", says="--language: 'english': a language"
    ),
    # verify (a folder that is no report is a lab's matter: a later issue)
    bad("verify", says="the following arguments are required: folder"),
    # vectors: writing them
    bad("vectors", says="the following arguments are required: out"),
    bad("vectors", "file.txt", says="file.txt is a file, not a folder"),
    bad("vectors", "file.txt/sub", says="file.txt/sub: file.txt is a file, not a folder"),
    bad("vectors", "notes", says="notes is not empty and holds no earlier dump (no vectors.schema.json)"),
    bad("vectors", "empty", "--impl", "true", says="--impl replays vectors: it goes with --check"),
    bad("vectors", "empty", "--regulation", "CL", says="--regulation replays vectors: it goes with --check"),
    bad("vectors", "empty", "--timeout", "3", says="--timeout replays vectors: it goes with --check"),
    # vectors: replaying them
    bad("vectors", "--check", "missing", says="missing: no such folder"),
    bad("vectors", "--check", "file.txt", says="file.txt is a file, not a folder of vectors"),
    bad("vectors", "--check", "empty", says="empty holds no vectors (no index.json)"),
    bad(*REPLAY, says="damaged: its vectors cannot be read (JSONDecodeError"),
    bad(*REPLAY, "--regulation", "xx", says="argument --regulation: invalid choice: 'XX'"),
    *(
        bad(
            *REPLAY,
            "--impl",
            "true",
            "--timeout",
            seconds,
            says=f"expected a positive number of seconds, not '{seconds}'",
        )
        for seconds in ("-1", "0", "nan", "inf", "x")
    ),
    bad(*REPLAY, "--timeout", "3", says="--timeout is the time an implementation has (--impl)"),
    bad(*REPLAY, "--impl", "", says="--impl: the implementation's command line is empty"),
    bad(*REPLAY, "--impl", "'open", says="--impl: No closing quotation"),
    bad(*REPLAY, "--impl", "no-such-program", says="--impl: no such program 'no-such-program'"),
    # conform's refusals of the command line (its other bad inputs are a later issue's)
    bad("conform", says="the following arguments are required: --impl"),
    bad("conform", "--impl", "", says="--impl: the implementation's command line is empty"),
    bad("conform", "--impl", "no-such-program", says="--impl: no such program 'no-such-program'"),
    bad("conform", "--impl", "true", "--jobs", "0", says="argument --jobs: expected a whole number, at least 1"),
    bad("conform", "--impl", "true", "--regulation", "xx", says="argument --regulation: invalid choice: 'XX'"),
    bad("conform", "--impl", "true", "--out", "file.txt", says="--out: file.txt exists and is not a folder"),
]


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The folder the table's commands run in, with what their arguments name; the checkout
    ``new-regulation`` writes into is a stand-in there (its one list of regulations only)."""
    (tmp_path / "file.txt").write_text("hello\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    (tmp_path / "binary.bin").write_bytes(b"\xff\xfe\x00")
    (tmp_path / "list.json").write_text("[1, 2]\n", encoding="utf-8")
    (tmp_path / "empty").mkdir()
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "mine.txt").write_text("mine\n", encoding="utf-8")
    (tmp_path / "damaged").mkdir()
    (tmp_path / "damaged" / "index.json").write_text("{", encoding="utf-8")
    checkout = tmp_path / "checkout"
    (checkout / "spec_engine" / "data").mkdir(parents=True)
    shutil.copy(DATA / "regulations.toml", checkout / "spec_engine" / "data" / "regulations.toml")
    monkeypatch.setattr(cli, "project_root", lambda: checkout)
    monkeypatch.setattr(cli, "_ANNOUNCED", set())  # (each rule set's overrides said once per process)
    monkeypatch.delenv("BLACKJACK_SPEC_OVERRIDES", raising=False)
    monkeypatch.chdir(tmp_path)
    yield tmp_path


def snapshot(folder: Path) -> dict[str, tuple[bool, int, int]]:
    """Every path under ``folder`` with its kind, size and time of change."""
    return {
        p.relative_to(folder).as_posix(): (p.is_dir(), p.stat().st_size, p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
    }


def one_line(err: str) -> str:
    """The one line of ``err`` that is not a note (there must be exactly one)."""
    lines = [line for line in err.splitlines() if not line.startswith("note: ")]
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("case", BAD)
def test_a_bad_input_ends_in_one_line_and_exit_status_2(
    case: Bad, workspace: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, value in case.env.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    for name in list(sys.modules):
        if any(name == module or name.startswith(f"{module}.") for module in case.hidden):
            monkeypatch.setitem(sys.modules, name, None)
    for module in case.hidden:
        monkeypatch.setitem(sys.modules, module, None)
    argv = [arg.replace("{closed}", str(closed_port())) for arg in case.argv]
    before = snapshot(workspace)
    status = cli.main(argv, prog="blackjack-spec")
    out, err = capsys.readouterr()
    assert status == 2, err
    assert "Traceback" not in err and out == ""
    line = one_line(err)
    assert sum(line.startswith("note: ") for line in err.splitlines()) == case.notes, err
    command = f"blackjack-spec {argv[0]}" if argv and argv[0] in ("conform", "vectors") else "blackjack-spec"
    assert line.startswith(f"{command}: error: ") or line.startswith(f"blackjack-spec {argv[0]}: error: "), line
    assert case.says in line, line
    assert snapshot(workspace) == before  # nothing written, nothing left behind


# ------------------------------------------------------------------------------ as a user runs them
def run(*argv: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The installed command, in a process of its own."""
    program = Path(sys.executable).parent / "blackjack-spec"
    environ = {k: v for k, v in os.environ.items() if k != "BLACKJACK_SPEC_OVERRIDES"}
    return subprocess.run(
        [str(program), *argv], capture_output=True, text=True, env={**environ, **(env or {})}, cwd=cwd, timeout=120
    )


@pytest.mark.parametrize(
    "argv, says",
    [
        (("vectors", "file.txt"), "blackjack-spec vectors: error: file.txt is a file, not a folder"),
        ((*SIM, "--workers", "0"), "blackjack-spec simulate: error: argument --workers: 0: at least 1"),
        ((*SIM, "--out", "file.txt"), "blackjack-spec: error: --out file.txt: line 1 is not a finished chunk"),
    ],
)
def test_a_process_says_the_same_one_line(argv: tuple[str, ...], says: str, workspace: Path) -> None:
    before = snapshot(workspace)
    done = run(*argv, cwd=workspace)
    assert done.returncode == 2 and done.stdout == ""
    assert one_line(done.stderr).startswith(says) and "note:" not in done.stderr
    assert snapshot(workspace) == before


@pytest.mark.parametrize(
    "argv", [("rules", "CL"), ("clauses", "UY"), ("simulate", "CL", "--rounds", "3", "--strategy", "simple")]
)
def test_a_reader_that_stops_reading_ends_the_command_quietly(argv: tuple[str, ...]) -> None:
    """``blackjack-spec rules CL | head -1``: the reader closes the pipe; the command ends with 0
    and says nothing (it used to say ``error: [Errno 32] Broken pipe``, with 2). Here the pipe
    has no reader from the start, so the first write finds it closed whatever the timing."""
    read, write = os.pipe()
    os.close(read)
    program = Path(sys.executable).parent / "blackjack-spec"
    environ = {k: v for k, v in os.environ.items() if k != "BLACKJACK_SPEC_OVERRIDES"}
    try:
        done = subprocess.run(
            [str(program), *argv], stdout=write, stderr=subprocess.PIPE, text=True, env=environ, timeout=120
        )
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, "")


def test_output_that_cannot_be_written_is_one_line() -> None:
    """Standard output closed from the start (``>&-``): refused, 2 (print would drop every line);
    a full disk (``> /dev/full``): the system's refusal, in one line, 1."""
    program = Path(sys.executable).parent / "blackjack-spec"
    closed = subprocess.run(
        f"exec {program} regulations >&-", shell=True, capture_output=True, text=True, timeout=120, check=False
    )
    assert closed.returncode == 2
    assert one_line(closed.stderr) == "blackjack-spec: error: standard output is closed: there is nowhere to write"
    if Path("/dev/full").exists():
        with open("/dev/full", "w", encoding="utf-8") as full:
            done = subprocess.run([str(program), "clauses", "CL"], stdout=full, stderr=subprocess.PIPE, text=True)
        assert done.returncode == 1
        assert one_line(done.stderr) == "blackjack-spec: error: No space left on device"


class NotRayHead:
    """A server on 127.0.0.1 that answers the first words of gRPC (an HTTP/2 SETTINGS frame),
    then hangs up: it passes the command's own probe, and Ray's connection fails."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:  # closed
                return
            with connection:
                try:
                    connection.recv(64)
                    connection.sendall(bytes.fromhex("000000040000000000"))
                except OSError:
                    pass

    def close(self) -> None:
        self.server.close()


def test_a_cluster_ray_cannot_join_is_one_line_without_rays_messages() -> None:
    """Ray's own messages (21 lines over 22 s, issue 29) stay out of the terminal, and Ray
    tries once. Ray's two waits are set to a second here (the command sets 3 unless told),
    so that the test takes seconds."""
    if not REQUIRED:
        pytest.importorskip("ray", reason="the ray extra (make test installs it)")
    head = NotRayHead()
    try:
        done = run(
            *SIM,
            "--ray",
            f"127.0.0.1:{head.port}",
            env={"RAY_py_gcs_connect_timeout_s": "1", "RAY_gcs_rpc_server_connect_timeout_s": "1"},
        )
    finally:
        head.close()
    assert done.returncode == 2, done.stderr
    assert one_line(done.stderr).startswith(
        f"blackjack-spec: error: --ray 127.0.0.1:{head.port}: Ray could not connect"
    )
    assert "Traceback" not in done.stderr and "rpc_client" not in done.stderr and "gcs_client" not in done.stderr
