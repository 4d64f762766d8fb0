"""Issue 31, finding 14: a hostile or broken server cannot make the SDK read an answer or a
download of any size into memory or onto the disk."""

import pytest

from support import StubServer
from tandem_bench import ResponseTooLargeError
from tandem_bench._http import Transport

BIG = {"padding": "x" * 5000}


def test_an_api_answer_larger_than_the_cap_is_refused_unread():
    with StubServer() as stub:
        stub.routes[("GET", "/api/huge")] = [(200, {}, BIG)]
        transport = Transport(stub.base_url, max_retries=0, max_response_bytes=1000)
        with pytest.raises(ResponseTooLargeError, match="larger than 1000 bytes"):
            transport.request("GET", "/api/huge")
        # Not retried: one request.
        assert len(stub.calls("GET", "/api/huge")) == 1


def test_an_error_answer_larger_than_the_cap_is_refused_too():
    with StubServer() as stub:
        stub.routes[("GET", "/api/huge")] = [(400, {}, BIG)]
        transport = Transport(stub.base_url, max_retries=0, max_response_bytes=1000)
        with pytest.raises(ResponseTooLargeError):
            transport.request("GET", "/api/huge")


def test_an_answer_within_the_cap_is_read_whole():
    with StubServer() as stub:
        stub.routes[("GET", "/api/small")] = [(200, {}, {"ok": True})]
        transport = Transport(stub.base_url, max_retries=0, max_response_bytes=1000)
        assert transport.request("GET", "/api/small").json() == {"ok": True}


def test_a_download_larger_than_the_cap_is_stopped_and_removed(tmp_path):
    target = tmp_path / "data.csv"
    with StubServer() as stub:
        stub.routes[("GET", "/static/data.csv")] = [(200, {}, BIG)]
        transport = Transport(stub.base_url, max_retries=0, max_download_bytes=1000)
        with pytest.raises(ResponseTooLargeError, match="download was stopped"):
            transport.request("GET", "/static/data.csv", download_to=target)
    assert not target.exists()


def test_a_download_within_the_cap_is_written_whole(tmp_path):
    target = tmp_path / "data.csv"
    with StubServer() as stub:
        stub.routes[("GET", "/static/data.csv")] = [(200, {}, BIG)]
        transport = Transport(stub.base_url, max_retries=0, max_download_bytes=100_000)
        transport.request("GET", "/static/data.csv", download_to=target)
    assert target.stat().st_size > 5000
