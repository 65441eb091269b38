import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, users } from "./platform";

/** The identities a member speaks as in chats (chat spec 3, Persona). */
export const personas = pgTable(
  "personas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    avatarUrl: text("avatar_url"),
    highlights: text("highlights").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("personas_user_idx").on(t.userId, t.createdAt),
    // At most one default per member; the service keeps it at exactly one.
    uniqueIndex("personas_one_default_per_user").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export type PersonaRow = typeof personas.$inferSelect;
