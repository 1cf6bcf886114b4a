"""The address students type (or scan) to reach this server: the projected join link.

The browser's address is no use here: a teacher who opened the app on their own laptop sees
``localhost``, which no student can open. First match wins:

1. ``THIRTYONE_PUBLIC_URL`` in the environment (e.g. ``http://room12.school.lan:8501``);
2. ``public_url`` in a ``[thirtyone]`` section of ``.streamlit/secrets.toml``;
3. the server's own network address (what Streamlit prints as "Network URL"): the address it
   was told to listen on (``server.address``), else a private (LAN) address of one of this
   machine's network interfaces, found locally: no packet leaves the machine;
4. else the loopback address, and the page says how to fix it.

``qr_svg(text)`` draws a QR code of a link as SVG (segno, pure Python, no network).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
import struct
import sys
from dataclasses import dataclass

import streamlit as st

ENV_URL = "THIRTYONE_PUBLIC_URL"
SECRETS_SECTION = "thirtyone"
SECRETS_KEY = "public_url"
URL_MAX = 300
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


@dataclass(frozen=True)
class Base:
    url: str          # scheme://host:port/path, no trailing slash
    loopback: bool    # True when only this machine can open it
    source: str       # "env", "secrets", "network", "loopback"


def _clean(url: object) -> str | None:
    """A configured public URL, trimmed; None unless it is an http(s) URL."""
    if not isinstance(url, str):
        return None
    url = url.strip()[:URL_MAX].rstrip("/")
    if not url.lower().startswith(("http://", "https://")) or any(c.isspace() for c in url):
        return None
    return url


def configured_url() -> tuple[str, str] | None:
    """``(url, where)`` from the environment or the secrets, or None."""
    env = _clean(os.environ.get(ENV_URL, ""))
    if env:
        return env, "env"
    try:
        if st.secrets.load_if_toml_exists():
            found = _clean(st.secrets.get(SECRETS_SECTION, {}).get(SECRETS_KEY))
            if found:
                return found, "secrets"
    except Exception:  # noqa: BLE001 - a broken secrets file: fall back to the network address
        pass
    return None


def _private(addr: str) -> bool:
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return False
    return ip.version == 4 and ip.is_private and not ip.is_loopback and not ip.is_link_local


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def interface_addresses() -> list[str]:
    """The IPv4 addresses of this machine's network interfaces, read locally (Linux: an
    ioctl per interface, no name lookup; elsewhere: what the host name resolves to).
    Nothing is sent."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        try:
            import fcntl
        except ImportError:  # pragma: no cover - every Linux Python has it
            fcntl = None  # type: ignore[assignment]
        if fcntl is not None:
            with contextlib.suppress(OSError), \
                    socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                for _index, name in socket.if_nameindex():
                    req = struct.pack("256s", name.encode()[:15])
                    try:
                        res = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, req)
                    except OSError:  # no IPv4 address on this interface
                        continue
                    found.append(socket.inet_ntoa(res[20:24]))
        return list(dict.fromkeys(found))
    # elsewhere: the host name's addresses (the hosts file or the system's own resolver)
    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    return list(dict.fromkeys(found))


def network_host() -> str | None:
    """A private (LAN) IPv4 address of this machine, or None."""
    addrs = [a for a in interface_addresses() if _private(a)]
    # a home or school LAN (192.168, 10.) before container bridges (172.17...)
    addrs.sort(key=lambda a: (not a.startswith(("192.168.", "10.")), a))
    return addrs[0] if addrs else None


def _option(name: str) -> object:
    try:
        return st.get_option(name)
    except Exception:  # noqa: BLE001 - outside a Streamlit server
        return None


def server_base() -> Base:
    """The network URL of this server (server.address, else a LAN address), or loopback."""
    port = _option("server.port") or 8501
    path = str(_option("server.baseUrlPath") or "").strip("/")
    tail = f":{port}" + (f"/{path}" if path else "")
    bound = str(_option("server.address") or "").strip()
    if bound and bound not in ("0.0.0.0", "::"):
        host = f"[{bound}]" if ":" in bound else bound
        loop = _is_loopback(bound)
        return Base(f"http://{host}{tail}", loop, "loopback" if loop else "network")
    lan = network_host()
    if lan is not None:
        return Base(f"http://{lan}{tail}", False, "network")
    return Base(f"http://localhost{tail}", True, "loopback")


def public_base() -> Base:
    """Where students reach this server, first match wins (the module's list)."""
    found = configured_url()
    if found is not None:
        url, where = found
        host = url.split("://", 1)[1].split("/", 1)[0].rsplit(":", 1)[0].strip("[]")
        return Base(url, _is_loopback(host), where)
    return server_base()


def join_link(page: str = "class") -> tuple[str, Base]:
    """The link students open to join (``…/class``) and the base it was made from."""
    base = public_base()
    return f"{base.url}/{page}", base


def qr_svg(text: str, dark: str = "#000", light: str = "#fff") -> str:
    """A QR code of ``text`` as an SVG document (black on white, quiet zone kept)."""
    import segno

    code = segno.make(text, error="m", micro=False)
    return code.svg_inline(scale=8, dark=dark, light=light, border=4, omitsize=False)
