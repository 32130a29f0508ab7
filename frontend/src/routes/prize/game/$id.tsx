import { createFileRoute } from '@tanstack/react-router';
import { prizeDetailRoute } from '@/features/prize/components/prize-detail';

export const Route = createFileRoute('/prize/game/$id')({
  ...prizeDetailRoute('game'),
  staticData: { page: { title: '賞品一覧', stackType: 'static', parent: '/prize', visitorAllowed: true } },
});
