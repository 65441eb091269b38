import {
  type ErrorCode,
  type GenerateRequest,
  IMAGE_GATE_CODES,
  type ImageProgressEvent,
  type Message,
} from "@hearth/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { generate } from "../api/generate";
import type { ChatStore } from "./use-chat-store";

/** Which image dialog is open: the gate's three (chat spec 6) and "images are not available". */
export type ImageDialog = "training" | "premium" | "supporter" | "unavailable" | null;

/** An image being made: its progress (null until the engine reports), or why it failed. */
export type ImageRun = {
  /** The image message whose image is made again (an edited prompt); null: a new image message. */
  targetId: string | null;
  progress: ImageProgressEvent | null;
  error: string | null;
  running: boolean;
};

/** A new chat has no conversation yet: its first message makes one. */
export const IMAGE_NEEDS_CONVERSATION = "Send a message first, then ask for an image.";

const GATE_DIALOGS: Partial<Record<ErrorCode, Exclude<ImageDialog, null>>> = {
  [IMAGE_GATE_CODES.training]: "training",
  [IMAGE_GATE_CODES.premium]: "premium",
  [IMAGE_GATE_CODES.supporter]: "supporter",
  images_unavailable: "unavailable",
};

/**
 * Images in the chat: the generate call with `type: "image"` (a new image from the chat, or an image
 * message's image made again from an edited prompt). Progress events fill `run`; the saved image message
 * joins the transcript through the chat store. A refusal of the image gate opens its dialog; other
 * refusals (the prompt check, the content guidelines, the engine) show in `run.error`.
 */
export function useImageGeneration(options: { store: ChatStore; characterId: string }) {
  const { store, characterId } = options;
  const [run, setRun] = useState<ImageRun | null>(null);
  const [dialog, setDialog] = useState<ImageDialog>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const start = useCallback(
    async (request: { prompt?: string; target?: Message } = {}) => {
      const conversationId = store.get().conversationId;
      if (abortRef.current) return;
      if (!conversationId) {
        setRun({ targetId: null, progress: null, error: IMAGE_NEEDS_CONVERSATION, running: false });
        return;
      }
      const controller = new AbortController();
      abortRef.current = controller;
      const targetId = request.target?.id ?? null;
      setRun({ targetId, progress: null, error: null, running: true });
      const body: GenerateRequest = {
        character_id: characterId,
        conversation_id: conversationId,
        type: "image",
        ...(request.prompt ? { image_prompt: request.prompt } : {}),
        ...(targetId ? { target_message_id: targetId } : {}),
      };
      try {
        const done = await generate(
          body,
          {
            onToken: () => {},
            onImageProgress: (progress) =>
              setRun((current) => (current ? { ...current, progress } : current)),
          },
          controller.signal,
        );
        if (done.message) {
          store.dispatch({
            type: "done",
            message: done.message,
            oldestIncludedId: store.get().oldestIncludedId,
          });
        }
        setRun(null);
      } catch (error) {
        if (controller.signal.aborted) {
          setRun(null);
          return;
        }
        const gate = error instanceof ApiError ? GATE_DIALOGS[error.code as ErrorCode] : undefined;
        if (gate) {
          setRun(null);
          setDialog(gate);
          return;
        }
        const message = error instanceof Error ? error.message : "Uh oh, something went wrong";
        setRun({ targetId, progress: null, error: message, running: false });
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
      }
    },
    [store, characterId],
  );

  const cancel = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    setRun(null);
  }, []);

  return { run, dialog, setDialog, start, cancel, dismiss: () => setRun(null) };
}

export type ImageGeneration = ReturnType<typeof useImageGeneration>;
