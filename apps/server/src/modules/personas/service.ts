import { FALLBACK_PERSONA_NAME, PERSONA_MESSAGES, type personaBodySchema } from "@hearth/contracts";
import type { z } from "zod";
import type { Database } from "../../db/client";
import type { PersonaRow, UserRow } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { lockUser } from "../users/index";
import { can, personaCapOf } from "./policy";
import {
  clearDefaultPersona,
  countPersonas,
  deletePersona,
  findDefaultPersonaId,
  findPersona,
  insertPersona,
  listPersonas,
  updatePersona,
} from "./repository";

type ParsedPersonaBody = z.output<typeof personaBodySchema>;

const valuesOf = (body: ParsedPersonaBody) => ({
  name: body.name,
  highlights: body.highlights,
  avatarUrl: body.avatar_url,
});

export function listMyPersonas(db: Database, user: UserRow, search: string): Promise<PersonaRow[]> {
  return listPersonas(db, user.id, search);
}

/** Another member's persona answers 404 like a missing one, so ids cannot be probed. */
async function ownedPersona(db: Database, user: UserRow, id: string): Promise<PersonaRow> {
  const persona = await findPersona(db, id);
  if (!persona || !can({ userId: user.id }, "manage", persona)) throw notFound();
  return persona;
}

export function getMyPersona(db: Database, user: UserRow, id: string): Promise<PersonaRow> {
  return ownedPersona(db, user, id);
}

/** The persona every new member starts with (in the caller's transaction). */
export function createDefaultPersona(db: Database, user: UserRow): Promise<PersonaRow> {
  const name = user.name ?? user.username ?? FALLBACK_PERSONA_NAME;
  return insertPersona(db, user.id, { name, highlights: "", avatarUrl: null, isDefault: true });
}

export function createPersona(db: Database, user: UserRow, body: ParsedPersonaBody): Promise<PersonaRow> {
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const cap = personaCapOf(user);
    if ((await countPersonas(tx, user.id)) >= cap) {
      throw new AppError(403, "persona_limit", PERSONA_MESSAGES.personaLimit(cap));
    }
    // A member always has one default: the first persona becomes it whatever was asked.
    const isDefault = body.is_default === true || (await findDefaultPersonaId(tx, user.id)) === null;
    if (isDefault) await clearDefaultPersona(tx, user.id);
    return insertPersona(tx, user.id, { ...valuesOf(body), isDefault });
  });
}

export function updateMyPersona(
  db: Database,
  user: UserRow,
  id: string,
  body: ParsedPersonaBody,
): Promise<PersonaRow> {
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const persona = await ownedPersona(tx, user, id);
    if (body.is_default === false && persona.isDefault) {
      throw new AppError(400, "default_persona", PERSONA_MESSAGES.defaultPersonaUnset);
    }
    const becomesDefault = body.is_default === true && !persona.isDefault;
    if (becomesDefault) await clearDefaultPersona(tx, user.id);
    return updatePersona(tx, id, { ...valuesOf(body), ...(becomesDefault ? { isDefault: true } : {}) });
  });
}

export function deleteMyPersona(db: Database, user: UserRow, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    const persona = await ownedPersona(tx, user, id);
    if (persona.isDefault) {
      throw new AppError(400, "default_persona", PERSONA_MESSAGES.defaultPersonaDelete);
    }
    await deletePersona(tx, id);
  });
}
