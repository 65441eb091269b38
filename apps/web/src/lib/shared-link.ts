import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Share links (`/chatbot/{id}?ref=share`): a visitor who arrived through one may chat with that character
 * even while in the waiting room. The arrival is remembered per character for the browser tab
 * (sessionStorage), so it survives moving from the profile to the chat and reloads, and is sent as
 * `shared_link` with the queue poll and the generate requests for that character.
 */
export const SHARED_LINK_PARAM = "ref";
export const SHARED_LINK_VALUE = "share";

const keyFor = (characterId: string) => `hearth.shared-link.${characterId}`;

/** The address a share link points to: the character's profile, marked as shared. */
export function shareLinkFor(origin: string, characterId: string): string {
  return `${origin}/chatbot/${characterId}?${SHARED_LINK_PARAM}=${SHARED_LINK_VALUE}`;
}

/** Whether a query string (`?ref=share`) marks the visit as coming through a share link. */
export function isSharedLinkSearch(search: string): boolean {
  return new URLSearchParams(search).get(SHARED_LINK_PARAM) === SHARED_LINK_VALUE;
}

export function rememberSharedLink(characterId: string): void {
  if (!characterId) return;
  try {
    window.sessionStorage.setItem(keyFor(characterId), "1");
  } catch {
    // storage unavailable: the arrival counts for this page only (the address still carries it)
  }
}

/** Whether this tab arrived at the character through its share link. */
export function cameThroughSharedLink(characterId: string): boolean {
  if (!characterId) return false;
  try {
    return window.sessionStorage.getItem(keyFor(characterId)) === "1";
  } catch {
    return false;
  }
}

/**
 * For the pages of a character (`/chatbot/{id}`, `/chat/{id}`): remembers a share-link arrival
 * (`?ref=share`) and answers whether this tab came through one.
 */
export function useSharedLinkVisit(characterId: string): boolean {
  const { search } = useLocation();
  const fromLink = isSharedLinkSearch(search);
  useEffect(() => {
    if (fromLink) rememberSharedLink(characterId);
  }, [fromLink, characterId]);
  return fromLink || cameThroughSharedLink(characterId);
}
