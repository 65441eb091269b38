import { ChevronDown } from "lucide-react";

export const FAQ_ITEMS: readonly { question: string; answer: string }[] = [
  {
    question: "Can I cancel anytime?",
    answer:
      "Yes. Cancel from Manage subscription whenever you like. You keep your plan until the end of the period you paid for, and you can uncancel until then.",
  },
  {
    question: "What happens when I change plans?",
    answer:
      "Moving up to a higher tier starts right away: you pay the prorated difference for the rest of the current billing period, shown with taxes before you confirm. Moving down, or from monthly to yearly billing, takes effect at the next billing cycle.",
  },
  {
    question: "Are taxes included in the prices?",
    answer:
      "Prices are shown before taxes. Checkout adds any tax that applies where you live and shows the total before you pay.",
  },
  {
    question: "How does annual billing work?",
    answer:
      "You pay for a year at once and get 2 months free compared with paying monthly. Once you're on a yearly plan, you can switch between yearly plans.",
  },
  {
    question: "What if a payment fails?",
    answer:
      "We'll let you know in Manage subscription and keep your plan for a short grace period while you update your card or pay the amount due.",
  },
  {
    question: "Do my chats and characters stay if I stop paying?",
    answer:
      "Yes. Your characters, personas and conversations stay; only the paid features, such as larger memory, images and voice, switch off.",
  },
];

/** The subscribe page's FAQ: native disclosure widgets, keyboard usable as they are. */
export function Faq() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto w-full max-w-3xl">
      <h2 id="faq-heading" className="text-center text-2xl font-extrabold tracking-tight text-text-1">
        Frequently asked questions
      </h2>
      <div className="mt-6 flex flex-col gap-3">
        {FAQ_ITEMS.map((item) => (
          <details
            key={item.question}
            className="group rounded-2xl border border-surface-3 bg-surface-1 open:bg-surface-2/40"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 py-4 font-semibold text-text-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown
                aria-hidden="true"
                className="h-5 w-5 shrink-0 text-text-3 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-4 text-sm leading-relaxed text-text-2">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
