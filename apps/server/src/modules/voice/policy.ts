import type { UserRow } from "../../db/schema";
import { memberPermissions } from "../../kernel/access-policy";

/** Roles that count as premium for voice: I'm All In, and admins (who hold every premium permission). */
const PREMIUM_ROLES: readonly UserRow["role"][] = ["premium", "admin"];

export type VoiceAction = "listen" | "transcribe";

type VoiceActor = Pick<UserRow, "role" | "restriction" | "restrictionEndsAt">;

/**
 * Chat spec 6: voice (listing voices, choosing one, playback, rating it) needs the text-to-speech
 * permission and the premium role; everyone else gets the voice-upgrade prompt. Speech input is the
 * browser's own feature, so transcribing a recording needs only a session (rate limited).
 */
export function can(actor: VoiceActor | null, action: VoiceAction): boolean {
  if (action === "transcribe") return true;
  if (!actor) return false;
  return memberPermissions(actor).includes("text-to-speech") && PREMIUM_ROLES.includes(actor.role);
}
