"""Turn-based tables: a deadline per move (`tables.time_per_move`, seconds), beside the real-time clock.

A table has real-time control (`time_initial` + `time_increment`), a deadline per move
(`time_per_move`), or neither (no limit). Deadlines are not stored: like the real-time clock they are
rebuilt from the stored move times (kameleon/server/clock.py), so they survive restarts and hold across
several processes. `seats.timed_out` keeps its column and now means: the person ran out of time and was
expelled (a bot finished the seat, a forfeit).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("time_per_move", sa.Float, nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "time_per_move")
