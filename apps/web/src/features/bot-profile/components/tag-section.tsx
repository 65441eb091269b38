import { type Character, isOwnCharacter, type TagSuggestion } from "@hearth/contracts";
import { Check, Minus, Plus, Send, Tags, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { useApplySuggestion, useDismissSuggestion, useSuggestTags } from "../api/profile-actions";
import { useFlashMessage } from "../hooks/use-flash-message";
import {
  dropAdded,
  EMPTY_SUGGESTION,
  loadSuggestion,
  resultingTags,
  sendProblem,
  storeSuggestion,
  suggestAdd,
  type TagSuggestionDraft,
  toggleRemove,
} from "../lib/tag-suggestions";

/** Tag messages vanish after 3 s (chat spec 4 and 9). */
export const TAG_MESSAGE_MS = 3000;
export const SUGGESTIONS_SENT = "Thanks! Your suggestions were sent to the creator.";
export const SUGGESTIONS_FAILED = "Suggestions didn't sent !";
export const DISCARD_FAILED = "Not able to discard the suggestions.";

const chip = "inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset";

type TagSectionProps = {
  /** The creator's view carries the suggestions they received. */
  character: Character;
  /** Signed-in members other than the creator may suggest tags. */
  canSuggest: boolean;
  isCreator: boolean;
};

/** The tag list, the suggestion mode for members and the received suggestions for the creator. */
export function TagSection({ character, canSuggest, isCreator }: TagSectionProps) {
  const [mode, setMode] = useState(false);
  const { flash, show } = useFlashMessage(TAG_MESSAGE_MS);
  const received = isOwnCharacter(character) ? character.tag_suggestions : [];
  return (
    <section aria-labelledby="profile-tags" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="profile-tags" className="text-sm font-semibold tracking-wide text-text-3 uppercase">
          Tags
        </h2>
        {canSuggest ? (
          <Button
            variant={mode ? "secondary" : "ghost"}
            size="sm"
            aria-pressed={mode}
            onClick={() => setMode(!mode)}
          >
            <Tags aria-hidden="true" className="h-4 w-4" />
            {mode ? "Done suggesting" : "Suggest tags"}
          </Button>
        ) : null}
      </div>
      {mode ? (
        <SuggestionEditor character={character} onMessage={show} onSent={() => setMode(false)} />
      ) : character.tags.length ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-2">
          {character.tags.map((tag) => (
            <li key={tag} className={cn(chip, "bg-surface-2 text-text-2 ring-surface-3")}>
              {tag}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-text-3">No tags yet.</p>
      )}
      <p
        role="status"
        className={cn(
          "min-h-5 text-sm font-medium",
          flash?.tone === "success" ? "text-success" : "text-danger",
        )}
      >
        {flash?.text ?? ""}
      </p>
      {isCreator && received.length ? (
        <ReceivedSuggestions character={character} suggestions={received} onMessage={show} />
      ) : null}
    </section>
  );
}

function SuggestionEditor({
  character,
  onMessage,
  onSent,
}: {
  character: Pick<Character, "id" | "tags">;
  onMessage: (text: string, tone?: "success" | "danger") => void;
  onSent: () => void;
}) {
  const [draft, setDraft] = useState<TagSuggestionDraft>(() =>
    loadSuggestion(window.localStorage, character.id),
  );
  const [text, setText] = useState("");
  const send = useSuggestTags(character.id);
  const current = character.tags;

  useEffect(() => storeSuggestion(window.localStorage, character.id, draft), [character.id, draft]);

  function apply(result: { draft: TagSuggestionDraft; error: string | null }) {
    setDraft(result.draft);
    if (result.error) onMessage(result.error);
  }

  function add() {
    let next = draft;
    for (const part of text.split(",")) {
      const result = suggestAdd(current, next, part);
      next = result.draft;
      if (result.error) {
        apply(result);
        return;
      }
    }
    setDraft(next);
    setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      if (text.trim()) add();
    }
  }

  function submit() {
    const problem = sendProblem(current, draft);
    if (problem) {
      onMessage(problem);
      return;
    }
    send.mutate(
      { add: draft.add, remove: draft.remove },
      {
        onSuccess: () => {
          setDraft(EMPTY_SUGGESTION);
          onMessage(SUGGESTIONS_SENT, "success");
          onSent();
        },
        onError: () => onMessage(SUGGESTIONS_FAILED),
      },
    );
  }

  const count = resultingTags(current, draft).length;
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-brand-500/30 bg-brand-500/5 p-3.5">
      <p className="text-xs text-text-2">
        Click a tag to suggest removing it, or type new ones. The creator decides. ({count}/12 tags)
      </p>
      <ul aria-label="Suggested tags" className="flex flex-wrap gap-2">
        {current.map((tag) => {
          const removed = draft.remove.includes(tag);
          return (
            <li key={tag}>
              <button
                type="button"
                aria-pressed={removed}
                aria-label={removed ? `Keep tag ${tag}` : `Suggest removing tag ${tag}`}
                onClick={() => apply(toggleRemove(current, draft, tag))}
                className={cn(
                  chip,
                  "focus-visible:outline-2 focus-visible:outline-brand-400",
                  removed
                    ? "bg-danger/10 text-danger line-through ring-danger/40"
                    : "bg-surface-2 text-text-1 ring-surface-3 hover:ring-danger/50",
                )}
              >
                {removed ? (
                  <Plus aria-hidden="true" className="h-3 w-3" />
                ) : (
                  <Minus aria-hidden="true" className="h-3 w-3" />
                )}
                {tag}
              </button>
            </li>
          );
        })}
        {draft.add.map((tag) => (
          <li key={`add-${tag}`}>
            <button
              type="button"
              aria-label={`Remove suggested tag ${tag}`}
              onClick={() => setDraft(dropAdded(draft, tag))}
              className={cn(
                chip,
                "bg-success/10 text-success ring-success/40 focus-visible:outline-2 focus-visible:outline-brand-400",
              )}
            >
              <Plus aria-hidden="true" className="h-3 w-3" />
              {tag}
              <X aria-hidden="true" className="h-3 w-3" />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2">
        <label htmlFor="suggest-tag-input" className="sr-only">
          Suggest a new tag
        </label>
        <div className="flex gap-2">
          <input
            id="suggest-tag-input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="New tag"
            className="h-10 min-w-0 flex-1 rounded-xl border border-surface-3 bg-surface-2 px-3.5 text-sm text-text-1 placeholder:text-text-3 focus:border-brand-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-brand-400"
          />
          <Button variant="secondary" onClick={add} disabled={!text.trim()}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add
          </Button>
        </div>
        <Button onClick={submit} loading={send.isPending}>
          <Send aria-hidden="true" className="h-4 w-4" />
          Send suggestions
        </Button>
      </div>
    </div>
  );
}

function ReceivedSuggestions({
  character,
  suggestions,
  onMessage,
}: {
  character: Pick<Character, "id" | "tags">;
  suggestions: readonly TagSuggestion[];
  onMessage: (text: string, tone?: "success" | "danger") => void;
}) {
  const dismiss = useDismissSuggestion(character.id);
  const applySuggestion = useApplySuggestion(character.id);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-text-1">Tag suggestions from members</h3>
      <ul className="flex flex-col gap-2">
        {suggestions.map((suggestion) => {
          const tags = resultingTags(character.tags, {
            add: suggestion.tags_to_add,
            remove: suggestion.tags_to_remove,
          });
          return (
            <li
              key={suggestion.id}
              className="flex flex-col gap-2.5 rounded-xl border border-surface-3 bg-surface-2/50 p-3"
            >
              <div className="flex flex-1 flex-wrap gap-1.5 text-xs">
                {suggestion.tags_to_add.map((tag) => (
                  <span
                    key={`a-${tag}`}
                    className={cn(chip, "py-0.5 text-xs bg-success/10 text-success ring-success/40")}
                  >
                    +{tag}
                  </span>
                ))}
                {suggestion.tags_to_remove.map((tag) => (
                  <span
                    key={`r-${tag}`}
                    className={cn(chip, "py-0.5 text-xs bg-danger/10 text-danger ring-danger/40")}
                  >
                    −{tag}
                  </span>
                ))}
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={tags.length > 12}
                  loading={
                    applySuggestion.isPending && applySuggestion.variables?.suggestionId === suggestion.id
                  }
                  onClick={() =>
                    applySuggestion.mutate(
                      { tags, suggestionId: suggestion.id },
                      {
                        onSuccess: () => onMessage("Tags updated.", "success"),
                        onError: (error) => onMessage(error.message || DISCARD_FAILED),
                      },
                    )
                  }
                >
                  <Check aria-hidden="true" className="h-4 w-4" />
                  Apply
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  loading={dismiss.isPending && dismiss.variables === suggestion.id}
                  onClick={() => dismiss.mutate(suggestion.id, { onError: () => onMessage(DISCARD_FAILED) })}
                >
                  Discard
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
