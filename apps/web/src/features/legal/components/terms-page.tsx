import { Scale } from "lucide-react";
import { LegalLayout, LegalLink, LegalSection, SupportLink, useLegalBranding } from "./legal-layout";

export const TERMS_LAST_UPDATED = "2026-11-22";

/** /terms: the terms of service for this instance. */
export function TermsPage() {
  const { name, termsUrl, adultContent } = useLegalBranding();
  const minimumAge = adultContent ? 18 : 13;
  return (
    <LegalLayout
      title="Terms of Service"
      lastUpdated={TERMS_LAST_UPDATED}
      icon={<Scale aria-hidden="true" className="h-6 w-6" />}
      externalUrl={termsUrl}
      externalLabel="terms of service"
      intro={
        <p>
          These terms govern your use of {name}, a site for chatting with AI characters. By using the site you
          agree to them.
        </p>
      }
    >
      <LegalSection title="Who can use it">
        <p>
          You must be at least {minimumAge} years old
          {adultContent ? "" : ", or the minimum age required in your country,"} to use {name}. You are
          responsible for your account and for keeping your password safe.
        </p>
      </LegalSection>

      <LegalSection title="Characters are fiction">
        <p>
          Every character is a fictional AI persona, and its replies are generated automatically. They can be
          wrong, inconsistent or surprising. Nothing a character says is professional advice (medical, legal,
          financial or otherwise), and characters do not represent the views of the operator or creators.
        </p>
      </LegalSection>

      <LegalSection title="What you may not do">
        <ul>
          <li>Anything illegal where you or the operator are located.</li>
          <li>
            Sexual or suggestive content involving minors, or characters presented as minors, in any form.
          </li>
          <li>Sexual content about real, identifiable people, or impersonating real people to deceive.</li>
          <li>Harassment, threats, hate speech, or sharing other people’s private information.</li>
          <li>Attacking, overloading or scraping the service, or getting around limits and restrictions.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Your content">
        <p>
          You keep the rights to the characters and text you create. By publishing a character you allow this
          site to host, display and let others chat with it. Public characters must follow these terms;
          reported content is reviewed, and the operator may hide or remove content and restrict accounts that
          break them.
        </p>
      </LegalSection>

      <LegalSection title="Paid plans">
        <p>
          If paid plans are offered, their price and features are shown before you pay. Subscriptions renew
          until you cancel. See the <LegalLink href="/refund">Refund Policy</LegalLink>.
        </p>
      </LegalSection>

      <LegalSection title="The software and the service">
        <p>
          Hearth is open-source software, licensed separately under its own license. These terms cover this
          particular site, which its operator runs independently. The service is provided “as is”, without
          warranties, and may change or be interrupted. To the extent the law allows, the operator is not
          liable for indirect damages arising from its use.
        </p>
      </LegalSection>

      <LegalSection title="Ending and changes">
        <p>
          You can stop using {name} and delete your account at any time. We may suspend accounts that break
          these terms. If the terms change, the date above changes; continuing to use the site means you
          accept the new version. Questions: <SupportLink />. See also the{" "}
          <LegalLink href="/privacy">Privacy Policy</LegalLink>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
