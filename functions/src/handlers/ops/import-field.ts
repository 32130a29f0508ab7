import { importField } from '../../domain/game/season-setup-service';
import { httpHandler } from '../../adapters/http-handler';
import { importFieldRoute } from '@golf/shared/routes/game';

export const handler = httpHandler(importFieldRoute, ({ body, auth, now }) =>
  importField(
    { gameGlobalId: body.game_global_id, format: body.format, content: body.content, dryRun: body.dry_run },
    { operatorId: auth.userId, now },
  ),
);
