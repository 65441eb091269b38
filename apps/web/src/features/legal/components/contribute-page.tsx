import { Bug, Code as CodeIcon, HandHeart, Languages, type LucideIcon, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { LegalLayout, LegalLink, LegalSection, SupportLink, useLegalBranding } from "./legal-layout";

type Way = { icon: LucideIcon; title: string; body: ReactNode };

/** /contribute: how to help the open-source project. */
export function ContributePage() {
  const { name, isHearth } = useLegalBranding();
  const ways: Way[] = [
    {
      icon: Bug,
      title: "Report bugs",
      body: (
        <>
          Something broken or confusing? <SupportLink>Tell us</SupportLink> what you did, what you expected
          and what happened, with your browser and a screenshot if you can.
        </>
      ),
    },
    {
      icon: Sparkles,
      title: "Submit characters",
      body: (
        <>
          <LegalLink href="/chatbot/create">Create a character</LegalLink> and make it public. Great
          characters have a clear personality, a vivid greeting and a few example dialogues.
        </>
      ),
    },
    {
      icon: CodeIcon,
      title: "Write code",
      body: (
        <>Fix a bug or build a feature in the open-source Hearth codebase. Small pull requests are welcome.</>
      ),
    },
    {
      icon: Languages,
      title: "Translate",
      body: <>Help bring the interface and the default texts to your language so more people can join in.</>,
    },
  ];

  return (
    <LegalLayout
      title="Contribute"
      icon={<HandHeart aria-hidden="true" className="h-6 w-6" />}
      intro={
        <p>
          {isHearth ? "Hearth is" : `${name} runs on Hearth,`} an open-source platform for chatting with AI
          characters, built in the open by its community. Here is how you can help.
        </p>
      }
    >
      <ul className="mt-8 grid gap-3 sm:grid-cols-2">
        {ways.map(({ icon: Icon, title, body }) => (
          <li
            key={title}
            className="flex flex-col gap-2 rounded-2xl border border-surface-3 bg-surface-1 p-5"
          >
            <div className="flex items-center gap-3">
              <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-500/15 text-brand-500">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <h2 className="text-base font-semibold text-text-1">{title}</h2>
            </div>
            <p className="text-sm leading-relaxed text-text-2">{body}</p>
          </li>
        ))}
      </ul>

      <LegalSection title="Contributing code">
        <p>The project is a TypeScript monorepo (React web app, Fastify server). To get started:</p>
        <ul>
          <li>
            Fork the repository and run <InlineCode>npm install</InlineCode>, then{" "}
            <InlineCode>npm start</InlineCode>: it serves the app on port 3000 with an embedded database and
            demo characters.
          </li>
          <li>
            Make your change on a branch, with tests. <InlineCode>npm test</InlineCode> runs type checks,
            lint, unit, integration and end-to-end tests.
          </li>
          <li>Open a pull request that explains what changed and why. Keep it focused on one thing.</li>
        </ul>
      </LegalSection>

      <LegalSection title="Translations">
        <p>
          Open an issue naming the language you want to work on, so translators don’t duplicate each other’s
          work. Keep character names and product terms consistent, and ask a second native speaker to review.
        </p>
      </LegalSection>

      <LegalSection title="Be kind">
        <p>
          Be respectful in issues and reviews, assume good intent, and follow the{" "}
          <LegalLink href="/terms">Terms of Service</LegalLink> when sharing characters. Questions about this
          site: <SupportLink />.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}

function InlineCode({ children }: { children: ReactNode }) {
  return (
    <code className="rounded-md bg-surface-2 px-1.5 py-0.5 font-mono text-[13px] text-text-1 ring-1 ring-surface-3">
      {children}
    </code>
  );
}
