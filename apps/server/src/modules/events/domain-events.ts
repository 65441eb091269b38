import { characterRatingPayloadSchema, characterSuggestTagsPayloadSchema } from "@hearth/contracts";
import type { z } from "zod";
import type { ServerConfig } from "../../config";
import type { Database } from "../../db/client";
import { AppError } from "../../http/errors";
import type { AuthContext } from "../auth/context";
import { suggestTags } from "../characters/tag-suggestions";
import { viewerOf } from "../characters/viewer";
import { rateCharacter } from "../ratings/service";

type Handler = (
  db: Database,
  auth: AuthContext,
  payload: unknown,
  config: Pick<ServerConfig, "brand">,
) => Promise<void>;

/** Validates an event payload; problems answer 400 with `payload.<field>` paths. */
function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[["payload", ...issue.path].join(".")] ??= issue.message;
  throw new AppError(400, "validation_error", Object.values(fields)[0] ?? "Invalid payload", fields);
}

/** Events that change data besides being recorded; they run in the transaction that records them. */
export const DOMAIN_EVENTS: Record<string, Handler> = {
  characterRating: async (db, auth, payload, config) => {
    await rateCharacter(
      db,
      auth,
      viewerOf(auth, config),
      parsePayload(characterRatingPayloadSchema, payload),
    );
  },
  characterSuggestTags: async (db, auth, payload, config) => {
    await suggestTags(
      db,
      auth,
      viewerOf(auth, config),
      parsePayload(characterSuggestTagsPayloadSchema, payload),
    );
  },
};
