import type { ServerConfig } from "../../config";
import { unauthenticated } from "../../http/errors";
import type { AuthContext } from "../../kernel/auth-context";

/** Who is looking at characters, as the character policies need it. */
export type Viewer = {
  userId: string | null;
  brand: ServerConfig["brand"];
  /** NSFW characters and avatars may be shown: adult brand and the member's adult-content setting. */
  allowsNsfw: boolean;
};

export function viewerOf(auth: AuthContext, config: Pick<ServerConfig, "brand">): Viewer {
  const member = auth.kind === "member" ? auth.user : null;
  return {
    userId: member?.id ?? null,
    brand: config.brand,
    allowsNsfw: config.brand !== "sfw" && member?.showNsfw === true,
  };
}

/** The viewer behind a route that already required a member-only permission. */
export function memberViewerOf(
  auth: AuthContext,
  config: Pick<ServerConfig, "brand">,
): Viewer & { userId: string } {
  if (auth.kind !== "member") throw unauthenticated();
  return { ...viewerOf(auth, config), userId: auth.user.id };
}
