/**
 * Which ASCII words in a text an operator reads are identifiers (a field, a flag, a command, a file
 * path or a unit in the code's spelling) rather than Japanese words. The console speaks Japanese, so
 * the rule is plain: an ASCII word with a lowercase letter is an identifier (`force`, `checks`,
 * `game_global_id`, `correct-result`, `ms`), while words in capitals are the acronyms and marks
 * Japanese prose uses (CSV, JSON, ID, AI, E for even par, F for a finished round, R1).
 *
 * On a screen (`shown: true`) the data the console lists is also read: a word with a digit is a
 * value (a tournament or player ID, a date), and a capitalized word is a name (a golfer's name in
 * the alphabet); neither is an identifier.
 */
const asciiWord = /[A-Za-z0-9]+(?:[_\-.:/][A-Za-z0-9]+)*/g;

export function asciiIdentifiers(
  text: string,
  options: { shown?: boolean; allowed?: ReadonlySet<string> } = {},
) {
  return [...text.matchAll(asciiWord)]
    .map((match) => match[0])
    .filter((word) => /[a-z]/.test(word))
    .filter((word) => !options.allowed?.has(word))
    .filter((word) => !options.shown || !(/\d/.test(word) || /^[A-Z][a-z]+$/.test(word)));
}
