import { emailDomainOf, isDomainListed, isHiddenRelayEmail, PROFILE_MESSAGES } from "@hearth/contracts";

/** Why an address cannot be the account's email (hidden relay or a blocked domain), or null when it can. */
export function unusableEmailReason(email: string, blockedDomains: readonly string[]): string | null {
  if (isHiddenRelayEmail(email)) return PROFILE_MESSAGES.emailHiddenRelay;
  if (isDomainListed(emailDomainOf(email), blockedDomains)) return PROFILE_MESSAGES.emailBlockedDomain;
  return null;
}

/** Members whose email is a hidden-relay or blocked-domain address are sent to /update-email. */
export function emailNeedsUpdate(email: string | null, blockedDomains: readonly string[]): boolean {
  return email !== null && unusableEmailReason(email, blockedDomains) !== null;
}
