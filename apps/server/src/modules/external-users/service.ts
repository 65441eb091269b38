import { randomUUID } from "node:crypto";
import { PROFILE_LIMITS } from "@hearth/contracts";
import { errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { invalidAccount, invalidToken } from "../../http/errors";
import { createDefaultPersona } from "../personas/service";
import { usernameTaken } from "../profile/service";
import {
  findUserByExternalId,
  insertExternalMember,
  isActiveUser,
  isUniqueViolation,
  isUsernameTaken,
} from "../users/repository";

/** A member and their default persona, in one transaction. */
function insertWithPersona(db: Database, values: Parameters<typeof insertExternalMember>[1]) {
  return db.transaction(async (tx) => {
    const user = await insertExternalMember(tx, values);
    await createDefaultPersona(tx, user);
    return user;
  });
}

/** Partner sign-up (`/external/signup`): a member with a username and name and a fresh external id. */
export async function createExternalUser(
  db: Database,
  body: { name: string; username: string },
): Promise<UserRow> {
  if (await isUsernameTaken(db, body.username, null)) throw usernameTaken();
  try {
    return await insertWithPersona(db, {
      externalId: randomUUID(),
      username: body.username,
      name: body.name,
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_username_unique")) throw usernameTaken();
    throw error;
  }
}

const partnerClaimsSchema = z.object({
  sub: z.string().trim().min(1).max(200),
  name: z.string().optional(),
});

/**
 * Verifies the partner's HS256 token (claims `sub`, the partner's user id, `name`, and a required `exp`)
 * and answers its member, created on first sign-in without a username (the onboarding asks for one).
 */
export async function partnerMember(db: Database, secret: string, token: string): Promise<UserRow> {
  let claims: z.infer<typeof partnerClaimsSchema>;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      requiredClaims: ["sub", "exp"],
    });
    claims = partnerClaimsSchema.parse(payload);
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof z.ZodError) throw invalidToken();
    throw error;
  }
  const existing = await findUserByExternalId(db, claims.sub);
  if (existing) {
    if (!isActiveUser(existing)) throw invalidAccount();
    return existing;
  }
  const name = claims.name?.trim().slice(0, PROFILE_LIMITS.nameMax) || null;
  try {
    return await insertWithPersona(db, { externalId: claims.sub, username: null, name });
  } catch (error) {
    // The same token used twice at once: the other request created the member.
    const created = isUniqueViolation(error, "users_external_id_unique")
      ? await findUserByExternalId(db, claims.sub)
      : null;
    if (!created) throw error;
    return created;
  }
}
