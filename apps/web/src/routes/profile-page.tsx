import { ChangePassword } from "../features/account/components/change-password";
import { RemoveAccount } from "../features/account/components/remove-account";
import { SignOutEverywhere } from "../features/account/components/sign-out-everywhere";
import { ProfileSettings } from "../features/profile/components/profile-settings";
import { DownloadMyData } from "../features/transfer/components/download-data";

/** `/profile`: the profile settings with the account's security actions, data download and account removal. */
export function ProfilePage() {
  return (
    <ProfileSettings
      removeAccount={<RemoveAccount />}
      signOutEverywhere={(guard) => <SignOutEverywhere guard={guard} />}
      security={
        <>
          <ChangePassword />
          <DownloadMyData />
        </>
      }
    />
  );
}
