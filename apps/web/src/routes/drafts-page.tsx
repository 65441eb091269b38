import { useMemo } from "react";
import { useMyCharacters } from "../api/my-characters";
import { DraftsView } from "../features/drafts/components/drafts-view";
import { cardStatus, fixRequiredLabel } from "../features/my-chatbots/lib/card-status";

/** `/my-chatbots/drafts`: local drafts plus the user's bots that moderation wants fixed. */
export function DraftsPage() {
  const mine = useMyCharacters();
  const fixRequired = useMemo(
    () =>
      (mine.data ?? [])
        .filter((c) => cardStatus(c) === "action")
        .map((c) => ({ id: c.id, name: c.name, avatar_url: c.avatar_url, label: fixRequiredLabel(c) })),
    [mine.data],
  );
  return <DraftsView fixRequired={fixRequired} />;
}
