const GUIDELINES = [
  [
    "Be kind to people",
    "Roleplay can be dark, people should never be. No harassment, hate or threats toward other users or creators.",
  ],
  [
    "Adults only, characters too",
    "Never create or request sexual content involving minors or characters who look or act like minors.",
  ],
  [
    "Keep it legal",
    "No content that promotes real-world violence, terrorism, self-harm or illegal activity.",
  ],
  [
    "Respect real people",
    "Don't share anyone's personal information, and don't make sexual content about real people.",
  ],
  [
    "Respect creators",
    "Don't copy others' characters as your own. Report characters that break these rules instead of fighting in chats.",
  ],
  [
    "It's fiction",
    "Characters are made up and AI can be wrong. Don't rely on them for medical, legal or financial advice.",
  ],
] as const;

/** The community guidelines shown in the onboarding modal's second step. */
export function CommunityGuidelines() {
  return (
    <ol className="flex max-h-[40dvh] flex-col gap-3 overflow-y-auto rounded-xl border border-surface-3 bg-surface-2/50 p-4 text-sm">
      {GUIDELINES.map(([title, text], index) => (
        <li key={title} className="flex gap-3">
          <span
            aria-hidden="true"
            className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-500/15 text-xs font-bold text-link"
          >
            {index + 1}
          </span>
          <span>
            <span className="block font-semibold text-text-1">{title}</span>
            <span className="text-text-2">{text}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
