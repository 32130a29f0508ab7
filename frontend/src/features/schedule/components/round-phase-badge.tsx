import { Badge, type BadgeTone } from '@/components/ui/badge';
import { roundPhaseLabels, type RoundPhase } from '../utils/tournament';

const tones: Record<RoundPhase, BadgeTone> = {
  open: 'green',
  closed: 'grey',
  provisional: 'live',
  final: 'blue',
  cancelled: 'red',
};

export function RoundPhaseBadge({ phase }: { phase: RoundPhase }) {
  return <Badge tone={tones[phase]}>{roundPhaseLabels[phase]}</Badge>;
}
