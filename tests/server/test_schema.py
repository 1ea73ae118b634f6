"""Typed bodies: /openapi.json documents every request body, and a bounded schemathesis run against a live
arena gets no 5xx (and leaves no traceback in the server's log)."""

from __future__ import annotations

import copy
import shutil
import subprocess
import sys
from pathlib import Path

import httpx

import kameleon
from tests.server.harness import Player, ServerProcess

SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")


def test_every_request_that_changes_something_documents_its_body(server: ServerProcess) -> None:
    schema = httpx.get(server.url + "/openapi.json", trust_env=False).json()
    unsafe = [
        (method, path, operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if method in ("post", "put", "patch", "delete")
    ]
    assert len(unsafe) >= 14
    for method, path, operation in unsafe:
        body = operation.get("requestBody")
        assert body is not None, f"{method.upper()} {path} documents no body"
        assert "application/json" in body["content"], f"{method.upper()} {path}"
    move = schema["components"]["schemas"]["MoveIn"]
    assert move["properties"]["move"]["maxLength"] == 200 and move["additionalProperties"] is False


def test_the_schema_documents_the_422_that_is_sent(server: ServerProcess) -> None:
    schema = httpx.get(server.url + "/openapi.json", trust_env=False).json()
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    error = schema["components"]["schemas"]["Error"]
    assert error["required"] == ["error", "code"] and error["properties"]["error"]["type"] == "string"
    assert error["properties"]["code"]["type"] == "string"
    moves = schema["paths"]["/api/tables/{table_id}/moves"]["post"]["responses"]["422"]
    assert moves["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
    sent = httpx.post(server.url + "/api/auth/guest", json={"name": "x", "age": 3}, trust_env=False)
    assert sent.status_code == 422 and sent.json() == {"error": "unknown field 'age'", "code": "unknown_field"}


def test_a_record_with_an_unknown_field_is_refused(server: ServerProcess) -> None:
    importer = Player(server.url, "importer")
    record = kameleon.load("coloretto", players=2).new_state(seed=3).record()
    record["result"] = {"scores": [0, 0], "winners": []}
    for extra, where in ((("comment",), "comment"), (("result", "note"), "result.note")):
        tampered = copy.deepcopy(record)
        (tampered[extra[0]] if len(extra) == 2 else tampered)[extra[-1]] = "hidden"
        answer = importer.http.post("/api/records", json=tampered)
        assert answer.status_code == 422 and answer.json()["error"] == f"unknown field {where!r}", answer.text
    del record["result"]
    assert importer.post("/api/records", record, expect=201)["table"]["status"] == "imported"


def test_a_bounded_schemathesis_run_finds_no_server_error(tmp_path: Path) -> None:
    command = str(SCHEMATHESIS) if SCHEMATHESIS.exists() else shutil.which("schemathesis")
    assert command, "schemathesis is missing: pip install -e '.[dev]'"
    arena = ServerProcess(tmp_path / "arena.sqlite3").start()
    try:
        fuzzer = Player(arena.url, "fuzzer")
        options = ["--checks", "not_a_server_error", "--max-examples", "5", "--seed", "28", "--workers", "1"]
        options += ["--request-timeout", "10", "--header", f"Authorization: Bearer {fuzzer.token}"]
        run = subprocess.run(
            [command, "run", arena.url + "/openapi.json", *options],
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        arena.stop()
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert " passed" in run.stdout
    assert "Traceback" not in arena.log.read_text()
