import type { LoreFireReason, PromptReport } from "@hearth/contracts";
import { Alert } from "../../../components/ui/alert";
import { SheetDialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { usePromptReport } from "../api/lorebooks";

export function reasonText(reason: LoreFireReason): string {
  switch (reason.kind) {
    case "constant":
      return "Constant: always in";
    case "key":
      return reason.secondary.length > 0
        ? `Key “${reason.key}” with ${reason.secondary.map((key) => `“${key}”`).join(", ")}`
        : `Key “${reason.key}” matched`;
    case "recursive":
      return `Key “${reason.key}” found in entry ${reason.via}`;
    case "hidden":
      return "Matched (the character's definition is hidden)";
    default:
      return "";
  }
}

const SOURCE_LABELS: Record<PromptReport["fired"][number]["source_kind"], string> = {
  character: "Character's book",
  conversation: "This chat",
  member: "All chats",
};

const PART_LABELS: Record<string, string> = {
  instructions: "Instructions",
  lore_before: "Lore before the character",
  definition: "Character definition",
  lore_after: "Lore after the character",
  user_persona: "Your persona",
  memories: "Memories",
  dialogue: "Example dialogue",
  lore_depth: "Lore in the history",
  history: "Chat history",
  closing: "Closing instruction",
  overhead: "Chat template",
};

/** For the last reply: which lorebook entries fired and why, which were left out, and the tokens per part. */
export function PromptInspectorDialog({
  conversationId,
  open,
  onClose,
}: {
  conversationId: string;
  open: boolean;
  onClose: () => void;
}) {
  const report = usePromptReport(conversationId, open);
  const data = report.data?.report ?? null;
  const total = data?.parts.reduce((sum, part) => sum + part.tokens, 0) ?? 0;
  const parts = data?.parts.filter((part) => part.tokens > 0) ?? [];
  return (
    <SheetDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Prompt inspector"
      description="What the last reply's prompt was made of."
      className="sm:w-[min(40rem,94vw)]"
    >
      {report.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading the prompt report" />
        </div>
      ) : report.error ? (
        <Alert>{report.error.message}</Alert>
      ) : !data ? (
        <p className="py-4 text-sm text-text-2">No reply has a prompt report yet. Send a message first.</p>
      ) : (
        <div className="flex flex-col gap-5 pb-2">
          <section aria-labelledby="inspector-fired">
            <h3 id="inspector-fired" className="text-sm font-bold text-text-1">
              Lorebook entries used ({data.fired.length})
            </h3>
            {data.fired.length === 0 ? (
              <p className="mt-1 text-sm text-text-2">No entry fired for this reply.</p>
            ) : (
              <ul aria-label="Entries used" className="mt-2 flex flex-col gap-2">
                {data.fired.map((entry) => (
                  <li
                    key={`${entry.source_id}:${entry.entry_id}`}
                    className="rounded-xl border border-surface-3 bg-surface-2/50 px-3 py-2"
                  >
                    <p className="flex flex-wrap items-baseline justify-between gap-2">
                      <span className="font-semibold text-text-1">
                        {entry.entry_name || `Entry ${entry.entry_id}`}
                      </span>
                      <span className="text-xs tabular-nums text-text-3">{entry.tokens} tokens</span>
                    </p>
                    <p className="text-sm text-text-2">{reasonText(entry.reason)}</p>
                    <p className="text-xs text-text-3">
                      {entry.book_name} · {SOURCE_LABELS[entry.source_kind]}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {data.skipped.length > 0 ? (
            <section aria-labelledby="inspector-skipped">
              <h3 id="inspector-skipped" className="text-sm font-bold text-text-1">
                Activated but left out ({data.skipped.length})
              </h3>
              <ul className="mt-2 flex flex-col gap-1 text-sm text-text-2">
                {data.skipped.map((entry) => (
                  <li key={`${entry.source_id}:${entry.entry_id}`}>
                    {entry.entry_name || `Entry ${entry.entry_id}`}:{" "}
                    {entry.why === "budget" ? "over the book's token budget" : "its probability roll failed"}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="inspector-parts">
            <h3 id="inspector-parts" className="text-sm font-bold text-text-1">
              Tokens per part {total > 0 ? `(${total} in all)` : ""}
            </h3>
            {parts.length === 0 ? (
              <p className="mt-1 text-sm text-text-2">Not measured for this reply.</p>
            ) : (
              <table className="mt-2 w-full text-sm">
                <thead className="sr-only">
                  <tr>
                    <th scope="col">Part</th>
                    <th scope="col">Tokens</th>
                  </tr>
                </thead>
                <tbody>
                  {parts.map((part) => (
                    <tr key={part.part} className="border-b border-surface-3 last:border-0">
                      <td className="py-1.5 text-text-2">{PART_LABELS[part.part] ?? part.part}</td>
                      <td className="py-1.5 text-right tabular-nums text-text-1">{part.tokens}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </div>
      )}
    </SheetDialog>
  );
}
