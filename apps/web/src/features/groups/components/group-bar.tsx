import { GROUP_LIMITS, GROUP_MODES } from "@hearth/contracts";
import {
  ArrowDown,
  ArrowUp,
  Megaphone,
  Settings2,
  UserMinus,
  UserPlus,
  Volume2,
  VolumeX,
} from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { SheetDialog } from "../../../components/ui/dialog";
import { useChangeGroup } from "../api/groups";
import type { GroupChat } from "../hooks/use-group-chat";
import { GROUP_MODE_LABELS, groupNames, moved } from "../lib/speakers";
import { CharacterPicker } from "./character-picker";
import { GroupAvatar, GroupAvatars } from "./group-avatar";
import { ModeChoice } from "./mode-choice";

/** What the chat lets the group bar do: a reply by one character now, and whether a reply is running. */
export type GroupControls = { speak: (characterId: string) => void; busy: boolean };

/**
 * Above the composer of a group chat: the group (pictures, names, mode) with 'Manage group', and in
 * manual mode the pick of who answers the next message.
 */
export function GroupBar({
  conversationId,
  characterId,
  chat,
  controls,
}: {
  conversationId: string;
  /** The character in the chat's address: once it leaves the group, the chat moves to the first one's. */
  characterId: string;
  chat: GroupChat;
  controls: GroupControls;
}) {
  const [open, setOpen] = useState(false);
  const { group } = chat;
  const navigate = useNavigate();
  const first = group?.members[0]?.id;
  const left = group !== null && !group.members.some((member) => member.id === characterId);
  useEffect(() => {
    if (left && first) navigate(`/chat/${first}/${conversationId}`, { replace: true });
  }, [left, first, conversationId, navigate]);
  if (!group) return null;
  const active = group.members.filter((member) => !member.muted);
  return (
    <div className="mx-auto mb-2 flex w-full max-w-[800px] flex-col gap-2 px-3 sm:px-4">
      <div className="flex items-center gap-2.5 rounded-2xl border border-surface-3 bg-surface-1/85 px-3 py-2 backdrop-blur-md">
        <GroupAvatars characters={group.members} />
        <p className="min-w-0 flex-1 text-sm">
          <span className="block truncate font-semibold text-text-1">{groupNames(group.members)}</span>
          <span className="block truncate text-xs text-text-2">
            Group chat · {GROUP_MODE_LABELS[group.mode].label}
            {group.members.length !== active.length ? ` · ${group.members.length - active.length} muted` : ""}
          </span>
        </p>
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          <Settings2 aria-hidden="true" className="h-4 w-4" />
          <span>
            Manage<span className="sr-only sm:not-sr-only"> group</span>
          </span>
        </Button>
      </div>
      {group.mode === "manual" ? (
        <div role="radiogroup" aria-label="Who answers next" className="flex flex-wrap items-center gap-1.5">
          <span aria-hidden="true" className="mr-1 text-xs font-semibold text-text-2">
            Who answers:
          </span>
          {active.map((member) => {
            const on = chat.nextSpeakerId === member.id;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a row of pill buttons, announced as radios
              <button
                key={member.id}
                type="button"
                role="radio"
                aria-checked={on}
                tabIndex={on ? 0 : -1}
                onClick={() => chat.pickNext(member.id)}
                onKeyDown={(event) => {
                  if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
                  event.preventDefault();
                  const at = active.findIndex((m) => m.id === member.id);
                  const next =
                    active[(at + (event.key === "ArrowRight" ? 1 : active.length - 1)) % active.length];
                  if (next) {
                    chat.pickNext(next.id);
                    const row = event.currentTarget.parentElement;
                    requestAnimationFrame(() =>
                      row?.querySelector<HTMLButtonElement>(`[data-speaker="${next.id}"]`)?.focus(),
                    );
                  }
                }}
                data-speaker={member.id}
                className={cn(
                  "flex items-center gap-1.5 rounded-full border py-1 pr-3 pl-1 text-xs font-semibold transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-brand-400",
                  on
                    ? "border-brand-400 bg-brand-500/25 text-text-1"
                    : "border-surface-3 bg-surface-1/85 text-text-2 hover:bg-surface-2",
                )}
              >
                <GroupAvatar
                  name={member.name}
                  src={member.avatar_url}
                  className="h-6 w-6 text-[10px] ring-0"
                />
                {member.name}
              </button>
            );
          })}
        </div>
      ) : null}
      {open ? (
        <GroupPanel
          conversationId={conversationId}
          chat={chat}
          controls={controls}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

/** 'Manage group': the mode, and per character speak now, mute, move and remove; add characters. */
function GroupPanel({
  conversationId,
  chat,
  controls,
  onClose,
}: {
  conversationId: string;
  chat: GroupChat;
  controls: GroupControls;
  onClose: () => void;
}) {
  const change = useChangeGroup(conversationId);
  const [adding, setAdding] = useState(false);
  const group = chat.group;
  if (!group) return null;
  const ids = group.members.map((member) => member.id);
  const canRemove = group.members.length > GROUP_LIMITS.minCharacters;
  const full = group.members.length >= GROUP_LIMITS.maxCharacters;
  const error = change.error instanceof Error ? change.error.message : null;
  return (
    <SheetDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Manage group"
      description="Who is in this chat, and how they take turns."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="flex flex-col gap-5">
        <ModeChoice
          value={group.mode}
          modes={GROUP_MODES}
          labels={GROUP_MODE_LABELS}
          disabled={change.isPending}
          onChange={(mode) => change.mutate({ kind: "update", body: { mode } })}
        />
        <section aria-labelledby="group-members-heading" className="flex flex-col gap-2">
          <h3 id="group-members-heading" className="text-sm font-semibold text-text-1">
            Characters
          </h3>
          <ul className="flex flex-col gap-1.5">
            {group.members.map((member, index) => (
              <li
                key={member.id}
                className="flex flex-wrap items-center gap-2 rounded-xl border border-surface-3 bg-surface-2/50 px-2.5 py-2"
              >
                <GroupAvatar name={member.name} src={member.avatar_url} className="h-9 w-9 text-sm ring-0" />
                <span className="min-w-[8rem] flex-1">
                  <span className="block truncate text-sm font-semibold text-text-1">{member.name}</span>
                  {member.muted ? (
                    <span className="block text-xs text-text-2">Muted: never picked to answer</span>
                  ) : null}
                </span>
                <span className="ml-auto flex items-center gap-0.5">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={controls.busy}
                    onClick={() => {
                      controls.speak(member.id);
                      onClose();
                    }}
                    aria-label={`${member.name}: speak now`}
                  >
                    <Megaphone aria-hidden="true" className="h-4 w-4" />
                    <span className="hidden sm:inline">Speak now</span>
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="h-8 w-8"
                    aria-pressed={member.muted}
                    aria-label={`Mute ${member.name}`}
                    disabled={change.isPending}
                    onClick={() =>
                      change.mutate({ kind: "mute", characterId: member.id, muted: !member.muted })
                    }
                  >
                    {member.muted ? (
                      <VolumeX aria-hidden="true" className="h-4 w-4" />
                    ) : (
                      <Volume2 aria-hidden="true" className="h-4 w-4" />
                    )}
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="h-8 w-8"
                    aria-label={`Move ${member.name} up`}
                    disabled={index === 0 || change.isPending}
                    onClick={() =>
                      change.mutate({ kind: "update", body: { order: moved(ids, member.id, -1) } })
                    }
                  >
                    <ArrowUp aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="h-8 w-8"
                    aria-label={`Move ${member.name} down`}
                    disabled={index === ids.length - 1 || change.isPending}
                    onClick={() =>
                      change.mutate({ kind: "update", body: { order: moved(ids, member.id, 1) } })
                    }
                  >
                    <ArrowDown aria-hidden="true" className="h-4 w-4" />
                  </Button>
                  <Button
                    size="icon"
                    variant="ghost"
                    className="h-8 w-8"
                    aria-label={`Remove ${member.name} from the group`}
                    disabled={!canRemove || change.isPending}
                    onClick={() => change.mutate({ kind: "remove", characterId: member.id })}
                  >
                    <UserMinus aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
          {!canRemove ? (
            <p className="text-xs text-text-3">
              A group chat keeps at least {GROUP_LIMITS.minCharacters} characters.
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
        </section>
        <section className="flex flex-col gap-2">
          {adding ? (
            <>
              <h3 className="text-sm font-semibold text-text-1">Add a character</h3>
              <CharacterPicker
                selected={[]}
                excluded={ids}
                disabledReason={
                  full ? `A group chat has at most ${GROUP_LIMITS.maxCharacters} characters.` : null
                }
                onToggle={(character) => change.mutate({ kind: "add", characterId: character.id })}
              />
            </>
          ) : (
            <Button variant="secondary" onClick={() => setAdding(true)} disabled={full}>
              <UserPlus aria-hidden="true" className="h-4 w-4" />
              Add a character
            </Button>
          )}
        </section>
      </div>
    </SheetDialog>
  );
}
