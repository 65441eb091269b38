import { ReceiptText } from "lucide-react";
import { LegalLayout, LegalSection, SupportLink, useLegalBranding } from "./legal-layout";

export const REFUND_LAST_UPDATED = "2026-11-22";

/** /refund: refunds and cancellations for paid plans. */
export function RefundPage() {
  const { name, refundUrl } = useLegalBranding();
  return (
    <LegalLayout
      title="Refund Policy"
      lastUpdated={REFUND_LAST_UPDATED}
      icon={<ReceiptText aria-hidden="true" className="h-6 w-6" />}
      externalUrl={refundUrl}
      externalLabel="refund policy"
      intro={<p>How cancellations and refunds work for paid plans on {name}.</p>}
    >
      <LegalSection title="Cancelling">
        <p>
          You can cancel a subscription at any time from the subscription management page or with the payment
          provider you subscribed through. You keep your plan’s features until the end of the period you
          already paid for, and you won’t be charged again.
        </p>
      </LegalSection>

      <LegalSection title="Refunds">
        <ul>
          <li>
            <strong>Within 7 days:</strong> if you subscribed for the first time and are not satisfied, ask
            within 7 days of the charge and we will refund it.
          </li>
          <li>
            <strong>Mistakes:</strong> duplicate charges, charges after a confirmed cancellation and billing
            errors are always refunded.
          </li>
          <li>
            <strong>Outages:</strong> if the service was unavailable for a significant part of a paid period,
            we will offer a partial refund or extra time.
          </li>
          <li>Otherwise, payments for periods already started are not refundable.</li>
        </ul>
      </LegalSection>

      <LegalSection title="How to ask">
        <p>
          Please <SupportLink>contact support</SupportLink> with the email of your account and the date of the
          charge. Refunds go back to the original payment method and usually arrive within 5 to 10 business
          days, depending on the provider. Please contact us before opening a chargeback, so we can fix the
          problem quickly.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
