import { Link } from "react-router";
import { useCharacter } from "../../../api/characters";
import { ButtonLink } from "../../../components/ui/button";
import { useSession } from "../../../lib/session";
import { ConversationList } from "./conversation-list";

function SignUpToSave() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-surface-3 py-16 text-center">
      <p className="max-w-sm text-text-2">Guest chats are not saved. Sign up to keep your conversations.</p>
      <ButtonLink to="/register">Sign Up Free</ButtonLink>
    </div>
  );
}

function PageFrame({
  title,
  children,
  subtitle,
  actions,
}: {
  title: string;
  children: React.ReactNode;
  subtitle?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        {actions}
      </div>
      {subtitle ? <div className="mt-1 text-sm text-text-2">{subtitle}</div> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** `/chats`: 'Your Previous Conversations'; `actions` (members only) sit beside the title, e.g. Import chat. */
export function ConversationsPage({ actions }: { actions?: React.ReactNode }) {
  const { status } = useSession();
  return (
    <PageFrame title="Your Previous Conversations" actions={status === "member" ? actions : null}>
      {status === "loading" ? null : status === "member" ? (
        <ConversationList characterId={null} emptyAction={<ButtonLink to="/">Find a character</ButtonLink>} />
      ) : (
        <SignUpToSave />
      )}
    </PageFrame>
  );
}

/** `/chats/{characterId}`: 'Last Conversations with {name}'. */
export function CharacterConversationsPage({ characterId }: { characterId: string }) {
  const { status } = useSession();
  const character = useCharacter(characterId);
  const name = character.data?.name ?? (character.isError ? "this character" : "…");
  return (
    <PageFrame
      title={`Last Conversations with ${name}`}
      subtitle={
        character.data ? (
          <Link to={`/chatbot/${characterId}`} className="font-semibold text-brand-300 hover:underline">
            View profile
          </Link>
        ) : null
      }
    >
      {status === "loading" ? null : status === "member" ? (
        <ConversationList
          characterId={characterId}
          emptyAction={<ButtonLink to={`/chat/${characterId}`}>Start a chat</ButtonLink>}
        />
      ) : (
        <SignUpToSave />
      )}
    </PageFrame>
  );
}
