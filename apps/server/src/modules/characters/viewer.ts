import type { ServerConfig } from "../../config";
import type { UserRow } from "../../db/schema";
import type { AuthContext } from "../../kernel/auth-context";

/** Who is looking at characters, as the character policies need it. */
export type Viewer = {
  userId: string | null;
  brand: ServerConfig["brand"];
  /** NSFW characters and avatars may be shown: adult brand and the member's adult-content setting. */
  allowsNsfw: boolean;
  /** An admin: may read and edit any character that is not deleted (policy.ts, canAdminister). */
  isAdmin?: boolean;
};

/** A signed-in member as a viewer. */
export type MemberViewer = Viewer & { userId: string };

/** The member (`requireMember(request.auth)` on member routes) as a viewer. */
export function memberViewer(user: UserRow, config: Pick<ServerConfig, "brand">): MemberViewer {
  return {
    userId: user.id,
    brand: config.brand,
    allowsNsfw: config.brand !== "sfw" && user.showNsfw,
    isAdmin: user.role === "admin",
  };
}

/** Whoever is asking, member or not, as a viewer. */
export function viewerOf(auth: AuthContext, config: Pick<ServerConfig, "brand">): Viewer {
  if (auth.kind === "member") return memberViewer(auth.user, config);
  return { userId: null, brand: config.brand, allowsNsfw: false };
}
