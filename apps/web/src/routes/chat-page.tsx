import { Download } from "lucide-react";
import { useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Alert } from "../components/ui/alert";
import { ChatScreen } from "../features/chat/components/chat-screen";
import { useVoiceMenuItem } from "../features/chat/hooks/use-voice-menu-item";
import { GroupHeaderIdentity } from "../features/groups/components/group-avatar";
import { GroupBar } from "../features/groups/components/group-bar";
import { useGroupChat } from "../features/groups/hooks/use-group-chat";
import { useNewGroupChatItem } from "../features/groups/hooks/use-new-group-chat-item";
import { ChatLoreTools } from "../features/lorebooks/components/chat-lore-tools";
import { useExportChatItems } from "../features/transfer/hooks/use-export-chat-items";
import {
  WAITING_ROOM_TEXT,
  WaitingRoomBanner,
} from "../features/waiting-room/components/waiting-room-banner";
import { useWaitingRoom } from "../features/waiting-room/hooks/use-waiting-room";
import { KEEP_SCROLL } from "../lib/keep-scroll";
import { useSession } from "../lib/session";
import { useSharedLinkVisit } from "../lib/shared-link";

/**
 * `/chat/{characterId}` and `/chat/{characterId}/{conversationId}`. When the first message creates a
 * conversation the address moves to it without starting the chat over; any other change of address
 * (another chat, a clone, New Chat) starts fresh. The waiting room (chat spec 4) shows its banner above
 * the conversation and locks sending until the visitor's turn; a generation refused with `waiting_room`
 * asks the queue again at once.
 */
export function ChatPage() {
  const { characterId = "", conversationId } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const sharedLink = useSharedLinkVisit(characterId);
  const room = useWaitingRoom(characterId, { sharedLink });
  const createdHere = useRef<string | null>(null);
  const [chatSession, setChatSession] = useState({ key: 0, characterId, conversationId });
  if (chatSession.characterId !== characterId || chatSession.conversationId !== conversationId) {
    const adopted = characterId === chatSession.characterId && conversationId === createdHere.current;
    setChatSession({ key: adopted ? chatSession.key : chatSession.key + 1, characterId, conversationId });
  }
  const { recheck } = room;
  // A saved chat's menu offers 'Export chat' in both formats (features/transfer).
  const exporting = useExportChatItems(session.status === "member" ? conversationId : undefined);
  // A group chat's bar, speakers and manual pick (features/groups); members only.
  const group = useGroupChat(conversationId, session.status === "member");
  const newGroup = useNewGroupChatItem(characterId, session.status === "member");
  // 'Choose Voice': the voice selection, or the voice upgrade prompt (features/chat voice).
  const voice = useVoiceMenuItem(characterId, conversationId);
  return (
    <>
      <ChatScreen
        key={chatSession.key}
        characterId={characterId}
        conversationId={conversationId}
        onConversationCreated={(id) => {
          createdHere.current = id;
          navigate(`/chat/${characterId}/${id}`, { replace: true, state: KEEP_SCROLL });
        }}
        extensions={{
          banner: (
            <>
              <WaitingRoomBanner room={room} member={session.status === "member"} />
              {exporting.error ? <Alert className="mb-3">{exporting.error}</Alert> : null}
            </>
          ),
          menuItems: [
            ...exporting.items.map((item) => ({ ...item, icon: Download })),
            ...(newGroup.item ? [newGroup.item] : []),
            ...(voice.item ? [voice.item] : []),
          ],
          // A saved chat's lorebooks, prompt inspector and 'Add to lorebook' (features/lorebooks).
          headerButtons:
            session.status === "member" && conversationId ? (
              <ChatLoreTools conversationId={conversationId} />
            ) : undefined,
          identity: group.group
            ? {
                header: <GroupHeaderIdentity characters={group.group.members} detail="Group chat" />,
                name: "the group",
              }
            : undefined,
          requestExtras: group.requestExtras,
          speakerOf: group.speakerOf,
          renderAboveComposer:
            group.group && conversationId
              ? (controls) => (
                  <GroupBar
                    conversationId={conversationId}
                    characterId={characterId}
                    chat={group}
                    controls={controls}
                  />
                )
              : undefined,
          sendLocked: room.locked ? { reason: WAITING_ROOM_TEXT.lockReason } : undefined,
          onGenerationFailed: (code) => {
            if (code === "waiting_room") recheck();
          },
        }}
      />
      {newGroup.dialog}
      {voice.dialog}
    </>
  );
}
