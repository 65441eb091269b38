import { useParams } from "react-router";
import {
  CharacterConversationsPage,
  ConversationsPage,
} from "../features/conversations/components/conversations-pages";
import { NewGroupChatButton } from "../features/groups/components/new-group-dialog";
import { ImportChatButton } from "../features/transfer/components/import-chat-dialog";

/** `/chats`. */
export function ChatsPage() {
  return (
    <ConversationsPage
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <NewGroupChatButton />
          <ImportChatButton />
        </div>
      }
    />
  );
}

/** `/chats/{characterId}`. */
export function CharacterChatsPage() {
  const { characterId = "" } = useParams();
  return <CharacterConversationsPage key={characterId} characterId={characterId} />;
}
