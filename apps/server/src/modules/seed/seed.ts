import { inArray } from "drizzle-orm";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/client";
import { appMeta, characters, users } from "../../db/schema";
import { ensureConfigDefaults } from "../app-config/repository";
import { hashPassword } from "../auth/passwords";
import { countDefinitionTokens } from "../characters/token-count";
import { createDefaultPersona } from "../personas/service";
import { findUserByEmail } from "../users/repository";
import { DEMO_CHARACTERS, DEMO_CREATORS } from "./demo-content";

const SEEDED_MARKER = "demo_seeded";
const avatarUrl = (file: string) => `/avatars/${file}`;

/**
 * Runs at every start: fills in missing flag and setting defaults, and on the first start (SEED_DEMO)
 * the admin account plus the demo creators and characters, in one transaction guarded by a marker.
 */
export async function seedDatabase(
  db: Database,
  config: Pick<ServerConfig, "seedDemo" | "admin">,
): Promise<void> {
  await ensureConfigDefaults(db);
  if (!config.seedDemo) return;
  const adminPasswordHash = (await findUserByEmail(db, config.admin.email))
    ? null
    : await hashPassword(config.admin.password);

  await db.transaction(async (tx) => {
    // Claiming the marker first makes a second instance starting at the same time skip the seed.
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEEDED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return;

    if (adminPasswordHash) {
      const [admin] = await tx
        .insert(users)
        .values({
          email: config.admin.email,
          passwordHash: adminPasswordHash,
          role: "admin",
          username: "admin",
        })
        .onConflictDoNothing()
        .returning();
      // Like every new member, the admin starts with a default persona.
      if (admin) await createDefaultPersona(tx, admin);
    }
    await seedDemoContent(tx);
  });
}

async function seedDemoContent(db: Database): Promise<void> {
  await db
    .insert(users)
    .values(
      DEMO_CREATORS.map((creator) => ({
        email: creator.email.toLowerCase(),
        username: creator.username.toLowerCase(),
        name: creator.name,
        highlights: creator.highlights,
        avatarUrl: avatarUrl(creator.avatarFile),
      })),
    )
    .onConflictDoNothing();
  const emails = DEMO_CREATORS.map((creator) => creator.email.toLowerCase());
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idByEmail = new Map(rows.map((row) => [row.email, row.id]));
  const idByKey = new Map(
    DEMO_CREATORS.map((creator) => [creator.key, idByEmail.get(creator.email.toLowerCase())]),
  );

  const values = DEMO_CHARACTERS.map((character) => {
    const creatorUserId = idByKey.get(character.creatorKey);
    if (!creatorUserId)
      throw new Error(`Demo character ${character.name} names unknown creator ${character.creatorKey}`);
    return {
      creatorUserId,
      name: character.name,
      title: character.title,
      greeting: character.greeting,
      persona: character.persona,
      scenario: character.scenario,
      dialogue: character.dialogue,
      tags: character.tags,
      avatarUrl: avatarUrl(character.avatarFile),
      visibility: "public" as const,
      definitionVisible: character.definitionVisible,
      isNsfw: character.isNsfw,
      numMessages: character.numMessages,
      ratingScore: character.ratingScore,
      tokenCount: countDefinitionTokens(character),
    };
  });
  if (values.length > 0) await db.insert(characters).values(values);
}
