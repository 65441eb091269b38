/**
 * The address state of a chat branched from an older reply (a clone up to it): the chat opens by writing
 * that reply's new version, as the member asked when they regenerated it.
 */
export const BRANCH_STATE = { regenerateLast: true } as const;

export function isBranchState(state: unknown): state is typeof BRANCH_STATE {
  return (
    typeof state === "object" && state !== null && "regenerateLast" in state && state.regenerateLast === true
  );
}
