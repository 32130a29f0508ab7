import { useState } from 'react';
import type { OpsTournament } from '@golf/shared/schemas/ops';
import type { OpsPrize } from '../model/prize-kinds';
import { PrizeForm } from './prize-form';
import { PrizeList } from './prize-list';

/** The prize section of a tournament: its list, and the form that creates a prize or edits a listed one. */
export function PrizeSetup({ tournament }: { tournament: OpsTournament }) {
  const [editing, setEditing] = useState<{ prize: OpsPrize | undefined; key: number }>({
    prize: undefined,
    key: 0,
  });
  return (
    <>
      <PrizeList
        tournament={tournament}
        onEdit={(prize) => setEditing((current) => ({ prize, key: current.key + 1 }))}
      />
      <PrizeForm key={editing.key} tournament={tournament} initial={editing.prize} />
    </>
  );
}
