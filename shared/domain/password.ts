import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as frenchDictionary, translations as frenchTranslations } from "@zxcvbn-ts/language-fr";

/**
 * The password rule (docs/decisions/0116-users-and-password-rule.md): at least
 * MIN_PASSWORD_LENGTH characters and a zxcvbn score of MIN_PASSWORD_SCORE or more, judged with
 * the French dictionaries (first names, surnames, common words) and the AZERTY keyboard, so
 * « azertyuiop » or « marie1985 » are weak. The back-office decides; the portal shows the same
 * French explanation while the person types.
 */

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;
/**
 * zxcvbn judges only this many first characters (its documented `maxLength` option; issue 32):
 * its cost grows much faster than the length, and it runs on the event loop. An attacker must
 * guess these characters too, so a longer password is at least as strong as they are; one
 * whose beginning is guessable is refused (decision 0162).
 */
export const JUDGED_LENGTH = 24;
/**
 * How many l33t spellings zxcvbn tries (its `l33tMaxSubstitutions`, default 100): each one is
 * matched against every dictionary again, the bulk of the cost; the first ones tried (every
 * substitution at once) are those « p@ssw0rd » needs.
 */
const L33T_SPELLINGS = 5;
/** zxcvbn's 0–4 scale: 3 is « safely unguessable » (about 10^10 guesses). */
export const MIN_PASSWORD_SCORE = 3;

export interface PasswordStrength {
  /** 0 (very weak) to 4 (very strong). */
  score: number;
  acceptable: boolean;
  /** French sentences: why it is refused, then how to do better; empty when acceptable. */
  messages: string[];
}

const PERSONAL_MESSAGE = "Le mot de passe ne doit contenir ni votre nom, ni votre adresse e-mail, ni le nom de votre organisation.";

/** Lower case without accents: « Maël » and « mael » are the same word here. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words of the person's name, e-mail and organization, 4 letters or more. */
function personalWords(personal: readonly string[]): string[] {
  return [...new Set(personal.flatMap((value) => fold(value).split(/[^\p{L}\p{N}]+/u)))].filter((word) => word.length >= 4);
}

let factory: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries are large, and most requests never judge a password. */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...frenchDictionary },
    graphs: adjacencyGraphs,
    translations: frenchTranslations,
    maxLength: JUDGED_LENGTH,
    l33tMaxSubstitutions: L33T_SPELLINGS,
  });
  return factory;
}

/**
 * Judges `password`; `personal` are the words of the person (name, e-mail, organization) a
 * password must not be built on.
 */
export function passwordStrength(password: string, personal: readonly string[] = []): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { score: 0, acceptable: false, messages: [`Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`] };
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return { score: 0, acceptable: false, messages: [`Le mot de passe ne peut pas dépasser ${MAX_PASSWORD_LENGTH} caractères.`] };
  }
  // zxcvbn alone lets « lena.morvan1 » through for Lena Morvan (score 3): a word of the
  // person's own (4 letters or more, accents and case aside) is refused outright.
  const words = personalWords(personal);
  const folded = fold(password);
  if (words.some((word) => folded.includes(word))) {
    return { score: 0, acceptable: false, messages: [PERSONAL_MESSAGE] };
  }
  const result = zxcvbn().check(password, [...personal, ...words]);
  if (result.score >= MIN_PASSWORD_SCORE) return { score: result.score, acceptable: true, messages: [] };
  const messages = [result.feedback.warning, ...result.feedback.suggestions].filter((text): text is string => Boolean(text));
  if (messages.length === 0) messages.push("Ce mot de passe est trop facile à deviner : allongez-le avec des mots sans rapport entre eux.");
  return { score: result.score, acceptable: false, messages };
}
