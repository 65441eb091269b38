/**
 * The embedded check's documented list: words and age expressions that place a character (or an image
 * prompt) in an underage context, in English, Spanish, French, German, Portuguese, Italian, Russian,
 * Japanese and Chinese. Every entry is matched against normalized text (see normalize.ts: NFKC, lower
 * case, invisible characters removed, basic leetspeak undone), so patterns are written in lower case.
 *
 * How words are matched: a Latin or Cyrillic entry only as a whole word — not inside a longer word, so
 * "minority", "kindness", "childhood", "infantry" or "between" never match. Japanese and Chinese have no
 * spaces, so their entries match anywhere, except short katakana words (ロリ, ショタ), which must not sit
 * inside a longer katakana word (カロリー, calorie).
 *
 * Trade-offs, chosen so that a flag is worth an admin's review (a flagged character is hidden until one):
 * - English "minor" only as a noun: "minors", or "minor" ending a clause ("she is a minor.") or before
 *   girl, boy, child, kid, who, and, but. "Minor Arcana", "a minor character", "minor injuries" and "a
 *   minor in history" are left alone; "a minor noble girl" is caught through neither, by design.
 * - German "Kind" and "Kinder" are left out: they are English "kind" and "kinder" ("a kind bard"), which
 *   would flag half the platform. German is covered by minderjährig, Kleinkind, Grundschüler/-in,
 *   Grundschule, Schulmädchen and ages ("12 Jahre alt", "12-jährige").
 * - "child" and "children" are listed: a parent's or teacher's backstory ("an only child", "her
 *   children") is flagged too, and an admin closes that review.
 * - "little girl", "young girl", "teen" and "teenager" are left out: backstories say "since she was a
 *   little girl", and 18 and 19 year olds are teenagers. "preteen" and "tween" are listed.
 * - "lolita" and ロリータ are left out: Lolita fashion is worn by adults ("gothic lolita"); "loli",
 *   "lolicon", ロリ and ロリコン are listed. Chinese 正太 (shota) is left out: it is also the Japanese name Shōta.
 * - "high school" alone is left out ("high school teacher", "high school sweetheart"); "high schooler",
 *   "middle school", "elementary school" and "junior high" are listed.
 * - Spanish "niña"/"niño" are listed with their accent only: "nina" is also the name Nina. Other accented
 *   words are listed with and without accents where that collides with nothing ("criança", "crianca").
 * - Romance-language ages ("12 años", "12 ans", "12 anni", "12 anos") also mean "for 12 years", so they
 *   count only after a verb of having or "de/di" ("tiene 12 años", "a 12 ans", "una niña de 12 años");
 *   "il y a 12 ans" (12 years ago) and "más de 12 años" (more than 12 years) are left alone. Russian
 *   "12 лет" counts after мне/ему/ей/тебе or as "12-летняя".
 * - Not handled: letters from other scripts that look alike (a Cyrillic "о" in "lоli"), words spelled out
 *   with separators ("l.o.l.i"), and ages written as words beyond English. The optional moderation server
 *   (MODERATION_BASE_URL) reads meaning rather than words and covers part of this.
 */

export const TERM_LANGUAGES = ["en", "es", "fr", "de", "pt", "it", "ru", "ja", "zh", "any"] as const;
export type TermLanguage = (typeof TERM_LANGUAGES)[number];

/** How an entry's pattern is bounded. */
export type TermBoundary =
  /** Not inside a longer word of letters or digits (Latin, Cyrillic). */
  | "word"
  /** Not inside a longer katakana word. */
  | "katakana"
  /** Anywhere (kanji and hanzi words). */
  | "none";

export type TermEntry = {
  /** The term as findings name it. */
  term: string;
  lang: TermLanguage;
  /** A regular expression source (Unicode mode, lower case); the term itself when absent. */
  pattern?: string;
  boundary: TermBoundary;
  /** Texts that must be found (the tests put each one anywhere in any field); the term when absent. */
  examples?: readonly string[];
};

const word = (
  term: string,
  lang: TermLanguage,
  pattern?: string,
  examples?: readonly string[],
): TermEntry => ({
  term,
  lang,
  boundary: "word",
  ...(pattern ? { pattern } : {}),
  ...(examples ? { examples } : {}),
});
const kanji = (term: string, lang: TermLanguage): TermEntry => ({ term, lang, boundary: "none" });

