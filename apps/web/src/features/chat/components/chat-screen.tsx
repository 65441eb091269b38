import { useQuery } from "@tanstack/react-query";
import { Lock, MessageCircleOff } from "lucide-react";
import { useRef } from "react";
import { characterQuery } from "../../../api/characters";
import { ButtonLink } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useConversation } from "../api/get-conversation";
import { type ChatExtensions, ChatView } from "./chat-view";
import { BLOCKED_CREATOR_MESSAGE } from "./error-bar";

export const INVALID_ACCESS_MESSAGE =
  "You are not allowed to chat with this character. It's either private or deleted.";

function ChatSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-[800px] flex-1 flex-col gap-4 px-4 py-6" aria-busy="true">
      <div className="flex items-center gap-3">
        <div className="h-10 w-10 animate-pulse rounded-full bg-surface-2" />
        <div className="h-4 w-40 animate-pulse rounded bg-surface-2" />
      </div>
      {[72, 48, 64].map((width, i) => (
        <div
          key={width}
          className={`h-16 animate-pulse rounded-2xl bg-surface-2 ${i % 2 ? "self-end" : ""}`}
          style={{ width: `${width}%` }}
        />
      ))}
      <div className="flex flex-1 items-end justify-center">
        <Spinner label="Loading chat" />
      </div>
    </div>
  );
}

function Blocked({ title, text, blocked }: { title: string; text: string; blocked?: boolean }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-danger/15 text-danger">
        {blocked ? (
          <Lock aria-hidden="true" className="h-7 w-7" />
        ) : (
          <MessageCircleOff aria-hidden="true" className="h-7 w-7" />
        )}
      </span>
      <h1 className="text-xl font-bold">{title}</h1>
      <p role="alert" className="text-sm text-text-2">
        {text}
      </p>
      <ButtonLink to="/" variant="secondary">
        Back to home
      </ButtonLink>
    </div>
  );
}

/** Loads the character and the conversation, then shows the chat; loading and access errors otherwise. */
export function ChatScreen({
  characterId,
  conversationId,
  onConversationCreated,
  extensions,
}: {
  characterId: string;
  conversationId: string | undefined;
  onConversationCreated: (id: string) => void;
  extensions?: ChatExtensions;
}) {
  const character = useQuery({ ...characterQuery(characterId), retry: false, staleTime: 60_000 });
  // Kept while the character is read again (becoming a guest at the first message clears the cache).
  const lastCharacter = useRef(character.data);
  if (character.data) lastCharacter.current = character.data;
  const characterData = lastCharacter.current;
  const conversation = useConversation(conversationId);
  // Once the chat is on screen it stays there: a new chat moving to its conversation's address keeps it.
  const shown = useRef(false);

  const characterError = character.error;
  if (characterError) {
    const code = characterError instanceof ApiError ? characterError.code : null;
    if (code === "blockedBotCreator")
      return <Blocked title="Creator blocked" text={BLOCKED_CREATOR_MESSAGE} blocked />;
    if (code === "network_error")
      return <Blocked title="You're offline" text="It looks like you're offline..." />;
    if (
      code === "invalidAccess" ||
      code === "not_found" ||
      code === "forbidden" ||
      code === "validation_error"
    )
      return <Blocked title="Chat unavailable" text={INVALID_ACCESS_MESSAGE} blocked />;
    return (
      <Blocked
        title="Uh oh, something went wrong"
        text="The character could not be loaded. Please reload the page."
      />
    );
  }
  if (conversation.error) {
    const code = conversation.error instanceof ApiError ? conversation.error.code : null;
    if (code === "invalidAccess")
      return <Blocked title="Chat unavailable" text={INVALID_ACCESS_MESSAGE} blocked />;
    return (
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
        <h1 className="text-xl font-bold">Conversation not found</h1>
        <p role="alert" className="text-sm text-text-2">
          {code === "not_found"
            ? "This conversation doesn't exist anymore, or it isn't yours."
            : code === "network_error"
              ? "It looks like you're offline..."
              : "The conversation could not be loaded."}
        </p>
        <ButtonLink to={`/chat/${characterId}`}>Start a new chat</ButtonLink>
      </div>
    );
  }
  // A conversation opened here is read afresh (not a copy cached from an earlier visit).
  const loading = conversationId !== undefined && (!conversation.data || conversation.isFetching);
  if (!characterData || (loading && !shown.current)) return <ChatSkeleton />;
  shown.current = true;
  return (
    <ChatView
      character={characterData}
      conversation={conversationId ? conversation.data : undefined}
      onConversationCreated={onConversationCreated}
      extensions={extensions}
    />
  );
}
