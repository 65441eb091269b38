import { useAppConfig } from "../api/config";
import { DraftsCard } from "../features/drafts/components/drafts-card";
import { useDrafts } from "../features/drafts/hooks/use-drafts";
import { MyChatbotsView } from "../features/my-chatbots/components/my-chatbots-view";
import { useSession } from "../lib/session";

/** `/my-chatbots` and `/my-characters`. */
export function MyChatbotsPage() {
  const { data: config } = useAppConfig();
  const { permissions } = useSession();
  const { drafts } = useDrafts();
  return (
    <MyChatbotsView
      v2={config?.flags.my_chatbots_v2 ?? true}
      canDelete={permissions.includes("delete_character")}
      hideNsfwAvatars={config?.brand !== "adult"}
      draftsCard={drafts.length ? <DraftsCard drafts={drafts} /> : null}
    />
  );
}
