"""Alembic environment: always run programmatically by `kameleon.server.db.migrate` with a live connection."""

from __future__ import annotations

from alembic import context

from kameleon.server.models import Base


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("kameleon's migrations run through kameleon.server.db.migrate(), which passes a connection")
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


# Alembic executes this file to migrate; anything else importing it (pytest's doctest collection) only defines run().
if hasattr(context, "config"):
    run()
