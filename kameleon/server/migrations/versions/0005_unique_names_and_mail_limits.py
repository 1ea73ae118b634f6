"""Usernames unique whatever their case; what bounds the confirmation mails of one account.

* `ix_users_username_lower`: a unique index on `lower(username)` (SQLite and PostgreSQL both index an
  expression), so two sign-ups racing with `Ann` and `ann` cannot both be stored: the check in
  `auth.sign_up` alone could not stop them. A database that already holds such twins must have them renamed
  before this migration runs (it fails, changing nothing).
* `mail_settings.confirm_asked_at`: when the account last asked for a confirmation mail; clearing the address
  keeps it, so the pause between two of them cannot be skipped.
* `outbox.user_id`: the account a mail was written for, so that the mails one account has waiting can be
  counted and bounded.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_users_username_lower", "users", [sa.text("lower(username)")], unique=True)
    op.add_column("mail_settings", sa.Column("confirm_asked_at", sa.DateTime(timezone=True)))
    op.add_column("outbox", sa.Column("user_id", sa.Integer))
    op.create_index("ix_outbox_user_id", "outbox", ["user_id"])
    op.create_index("ix_outbox_recipient", "outbox", ["recipient"])


def downgrade() -> None:
    op.drop_index("ix_outbox_recipient", table_name="outbox")
    op.drop_index("ix_outbox_user_id", table_name="outbox")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("user_id")
    with op.batch_alter_table("mail_settings") as batch:
        batch.drop_column("confirm_asked_at")
    op.drop_index("ix_users_username_lower", table_name="users")
