"""One seat per person per table (a unique index), and the seats whose clock ran out.

Before this, two server processes could each seat the same person at one table (each checked, then
wrote); such a table waited forever for a move. Duplicates already stored keep the lowest seat; the
others become bot seats (a game in progress goes on) or, before the start, empty seats.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

PERSON = "bot IS NULL AND user_id IS NOT NULL"


def upgrade() -> None:
    op.add_column("seats", sa.Column("timed_out", sa.Boolean, nullable=False, server_default=sa.false()))
    connection = op.get_bind()
    duplicates = connection.execute(
        sa.text(
            f"SELECT s.table_id, s.seat, t.status FROM seats s JOIN tables t ON t.id = s.table_id WHERE s.{PERSON} "
            f"AND EXISTS (SELECT 1 FROM seats o WHERE o.table_id = s.table_id AND o.user_id = s.user_id "
            f"AND o.bot IS NULL AND o.seat < s.seat)"
        )
    ).all()
    for table_id, seat, status in duplicates:
        change = "user_id = NULL, name = NULL" if status == "open" else "bot = 'random', name = 'random bot'"
        connection.execute(
            sa.text(f"UPDATE seats SET {change} WHERE table_id = :table AND seat = :seat"),
            {"table": table_id, "seat": seat},
        )
    op.create_index(
        "uq_seats_person",
        "seats",
        ["table_id", "user_id"],
        unique=True,
        sqlite_where=sa.text(PERSON),
        postgresql_where=sa.text(PERSON),
    )


def downgrade() -> None:
    op.drop_index("uq_seats_person", table_name="seats")
    op.drop_column("seats", "timed_out")
