/** A named change to the stored data that the code of a release needs (registry.ts lists them). */
export interface Migration {
  /** Its record's sort key (`MIGRATION` / `{name}`): never renamed once deployed. */
  name: string;
  /** What it changes, for the operator's answer. */
  description: string;
  /**
   * Runs it until it is done or `timeLeft()` is false: `done` only when nothing is left to change.
   * It must be idempotent and safe to stop anywhere: a run cut short is run again from the start.
   */
  run(step: { now: Date; timeLeft: () => boolean }): Promise<{ done: boolean; moved: number }>;
}
