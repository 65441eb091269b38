import { isOwnCharacter, UNDER_REVIEW_STATUSES } from "@hearth/contracts";
import { Ban, SearchX, TriangleAlert } from "lucide-react";
import { useMemo } from "react";
import { useParams } from "react-router";
import { useCharacter } from "../api/characters";
import { Button, ButtonLink } from "../components/ui/button";
import { PageSpinner } from "../components/ui/spinner";
import { CharacterEditor } from "../features/character-editor/components/character-editor";
import { ModerationBanner } from "../features/character-editor/components/moderation-banner";
import { toFormValues } from "../features/character-editor/lib/character-form";
import { ExportCardMenu } from "../features/characters/components/export-card-menu";
import { fixRequiredLabel } from "../features/my-chatbots/lib/card-status";
import { ApiError } from "../lib/api-client";
import { useSession } from "../lib/session";
import { StatusPage } from "./status-page";

export const NOT_ALLOWED_MESSAGE = "You are not allowed to access this page";

/**
 * `/chatbot/edit/{id}` and `/character/edit/{id}`: the creator's editor, and an admin's (the server lets
 * admins edit any character and audits it; its answer to them is the creator's view); everyone else is
 * refused.
 */
export function CharacterEditPage() {
  const { characterId } = useParams();
  const { user } = useSession();
  const query = useCharacter(characterId);
  const character = query.data;
  const initialValues = useMemo(() => (character ? toFormValues(character) : null), [character]);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 403 || status === 404) return <NotAllowed />;
    return (
      <StatusPage
        icon={TriangleAlert}
        title="We couldn't load this chatbot"
        actions={
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            Retry
          </Button>
        }
      >
        {query.error.message || "Uh oh, something went wrong"}
      </StatusPage>
    );
  }
  if (!character || !initialValues) return <NotAllowed />;
  // The creator's own view (with its moderation state) is what the server answers its creator and admins.
  const isCreator = character.creator_user_id === user?.id;
  const isAdmin = user?.role === "admin";
  if (!(isCreator || isAdmin) || !isOwnCharacter(character)) return <NotAllowed />;
  const asAdmin = !isCreator;

  const report = character.moderationReport;
  const status = report?.moderation_status ?? null;
  // Under review the creator waits; an admin (its reviewer) may still edit it.
  const locked = !asAdmin && status !== null && UNDER_REVIEW_STATUSES.includes(status);
  return (
    <CharacterEditor
      key={character.id}
      mode="edit"
      characterId={character.id}
      initialValues={initialValues}
      locked={locked}
      banner={
        asAdmin ? (
          <p
            role="note"
            className="rounded-xl border border-surface-3 bg-surface-2/50 px-4 py-3 text-sm text-text-1"
          >
            Editing {character.creator_username ? `@${character.creator_username}'s` : "another member's"}{" "}
            chatbot as an admin. Your changes are saved at once and recorded in the audit log.
          </p>
        ) : report && status ? (
          <ModerationBanner
            report={report}
            label={status === "fix_required" ? fixRequiredLabel(character) : undefined}
          />
        ) : null
      }
      actions={<ExportCardMenu characterId={character.id} name={character.name} size="sm" />}
    />
  );
}

function NotAllowed() {
  return (
    <StatusPage
      icon={Ban}
      title={NOT_ALLOWED_MESSAGE}
      actions={
        <ButtonLink to="/" replace>
          <SearchX aria-hidden="true" className="h-4 w-4" />
          Back to home
        </ButtonLink>
      }
    >
      Only the creator of a chatbot can edit it.
    </StatusPage>
  );
}
