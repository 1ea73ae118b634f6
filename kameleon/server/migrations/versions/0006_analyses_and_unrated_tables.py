"""Game analyses (one job per finished table) and unrated tables.

* `analyses`: the background analysis of a finished table (`analysis_jobs.py`): status, progress, the
  library's JSON, and the claim that keeps a running job with one server process.
* `tables.rated`: false for a friendly game whose result changes no rating; an unrated table against bots
  allows hints. Every existing table was rated.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = True) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False, server_default="pending"),
        sa.Column("done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("total", sa.Integer),
        sa.Column("result", sa.JSON),
        sa.Column("error", sa.String(300)),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("requested_by", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL")),
        sa.Column("claim", sa.String(32)),
        _when("claimed_until"),
        _when("created_at", nullable=False),
        _when("started_at"),
        _when("finished_at"),
    )
    op.create_index("ix_analyses_status", "analyses", ["status"])
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
    op.drop_index("ix_analyses_status", table_name="analyses")
    op.drop_table("analyses")
