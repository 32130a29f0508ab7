/**
 * The operator CLI's commands, by name: each one's lines of the usage text, the flags it takes (any
 * other is refused before a call, command-line.ts), how it calls the API through the route table's
 * typed client (ops-client.ts), and what it tells the operator about the answer. The order is the
 * usage text's.
 */
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { RouteInput, RouteName } from '../../shared/src/contracts';
import { correctionLabels, correctionValueText } from '../../shared/src/game/correction';
import type { MigrationRun } from '../../shared/src/schemas/ops';
import type { uploadContentTypes } from '../../shared/src/schemas/guild';
import type { ApiRefusal, OpsClient } from './ops-client';
import {
  importSummary,
  mfaResetSummary,
  migrationLines,
  operatorSummary,
  previewSummary,
  retirementSummary,
} from './cli-texts';
import { addOperatorInUserPool, resetOperatorMfaInUserPool } from './user-pool-operator';

/** Where the CLI writes: the answer on stdout, what it tells the operator on stderr (a line each). */
export interface CliOutput {
  stdout(text: string): void;
  stderr(line: string): void;
}

/** What a command is run with. */
export interface CommandRun {
  /** The positional arguments after the command's name. */
  args: string[];
  options: Record<string, string | true>;
  api: OpsClient;
  io: CliOutput;
  /** Thrown when the arguments do not make a call: the CLI prints the usage text. */
  usage: () => Error;
}

/** The flags of the command line, without their `--`. */
export type FlagName =
  | 'url'
  | 'token'
  | 'dry-run'
  | 'format'
  | 'force'
  | 'redraw'
  | 'accept-fewer'
  | 'image'
  | 'out'
  | 'since'
  | 'user-pool-id';

export interface Command {
  /** Its lines of the usage text, the first naming it with its arguments. */
  usage: string[];
  /** The flags it takes besides --url and --token: any other is refused before a call. */
  flags?: FlagName[];
  /** Calls the API (or the user pool) and answers what it answered, printed as JSON. */
  run(run: CommandRun): Promise<unknown>;
  /** A line on a successful answer, in the operator's words. */
  summary?(answer: Record<string, unknown>, run: CommandRun): string | null;
  /** The flag that makes the choice the API's refusal (409) names in the console's words. */
  choiceFlag?: string;
  /** A line after a refusal, saying what to do instead. */
  refusalHint?(refusal: ApiRefusal): string | null;
}

type Body<N extends RouteName> = NonNullable<RouteInput<N>['body']>;

/**
 * A value as typed on the command line, sent as it is: the route row's schema checks it at the API,
 * which says in the operator's words what it needs (a missing or malformed value is its 422).
 */
const asTyped = <T>(value: string | number | undefined): T => value as T;

/** A number typed on the command line; anything else goes as typed, for the API to say what it needs. */
const numberArg = (text: string | undefined) =>
  asTyped<number>(text !== undefined && /^\s*-?\d+\s*$/.test(text) ? Number(text) : text);

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

/** The one argument a command needs, or the usage text. */
function needed(run: CommandRun, index = 0): string {
  const value = run.args[index];
  if (!value) throw run.usage();
  return value;
}

const dryRunOption = ({ options }: CommandRun) => options['dry-run'] === true;
/** The body's dry run of an action that changes results: only what it would change is answered. */
const checkOnly = (run: CommandRun) => (dryRunOption(run) ? { dry_run: true } : {});
const forced = ({ options }: CommandRun) => (options['force'] === true ? { force: true } : {});
const poolId = ({ options }: CommandRun) =>
  typeof options['user-pool-id'] === 'string' && options['user-pool-id'] ? options['user-pool-id'] : null;
const since = ({ options }: CommandRun) =>
  typeof options['since'] === 'string' ? { since: options['since'] } : {};
const reasonFrom = (run: CommandRun, index: number) => run.args.slice(index).join(' ');

/** An import's body from its file: its format from --format, else its extension. */
function fileBody(run: CommandRun, index = 0): Body<'importResults'> {
  const file = run.args[index];
  if (!file) throw run.usage();
  const format =
    typeof run.options['format'] === 'string'
      ? run.options['format']
      : extname(file).toLowerCase() === '.csv'
        ? 'csv'
        : 'json';
  return { format: asTyped(format), content: readFileSync(file, 'utf8'), dry_run: dryRunOption(run) };
}

const imageTypes: Record<string, (typeof uploadContentTypes)[number]> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/**
 * Uploads a prize image as the console does: a presigned POST from the API, then the file posted
 * to storage with its fields. Answers the key that `save-prize` sends as `image_key`.
 */
