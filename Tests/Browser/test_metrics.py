"""`GET /metrics` read by the Prometheus project's own text parser (prometheus_client), after real traffic."""
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from helpers import eventually
from test_hosting import launch, new_room, open_stream, post_event, read_until  # noqa: F401  (launch is a fixture)


def scrape(port):
    response = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5)
    assert response.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
    families = {family.name: family for family in text_string_to_metric_families(response.read().decode())}
    return families


def value(families, name, sample_name=None, **labels):
    family = families[name]
    for sample in family.samples:
        if (sample_name is None or sample.name == sample_name) and all(sample.labels.get(k) == v for k, v in labels.items()):
            return sample.value
    raise AssertionError(f"no sample {sample_name or name} {labels} in {family.samples}")


def test_metrics_parse_and_count_what_happened(launch):
    port, _ = launch("--events-per-client-per-second", "1", "--event-burst-per-client", "3", "--max-rooms", "2")
    room = new_room(port)
    tab = open_stream(port, room, "127.0.0.3")
    read_until(tab, b"event: patch")
    # A burst of 3, then 1 a second: posted back to back, the fourth is refused (on a machine slow enough to take a
    # second over them, a later one); the counters must match what was answered, whichever it was.
    statuses = [post_event(port, room, {"app": "ev", "event": "changeBothSidesColors"}) for _ in range(3)]
    while statuses.count(429) < 2 and len(statuses) < 20:
        statuses.append(post_event(port, room, {"app": "ev", "event": "changeBothSidesColors"}))
    assert statuses[:3] == [202, 202, 202] and set(statuses) == {202, 429}, statuses
    accepted, refused = statuses.count(202), statuses.count(429)
    assert post_event(port, room, {"app": "ev", "event": "nope"}, source="127.0.0.4") == 400
    for _ in range(3):
        new_room(port)  # the budget is 2: unused rooms make way, the one with a stream stays
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/nowhere", timeout=5)
    except urllib.error.HTTPError as error:
        assert error.code == 404

    # The journal answers an event once its step is in the store's log, and moves logged steps into SQLite every
    # 100 ms: a commit's metrics come with the move.
    families = eventually(lambda: (f := scrape(port)) and value(
        f, "playground_journal_commit_writes", "playground_journal_commit_writes_sum") >= accepted + 1 and f,
        message="the journal's commits of every accepted step")
    assert families["playground_http_requests"].type == "counter"
    assert value(families, "playground_http_requests", route="/rooms/:room/events", method="POST", status="202") == accepted
    assert value(families, "playground_http_requests", route="/rooms/:room/events", method="POST", status="429") == refused
    assert value(families, "playground_http_requests", route="unmatched", method="GET", status="404") == 1
    assert value(families, "playground_events_accepted", app="ev") == accepted
    assert value(families, "playground_events_rejected", reason="too_many_events_from_client") == refused
    assert value(families, "playground_events_rejected", reason="unknown_event") == 1
    assert value(families, "playground_rooms") == 2
    assert value(families, "playground_room_evictions", kind="unused") == 2
    assert value(families, "playground_sse_streams_open") == 1
    histogram = families["playground_event_publish_seconds"]
    assert histogram.type == "histogram"
    assert value(families, "playground_event_publish_seconds", "playground_event_publish_seconds_count") == accepted
    assert value(families, "playground_event_publish_seconds", "playground_event_publish_seconds_bucket", le="+Inf") == accepted
    # The journal: every accepted event's step (and the room) was written; a commit may carry several writes.
    assert families["playground_journal_commit_seconds"].type == "histogram"
    assert families["playground_journal_commit_writes"].type == "histogram"
    commits = value(families, "playground_journal_commit_writes", "playground_journal_commit_writes_count")
    writes = value(families, "playground_journal_commit_writes", "playground_journal_commit_writes_sum")
    assert writes >= accepted + 1 and 1 <= commits <= writes, (commits, writes)
    # A commit records its two histograms one after the other: a scrape between them sees one more in the first.
    eventually(lambda: (f := scrape(port)) and value(f, "playground_journal_commit_seconds", "playground_journal_commit_seconds_count")
               == value(f, "playground_journal_commit_writes", "playground_journal_commit_writes_count"),
               message="every commit in both histograms")
    for name in ("playground_http_connections_open", "playground_http_connections_refused", "playground_http_header_timeouts",
                 "playground_sse_streams_refused", "playground_sse_hangups", "playground_sse_slow_readers_dropped",
                 "playground_rooms_closed_idle"):
        assert name in families, f"{name} missing from /metrics"

    tab.close()
    families = scrape(port)
    assert value(families, "playground_sse_hangups") >= 0
