import type { ConversationSummary } from "@hearth/contracts";
import * as Dialog from "@radix-ui/react-dialog";
import { useQueryClient } from "@tanstack/react-query";
import { MessageSquare, Trash2 } from "lucide-react";
import { useState } from "react";
import { conversationKeys, useConversationList } from "../../../api/conversations";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { deleteConversation } from "../api/delete-conversation";
import { relativeDate } from "../lib/relative-date";

function Avatar({ name, src }: { name: string; src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="flex h-14 w-14 shrink-0 items-center justify-center overflow-hidden rounded-2xl bg-gradient-to-br from-brand-500 to-accent-500 text-xl font-bold text-white">
      {src && !failed ? (
        <img
          src={src}
          alt=""
          className="h-full w-full object-cover"
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : (
        <span aria-hidden="true">{Array.from(name.trim())[0]?.toUpperCase() ?? "?"}</span>
      )}
    </span>
  );
}

/** A group chat's picture: up to four of its characters' pictures in one tile. */
function GroupMosaic({ members }: { members: { id: string; name: string; avatar_url: string | null }[] }) {
  const shown = members.slice(0, 4);
  return (
    <span className="grid h-14 w-14 shrink-0 grid-cols-2 gap-0.5 overflow-hidden rounded-2xl bg-surface-3">
      {shown.map((member) => (
        <span
          key={member.id}
          className={`flex items-center justify-center overflow-hidden bg-gradient-to-br from-brand-500 to-accent-500 text-xs font-bold text-white ${shown.length === 2 ? "row-span-2" : ""} ${shown.length === 3 && member === shown[0] ? "row-span-2" : ""}`}
        >
          {member.avatar_url ? (
            <img src={member.avatar_url} alt="" className="h-full w-full object-cover" loading="lazy" />
          ) : (
            <span aria-hidden="true">{Array.from(member.name.trim())[0]?.toUpperCase() ?? "?"}</span>
          )}
        </span>
      ))}
    </span>
  );
}

/** The group's names as one line ("Aria, Bram and Cleo"), or the character's name. */
const chatName = (conversation: ConversationSummary): string => {
  const names = conversation.group?.members.map((member) => member.name) ?? [conversation.character.name];
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
};

function DeleteConversation({
  conversation,
  onDeleted,
}: {
  conversation: ConversationSummary;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = conversation.label ?? `your chat with ${chatName(conversation)}`;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Delete ${name}`}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(26rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-3xl border border-surface-3 bg-surface-1 p-5 shadow-2xl">
          <Dialog.Title className="text-lg font-bold">Delete conversation?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-text-2">
            {`This permanently deletes ${name} and all its messages.`}
          </Dialog.Description>
          {error ? (
            <p role="alert" className="mt-2 text-sm text-danger">
              {error}
            </p>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="ghost">Cancel</Button>
            </Dialog.Close>
            <Button
              variant="danger"
              loading={pending}
              onClick={async () => {
                setPending(true);
                setError(null);
                try {
                  await deleteConversation(conversation.id);
                  setOpen(false);
                  onDeleted();
                } catch (failure) {
                  setError(failure instanceof Error ? failure.message : "Uh oh, something went wrong");
                } finally {
                  setPending(false);
                }
              }}
            >
              Delete
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ConversationRow({
  conversation,
  onDeleted,
}: {
  conversation: ConversationSummary;
  onDeleted: () => void;
}) {
  const { character } = conversation;
  const preview = conversation.last_message?.content.replace(/\s+/g, " ").trim();
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-2xl border border-surface-3 bg-surface-1 p-3 shadow-lg shadow-black/10 transition-colors hover:border-brand-500/40 sm:gap-4 sm:p-4">
      {conversation.group ? (
        <GroupMosaic members={conversation.group.members} />
      ) : (
        <Avatar name={character.name} src={character.avatar_url} />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-bold text-text-1">
          {conversation.group ? (
            <span className="mr-1.5 rounded-md bg-brand-500/20 px-1.5 py-0.5 align-middle text-[11px] font-semibold text-brand-200">
              Group
            </span>
          ) : null}
          {chatName(conversation)}
          {conversation.label ? (
            <span className="font-medium text-text-3"> · {conversation.label}</span>
          ) : null}
        </p>
        <p className="mt-0.5 line-clamp-2 text-sm text-text-2">{preview || "No messages yet"}</p>
        <p className="mt-1 text-xs text-text-3">
          {relativeDate(conversation.last_message?.createdAt ?? conversation.updated_at)}
        </p>
      </div>
      <div className="flex w-full shrink-0 items-center justify-end gap-1 sm:w-auto">
        <ButtonLink to={`/chat/${conversation.character_id}/${conversation.id}`} size="sm">
          Continue to Chat
        </ButtonLink>
        <DeleteConversation conversation={conversation} onDeleted={onDeleted} />
      </div>
    </li>
  );
}

/** A member's conversations (all, or with one character): rows with Continue to Chat and Delete, and Load More. */
export function ConversationList({
  characterId,
  emptyAction,
}: {
  characterId: string | null;
  emptyAction: React.ReactNode;
}) {
  const queryClient = useQueryClient();
  const list = useConversationList(characterId, true);
  const items = list.data?.pages.flat() ?? [];

  if (list.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading conversations" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
        <p className="text-text-2">Your conversations could not be loaded.</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-surface-3 py-16 text-center">
        <MessageSquare aria-hidden="true" className="h-10 w-10 text-text-3" />
        <p className="text-text-2">No conversations yet.</p>
        {emptyAction}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3" aria-label="Conversations">
        {items.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            onDeleted={() => void queryClient.invalidateQueries({ queryKey: conversationKeys.all })}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Load More
        </Button>
      ) : null}
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-danger">
          More conversations could not be loaded.
        </p>
      ) : null}
    </div>
  );
}
