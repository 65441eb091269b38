import { RemoveAccount } from "../features/account/components/remove-account";
import { ProfileSettings } from "../features/profile/components/profile-settings";

/** `/profile`: the profile settings with account removal. */
export function ProfilePage() {
  return <ProfileSettings removeAccount={<RemoveAccount />} />;
}
