"""The web arena: HTTP + WebSocket API, accounts, tables, persistence, bot seats (see docs/arena.md).

`create_app(Settings(...))` returns the FastAPI application; `kameleon serve` runs it with uvicorn.
"""

from kameleon.server.app import create_app
from kameleon.server.settings import Settings

__all__ = ["Settings", "create_app"]
