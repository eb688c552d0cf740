"""`/openapi.json` against the live server: schemathesis (PyPI) generates requests for every operation from the
document, valid and invalid, and checks that no answer is a 5xx and every answer (status, content type, headers,
body) is one the document describes."""
import json
import re
import subprocess
import sys
import urllib.request

from conftest import ROOT
from test_hosting import launch, new_room  # noqa: F401  (launch is a fixture)

CHECKS = ",".join([
    "not_a_server_error", "status_code_conformance", "content_type_conformance", "response_headers_conformance",
    "response_schema_conformance",
])


def test_the_document_is_openapi_3_1_and_names_every_route(launch):
    port, _ = launch()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=5) as response:
        assert response.headers["Content-Type"].startswith("application/json")
        document = json.load(response)
    assert document["openapi"] == "3.1.0"
    routes = set(re.findall(r'router\.add\(\.\w+, "([^"]+)"', (ROOT / "Sources/PlaygroundApp/PlaygroundResponder.swift").read_text()))
    described = {re.sub(r"\{(\w+)\}", r":\1", path) for path in document["paths"]}
    assert routes, "no routes found in PlaygroundResponder.swift"
    assert routes <= described, f"routes missing from openapi.json: {routes - described}"
    body = document["paths"]["/rooms/{room}/events"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    events = {(v["properties"]["app"]["const"], v["properties"]["event"]["const"]) for v in body["oneOf"]}
    assert {("ev", "changeBothSidesColors"), ("vvsi", "random"), ("mvi", "setFaults")} <= events


def test_schemathesis_finds_no_5xx_and_no_answer_the_document_does_not_describe(launch, tmp_path):
    # A real room, so generated events reach the apps instead of stopping at 404; streams end after a few events.
    # The per-client budgets stay on: 429 is a documented answer schemathesis must see conform too.
    port, log = launch()
    room = new_room(port).rsplit("/", 1)[1]
    # A stream never ends: each generated stream request reads its first message (the resync patch; a lone retry: is not an event) and hangs up.
    (tmp_path / "schemathesis.toml").write_text(f"""
max-stream-events = 1

[parameters]
"path.room" = "{room}"
"path.app" = "vvsi"
"path.path" = "playground.css"
""")
    result = subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "--config-file", str(tmp_path / "schemathesis.toml"), "run",
         f"http://127.0.0.1:{port}/openapi.json", "--url", f"http://127.0.0.1:{port}",
         "--checks", CHECKS, "--max-examples", "60", "--seed", "11", "--workers", "2", "--request-timeout", "5",
         "--max-redirects", "0", "--max-failures", "10", "--phases", "examples,coverage,fuzzing",
         "--report", "junit", "--report-dir", str(tmp_path), "--no-color"],
        capture_output=True, text=True, timeout=600, cwd=tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    assert re.search(r"\b\d+ passed\b", output) or "passed" in output.lower(), output[-3000:]
