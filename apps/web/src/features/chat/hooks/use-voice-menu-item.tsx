import type { Character } from "@hearth/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { AudioLines } from "lucide-react";
import { type ReactNode, useState } from "react";
import { characterKeys } from "../../../api/characters";
import { useConversationVoice, useVoiceConfig } from "../api/voice";
import { useVoiceAccess } from "../components/voice-button";
import { VoiceSelectionModal } from "../components/voice-selection-modal";
import { VoiceUpgradeModal } from "../components/voice-upgrade-modal";

/**
 * 'Choose Voice' in a saved chat's menu, for members when the server can speak: the voice selection
 * (premium), or the voice upgrade prompt. Answers the menu item (null when not offered) and the dialog.
 */
export function useVoiceMenuItem(characterId: string, conversationId: string | undefined) {
  const { member, allowed } = useVoiceAccess();
  const [open, setOpen] = useState(false);
  // The chat page has read the character already: its cached copy names it in the dialog.
  const queryClient = useQueryClient();
  const characterName =
    (open ? queryClient.getQueryData<Character>(characterKeys.detail(characterId))?.name : null) ??
    "this character";
  const config = useVoiceConfig(member);
  const available = config.data?.tts.available === true;
  const chosen = useConversationVoice(conversationId ?? null, allowed && available && open);
  const offered = member && available && conversationId !== undefined;
  const item = offered
    ? { key: "choose-voice", label: "Choose Voice", icon: AudioLines, onSelect: () => setOpen(true) }
    : null;
  let dialog: ReactNode = null;
  if (offered && open) {
    dialog =
      allowed && conversationId ? (
        chosen.isPending ? null : (
          <VoiceSelectionModal
            open
            onOpenChange={setOpen}
            conversationId={conversationId}
            currentVoiceId={chosen.data?.voice?.id ?? null}
            characterName={characterName}
          />
        )
      ) : (
        <VoiceUpgradeModal open onOpenChange={setOpen} />
      );
  }
  return { item, dialog };
}
