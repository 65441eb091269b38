/**
 * Whether a member pays through a subscription that must be cancelled where it was bought before the
 * account goes (account spec 2.2). Subscriptions arrive in a later issue, which replaces the default.
 */
export type SubscriptionGate = { hasManagedSubscription(userId: string): Promise<boolean> };

export const defaultSubscriptionGate: SubscriptionGate = {
  async hasManagedSubscription() {
    return false;
  },
};

export function hasManagedSubscription(
  userId: string,
  gate: SubscriptionGate = defaultSubscriptionGate,
): Promise<boolean> {
  return gate.hasManagedSubscription(userId);
}
