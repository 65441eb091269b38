import { useParams } from "react-router";
import {
  CharacterConversationsPage,
  ConversationsPage,
} from "../features/conversations/components/conversations-pages";

/** `/chats`. */
export function ChatsPage() {
  return <ConversationsPage />;
}

/** `/chats/{characterId}`. */
export function CharacterChatsPage() {
  const { characterId = "" } = useParams();
  return <CharacterConversationsPage key={characterId} characterId={characterId} />;
}
