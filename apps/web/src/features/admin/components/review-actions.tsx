import type { AdminReview } from "@hearth/contracts";
import { Baby, CheckCircle2, EyeOff, Flame, Pencil, Trash2, Wrench } from "lucide-react";
import { useState } from "react";
import { ACTION_TAKEN, type ReviewActionRequest, useReviewAction } from "../../../api/admin";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ACTION_LABELS } from "../lib/format";
import { RequireFixDialog } from "./require-fix-dialog";

type Kind = ReviewActionRequest["kind"];

/**
 * The admin's actions on an open review: edit, mark not underage, mark NSFW, make private, delete, require
 * fix, close. It stays mounted once the review closes (showing nothing), so the finished call still reports.
 */
export function ReviewActions({
  review,
  onDone,
}: {
  review: AdminReview;
  onDone?: (message: string) => void;
}) {
  const action = useReviewAction();
  const [running, setRunning] = useState<Kind | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [fixOpen, setFixOpen] = useState(false);
  const character = review.character;
  const name = character?.name ?? review.character_id;

  const run = (request: ReviewActionRequest, after?: () => void) => {
    setRunning(request.kind);
    action.mutate(
      { review, action: request },
      {
        onSuccess: () => {
          after?.();
          onDone?.(`Review closed: ${ACTION_LABELS[ACTION_TAKEN[request.kind]]}.`);
        },
        onSettled: () => setRunning(null),
      },
    );
  };

  const error = action.isError && !fixOpen && !confirmDelete ? action.error.message : null;
  const live = character && !character.is_deleted;

  const closed = review.status === "closed";

  return (
    <div className={closed ? "contents" : "flex flex-col gap-3"}>
      <fieldset
        hidden={closed}
        aria-label={`Actions for review ${review.id}`}
        className="flex flex-wrap gap-2"
      >
        {live ? (
          <ButtonLink to={`/chatbot/edit/${review.character_id}`} variant="secondary" size="sm">
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit
          </ButtonLink>
        ) : null}
        {live ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              disabled={!character.is_underage || action.isPending}
              loading={running === "reset_underage"}
              title={character.is_underage ? undefined : "Not marked underage"}
              onClick={() => run({ kind: "reset_underage" })}
            >
              <Baby aria-hidden="true" className="h-4 w-4" />
              Mark not underage
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={character.is_nsfw || action.isPending}
              loading={running === "set_nsfw"}
              title={character.is_nsfw ? "Already NSFW" : undefined}
              onClick={() => run({ kind: "set_nsfw" })}
            >
              <Flame aria-hidden="true" className="h-4 w-4" />
              Mark NSFW
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={character.visibility === "private" || action.isPending}
              loading={running === "make_private"}
              title={character.visibility === "private" ? "Already private" : undefined}
              onClick={() => run({ kind: "make_private" })}
            >
              <EyeOff aria-hidden="true" className="h-4 w-4" />
              Make private
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={action.isPending}
              onClick={() => {
                action.reset();
                setFixOpen(true);
              }}
            >
              <Wrench aria-hidden="true" className="h-4 w-4" />
              Require fix
            </Button>
            <Button
              variant="danger"
              size="sm"
              disabled={action.isPending}
              onClick={() => {
                action.reset();
                setConfirmDelete(true);
              }}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete
            </Button>
          </>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          disabled={action.isPending}
          loading={running === "close"}
          onClick={() => run({ kind: "close" })}
        >
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
          Close review
        </Button>
      </fieldset>
      {error && !closed ? <Alert>{error}</Alert> : null}

      <Dialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        icon={<Trash2 aria-hidden="true" className="h-5 w-5" />}
        title={`Delete ${name}?`}
        description="The character disappears from the site for everyone, its creator included. The review closes as deleted."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)} disabled={action.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={running === "delete"}
              onClick={() => run({ kind: "delete" }, () => setConfirmDelete(false))}
            >
              Delete character
            </Button>
          </>
        }
      >
        {action.isError && confirmDelete ? <Alert>{action.error.message}</Alert> : null}
      </Dialog>
      <RequireFixDialog
        open={fixOpen}
        onOpenChange={setFixOpen}
        characterName={name}
        pending={running === "fix_required"}
        error={action.isError && fixOpen ? action.error.message : null}
        onSubmit={(fix) => run({ kind: "fix_required", ...fix }, () => setFixOpen(false))}
      />
    </div>
  );
}