export const TERMS: readonly TermEntry[] = [
  // English
  word("underage", "en", "under[- ]?age(?:d)?", ["underage", "under-age", "under age"]),
  word(
    "minor",
    "en",
    "minors|minor(?=$|[.,;:!?)\\]\"'…]| (?:girl|boy|child|kid|who|and|but)(?![\\p{L}\\p{N}]))",
    ["minors", "is a minor.", "a minor girl", "a minor who"],
  ),
  word("child", "en", "child(?:ren)?", ["child", "children"]),
  word("toddler", "en", "toddlers?"),
  word("infant", "en", "infants?"),
  word("preteen", "en", "pre[- ]?teens?", ["preteen", "pre-teen", "pre teen"]),
  word("tween", "en", "tweens?"),
  word("prepubescent", "en", "pre[- ]?pubescent"),
  word("jailbait", "en"),
  word("loli", "any", "lolis?|lolicon", ["loli", "lolicon"]),
  word("shota", "any", "shotas?|shotacon", ["shota", "shotacon"]),
  word("elementary school", "en", "elementary[- ]school(?:ers?)?", [
    "elementary school",
    "elementary schooler",
  ]),
  word("middle school", "en", "middle[- ]school(?:ers?)?", ["middle school", "middle-schooler"]),
  word("grade school", "en", "grade[- ]school(?:ers?)?"),
  word("primary school", "en", "primary[- ]school"),
  word("junior high", "en", "junior[- ]high"),
  word("high schooler", "en", "high[- ]schoolers?"),
  word("kindergarten", "en", "kindergarten(?:ers?)?|kindergartners?", ["kindergarten", "kindergartner"]),
  word(
    "grader",
    "en",
    "(?:first|second|third|fourth|fifth|sixth|seventh|eighth|1st|2nd|3rd|[4-8]th)[- ]graders?",
    ["first grader", "6th-grader"],
  ),
  word("schoolgirl", "en", "school ?girls?", ["schoolgirl", "school girl"]),
  word("schoolboy", "en", "school ?boys?"),
  // Spanish
  word("niña", "es", "niñ[ao]s?", ["niña", "niño", "niñas"]),
  word("menor de edad", "es", "menor(?:es)? de edad"),
  word("preadolescente", "es", "preadolescentes?"),
  word("colegiala", "es", "colegialas?"),
  word("escuela primaria", "es"),
  // French
  word("enfant", "fr", "enfants?"),
  word("fillette", "fr", "fillettes?"),
  word("mineure", "fr", "mineures?"),
  word("écolière", "fr", "[ée]coli[èe]re?s?", ["écolière", "ecolier"]),
  word("collégienne", "fr", "coll[ée]gien(?:ne)?s?", ["collégienne", "collegien"]),
  word("préado", "fr", "pr[ée]-?ado(?:lescente?)?s?", ["préado", "préadolescente"]),
  word("école primaire", "fr", "[ée]cole primaire"),
  // German
  word("minderjährig", "de", "minderj[äa]hrig\\p{L}*", ["minderjährig", "Minderjährige"]),
  word("kleinkind", "de", "kleinkind(?:er)?"),
  word("grundschüler", "de", "grundsch[üu]ler(?:in|innen)?", ["Grundschüler", "Grundschülerin"]),
  word("grundschule", "de"),
  word("schulmädchen", "de", "schulm[äa]dchen"),
  // Portuguese
  word("criança", "pt", "crian[çc]as?", ["criança", "crianças", "crianca"]),
  word("menor de idade", "pt", "menor(?:es)? de idade"),
  word("pré-adolescente", "pt", "pr[ée]-adolescentes?"),
  // Italian
  word("bambina", "it", "bambin[aeio]", ["bambina", "bambino", "bambini"]),
  word("minorenne", "it", "minorenn[ei]"),
  word("ragazzina", "it", "ragazzin[aeio]", ["ragazzina", "ragazzino"]),
  word("scuola elementare", "it", "scuola elementare|scuole elementari"),
  // Russian
  word("ребёнок", "ru", "ребён\\p{L}*|ребен\\p{L}*", ["ребёнок", "ребенок", "ребёнка"]),
  word("дети", "ru", "дет(?:и|ей|ям|ьми)", ["дети", "детей"]),
  word("девочка", "ru", "девочк\\p{L}*", ["девочка", "девочку"]),
  word("мальчик", "ru", "мальчик\\p{L}*", ["мальчик", "мальчика"]),
  word("несовершеннолетний", "ru", "несовершеннолетн\\p{L}*", ["несовершеннолетняя"]),
  word("малолетка", "ru", "малолет\\p{L}*", ["малолетка", "малолетний"]),
  word("школьница", "ru", "школьни(?:ц|к)\\p{L}*", ["школьница", "школьник"]),
  // Japanese
  {
    term: "ロリ",
    lang: "ja",
    pattern: "ロリ(?:コン|ータ)?",
    boundary: "katakana",
    examples: ["ロリ", "ロリコン"],
  },
  { term: "ショタ", lang: "ja", pattern: "ショタ(?:コン)?", boundary: "katakana", examples: ["ショタ"] },
  kanji("小学生", "ja"),
  kanji("中学生", "ja"),
  kanji("高校生", "ja"),
  kanji("女子高生", "ja"),
  kanji("幼女", "ja"),
  kanji("幼児", "ja"),
  kanji("児童", "ja"),
  kanji("未成年", "ja"),
  kanji("子供", "ja"),
  kanji("子ども", "ja"),
  {
    term: "小学N年生",
    lang: "ja",
    pattern: "(?:小|中)学\\p{N}?年生",
    boundary: "none",
    examples: ["小学6年生"],
  },
  // Chinese
  kanji("萝莉", "zh"),
  kanji("儿童", "zh"),
];

