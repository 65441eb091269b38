import type { ShownAd } from "@hearth/contracts";
import { ArrowUpRight } from "lucide-react";
import { useContext, useEffect, useRef } from "react";
import { useAppConfig } from "../../../api/config";
import { SmartLink } from "../../../components/ui/external-or-internal-link";
import { SessionContext } from "../../../lib/session";
import { sendAdEvent, useAdPick } from "../api/ads";
import { type ChatStore, useChatSelector } from "../hooks/use-chat-store";
import type { ChatState } from "../lib/chat-state";

const selectConversationId = (state: ChatState) => state.conversationId;

/**
 * A house ad under the chat's newest message (README, Ads), in the conversation's flow so it never covers
 * a message. Only for guests and members whose permissions include display_ads, never on a partner host; the server
 * decides the rest (length, alternates, which ad) and answers no ad when it does not apply.
 */
export function ChatAd({ store, afterId }: { store: ChatStore; afterId: string }) {
  const session = useContext(SessionContext);
  const signedIn = session?.status === "member" || session?.status === "guest";
  if (!signedIn || !session.permissions.includes("display_ads")) return null;
  return <PickedAd store={store} afterId={afterId} />;
}

function PickedAd({ store, afterId }: { store: ChatStore; afterId: string }) {
  const conversationId = useChatSelector(store, selectConversationId);
  const config = useAppConfig();
  const partner = config.data?.partner_mode ?? true;
  const pick = useAdPick(conversationId, afterId, !partner);
  const ad = pick.data?.ad;
  if (!ad || pick.data?.message_id !== afterId) return null;
  return <AdCard ad={ad} messageId={afterId} />;
}

/** Views already logged in this page: the transcript unmounts rows scrolled away and mounts them again. */
const viewed = new Set<string>();

/** The ad itself, labelled Sponsored; its view is logged once half of it has been on screen. */
export function AdCard({ ad, messageId }: { ad: ShownAd; messageId: string }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    const key = `${ad.id}:${messageId}`;
    if (!el || viewed.has(key)) return;
    const logView = () => {
      if (viewed.has(key)) return;
      viewed.add(key);
      sendAdEvent("view", ad, messageId);
    };
    if (typeof IntersectionObserver === "undefined") {
      logView();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          logView();
          observer.disconnect();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ad, messageId]);

  return (
    <aside
      ref={ref}
      aria-label="Sponsored"
      data-testid="chat-ad"
      className="mt-1 mb-5 w-full max-w-[640px] px-1 sm:pr-0 sm:pl-[42px]"
    >
      <div className="flex items-center gap-3 rounded-2xl border border-surface-3 bg-surface-1/85 p-3 shadow-sm backdrop-blur-sm">
        {ad.image_url ? (
          <img
            src={ad.image_url}
            alt=""
            loading="lazy"
            className="h-14 w-14 shrink-0 rounded-xl bg-surface-2 object-cover"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
          <div className="min-w-0 flex-1">
            <span className="text-[11px] font-semibold tracking-wide text-text-3 uppercase">Sponsored</span>
            <p className="text-sm leading-snug text-text-1">{ad.text}</p>
          </div>
          <SmartLink
            href={ad.link_url}
            rel="sponsored noopener noreferrer"
            onClick={() => sendAdEvent("click", ad, messageId)}
            className="inline-flex h-9 shrink-0 items-center gap-1 self-start rounded-full border border-surface-3 bg-surface-2 px-3.5 text-sm font-semibold text-text-1 transition-colors hover:border-brand-400 hover:text-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 sm:self-center"
          >
            Learn more
            <ArrowUpRight aria-hidden="true" className="h-4 w-4" />
          </SmartLink>
        </div>
      </div>
    </aside>
  );
}
