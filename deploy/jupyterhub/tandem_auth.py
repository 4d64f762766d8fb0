"""Tandem sign-in for JupyterHub.

The gateway (`POST /api/jupyter/generate-token`) signs a short-lived EdDSA (Ed25519) JWT and
sends the browser to `/hub/login?token=...`. This authenticator verifies it with the gateway's
*public* key: the hub holds nothing that could mint a token. Each token signs in once (its `jti`
is remembered until it expires), and the token never reaches a log line or a redirect.

Works with Debian's jupyterhub 3.0 and PyJWT 2.6 (python3-jwt), and with later releases.
"""

import asyncio
import base64
import hashlib
import re
import time
import urllib.request
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import jwt
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    PublicFormat,
    load_pem_public_key,
)
from jupyterhub.auth import Authenticator
from jupyterhub.handlers import BaseHandler
from tornado import web
from tornado.httputil import url_concat
from traitlets import Float, Integer, Unicode

ISSUER = "tandem"
AUDIENCE = "jupyterhub"
USERNAME_PATTERN = r"^[a-z0-9][a-z0-9-]{0,62}$"
REFUSED = (
    "This sign-in link is invalid, expired or already used. "
    "Launch JupyterHub again from the Tandem dashboard."
)


def key_id(public_key: Ed25519PublicKey) -> str:
    """The gateway's `kid`: SHA-256 of the SubjectPublicKeyInfo DER, base64url, 16 chars."""
    der = public_key.public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
    return base64.urlsafe_b64encode(hashlib.sha256(der).digest()).decode().rstrip("=")[:16]


def parse_public_key(pem: bytes) -> Ed25519PublicKey:
    key = load_pem_public_key(pem)
    if not isinstance(key, Ed25519PublicKey):
        raise ValueError("the Tandem public key must be an Ed25519 key")
    return key


