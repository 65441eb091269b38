import type { Character, FeatureFlag, GenerateRequest, Message } from "@hearth/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useBlockedCreators, useSetCreatorBlocked } from "../../../api/blocked-creators";
import { useAppConfig } from "../../../api/config";
import { conversationKeys } from "../../../api/conversations";
import { ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { useSession } from "../../../lib/session";
import { useAlternateKeys } from "../hooks/use-alternate-keys";
import { useChat } from "../hooks/use-chat";
import { useChatSelector, useChatStore } from "../hooks/use-chat-store";
import { useGenerationSettings } from "../hooks/use-generation-settings";
import { useModalController } from "../hooks/use-modal-controller";
import { useStickToBottom } from "../hooks/use-stick-to-bottom";
import { useToast } from "../hooks/use-toast";
import { isBranchState } from "../lib/branch";
import type { Audience } from "../lib/chat-errors";
import { type ChatState, draftChatState } from "../lib/chat-state";
import { settingsForRequest } from "../lib/generation-settings";
import { isMobileDevice } from "../lib/keyboard";
import { currentUserName } from "../lib/user-name";
import { ChatBackdrop, ChatHero } from "./chat-backdrop";
import { type ChatExtraMenuItem, ChatHeader, type ChatMenuAction, chatMenuItems } from "./chat-header";
import type { ChatInputHandle } from "./chat-input";
import { ChatModals, copyText } from "./chat-modals";
import { Composer, RemovalBar } from "./composer";
import { BLOCKED_CREATOR_MESSAGE } from "./error-bar";
import { useImageChat } from "./image-chat";
import type { MessageActions } from "./message-item";
import { type Removal, Transcript } from "./transcript";

export const GUEST_NOTICE =
  "As a guest you have limited text and image generation, and your chats are not saved.";

/**
 * The feature flag that brings back the classic (v1) chat layout. The default (v2) shows the
 * character's picture behind the chat.
 */
export const CLASSIC_CHAT_LAYOUT_FLAG = "chat_layout_v1" satisfies FeatureFlag;

/**
 * Extension points for other features, composed by the page (the chat imports none of them): a banner
 * above the conversation (the waiting room's), content under a message (generated images, voice
 * playback, ads), buttons beside Send (speech input, images) and in the header, a lock on generating,
 * and word of failed generations.
 */
export type ChatExtensions = {
  banner?: ReactNode;
  renderMessageExtra?: (message: Message, index: number) => ReactNode;
  inputButtons?: ReactNode;
  headerButtons?: ReactNode;
  /** More options in the chat menu, after its own (e.g. Export chat), each run when chosen. */
  menuItems?: ChatExtraMenuItem[];
  /** Added to each new message's generate request (a group chat's pick of who answers). */
  requestExtras?: () => Pick<GenerateRequest, "speaker_id">;
  /** A bot message's own speaker (a group chat's character), shown instead of the chat's character. */
  speakerOf?: (
    message: Pick<Message, "role" | "speaker_id">,
  ) => { name: string; avatarUrl: string | null } | null;
  /** Content above the composer, with what it may ask of the chat (a group chat's bar: speak now). */
  renderAboveComposer?: (controls: ChatControls) => ReactNode;
  /** In the header instead of the character's picture and name, and who the input writes to (a group). */
  identity?: { header: ReactNode; name: string };
  /**
   * Nothing may be generated for now (the waiting room): Send, Suggest, regenerate, continue and
   * Resubmit are off and `reason` shows by the input, which stays open for writing. Absent: unlocked.
   */
  sendLocked?: { reason: string };
  /** A generation failed with this error code (e.g. `waiting_room`: the page asks the queue again). */
  onGenerationFailed?: (code: string) => void;
};

/** What an extension may ask of the chat: a new reply by one character (no new message), if none runs. */
export type ChatControls = { speak: (characterId: string) => void; busy: boolean };

const selectReplying = (state: ChatState) => state.turn !== null;

export type ChatViewProps = {
  character: Character;
  /** The loaded conversation; a new chat when absent (it starts with the character's greeting). */
  conversation: ChatState | undefined;
  onConversationCreated: (id: string) => void;
  extensions?: ChatExtensions;
};

function selectView(state: ChatState) {
  return {
    conversationId: state.conversationId,
    label: state.label,
    persona: state.persona,
    messageCount: state.messageCount,
    failureCode: state.failure?.code ?? null,
  };
}

const NO_REMOVAL: Removal = { active: false, fromId: null };

/**
 * The chat page once its character (and conversation, if any) are loaded: the header, the transcript,
 * the composer and the dialogs, around one store (use-chat-store.ts) that the reducer writes.
 */
export function ChatView({ character, conversation, onConversationCreated, extensions }: ChatViewProps) {
  const session = useSession();
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const user = session.user;
  const member = session.status === "member" && user !== null;
  const canTune = session.permissions.includes("generation_settings");
  const isCreator = Boolean(user && user.id === character.creator_user_id);
  const isPublic = character.visibility === "public";
  const classic = config.data?.flags[CLASSIC_CHAT_LAYOUT_FLAG] === true;
  const notificationMs = Number(config.data?.settings.notification_duration_ms ?? 4000);

  const store = useChatStore(() => conversation ?? draftChatState(character.greeting, character.name));
  const { conversationId, label, persona, messageCount, failureCode } = useChatSelector(store, selectView);
  const [settings, saveSettings] = useGenerationSettings();
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const [toast, showToast] = useToast(notificationMs);
  const [removal, setRemoval] = useState<Removal>(NO_REMOVAL);
  /** A group chat's reply being written: who writes it (the start event names it). */
  const [replySpeakerId, setReplySpeakerId] = useState<string | null>(null);
  const composer = useRef<ChatInputHandle>(null);
  const main = useRef<HTMLDivElement>(null);
  const footer = useRef<HTMLDivElement>(null);
  useStickToBottom([main, footer]);

  /**
   * After regenerate, continue, Resubmit or Suggest the caret goes back to the input once the reply is
   * written, on desktop only: on a phone that would open the keyboard over the new reply.
   */
  const focusAfterReply = useCallback(() => {
    if (!isMobileDevice()) composer.current?.focusWhenReady();
  }, []);
  const modals = useModalController(() => composer.current?.focus());
  const extensionsRef = useRef(extensions);
  extensionsRef.current = extensions;

  const userName = currentUserName(persona, user);
  const chat = useChat({
    store,
    characterId: character.id,
    userName,
    member,
    generationSettings: () => settingsForRequest(settingsRef.current, canTune),
    ensureIdentity: async () => {
      if (session.status === "anonymous") await session.continueAsGuest();
    },
    onConversationCreated,
    onSaved: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.lists }),
    onFailed: (failure) => extensionsRef.current?.onGenerationFailed?.(failure.code),
    requestExtras: () => extensionsRef.current?.requestExtras?.() ?? {},
    onReplySpeaker: setReplySpeakerId,
  });
  const replying = useChatSelector(store, selectReplying) ?? false;
  useAlternateKeys(store, chat, modals.open !== null);

  const lockReason = extensions?.sendLocked?.reason ?? null;
  const generateLocked = lockReason !== null;
  const generateLockedRef = useRef(generateLocked);
  generateLockedRef.current = generateLocked;
  // Images in the chat (image-chat.tsx): the button, the progress under the transcript, the dialogs.
  const imageChat = useImageChat({ store, character, busy: replying || generateLocked });
  const imageChatRef = useRef(imageChat);
  imageChatRef.current = imageChat;
  // Once the lock lifts (the visitor's turn came), a refusal for being in the waiting room is old news.
  const wasLocked = useRef(generateLocked);
  const { dismissFailure } = chat;
  useEffect(() => {
    if (wasLocked.current && !generateLocked && failureCode === "waiting_room") dismissFailure();
    wasLocked.current = generateLocked;
  }, [generateLocked, failureCode, dismissFailure]);

  const blockedCreators = useBlockedCreators(member && !isCreator);
  const setCreatorBlocked = useSetCreatorBlocked();
  const creatorBlocked = blockedCreators.data?.some((c) => c.id === character.creator_user_id) ?? false;
  const { showFailure } = chat;
  useEffect(() => {
    if (creatorBlocked) showFailure({ code: "blockedBotCreator", message: BLOCKED_CREATOR_MESSAGE });
  }, [creatorBlocked, showFailure]);

  const audience: Audience = !member
    ? "guest"
    : user.role !== "free" && user.role !== "guest"
      ? "subscriber"
      : "free";

  const actions = useMemo<MessageActions>(
    () => ({
      copy: copyText,
      edit: chat.editMessage,
      rate: chat.rateMessage,
      report: (message) => modals.show("report", message),
      showAlternate: (messageId, index) => void chat.showAlternate(messageId, index),
      regenerate: (messageId) => {
        if (generateLockedRef.current) return;
        const state = store.get();
        const message = state.messages.find((m) => m.id === messageId);
        if (!message) return;
        // An older reply: the member chooses to keep the messages after it or to branch a new chat.
        if (state.hasMoreAfter || state.messages.at(-1)?.id !== messageId) {
          modals.show("regenerate", message);
          return;
        }
        focusAfterReply();
        chat.regenerate();
      },
      continueReply: () => {
        if (generateLockedRef.current) return;
        focusAfterReply();
        chat.continueReply();
      },
      selectForRemoval: (fromId) => setRemoval({ active: true, fromId }),
      renderImage: (message, busy) => imageChatRef.current.renderImage(message, busy),
    }),
    [chat, store, modals.show, focusAfterReply],
  );

  // A chat branched from an older reply opens by writing that reply's new version (regenerate-modal.tsx).
  const location = useLocation();
  const navigate = useNavigate();
  const branched = useRef(false);
  useEffect(() => {
    if (branched.current || !isBranchState(location.state) || !conversationId) return;
    branched.current = true;
    // Once: a reload of the page must not write another version.
    navigate(location.pathname, { replace: true, state: null });
    if (!generateLockedRef.current) chat.regenerate();
  }, [location.state, location.pathname, conversationId, navigate, chat]);

  const saved = conversationId !== null;
  const menu = chatMenuItems({
    share: true,
    settings: true,
    model: true,
    persona: member,
    memories: member && saved && session.permissions.includes("memory_manager"),
    title: member && saved,
    clone: member && saved,
    remove: member && saved && messageCount > 1,
    rate: member && isPublic && !isCreator,
    block: member && isPublic && !isCreator,
  });
  const onAction = (action: ChatMenuAction) => {
    if (action === "remove") setRemoval({ active: true, fromId: null });
    else modals.show(action);
  };

  const removeSelected = async () => {
    if (!removal.fromId) return;
    try {
      await chat.removeFrom(removal.fromId);
      setRemoval(NO_REMOVAL);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
    } catch (error) {
      showToast(error instanceof Error ? error.message : "Uh oh, something went wrong", "error");
    }
  };

  return (
    <div
      className={cn(
        "relative isolate flex flex-1 flex-col",
        // v2: the bubbles float on glass over the character's picture.
        !classic &&
          "[&_.chat-bubble-bot]:bg-black/40 [&_.chat-bubble-bot]:ring-white/10 [&_.chat-bubble-bot]:backdrop-blur-md in-[.light]:[&_.chat-bubble-bot]:bg-white/70",
      )}
      data-layout={classic ? "v1" : "v2"}
    >
      {classic ? null : <ChatBackdrop avatarUrl={character.avatar_url} />}
      <ChatHeader
        characterId={character.id}
        characterName={character.name}
        avatarUrl={character.avatar_url}
        creatorUsername={character.creator_username}
        title={label}
        isCreator={isCreator}
        savedChats={member}
        canReport={!isCreator && session.permissions.includes("report_character")}
        menu={menu}
        onAction={onAction}
        immersive={!classic}
        extra={extensions?.headerButtons}
        extraItems={extensions?.menuItems}
        identity={extensions?.identity?.header}
      />
      <div
        ref={main}
        className="relative z-10 mx-auto flex w-full max-w-[800px] flex-1 flex-col px-3 pt-4 pb-2 sm:px-4"
      >
        {extensions?.banner}
        {classic ? (
          <h1 className="sr-only">Chat with {character.name}</h1>
        ) : (
          <ChatHero character={character} />
        )}
        {member ? null : (
          <div className="mb-3 flex items-start gap-2.5 rounded-2xl border border-surface-3 bg-surface-1/80 p-3 text-sm text-text-2">
            <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-300" />
            <p className="flex-1">
              {GUEST_NOTICE}{" "}
              <Link to="/register" className="font-semibold text-brand-300 hover:underline">
                Sign Up Free
              </Link>
            </p>
          </div>
        )}
        <Transcript
          store={store}
          characterName={character.name}
          characterAvatar={character.avatar_url}
          userName={userName}
          canRate={member}
          canEdit={member}
          removal={removal}
          actions={actions}
          onLoadOlder={() => void chat.loadOlder()}
          onLoadNewer={() => void chat.loadNewer()}
          onJumpToNewest={chat.jumpToNewest}
          keepMountedId={modals.open?.message?.id ?? null}
          renderExtra={extensions?.renderMessageExtra}
          speakerOf={extensions?.speakerOf}
          pendingSpeaker={
            replySpeakerId
              ? (extensions?.speakerOf?.({ role: "bot", speaker_id: replySpeakerId }) ?? null)
              : null
          }
          generateLocked={generateLocked}
        />
        {imageChat.panel}
      </div>
      <div
        ref={footer}
        className="sticky bottom-0 z-20 bg-gradient-to-t from-surface-0 via-surface-0/95 to-transparent pt-6 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
      >
        {extensions?.renderAboveComposer?.({
          speak: (characterId) => {
            if (!generateLockedRef.current) chat.speak(characterId);
          },
          busy: replying || generateLocked,
        })}
        <Composer
          store={store}
          chat={chat}
          handleRef={composer}
          characterName={extensions?.identity?.name ?? character.name}
          audience={audience}
          toast={toast}
          focusAfterReply={focusAfterReply}
          onUnblock={async () => {
            try {
              await setCreatorBlocked.mutateAsync({ creatorId: character.creator_user_id, blocked: false });
              chat.dismissFailure();
              showToast("Creator unblocked");
            } catch (error) {
              showToast(error instanceof Error ? error.message : "Uh oh, something went wrong", "error");
            }
          }}
          removal={
            removal.active ? (
              <RemovalBar
                ready={removal.fromId !== null}
                onCancel={() => setRemoval(NO_REMOVAL)}
                onRemove={removeSelected}
              />
            ) : null
          }
          extraButtons={
            <>
              {extensions?.inputButtons}
              {imageChat.button}
            </>
          }
          sendLocked={lockReason}
        />
      </div>
      <ChatModals
        modals={modals}
        store={store}
        chat={chat}
        character={character}
        member={member}
        canTune={canTune}
        settings={settings}
        saveSettings={saveSettings}
        showToast={showToast}
        onBlock={async () => {
          await setCreatorBlocked.mutateAsync({ creatorId: character.creator_user_id, blocked: true });
          showFailure({ code: "blockedBotCreator", message: BLOCKED_CREATOR_MESSAGE });
        }}
      />
      {imageChat.dialogs}
      {failureCode === "invalidAccess" ? (
        <div className="relative z-20 mx-auto mb-4 flex max-w-[800px] justify-center px-3">
          <ButtonLink to="/" variant="secondary" size="sm">
            Back to home
          </ButtonLink>
        </div>
      ) : null}
    </div>
  );
}
