import type { ServerConfig } from "../../config";
import type { UserRow } from "../../db/schema";
import type { AuthContext } from "../../kernel/auth-context";
import { administersCharacters, allowsNsfw, type Viewer } from "./policy";

export type { Viewer };

/** A signed-in member as a viewer. */
export type MemberViewer = Viewer & { userId: string };

/** The member (`requireMember(request.auth)` on member routes) as a viewer. */
export function memberViewer(user: UserRow, config: Pick<ServerConfig, "brand">): MemberViewer {
  return {
    userId: user.id,
    brand: config.brand,
    allowsNsfw: allowsNsfw(config.brand, user),
    isAdmin: administersCharacters(user),
  };
}

/** Whoever is asking, member or not, as a viewer. */
export function viewerOf(auth: AuthContext, config: Pick<ServerConfig, "brand">): Viewer {
  if (auth.kind === "member") return memberViewer(auth.user, config);
  return { userId: null, brand: config.brand, allowsNsfw: false };
}
