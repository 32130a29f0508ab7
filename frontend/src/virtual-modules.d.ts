/** The players' part of docs/game-rules.md, rendered at build time (frontend/build/rules-markdown.ts). */
declare module 'virtual:game-rules' {
  // An ambient module may not import a relative path, but may name one in an import type.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const rules: import('../build/rules-markdown').RulesDocument;
  export default rules;
}
