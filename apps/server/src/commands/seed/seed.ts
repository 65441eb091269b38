import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/client";
import { appMeta, characters, users } from "../../db/schema";
import { seedHouseAds } from "../../modules/ads/index";
import { ensureConfigDefaults } from "../../modules/app-config/index";
import { hashPassword } from "../../modules/auth/index";
import { ensurePromotionOffers, seedDemoBilling } from "../../modules/billing/index";
import { countDefinitionTokens } from "../../modules/characters/index";
import { ensureInferenceModels } from "../../modules/inference-models/index";
import type { TokenCounter } from "../../modules/llm/index";
import { createDefaultPersona } from "../../modules/personas/index";
import { findUserByEmail } from "../../modules/users/index";
import { DEMO_CHARACTERS, DEMO_CREATORS } from "./demo-content";

const SEEDED_MARKER = "demo_seeded";
const avatarUrl = (file: string) => `/avatars/${file}`;

/** Where the seed tells the operator what they must know (the generated admin password). */
export type SeedLog = { warn(message: string): void };

/**
 * The default: standard error, unless logging is silenced. The notice is printed at any other level, even
 * above warn, since without it nobody could ever sign in as the admin.
 */
function consoleLog(logLevel: ServerConfig["logLevel"]): SeedLog {
  return { warn: (message) => (logLevel === "silent" ? undefined : console.warn(message)) };
}

/** 144 random bits, 24 URL-safe characters. */
export const generateAdminPassword = (): string => randomBytes(18).toString("base64url");

export function generatedAdminPasswordNotice(email: string, password: string): string {
  return (
    `ADMIN_PASSWORD is not set, so the admin account ${email} was created with this generated password: ` +
    `${password} — it is shown only this once and is not stored anywhere in plain text; keep it safe ` +
    "(or set ADMIN_PASSWORD before the first start to choose it)."
  );
}

export type SeedDeps = {
  /** The platform model's tokenizer (`llm.platform.countTokens`), for the demo characters' token_count. */
  countTokens: TokenCounter;
  log?: SeedLog;
};

/**
 * Runs at every start: fills in missing flag and setting defaults and inference models, and on the
 * first start (SEED_DEMO) the admin account plus the demo creators and characters, in one transaction
 * guarded by a marker. The admin's password is ADMIN_PASSWORD, or else a random one that `log` shows once.
 */
export async function seedDatabase(
  db: Database,
  config: Pick<ServerConfig, "seedDemo" | "admin" | "logLevel" | "easterCode">,
  { countTokens, log = consoleLog(config.logLevel) }: SeedDeps,
): Promise<void> {
  await ensureConfigDefaults(db);
  await ensureInferenceModels(db);
  await ensurePromotionOffers(db, config.easterCode);
  if (!config.seedDemo) return;
  const adminPassword = (await findUserByEmail(db, config.admin.email))
    ? null
    : (config.admin.password ?? generateAdminPassword());
  const adminPasswordHash = adminPassword ? await hashPassword(adminPassword) : null;

  const adminCreated = await db.transaction(async (tx) => {
    // Claiming the marker first makes a second instance starting at the same time skip the seed.
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEEDED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    let created = false;
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
      created = admin !== undefined;
    }
    await seedDemoContent(tx, countTokens);
    await seedDemoBilling(tx);
    await seedHouseAds(tx);
    return created;
  });
  // Only once the account is committed, and only the password this start generated.
  if (adminCreated && adminPassword && config.admin.password === null) {
    log.warn(generatedAdminPasswordNotice(config.admin.email, adminPassword));
  }
}

async function seedDemoContent(db: Database, countTokens: TokenCounter): Promise<void> {
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
      // No rating: a score comes from members' votes only, and a demo character starts with none.
      tokenCount: countDefinitionTokens(character, countTokens),
    };
  });
  if (values.length > 0) await db.insert(characters).values(values);
}
