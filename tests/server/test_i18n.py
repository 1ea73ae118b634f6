"""One language everywhere: every text the server sends a person has a stable code and follows their language.

The catalogs translate every template the code says (the same check as `scripts/i18n check`, for the arena's
own texts and for each built-in game's); a real server on loopback answers API errors, the door's refusals,
validation errors, socket errors and the engine's explanation of an illegal move in the language of the
account, else of `Accept-Language` (or the socket's `?lang=`).
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from babel.messages.pofile import read_po

import kameleon
from kameleon.engine.messages import msg
from kameleon.server import catalogs, i18n
from kameleon.server.errors import ApiError
from tests.server.harness import Player, ServerProcess, Socket

LANGUAGES = ("en", "it", "pl", "fr", "uk")
NO_TABLE = {
    "en": "there is no table 'nope'",
    "it": "non esiste il tavolo 'nope'",
    "pl": "nie ma stołu 'nope'",
    "fr": "il n'y a pas de table 'nope'",
    "uk": "столу 'nope' не існує",
}
ALREADY_SEATED = {
    "en": "you already hold a seat at this table",
    "it": "hai già un posto a questo tavolo",
    "pl": "masz już miejsce przy tym stole",
    "fr": "vous avez déjà une place à cette table",
    "uk": "ви вже маєте місце за цим столом",
}


@pytest.mark.parametrize("domain", catalogs.domains(), ids=lambda domain: domain.name)
def test_every_template_is_translated_with_the_same_fields(domain: catalogs.Domain) -> None:
    """A game whose catalogs are missing fails here: its explanations would reach players in English."""
    found = catalogs.problems(domain)
    assert not found, f"{len(found)} problems in the {domain.name} catalogs:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("domain", catalogs.domains(), ids=lambda domain: domain.name)
def test_no_translation_brings_a_bracket_its_template_lacks(domain: catalogs.Domain) -> None:
    """The terminal prints translated text inside Rich markup (titles, the prompt's help): a "[" a translator
    added would be read as a tag, swallowed or an error."""
    for language in catalogs.TRANSLATED:
        with domain.po(language).open("rb") as source:
            catalog = read_po(source, locale=language)
        added = [m.id for m in catalog if m.id and "[" in str(m.string) and "[" not in str(m.id)]
        assert not added, f"{domain.name}/{language}: {added[:5]}"


def test_the_core_domain_extracts_the_arena_and_engine_texts_only() -> None:
    core = next(domain for domain in catalogs.domains() if domain.name == "core")
    said = {message.id for message in catalogs.extract(core) if message.id}
    assert "the username {name!r} is taken" in said and "unknown game {game!r}; the games are: {games}" in said
    assert not any(path.is_relative_to(catalogs.GAMES) for path in core.files())


def test_fields_are_compared_by_name_conversion_and_format() -> None:
    assert catalogs.fields("{a!r} and {b:g}") == catalogs.fields("{b:g}, {a!r}")
    assert catalogs.fields("{a!r}") != catalogs.fields("{a}")
    assert catalogs.fields("'{{}}' {x}") == [("x", None, "")]


def test_a_message_is_rendered_in_each_language_with_nested_messages() -> None:
    said = msg(
        "rate_limited",
        "slow down: {what} are limited to {limits}",
        what=msg("what_tables", "new tables"),
        limits=msg("per_minute", "{amount} per minute", amount=5),
    )
    assert i18n.render(said, "en") == "slow down: new tables are limited to 5 per minute"
    assert i18n.render(said, "fr") == "doucement : la limite pour les nouvelles tables est de 5 par minute"
    assert i18n.render(said, "pl") == "zwolnij: nowe stoły — limit wynosi 5 na minutę"
    assert len({i18n.render(said, language) for language in LANGUAGES}) == 5


def test_an_api_error_takes_only_a_message_and_engine_errors_carry_one() -> None:
    with pytest.raises(TypeError):
        ApiError(400, "plain text")  # type: ignore[arg-type]
    said = ApiError(409, msg("seat_taken", "seat {seat} is taken", seat=2))
    assert (said.code, said.message, said.status) == ("seat_taken", "seat 2 is taken", 409)
    with pytest.raises(kameleon.InvalidOption) as bad:
        kameleon.load("coloretto", players=9)
    assert bad.value.message.code == "bad_option_value"
    assert i18n.render(bad.value.message, "it").startswith("valore non valido per l'opzione 'players': 9 è fuori")
    with pytest.raises(kameleon.UnknownGame) as unknown:
        kameleon.load("chess")
    assert unknown.value.message.code == "unknown_game" and str(unknown.value).startswith("unknown game 'chess'")
    assert kameleon.KameleonError("as before").message.code == "error"


def _anonymous(server: ServerProcess, language: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=30, trust_env=False, headers={"Accept-Language": language})


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_anonymous_error_follows_accept_language(server: ServerProcess, language: str) -> None:
    with _anonymous(server, f"{language}-XX, en;q=0.5") as client:
        answer = client.get("/api/tables/nope")
    assert answer.status_code == 404
    assert answer.json() == {"error": NO_TABLE[language], "code": "no_table"}


def test_q_values_and_unknown_languages_pick_the_best_interface_language(server: ServerProcess) -> None:
    for header, language in (
        ("de, uk;q=0.3, fr;q=0.8", "fr"),
        ("de", "en"),
        ("", "en"),
        ("*", "en"),
        ("pl-PL", "pl"),
        ("UK-ua", "uk"),
        ("de;q=1, it;q=0.1", "it"),
    ):
        with _anonymous(server, header) as client:
            assert client.get("/api/tables/nope").json()["error"] == NO_TABLE[language], header


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_account_error_follows_the_account_language(server: ServerProcess, language: str) -> None:
    player = Player(server.url, f"Lang {language}")
    assert player.post("/api/me/language", {"language": language})["user"]["language"] == language
    table_id = player.post("/api/tables", {"game": "coloretto", "options": {"players": 2}}, expect=201)["table"]["id"]
    # The account's language wins over the header of the request.
    other = "uk" if language != "uk" else "it"
    answer = player.http.post(f"/api/tables/{table_id}/join", json={}, headers={"Accept-Language": other})
    assert answer.status_code == 409
    assert answer.json() == {"error": ALREADY_SEATED[language], "code": "already_seated"}


def test_the_door_refuses_in_the_language_of_the_request(server: ServerProcess) -> None:
    with _anonymous(server, "fr") as client:
        wrong_type = client.post("/api/auth/guest", content=b'{"name": "x"}', headers={"Content-Type": "text/plain"})
        assert wrong_type.status_code == 415
        assert wrong_type.json() == {
            "error": "envoyez la requête en JSON avec 'Content-Type: application/json' (même '{}')",
            "code": "json_only",
        }
        nested = b'{"a":' * 20 + b"1" + b"}" * 20
        deep = client.post("/api/auth/guest", content=nested, headers={"Content-Type": "application/json"})
        assert deep.status_code == 400 and deep.json()["code"] == "body_too_deep"
        assert deep.json()["error"] == "le corps de la requête imbrique plus de 16 niveaux"
    with _anonymous(server, "uk") as client:
        foreign = client.post("/api/auth/guest", json={"name": "x"}, headers={"Origin": "http://elsewhere.example"})
    assert foreign.status_code == 403 and foreign.json()["code"] == "cross_origin"
    assert foreign.json()["error"].startswith("запит з іншого сайту відхилено (Origin: ")


def test_validation_and_routing_errors_have_codes_and_follow_the_language(server: ServerProcess) -> None:
    with _anonymous(server, "uk") as client:
        too_long = client.post("/api/auth/guest", json={"name": "x" * 101})
        assert too_long.status_code == 422
        assert too_long.json() == {
            "error": "name: текст може містити щонайбільше 100 символів",
            "code": "invalid_field",
        }
        unknown = client.post("/api/auth/guest", json={"name": "x", "age": 3})
        assert unknown.json() == {"error": "невідоме поле 'age'", "code": "unknown_field"}
    with _anonymous(server, "it") as client:
        route = client.get("/api/no/such/route")
        assert (route.status_code, route.json()) == (
            404,
            {"error": "non esiste GET /api/no/such/route", "code": "no_route"},
        )
        method = client.delete("/api/games", headers={"Content-Type": "application/json"})
        assert method.status_code == 405 and method.json()["code"] == "method_not_allowed"
        assert method.json()["error"] == "DELETE non è consentito su /api/games"


def _started_duel(server: ServerProcess, first: str, second: str) -> tuple[Player, Player, str]:
    alice, bob = Player(server.url, first), Player(server.url, second)
    table_id = alice.post(
        "/api/tables", {"game": "coloretto", "options": {"players": 2, "start_player": 0}}, expect=201
    )["table"]["id"]
    bob.post(f"/api/tables/{table_id}/join")
    alice.post(f"/api/tables/{table_id}/start")
    return alice, bob, table_id


def test_a_socket_error_follows_the_lang_parameter_then_the_account(server: ServerProcess) -> None:
    alice, bob, table_id = _started_duel(server, "Ala", "Bogdan")
    watcher = Socket(server.url, table_id, {"Accept-Language": "fr"}, query="?lang=pl")
    watcher.recv()
    watcher.send({"type": "dance"})
    frame = watcher.next_of("error")
    assert frame["code"] == "unknown_message_type" and frame["request"] == "dance"
    assert frame["error"] == "nieznany typ wiadomości 'dance'; typy to move, chat, sync, ping"
    watcher.close()
    # Without ?lang= the handshake's header speaks; a spectator may not move.
    header = Socket(server.url, table_id, {"Accept-Language": "fr"})
    header.recv()
    header.send({"type": "move", "move": "draw"})
    refused = header.next_of("error")
    assert refused["code"] == "spectator_move"
    assert refused["error"] == "vous n'avez pas de place à cette table ; les spectateurs ne peuvent pas jouer"
    header.close()
    # A person's account language wins over both.
    bob.post("/api/me/language", {"language": "uk"})
    socket = Socket(
        server.url, table_id, {"Cookie": f"kameleon_session={bob.token}", "Accept-Language": "fr"}, query="?lang=pl"
    )
    socket.recv()
    socket.send({"type": "move", "move": "draw"})
    turn = socket.next_of("error")
    assert turn == {
        "type": "error",
        "error": "зараз хід місця 0, а не місця 1",
        "code": "not_your_turn",
        "request": "move",
    }
    socket.close()
    assert alice.get(f"/api/tables/{table_id}/state")["log"] == []


def _move(player: Player, table_id: str, move: str, language: str) -> dict[str, Any]:
    answer = player.http.post(
        f"/api/tables/{table_id}/moves", json={"move": move}, headers={"Accept-Language": language}
    )
    assert answer.status_code == 422, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_the_engine_explains_an_illegal_move_in_the_players_language(server: ServerProcess) -> None:
    """Coloretto's own explanation and code, without the move repeated, translated by the game's catalog."""
    alice, _bob, table_id = _started_duel(server, "Alina", "Borys")
    english = _move(alice, table_id, "take 1", "en")
    assert english["code"] == "row_empty" and "take 1" not in english["error"]
    said = {}
    for language in ("it", "pl", "fr", "uk"):
        alice.post("/api/me/language", {"language": language})  # the account's language wins over the header
        said[language] = _move(alice, table_id, "take 1", "en")
    assert {answer["code"] for answer in said.values()} == {"row_empty"}
    assert len({english["error"], *(answer["error"] for answer in said.values())}) == 5, said
    # Over the socket, the same explanation in the account's language.
    alice.post("/api/me/language", {"language": "pl"})
    socket = alice.socket(table_id)
    socket.recv()
    socket.send({"type": "move", "move": "take 1"})
    frame = socket.next_of("error")
    socket.close()
    assert (frame["code"], frame["error"]) == ("row_empty", said["pl"]["error"])


def test_a_bad_option_is_explained_in_the_players_language(server: ServerProcess) -> None:
    player = Player(server.url, "Opcje")
    player.post("/api/me/language", {"language": "pl"})
    answer = player.http.post("/api/tables", json={"game": "coloretto", "options": {"players": 9}})
    assert answer.status_code == 422
    assert answer.json() == {
        "error": "nieprawidłowa wartość opcji 'players': 9 jest poza zakresem; oczekiwano liczby całkowitej od 2 do 5",
        "code": "bad_option_value",
    }
    unknown = player.http.post("/api/tables", json={"game": "coloretto", "options": {"colours": 3}})
    assert unknown.json()["code"] == "unknown_option" and unknown.json()["error"].startswith("nieznana opcja 'colours'")


def test_a_broken_record_is_explained_in_the_players_language(server: ServerProcess) -> None:
    player = Player(server.url, "Rekord")
    player.post("/api/me/language", {"language": "fr"})
    record = {"game": "coloretto", "options": {"players": 2}, "seed": 1, "moves": ["take 1"]}
    answer = player.http.post("/api/records", json=record)
    assert answer.status_code == 422 and answer.json()["code"] == "record_move_illegal"
    assert answer.json()["error"].startswith("le coup 1 'take 1' ne peut pas être joué : ")
    assert "Row 1" not in answer.json()["error"]


def test_a_missing_catalog_is_english_in_silence_and_a_broken_one_is_one_line(
    tmp_path: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Review 28 L5: a game that ships no catalog for a language is not an error; a broken file is, in one line."""
    caplog.set_level("DEBUG", logger="kameleon.server")
    assert i18n._read(tmp_path / "uk" / "LC_MESSAGES" / "messages.po", "uk") is None
    assert caplog.records == []
    broken = tmp_path / "messages.po"
    broken.write_bytes(b'msgid "a"\nmsgstr "b" "\n\xff\xfe')
    assert i18n._read(broken, "uk") is None
    assert len(caplog.records) == 1 and caplog.records[0].exc_info is None
    assert str(broken) in caplog.records[0].getMessage()


def test_a_close_reason_is_translated_and_cut_on_a_character_to_fit_the_close_frame() -> None:
    assert i18n.close_reason(msg("socket_flooded", "too many messages"), "uk") == "забагато повідомлень"
    long = i18n.close_reason(msg("test_long", "{text}", text="ї" * 100), "uk")  # two bytes a letter
    assert long == "ї" * 61 and len(long.encode("utf-8")) == 122 <= i18n.CLOSE_REASON_BYTES