async function uploadPrizeImage(api: OpsClient, file: string): Promise<string> {
  const contentType = imageTypes[extname(file).toLowerCase()];
  if (!contentType) throw new Error(`画像は PNG・JPEG・WebP のファイルにしてください：${file}`);
  const presigned = await api.presignUpload({ body: { purpose: 'prize', content_type: contentType } });
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append('file', new Blob([readFileSync(file)], { type: contentType }), basename(file));
  const stored = await fetch(presigned.url, { method: 'POST', body: form });
  if (!stored.ok)
    throw new Error(
      `画像をアップロードできませんでした（${stored.status}）。5MB以下の画像か確認してください。`,
    );
  return presigned.key;
}

/**
 * The body of a correction from the file: the player's stored row is read first, only the values
 * that differ from it are sent, with its version (the file's own `base_version` wins, so a
 * correction prepared from an earlier read is refused if the row changed since). What changes is
 * printed as before → after.
 */
async function correctionBody(run: CommandRun, wanted: Record<string, unknown>) {
  const answer = await run.api.getOpsRoundResults({
    query: { game_global_id: String(wanted['game_global_id']), round: asTyped(String(wanted['round'])) },
  });
  const row = answer.players.find((p) => p.player_id === wanted['player_id']) as
    | Record<string, unknown>
    | undefined;
  if (!row) throw new Error(`この大会のフィールドにいない選手です：${String(wanted['player_id'])}`);
  const changed = (Object.keys(correctionLabels) as Array<keyof typeof correctionLabels>).filter(
    (field) => field in wanted && wanted[field] !== row[field],
  );
  for (const field of changed)
    run.io.stderr(
      `${correctionLabels[field]}：${correctionValueText(field, row[field])} → ${correctionValueText(field, wanted[field])}`,
    );
  return {
    game_global_id: wanted['game_global_id'],
    round: wanted['round'],
    player_id: wanted['player_id'],
    base_version: wanted['base_version'] ?? row['version'],
    reason: wanted['reason'],
    ...Object.fromEntries(changed.map((field) => [field, wanted[field]])),
  } as Body<'correctResult'>;
}

/**
 * The data migrations: each call works a few seconds (under the API function's timeout) and answers
 * whether any is left, so the CLI calls again until every one is applied. A run stopped midway is
 * taken up again by the next `migrate`. Answers the whole run: what every call moved, and the
 * migrations any call applied.
 */
async function migrate({ api, io }: CommandRun): Promise<MigrationRun> {
  const sums = new Map<string, { moved: number; applied: boolean }>();
  for (;;) {
    const answer = await api.runMigrations();
    for (const line of migrationLines(answer)) io.stderr(line);
    for (const { name, moved, state } of answer.migrations) {
      const sum = sums.get(name) ?? { moved: 0, applied: false };
      sums.set(name, { moved: sum.moved + moved, applied: sum.applied || state === 'applied' });
    }
    if (answer.done)
      return {
        ...answer,
        migrations: answer.migrations.map((migration) => {
          const sum = sums.get(migration.name)!;
          return { ...migration, moved: sum.moved, state: sum.applied ? 'applied' : migration.state };
        }),
      };
  }
}

/** A tournament named on the command line, or the current one. */
const tournamentOrCurrent = ({ args }: CommandRun) => (args[0] ? { game_global_id: args[0] } : {});

/**
 * A command on an operator's address: in the user pool with the deployer's AWS credentials when
 * --user-pool-id names one, else through the API.
 */
const onOperator =
  (
    inPool: (pool: string, email: string) => Promise<unknown>,
    throughApi: (api: OpsClient, email: string) => Promise<unknown>,
  ) =>
  (run: CommandRun) => {
    const email = needed(run);
    const pool = poolId(run);
    return pool ? inPool(pool, email) : throughApi(run.api, email);
  };

const retirement = (retired: boolean, usage: string): Command => ({
  usage: [usage],
  run: (run) => run.api.retirePrize({ body: { prize_id: needed(run), retired } }),
  summary: (answer) => retirementSummary(retired, answer),
});

