import { CHAT_LIMITS, type Character, type GenerationSettings, type Persona } from "@hearth/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { conversationKeys } from "../../../api/conversations";
import { useInferenceModels } from "../../../api/inference-models";
import { usePersonas } from "../../../api/personas";
import { isChatbotRating, useRateCharacter } from "../../../api/ratings";
import { cloneConversation } from "../api/clone-conversation";
import { reportMessage } from "../api/report-message";
import { updateConversation } from "../api/update-conversation";
import type { ChatController } from "../hooks/use-chat";
import { type ChatStore, useChatSelector } from "../hooks/use-chat-store";
import type { ModalController } from "../hooks/use-modal-controller";
import { BRANCH_STATE } from "../lib/branch";
import type { ChatState } from "../lib/chat-state";
import { CloneModal } from "./clone-modal";
import { BlockCreatorModal, RateChatbotModal } from "./confirm-modals";
import { GenerationSettingsModal } from "./generation-settings-modal";
import { MemoryManagerModal } from "./memory-manager-modal";
import { ModelModal } from "./model-modal";
import { PersonaModal } from "./persona-modal";
import { RegenerateModal } from "./regenerate-modal";
import { ReportModal } from "./report-modal";
import { ShareModal } from "./share-modal";
import { TitleModal } from "./title-modal";

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function selectModalData(state: ChatState) {
  return {
    conversationId: state.conversationId,
    label: state.label,
    persona: state.persona,
    messages: state.messages,
    messageCount: state.messageCount,
    before: state.before,
  };
}

export type ChatModalsProps = {
  modals: ModalController;
  store: ChatStore;
  chat: ChatController;
  character: Character;
  member: boolean;
  canTune: boolean;
  settings: GenerationSettings;
  saveSettings: (settings: GenerationSettings) => void;
  showToast: (text: string, tone?: "ok" | "error") => void;
  onBlock: () => Promise<void>;
};

/** Every dialog of the chat; `modals` says which one is open (at most one). */
export function ChatModals({
  modals,
  store,
  chat,
  character,
  member,
  canTune,
  settings,
  saveSettings,
  showToast,
  onBlock,
}: ChatModalsProps) {
  const { conversationId, label, persona, messages, messageCount, before } = useChatSelector(
    store,
    selectModalData,
  );
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const models = useInferenceModels(modals.isOpen("model"));
  const personas = usePersonas(member && modals.isOpen("persona"));
  const rate = useRateCharacter(character.id);
  const invalidateLists = () => queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
  const { onOpenChange, open } = modals;
  const manageHref = `/personas?${new URLSearchParams({
    from: "chat",
    character_id: character.id,
    character_name: character.name,
  })}`;

  return (
    <>
      <ShareModal
        open={modals.isOpen("share")}
        onOpenChange={onOpenChange}
        characterId={character.id}
        characterName={character.name}
        copy={copyText}
      />
      <GenerationSettingsModal
        open={modals.isOpen("settings")}
        onOpenChange={onOpenChange}
        settings={settings}
        canTune={canTune}
        onSave={saveSettings}
      />
      <ModelModal
        open={modals.isOpen("model")}
        onOpenChange={onOpenChange}
        models={models.data ?? []}
        loading={models.isPending}
        failed={models.isError}
        selectedId={settings.inference_model_id}
        onSelect={(id) => saveSettings({ ...settings, inference_model_id: id })}
      />
      {member ? (
        <PersonaModal
          open={modals.isOpen("persona")}
          onOpenChange={onOpenChange}
          personas={personas.data ?? []}
          loading={personas.isPending}
          failed={personas.isError}
          currentId={persona?.id ?? null}
          confirmChange={conversationId !== null}
          manageHref={manageHref}
          onChoose={async (chosen: Persona) => {
            if (conversationId) await updateConversation(conversationId, { user_persona_id: chosen.id });
            chat.personaChanged(chosen);
            showToast(`You are now chatting as ${chosen.name}`);
          }}
        />
      ) : null}
      <RegenerateModal
        open={modals.isOpen("regenerate")}
        onOpenChange={onOpenChange}
        canBranch={member && conversationId !== null}
        onChoose={async (choice) => {
          const target = open?.message;
          if (!target) return;
          if (choice === "keep" || !conversationId) {
            modals.close();
            chat.regenerateAt(target.id);
            return;
          }
          const title = `${label ?? `Chat with ${character.name}`} (branch)`;
          const clone = await cloneConversation(conversationId, {
            title:
              title.length > CHAT_LIMITS.titleMax ? `${title.slice(0, CHAT_LIMITS.titleMax - 1)}…` : title,
            up_to_message_id: target.id,
          });
          void invalidateLists();
          navigate(`/chat/${character.id}/${clone.id}`, { state: BRANCH_STATE });
        }}
      />
      {conversationId && member ? (
        <>
          <TitleModal
            open={modals.isOpen("title")}
            onOpenChange={onOpenChange}
            current={label ?? ""}
            onSave={async (title) => {
              await updateConversation(conversationId, { label: title });
              chat.renamed(title);
              void invalidateLists();
            }}
          />
          <CloneModal
            open={modals.isOpen("clone")}
            onOpenChange={onOpenChange}
            messages={messages}
            firstPosition={before}
            defaultTitle={label ? `${label} (copy)` : `Chat with ${character.name}`}
            characterName={character.name}
            onClone={async (title, upTo) => {
              const clone = await cloneConversation(conversationId, {
                title,
                ...(upTo ? { up_to_message_id: upTo } : {}),
              });
              void invalidateLists();
              navigate(`/chat/${character.id}/${clone.id}`);
            }}
          />
          <MemoryManagerModal
            open={modals.isOpen("memories")}
            onOpenChange={onOpenChange}
            conversationId={conversationId}
          />
        </>
      ) : null}
      {member ? (
        <>
          <RateChatbotModal
            open={modals.isOpen("rate")}
            onOpenChange={onOpenChange}
            characterName={character.name}
            current={isChatbotRating(character.my_rating) ? character.my_rating : null}
            onRate={async (rating) => {
              try {
                await rate.mutateAsync({ rating, conversationLength: messageCount });
                modals.close();
                showToast("Rating Submitted");
              } catch {
                showToast("Failed to submit rating", "error");
              }
            }}
          />
          <BlockCreatorModal
            open={modals.isOpen("block")}
            onOpenChange={onOpenChange}
            creatorName={character.creator_username ? `@${character.creator_username}` : "this creator"}
            onBlock={onBlock}
          />
        </>
      ) : null}
      <ReportModal
        open={modals.isOpen("report")}
        onOpenChange={onOpenChange}
        onSubmit={async (reason, comment) => {
          const target = open?.message;
          if (!target || !conversationId) return;
          await reportMessage(target.id, {
            conversation_id: conversationId,
            character_id: character.id,
            label: reason,
            comment,
          });
        }}
      />
    </>
  );
}
