import { PassThrough, type Readable } from "node:stream";
import { ACCOUNT_ARCHIVE, lorebookSchema } from "@hearth/contracts";
import { serializeCardJson, toSillyTavernWorldInfo, toV3Lorebook } from "@hearth/prompt";
import type { FastifyBaseLogger } from "fastify";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { AppContext } from "../../context";
import { fileBaseName } from "../../http/download";
import { notFound } from "../../http/errors";
import { cardFromCharacter, exportCard } from "../characters/index";
import type { TransferActor } from "./policy";
import { presentArchivePersonas, presentArchiveProfile } from "./presenter";
import {
  findAccount,
  listCreatedCharacters,
  listOwnConversationIds,
  listOwnLorebooks,
  listOwnPersonas,
} from "./repository";
import { chatFile, loadChat } from "./service";

const README = `Your data from Hearth

profile.json      your account (no password, no API key: only its masked hint)
personas.json     who you speak as in chats
characters/       the characters you created, as Character Card V3: JSON, and PNG with the card inside the picture
                  (import either here or in SillyTavern)
lorebooks/        your lorebooks, as V3 lorebooks (.v3.json) and SillyTavern world info (.sillytavern.json)
chats/            every conversation twice: Hearth's chat JSON (.hearth.json) and SillyTavern's chat JSONL (.jsonl);
                  both import back into Hearth (Chats > Import chat), the .jsonl into SillyTavern too
`;

/** A name unique within the archive: a short id keeps two characters or books of one name apart. */
const entryName = (dir: string, name: string, id: string, extension: string) =>
  `${dir}${fileBaseName(name, "item")}-${id.slice(0, 8)}${extension}`;

/** A stored book as a V3 lorebook and SillyTavern world info; as stored when it cannot be converted. */
function lorebookFiles(stored: Record<string, unknown>): [string, unknown][] {
  const parsed = lorebookSchema.safeParse(stored);
  if (!parsed.success) return [[".json", stored]];
  try {
    return [
      [".v3.json", toV3Lorebook(parsed.data)],
      [".sillytavern.json", toSillyTavernWorldInfo(parsed.data)],
    ];
  } catch {
    return [[".json", stored]];
  }
}

/**
 * `GET /api/account/export`: everything the member has here as one zip, written as it is read (chats one
 * at a time). What must exist is read before the first byte, so a missing account answers 404; a failure
 * later ends the download (the archive is then incomplete and unreadable, never silently short).
 */
export async function accountArchive(
  ctx: AppContext,
  actor: TransferActor,
  log: FastifyBaseLogger,
): Promise<{ filename: string; stream: Readable }> {
  const { db } = ctx.database;
  const account = await findAccount(db, actor.userId);
  if (!account) throw notFound();
  const [personas, characters, books, conversationIds] = await Promise.all([
    listOwnPersonas(db, actor.userId),
    listCreatedCharacters(db, actor.userId),
    listOwnLorebooks(db, actor.userId),
    listOwnConversationIds(db, actor),
  ]);
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const add = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  };
  // Pictures are compressed already: stored as they are.
  const addBytes = (name: string, bytes: Uint8Array) => {
    const file = new ZipPassThrough(name);
    zip.add(file);
    file.push(bytes, true);
  };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

  add(ACCOUNT_ARCHIVE.readme, README);
  add(ACCOUNT_ARCHIVE.profile, json(presentArchiveProfile(account)));
  add(ACCOUNT_ARCHIVE.personas, json(presentArchivePersonas(personas)));
  for (const character of characters) {
    add(
      entryName(ACCOUNT_ARCHIVE.charactersDir, character.name, character.id, ".v3.json"),
      serializeCardJson(cardFromCharacter(character, "v3")),
    );
  }
  for (const book of books) {
    const files = lorebookFiles(book.book);
    for (const [extension, value] of files) {
      add(entryName(ACCOUNT_ARCHIVE.lorebooksDir, book.name, book.id, extension), json(value));
    }
  }

  const writeChats = async () => {
    for (const character of characters) {
      // The card inside its picture, as the character page's export makes it; the JSON card is there anyway.
      const png = await exportCard(ctx, actor, character.id, { format: "png", spec: "v3" }).catch(() => null);
      if (png)
        addBytes(
          entryName(ACCOUNT_ARCHIVE.charactersDir, character.name, character.id, ".v3.png"),
          png.bytes,
        );
    }
    const now = new Date();
    for (const id of conversationIds) {
      const chat = await loadChat(db, actor, id);
      if (!chat) continue;
      for (const format of ["hearth", "sillytavern"] as const) {
        const file = chatFile(chat, format, now);
        add(`${ACCOUNT_ARCHIVE.chatsDir}${file.filename}`, file.body);
      }
      // Let the written chunks drain before reading the next chat.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve));
    }
    zip.end();
  };
  writeChats().catch((error: unknown) => {
    log.error({ err: error instanceof Error ? { message: error.message } : {} }, "account archive failed");
    out.destroy(error instanceof Error ? error : new Error("account archive failed"));
  });
  const date = new Date().toISOString().slice(0, 10);
  return {
    filename: `hearth-data-${fileBaseName(account.username ?? "member", "member")}-${date}.zip`,
    stream: out,
  };
}
