/**
 * The automatic content check run when a character is published or edited, and on image prompts: the
 * embedded rules (a documented list of minor terms and ages in several languages, terms.ts) and, with
 * MODERATION_BASE_URL, an OpenAI-compatible `/v1/moderations` server. No routes of its own.
 *
 *   const checker = createContentChecker(ctx.config, { logger: app.log });
 *   const findings = await checker.checkCharacter({ name, title, persona, greeting, scenario, dialogue, tags });
 *   if (findings.length > 0) // hold the character: moderation_status "pending", an "automatic" review with
 *                            // issue reviewIssueOf(findings) and details describeFindings(findings)
 *   const image = await checker.checkImagePrompt(prompt);
 *   if (!image.allowed) throw new AppError(400, image.error.code, image.error.message);
 */
export {
  type CheckLogger,
  type ContentChecker,
  type ContentCheckerOptions,
  createContentChecker,
} from "./checker";
export {
  CHECKED_FIELDS,
  type CharacterText,
  type CheckedField,
  describeFindings,
  type Finding,
  type FindingCategory,
  type FindingEngine,
  type ImagePromptCheck,
  reviewIssueOf,
} from "./findings";
export { checkCharacterRules, checkImagePromptRules, findTerms } from "./rules";
export { AGE_PATTERNS, TERMS } from "./terms";
