import type { Character, ConversationDetail, GenerationSettings, Message, Persona } from "@hearth/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { useAppConfig } from "../../../lib/app-config";
import { useSession } from "../../../lib/session";
import { cloneConversation } from "../api/clone-conversation";
import { blockCreator, unblockCreator, useBlockedCreators } from "../api/creator-block";
import { useInferenceModels } from "../api/inference-models";
import { usePersonas } from "../api/personas";
import { chatKeys } from "../api/query-keys";
import { type ChatbotRating, rateCharacter } from "../api/rate-character";
import { rateMessage } from "../api/rate-message";
import { removeMessagesFrom } from "../api/remove-messages";
import { reportMessage } from "../api/report-message";
import { updateConversation } from "../api/update-conversation";
import { BLOCKING_CODES, useChat } from "../hooks/use-chat";
import {
  loadGenerationSettings,
  saveGenerationSettings,
  settingsForRequest,
} from "../lib/generation-settings";
import { alternateKeyDirection, isMobileDevice } from "../lib/keyboard";
import { ChatHeader, type ChatMenuAction, chatMenuItems } from "./chat-header";
import { ChatInput, type ChatInputHandle } from "./chat-input";
import { CloneModal } from "./clone-modal";
import { BlockCreatorModal, RateChatbotModal } from "./confirm-modals";
import { type Audience, BLOCKED_CREATOR_MESSAGE, ErrorBar } from "./error-bar";
import { GenerationSettingsModal } from "./generation-settings-modal";
import { MemoryManagerModal } from "./memory-manager-modal";
import type { MessageActions } from "./message-item";
import { MessageList } from "./message-list";
import { ModelModal } from "./model-modal";
import { PersonaModal } from "./persona-modal";
import { ReportModal } from "./report-modal";
import { ShareModal } from "./share-modal";
import { TitleModal } from "./title-modal";

export const GUEST_NOTICE =
  "As a guest you have limited text and image generation, and your chats are not saved.";

/**
 * Extension points for later features (no UI of their own yet): the waiting-room banner, content under
 * a message (generated images, voice playback, ads) and buttons beside Send (speech input, images).
 */
export type ChatExtensions = {
  banner?: ReactNode;
  renderMessageExtra?: (message: Message, index: number) => ReactNode;
  inputButtons?: ReactNode;
  headerButtons?: ReactNode;
};

export type ChatViewProps = {
  character: Character;
  detail: ConversationDetail | undefined;
  onConversationCreated: (id: string) => void;
  refreshConversation: () => void;
  extensions?: ChatExtensions;
};

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

type Toast = { text: string; tone: "ok" | "error" };

