import { randomUUID } from "node:crypto";
import { PROFILE_LIMITS } from "@hearth/contracts";
import type { Database } from "../db/client";
import type { UserRow } from "../db/schema";
import { invalidAccount } from "../http/errors";
import { verifyPartnerToken } from "../modules/external-users/index";
import {
  findUserByExternalId,
  insertExternalMember,
  isActiveUser,
  isUniqueViolation,
  isUsernameTaken,
  usernameTaken,
} from "../modules/users/index";
import { createMember } from "./create-member";

/** Partner sign-up (`/external/signup`): a member with a username and name and a fresh external id. */
export async function createExternalUser(
  db: Database,
  body: { name: string; username: string },
): Promise<UserRow> {
  if (await isUsernameTaken(db, body.username, null)) throw usernameTaken();
  try {
    return await createMember(db, (tx) =>
      insertExternalMember(tx, { externalId: randomUUID(), username: body.username, name: body.name }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "users_username_unique")) throw usernameTaken();
    throw error;
  }
}

/**
 * Partner sign-in: the member of the partner's token (external-users `verifyPartnerToken`), created on
 * first sign-in without a username (the onboarding asks for one).
 */
export async function partnerMember(db: Database, secret: string, token: string): Promise<UserRow> {
  const claims = await verifyPartnerToken(secret, token);
  const existing = await findUserByExternalId(db, claims.sub);
  if (existing) {
    if (!isActiveUser(existing)) throw invalidAccount();
    return existing;
  }
  const name = claims.name?.trim().slice(0, PROFILE_LIMITS.nameMax) || null;
  try {
    return await createMember(db, (tx) =>
      insertExternalMember(tx, { externalId: claims.sub, username: null, name }),
    );
  } catch (error) {
    // The same token used twice at once: the other request created the member.
    const created = isUniqueViolation(error, "users_external_id_unique")
      ? await findUserByExternalId(db, claims.sub)
      : null;
    if (!created) throw error;
    return created;
  }
}
