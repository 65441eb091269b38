import { useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ChatScreen } from "../features/chat/components/chat-screen";
import { KEEP_SCROLL } from "../lib/keep-scroll";

/**
 * `/chat/{characterId}` and `/chat/{characterId}/{conversationId}`. When the first message creates a
 * conversation the address moves to it without starting the chat over; any other change of address
 * (another chat, a clone, New Chat) starts fresh.
 */
export function ChatPage() {
  const { characterId = "", conversationId } = useParams();
  const navigate = useNavigate();
  const createdHere = useRef<string | null>(null);
  const [session, setSession] = useState({ key: 0, characterId, conversationId });
  if (session.characterId !== characterId || session.conversationId !== conversationId) {
    const adopted = characterId === session.characterId && conversationId === createdHere.current;
    setSession({ key: adopted ? session.key : session.key + 1, characterId, conversationId });
  }
  return (
    <ChatScreen
      key={session.key}
      characterId={characterId}
      conversationId={conversationId}
      onConversationCreated={(id) => {
        createdHere.current = id;
        navigate(`/chat/${characterId}/${id}`, { replace: true, state: KEEP_SCROLL });
      }}
    />
  );
}