def without_token(url: str) -> str:
    """The URL with any `token` query parameter removed."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "token"]
    return urlunsplit(parts._replace(query=urlencode(query)))


class SpentTokens:
    """Token ids already used, kept until they expire (one hub process: memory is enough)."""

    def __init__(self):
        self._expiry = {}

    def spend(self, jti: str, exp: float, now: float) -> bool:
        """True the first time a jti is seen; False for a replay. No await: atomic on the loop."""
        for old in [k for k, e in self._expiry.items() if e < now]:
            del self._expiry[old]
        if jti in self._expiry:
            return False
        self._expiry[jti] = exp
        return True


class TandemLoginHandler(BaseHandler):
    """`/hub/login?token=...`: verifies the token, replaces any session, strips the token."""

    def _request_summary(self):
        # Tornado puts the request URI in warnings and errors; this one holds a credential.
        return "%s %s (%s)" % (self.request.method, self.request.path, self.request.remote_ip)

    def log_exception(self, typ, value, tb):
        if isinstance(value, web.HTTPError):
            return super().log_exception(typ, value, tb)
        # The default prints the whole request, query string included.
        self.log.error("Uncaught exception %s", self._request_summary(), exc_info=(typ, value, tb))

    def append_query_parameters(self, url, exclude=None):
        # JupyterHub copies the login query into its redirect (next) URL: never the token.
        return without_token(super().append_query_parameters(url, exclude=exclude))

    async def get(self):
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        token = self.get_argument("token", default="")
        if not token:
            user = self.current_user
            if user:
                self.redirect(self.get_next_url(user), permanent=False)
                return
            # No hub session: Tandem mints a token for its own signed-in user and sends the
            # browser back here (with `next`). Nothing loops: a refused token ends at a 403.
            launch_url = self.authenticator.launch_url
            if launch_url:
                next_url = self.get_argument("next", default="")
                self.redirect(url_concat(launch_url, {"next": next_url} if next_url else {}))
                return
            raise web.HTTPError(
                403, "Sign in to Tandem and use Launch JupyterHub on the dashboard."
            )

        authenticated = await self.authenticate({"token": token})
        if not authenticated:
            raise web.HTTPError(403, REFUSED)
        user = await self.auth_to_user(authenticated)

        # A browser still holding another hub user's cookie would otherwise stay that user.
        previous = self.get_current_user_cookie()
        if previous is not None and previous.name != user.name:
            self.clear_login_cookie()
            self.set_session_cookie()
        elif not self.get_session_cookie():
            self.set_session_cookie()
        self.set_hub_cookie(user)
        self._jupyterhub_user = user
        self.log.info("User logged in with a Tandem token: %s", user.name)
        self.redirect(self.get_next_url(user), permanent=False)


class TandemAuthenticator(Authenticator):
    """Trusts exactly the tokens the Tandem gateway signs, nothing else (no password form)."""

    public_key_file = Unicode(
        "", config=True, help="PEM file with the gateway's Ed25519 public key."
    )
    public_key_url = Unicode(
        "",
        config=True,
        help="The gateway's GET /api/jupyter/public-key; used when no file is given, and "
        "fetched again when a token names another key (rotation).",
    )
    launch_url = Unicode(
        "",
        config=True,
        help="The gateway's GET /api/jupyter/launch, where visitors without a hub session are "
        "sent to be signed in (their Tandem session cookie must reach it: same site).",
    )
    public_key_wait = Float(
        60, config=True, help="Seconds to wait at start for the gateway to publish its key."
    )
    leeway = Integer(10, config=True, help="Clock skew allowed on exp/nbf/iat, in seconds.")
    max_lifetime = Integer(
        300, config=True, help="Refuse tokens whose exp - iat is longer than this (seconds)."
    )

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._spent = SpentTokens()
        self._keys = {}
        self._last_refresh = 0.0
        self._load_keys(initial=True)

    # -- keys ---------------------------------------------------------------------------------

    def _fetch_pem(self, timeout: float) -> bytes:
        with urllib.request.urlopen(self.public_key_url, timeout=timeout) as response:
            return response.read()

    def _load_keys(self, initial=False):
        if self.public_key_file:
            with open(self.public_key_file, "rb") as f:
                key = parse_public_key(f.read())
        elif self.public_key_url:
            deadline = time.monotonic() + (self.public_key_wait if initial else 0)
            while True:
                try:
                    key = parse_public_key(self._fetch_pem(timeout=5))
                    break
                except Exception as error:
                    if time.monotonic() >= deadline:
                        raise RuntimeError(
                            f"could not load the Tandem public key from {self.public_key_url}: {error}"
                        ) from error
                    time.sleep(1)
        else:
            raise RuntimeError("set TandemAuthenticator.public_key_file or .public_key_url")
        self._keys = {key_id(key): key}
        self._last_refresh = time.monotonic()
        self.log.info("Tandem public key loaded (kid %s)", next(iter(self._keys)))

    async def _key_for(self, kid):
        if kid is None and len(self._keys) == 1:
            return next(iter(self._keys.values()))
        if kid in self._keys:
            return self._keys[kid]
        # An unknown key id: the gateway may have rotated its key. Look again, at most twice a minute.
        if self.public_key_url and time.monotonic() - self._last_refresh > 30:
            try:
                await asyncio.get_running_loop().run_in_executor(None, self._load_keys)
            except Exception as error:
                self.log.warning("Refreshing the Tandem public key failed: %s", error)
        return self._keys.get(kid)

    # -- authentication -----------------------------------------------------------------------

    def get_handlers(self, app):
        return [("/login", TandemLoginHandler)]

    def check_allowed(self, username, authentication=None):
        # The gateway signs only for admins (docs/product.md#jupyterhub): a valid signature
        # is the list.
        return authentication is not None

    async def authenticate(self, handler, data):
        token = (data or {}).get("token") or ""
        try:
            header = jwt.get_unverified_header(token)
            if header.get("alg") != "EdDSA":
                raise jwt.InvalidAlgorithmError("only EdDSA tokens are accepted")
            key = await self._key_for(header.get("kid"))
            if key is None:
                raise jwt.InvalidKeyError("token signed with an unknown key")
            claims = jwt.decode(
                token,
                key,
                algorithms=["EdDSA"],
                audience=AUDIENCE,
                issuer=ISSUER,
                leeway=self.leeway,
                options={"require": ["exp", "iat", "iss", "aud", "sub", "jti"]},
            )
        except jwt.PyJWTError as error:
            self.log.warning("Refused a Tandem token: %s", error)
            return None

        if claims["exp"] - claims["iat"] > self.max_lifetime:
            self.log.warning("Refused a Tandem token: lifetime longer than %ss", self.max_lifetime)
            return None
        name = str(claims["sub"])
        if not re.fullmatch(USERNAME_PATTERN, name):
            self.log.warning("Refused a Tandem token: unusable user name %r", name)
            return None
        if not self._spent.spend(str(claims["jti"]), claims["exp"] + self.leeway, time.time()):
            self.log.warning("Refused a Tandem token for %s: already used (jti %s)", name, claims["jti"])
            return None
        return {"name": name}
