/**
 * Text as the embedded check reads it. Pure functions.
 *
 * `normalize`: Unicode NFKC (full-width "ＬＯＬＩ" and "１２" become "loli" and "12", ligatures and
 * compatibility forms their plain letters), lower case, invisible characters removed (zero-width spaces
 * and joiners, soft hyphens, byte order marks: "lo\u200Bli" is "loli"), dashes made "-", and every run of
 * whitespace one space.
 *
 * `leetReadings`: the same text with basic leetspeak undone inside words that hold at least one letter
 * ("l0li", "sh0ta", "m1nor", "und3rage", "@ge"): 0 o, 3 e, 4 a, 5 s, 7 t, @ a, $ s, and 1 read once as
 * "i" and once as "l", each only beside a letter (or beside another symbol read as one). Digits among
 * digits ("12", the "1" of "19yo") stay digits, so ages read the same in every reading ("@ge: 12" is
 * "age: 12").
 */

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/gu;

export function normalize(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(DASHES, "-")
    .replace(/\s+/gu, " ");
}

const LEET: Record<string, string> = { "0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s" };
/** A run of letters, digits and the leetspeak symbols. */
const LEET_WORD = /[\p{L}\p{N}@$]+/gu;
const HAS_LETTER = /\p{L}/u;
const LEET_CHARS = /^[013457@$]$/;

function undoLeet(text: string, one: "i" | "l"): string {
  return text.replace(LEET_WORD, (run) => {
    if (!HAS_LETTER.test(run)) return run;
    const chars = [...run];
    // A symbol counts as a letter only beside a letter or another symbol that does ("l00li", "m1n0r"), so
    // the digits of an age stay digits ("19yo", "50 yo").
    const isLeet = chars.map((char) => LEET_CHARS.test(char));
    const readAsLetter = chars.map(() => false);
    for (let changed = true; changed; ) {
      changed = false;
      for (let i = 0; i < chars.length; i++) {
        if (!isLeet[i] || readAsLetter[i]) continue;
        if ([i - 1, i + 1].some((j) => readAsLetter[j] === true || HAS_LETTER.test(chars[j] ?? ""))) {
          readAsLetter[i] = true;
          changed = true;
        }
      }
    }
    return chars
      .map((char, i) => (readAsLetter[i] ? (char === "1" ? one : (LEET[char] ?? char)) : char))
      .join("");
  });
}

/** The leetspeak readings of normalized text that differ from it (none when it has no leetspeak). */
export function leetReadings(normalized: string): string[] {
  if (!/[013457@$]/.test(normalized)) return [];
  return [...new Set([undoLeet(normalized, "i"), undoLeet(normalized, "l")])].filter(
    (reading) => reading !== normalized,
  );
}
