import type { ConversationSummary } from "@hearth/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, renderWithProviders, stubApi } from "../../../test/app-fixtures";
import { makeSession, makeUser, SessionStub } from "../../../test/session-fixtures";
import { IMPORT_TEXT, ImportChatButton } from "./import-chat-dialog";

const CHARACTER_ID = "11111111-1111-4111-8111-111111111111";
const CONVERSATION_ID = "22222222-2222-4222-8222-222222222222";

const summary: ConversationSummary = {
  id: "33333333-3333-4333-8333-333333333333",
  character_id: CHARACTER_ID,
  character: {
    id: CHARACTER_ID,
    name: "Seraphina",
    title: "Guardian of the glade",
    avatar_url: null,
    avatar_is_nsfw: false,
    creator_username: "maker",
  },
  user_persona_id: null,
  label: null,
  last_message: null,
  is_last_id: true,
  created_at: "2024-01-01T00:00:00.000Z",
  updated_at: "2024-01-01T00:00:00.000Z",
};

function setup(importAnswer: () => Response) {
  const bodies: unknown[] = [];
  stubApi({
    "/api/conversations": () => json({ data: [summary] }),
    "/api/users/characters": () => json({ data: [] }),
    "/api/conversations/import": (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return importAnswer();
    },
  });
  const user = makeUser();
  renderWithProviders(
    <SessionStub value={makeSession({ status: "member", user, permissions: user.permissions })}>
      <ImportChatButton />
    </SessionStub>,
  );
  fireEvent.click(screen.getByRole("button", { name: IMPORT_TEXT.button }));
  return { bodies, dialog: screen.getByRole("dialog", { name: IMPORT_TEXT.title }) };
}

function chooseFile(dialog: HTMLElement, text: string, name = "fireside.jsonl") {
  const file = new File([text], name, { type: "application/x-ndjson" });
  fireEvent.change(within(dialog).getByLabelText(IMPORT_TEXT.file), { target: { files: [file] } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ImportChatDialog", () => {
  it("asks for a file and a character before sending anything", async () => {
    const { bodies, dialog } = setup(() => json({}, 500));
    fireEvent.click(within(dialog).getByRole("button", { name: IMPORT_TEXT.submit }));
    expect(await within(dialog).findByText(IMPORT_TEXT.noFile)).toBeTruthy();
    expect(within(dialog).getByText(IMPORT_TEXT.noCharacter)).toBeTruthy();
    expect(within(dialog).getByLabelText(IMPORT_TEXT.file).getAttribute("aria-invalid")).toBe("true");
    expect(bodies).toEqual([]);
  });

  it("sends the file's text with the chosen character from the recent chats, then opens the new chat", async () => {
    const { bodies, dialog } = setup(() =>
      json(
        {
          conversation_id: CONVERSATION_ID,
          character_id: CHARACTER_ID,
          format: "sillytavern",
          message_count: 2,
        },
        201,
      ),
    );
    chooseFile(dialog, '{"user_name":"Ann"}\n{"mes":"hi","is_user":true}');
    fireEvent.click(await within(dialog).findByRole("radio", { name: /Seraphina/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: IMPORT_TEXT.submit }));
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(`/chat/${CHARACTER_ID}/${CONVERSATION_ID}`),
    );
    expect(bodies).toEqual([
      {
        character_id: CHARACTER_ID,
        file: '{"user_name":"Ann"}\n{"mes":"hi","is_user":true}',
        label: "fireside",
      },
    ]);
  });

  it("shows the server's refusal on the file field and stays open", async () => {
    const message = "Line 2 is not valid JSON: this is not a SillyTavern chat file (.jsonl).";
    const { dialog } = setup(() =>
      json({ error: { code: "validation_error", message, fields: { file: message } } }, 400),
    );
    chooseFile(dialog, "{}\nnot json");
    fireEvent.click(await within(dialog).findByRole("radio", { name: /Seraphina/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: IMPORT_TEXT.submit }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/");
  });
});