/** An age under 18 as digits, not part of a longer number or a decimal. */
const N = "(?<![\\p{N}.,])(?:1[0-7]|[0-9])(?![\\p{N}]|[.,]\\p{N})";
/** English ages under 18 in words. */
const EN_NUMBER =
  "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen)";

export type AgePattern = { label: string; lang: TermLanguage; pattern: string; examples: readonly string[] };

/**
 * Ages under 18, matched on the normalized text with its digits kept (never on the leetspeak reading).
 * 18 and over never match ("18 years old", "age: 1200").
 */
export const AGE_PATTERNS: readonly AgePattern[] = [
  {
    label: "N years old",
    lang: "en",
    pattern: `${N} ?-? ?(?:years?|yrs?|y) ?-? ?old(?![\\p{L}])`,
    examples: ["12 years old", "12-year-old", "9 yr old"],
  },
  {
    label: "N yo",
    lang: "en",
    pattern: `${N} ?(?:yo|y\\.o\\.?|y/o)(?![\\p{L}\\p{N}])`,
    examples: ["12yo", "15 y.o.", "11 y/o"],
  },
  {
    label: "N years old (words)",
    lang: "en",
    pattern: `(?<![\\p{L}])${EN_NUMBER}[ -]?years?[ -]?old(?![\\p{L}])`,
    examples: ["twelve years old", "fifteen-year-old"],
  },
  {
    label: "age: N",
    lang: "any",
    pattern: `(?:(?<![\\p{L}])(?:age[ds]?|edad|âge|alter|età|idade|возраст)|年齢) ?[:=]? ?(?:${N}|${EN_NUMBER}(?![\\p{L}]))`,
    examples: ["age: 12", "aged 15", "Edad: 13", "âge : 11", "Alter: 16", "возраст 14", "年齢:10"],
  },
  {
    label: "N años",
    lang: "es",
    pattern: `(?<![\\p{L}])(?:tiene|tengo|tienes|tenía|(?<!más )de) ${N} años|${N} años de edad`,
    examples: ["tiene 12 años", "una niña de 10 años", "13 años de edad"],
  },
  {
    label: "N ans",
    lang: "fr",
    pattern: `(?<![\\p{L}])(?:(?<!y )a|ai|as|avait|âgée?s? de) ${N} ?ans(?![\\p{L}])`,
    examples: ["elle a 12 ans", "âgée de 14 ans"],
  },
  {
    label: "N Jahre alt",
    lang: "de",
    pattern: `${N} ?-? ?(?:jahre? alt(?![\\p{L}])|jährig\\p{L}*)`,
    examples: ["12 Jahre alt", "14-jährige"],
  },
  {
    label: "N anos",
    lang: "pt",
    pattern: `(?<![\\p{L}])(?:tem|tenho|tens|tinha|(?<!mais )de) ${N} anos|${N} anos de idade`,
    examples: ["tem 12 anos", "13 anos de idade"],
  },
  {
    label: "N anni",
    lang: "it",
    pattern: `(?<![\\p{L}])(?:ha|ho|hai|aveva|(?<!più )di) ${N} anni`,
    examples: ["ha 12 anni", "una ragazza di 15 anni"],
  },
  {
    label: "N лет",
    lang: "ru",
    pattern: `(?<![\\p{L}])(?:мне|ему|ей|тебе) (?:было )?${N} (?:лет|год|года)(?![\\p{L}])|${N} ?-? ?летн\\p{L}*`,
    examples: ["ей 12 лет", "мне 14 лет", "12-летняя"],
  },
  {
    label: "N歳",
    lang: "ja",
    pattern: `${N} ?(?:歳|才|岁)`,
    examples: ["12歳", "１３才", "10岁"],
  },
];
