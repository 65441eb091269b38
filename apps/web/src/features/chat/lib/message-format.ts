/** Replaces the `{{char}}` and `{{user}}` macros for display. */
export function applyMacros(text: string, characterName: string, userName: string): string {
  return text.replace(/\{\{char\}\}/gi, characterName).replace(/\{\{user\}\}/gi, userName);
}