export const commands: Record<string, Command> = {
  'list-tournaments': {
    usage: ["  list-tournaments                    (every tournament with its rounds' states and deadlines)"],
    run: ({ api }) => api.listTournaments(),
  },
  'import-tournament': {
    usage: ['  import-tournament <file.json|file.csv>'],
    flags: ['dry-run', 'format'],
    run: (run) => run.api.importTournament({ body: fileBody(run) }),
    summary: importSummary,
  },
  'save-tournament': {
    usage: [
      '  save-tournament <file.json>         (a tournament and its 4 rounds without its field, created or edited;',
      '                                       docs/examples/tournament-settings.json)',
    ],
    run: (run) => run.api.saveTournament({ body: readJson(needed(run)) as Body<'saveTournament'> }),
    summary: importSummary,
  },
  'import-field': {
    usage: [
      '  import-field <game_global_id> <file.csv|file.json>      (players added to or updated in its field)',
    ],
    flags: ['dry-run', 'format'],
    run: (run) => run.api.importField({ body: { game_global_id: needed(run), ...fileBody(run, 1) } }),
    summary: importSummary,
  },
  'save-prize': {
    usage: [
      '  save-prize <file.json> [--image file.png|jpg|webp]',
      '                                      (a prize created, or edited when one is stored for the same ranks;',
      '                                       docs/examples/prize.json; --image uploads its image, "image_url": ""',
      '                                       in the file removes it, else the stored image stays)',
    ],
    flags: ['image'],
    run: async (run) => {
      const prize = readJson(needed(run)) as Body<'savePrize'>;
      const image = run.options['image'];
      if (typeof image === 'string' && image) prize.image_key = await uploadPrizeImage(run.api, image);
      return run.api.savePrize({ body: prize });
    },
  },
  'list-prizes': {
    usage: [
      "  list-prizes <game_global_id>        (its prizes and its season's yearly prizes, retired and drawn ones marked)",
    ],
    run: (run) => run.api.listOpsPrizes({ query: { game_global_id: needed(run) } }),
  },
  'retire-prize': retirement(
    true,
    '  retire-prize <prize_id>             (no longer offered to players nor drawn; refused once drawn)',
  ),
  'restore-prize': retirement(false, '  restore-prize <prize_id>            (offered again)'),
  'import-results': {
    usage: ['  import-results <file.json|file.csv>'],
    flags: ['dry-run', 'format'],
    run: (run) => run.api.importResults({ body: fileBody(run) }),
    summary: importSummary,
  },
  'mark-final': {
    usage: [
      '  mark-final <game_global_id> <round> [--force]            (--force: despite the checks it reports)',
    ],
    flags: ['force'],
    run: (run) =>
      run.api.markRoundFinal({
        body: { game_global_id: asTyped(run.args[0]), round: numberArg(run.args[1]), ...forced(run) },
      }),
    choiceFlag: '--force',
  },
  'move-deadline': {
    usage: [
      '  move-deadline <game_global_id> <round> <deadline ISO, e.g. 2026-12-03T08:30:00+09:00> <reason> [--force]',
      "                                      (--force: the instant is already past; it locks the round's teams at once)",
    ],
    flags: ['force', 'dry-run'],
    run: (run) =>
      run.api.moveDeadline({
        body: {
          game_global_id: asTyped(run.args[0]),
          round: numberArg(run.args[1]),
          deadline_at: asTyped(run.args[2]),
          reason: reasonFrom(run, 3),
          ...forced(run),
          ...checkOnly(run),
        },
      }),
    summary: previewSummary,
    choiceFlag: '--force',
  },
  'withdraw-player': {
    usage: ['  withdraw-player <game_global_id> <player_id> <reason>   (any time, before round 1 too)'],
    flags: ['dry-run'],
    run: (run) =>
      run.api.withdrawPlayer({
        body: {
          game_global_id: asTyped(run.args[0]),
          player_id: asTyped(run.args[1]),
          reason: reasonFrom(run, 2),
          ...checkOnly(run),
        },
      }),
    summary: previewSummary,
  },
  'cancel-round': {
    usage: ['  cancel-round <game_global_id> <round> <reason>          (the round counts for nobody)'],
    flags: ['dry-run'],
    run: (run) =>
      run.api.cancelRound({
        body: {
          game_global_id: asTyped(run.args[0]),
          round: Number(run.args[1]),
          reason: reasonFrom(run, 2),
          ...checkOnly(run),
        },
      }),
    summary: previewSummary,
  },
  'cancel-tournament': {
    usage: [
      '  cancel-tournament <game_global_id> <reason>             (no scores, no yearly points)',
      '                                      (these three, move-deadline and correct-result with --dry-run: the',
      '                                       saved teams and the rankings the action would change; nothing is written)',
    ],
    flags: ['dry-run'],
    run: (run) =>
      run.api.cancelTournament({
        body: { game_global_id: asTyped(run.args[0]), reason: reasonFrom(run, 1), ...checkOnly(run) },
      }),
    summary: previewSummary,
  },
  'round-results': {
    usage: [
      "  round-results <game_global_id> <round>                  (each player's stored values of the round, with its version)",
    ],
    run: ({ api, args }) =>
      api.getOpsRoundResults({ query: { game_global_id: args[0] ?? '', round: asTyped(args[1] ?? '') } }),
  },
  'correct-result': {
    usage: [
      "  correct-result <file.json>          (one player's values to correct, docs/examples/correction.json: only",
      '                                       the values that differ from the stored ones are sent, with the',
      "                                       stored row's version, read just before unless the file names it)",
    ],
    flags: ['dry-run'],
    run: async (run) => {
      const wanted = readJson(needed(run)) as Record<string, unknown>;
      return run.api.correctResult({ body: { ...(await correctionBody(run, wanted)), ...checkOnly(run) } });
    },
    summary: previewSummary,
  },
  'carry-over': {
    usage: ['  carry-over [game_global_id]'],
    run: (run) => run.api.runCarryOver({ body: tournamentOrCurrent(run) }),
  },
  migrate: {
    usage: [
      '  migrate                             (the data migrations not applied yet; after each deploy, docs/deploy.md)',
    ],
    run: migrate,
  },
  recompute: {
    usage: [
      '  recompute [game_global_id]          (publish the rankings of a tournament, or of the current one)',
    ],
    run: (run) => run.api.recomputeRankings({ body: tournamentOrCurrent(run) }),
  },
  'ranking-status': {
    usage: [
      '  ranking-status [game_global_id]     (snapshot served, a newer one pending or being built, last publish)',
    ],
    run: (run) => run.api.getRankingStatus({ query: tournamentOrCurrent(run) }),
  },
  'send-reminders': {
    usage: [
      '  send-reminders                      (the deadline reminders due now; also every 5 minutes on its own)',
    ],
    run: ({ api }) => api.sendReminders(),
  },
  'draw-prizes': {
    usage: [
      '  draw-prizes <game_global_id> [--redraw] [--accept-fewer]',
      "                                      (the tournament's game and entry prizes, with its committed seed;",
      '                                       --accept-fewer: draw although a prize gets fewer winners than it offers)',
    ],
    flags: ['redraw', 'accept-fewer'],
    run: (run) =>
      run.api.drawPrizes({
        body: {
          game_global_id: needed(run),
          ...(run.options['redraw'] === true ? { redraw: true } : {}),
          ...(run.options['accept-fewer'] === true ? { accept_fewer: true } : {}),
        },
      }),
    choiceFlag: '--accept-fewer',
  },
  'export-winners': {
    usage: [
      '  export-winners <game_global_id> [--out file.csv]       (drawn winners with claim addresses, as CSV)',
    ],
    flags: ['out'],
    run: (run) => run.api.exportPrizeWinners({ query: { game_global_id: needed(run) } }),
  },
  'publish-topics': {
    usage: ['  publish-topics <file.json>          ({ "topics": [...] }; docs/examples/topics.json)'],
    run: (run) => run.api.publishTopics({ body: readJson(needed(run)) as Body<'publishTopics'> }),
  },
  'withdraw-topic': {
    usage: ['  withdraw-topic <topic id>'],
    run: (run) => run.api.withdrawTopic({ params: { id: needed(run) } }),
  },
  'publish-quiz': {
    usage: [
      "  publish-quiz <file.json>            (one round's pool, 10+ questions; docs/examples/quiz.json)",
    ],
    run: (run) => run.api.publishQuiz({ body: readJson(needed(run)) as Body<'publishQuiz'> }),
  },
  'create-operator': {
    usage: [
      '  create-operator <email> [--user-pool-id ID]            (a player registered by e-mail becomes an operator',
      '                                       at their next sign-in, where they set up an authenticator app;',
      '                                       AWS: --user-pool-id with AWS credentials)',
    ],
    flags: ['user-pool-id'],
    run: onOperator(addOperatorInUserPool, (api, email) => api.createDevOperator({ body: { email } })),
    summary: operatorSummary,
    // The local route is never deployed: in AWS the gateway itself answers 404, without the API's code.
    refusalHint: ({ status, answer }) =>
      status === 404 && !('code' in answer)
        ? '  （AWS では --user-pool-id <ユーザープールID> をつけ、AWS の認証情報で実行します）'
        : null,
  },
  'reset-operator-mfa': {
    usage: [
      "  reset-operator-mfa <email> [--user-pool-id ID]         (an operator's authenticator app removed, e.g. a lost",
      '                                       phone: their sessions end, their next sign-in sets up a new one)',
    ],
    flags: ['user-pool-id'],
    run: onOperator(resetOperatorMfaInUserPool, (api, email) => api.resetOperatorTotp({ body: { email } })),
    summary: (answer, run) => mfaResetSummary(poolId(run) ? String(answer['email']) : needed(run)),
  },
  'export-contacts': {
    usage: ['  export-contacts [--since ISO] [--out file.csv]          (contact-form inquiries as CSV)'],
    flags: ['since', 'out'],
    run: (run) => run.api.exportContacts({ query: since(run) }),
  },
  'export-campaign-entries': {
    usage: ['  export-campaign-entries [--since ISO] [--out file.csv]  (campaign entries as CSV)'],
    flags: ['since', 'out'],
    run: (run) => run.api.exportCampaignEntries({ query: since(run) }),
  },
};