/** The chat page once its character (and conversation, if any) are loaded. */
export function ChatView({
  character,
  detail,
  onConversationCreated,
  refreshConversation,
  extensions,
}: ChatViewProps) {
  const session = useSession();
  const config = useAppConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const member = session.status === "member" && session.user !== null;
  const user = session.user;
  const permissions = session.permissions;
  const canTune = permissions.includes("generation_settings");
  const isCreator = Boolean(user && user.id === character.creator_user_id);
  const isPublic = character.visibility === "public";
  const immersive = config.data?.flags.chat_layout_v2 === true;
  const notificationMs = Number(config.data?.settings.notification_duration_ms ?? 4000);

  const [settings, setSettings] = useState<GenerationSettings>(loadGenerationSettings);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const [personaId, setPersonaId] = useState<string | null>(detail?.persona?.id ?? null);
  const [label, setLabel] = useState<string | null>(detail?.label ?? null);
  const [input, setInput] = useState("");
  const [modal, setModal] = useState<ChatMenuAction | null>(null);
  const [reportTarget, setReportTarget] = useState<Message | null>(null);
  const [removal, setRemoval] = useState<{ active: boolean; fromId: string | null }>({
    active: false,
    fromId: null,
  });
  const [removing, setRemoving] = useState(false);
  const [cloning, setCloning] = useState(false);
  const [unblocking, setUnblocking] = useState(false);
  const [chatbotRating, setChatbotRating] = useState<ChatbotRating | null>(null);
  const [toast, setToast] = useState<Toast | null>(null);
  const composer = useRef<ChatInputHandle>(null);
  /**
   * After regenerate, continue, Resubmit or Suggest the caret goes back to the input once the reply is
   * written, on desktop only: on a phone that would open the keyboard over the new reply.
   */
  const focusComposerAfterReply = useCallback(() => {
    if (!isMobileDevice()) composer.current?.focusWhenReady();
  }, []);

  useEffect(() => {
    if (!detail) return;
    setLabel(detail.label);
    setPersonaId(detail.persona?.id ?? null);
  }, [detail]);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), notificationMs);
    return () => window.clearTimeout(timer);
  }, [toast, notificationMs]);

  const ensureIdentity = useCallback(async () => {
    if (session.status === "anonymous") await session.continueAsGuest();
  }, [session]);

  const chat = useChat({
    characterId: character.id,
    conversationId: detail?.id,
    greeting: character.greeting,
    detail,
    personaId,
    generationSettings: () => settingsForRequest(settingsRef.current, canTune),
    ensureIdentity,
    onConversationCreated,
    refresh: refreshConversation,
    // A message refused before it was saved (e.g. the daily limit) goes back to the input, unsent.
    onUnsent: (text) => setInput((current) => (current.trim() ? current : text)),
  });

  const conversationId = chat.conversationId ?? detail?.id;
  const blockedCreators = useBlockedCreators(member && !isCreator);
  const creatorBlocked = blockedCreators.data?.data.some((c) => c.id === character.creator_user_id) ?? false;
  const { setFailure } = chat;
  useEffect(() => {
    if (creatorBlocked) setFailure({ code: "blockedBotCreator", message: BLOCKED_CREATOR_MESSAGE });
  }, [creatorBlocked, setFailure]);
  const models = useInferenceModels(modal === "model");
  const personas = usePersonas(member && modal === "persona");
  const invalidateLists = useCallback(
    () => queryClient.invalidateQueries({ queryKey: chatKeys.conversationLists }),
    [queryClient],
  );

  const blocked = chat.failure !== null && BLOCKING_CODES.has(chat.failure.code);
  const busy = chat.typing !== null;
  const userName = detail?.persona?.name ?? user?.name ?? user?.username ?? "You";
  const audience: Audience = !member
    ? "guest"
    : user && user.role !== "free" && user.role !== "guest"
      ? "subscriber"
      : "free";

  const actions = useMemo<MessageActions>(
    () => ({
      copy: copyText,
      edit: chat.editMessage,
      rate: async (messageId, rating, ratingLabel) => {
        try {
          await rateMessage(messageId, ratingLabel ? { rating, label: ratingLabel } : { rating });
          chat.patchMessage(messageId, { rating, rating_label: ratingLabel });
          return true;
        } catch {
          return false;
        }
      },
      report: setReportTarget,
      showAlternate: (messageId, index) => void chat.showAlternate(messageId, index, member),
      regenerate: () => {
        focusComposerAfterReply();
        chat.regenerate();
      },
      continueReply: () => {
        focusComposerAfterReply();
        chat.continueReply();
      },
      selectForRemoval: (fromId) => setRemoval({ active: true, fromId }),
    }),
    [
      chat.editMessage,
      chat.patchMessage,
      chat.showAlternate,
      chat.regenerate,
      chat.continueReply,
      member,
      focusComposerAfterReply,
    ],
  );

  // ArrowLeft / ArrowRight browse the last reply's alternates, except in modals and text fields.
  const lastMessage = chat.messages.at(-1);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const modalOpen =
        modal !== null || reportTarget !== null || document.querySelector('[role="dialog"]') !== null;
      const direction = alternateKeyDirection(event, modalOpen);
      if (!direction || !lastMessage || lastMessage.role !== "bot" || busy) return;
      const next = lastMessage.alternate_index + direction;
      if (lastMessage.alternates.length < 2 || next < 0 || next >= lastMessage.alternates.length) return;
      event.preventDefault();
      void chat.showAlternate(lastMessage.id, next, member);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [modal, reportTarget, lastMessage, busy, chat.showAlternate, member]);

  const send = () => {
    if (!input.trim()) return;
    chat.send(input);
    setInput("");
  };

  const suggest = async () => {
    focusComposerAfterReply();
    const before = input;
    const suggestion = await chat.suggest(setInput);
    setInput(suggestion ?? before);
  };

  const menu = chatMenuItems({
    share: true,
    settings: true,
    model: true,
    persona: member,
    memories: member && Boolean(conversationId) && permissions.includes("memory_manager"),
    title: member && Boolean(conversationId),
    clone: member && Boolean(conversationId),
    remove: member && Boolean(conversationId) && chat.messages.length > 1,
    rate: member && isPublic && !isCreator,
    block: member && isPublic && !isCreator,
  });

  const onAction = (action: ChatMenuAction) => {
    if (action === "remove") setRemoval({ active: true, fromId: null });
    else setModal(action);
  };

  const closeModal = (open: boolean) => {
    if (!open) setModal(null);
  };

  const removeSelected = async () => {
    if (!conversationId || !removal.fromId) return;
    setRemoving(true);
    try {
      await removeMessagesFrom(conversationId, removal.fromId);
      chat.dropFrom(removal.fromId);
      setRemoval({ active: false, fromId: null });
      void invalidateLists();
    } catch (error) {
      setToast({
        text: error instanceof Error ? error.message : "Uh oh, something went wrong",
        tone: "error",
      });
    } finally {
      setRemoving(false);
    }
  };

  const manageHref = `/personas?${new URLSearchParams({
    from: "chat",
    character_id: character.id,
    character_name: character.name,
  })}`;

  return (
    <div
      className={cn(
        "relative isolate flex flex-1 flex-col",
        // Layout v2: immersive, the character's picture fills the background and the bubbles float on glass.
        immersive &&
          "[&_.chat-bubble-bot]:bg-black/40 [&_.chat-bubble-bot]:ring-white/10 [&_.chat-bubble-bot]:backdrop-blur-md in-[.light]:[&_.chat-bubble-bot]:bg-white/70",
      )}
      data-layout={immersive ? "v2" : "v1"}
    >
      {immersive ? (
        <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-0 overflow-hidden">
          {character.avatar_url ? (
            <img
              src={character.avatar_url}
              alt=""
              className="h-full w-full scale-110 object-cover opacity-70 blur-xl"
            />
          ) : (
            <div className="h-full w-full bg-gradient-to-br from-brand-900 via-surface-0 to-accent-900 opacity-70" />
          )}
          <div className="absolute inset-0 bg-gradient-to-b from-surface-0/40 via-surface-0/60 to-surface-0/95" />
        </div>
      ) : null}
      <ChatHeader
        characterId={character.id}
        characterName={character.name}
        avatarUrl={character.avatar_url}
        creatorUsername={character.creator_username}
        title={label}
        isCreator={isCreator}
        savedChats={member}
        menu={menu}
        onAction={onAction}
        immersive={immersive}
        extra={extensions?.headerButtons}
      />
      <div className="relative z-10 mx-auto flex w-full max-w-[800px] flex-1 flex-col px-3 pt-4 pb-2 sm:px-4">
        {extensions?.banner}
        {immersive ? (
          <div className="mb-6 flex flex-col items-center gap-3 pt-4 text-center">
            <div className="h-28 w-28 overflow-hidden rounded-full ring-4 ring-brand-500/40 shadow-2xl">
              {character.avatar_url ? (
                <img src={character.avatar_url} alt="" className="h-full w-full object-cover" />
              ) : (
                <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-500 to-accent-500 text-4xl font-bold text-white">
                  {Array.from(character.name)[0]?.toUpperCase()}
                </div>
              )}
            </div>
            <div>
              <h1 className="text-2xl font-extrabold text-text-1">{character.name}</h1>
              {character.title ? (
                <p className="mt-1 max-w-md text-sm text-text-2">{character.title}</p>
              ) : null}
            </div>
          </div>
        ) : (
          <h1 className="sr-only">Chat with {character.name}</h1>
        )}
        {!member ? (
          <div className="mb-3 flex items-start gap-2.5 rounded-2xl border border-surface-3 bg-surface-1/80 p-3 text-sm text-text-2">
            <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
            <p className="flex-1">
              {GUEST_NOTICE}{" "}
              <Link to="/register" className="font-semibold text-brand-300 hover:underline">
                Sign Up Free
              </Link>
            </p>
          </div>
        ) : null}
        <MessageList
          messages={chat.messages}
          unsentId={chat.unsentId}
          oldestIncludedId={chat.oldestIncludedId}
          streaming={chat.streaming}
          characterName={character.name}
          characterAvatar={character.avatar_url}
          userName={userName}
          busy={busy}
          canRate={member}
          canEdit={member}
          removal={removal}
          actions={actions}
          renderExtra={extensions?.renderMessageExtra}
        />
      </div>
      <div className="sticky bottom-0 z-20 bg-gradient-to-t from-surface-0 via-surface-0/95 to-transparent pt-6 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <div className="mx-auto flex w-full max-w-[800px] flex-col gap-2 px-3 sm:px-4">
          {toast ? (
            <p
              role="status"
              className={cn(
                "self-center rounded-full bg-surface-2 px-4 py-1.5 text-sm font-medium shadow-lg ring-1 ring-surface-3",
                toast.tone === "ok" ? "text-success" : "text-danger",
              )}
            >
              {toast.text}
            </p>
          ) : null}
          {chat.failure ? (
            <ErrorBar
              failure={chat.failure}
              audience={audience}
              canResubmit={chat.canResubmit}
              onResubmit={() => {
                focusComposerAfterReply();
                chat.resubmit();
              }}
              onDismiss={chat.dismissFailure}
              unblocking={unblocking}
              onUnblock={async () => {
                setUnblocking(true);
                try {
                  await unblockCreator(character.creator_user_id);
                  await blockedCreators.refetch();
                  chat.dismissFailure();
                  setToast({ text: "Creator unblocked", tone: "ok" });
                } catch (error) {
                  setToast({
                    text: error instanceof Error ? error.message : "Uh oh, something went wrong",
                    tone: "error",
                  });
                } finally {
                  setUnblocking(false);
                }
              }}
            />
          ) : null}
          {removal.active ? (
            <div className="flex flex-col gap-2 rounded-2xl border border-danger/40 bg-surface-1 p-3 text-sm sm:flex-row sm:items-center">
              <p className="flex-1 text-text-2">
                Select the first message to remove. It and every message after it will be removed.
              </p>
              <div className="flex justify-end gap-2">
                <Button variant="ghost" size="sm" onClick={() => setRemoval({ active: false, fromId: null })}>
                  Cancel
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  loading={removing}
                  disabled={!removal.fromId}
                  onClick={() => void removeSelected()}
                >
                  Remove
                </Button>
              </div>
            </div>
          ) : (
            <ChatInput
              handleRef={composer}
              value={input}
              onChange={setInput}
              onSend={send}
              onStop={chat.stop}
              onSuggest={() => void suggest()}
              typing={chat.typing}
              characterName={character.name}
              disabled={blocked || cloning}
              extraButtons={extensions?.inputButtons}
            />
          )}
        </div>
      </div>

      <ShareModal
        open={modal === "share"}
        onOpenChange={closeModal}
        characterId={character.id}
        characterName={character.name}
        copy={copyText}
      />
      <GenerationSettingsModal
        open={modal === "settings"}
        onOpenChange={closeModal}
        settings={settings}
        canTune={canTune}
        onSave={(next) => {
          setSettings(next);
          saveGenerationSettings(next);
        }}
      />
      <ModelModal
        open={modal === "model"}
        onOpenChange={closeModal}
        models={models.data?.data ?? []}
        loading={models.isPending}
        failed={models.isError}
        selectedId={settings.inference_model_id}
        onSelect={(id) => {
          const next = { ...settings, inference_model_id: id };
          setSettings(next);
          saveGenerationSettings(next);
        }}
      />
      {member ? (
        <PersonaModal
          open={modal === "persona"}
          onOpenChange={closeModal}
          personas={personas.data?.data ?? []}
          loading={personas.isPending}
          failed={personas.isError}
          currentId={personaId}
          confirmChange={Boolean(conversationId)}
          manageHref={manageHref}
          onChoose={async (persona: Persona) => {
            if (conversationId) {
              await updateConversation(conversationId, { user_persona_id: persona.id });
              refreshConversation();
            }
            setPersonaId(persona.id);
            setToast({ text: `You are now chatting as ${persona.name}`, tone: "ok" });
          }}
        />
      ) : null}
      {conversationId && member ? (
        <>
          <TitleModal
            open={modal === "title"}
            onOpenChange={closeModal}
            current={label ?? ""}
            onSave={async (title) => {
              await updateConversation(conversationId, { label: title });
              setLabel(title);
              void invalidateLists();
            }}
          />
          <CloneModal
            open={modal === "clone"}
            onOpenChange={closeModal}
            messages={chat.messages}
            defaultTitle={label ? `${label} (copy)` : `Chat with ${character.name}`}
            characterName={character.name}
            onClone={async (title, upTo) => {
              setCloning(true);
              try {
                const clone = await cloneConversation(conversationId, {
                  title,
                  ...(upTo ? { up_to_message_id: upTo } : {}),
                });
                void invalidateLists();
                navigate(`/chat/${character.id}/${clone.id}`);
              } finally {
                setCloning(false);
              }
            }}
          />
          <MemoryManagerModal
            open={modal === "memories"}
            onOpenChange={closeModal}
            conversationId={conversationId}
          />
        </>
      ) : null}
      {member ? (
        <>
          <RateChatbotModal
            open={modal === "rate"}
            onOpenChange={closeModal}
            characterName={character.name}
            current={chatbotRating}
            onRate={async (rating) => {
              try {
                await rateCharacter(character.id, rating, chat.messages.length);
                setChatbotRating(rating);
                setModal(null);
                setToast({ text: "Rating Submitted", tone: "ok" });
              } catch {
                setToast({ text: "Failed to submit rating", tone: "error" });
              }
            }}
          />
          <BlockCreatorModal
            open={modal === "block"}
            onOpenChange={closeModal}
            creatorName={character.creator_username ? `@${character.creator_username}` : "this creator"}
            onBlock={async () => {
              await blockCreator(character.creator_user_id);
              void blockedCreators.refetch();
              chat.setFailure({ code: "blockedBotCreator", message: BLOCKED_CREATOR_MESSAGE });
            }}
          />
        </>
      ) : null}
      <ReportModal
        open={reportTarget !== null}
        onOpenChange={(open) => {
          if (!open) setReportTarget(null);
        }}
        onSubmit={async (reason, comment) => {
          if (!reportTarget || !conversationId) return;
          await reportMessage(reportTarget.id, {
            conversation_id: conversationId,
            character_id: character.id,
            label: reason,
            comment,
          });
        }}
      />
      {blocked && chat.failure?.code === "invalidAccess" ? (
        <div className="mx-auto mb-4 flex max-w-[800px] justify-center px-3">
          <ButtonLink to="/" variant="secondary" size="sm">
            Back to home
          </ButtonLink>
        </div>
      ) : null}
    </div>
  );
}
