import { useMemo, useState } from "react";
import { Navigate, useParams } from "react-router";
import { CharacterEditor } from "../features/character-editor/components/character-editor";
import { ImportCardButton } from "../features/character-editor/components/import-card-button";
import {
  type CharacterFormValues,
  EMPTY_FORM,
  toFormValues,
} from "../features/character-editor/lib/character-form";
import { DraftNotice } from "../features/drafts/components/draft-notice";
import { useDraftAutosave, useInitialDraft } from "../features/drafts/hooks/use-drafts";
import { newDraftId } from "../features/drafts/lib/draft-storage";

/**
 * `/chatbot/create` and `/character/create` start a new draft at `/chatbot/create/{draftId}`, where the
 * form is saved locally as the creator types and picked up again after a reload.
 */
export function CharacterCreatePage() {
  const { draftId } = useParams();
  if (!draftId) return <Navigate to={`/chatbot/create/${newDraftId()}`} replace />;
  return <DraftEditor key={draftId} draftId={draftId} />;
}

function DraftEditor({ draftId }: { draftId: string }) {
  const draft = useInitialDraft(draftId);
  const initialValues = useMemo(() => (draft ? toFormValues(draft.values) : EMPTY_FORM), [draft]);
  const [values, setValues] = useState<CharacterFormValues | null>(null);
  const { discard } = useDraftAutosave(draftId, values);

  return (
    <CharacterEditor
      mode="create"
      initialValues={initialValues}
      banner={<DraftNotice resumedAt={draft?.updated_at ?? null} />}
      actions={<ImportCardButton />}
      onValuesChange={setValues}
      onCreated={() => discard(draftId)}
    />
  );
}
