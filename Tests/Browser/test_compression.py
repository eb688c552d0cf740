"""Pages, static files and JSON go gzip-compressed to a client that accepts it (decoded here by Python's own gzip,
an independent decoder), as they are to one that does not, with `Vary: Accept-Encoding` either way; event streams
are never compressed."""
import gzip
import http.client
import re
from urllib.parse import urlsplit

from helpers import eventually


def get(url, encoding=None, headers=None):
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    sent = dict(headers or {})
    if encoding is not None:
        sent["Accept-Encoding"] = encoding
    connection.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""), headers=sent)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


def new_room(server):
    response, _ = get(server + "/")
    assert response.status == 303
    return server + response.getheader("Location") if response.getheader("Location").startswith("/") \
        else response.getheader("Location")


def settled_page(room):
    """The page once its lists have loaded (two identity fetches in a row give the same bytes)."""
    def same():
        first = get(room, encoding="identity")[1]
        second = get(room, encoding="identity")[1]
        return first if first == second and b"Ada Whitfield" in first and b"Star Wars" in first else None
    return eventually(same, timeout=20, message="a settled page")


def test_a_page_is_gzip_for_a_client_that_accepts_it_and_the_same_html(server):
    room = new_room(server)
    plain = settled_page(room)
    response, body = get(room, encoding="gzip, deflate, br")
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert "accept-encoding" in response.getheader("Vary", "").lower()
    assert int(response.getheader("Content-Length")) == len(body)
    assert gzip.decompress(body) == plain
    assert len(body) * 3 < len(plain), (len(body), len(plain))


def test_without_accept_encoding_the_page_is_identity_and_varies(server):
    room = new_room(server)
    for encoding in (None, "identity", "gzip;q=0", "br"):
        response, body = get(room, encoding=encoding)
        assert response.status == 200
        assert response.getheader("Content-Encoding") is None, encoding
        assert "accept-encoding" in response.getheader("Vary", "").lower()
        assert body.startswith(b"<!doctype html>")


def test_static_files_have_a_gzip_form_with_its_own_etag(server):
    room = new_room(server)
    _, page = get(room)
    for name in ("playground.css", "playground.js"):
        link = re.search(rb'"(/public/' + name.encode() + rb'[^"]*)"', page).group(1).decode()
        plain_response, plain = get(server + link)
        zipped_response, zipped = get(server + link, encoding="gzip")
        assert plain_response.getheader("Content-Encoding") is None
        assert zipped_response.getheader("Content-Encoding") == "gzip"
        assert gzip.decompress(zipped) == plain
        assert plain_response.getheader("Vary") == zipped_response.getheader("Vary") == "Accept-Encoding"
        etag = zipped_response.getheader("ETag")
        assert etag != plain_response.getheader("ETag")
        again, body = get(server + link, encoding="gzip", headers={"If-None-Match": etag})
        assert again.status == 304 and body == b""


def test_json_is_compressed_and_errors_are_not(server):
    room = new_room(server)
    settled_page(room)
    response, body = get(room + "/state", encoding="gzip")
    plain = get(room + "/state")[1]
    assert response.getheader("Content-Type").startswith("application/json")
    if len(plain) >= 1024:
        assert response.getheader("Content-Encoding") == "gzip"
        assert gzip.decompress(body) == plain
    missing, body = get(server + "/rooms/000000000000000000000000", encoding="gzip")
    assert missing.status == 404 and missing.getheader("Content-Encoding") is None


def test_the_event_stream_is_never_compressed(server):
    room = new_room(server)
    parts = urlsplit(room)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", parts.path + "/stream", headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type").startswith("text/event-stream")
    assert response.getheader("Content-Encoding") is None
    first = response.fp.readline()
    assert re.match(rb"^(retry|event|id|data)?:", first), first
    connection.close()
