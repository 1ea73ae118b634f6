"""Mail settings and the outbox of mails to send; the "Play now" queue.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = True) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "mail_settings",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("email", sa.String(254)),
        sa.Column("pending_email", sa.String(254)),
        sa.Column("confirm_hash", sa.String(64), unique=True),
        _when("confirm_expires"),
        sa.Column("turn_email", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("unsubscribe_token", sa.String(64), nullable=False, unique=True),
        sa.Column("base_url", sa.String(200)),
    )
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(80), unique=True),
        sa.Column("recipient", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(200), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("headers", sa.JSON, nullable=False),
        sa.Column("table_id", sa.String(16)),
        sa.Column("moves", sa.Integer),
        _when("created_at", nullable=False),
        _when("due_at", nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("claim", sa.String(32)),
        _when("claimed_until"),
        _when("sent_at"),
        sa.Column("state", sa.String(16), nullable=False, server_default="waiting"),
        sa.Column("last_error", sa.String(300)),
    )
    op.create_index("ix_outbox_due_at", "outbox", ["due_at"])
    op.create_index("ix_outbox_state", "outbox", ["state"])
    op.create_table(
        "play_queue",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("wish", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("time", sa.JSON),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("bots_after", sa.Float),
        _when("joined_at", nullable=False),
        _when("seen_at", nullable=False),
        sa.Column("table_id", sa.String(16)),
    )
    op.create_index("ix_play_queue_wish", "play_queue", ["wish"])


def downgrade() -> None:
    op.drop_index("ix_play_queue_wish", table_name="play_queue")
    op.drop_table("play_queue")
    op.drop_index("ix_outbox_state", table_name="outbox")
    op.drop_index("ix_outbox_due_at", table_name="outbox")
    op.drop_table("outbox")
    op.drop_table("mail_settings")
