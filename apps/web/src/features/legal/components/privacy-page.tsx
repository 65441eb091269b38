import { ShieldCheck } from "lucide-react";
import { LegalLayout, LegalLink, LegalSection, SupportLink, useLegalBranding } from "./legal-layout";

export const PRIVACY_LAST_UPDATED = "2026-11-22";

/** /privacy: what this self-hosted instance stores and why. */
export function PrivacyPage() {
  const { name, isHearth, privacyUrl, adultContent } = useLegalBranding();
  return (
    <LegalLayout
      title="Privacy Policy"
      lastUpdated={PRIVACY_LAST_UPDATED}
      icon={<ShieldCheck aria-hidden="true" className="h-6 w-6" />}
      externalUrl={privacyUrl}
      externalLabel="privacy policy"
      intro={
        <p>
          {isHearth
            ? "Hearth is open-source software that anyone can host."
            : `${name} runs on Hearth, open-source software that anyone can host.`}{" "}
          This site is operated independently by its operator (“we”), who controls the data described here. We
          keep as little as the service needs, and we do not sell it.
        </p>
      }
    >
      <LegalSection title="What we store">
        <ul>
          <li>
            <strong>Your account:</strong> your email address, username and profile details you choose to add
            (such as an avatar or personas). Your password is never stored: we keep only a salted, one-way
            hash of it.
          </li>
          <li>
            <strong>Chats, for members only:</strong> when you are signed in, your conversations with
            characters are saved so you can return to them. You can delete a conversation at any time.
          </li>
          <li>
            <strong>Guests:</strong> if you chat without an account, your chats are not saved. A random guest
            identifier is used only to apply the guest limits.
          </li>
          <li>
            <strong>What you create and do:</strong> characters you publish, ratings, favorites and reports
            you send.
          </li>
          <li>
            <strong>Usage events:</strong> simple product events (for example a page was viewed, a message was
            sent, an error happened) are recorded in this site’s own database to keep it running and improve
            it.
          </li>
          <li>
            <strong>Technical data:</strong> like any web server, the server may briefly log IP addresses and
            browser details to prevent abuse and investigate faults.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Stored in your browser">
        <p>
          A sign-in cookie keeps you logged in. Preferences such as the theme, character drafts and generation
          settings are kept in your browser’s local storage and never leave your device unless you save them.
        </p>
      </LegalSection>

      <LegalSection title="Third parties">
        <p>
          By default, {name} uses no third-party trackers, advertising networks or external analytics. Two
          things may involve other services, depending on how the operator set up this instance:
        </p>
        <ul>
          <li>
            <strong>AI replies:</strong> character replies are produced by a language model. If the operator
            uses an external model provider, the messages of a conversation are sent to that provider to
            generate the reply.
          </li>
          <li>
            <strong>Payments:</strong> if paid plans are offered, payments are handled by the payment
            provider; we never see or store your full card details.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="How long we keep it, and your choices">
        <p>
          We keep your data while your account exists. You can delete conversations whenever you like, and
          deleting your account from the settings removes your account, saved chats and personal details. You
          may ask for a copy of your data, or for a correction or deletion, by contacting the operator.
        </p>
      </LegalSection>

      <LegalSection title="Age">
        <p>
          {adultContent
            ? `${name} is for adults only. You must be at least 18 years old to use it.`
            : `${name} is not intended for children under 13, or under the minimum age required in your country.`}
        </p>
      </LegalSection>

      <LegalSection title="Changes and contact">
        <p>
          If this policy changes, the date above will change too. Questions or requests: <SupportLink />. You
          can also read our <LegalLink href="/terms">Terms of Service</LegalLink>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
