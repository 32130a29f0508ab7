import { useState, type ReactNode } from 'react';
import type { RouteResponse } from '@golf/shared/contracts';
import { useOpsAction, useOpsDryRun, type OpsActionInput } from '../api/ops-calls';
import { ActionPreviewView } from './action-preview';
import { ActionOutcome, auditSummary, ConfirmAction, OpsInput } from './ops-parts';

/** Every round action answers the same shape (operatorActionResultSchema). */
type ActionResult = RouteResponse<'markRoundFinal'>;

/** The operator actions that record a reason. */
type ReasonRoute = 'withdrawPlayer' | 'cancelRound' | 'cancelTournament';
type ReasonBody<N extends ReasonRoute> =
  OpsActionInput<N> extends { body?: infer Body } ? Omit<NonNullable<Body>, 'reason'> : never;

/**
 * One operator action with a reason, asked to be confirmed: the confirmation shows its dry run
 * (the saved teams and the rankings it changes) and waits for it.
 */
export function ReasonAction<N extends ReasonRoute>({
  name,
  title,
  label,
  warning,
  body,
  disabled,
  children,
}: {
  name: N;
  title: string;
  label: string;
  warning: ReactNode;
  body: ReasonBody<N>;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const action = useOpsAction(name);
  const check = useOpsDryRun(name);
  const [reason, setReason] = useState('');
  const input = (dryRun: boolean) =>
    ({ body: { ...body, reason, ...(dryRun && { dry_run: true }) } }) as OpsActionInput<N>;
  return (
    <section className="section card" aria-label={title}>
      <h2 className="section__title">{title}</h2>
      {children}
      <OpsInput
        label="理由（記録され、プレイヤーに表示されることがあります）"
        value={reason}
        onChange={setReason}
      />
      <ConfirmAction
        label={label}
        warning={
          <>
            {warning}
            <ActionPreviewView check={check} />
          </>
        }
        pending={action.isPending}
        disabled={disabled || !reason.trim()}
        onAsk={() => check.mutate(input(true))}
        ready={Boolean(check.data)}
        onConfirm={() => action.mutate(input(false))}
      />
      <ActionOutcome error={action.error} success={auditSummary(action.data as ActionResult | undefined)} />
    </section>
  );
}
